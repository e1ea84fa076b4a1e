/* Subvaults: the mask a SUBVAULT call takes, fitting a resolved subvault
 * to it, and merging it into its parent (maps.cc resolve_subvault,
 * mapdef.cc apply_subvault and map_lines::merge_subvault). */
#include "vf_rmap.h"

#include <stdlib.h>
#include <string.h>

/* ---- the mask ------------------------------------------------------------ */

static int is_key(const char *keys, size_t n, int g)
{
    return g >= 0 && memchr(keys, g, n) != NULL;
}

int vf_svmask_keys(const vf_rmap *m, const char *keys, size_t n,
                   vf_svmask *out)
{
    int x1 = -1, y1 = -1, x2 = -1, y2 = -1;
    for (int y = 0; y < m->grid.h; y++)
        for (int x = 0; x < m->grid.len[y]; x++) {
            if (!is_key(keys, n, vf_grid_get(&m->grid, x, y))) continue;
            if (x1 < 0 || x < x1) x1 = x;
            if (y1 < 0) y1 = y;
            if (x > x2) x2 = x;
            y2 = y;
        }
    if (x1 < 0) return -1;
    out->x = x1;
    out->y = y1;
    out->w = x2 - x1 + 1;
    out->h = y2 - y1 + 1;
    out->on = vf_xcalloc((size_t)out->w * (size_t)out->h, 1);
    for (int y = 0; y < out->h; y++)
        for (int x = 0; x < out->w; x++)
            out->on[y * out->w + x] = (unsigned char)is_key(
                keys, n, vf_grid_get(&m->grid, x1 + x, y1 + y));
    return 0;
}

int vf_svmask_on(const vf_svmask *k, int x, int y)
{
    return x >= 0 && y >= 0 && x < k->w && y < k->h && k->on[y * k->w + x];
}

void vf_svmask_free(vf_svmask *k)
{
    free(k->on);
    memset(k, 0, sizeof *k);
}

/* ---- fitting ------------------------------------------------------------- */

/* Non-space cells of sub that fall outside the mask, sub at the box's
 * top-left (map_def::subvault_mismatch_count). */
