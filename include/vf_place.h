/* vf_place (src/game/): where in the dungeon a case is built (branch and
 * depth).
 *
 * Vault Lua asks about the level being built (you.depth(), you.in_branch,
 * dgn.br_depth ...); vaultfuzz answers from a place given on the command
 * line (--place BRANCH:DEPTH). The branch table holds the game's branch
 * names and depths (dcss-compat.md §7.2 lists what the corpus asks): a
 * game's (vf_gamever.h; NULL: trunk) is the checkout's own branches[] when
 * its source was read, else ours. A place's branch is an index into its
 * game's table. */
#ifndef VF_PLACE_H
#define VF_PLACE_H

#include <stddef.h>

#include "vf_gamever.h"

typedef struct vf_branch {
    const char *abbrev;     /* "D", "Lair", "IceCv": as in DEPTH:/PLACE: */
    const char *shortname;  /* "Dungeon", "Ice Cave" */
    const char *longname;   /* "the Dungeon" */
    int parent;             /* index, or -1 */
    int depth;              /* levels in the branch */
    int absdepth;           /* absolute depth of level 1, 1-based */
    int portal;             /* not a connected branch (the game's
                             * is_connected_branch is false): a portal
                             * branch, the Abyss, Pandemonium */
    int islanded;           /* brflag::islanded (the Tomb) */
    int mindepth, maxdepth; /* the parent's levels its entrance is drawn
                             * among once per game (ng-init-branches.cc
                             * create_brentry); -1 when it has none */
} vf_branch;

/* Whether the game's connectivity vetoes and closet search run on the
 * branch's levels (dungeon.cc _dgn_verify_connectivity: a connected
 * branch, not islanded). */
static inline int vf_branch_checked(const vf_branch *b)
{
    return b && !b->portal && !b->islanded;
}

typedef struct vf_place {
    int branch;             /* index into the branch table */
    int depth;              /* 1-based level in the branch */
} vf_place;

/* The default place: a mid-dungeon level. */
#define VF_PLACE_DEFAULT "D:8"
/* Where the game's player stands while it loads maps: read_maps() (maps.cc)
 * runs before any game exists, with the player as player.cc's
 * player::init leaves it (BRANCH_DUNGEON, depth 1). */
#define VF_PLACE_LOAD "D:1"

size_t vf_branch_count(const vf_game *g);
const vf_branch *vf_branch_get(const vf_game *g, int i);
/* Index of the branch whose abbreviation, short or long name is name
 * (case-insensitive); -1 if none. */
int vf_branch_find(const vf_game *g, const char *name);

/* Parses "BRANCH:DEPTH" or "BRANCH" (depth 1). Returns 0, or -1 with a
 * message in why. */
int vf_place_parse(const vf_game *g, const char *s, vf_place *out, char *why,
                   size_t whylen);
/* "D:8", or "Temple" for a one-level branch: the game's describe(). */
void vf_place_describe(const vf_game *g, const vf_place *p, char *buf,
                       size_t len);
/* 1-based, as you.absdepth() */
int vf_place_absdepth(const vf_game *g, const vf_place *p);

#endif
