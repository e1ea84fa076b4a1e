/* vf_gamesrc (src/game/): the name tables of a checkout's own C++ source.
 *
 * When a checkout has the game's source beside dat/ (the .cc files of
 * crawl-ref/source next to crawl-ref/source/dat), its tables are read
 * from there and win over our built-in ones, so a fork with names of its
 * own loads: feature names (feature-data.h feat_defs[]), trap names
 * (trap_names[]), shop types (shopping.cc shop_types[]), feature
 * properties (fprop.cc str_to_fprop) and branches (branch-data.h
 * branches[]).
 *
 * The extractor is forgiving: it reads the string literals of each table
 * between known markers, as the game is built (TAG_MAJOR_VERSION 34, so
 * "#if TAG_MAJOR_VERSION > 34" blocks are left out). A table it cannot
 * find falls back to our built-in table for the detected version, and the
 * note says so once.
 *
 * A checkout without its C++ source (dat/ alone) can have its names
 * declared instead, in a names file (--game-names, vf_gamesrc_read_names):
 * they are looked up before the tables, whichever the game uses.
 *
 * A set is used through the game value that borrows it (vf_game,
 * vf_gamever.h); a game with none uses the built-in tables. */
#ifndef VF_GAMESRC_H
#define VF_GAMESRC_H

#include <stddef.h>

#include "vf_place.h"
#include "vf_sbuf.h"

typedef struct vf_gamesrc vf_gamesrc;

/* The tables a source tree may hold. */
typedef enum vf_gs_table {
    VF_GS_FEATURES, VF_GS_TRAPS, VF_GS_SHOPS, VF_GS_FPROPS, VF_GS_BRANCHES,
    VF_GS_COUNT
} vf_gs_table;

/* Reads the tables of the C++ source in dir (the directory holding dat/).
 * Returns NULL when dir holds no C++ source at all (no *.cc), else a set
 * owned by the caller (vf_gamesrc_free) with, in note, what was read and
 * what falls back to ours ("features, traps ... from the checkout's
 * source; no shop_types[]: ours"). */
vf_gamesrc *vf_gamesrc_read(const char *dir, vf_sbuf *note);
/* A set with no table and nothing registered, so every lookup falls back
 * to the built-in tables until names are declared in it. Owned by the
 * caller (vf_gamesrc_free). */
vf_gamesrc *vf_gamesrc_new(void);
void vf_gamesrc_free(vf_gamesrc *s);

/* Whether the source's game registers the Lua name ("require",
 * "crawl.random_element": names older games and forks have and today's
 * do not), which its library calls; whether its .des parser takes
 * CHANCE's "priority : chance" form (util/levcomp.ypp). 0 for NULL. */
int vf_gamesrc_registers(const vf_gamesrc *s, const char *name);
int vf_gamesrc_chance_priority(const vf_gamesrc *s);

/* Whether s holds table t (read from the source). */
int vf_gamesrc_has(const vf_gamesrc *s, vf_gs_table t);

/* The feature the source names so (its vault name, as KFEAT spells it):
 * 1 with its enum name ("DNGN_ROCK_WALL") and whether feature-data.h
 * calls it solid, opaque, a wall or a trap (the VF_GS_FFT_* bits); 0 when
 * the source has no such name. */
enum {
    VF_GS_FFT_SOLID = 1, VF_GS_FFT_OPAQUE = 2, VF_GS_FFT_WALL = 4,
    VF_GS_FFT_TRAP = 8,
};
int vf_gamesrc_feature(const vf_gamesrc *s, const char *name,
                       const char **enum_name, unsigned *fft);

/* Whether table t (traps, shops or fprops) lists name; trap names are
 * compared lower-cased, as str_to_trap does. */
int vf_gamesrc_lists(const vf_gamesrc *s, vf_gs_table t, const char *name);

/* The source's branches, in its order (borrowed); n receives how many.
 * NULL when the source has no branch table. */
const vf_branch *vf_gamesrc_branches(const vf_gamesrc *s, size_t *n);

/* ---- names declared beyond the tables ---------------------------------
 *
 * The lookups (vf_feature_by_name, vf_gamever_trap, _shop_type, _fprop)
 * ask their game's set for a declared name before its tables or ours. */

/* Declares name (copied) in table t: a trap, shop type or fprop name, or
 * for VF_GS_FEATURES a feature that behaves as our feature id feature.
 * The first declaration of a name is the one looked up. */
void vf_gamesrc_declare(vf_gamesrc *s, vf_gs_table t, const char *name,
                        int feature);

/* What s declares name as in table t: for a feature our id it behaves
 * as, for the others 1; 0 when s (or NULL) does not declare it. */
int vf_gamesrc_declared(const vf_gamesrc *s, vf_gs_table t,
                        const char *name);

/* Reads the names file at path (gamenames.c), one declaration a line,
 * '#' to the end of a line a comment, blank lines ignored:
 *
 *   feature NAME like KNOWN   behaves as the feature KNOWN
 *   trap NAME                 "NAME trap" in KFEAT, a plain trap (where
 *                             the game reads trap names: not trunk)
 *   shop NAME                 a shop type
 *   fprop NAME                a KPROP property (no effect of its own)
 *
 * A NAME may hold blanks ("pressure plate"); trap names are lower-cased,
 * as str_to_trap compares them. KNOWN is looked up as vf_feature_by_name
 * does in the game of version ver with the tables of *s, if any, among the
 * names declared before it and then those tables. Declares into *s,
 * made with vf_gamesrc_new when NULL (owned by the caller either way).
 * Returns 0, appending to note what it declared ("1 feature, 2 traps
 * declared in PATH", after "; " when note holds text already); or -1
 * with err "PATH:LINE: what is wrong" ("PATH: why" when unreadable). */
int vf_gamesrc_read_names(vf_gamesrc **s, int ver, const char *path,
                          vf_sbuf *note, vf_sbuf *err);

#endif
