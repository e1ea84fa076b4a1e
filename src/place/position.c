/* Where a vault goes: position by orientation (§6.1) and the minivault
 * search (§6.3); the collision rules (§6.2) are in collide.c. */
#include "vf_placement.h"
#include "place_int.h"
#include "vf_glyph.h"

#include <stdio.h>
#include <string.h>

static int map_w(const vf_rmap *m) { return m->grid.w; }
static int map_h(const vf_rmap *m) { return m->grid.h; }

static int cell(const vf_rmap *m, int x, int y)
{
    return vf_grid_get(&m->grid, x, y);
}

static void fit_into_bounds(int *x, int *y, int w, int h, int margin)
{
    int x1 = margin, y1 = margin;
    int x2 = VF_GXM - 1 - margin, y2 = VF_GYM - 1 - margin;
    if (*x < x1) *x = x1;
    if (*y < y1) *y = y1;
    if (*x + w - 1 > x2) *x = x2 - w + 1;
    if (*y + h - 1 > y2) *y = y2 - h + 1;
}

static int minivault_place(const vf_level *l, const vf_rmap *m, int check,
                           vf_rng *r, int *x, int *y)
{
    int margin = VF_MAPGEN_BORDER * 2 +
                 (l->place.branch == vf_branch_find(l->game, "Shoals"));
    vf_place_search s;
    vf_place_search_init(&s, l, m, check);
    for (int tries = 0; tries < 600; tries++) {
        int vx = vf_random_range(r, margin, VF_GXM - margin - map_w(m));
        int vy = vf_random_range(r, margin, VF_GYM - margin - map_h(m));
        if (!vf_place_search_fits(&s, vx, vy)) continue;
        *x = vx;
        *y = vy;
        fit_into_bounds(x, y, map_w(m), map_h(m), VF_MAPGEN_BORDER);
        return 0;
    }
    return -1;
}

/* ---- floats: docking and random places ---------------------------------- */

static int solid_row(const vf_rmap *m, int y)
{
    for (int x = 0; x < map_w(m); x++)
        if (!(vf_glyph_flags(cell(m, x, y)) & VF_GL_SOLID_BORDER)) return 0;
    return 1;
}

static int solid_col(const vf_rmap *m, int x)
{
    for (int y = 0; y < map_h(m); y++)
        if (!(vf_glyph_flags(cell(m, x, y)) & VF_GL_SOLID_BORDER)) return 0;
    return 1;
}

enum { N, S, E, W, NE, SE, NW, SW };

static int can_dock(const vf_rmap *m, int side, int n, int s, int e, int w)
{
    switch (side) {
    case N: return n && map_w(m) > VF_GXM * 2 / 3;
    case S: return s && map_w(m) > VF_GXM * 2 / 3;
    case E: return e && map_h(m) > VF_GYM * 2 / 3;
    case W: return w && map_h(m) > VF_GYM * 2 / 3;
    case NE: return n && e;
    case SE: return s && e;
    case NW: return n && w;
    default: return s && w;
    }
}

static void dock_pos(const vf_rmap *m, int side, int *x, int *y)
{
    const int b = 6;
    int w = map_w(m), h = map_h(m);
    int cx = (VF_GXM - w) / 2, cy = (VF_GYM - h) / 2;
    int ex = VF_GXM - b - w, sy = VF_GYM - b - h;
    static const int pick[8][2] = {{0, 1}, {0, 2}, {2, 0}, {1, 0},
                                   {2, 1}, {2, 2}, {1, 1}, {1, 2}};
    int xs[3] = {cx, b, ex}, ys[3] = {cy, b, sy};
    *x = xs[pick[side][0]];
    *y = ys[pick[side][1]];
}

/* float_dock: a random side among those whose borders are all solid. */
static int float_dock(const vf_rmap *m, vf_rng *r, int *x, int *y)
{
    int n = solid_row(m, 0), s = solid_row(m, map_h(m) - 1);
    int w = solid_col(m, 0), e = solid_col(m, map_w(m) - 1);
    int which = -1, count = 0;
    for (int side = N; side <= SW; side++)
        if (can_dock(m, side, n, s, e, w) && vf_one_chance_in(r, ++count))
            which = side;
    if (which < 0) return -1;
    dock_pos(m, which, x, y);
    return 0;
}

static void float_random(const vf_rmap *m, vf_rng *r, int *x, int *y)
{
    int hb = VF_MAPGEN_BORDER + 11, vb = hb;
    if (VF_GXM - 2 * hb < map_w(m)) hb = (VF_GXM - map_w(m)) / 2 - 1;
    if (VF_GYM - 2 * vb < map_h(m)) vb = (VF_GYM - map_h(m)) / 2 - 1;
    *x = vf_random_range(r, hb, VF_GXM - hb - map_w(m));
    *y = vf_random_range(r, vb, VF_GYM - vb - map_h(m));
}

/* ---- by orientation -------------------------------------------------- */

static int is(const char *o, const char *name) { return !strcmp(o, name); }

static void compass_position(const char *o, int w, int h, int *x, int *y)
{
    *x = *y = 0;
    if (is(o, "south") || is(o, "southeast") || is(o, "southwest"))
        *y = VF_GYM - h;
    if (is(o, "east") || is(o, "northeast") || is(o, "southeast"))
        *x = VF_GXM - w;
    int centred = is(o, "encompass") || is(o, "centre");
    if ((is(o, "north") || is(o, "south") || centred) && w < VF_GXM)
        *x = (VF_GXM - w) / 2;
    if ((is(o, "east") || is(o, "west") || centred) && h < VF_GYM)
        *y = (VF_GYM - h) / 2;
}

int vf_place_position(const vf_level *l, const vf_rmap *m, int check,
                      vf_rng *r, vf_placed *out)
{
    int *x = &out->x, *y = &out->y;
    char *why = out->why;
    size_t whylen = sizeof out->why;
    const char *o = m->orient ? m->orient : "float";
    int w = map_w(m), h = map_h(m);
    if (is(o, "float")) {
        if (vf_rmap_has_tag(m, "minivault")) {
            if (minivault_place(l, m, check, r, x, y)) {
                snprintf(why, whylen, "no place for the minivault in 600 "
                         "tries (it must touch floor%s)",
                         check ? " and not touch another vault" : "");
                return -1;
            }
        } else if (!vf_coinflip(r) || float_dock(m, r, x, y)) {
            float_random(m, r, x, y);
        }
    } else {
        compass_position(o, w, h, x, y);
    }
    if (!vf_level_in_bounds(*x, *y) || *x + w > VF_GXM || *y + h > VF_GYM) {
        snprintf(why, whylen, "a %dx%d %s map does not fit on the level at "
                 "(%d,%d)", w, h, o, *x, *y);
        return -1;
    }
    if (check && !vf_place_is_safe(l, m, *x, *y)) {
        snprintf(why, whylen, "collides at (%d,%d): next to another vault "
                 "or over features it may not overwrite", *x, *y);
        return -1;
    }
    return 0;
}
