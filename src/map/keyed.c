/* A map's keyed specs, overlays and markers: set by the dgn bindings at call
 * time, read by placement through vf_rmap_cell (mapdef.cc add_key_field,
 * map_marker_spec, mapspec_at). */
#include "vf_rmap.h"
#include "vf_feature.h"
#include "vf_keyitem.h"
#include "vf_tagstr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vf_keyspec *spec_for(vf_rmap *m, unsigned char g)
{
    if (!m->keyspec[g]) {
        m->keyspec[g] = vf_xcalloc(1, sizeof *m->keyspec[g]);
        m->keyspec[g]->feat.pick = VF_UNDRAWN;
    }
    return m->keyspec[g];
}

const vf_keyspec *vf_rmap_keyspec(const vf_rmap *m, int glyph)
{
    return glyph >= 0 && glyph < 256 ? m->keyspec[glyph] : NULL;
}

typedef enum { KFEAT, KMONS, KITEM, KMASK } key_kind;

/* A keyed spec's draw: which of the n alternatives named in names
 * ('\n'-separated) the glyph got. what: "KFEAT", "KMONS" or "MONS". */
typedef struct keyed_draw {
    vf_choice_kind kind;
    const char *what;
    int line;
    const vf_sbuf *names;
    int n, drawn;
} keyed_draw;

/* d as a choice (vf_choice.h) of glyph at.key, for every cell (':',
 * at.x -1) or for the placed vault's cell (at.x, at.y) ('='). Returns
 * the alternative to use. */
static int keyed_choice(const vf_rmap *m, const keyed_draw *d,
                        vf_key_at at)
{
    if (!m->choices || d->n < 2) return d->drawn;
    vf_choice c;
    memset(&c, 0, sizeof c);
    c.kind = d->kind;
    c.line = d->line;
    c.x = at.x;
    c.y = at.y;
    c.placed = at.x >= 0;
    c.key = at.key;
    c.chose = d->drawn;
    for (int i = 0; i < d->n && i < VF_CHOICE_ALTS; i++)
        c.alts[c.nalts++] = i;
    snprintf(c.names, sizeof c.names, "%s", vf_sbuf_str(d->names));
    vf_sbuf call = VF_SBUF_INIT;
    if (d->kind == VF_CHOICE_MONS) vf_sbuf_printf(&call, "%s: ", d->what);
    else vf_sbuf_printf(&call, "%s: %c %c ", d->what, at.key,
                        at.x >= 0 ? '=' : ':');
    for (const char *p = vf_sbuf_str(d->names); *p; p++)
        if (*p == '\n') vf_sbuf_adds(&call, " / ");
        else vf_sbuf_addc(&call, *p);
    vf_choice_set_call(&c, vf_sbuf_str(&call));
    vf_sbuf_free(&call);
    return vf_choices_take(m->choices, &c);
}

static int kfeat_choice(const vf_rmap *m, const vf_featspec *f, int drawn,
                        vf_key_at at)
{
    if (!m->choices || f->n < 2) return drawn;
    vf_sbuf names = VF_SBUF_INIT;
    for (int i = 0; i < f->n; i++) {
        if (i) vf_sbuf_addc(&names, '\n');
        if (f->alt[i].kind == VF_FK_GLYPH)
            vf_sbuf_addc(&names, (char)f->alt[i].glyph);
        else
            vf_featalt_describe(&f->alt[i], &names);
    }
    keyed_draw d = {.kind = VF_CHOICE_KFEAT, .what = "KFEAT",
                    .line = f->line, .names = &names, .n = f->n,
                    .drawn = drawn};
    int v = keyed_choice(m, &d, at);
    vf_sbuf_free(&names);
    return v;
}

int vf_rmap_kmons_choice(const vf_rmap *m, vf_choice_kind kind,
                         const vf_speclist *l, int drawn, vf_key_at at)
{
    if (!m->choices || l->n < 1 || l->slot[0].n < 2) return drawn;
    vf_sbuf names = VF_SBUF_INIT;
    for (int i = 0; i < l->slot[0].n; i++)
        vf_sbuf_printf(&names, "%s%s", i ? "\n" : "", l->slot[0].alt[i].text);
    keyed_draw d = {.kind = kind,
                    .what = kind == VF_CHOICE_MONS ? "MONS" : "KMONS",
                    .line = l->line, .names = &names, .n = l->slot[0].n,
                    .drawn = drawn};
    int v = keyed_choice(m, &d, at);
    vf_sbuf_free(&names);
    return v;
}

