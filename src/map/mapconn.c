/* Connectivity on a map's own grid (vf_mapconn.h has the rules). */
#include "vf_mapconn.h"
#include "vf_glyph.h"

#include <stdlib.h>
#include <string.h>

/* The game's _glyph_to_feat, where it differs from vf_glyph_feature: the
 * temple altar glyph and the trap glyph are plain floor until placement
 * dresses them, and NUL is rock. */
static vf_feat glyph_feat(int g)
{
    if (g == 'B' || g == '^') return VF_F_FLOOR;
    if (g == 0) return VF_F_ROCK_WALL;
    return vf_glyph_feature(g);
}

vf_feat vf_mapconn_feature(vf_rmap *m, int x, int y)
{
    int g = vf_grid_get(&m->grid, x, y);
    if (g < 0 || g == ' ') return VF_F_NONE;
    vf_keyspec *k = m->keyspec[g];
    if (!k) return glyph_feat(g);
    int i = vf_featspec_draw(&k->feat, m->rng);
    if (i < 0) return VF_F_FLOOR;
    const vf_featalt *a = &k->feat.alt[i];
    switch (a->kind) {
    case VF_FK_GLYPH: return a->glyph == ' ' ? VF_F_NONE : glyph_feat(a->glyph);
    case VF_FK_FEATURE: return (vf_feat)a->feature;
    case VF_FK_TRAP: return VF_F_TRAP_MECHANICAL;
    case VF_FK_SHOP: return VF_F_ENTER_SHOP;
    }
    return VF_F_FLOOR;
}

int vf_mapconn_passable(vf_feat f)
{
    return vf_feature_traversable(f) || (vf_feature_props(f) & VF_FP_TRAP);
}

/* ---- the flood ----------------------------------------------------------- */

/* The level's in-bounds area (GXM 80 x GYM 70, less the outer ring). */
static int level_in_bounds(int x, int y)
{
    return x > 0 && x < 79 && y > 0 && y < 69;
}

typedef struct flood {
    vf_rmap *m;
    vf_conn_mode mode;
    int *want;           /* wanted points still unseen, x, y pairs */
    size_t nwant;
    int exit_seen;
    unsigned char *seen; /* cells queued, w * h */
    int *next;           /* cells for the next round, x, y pairs */
    size_t nnext;
} flood;

/* Ticks off one copy of (x, y); 1 when that was the last wanted point. */
static int tick(flood *f, int x, int y)
{
    for (size_t i = 0; i < f->nwant; i++) {
        if (f->want[2 * i] != x || f->want[2 * i + 1] != y) continue;
        memmove(f->want + 2 * i, f->want + 2 * i + 2,
                (f->nwant - i - 1) * 2 * sizeof *f->want);
        return --f->nwant == 0;
    }
    return 0;
}

/* Looks at one neighbour; 1 when the search is over. */
static int look(flood *f, int x, int y)
{
    const vf_grid *g = &f->m->grid;
    if (x < 0 || y < 0 || x >= g->w || y >= g->h) {
        if (f->mode != VF_CONN_EXIT) return 0;
        f->exit_seen = 1;
        return 1;
    }
    if (f->nwant && tick(f, x, y)) return 1;
    vf_feat feat = vf_mapconn_feature(f->m, x, y);
    if (feat == VF_F_NONE) {
        if (f->mode != VF_CONN_EXIT) return 0;
        f->exit_seen = 1;
        return 1;
    }
    if (!vf_mapconn_passable(feat)) return 0;
    unsigned char *s = &f->seen[(size_t)y * (size_t)g->w + (size_t)x];
    if (!*s) {
        *s = 1;
        f->next[2 * f->nnext] = x;
        f->next[2 * f->nnext + 1] = y;
        f->nnext++;
    }
    return 0;
}

/* Orthogonal neighbours first, then diagonal, as the game's travel. */
static const int dirs[8][2] = {
    {0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};

/* Expands one cell; 1 when the search is over. */
static int expand(flood *f, int x, int y)
{
    if (!level_in_bounds(x, y)) return 0;
    int done = 0;
    for (int d = 0; d < 8; d++)
        done |= look(f, x + dirs[d][0], y + dirs[d][1]);
    return done;
}

static void run(flood *f, int sx, int sy)
{
    size_t cells = (size_t)f->m->grid.w * (size_t)f->m->grid.h;
    int *cur = vf_xmalloc((cells + 1) * 2 * sizeof *cur);
    f->next = vf_xmalloc((cells + 1) * 2 * sizeof *f->next);
    f->seen = vf_xcalloc(cells + 1, 1);
    cur[0] = sx;
    cur[1] = sy;
    size_t ncur = 1;
    while (ncur) {
        f->nnext = 0;
        for (size_t i = 0; i < ncur; i++)
            if (expand(f, cur[2 * i], cur[2 * i + 1])) goto out;
        int *t = cur;
        cur = f->next;
        f->next = t;
        ncur = f->nnext;
    }
out:
    free(cur);
    free(f->next);
    free(f->seen);
}

int vf_mapconn_flood(vf_rmap *m, int sx, int sy, const int *pts,
                     size_t npts, vf_conn_mode mode)
{
    if (mode != VF_CONN_EXIT && npts == 0) return 1;
    flood f = {.m = m, .mode = mode, .nwant = npts};
    if (npts) {
        f.want = vf_xmalloc(npts * 2 * sizeof *f.want);
        memcpy(f.want, pts, npts * 2 * sizeof *f.want);
    }
    run(&f, sx, sy);
    free(f.want);
    switch (mode) {
    case VF_CONN_ALL: return f.nwant == 0;
    case VF_CONN_ANY: return f.nwant < npts;
    case VF_CONN_EXIT: return f.exit_seen;
    }
    return 0;
}
