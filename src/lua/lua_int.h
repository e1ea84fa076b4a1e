/* Internal to src/lua: how bindings find the map and RNG of the case. */
#ifndef VF_LUA_INT_H
#define VF_LUA_INT_H

#include <lua.h>

#include "vf_place.h"
#include "vf_rmap.h"

#define VF_MAP_META "vaultfuzz.map"

/* The level's size (the game's GXM, GYM). */
#define VF_GXM 80
#define VF_GYM 70

/* The map argument at idx (a map object), or a Lua error. */
vf_rmap *vf_lua_checkmap(lua_State *L, int idx);
/* Pushes a map object for m, the map being resolved (valid while m is). */
void vf_lua_pushmap(lua_State *L, vf_rmap *m);
/* The map type, and the dgn functions finding and resolving other maps
 * (mapobj.c); call before anything pushes a map. */
void vf_lua_open_maps(lua_State *L);
/* The map the running chunks resolve (the engine's current map), or NULL;
 * for bindings the game lets vault code call without a map. */
vf_rmap *vf_lua_case_map(lua_State *L);
/* Pushes a map object that owns its map (mapobj.c), and returns the map,
 * zeroed for the caller to vf_rmap_init; it is freed when Lua collects the
 * object. */
vf_rmap *vf_lua_newmap(lua_State *L);
/* The map object at idx, or NULL when idx holds no map object. */
vf_rmap *vf_lua_tomap(lua_State *L, int idx);
/* Argument i as an int (numarg.c): checked as luaL_checknumber does,
 * truncated toward zero like the game's cast; NaN, an infinity or a number
 * past int's range is an argument error (the game's cast is undefined).
 * toint reads a non-number as 0, as lua_tonumber does; optint gives def
 * for none or nil. */
int vf_lua_checkint(lua_State *L, int i);
int vf_lua_toint(lua_State *L, int i);
int vf_lua_optint(lua_State *L, int i, int def);

/* The RNG of the running case, or a Lua error outside a case. */
vf_rng *vf_lua_rng(lua_State *L);
void vf_lua_set_rng(lua_State *L, vf_rng *r);

/* Raises msg as a Lua error positioned at the innermost .des line on the
 * stack (bindings are reached through library wrappers; the author wants
 * the vault's line, not the wrapper's). */
int vf_lua_des_error(lua_State *L, const char *msg);

/* The place the case's level is at (copied). */
void vf_lua_set_place(lua_State *L, const vf_place *p);
const vf_place *vf_lua_place(lua_State *L);
/* The case's game (level.c): new-game choices, from bits of game. */
void vf_lua_set_game(lua_State *L, uint64_t game);

void vf_lua_open_dgn(lua_State *L);
/* Adds the map-grid builder bindings (l-dgnbld.cc) to the dgn table. */
void vf_lua_open_dgn_build(lua_State *L);
/* Adds the keyed-spec, overlay and marker bindings to dgn (dgn_keyed.c);
 * call after vf_lua_open_dgn. */
void vf_lua_open_dgn_keyed(lua_State *L);
/* Adds the whole-level layout bindings (dgn.layout_*, dgn_layout.c). */
void vf_lua_open_dgn_layout(lua_State *L);
/* Adds the map-grid connectivity bindings and original_map (dgn_conn.c). */
void vf_lua_open_dgn_conn(lua_State *L);
void vf_lua_open_crawl(lua_State *L);
/* crawl.worley, crawl.worley_diff, crawl.simplex (noise.c). */
void vf_lua_open_noise(lua_State *L);
void vf_lua_open_level(lua_State *L);      /* you.*, branches, bounds */
void vf_lua_open_dgn_subvault(lua_State *L);
/* travel.find_deepest_explored, dgn.stash_items, crawl.unavailable_god:
 * the game in progress, as a new game answers (gamequery.c). */
void vf_lua_open_gamequery(lua_State *L);
/* Last: every other name of the game's API (no-ops, new-game answers,
 * "not implemented" errors), where nothing real is installed. */
void vf_lua_open_surface(lua_State *L);

/* crawl_require, loadfile and dofile, reading files under root only. */
void vf_lua_open_library(lua_State *L, const char *root);
/* Pushes crawl_require and name, ready for a protected call (1 arg). */
void vf_lua_push_require(lua_State *L, const char *name);

/* Case isolation (fresh.c): the globals as the engine's start-up left
 * them are kept; each resolve first drops every global written since --
 * added or changed by earlier vault Lua (gauntlet_arena_tier set by one
 * map and read by another) -- and empties dgn.persist, the game's
 * saved-game table. A start-up global set to nil reads as its start-up
 * value again (the global table reads through to them). The standard
 * tables, the string metatable and the game's library tables (dgn, crawl,
 * util, you, ...) become read-only proxies: a write to one of their fields
 * is a Lua error at the writer's line. Other tables reached from globals
 * (callback, marker classes, tables inside dgn) are not copied: Lua that
 * changes them in place still leaks, which the corpus does not do. */
void vf_lua_keep_globals(lua_State *L);

/* Hook runs that can be skipped (hooks.c). vf_lua_track_hooks, once the
 * library is loaded, makes dgn.hook and dgn.global_hook count; a map's
 * hooks need running only if vf_lua_hooks_since(the count when its
 * attempt began). vf_lua_hook_added counts hooks added from C. */
void vf_lua_track_hooks(lua_State *L);
double vf_lua_hook_seq(lua_State *L);
void vf_lua_hook_added(lua_State *L);
int vf_lua_hooks_since(lua_State *L, double seq);
void vf_lua_fresh_globals(lua_State *L);

/* Pushes the global table name, creating it if absent (surface.c). */
void vf_lua_global_table(lua_State *L, const char *name);

#endif
