/* Internal to src/lua: how bindings find the map and RNG of the case. */
#ifndef VF_LUA_INT_H
#define VF_LUA_INT_H

#include <lua.h>

#include "vf_rmap.h"

#define VF_MAP_META "vaultfuzz.map"

/* The map argument at idx (a map object), or a Lua error. */
vf_rmap *vf_lua_checkmap(lua_State *L, int idx);
/* Pushes a map object for m (valid while m is). */
void vf_lua_pushmap(lua_State *L, vf_rmap *m);
/* The RNG of the running case, or a Lua error outside a case. */
vf_rng *vf_lua_rng(lua_State *L);
void vf_lua_set_rng(lua_State *L, vf_rng *r);

/* Raises msg as a Lua error positioned at the innermost .des line on the
 * stack (bindings are reached through library wrappers; the author wants
 * the vault's line, not the wrapper's). */
int vf_lua_des_error(lua_State *L, const char *msg);

void vf_lua_open_dgn(lua_State *L);
/* Adds the keyed-spec, overlay and marker bindings to dgn (dgn_keyed.c);
 * call after vf_lua_open_dgn. */
void vf_lua_open_dgn_keyed(lua_State *L);
void vf_lua_open_crawl(lua_State *L);

#endif
