/* Each resolve starts from the globals the engine started with.
 *
 * At start-up every global moves into a backing table that the global
 * table reads through (__index); the global table itself is left empty.
 * A write to a global then always meets an absent key and so passes the
 * __newindex below, which notes the key. Starting a case clears just the
 * noted keys: the cost follows what earlier cases wrote, not how many
 * files were loaded (a full sweep cost a third of a trunk case). */
#include "lua_int.h"

#include <lauxlib.h>

#define BACKING "vaultfuzz.globals"
#define WRITTEN "vaultfuzz.written"

/* __newindex of the global table: (t, k, v). Notes k, then stores. */
static int note_write(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, WRITTEN);
    int n = (int)lua_objlen(L, -1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, n + 1);
    lua_pop(L, 1);
    lua_rawset(L, 1);
    return 0;
}

void vf_lua_keep_globals(lua_State *L)
{
    lua_newtable(L);                     /* backing */
    int backing = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, LUA_GLOBALSINDEX)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, backing);
    }
    /* Emptied after the walk: clearing while walking is allowed, but a
     * second pass keeps the walk simple. */
    lua_pushnil(L);
    while (lua_next(L, backing)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, LUA_GLOBALSINDEX);
    }
    lua_newtable(L);                     /* metatable of _G */
    lua_pushvalue(L, backing);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, note_write);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, LUA_GLOBALSINDEX);
    lua_setfield(L, LUA_REGISTRYINDEX, BACKING);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, WRITTEN);
}

static void empty_persist(lua_State *L)
{
    lua_getglobal(L, "dgn");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "persist");
        int has = lua_istable(L, -1);
        lua_pop(L, 1);
        if (has) {
            lua_newtable(L);
            lua_setfield(L, -2, "persist");
        }
    }
    lua_pop(L, 1);
}

void vf_lua_fresh_globals(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, WRITTEN);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    int n = (int)lua_objlen(L, -1);
    for (int i = n; i >= 1; i--) {
        lua_rawgeti(L, -1, i);
        lua_pushnil(L);
        lua_rawset(L, LUA_GLOBALSINDEX);
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
    lua_pop(L, 1);
    empty_persist(L);
}
