/* One big open floor (dgn_build_bigger_room_level). */
#include "layout_int.h"

int vf_layout_bigger_room(vf_grid *g, vf_rng *r, const vf_game *game,
                          const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    lay_replace_area(&l, (lay_area){10, 10, GXM - 11, GYM - 11}, ROCK, FLOOR);
    lay_many_pools(&l, vf_one_chance_in(r, 15) ? TREE : DEEP);
    if (vf_one_chance_in(r, 3)) {
        if (vf_coinflip(r)) lay_river(&l, DEEP);
        else lay_lake(&l, DEEP);
    }
    lay_stone_stairs(&l, 1);
    lay_connect(&l, 0);
    return 0;
}
