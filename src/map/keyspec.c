/* Keyed specs: KFEAT, KMONS, KITEM and KMASK (mapdef.cc keyed_mapspec,
 * feature_slot, mons_list/item_list slots, map_flags). */
#include "vf_keyspec.h"
#include "vf_feature.h"
#include "vf_gamever.h"
#include "vf_tagstr.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The next trimmed, non-empty piece of s up to sep, from *i on (the game's
 * split_string). Returns 0 when there is none left. */
static int next_piece(const char *s, size_t n, char sep, size_t *i,
                      const char **piece, size_t *len)
{
    while (*i <= n) {
        size_t a = *i, b = a;
        while (b < n && s[b] != sep) b++;
        *i = b + 1;
        while (a < b && is_blank(s[a])) a++;
        while (b > a && is_blank(s[b - 1])) b--;
        if (b > a) {
            *piece = s + a;
            *len = b - a;
            return 1;
        }
    }
    return 0;
}

/* ---- KFEAT -------------------------------------------------------------- */

static void featalt_free(vf_featalt *a)
{
    free(a->shop);
}

void vf_featspec_free(vf_featspec *f)
{
    for (int i = 0; i < f->n; i++) featalt_free(&f->alt[i]);
    free(f->alt);
    memset(f, 0, sizeof *f);
    f->pick = VF_UNDRAWN;
}

static vf_featalt *featalt_new(vf_featspec *f)
{
    f->alt = vf_xrealloc(f->alt, (size_t)(f->n + 1) * sizeof *f->alt);
    vf_featalt *a = &f->alt[f->n++];
    memset(a, 0, sizeof *a);
    return a;
}

/* The game's parse_shop checks on s (the alternative without "shop"): the
 * shop type before any ';', and at most one ';'. The options (name:, type:,
 * suffix:, count:, greed:, use_all, gozag) are removed first; the items
 * after ';' are not checked (no item table). */
static int check_shop(const vf_game *g, const char *s, vf_sbuf *err)
{
    char *t = vf_xstrdup(s);
    vf_sbuf arg = VF_SBUF_INIT;
    int v;
    vf_tag_strip(t, "shop");
    vf_tag_strip(t, "use_all");
    vf_tag_strip(t, "gozag");
    vf_tag_strip_prefix(t, "name:", &arg);
    vf_tag_strip_prefix(t, "type:", &arg);
    vf_tag_strip_prefix(t, "suffix:", &arg);
    vf_tag_strip_number(t, "count:", &v);
    vf_tag_strip_number(t, "greed:", &v);
    vf_sbuf_free(&arg);
    size_t i = 0, len, parts = 0;
    const char *p, *main_part = "";
    size_t main_len = 0;
    while (next_piece(t, strlen(t), ';', &i, &p, &len))
        if (parts++ == 0) main_part = p, main_len = len;
    char *type = vf_xstrndup(main_part, main_len);
    /* Both checks run and the later message wins, as in the game. An empty
     * type (a bare "shop") is undefined behaviour there; a bad type here. */
    vf_sbuf msg = VF_SBUF_INIT;
    if (!vf_gamever_shop_type(g, type))
        vf_sbuf_printf(&msg, "bad shop type: '%s'", t);
    if (parts > 2) {
        vf_sbuf_reset(&msg);
        vf_sbuf_printf(&msg, "too many semi-colons for '%s' spec", s);
    }
    int rc = msg.len ? -1 : 0;
    if (rc) vf_sbuf_adds(err, vf_sbuf_str(&msg));
    vf_sbuf_free(&msg);
    free(type);
    free(t);
    return rc;
}

/* A shop or a feature by name, the last two choices of parse_feature;
 * alt (n bytes) is the alternative as written, for the message. */
static int parse_named(const vf_game *g, vf_featalt *a, char *s,
                       const char *alt, size_t n, vf_sbuf *err)
{
    if (vf_tag_strip(s, "shop")) {
        a->kind = VF_FK_SHOP;
        a->shop = vf_xstrdup(s);
        return check_shop(g, s, err);
    }
    if ((a->feature = vf_feature_by_name(g, s)) != 0) {
        a->kind = VF_FK_FEATURE;
        return 0;
    }
    vf_sbuf_printf(err, "no features matching \"%.*s\"", (int)n, alt);
    return -1;
}

