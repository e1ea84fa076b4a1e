/* SUBST, NSUBST, SHUFFLE, CLEAR: mapdef.cc's map_lines transforms. */
#include "vf_transform.h"
#include "vf_keyitem.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* The game's parse_int: the whole (trimmed) string must be an integer. */
static int parse_int(const char *s, size_t n, int *out)
{
    char buf[32];
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (!n || n >= sizeof buf) return 0;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (*end || errno || v < -2147483647L || v > 2147483647L) return 0;
    *out = (int)v;
    return 1;
}

int vf_glyph_choice_parse(vf_glyph_choice *c, const char *s, size_t n,
                          int fixed, vf_sbuf *err)
{
    c->n = 0;
    c->fixed = fixed;
    c->frozen = -1;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        size_t t = i;
        while (i < n && s[i] != ' ' && s[i] != '\t') i++;
        const char *tok = s + t;
        size_t len = i - t;
        if (!len) continue;
        if (len > 2 && tok[1] == ':') {
            int w;
            if (!parse_int(tok + 2, len - 2, &w) || w < 1) {
                vf_sbuf_printf(err, "Invalid weight specifier in \"%.*s\"",
                               (int)n, s);
                return -1;
            }
            if (c->n < 256) {
                c->glyph[c->n] = (unsigned char)tok[0];
                c->weight[c->n++] = w;
            }
            continue;
        }
        for (size_t k = 0; k < len && c->n < 256; k++) {
            c->glyph[c->n] = (unsigned char)tok[k];
            c->weight[c->n++] = 10;
        }
    }
    return 0;
}

int vf_glyph_choice_draw(vf_glyph_choice *c, vf_rng *r)
{
    if (c->frozen >= 0) return c->frozen;
    int cumulative = 0, chosen = 0;
    for (int i = 0; i < c->n; i++) {
        cumulative += c->weight[i];
        if (vf_x_chance_in_y(r, c->weight[i], cumulative)) chosen = c->glyph[i];
    }
    if (c->fixed) c->frozen = chosen;
    return chosen;
}

static void key_set(unsigned char set[256], const char *k, size_t n)
{
    memset(set, 0, 256);
    for (size_t i = 0; i < n; i++) set[(unsigned char)k[i]] = 1;
}

/* The glyphs a choice can give, as a string. */
static void choice_glyphs(const vf_glyph_choice *c, char *out, size_t len)
{
    size_t k = 0;
    for (int i = 0; i < c->n && k + 1 < len; i++)
        if (!memchr(out, c->glyph[i], k)) out[k++] = (char)c->glyph[i];
    out[k] = 0;
}

/* The call that makes choices of kind, as a .des file names it. */
static const char *call_name(vf_choice_kind kind)
{
    return kind == VF_CHOICE_SUBST ? "SUBST"
         : kind == VF_CHOICE_NSUBST ? "NSUBST" : "SHUFFLE";
}

/* What every choice of one transform call shares: its kind, line, the
 * glyphs it can give and the call as written ("SUBST: D = x."). */
static void choice_proto(vf_choice *p, vf_choice_kind kind,
                         const vf_choice_site *site, const char *alts,
                         const char *spec, size_t n)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->line = site ? site->line : 0;
    p->x = p->y = -1;
    for (const char *g = alts; *g && p->nalts < VF_CHOICE_ALTS; g++)
        p->alts[p->nalts++] = (unsigned char)*g;
    char call[160];
    snprintf(call, sizeof call, "%s: %.*s", call_name(kind), (int)n, spec);
    vf_choice_set_call(p, call);
}

/* One cell's glyph as a choice through site (NULL: drawn is kept). */
static char cell_choice(const vf_choice_site *site, vf_choice *p, int x,
                        int y, char key, int drawn)
{
    if (!site || !site->choices) return (char)drawn;
    p->x = x;
    p->y = y;
    p->key = key;
    p->chose = drawn;
    return (char)vf_choices_take(site->choices, p);
}

