/* Stone stairs and hatches on random floor (dgn_place_stone_stairs). */
#include "layout_int.h"

/* The pairs in the game's order: stairs I, II, III, then the hatches. */
static const char down[4] = {'}', ')', ']', '>'};
static const char up[4] = {'{', '(', '[', '<'};

/* Which glyphs are on the level, in one pass. */
static void glyphs_on_level(const lay *l, unsigned char present[256])
{
    for (int c = 0; c < 256; c++) present[c] = 0;
    for (int y = 0; y < GYM; y++)
        for (int x = 0; x < GXM; x++) present[lay_get(l, x, y)] = 1;
}

/* A random floor cell next to floor, 2 cells in from the edge: 1500 tries,
 * as the game makes (which then vetoes the level; here the stair is left
 * out). */
static void place_on_floor(lay *l, int c)
{
    for (int tries = 0; tries < 1500; tries++) {
        int x = vf_random_range(l->r, 2, GXM - 3);
        int y = vf_random_range(l->r, 2, GYM - 3);
        if (lay_get(l, x, y) == FLOOR && lay_has_adjacent(l, x, y, FLOOR)) {
            lay_set(l, x, y, c);
            return;
        }
    }
}

void lay_stone_stairs(lay *l, int hatches)
{
    unsigned char present[256];
    int have[8];
    glyphs_on_level(l, present);
    for (int i = 0; i < 4; i++) {
        have[i] = present[(unsigned char)down[i]];
        have[4 + i] = present[(unsigned char)up[i]];
    }
    int pairs = 3;
    if (hatches && !lay_in_branch(l, "Slime") && vf_coinflip(l->r)) pairs++;
    for (int i = 0; i < pairs; i++) {
        if (lay_in_hell(l) && i > 0 && i <= 3) continue;
        if (!have[i]) place_on_floor(l, down[i]);
        if (!have[4 + i]) place_on_floor(l, up[i]);
    }
}
