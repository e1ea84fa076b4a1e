/* Two wide corridors crossing in rock: a level where most of a vault's
 * sides face solid rock, so exits and docking are tested hard. */
#include "layout_int.h"

#define EDGE 4

int vf_layout_cross(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    int cy = 20 + vf_random2(r, GYM - 40);
    int cx = 20 + vf_random2(r, GXM - 40);
    int hy = 1 + vf_random2(r, 3), hx = 1 + vf_random2(r, 3);
    lay_replace_area(&l, (lay_area){EDGE, cy - hy, GXM - 1 - EDGE, cy + hy},
                     ROCK, FLOOR);
    lay_replace_area(&l, (lay_area){cx - hx, EDGE, cx + hx, GYM - 1 - EDGE},
                     ROCK, FLOOR);
    lay_stone_stairs(&l, 0);
    return 0;
}
