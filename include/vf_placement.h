/* vf_placement: puts a resolved map on a level as the game's placement
 * does (dcss-compat.md §3, §4.2, §6): position by orientation (float
 * docking, the minivault search), the collision rules, the cells written
 * from glyphs and keyed specs, exits, vault masks, and the connection of
 * each exit to the nearest floor.
 *
 * Everything random draws from the caller's generator, so a case replays
 * from its seed. Nothing here allocates. */
#ifndef VF_PLACEMENT_H
#define VF_PLACEMENT_H

#include "vf_level.h"
#include "vf_rmap.h"
#include "vf_rng.h"

typedef struct vf_place_opts {
    int check_collision;   /* map_place_valid: the game's normal placement;
                            * placement.lua passes false */
    int make_no_exits;     /* clear the exits and do not connect them (as
                            * placement.lua asks) */
    int force_transparent; /* treat the vault as tagged transparent (its
                            * -opacity mode) */
    int defer_exits;       /* choose the exits but leave connecting them to
                            * the caller, as the game does for a primary
                            * vault until the layout is built round it */
} vf_place_opts;

typedef enum vf_place_status {
    VF_PLACED,             /* on the level */
    VF_PLACE_FAILED,       /* no position: why says which rule */
    VF_EXITS_UNCONNECTED,  /* placed, but none of its exits reached floor:
                            * the game vetoes the level */
} vf_place_status;

typedef struct vf_placed {
    int vault;             /* index into level->vaults, -1 if not placed */
    int x, y, w, h;
    int exits, connected;  /* exits chosen; how many were connected */
    char why[160];         /* VF_PLACE_FAILED: the reason */
} vf_placed;

/* Places m (resolved and fixed up) on l. m's '=' keyed specs draw from
 * m->rng as cells are written; placement's own draws come from r. */
vf_place_status vf_place_map(vf_level *l, vf_rmap *m, const vf_place_opts *o,
                             vf_rng *r, vf_placed *out);

/* Where dgn.place_map was asked to put a map: a floating map is centred
 * there instead of searching (maps.cc _apply_vault_grid). */
typedef struct vf_place_at {
    int x, y;
} vf_place_at;

/* vf_place_map with a position asked for (at; NULL: none). */
vf_place_status vf_place_map_at(vf_level *l, vf_rmap *m,
                                const vf_place_opts *o, const vf_place_at *at,
                                vf_rng *r, vf_placed *out);

/* apply_grid: every non-space cell of m onto v's rectangle (an
 * overwritable map skips cells a vault holds); exits from '@', '=', '+' on
 * the edge into v. Registers nothing: what a layout map writes is no
 * vault. */
void vf_place_write(vf_level *l, vf_rmap *m, vf_rng *r, vf_level_vault *v);

/* The top-left for m on l by its orientation (§6.1) in out->x, out->y,
 * or -1 with out->why (out->x and out->y then hold the spot refused). */
int vf_place_position(const vf_level *l, const vf_rmap *m, int check,
                      vf_rng *r, vf_placed *out);

/* _map_safe_vault_place (§6.2): may m's non-space cells go at (x, y)? */
int vf_place_is_safe(const vf_level *l, const vf_rmap *m, int x, int y);

/* Could the exit at (x, y) be connected: does the search for floor find
 * one? Changes nothing. */
int vf_place_exit_reaches_floor(const vf_level *l, int x, int y);

/* connect one exit: flood (8 directions, through cells with no mask bit)
 * to the nearest floor, then cut an orthogonal path to it avoiding vault
 * cells (the game's join_the_dots). Returns 1 if connected. */
int vf_place_connect_exit(vf_level *l, int x, int y, vf_rng *r);

#endif
