/* Cellular caves: random rock and floor smoothed into caverns, as the
 * game's cave layouts grow them (layout_caves.des, layout_cellular.des). */
#include "layout_int.h"

#include <stdlib.h>

#define MARGIN 3
#define FLOOR_PERCENT 55
#define PASSES 5

/* Rock among the 3x3 cells round (x, y), itself included. */
static int rock_around(const lay *l, int x, int y)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            n += lay_get(l, x + dx, y + dy) == ROCK;
    return n;
}

/* One pass of the 4-5 rule, from a copy so the pass reads one state. */
static void smooth(lay *l, char *next)
{
    for (int y = MARGIN; y < GYM - MARGIN; y++)
        for (int x = MARGIN; x < GXM - MARGIN; x++)
            next[y * GXM + x] = rock_around(l, x, y) >= 5 ? ROCK : FLOOR;
    for (int y = MARGIN; y < GYM - MARGIN; y++)
        for (int x = MARGIN; x < GXM - MARGIN; x++)
            lay_set(l, x, y, next[y * GXM + x]);
}

int vf_layout_caves(vf_grid *g, vf_rng *r, const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, p, err)) return -1;
    for (int y = MARGIN; y < GYM - MARGIN; y++)
        for (int x = MARGIN; x < GXM - MARGIN; x++)
            lay_set(&l, x, y,
                    vf_random2(r, 100) < FLOOR_PERCENT ? FLOOR : ROCK);
    char *next = vf_xmalloc(GXM * GYM);
    for (int i = 0; i < PASSES; i++) smooth(&l, next);
    free(next);
    lay_stone_stairs(&l, 1);
    lay_connect(&l, 0);
    return 0;
}
