/* Placement's internal steps (src/place/), in the order vf_place_map runs
 * them. */
#ifndef VF_PLACE_INT_H
#define VF_PLACE_INT_H

#include "vf_placement.h"

/* In the map, orthogonally next to a space or the rectangle's edge. */
int vf_place_on_edge(const vf_rmap *m, int x, int y);
/* _pick_float_exits, for a vault that wrote no exit. */
void vf_place_float_exits(const vf_level *l, const vf_rmap *m, vf_rng *r,
                          vf_level_vault *v);
/* dgn_register_place: masks, properties and the vault index. */
void vf_place_register(vf_level *l, vf_rmap *m, const vf_place_opts *o,
                       int index, vf_level_vault *v);

/* The terrain a cell holding the monster of spec (one alternative of a
 * MONS or KMONS spec) ends up with: here, or the water or lava the monster
 * needs when it cannot live on here. */
vf_feat vf_place_monster_terrain(const char *spec, vf_feat here);

/* The VF_CELL_* bits a cell holding the monster of spec gets besides
 * VF_CELL_MONSTER: VF_CELL_STATIC_MONSTER when it never moves, with
 * VF_CELL_FIREWOOD when the game counts it as firewood; else 0. */
unsigned vf_place_monster_stays(const char *spec);

#endif