/* A trap by the name the releases gave it (parse_trap over str_to_trap):
 * the feature that trap makes, or any trap. The game keeps no mimic for a
 * trap. */
static int parse_trap(const vf_game *g, vf_featalt *a, char *s, vf_sbuf *err)
{
    vf_tag_strip(s, "trap");
    if (vf_gamever_strips_known(vf_game_ver(g))) vf_tag_strip(s, "known");
    vf_tag_trim(s);
    for (char *c = s; *c; c++) *c = (char)tolower((unsigned char)*c);
    a->mimic = a->no_mimic = 0;
    int t = vf_gamever_trap(g, s);
    if (t == VF_GV_RANDOM_TRAP) {
        a->kind = VF_FK_TRAP;
        return 0;
    }
    if (!t) {
        vf_sbuf_printf(err, "bad trap name: '%s'", s);
        return -1;
    }
    a->kind = VF_FK_FEATURE;
    a->feature = t;
    return 0;
}

/* One alternative (the game's parse_feature). a is written in place.
 * Releases read "X trap" and "web" as trap names; trunk since its trap
 * rename knows only "any trap" and "random trap" that way. */
static int parse_featalt(const vf_game *g, vf_featalt *a, const char *alt,
                         size_t n, vf_sbuf *err)
{
    char *s = vf_xstrndup(alt, n);
    int w, m, rc;
    a->weight = vf_tag_find_weight(s, &w) && w > 0 ? w : 10;
    if (vf_tag_strip_number(s, "mimic:", &m)) a->mimic = m > 0 ? m : 0;
    else a->mimic = vf_tag_strip(s, "mimic");
    a->no_mimic = vf_tag_strip(s, "no_mimic");
    vf_tag_trim(s);
    if (strlen(s) == 1) {
        a->kind = VF_FK_GLYPH;
        a->glyph = (unsigned char)s[0];
        rc = 0;
    } else if (vf_gamever_has_trap_names(g)) {
        rc = vf_tag_strip(s, "trap") || !strcmp(s, "web")
             ? parse_trap(g, a, s, err) : parse_named(g, a, s, alt, n, err);
    } else if (vf_tag_strip(s, "any trap") || vf_tag_strip(s, "random trap")) {
        a->kind = VF_FK_TRAP;
        a->mimic = a->no_mimic = 0;   /* the game drops them for traps */
        rc = 0;
    } else {
        rc = parse_named(g, a, s, alt, n, err);
    }
    free(s);
    return rc;
}

/* Adds a weight to the total a draw will sum (a draw adds them up in an
 * int, as the game's does; past INT_MAX the game's sum is undefined):
 * -1 with a message when it would not fit. */
static int add_weight(int *total, int w, const char *s, size_t n,
                      vf_sbuf *err)
{
    if (w > INT_MAX - *total) {
        vf_sbuf_printf(err, "weights in '%.*s' add up past %d", (int)n, s,
                       INT_MAX);
        return -1;
    }
    *total += w;
    return 0;
}

int vf_featspec_parse(vf_featspec *f, const char *s, size_t n,
                      const vf_featread *how, vf_sbuf *err)
{
    vf_featspec_free(f);
    f->fixed = how->fixed;
    size_t i = 0, len;
    const char *p;
    int total = 0;
    while (next_piece(s, n, '/', &i, &p, &len)) {
        vf_featalt *a = featalt_new(f);
        if (parse_featalt(how->game, a, p, len, err)
            || add_weight(&total, a->weight, s, n, err))
            return -1;
    }
    if (how->fixed) vf_featspec_draw(f, how->rng);
    return 0;
}

int vf_featspec_draw(vf_featspec *f, vf_rng *r)
{
    if (f->fixed && f->pick != VF_UNDRAWN) return f->pick;
    int chosen = -1, total = 0;
    for (int i = 0; i < f->n; i++) {
        total += f->alt[i].weight;
        if (vf_x_chance_in_y(r, f->alt[i].weight, total)) chosen = i;
    }
    if (f->fixed) f->pick = chosen;
    return chosen;
}

void vf_featspec_copy(vf_featspec *dst, const vf_featspec *src)
{
    if (dst == src) return;
    vf_featspec_free(dst);
    *dst = *src;
    dst->alt = vf_xmalloc((size_t)(src->n ? src->n : 1) * sizeof *dst->alt);
    for (int i = 0; i < src->n; i++) {
        dst->alt[i] = src->alt[i];
        if (src->alt[i].shop) dst->alt[i].shop = vf_xstrdup(src->alt[i].shop);
    }
}