int vf_subst_at(vf_grid *g, const char *spec, size_t n, vf_rng *r,
                const vf_choice_site *site, vf_sbuf *err)
{
    vf_keyitem ki;
    vf_glyph_choice c;
    unsigned char keys[256];
    if (vf_keyitem_split(spec, n, 0, &ki, err) ||
        vf_glyph_choice_parse(&c, ki.arg, ki.arg_len, ki.sep == ':', err))
        return -1;
    key_set(keys, ki.key, ki.key_len);
    char alts[24];
    choice_glyphs(&c, alts, sizeof alts);
    vf_choice proto;
    choice_proto(&proto, VF_CHOICE_SUBST, site, alts, spec, n);
    proto.shared = c.fixed;
    int fixed = -1;
    for (int y = 0; y < g->h; y++) {
        char *row = vf_grid_row(g, y);
        for (int x = 0; x < g->len[y]; x++) {
            if (!keys[(unsigned char)row[x]]) continue;
            int drawn = vf_glyph_choice_draw(&c, r);
            /* ':' draws once for every cell: one choice, the first. */
            if (fixed < 0 || !c.fixed)
                fixed = (unsigned char)cell_choice(site, &proto, x, y,
                                                   row[x], drawn);
            row[x] = (char)fixed;
        }
    }
    return 0;
}

int vf_subst(vf_grid *g, const char *spec, size_t n, vf_rng *r, vf_sbuf *err)
{
    return vf_subst_at(g, spec, n, r, NULL, err);
}

/* ---- NSUBST ----------------------------------------------------------- */

typedef struct nsub_seg {
    int count;              /* -1 = all that remain */
    vf_glyph_choice choice;
} nsub_seg;

/* One "/"-segment; a bare replacement gets "1=" (or "*=" when last). */
static int parse_nsub_seg(nsub_seg *seg, const char *s, size_t n, int last,
                          vf_sbuf *err)
{
    vf_sbuf full = VF_SBUF_INIT;
    if (!memchr(s, '=', n) && !memchr(s, ':', n))
        vf_sbuf_adds(&full, last ? "*=" : "1=");
    vf_sbuf_add(&full, s, n);
    vf_keyitem ki;
    int rc = -1;
    if (vf_keyitem_split(full.s, full.len, 0, &ki, err)) goto out;
    seg->count = 0;
    if (ki.key_len == 1 && ki.key[0] == '*') seg->count = -1;
    else parse_int(ki.key, ki.key_len, &seg->count);
    if (!seg->count) {
        vf_sbuf_printf(err, "Illegal spec: %s", full.s);
        goto out;
    }
    rc = vf_glyph_choice_parse(&seg->choice, ki.arg, ki.arg_len,
                               ki.sep == ':', err);
out:
    vf_sbuf_free(&full);
    return rc;
}

/* Splits s at sep into trimmed, non-empty pieces (the game's
 * split_string). Returns the count; starts[]/lens[] get at most max. */
static int split_trimmed(const char *s, size_t n, char sep,
                         const char **starts, size_t *lens, int max)
{
    int k = 0;
    size_t i = 0;
    while (i <= n) {
        size_t j = i;
        while (j < n && s[j] != sep) j++;
        const char *a = s + i;
        size_t len = j - i;
        while (len && isspace((unsigned char)*a)) a++, len--;
        while (len && isspace((unsigned char)a[len - 1])) len--;
        if (len) {
            if (k < max) {
                starts[k] = a;
                lens[k] = len;
            }
            k++;
        }
        i = j + 1;
    }
    return k;
}

#define NSUB_MAX 64

int vf_nsubst(vf_grid *g, const char *spec, size_t n, vf_rng *r, vf_sbuf *err)
{
    return vf_nsubst_at(g, spec, n, r, NULL, err);
}

/* Every glyph an NSUBST's segments can give. */
static void nsubst_glyphs(const nsub_seg *segs, int nseg, char *out,
                          size_t len)
{
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < nseg; i++) {
        char one[24];
        choice_glyphs(&segs[i].choice, one, sizeof one);
        for (const char *p = one; *p && k + 1 < len; p++)
            if (!memchr(out, *p, k)) out[k++] = *p, out[k] = 0;
    }
}

