/* vf_mapcheck: the checks the game makes on every map when it loads it,
 * after the load-time Lua run (mapdef.cc validate_map_def; dcss-compat.md
 * §5.7). A map that fails one does not load: the game stops with the
 * message. Only the first failing check is reported, in the game's order:
 *
 *   1. temple maps (PLACE usable in the Temple, or any temple_overflow_
 *      tag): temple_overflow_generic_N must name the number of 'B' cells;
 *      other temple_overflow_ maps pass; the rest need a 'B', no KFEAT on
 *      'B', and no more 'B' than the Temple has gods (22);
 *   2. overwrite_floor_cell maps are exactly 1x1;
 *   3. abyss / abyss_rune maps: not encompass, at most 28x23;
 *   4. size: floats and minivaults at most 76x66, other maps 80x70; then
 *      north/south at most 46 high, east/west at most 53 wide, the corners,
 *      float and centre at most 53x46;
 *   5. a possible exit (vf_mapcheck_has_exit), unless the map is
 *      encompass, tagged unrand, dummy or no_exits, or has no cells;
 *   6. placeable: a DEPTH (the file's default-depth counts), a PLACE, or a
 *      tag that is not a flag (a tag registered with dgn.map_register_flag,
 *      or starting luniq_, buniq_, uniq_, ruin_ or chance_).
 *
 * The checks read the map as the load-time run left it: its grid after
 * fixup, tags, orientation, depths, place and keyed specs. */
#ifndef VF_MAPCHECK_H
#define VF_MAPCHECK_H

#include "vf_rmap.h"
#include "vf_sbuf.h"

/* Whether tag is a registered flag; ctx is the caller's. */
typedef int (*vf_flag_fn)(void *ctx, const char *tag);

/* Runs the checks on m. Returns 0, or -1 with the game's message in err.
 * As the game does, it first gives a map without depths the file's
 * default-depth, and gives an abyss map that cannot rotate within the
 * abyss limits the tag no_rotate: m is changed accordingly. */
int vf_mapcheck(vf_rmap *m, vf_flag_fn is_flag, void *ctx, vf_sbuf *err);

/* The game's map_def::has_exit: some cell is a stair that is not an
 * escape hatch (anywhere), or some cell that is '@', '=' or '+', or whose
 * feature is not solid or is a closed door, lies on the rectangle's border
 * or orthogonally next to a ' '. Features as vf_mapconn_feature sees them
 * (keyed specs included; a '=' KFEAT draws from the map's rng). */
int vf_mapcheck_has_exit(vf_rmap *m);

#endif