void vf_featalt_describe(const vf_featalt *a, vf_sbuf *out)
{
    switch (a->kind) {
    case VF_FK_GLYPH: vf_sbuf_printf(out, "glyph %c", a->glyph); break;
    case VF_FK_FEATURE: vf_sbuf_adds(out, vf_feature_name(a->feature)); break;
    case VF_FK_TRAP: vf_sbuf_adds(out, "any trap"); break;
    case VF_FK_SHOP: vf_sbuf_printf(out, "shop %s", a->shop); break;
    }
}

/* ---- KMONS / KITEM ------------------------------------------------------ */

void vf_speclist_free(vf_speclist *l)
{
    for (int i = 0; i < l->n; i++) {
        for (int k = 0; k < l->slot[i].n; k++) free(l->slot[i].alt[k].text);
        free(l->slot[i].alt);
    }
    free(l->slot);
    memset(l, 0, sizeof *l);
}

/* A monster alternative's weight, from the text before its item list; the
 * spell lists, which may hold ';', are removed first (parse_mons_spec). */
static int mons_weight(const char *alt, size_t n, int *weight, vf_sbuf *err)
{
    char *s = vf_xstrndup(alt, n);
    vf_sbuf arg = VF_SBUF_INIT;
    while (vf_tag_strip_prefix(s, "spells:", &arg) && arg.len) {}
    vf_sbuf_free(&arg);
    size_t i = 0, len, parts = 0;
    const char *p, *mon = NULL;
    size_t mon_len = 0;
    while (next_piece(s, strlen(s), ';', &i, &p, &len))
        if (parts++ == 0) mon = p, mon_len = len;
    int rc = 0;
    if (parts == 0) {
        vf_sbuf_printf(err, "Not enough non-semicolons for '%s' spec.", s);
        rc = -1;
    } else if (parts > 2) {
        vf_sbuf_printf(err, "Too many semi-colons for '%.*s' spec.",
                       (int)mon_len, mon);
        rc = -1;
    } else {
        char *m = vf_xstrndup(mon, mon_len);
        int w;
        *weight = !vf_tag_find_weight(m, &w) ? 10 : w > 0 ? w : 0;
        free(m);
    }
    free(s);
    return rc;
}

/* An item alternative's weight (parse_single_spec); slot is the whole
 * comma-separated slot, for the message. */
static int item_weight(const char *alt, size_t n, const char *slot,
                       size_t slot_len, int *weight, vf_sbuf *err)
{
    char *s = vf_xstrndup(alt, n);
    int w, rc = 0;
    *weight = 10;
    if (vf_tag_find_weight(s, &w)) {
        *weight = w;
        if (w <= 0) {
            vf_sbuf_printf(err, "Error parsing '%.*s':\nBad item generation "
                           "weight: '%d'", (int)slot_len, slot, w);
            rc = -1;
        }
    }
    free(s);
    return rc;
}

static int parse_slot(vf_specslot *sl, const char *s, size_t n, int items,
                      vf_sbuf *err)
{
    size_t i = 0, len;
    const char *p;
    int total = 0;
    while (next_piece(s, n, '/', &i, &p, &len)) {
        int w;
        if (items ? item_weight(p, len, s, n, &w, err)
                  : mons_weight(p, len, &w, err))
            return -1;
        if (add_weight(&total, w, s, n, err)) return -1;
        sl->alt = vf_xrealloc(sl->alt, (size_t)(sl->n + 1) * sizeof *sl->alt);
        sl->alt[sl->n].text = vf_xstrndup(p, len);
        sl->alt[sl->n++].weight = w;
    }
    return 0;
}

int vf_speclist_parse(vf_speclist *l, const char *s, size_t n, unsigned how,
                      vf_rng *r, vf_sbuf *err)
{
    int items = (how & VF_SPEC_ITEMS) != 0, fixed = (how & VF_SPEC_FIXED) != 0;
    vf_speclist_free(l);
    l->fixed = fixed;
    size_t i = 0, len;
    const char *p;
    while (next_piece(s, n, ',', &i, &p, &len)) {
        l->slot = vf_xrealloc(l->slot, (size_t)(l->n + 1) * sizeof *l->slot);
        vf_specslot *sl = &l->slot[l->n++];
        memset(sl, 0, sizeof *sl);
        sl->pick = VF_UNDRAWN;
        if (parse_slot(sl, p, len, items, err)) return -1;
        if (fixed) vf_speclist_draw(l, l->n - 1, r);
    }
    return 0;
}