int vf_nsubst_at(vf_grid *g, const char *spec, size_t n, vf_rng *r,
                 const vf_choice_site *site, vf_sbuf *err)
{
    vf_keyitem ki;
    if (vf_keyitem_split(spec, n, 0, &ki, err)) return -1;
    const char *starts[NSUB_MAX];
    size_t lens[NSUB_MAX];
    int nseg = split_trimmed(ki.arg, ki.arg_len, '/', starts, lens, NSUB_MAX);
    if (nseg > NSUB_MAX) {
        vf_sbuf_printf(err, "Bad NSUBST spec: %.*s (more than %d segments)",
                       (int)n, spec, NSUB_MAX);
        return -1;
    }
    nsub_seg *segs = vf_xmalloc((size_t)(nseg ? nseg : 1) * sizeof *segs);
    for (int i = 0; i < nseg; i++) {
        vf_sbuf e = VF_SBUF_INIT;
        if (parse_nsub_seg(&segs[i], starts[i], lens[i], i == nseg - 1, &e)) {
            vf_sbuf_printf(err, "Bad NSUBST spec: %.*s (%s)", (int)n, spec,
                           vf_sbuf_str(&e));
            vf_sbuf_free(&e);
            free(segs);
            return -1;
        }
    }

    unsigned char keys[256];
    key_set(keys, ki.key, ki.key_len);
    size_t npos = 0, cap = 64;
    int *pos = vf_xmalloc(cap * sizeof *pos);   /* y * stride + x */
    for (int y = 0; y < g->h; y++) {
        const char *row = vf_grid_row(g, y);
        for (int x = 0; x < g->len[y]; x++) {
            if (!keys[(unsigned char)row[x]]) continue;
            if (npos == cap) pos = vf_xrealloc(pos, (cap *= 2) * sizeof *pos);
            pos[npos++] = y * g->stride + x;
        }
    }
    /* The game's shuffle_array. */
    for (size_t m = npos; m > 1; m--) {
        size_t i = (size_t)vf_random2(r, (int)m);
        int t = pos[i];
        pos[i] = pos[m - 1];
        pos[m - 1] = t;
    }
    char alts[24];
    nsubst_glyphs(segs, nseg, alts, sizeof alts);
    vf_choice proto;
    choice_proto(&proto, VF_CHOICE_NSUBST, site, alts, spec, n);
    size_t done = 0;
    for (int i = 0; i < nseg && done < npos; i++) {
        size_t end = segs[i].count < 0 ? npos : done + (size_t)segs[i].count;
        if (end > npos) end = npos;
        for (; done < end; done++) {
            int at = pos[done], drawn =
                vf_glyph_choice_draw(&segs[i].choice, r);
            g->cells[at] = cell_choice(site, &proto, at % g->stride,
                                       at / g->stride, g->cells[at], drawn);
        }
    }
    free(pos);
    free(segs);
    return 0;
}

/* ---- SHUFFLE and CLEAR ------------------------------------------------ */

/* The spec without blanks (the game's clean_shuffle). */
static char *unblank(const char *s, size_t n, size_t *out_len)
{
    char *d = vf_xmalloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t') d[k++] = s[i];
    d[k] = 0;
    *out_len = k;
    return d;
}

static void apply_mapping(vf_grid *g, const char *from, const char *to,
                          size_t n)
{
    short map[256];
    for (int i = 0; i < 256; i++) map[i] = -1;
    for (size_t i = n; i-- > 0;)   /* first occurrence wins, as find() */
        map[(unsigned char)from[i]] = (unsigned char)to[i];
    for (int y = 0; y < g->h; y++) {
        char *row = vf_grid_row(g, y);
        for (int x = 0; x < g->len[y]; x++)
            if (map[(unsigned char)row[x]] >= 0)
                row[x] = (char)map[(unsigned char)row[x]];
    }
}

/* The game's draw of a shuffle's order: order[i] is the unit (glyph or
 * block) that unit i becomes. A block shuffle swaps as the game's
 * shuffle_array; a glyph shuffle draws without replacement. */
static void draw_order(int *order, int k, int blocks, vf_rng *r)
{
    for (int i = 0; i < k; i++) order[i] = i;
    if (blocks) {
        for (int m = k; m > 1; m--) {
            int i = vf_random2(r, m), t = order[i];
            order[i] = order[m - 1];
            order[m - 1] = t;
        }
        return;
    }
    int *left = vf_xmalloc((size_t)k * sizeof *left);
    memcpy(left, order, (size_t)k * sizeof *left);
    int nl = k;
    for (int o = 0; o < k; o++) {
        int c = vf_random2(r, nl);
        order[o] = left[c];
        memmove(left + c, left + c + 1, (size_t)(nl - c - 1) * sizeof *left);
        nl--;
    }
    free(left);
}

/* Where each unit went, as choices through site (lab: a glyph per unit,
 * a block's first); a forced one swaps with the unit that went where it
 * is forced to, so the result is still a shuffle. Every choice is logged
 * before any is forced: the log shows what was drawn. */