/* Sets one kind of spec on the first key; the rest copy its result. */
static int add_key_field(vf_rmap *m, key_kind kind, const char *s, size_t n,
                         vf_sbuf *err)
{
    vf_keyitem ki;
    if (vf_keyitem_split(s, n, 0, &ki, err)) return -1;
    int fixed = ki.sep == ':';
    unsigned how = (kind == KITEM ? VF_SPEC_ITEMS : 0)
                 | (fixed ? VF_SPEC_FIXED : 0);
    vf_keyspec *base = spec_for(m, (unsigned char)ki.key[0]);
    vf_featread fr = {.game = m->game, .fixed = fixed, .rng = m->rng};
    int rc = kind == KFEAT
        ? vf_featspec_parse(&base->feat, ki.arg, ki.arg_len, &fr, err)
        : kind == KMASK ? vf_kmask_add(&base->mask, ki.arg, ki.arg_len, err)
        : vf_speclist_parse(kind == KMONS ? &base->mons : &base->items,
                            ki.arg, ki.arg_len, how, m->rng, err);
    if (rc) return -1;
    int line = m->choices ? m->choices->line : 0;
    if (kind == KFEAT) {
        base->feat.line = line;
        if (fixed)
            base->feat.pick = kfeat_choice(m, &base->feat, base->feat.pick,
                                           VF_KEY_AT_CALL(ki.key[0]));
    } else if (kind == KMONS) {
        base->mons.line = line;
        if (fixed && base->mons.n)
            base->mons.slot[0].pick = vf_rmap_kmons_choice(
                m, VF_CHOICE_KMONS, &base->mons, base->mons.slot[0].pick,
                VF_KEY_AT_CALL(ki.key[0]));
    }
    for (size_t i = 1; i < ki.key_len; i++) {
        vf_keyspec *k = spec_for(m, (unsigned char)ki.key[i]);
        switch (kind) {
        case KFEAT: vf_featspec_copy(&k->feat, &base->feat); break;
        case KMONS: vf_speclist_copy(&k->mons, &base->mons); break;
        case KITEM: vf_speclist_copy(&k->items, &base->items); break;
        case KMASK: k->mask = base->mask; break;
        }
    }
    return 0;
}

int vf_rmap_kfeat(vf_rmap *m, const char *s, size_t n, vf_sbuf *err)
{
    return add_key_field(m, KFEAT, s, n, err);
}

int vf_rmap_kmons(vf_rmap *m, const char *s, size_t n, vf_sbuf *err)
{
    return add_key_field(m, KMONS, s, n, err);
}

int vf_rmap_kitem(vf_rmap *m, const char *s, size_t n, vf_sbuf *err)
{
    return add_key_field(m, KITEM, s, n, err);
}

int vf_rmap_kmask(vf_rmap *m, const char *s, size_t n, vf_sbuf *err)
{
    return add_key_field(m, KMASK, s, n, err);
}

int vf_rmap_overlay(vf_rmap *m, vf_ovkind kind, const char *s, size_t n,
                    vf_sbuf *err)
{
    vf_ovcall call = {.kind = kind, .spec = s, .n = n, .game = m->game};
    return vf_overlay_apply(&m->overlay, &call, &m->grid, m->rng, err);
}

/* ---- markers ------------------------------------------------------------ */

void vf_rmap_clear_markers(vf_rmap *m)
{
    for (size_t i = 0; i < m->nmarkers; i++) {
        free(m->markers[i].spec);
        free(m->markers[i].transp);
    }
    m->nmarkers = 0;
}

vf_marker *vf_rmap_add_marker(vf_rmap *m, int x, int y)
{
    if (m->nmarkers == m->markers_cap) {
        m->markers_cap = m->markers_cap ? m->markers_cap * 2 : 8;
        m->markers = vf_xrealloc(m->markers,
                                 m->markers_cap * sizeof *m->markers);
    }
    vf_marker *mk = &m->markers[m->nmarkers++];
    mk->x = x;
    mk->y = y;
    mk->spec = NULL;
    mk->feature = 0;
    mk->transp = NULL;
    mk->transp_dest = 0;
    mk->on_death = mk->props = 0;
    return mk;
}

static int is_key(const char *keys, size_t n, char c)
{
    return memchr(keys, c, n) != NULL;
}

/* Checks a marker() spec as the game's marker parsers do; *feature gets a
 * "feat:" marker's feature. */
