/* The Shoals: islands and cliffs on a height map in the sea
 * (dgn_build_shoals_level). */
#include "layout_int.h"

#include <math.h>
#include <stdlib.h>

#define MARGIN 6
/* Heights where the ground changes. */
#define H_STONE 400
#define H_ROCK 135
#define H_FLOOR 0
#define H_SHALLOW (-30)

/* Island centres closer than this (squared) are tried again. */
#define ISLAND_SPACING2 (5 * 5)
#define MAX_ISLANDS 20

typedef struct islands {
    int x[MAX_ISLANDS], y[MAX_ISLANDS];
    int n;
} islands;

static int range(lay *l, int lo, int hi)
{
    return vf_random_range(l->r, lo, hi);
}

/* A centre at least 12 in from the edge, kept off the others if 15 tries
 * allow. */
static void island_spot(lay *l, islands *is, int *x, int *y)
{
    for (int tries = 0; tries < 15; tries++) {
        lay_point_in_margin(l, MARGIN * 2, x, y);
        int clear = 1;
        for (int i = 0; i < is->n && clear; i++) {
            int dx = is->x[i] - *x, dy = is->y[i] - *y;
            clear = dx * dx + dy * dy >= ISLAND_SPACING2;
        }
        if (clear) break;
    }
    if (is->n < MAX_ISLANDS) is->x[is->n] = *x, is->y[is->n++] = *y;
}

/* A main hill, sometimes an atoll, and up to three lower ones nearby. */
static void island(lay *l, lay_heights *hm, islands *is)
{
    int x, y;
    island_spot(l, is, &x, &y);
    int points = range(l, 50, 60), radius = range(l, 3, 10);
    lay_hill main = {.x = x, .y = y, .n_points = points, .radius = radius,
                     .lo = 80, .hi = 110, .margin = MARGIN,
                     .atoll = vf_x_chance_in_y(l->r, 10, 100)};
    lay_island(l, hm, &main);
    int extra = range(l, 0, 3);
    for (int i = 0; i < extra; i++) {
        lay_pt a;
        if (!lay_point_from(l, (lay_pt){x, y}, range(l, 2, 10), MARGIN, &a))
            continue;
        points = range(l, 25, 45);
        radius = range(l, 2, 7);
        lay_hill lower = {.x = a.x, .y = a.y, .n_points = points,
                          .radius = radius, .lo = 50, .hi = 65,
                          .margin = MARGIN,
                          .atoll = vf_x_chance_in_y(l->r, 10, 100)};
        lay_island(l, hm, &lower);
    }
}

/* A ridge of high points along a random line. */
static void cliff(lay *l, lay_heights *hm)
{
    int cx, cy;
    lay_point_in_margin(l, MARGIN * 2, &cx, &cy);
    int length = range(l, 6, 15);
    double angle = lay_radians(vf_random2(l->r, 360));
    for (int i = 0; i < length; i += 3) {
        int d = i - length / 2;
        int x = cx + (int)(d * cos(angle)), y = cy + (int)(d * sin(angle));
        x += range(l, -2, 2);
        y += range(l, -2, 2);
        lay_hill high = {.x = x, .y = y, .n_points = range(l, 40, 60),
                         .radius = 3, .lo = 100, .hi = 130, .margin = MARGIN};
        lay_island(l, hm, &high);
    }
}

static int shoals_glyph(int height)
{
    return height >= H_STONE ? STONE
         : height >= H_ROCK ? ROCK
         : height >= H_FLOOR ? FLOOR
         : height >= H_SHALLOW ? SHALLOW
         : DEEP;
}

int vf_layout_shoals(vf_grid *g, vf_rng *r, const vf_game *game,
                     const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    lay_heights *hm = vf_xmalloc(sizeof *hm);
    islands is = {{0}, {0}, 0};
    lay_heights_fill(hm, H_SHALLOW - 3);
    int n = 20 - (l.depth - 1) * 2;
    for (int i = 0; i < n; i++) island(&l, hm, &is);
    int cliffs = lay_range(r, 0, 6, 2);
    for (int i = 0; i < cliffs; i++) cliff(&l, hm);
    lay_smooth(hm);
    /* The outer ring is the game's open sea, a wall with no glyph. */
    for (int y = 0; y < GYM; y++)
        for (int x = 0; x < GXM; x++) {
            int ring = !x || !y || x == GXM - 1 || y == GYM - 1;
            lay_set(&l, x, y,
                    ring ? ROCK : shoals_glyph(*lay_height(hm, x, y)));
        }
    free(hm);
    lay_stone_stairs(&l, 0);
    return 0;
}
