/* vf_depth (src/game/): DEPTH and PLACE ranges, and the places they allow
 * (dcss-compat.md §6.5; the game's level_range and depth_ranges).
 *
 * A range string is a comma-separated list of pieces, each one of
 *   *            anywhere
 *   Br           every level of branch Br (its abbreviation, exactly)
 *   Br:N  Br:N-M  Br:N-  Br:N-$  Br:*  Br:$   levels of Br ($ = its last)
 *   N  N-M  N-                                absolute depths, any branch
 *   any:...  Any:...                          the same, spelled out
 * and a leading '!' makes the piece a deny range. A place matches a list
 * when some allowing piece matches it and no deny piece does. Parsing
 * follows the game to the letter, quirks included ("!*" is an unknown
 * branch, a bad depth is reported before an unknown branch), and its
 * errors are the game's: "Unknown branch: 'X'", "Bad depth: S",
 * "Level-range B:N-M is malformed".
 *
 * Depth-dependent values (WEIGHT: 5 (D:2-), CHANCE ...) are a list of
 * (ranges, value); the first whose ranges match gives the value.
 *
 * Branches are those of a game (g, vf_place.h; NULL: trunk's), the same
 * when a list is parsed and when it is matched. */
#ifndef VF_DEPTH_H
#define VF_DEPTH_H

#include "vf_place.h"
#include "vf_sbuf.h"

#define VF_BRANCH_END 100      /* the game's BRANCH_END: "to the bottom" */

typedef struct vf_range {
    int branch;     /* vf_place.h branch index, or -1 for any branch */
    int lo, hi;     /* levels (absolute depths when branch is -1);
                     * VF_BRANCH_END as lo means the branch's last level */
    int deny;
} vf_range;

typedef struct vf_depths {
    vf_range *v;    /* owned */
    int n, cap;
} vf_depths;

/* Parses s and appends its pieces to d. On a bad piece nothing is
 * appended and -1 is returned with the game's message in err. */
int vf_depths_add(const vf_game *g, vf_depths *d, const char *s,
                  vf_sbuf *err);
/* Whether p is allowed: some allowing piece matches and no deny does
 * (an empty list allows nothing). */
int vf_depths_match(const vf_game *g, const vf_depths *d, const vf_place *p);
/* The first place the list allows, branches in the table's order and
 * levels from the top; returns 0, or -1 when it allows none. */
int vf_depths_first(const vf_game *g, const vf_depths *d, vf_place *out);
void vf_depths_copy(vf_depths *dst, const vf_depths *src);  /* replaces */
void vf_depths_clear(vf_depths *d);     /* empty; keeps the memory */
void vf_depths_free(vf_depths *d);

typedef struct vf_depth_value {
    vf_depths where;
    int value;
} vf_depth_value;

typedef struct vf_depth_values {
    vf_depth_value *v;   /* owned */
    int n, cap;
} vf_depth_values;

/* Adds (ranges, value); -1 with the game's message when ranges is bad. */
int vf_depth_values_add(const vf_game *g, vf_depth_values *dv,
                        const char *ranges, int value, vf_sbuf *err);
/* The value of the first entry matching p, or dflt. */
int vf_depth_values_get(const vf_game *g, const vf_depth_values *dv,
                        const vf_place *p, int dflt);
void vf_depth_values_copy(vf_depth_values *dst, const vf_depth_values *src);
void vf_depth_values_free(vf_depth_values *dv);

#endif
