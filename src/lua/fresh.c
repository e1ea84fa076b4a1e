/* Each resolve starts from the globals the engine started with. */
#include "lua_int.h"

#include <lauxlib.h>

#define KEPT "vaultfuzz.globals"

void vf_lua_keep_globals(lua_State *L)
{
    int n = 0;
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, LUA_GLOBALSINDEX)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
        n++;
    }
    lua_setfield(L, LUA_REGISTRYINDEX, KEPT);
    lua_pushinteger(L, n);
    lua_setfield(L, LUA_REGISTRYINDEX, KEPT ".n");
}

/* Globals the engine did not start with are cleared, changed ones set
 * back (both allowed while traversing); returns how many were kept. */
static int sweep(lua_State *L, int kept)
{
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, LUA_GLOBALSINDEX)) {
        lua_pushvalue(L, -2);
        lua_rawget(L, kept);             /* key value kept[key] */
        if (lua_isnil(L, -1)) {
            lua_pushvalue(L, -3);
            lua_pushnil(L);
            lua_rawset(L, LUA_GLOBALSINDEX);
        } else {
            n++;
            if (!lua_rawequal(L, -1, -2)) {
                lua_pushvalue(L, -3);
                lua_insert(L, -2);
                lua_rawset(L, LUA_GLOBALSINDEX);
                lua_pop(L, 1);
                continue;
            }
        }
        lua_pop(L, 2);
    }
    return n;
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
    lua_getfield(L, LUA_REGISTRYINDEX, KEPT);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    int kept = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, KEPT ".n");
    int want = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (sweep(L, kept) != want) {
        /* Some were removed: put back every one that is missing. */
        lua_pushnil(L);
        while (lua_next(L, kept)) {
            lua_pushvalue(L, -2);
            lua_rawget(L, LUA_GLOBALSINDEX);
            int missing = lua_isnil(L, -1);
            lua_pop(L, 1);
            if (missing) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, LUA_GLOBALSINDEX);
            } else {
                lua_pop(L, 1);
            }
        }
    }
    lua_pop(L, 1);
    empty_persist(L);
}
