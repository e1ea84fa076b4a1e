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
 * the vaults this tool is built against. The version in force is one
 * process-wide setting, chosen once before any map loads (from --game-version
 * or from the checkout's files) and only read afterwards, so the threads that
 * fill the maps' index see one value. Default: trunk, which stays strict. */
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

/* The version in force (VF_GV_TRUNK until set). */
int vf_gamever_current(void);

/* Sets the version in force; call before loading maps, never while Lua
 * runs on other threads. */
void vf_gamever_set(int ver);

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

/* What a KFEAT "... trap" names at ver, through the game's str_to_trap over
 * its trap_names[] (releases up to 0.34; trunk has no trap names): the
 * vf_feat id of the trap's feature, VF_GV_RANDOM_TRAP for "random"/"any",
 * or 0 when ver knows no such trap. name is lower-case, trimmed. */
enum { VF_GV_RANDOM_TRAP = -1 };
int vf_gamever_trap(const char *name, int ver);

/* Whether ver reads KFEAT "X trap" (and "web") as a trap name: every
 * release; trunk after the rename does not. */
int vf_gamever_has_trap_names(int ver);

/* Whether ver strips the word "known" from a trap spec (0.25 only: all
 * traps were known by then, and old vaults still said so). */
int vf_gamever_strips_known(int ver);

/* Whether a shop type ("weapon", "food", "removed food"...) is one of
 * ver's shop_types[] (or "random"/"any"). */
int vf_gamever_shop_type(const char *type, int ver);

/* Whether ver's str_to_fprop knows a feature property name. */
int vf_gamever_fprop(const char *name, int ver);

/* A god by its name as str_to_god matches it (lower-cased, trimmed):
 * -1 when ver has no such god, 1 when it is unavailable from the start
 * (disabled), 0 otherwise. */
int vf_gamever_god(const char *name, int ver);

#endif
