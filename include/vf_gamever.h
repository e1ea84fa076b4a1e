/* vf_gamever: which release of the game the vaults are read as.
 *
 * The game's name tables (features, trap names, shop types, feature
 * properties) change between releases: a vault written for 0.30 names its
 * traps "alarm trap", trunk since March 2026 says "trap_alarm". vaultfuzz
 * accepts a name exactly when the game at the chosen version accepts it;
 * the facts, each with the first and last release it holds for, are
 * written down from the game's source at every tag (src/game/names.c, and
 * the feature table in src/game/feature.c).
 *
 * A version is the minor number of a 0.N release (point releases never
 * changed these tables), or VF_GV_TRUNK for the development branch as of
 * the vaults this tool is built against. Which game the vaults are read
 * as is a value, vf_game below, that its reader holds; the default is
 * trunk, which stays strict. */
#ifndef VF_GAMEVER_H
#define VF_GAMEVER_H

#include "vf_sbuf.h"

enum {
    VF_GV_OLDEST = 25,   /* the oldest release the tables cover */
    VF_GV_LATEST = 34,   /* the newest release */
    VF_GV_TRUNK = 35,    /* trunk (0.35 in development), after the trap
                          * rename of 2026-03 (crawl/crawl 8d147f2b99) */
};

/* Parses "0.34", "0.34.1", "34" or "trunk". Returns the version, or 0
 * with a message in err when the text names none we cover. */
int vf_gamever_parse(const char *text, vf_sbuf *err);

/* "0.34" or "trunk" (a static string). */
const char *vf_gamever_name(int ver);

/* ---- which game ---------------------------------------------------------
 *
 * The game the vaults are read as: its version, and the checkout's own
 * name tables when its C++ source was read or names were declared
 * (--game-names; vf_gamesrc.h), which win over ours. A value its reader
 * holds (the engine's config, the .des parser's options, a level), chosen
 * from --game-version, the checkout's files and --game-names, so games of
 * two versions can be read side by side in one process. The tables are
 * borrowed: whoever made the value keeps them alive as long as it is used.
 * Every lookup taking a const vf_game * reads NULL as VF_GAME_TRUNK. */
typedef struct vf_gamesrc vf_gamesrc;
typedef struct vf_game {
    int ver;                  /* VF_GV_OLDEST..VF_GV_TRUNK */
    const vf_gamesrc *src;    /* NULL: our built-in tables */
} vf_game;

/* Trunk with our built-in tables. */
#define VF_GAME_TRUNK ((vf_game){VF_GV_TRUNK, NULL})

static inline int vf_game_ver(const vf_game *g)
{
    return g ? g->ver : VF_GV_TRUNK;
}

static inline const vf_gamesrc *vf_game_src(const vf_game *g)
{
    return g ? g->src : NULL;
}

/* The version of a checkout's dat/ directory, told from its files: each
 * release added a vault file of its own (see gamever.c), so the newest
 * release whose file is present is the answer. why receives the evidence
 * ("des/portals/gulch.des"). Never fails: a dat/ with none of the marks
 * is taken as the oldest release covered. */
int vf_gamever_detect(const char *dat, vf_sbuf *why);

/* The Lua interpreter ver's game runs its vault Lua with: 54 (Lua 5.4)
 * from 0.34 on, trunk included (crawl/crawl 5ea4844b38, 2025-12), 51
 * before. */
int vf_gamever_lua(int ver);

/* ---- the version-dependent names (names.c) ----------------------------- */

/* What a KFEAT "... trap" names in game g, through the game's str_to_trap
 * over its trap_names[] (releases up to 0.34; trunk has no trap names):
 * the vf_feat id of the trap's feature, VF_GV_RANDOM_TRAP for
 * "random"/"any", or 0 when g knows no such trap. name is lower-case,
 * trimmed. */
enum { VF_GV_RANDOM_TRAP = -1 };
int vf_gamever_trap(const vf_game *g, const char *name);

/* Whether g reads KFEAT "X trap" (and "web") as a trap name: every
 * release, and a checkout with its own trap_names[]; trunk after the
 * rename does not. */
int vf_gamever_has_trap_names(const vf_game *g);

/* Whether ver strips the word "known" from a trap spec (0.25 only: all
 * traps were known by then, and old vaults still said so). */
int vf_gamever_strips_known(int ver);

/* Whether a shop type ("weapon", "food", "removed food"...) is one of
 * g's shop_types[] (or "random"/"any"). */
int vf_gamever_shop_type(const vf_game *g, const char *type);

/* Whether g's str_to_fprop knows a feature property name. */
int vf_gamever_fprop(const vf_game *g, const char *name);

/* A god by its name as str_to_god matches it (lower-cased, trimmed):
 * -1 when ver has no such god, 1 when it is unavailable from the start
 * (disabled), 0 otherwise. */
int vf_gamever_god(const char *name, int ver);

#endif
