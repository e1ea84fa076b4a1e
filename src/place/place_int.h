/* Placement's internal steps (src/place/), in the order vf_place_map runs
 * them. */
#ifndef VF_PLACE_INT_H
#define VF_PLACE_INT_H

#include "vf_placement.h"

#include <stdint.h>

/* What the collision rules (§6.2) ask of a map on a level, from its tags
 * and the level's branch: worked out once, not once per try. */
typedef struct vf_place_rules {
    int overwritable;     /* the map may go anywhere */
    int water_ok;         /* it may cover deep water */
    int overwrite_cell;   /* overwrite_floor_cell: only on plain floor */
    int slime;            /* the Slime Pits: not next to a stair */
} vf_place_rules;

void vf_place_rules_of(const vf_level *l, const vf_rmap *m,
                       vf_place_rules *out);
/* vf_place_is_safe with the rules worked out. */
int vf_place_safe_by_rules(const vf_level *l, const vf_rmap *m,
                           const vf_place_rules *s, int x, int y);
/* _connected_minivault_place: some non-space cell of m at (x, y) lands on
 * floor, shallow water or a door. */
int vf_place_touches_floor(const vf_level *l, const vf_rmap *m, int x,
                           int y);

/* Cells as row bitsets: bit x & 63 of w[y][x >> 6]. */
typedef struct vf_place_rows {
    uint64_t w[VF_GYM][2];
} vf_place_rows;

/* The minivault search (§6.3): up to 600 positions of one map on one
 * level that does not change meanwhile. After a few tries cell by cell it
 * builds row bitsets of the map's cells and of the level's cells the
 * rules refuse or the touch test wants, and tests a position by h word
 * operations. Holds l and m: both must outlive it. */
typedef struct vf_place_search {
    const vf_level *l;
    const vf_rmap *m;
    int check;                /* the collision rules apply */
    vf_place_rules rules;
    int tries, built;
    vf_place_rows shape;      /* the map's non-space cells */
    vf_place_rows touch;      /* floor, shallow water, doors */
    vf_place_rows forbidden;  /* cells the rules refuse (none unchecked) */
} vf_place_search;

void vf_place_search_init(vf_place_search *s, const vf_level *l,
                          const vf_rmap *m, int check);
/* Whether m at (x, y) touches floor and, when checked, is safe: the
 * answer of vf_place_touches_floor && vf_place_safe_by_rules. */
int vf_place_search_fits(vf_place_search *s, int x, int y);

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
