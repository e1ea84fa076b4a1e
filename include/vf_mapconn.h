/* vf_mapconn: connectivity on a map's own grid, before placement -- what
 * the game's dgn.points_connected, dgn.any_point_connected and
 * dgn.has_exit_from answer, and the feature look-up its load-time exit
 * check uses (mapdef.cc map_feature_finder, map_bounds_check; l-dgn.cc
 * dgn_map_pathfind; dcss-compat.md §3).
 *
 * The feature of a cell (the game's map_feature_at):
 *   - ' ' is outside the map (VF_F_NONE);
 *   - a glyph that any K* call named (KFEAT, KMONS, KITEM or KMASK: any
 *     keyed spec, even a mask alone) is judged by its KFEAT only: the
 *     drawn alternative's feature, a one-glyph alternative by that glyph's
 *     default meaning, a shop as enter_shop, a random trap as a trap; no
 *     KFEAT (or nothing drawn) is floor. A '=' KFEAT draws again at every
 *     look-up, from the map's rng, as the game's does;
 *   - any other glyph has its default meaning (vf_glyph.h), except that
 *     'B' and '^' are floor and NUL is rock (the game's _glyph_to_feat).
 *
 * The flood (the game's flood_find in RMODE_CONNECTIVITY), from a start
 * cell, in rounds (a breadth-first search):
 *   - a cell is expanded only when it lies inside the level's in-bounds
 *     area taken in map coordinates (1 <= x <= 78, 1 <= y <= 68): the
 *     game floods in level coordinates although the cells are the map's,
 *     so row 0 and column 0 never spread and a start there finds nothing;
 *   - expanding a cell looks at its 8 neighbours, orthogonal ones first
 *     (N, E, S, W, then NE, SE, SW, NW);
 *   - a neighbour outside the map rectangle, or holding ' ', is an exit
 *     (has_exit_from) and is never entered;
 *   - a neighbour that is one of the wanted points is ticked off whatever
 *     it holds (walls and spaces too; one copy per look), before its
 *     feature is looked at;
 *   - a neighbour is entered when its feature is traversable
 *     (vf_feature_traversable) or a trap;
 *   - the start itself is expanded whatever it holds, and can be entered
 *     again from a neighbour;
 *   - the search stops as soon as a look finishes off the wanted points or
 *     sees an exit (the rest of that cell's neighbours are still looked
 *     at, as in the game).
 *
 * Pure functions of the map apart from the draws: no state kept. */
#ifndef VF_MAPCONN_H
#define VF_MAPCONN_H

#include <stddef.h>

#include "vf_feature.h"
#include "vf_rmap.h"

/* The feature at (x, y) as above; VF_F_NONE for ' ' and outside the grid.
 * A random trap is given as VF_F_TRAP_MECHANICAL (any trap behaves alike
 * here: not solid, passable to the flood). */
vf_feat vf_mapconn_feature(vf_rmap *m, int x, int y);

/* Whether the flood enters a cell with feature f. */
int vf_mapconn_passable(vf_feat f);

typedef enum vf_conn_mode {
    VF_CONN_ALL,    /* points_connected: every wanted point reached */
    VF_CONN_ANY,    /* any_point_connected: at least one reached */
    VF_CONN_EXIT,   /* has_exit_from: an exit seen (and, when points are
                     * given, seen no later than the last of them) */
} vf_conn_mode;

/* Floods from (sx, sy) looking for the npts points pts[2i], pts[2i+1].
 * With no points, ALL and ANY are true without flooding. */
int vf_mapconn_flood(vf_rmap *m, int sx, int sy, const int *pts,
                     size_t npts, vf_conn_mode mode);

#endif
