/* Cellular caves: random rock and floor smoothed into caverns, as the
 * game's cave layouts grow them (layout_caves.des, layout_cellular.des). */
#include "layout_int.h"

#include <string.h>

#define MARGIN 3
#define FLOOR_PERCENT 55
#define PASSES 5

/* Rock as bytes, 1 for rock: a smoothing pass counts a cell's 3x3 from
 * column sums (three reads a cell rather than nine look-ups). */
typedef uint8_t rock_map[GYM][GXM];

/* One pass of the 4-5 rule inside the margin, from cur into next: rock
 * where five or more of the 3x3 cells round a cell, itself included, are
 * rock. Cells outside the margin never change. */
static void smooth(rock_map cur, rock_map next)
{
    for (int y = MARGIN; y < GYM - MARGIN; y++) {
        uint8_t col[GXM];
        for (int x = MARGIN - 1; x <= GXM - MARGIN; x++)
            col[x] = (uint8_t)(cur[y - 1][x] + cur[y][x] + cur[y + 1][x]);
        for (int x = MARGIN; x < GXM - MARGIN; x++)
            next[y][x] = col[x - 1] + col[x] + col[x + 1] >= 5;
    }
}

int vf_layout_caves(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    rock_map a, b;
    for (int y = 0; y < GYM; y++)
        for (int x = 0; x < GXM; x++) a[y][x] = lay_get(&l, x, y) == ROCK;
    for (int y = MARGIN; y < GYM - MARGIN; y++)
        for (int x = MARGIN; x < GXM - MARGIN; x++)
            a[y][x] = vf_random2(r, 100) >= FLOOR_PERCENT;
    memcpy(b, a, sizeof b);
    uint8_t (*cur)[GXM] = a, (*next)[GXM] = b;
    for (int i = 0; i < PASSES; i++) {
        smooth(cur, next);
        uint8_t (*t)[GXM] = cur;
        cur = next;
        next = t;
    }
    for (int y = MARGIN; y < GYM - MARGIN; y++)
        for (int x = MARGIN; x < GXM - MARGIN; x++)
            lay_set(&l, x, y, cur[y][x] ? ROCK : FLOOR);
    lay_stone_stairs(&l, 1);
    lay_connect(&l, 0);
    return 0;
}