int vf_speclist_draw(vf_speclist *l, int i, vf_rng *r)
{
    vf_specslot *sl = &l->slot[i];
    if (l->fixed && sl->pick != VF_UNDRAWN) return sl->pick;
    int chosen = -1, total = 0;
    for (int k = 0; k < sl->n; k++) {
        total += sl->alt[k].weight;
        if (vf_x_chance_in_y(r, sl->alt[k].weight, total)) chosen = k;
    }
    if (l->fixed) sl->pick = chosen;
    return chosen;
}

void vf_speclist_copy(vf_speclist *dst, const vf_speclist *src)
{
    if (dst == src) return;
    vf_speclist_free(dst);
    dst->fixed = src->fixed;
    dst->line = src->line;
    dst->n = src->n;
    dst->slot = vf_xmalloc((size_t)(src->n ? src->n : 1) * sizeof *dst->slot);
    for (int i = 0; i < src->n; i++) {
        const vf_specslot *s = &src->slot[i];
        vf_specslot *d = &dst->slot[i];
        *d = *s;
        d->alt = vf_xmalloc((size_t)(s->n ? s->n : 1) * sizeof *d->alt);
        for (int k = 0; k < s->n; k++) {
            d->alt[k].text = vf_xstrdup(s->alt[k].text);
            d->alt[k].weight = s->alt[k].weight;
        }
    }
}

/* ---- KMASK -------------------------------------------------------------- */

static const char *const mask_flags[] = {
    "vault", "no_item_gen", "no_monster_gen", "no_pool_fixup",
    "allow_tele_closets", "no_wall_fixup", "opaque", "no_trap_gen"};

#define NMASK (sizeof mask_flags / sizeof *mask_flags)

const char *vf_kmask_flag_name(unsigned bit)
{
    for (size_t i = 0; i < NMASK; i++)
        if (bit == 1u << i) return mask_flags[i];
    return NULL;
}

static unsigned mask_bit(const char *name, size_t n)
{
    for (size_t i = 0; i < NMASK; i++)
        if (strlen(mask_flags[i]) == n && !memcmp(mask_flags[i], name, n))
            return 1u << i;
    return 0;
}

int vf_kmask_add(vf_kmask *m, const char *s, size_t n, vf_sbuf *err)
{
    vf_kmask o = {0, 0};
    size_t i = 0, len;
    const char *p;
    while (next_piece(s, n, '/', &i, &p, &len)) {
        int negate = *p == '!';
        unsigned bit = mask_bit(p + negate, len - (size_t)negate);
        if (!bit) {
            vf_sbuf_printf(err, "Unknown flag: '%.*s'", (int)len - negate,
                           p + negate);
            return -1;
        }
        if (negate) o.unset |= bit;
        else o.set |= bit;
    }
    /* map_flags |=: the new spec's flags win over the old ones. */
    m->set = (m->set | o.set) & ~o.unset;
    m->unset = (m->unset | o.unset) & ~o.set;
    return 0;
}

/* ---- all specs of a glyph ----------------------------------------------- */

int vf_keyspec_replaces_glyph(const vf_keyspec *k)
{
    /* A fixed KFEAT that had nothing to draw still holds the default glyph
     * it drew, as the game's fixed slot does. */
    int feat = k->feat.n > 0 || (k->feat.fixed && k->feat.pick != VF_UNDRAWN);
    return feat || k->mons.n > 0 || k->items.n > 0;
}

void vf_keyspec_free(vf_keyspec *k)
{
    vf_featspec_free(&k->feat);
    vf_speclist_free(&k->mons);
    vf_speclist_free(&k->items);
    k->mask.set = k->mask.unset = 0;
}

void vf_keyspec_copy(vf_keyspec *dst, const vf_keyspec *src)
{
    vf_featspec_copy(&dst->feat, &src->feat);
    vf_speclist_copy(&dst->mons, &src->mons);
    vf_speclist_copy(&dst->items, &src->items);
    dst->mask = src->mask;
}