static int check_marker_spec(const vf_game *g, const char *spec, int *feature,
                             vf_sbuf *err)
{
    *feature = 0;
    if (!strncmp(spec, "lua:", 4) || !strncmp(spec, "lua_mapless:", 12))
        return 0;   /* TODO(lua markers): the game compiles and runs it */
    if (strncmp(spec, "feat:", 5)) {
        vf_sbuf_printf(err, "Unable to parse marker from %s", spec);
        return -1;
    }
    char *name = vf_xstrdup(spec + 5);
    vf_tag_trim(name);
    *feature = vf_feature_by_name(g, name);
    if (!*feature)
        vf_sbuf_printf(err, "Bad feature marker: %s (unknown feature '%s')",
                       spec, name);
    free(name);
    return *feature ? 0 : -1;
}

/* Adds a marker per cell holding one of keys, in the game's find_glyph
 * order; spec (may be NULL) is copied into each. */
static size_t add_markers(vf_rmap *m, const char *keys, size_t nkeys,
                          const char *spec, int feature)
{
    size_t first = m->nmarkers;
    for (int y = m->grid.h - 1; y >= 0; y--) {
        const char *row = vf_grid_row(&m->grid, y);
        for (int x = m->grid.len[y] - 1; x >= 0; x--) {
            if (!is_key(keys, nkeys, row[x])) continue;
            vf_marker *mk = vf_rmap_add_marker(m, x, y);
            mk->spec = spec ? vf_xstrdup(spec) : NULL;
            mk->feature = feature;
        }
    }
    return first;
}

static int key_present(const vf_rmap *m, const char *keys, size_t nkeys)
{
    for (int y = 0; y < m->grid.h; y++) {
        const char *row = vf_grid_row(&m->grid, y);
        for (int x = 0; x < m->grid.len[y]; x++)
            if (is_key(keys, nkeys, row[x])) return 1;
    }
    return 0;
}

int vf_rmap_marker(vf_rmap *m, const char *s, size_t n, vf_sbuf *err)
{
    vf_keyitem ki;
    if (vf_keyitem_split(s, n, 0, &ki, err)) return -1;
    /* Markers whose keys are nowhere are not an error, bad spec or not. */
    if (!key_present(m, ki.key, ki.key_len)) return 0;
    char *spec = vf_xstrndup(ki.arg, ki.arg_len);
    int feature, rc = check_marker_spec(m->game, spec, &feature, err);
    if (rc == 0) add_markers(m, ki.key, ki.key_len, spec, feature);
    free(spec);
    return rc;
}

size_t vf_rmap_lua_marker(vf_rmap *m, const char *keys)
{
    return add_markers(m, keys, strlen(keys), NULL, 0);
}

/* ---- placement's view of a cell ----------------------------------------- */

/* The spec a cell reads: its glyph's, or for a merged cell its own. */
static vf_keyspec *spec_at(const vf_rmap *m, int g, const vf_ovcell *ov)
{
    if (g != VF_SUBVAULT_GLYPH) return m->keyspec[g];
    return ov->xspec > 0 && ov->xspec <= m->nxspec ? m->xspec[ov->xspec - 1]
                                                   : NULL;
}

const vf_keyspec *vf_rmap_spec_at(const vf_rmap *m, int x, int y)
{
    int g = vf_grid_get(&m->grid, x, y);
    return g < 0 ? NULL : spec_at(m, g, vf_overlay_at(&m->overlay, x, y));
}

int vf_rmap_cell(vf_rmap *m, int x, int y, vf_cell *out)
{
    int g = vf_grid_get(&m->grid, x, y);
    if (g < 0) return -1;
    memset(out, 0, sizeof *out);
    out->overlay = *vf_overlay_at(&m->overlay, x, y);
    out->glyph = out->base = vf_rmap_glyph(m, x, y);
    vf_keyspec *k = spec_at(m, g, &out->overlay);
    /* A merged cell's byte means nothing: floor, unless its spec says. */
    if (g == VF_SUBVAULT_GLYPH) out->base = '.';
    if (!k) return 0;
    out->mask = k->mask;
    if (!vf_keyspec_replaces_glyph(k)) return 0;
    int i = vf_featspec_draw(&k->feat, m->rng);
    if (!k->feat.fixed && g != VF_SUBVAULT_GLYPH)
        i = kfeat_choice(m, &k->feat, i,
                         (vf_key_at){.key = (char)g, .x = x, .y = y});
    out->feat = i >= 0 ? &k->feat.alt[i] : NULL;
    out->base = !out->feat ? '.'
              : out->feat->kind == VF_FK_GLYPH ? out->feat->glyph : -1;
    out->mons = k->mons.n ? &k->mons : NULL;
    out->items = k->items.n ? &k->items : NULL;
    return 0;
}