static void shuffle_choices(const vf_choice_site *site, vf_choice *p,
                            const char *lab, int k, int *order)
{
    int *forced = vf_xmalloc((size_t)k * 2 * sizeof *forced), nf = 0;
    for (int i = 0; i < k; i++) {
        if (memchr(lab, lab[i], (size_t)i)) continue;   /* said already */
        p->key = lab[i];
        p->chose = (unsigned char)lab[order[i]];
        int v = vf_choices_take(site->choices, p);
        if (v == p->chose) continue;
        forced[2 * nf] = i;
        forced[2 * nf++ + 1] = v;
    }
    for (int f = 0; f < nf; f++) {
        int i = forced[2 * f], v = forced[2 * f + 1];
        for (int j = 0; j < k; j++)
            if ((unsigned char)lab[order[j]] == v) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
                break;
            }
    }
    free(forced);
}

/* The units of a shuffle spec (unblanked): its glyphs, or its
 * '/'-separated blocks of equal length. Returns the count, or -1 with a
 * message. */
static int shuffle_units(const char *from, size_t len, const char **starts,
                         size_t *lens, int *blocks, vf_sbuf *err)
{
    *blocks = memchr(from, '/', len) != NULL;
    if (!*blocks) {
        for (size_t i = 0; i < len; i++) {
            starts[i] = from + i;
            lens[i] = 1;
        }
        return (int)len;
    }
    int k = split_trimmed(from, len, '/', starts, lens, 256);
    int ok = k > 0 && k <= 256;
    for (int i = 0; ok && i < k; i++) ok = lens[i] == lens[0];
    if (!ok || (size_t)k * (lens[0] + 1) - 1 != len) {
        vf_sbuf_adds(err, "block shuffle segment length mismatch");
        return -1;
    }
    return k;
}

int vf_shuffle_at(vf_grid *g, const char *spec, size_t n, vf_rng *r,
                  const vf_choice_site *site, vf_sbuf *err)
{
    if (memchr(spec, ',', n)) {
        vf_sbuf_adds(err, "use / for block shuffle, or multiple SHUFFLE: "
                          "lines");
        return -1;
    }
    size_t len;
    char *from = unblank(spec, n, &len);
    const char **starts = vf_xmalloc((len + 1) * sizeof *starts);
    size_t *lens = vf_xmalloc((len + 1) * sizeof *lens);
    int blocks, k = shuffle_units(from, len, starts, lens, &blocks, err);
    if (k < 0) {
        free(lens);
        free(starts);
        free(from);
        return -1;
    }
    int *order = vf_xmalloc(((size_t)k + 1) * sizeof *order);
    draw_order(order, k, blocks, r);
    if (site && site->choices && k > 1) {
        char *lab = vf_xmalloc((size_t)k + 1), alts[24];
        size_t na = 0;
        for (int i = 0; i < k; i++) {
            lab[i] = starts[i][0];
            if (na + 1 < sizeof alts && !memchr(alts, lab[i], na))
                alts[na++] = lab[i];
        }
        alts[na] = 0;
        vf_choice proto;
        choice_proto(&proto, VF_CHOICE_SHUFFLE, site, alts, spec, n);
        shuffle_choices(site, &proto, lab, k, order);
        free(lab);
    }
    char *to = vf_xmalloc(len + 1);
    size_t o = 0;
    for (int i = 0; i < k; i++) {
        if (blocks && i) to[o++] = '/';
        memcpy(to + o, starts[order[i]], lens[0]);
        o += lens[0];
    }
    apply_mapping(g, from, to, len);
    free(to);
    free(order);
    free(lens);
    free(starts);
    free(from);
    return 0;
}

int vf_shuffle(vf_grid *g, const char *spec, size_t n, vf_rng *r,
               vf_sbuf *err)
{
    return vf_shuffle_at(g, spec, n, r, NULL, err);
}

int vf_clear(vf_grid *g, const char *spec, size_t n, vf_sbuf *err)
{
    size_t len;
    char *glyphs = unblank(spec, n, &len);
    if (!len) {
        free(glyphs);
        vf_sbuf_adds(err, "no glyphs specified for clearing");
        return -1;
    }
    unsigned char keys[256];
    key_set(keys, glyphs, len);
    free(glyphs);
    for (int y = 0; y < g->h; y++) {
        char *row = vf_grid_row(g, y);
        for (int x = 0; x < g->len[y]; x++)
            if (keys[(unsigned char)row[x]]) row[x] = ' ';
    }
    return 0;
}
