/* vf_layout: whole-level builders, modelled on the game's C++ layouts
 * (dgn-layouts.cc, dgn-swamp.cc, dgn-shoals.cc), drawing onto an 80x70
 * glyph grid instead of the game's level.
 *
 * Glyphs are the map glyphs of dcss-compat.md §3: 'x' rock, 'c' stone
 * wall, 'v' metal wall, 'b' crystal wall, '.' floor, '+' closed door, 'w'
 * deep water, 'W' shallow water, 'l' lava, 't' tree (a mangrove in the
 * Swamp, by the glyph rule), '{' '(' '[' up stairs I-III, '}' ')' ']' down
 * stairs I-III, '<' '>' escape hatches.
 *
 * Each builder draws over what the grid holds, reading 'x' as the rock it
 * may carve, as the game's draw over a level that is all rock when a layout
 * runs: start from vf_layout_grid on an empty grid. Depth and branch come
 * from the place, as the game reads them from the level being built. The
 * random numbers are drawn from r; the same seed and place give the same
 * level. No vault is on the level yet, so the game's vault masks play no
 * part.
 *
 * Where the game's builder leaves walking zones apart (rivers, lakes, lava
 * rooms and pools cutting corridors), the game later gives each zone stairs
 * or vetoes the level; basic, bigger_room and chaotic_city here instead
 * leave one 8-connected walking zone: zones of at most 10 cells with no
 * stairs become rock, as the game fills them, and larger ones are joined to
 * the largest by a floor path. The swamp fills every zone but the largest
 * with mangroves, as the game does to zones without stairs once its stairs
 * are placed. The shoals keep their islands.
 *
 * Every builder returns 0, or -1 with a message appended to err when the
 * grid is not 80x70. */
#ifndef VF_LAYOUT_H
#define VF_LAYOUT_H

#include "vf_grid.h"
#include "vf_place.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

#define VF_LAYOUT_GXM 80    /* the game's GXM */
#define VF_LAYOUT_GYM 70    /* the game's GYM */

/* What of place p the builders read: its absolute depth, and its branch
 * when it is one a builder names (the hells, the Crypt, the Tomb, the
 * Slime Pits). Two places with the same key give the same layout from the
 * same seed, so a cache of built layouts keys on it. */
uint64_t vf_layout_place_key(const vf_game *game, const vf_place *p);

/* Makes g 80x70: rows and cells it lacks become rock, what it holds stays.
 * Returns -1 with a message when g is larger. */
int vf_layout_grid(vf_grid *g, vf_sbuf *err);

/* Rooms and corridors: three wandering trails between stair pairs, joined;
 * sometimes a big room or diamond rooms; random rooms with doors; deeper
 * down, pools, rivers or lakes (dgn_build_basic_level). */
int vf_layout_basic(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err);

/* One open floor 10 cells in from the edge, with pools (or tree clumps),
 * sometimes a river or a lake, and stairs (dgn_build_bigger_room_level). */
int vf_layout_bigger_room(vf_grid *g, vf_rng *r, const vf_game *game,
                          const vf_place *p, vf_sbuf *err);

/* Open floor crowded with boxes, solid or hollow with doors, and now and
 * then an octagonal market square (dgn_build_chaotic_city_level). wall is
 * the glyph every box is drawn with, or 0 to choose rock, stone or metal
 * at random as the game does. */
int vf_layout_chaotic_city(vf_grid *g, vf_rng *r, const vf_game *game,
                           const vf_place *p, char wall, vf_sbuf *err);

/* Cellular caves: random floor smoothed into caverns 3 cells in from the
 * edge, as the game's cave layouts grow them, with stairs. */
int vf_layout_caves(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err);

/* Two corridors 3 to 7 cells wide crossing in rock, from 4 cells in from
 * the edge, with stairs: most of the level is solid. */
int vf_layout_cross(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err);

/* A height map of slushy patches turned into floor, shallow water and
 * mangroves, 6 cells of mangrove round the edge (dgn_build_swamp_level).
 * Deeper Swamp levels have more shallow water. */
int vf_layout_swamp(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err);

/* Islands and cliffs raised on a height map in a sea: floor, shallow and
 * deep water, rock and stone, with stairs (dgn_build_shoals_level). The
 * game's open sea on the outer ring has no glyph and is drawn as rock; the
 * plants and tides the game adds after the builder are left out. */
int vf_layout_shoals(vf_grid *g, vf_rng *r, const vf_game *game,
                     const vf_place *p, vf_sbuf *err);

#endif