static int mismatches(const vf_rmap *sub, const vf_svmask *mask)
{
    int n = 0;
    for (int y = 0; y < sub->grid.h; y++)
        for (int x = 0; x < sub->grid.w; x++)
            if (vf_grid_get(&sub->grid, x, y) != ' ' &&
                !vf_svmask_on(mask, x, y))
                n++;
    return n;
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* An exact fit: try the four mirror combinations and keep one of those
 * leaving the fewest cells outside the mask, picked from a random start.
 * The game's minimum also takes the h+v and v combinations when their
 * tags forbid them (its mirrors then do nothing, so it counts the same
 * map again); so does this. */
static void best_mirrors(vf_rmap *sub, const vf_svmask *mask)
{
    int can_h = !vf_rmap_has_tag(sub, "no_hmirror");
    int can_v = !vf_rmap_has_tag(sub, "no_vmirror");
    int miss[4];
    miss[0] = mismatches(sub, mask);
    vf_rmap_transform(sub, "h");
    miss[1] = mismatches(sub, mask);
    vf_rmap_transform(sub, "v");
    miss[2] = mismatches(sub, mask);
    vf_rmap_transform(sub, "h");
    miss[3] = mismatches(sub, mask);   /* now: vmirrored only */
    int best = miss[0];
    if (can_h) best = min_int(best, miss[1]);
    if (can_h && can_v) best = min_int(best, miss[2]);
    if (can_v) best = min_int(best, miss[3]);
    best = min_int(best, miss[2]);
    if (can_v) best = min_int(best, miss[3]);
    int i = vf_random2(sub->rng, 4);
    while (miss[i] != best) i = (i + 1) % 4;
    if (i == 0 || i == 1) vf_rmap_transform(sub, "v");
    if (i == 1 || i == 2) vf_rmap_transform(sub, "h");
}

int vf_rmap_fit_subvault(vf_rmap *sub, const vf_svmask *mask)
{
    int w = mask->w, h = mask->h;
    int can_h = !vf_rmap_has_tag(sub, "no_hmirror");
    int can_v = !vf_rmap_has_tag(sub, "no_vmirror");
    int can_rot = sub->grid.w <= h && sub->grid.h <= w &&
                  !vf_rmap_has_tag(sub, "no_rotate");
    int must_rot = sub->grid.w > w || sub->grid.h > h;
    if (must_rot && !can_rot) return 0;
    if (must_rot || (can_rot && vf_coinflip(sub->rng)))
        vf_rmap_transform(sub, vf_coinflip(sub->rng) ? "cw" : "ccw");
    if (sub->grid.w != w || sub->grid.h != h) {
        if (can_h && vf_coinflip(sub->rng)) vf_rmap_transform(sub, "h");
        if (can_v && vf_coinflip(sub->rng)) vf_rmap_transform(sub, "v");
        /* A rotation may have been refused (over 70 cells). */
        return sub->grid.w <= w && sub->grid.h <= h;
    }
    if (w > 1 || h > 1) best_mirrors(sub, mask);
    return 1;
}

/* ---- merging ------------------------------------------------------------- */

static int push_xspec(vf_rmap *m, vf_keyspec *k)
{
    if (m->nxspec == m->xspec_cap) {
        m->xspec_cap = m->xspec_cap ? m->xspec_cap * 2 : 8;
        m->xspec = vf_xrealloc(m->xspec,
                               (size_t)m->xspec_cap * sizeof *m->xspec);
    }
    m->xspec[m->nxspec++] = k;
    return m->nxspec;
}

/* A KFEAT of the single glyph g. */
static void glyph_feat(vf_keyspec *k, int g)
{
    vf_featspec_free(&k->feat);
    k->feat.alt = vf_xcalloc(1, sizeof *k->feat.alt);
    k->feat.n = 1;
    k->feat.alt[0].kind = VF_FK_GLYPH;
    k->feat.alt[0].glyph = g;
    k->feat.alt[0].weight = 10;
}

/* A MONS or ITEM slot as KMONS/KITEM. A missing MONS slot is a random
 * monster (a slot with nothing to draw), a missing ITEM slot nothing, as
 * in the game; a slot we cannot read counts as missing. */
static void slot_spec(vf_speclist *l, const vf_strlist *slots, size_t i,
                      int items, vf_rng *r)
{
    if (i < slots->n) {
        vf_sbuf err = VF_SBUF_INIT;
        const char *s = slots->v[i];
        int rc = vf_speclist_parse(l, s, strlen(s),
                                   items ? VF_SPEC_ITEMS : 0, r, &err);
        vf_sbuf_free(&err);
        if (rc == 0) return;
        vf_speclist_free(l);
    }
    if (items) return;
    l->slot = vf_xcalloc(1, sizeof *l->slot);
    l->slot[0].pick = VF_UNDRAWN;
    l->n = 1;
}

/* What sub's cell (x, y), glyph g, is, as a spec of its own. */
static vf_keyspec *cell_spec(const vf_rmap *sub, int x, int y, int g)
{
    vf_keyspec *k = vf_xcalloc(1, sizeof *k);
    k->feat.pick = VF_UNDRAWN;
    const vf_keyspec *own = NULL;
    if (g == VF_SUBVAULT_GLYPH) {
        int i = vf_overlay_at(&sub->overlay, x, y)->xspec;
        own = i > 0 && i <= sub->nxspec ? sub->xspec[i - 1] : NULL;
    } else {
        own = sub->keyspec[g];
    }
    if (own) {
        vf_keyspec_copy(k, own);
    } else if (g >= '1' && g <= '7') {
        glyph_feat(k, '.');
        slot_spec(&k->mons, &sub->mons, (size_t)(g - '1'), 0, sub->rng);
    } else if (g >= 'd' && g <= 'k') {
        glyph_feat(k, '.');
        slot_spec(&k->items, &sub->items, (size_t)(g - 'd'), 1, sub->rng);
    } else {
        glyph_feat(k, g);
    }
    return k;
}

/* The mask bits a subvault's tags put on each of its cells. */
static unsigned tag_mask(const vf_rmap *sub)
{
    static const struct { const char *tag; unsigned bit; } tags[] = {
        {"no_monster_gen", VF_MMT_NO_MONS}, {"no_item_gen", VF_MMT_NO_ITEM},
        {"no_pool_fixup", VF_MMT_NO_POOL}, {"no_wall_fixup", VF_MMT_NO_WALL},
        {"no_trap_gen", VF_MMT_NO_TRAP}};
    unsigned bits = 0;
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
        if (vf_rmap_has_tag(sub, tags[i].tag)) bits |= tags[i].bit;
    return bits;
}

/* The feature properties a subvault's tags name. */
static uint32_t tag_props(const vf_rmap *sub)
{
    uint32_t props = 0;
    const char *t = vf_sbuf_str(&sub->tags);
    while (*t) {
        while (*t == ' ') t++;
        size_t n = strcspn(t, " ");
        if (!n) break;
        char *word = vf_xstrndup(t, n);
        props |= vf_fprop_by_name(sub->game, word);
        free(word);
        t += n;
    }
    return props;
}

/* Where the merge goes and which cells it may write. */
typedef struct merge_area {
    const vf_svmask *mask;   /* NULL: every cell of m's grid */
    int vx, vy;              /* sub's top-left in m */
    int w, h;                /* sub's size */
} merge_area;

static int area_on(const merge_area *a, const vf_rmap *m, int x, int y)
{
    if (a->mask) return vf_svmask_on(a->mask, x - a->mask->x, y - a->mask->y);
    return vf_grid_get(&m->grid, x, y) >= 0;
}

static int in_sub(const merge_area *a, int x, int y)
{
    return x >= a->vx && y >= a->vy && x < a->vx + a->w && y < a->vy + a->h;
}

/* m's markers on cells the merge covers go (swapped out, as the game's
 * removal does); sub's markers on such cells come in. */
static void merge_markers(vf_rmap *m, const vf_rmap *sub,
                          const merge_area *a)
{
    for (size_t i = 0; i < m->nmarkers; i++) {
        vf_marker *mk = &m->markers[i];
        if (!in_sub(a, mk->x, mk->y) || !area_on(a, m, mk->x, mk->y))
            continue;
        free(mk->spec);
        free(mk->transp);
        *mk = m->markers[--m->nmarkers];
        i--;
    }
    for (size_t i = 0; i < sub->nmarkers; i++) {
        const vf_marker *s = &sub->markers[i];
        int x = s->x + a->vx, y = s->y + a->vy;
        if (!area_on(a, m, x, y)) continue;
        vf_marker *mk = vf_rmap_add_marker(m, x, y);
        mk->spec = s->spec ? vf_xstrdup(s->spec) : NULL;
        mk->feature = s->feature;
        mk->transp = s->transp ? vf_xstrdup(s->transp) : NULL;
        mk->transp_dest = s->transp_dest;
        mk->on_death = s->on_death;
        mk->props = s->props;
    }
}

static void merge_cells(vf_rmap *m, const vf_rmap *sub, const merge_area *a)
{
    int by_glyph[256] = {0};   /* glyph -> xspec index, made once each */
    unsigned bits = tag_mask(sub);
    uint32_t props = tag_props(sub);
    for (int sy = 0; sy < a->h; sy++)
        for (int sx = 0; sx < a->w; sx++) {
            int x = a->vx + sx, y = a->vy + sy;
            int g = vf_grid_get(&sub->grid, sx, sy);
            if (g < 0 || g == ' ' || !area_on(a, m, x, y)) continue;
            int idx = g == VF_SUBVAULT_GLYPH ? 0 : by_glyph[g];
            if (!idx) {
                vf_keyspec *k = cell_spec(sub, sx, sy, g);
                k->mask.set |= bits & ~k->mask.unset;
                idx = push_xspec(m, k);
                if (g != VF_SUBVAULT_GLYPH) by_glyph[g] = idx;
            }
            vf_ovcell *c = vf_overlay_cell(&m->overlay, m->grid.w,
                                           m->grid.h, x, y);
            vf_overlay_copy_cell(&m->overlay, c, &sub->overlay,
                                 *vf_overlay_at(&sub->overlay, sx, sy));
            c->xspec = idx;
            c->glyph = (unsigned char)vf_rmap_glyph(sub, sx, sy);
            c->props |= props;
            vf_grid_row(&m->grid, y)[x] = (char)VF_SUBVAULT_GLYPH;
        }
}

static void add_place(vf_rmap *m, const vf_rmap *sub, const merge_area *a)
{
    if (m->nsvplaces == m->svplaces_cap) {
        m->svplaces_cap = m->svplaces_cap ? m->svplaces_cap * 2 : 4;
        m->svplaces = vf_xrealloc(m->svplaces,
                                  m->svplaces_cap * sizeof *m->svplaces);
    }
    vf_svplace *p = &m->svplaces[m->nsvplaces++];
    p->name = vf_xstrdup(sub->def ? sub->def->name : "");
    p->x = a->vx;
    p->y = a->vy;
    p->w = a->w;
    p->h = a->h;
}

void vf_rmap_merge(vf_rmap *m, const vf_rmap *sub, const vf_svmask *mask,
                   int x, int y)
{
    vf_grid_normalise(&m->grid, ' ');
    merge_area a = {mask, x, y, sub->grid.w, sub->grid.h};
    if (mask) {
        a.vx = mask->x + vf_random2(m->rng, mask->w - a.w + 1);
        a.vy = mask->y + vf_random2(m->rng, mask->h - a.h + 1);
    }
    merge_markers(m, sub, &a);
    merge_cells(m, sub, &a);
    add_place(m, sub, &a);
}

int vf_rmap_glyph(const vf_rmap *m, int x, int y)
{
    int g = vf_grid_get(&m->grid, x, y);
    if (g != VF_SUBVAULT_GLYPH) return g;
    int own = vf_overlay_at(&m->overlay, x, y)->glyph;
    return own ? own : g;
}
