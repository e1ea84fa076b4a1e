/* The few places where Lua 5.1's C API and Lua 5.4's differ, each as one
 * name, so the same sources build against either interpreter (the
 * Makefile builds them once per interpreter; vf_lua.h says which a
 * binary has). Only what the sources use is here. */
#ifndef VF_LUA_COMPAT_H
#define VF_LUA_COMPAT_H

#include <lua.h>
#include <lauxlib.h>

#if LUA_VERSION_NUM >= 503
#define VF_LUA_54 1
#else
#define VF_LUA_54 0
#endif

/* #t without metamethods (5.1 named it objlen); ==; the error of an
 * argument of the wrong type. The Lua value a userdata carries beside its
 * bytes (5.1: its environment table; 5.4: its first user value): set from
 * the top of the stack (popped), or pushed. */
#if VF_LUA_54
#define vf_lua_rawlen(L, i) lua_rawlen((L), (i))
#define vf_lua_equal(L, a, b) lua_compare((L), (a), (b), LUA_OPEQ)
#define vf_lua_typeerror(L, i, tname) luaL_typeerror((L), (i), (tname))
#define vf_lua_setuservalue(L, i) ((void)lua_setiuservalue((L), (i), 1))
#define vf_lua_getuservalue(L, i) ((void)lua_getiuservalue((L), (i), 1))
#else
#define vf_lua_rawlen(L, i) lua_objlen((L), (i))
#define vf_lua_equal(L, a, b) lua_equal((L), (a), (b))
#define vf_lua_typeerror(L, i, tname) luaL_typerror((L), (i), (tname))
#define vf_lua_setuservalue(L, i) ((void)lua_setfenv((L), (i)))
#define vf_lua_getuservalue(L, i) lua_getfenv((L), (i))
#endif

/* idx as an index that stays put as the stack grows (5.1 has no
 * lua_absindex). */
static inline int vf_lua_absindex(lua_State *L, int idx)
{
    return idx > 0 || idx <= LUA_REGISTRYINDEX ? idx : lua_gettop(L) + idx + 1;
}

/* Pushes the global table: 5.1 reaches it at a pseudo-index, 5.4 keeps
 * it in the registry. */
static inline void vf_lua_pushglobals(lua_State *L)
{
#if VF_LUA_54
    lua_pushglobaltable(L);
#else
    lua_pushvalue(L, LUA_GLOBALSINDEX);
#endif
}

/* Sets the functions of fns into the table global name (made if it is not
 * one), or with name NULL into the table on top; leaves the table on
 * top, as 5.1's luaL_register does (5.4 has only luaL_setfuncs). */
static inline void vf_lua_register(lua_State *L, const char *name,
                                   const luaL_Reg *fns)
{
    if (name) {
        lua_getglobal(L, name);
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_setglobal(L, name);
        }
    }
#if VF_LUA_54
    luaL_setfuncs(L, fns, 0);
#else
    luaL_register(L, NULL, fns);
#endif
}

/* The globals a Lua function at idx sees, set from the table on top of
 * the stack (popped): 5.1's function environment; in 5.4, the function's
 * first upvalue, which is a chunk's _ENV (what the game's crawl.setfenv
 * sets). Returns 0 when the function has no such place. */
static inline int vf_lua_setfuncenv(lua_State *L, int idx)
{
#if VF_LUA_54
    if (lua_setupvalue(L, idx, 1)) return 1;
    lua_pop(L, 1);
    return 0;
#else
    return lua_setfenv(L, idx);
#endif
}

/* Pushes what vault code could get as the function at idx's environment:
 * 5.1's getfenv; nil in 5.4, which has no function environments (a
 * chunk's _ENV is an upvalue, out of reach without the debug library). */
static inline void vf_lua_pushfuncenv(lua_State *L, int idx)
{
#if VF_LUA_54
    (void)idx;
    lua_pushnil(L);
#else
    lua_getfenv(L, idx);
#endif
}

/* Calls fn(ud) protected; returns its status (5.4 has no lua_cpcall). */
static inline int vf_lua_cpcall(lua_State *L, lua_CFunction fn, void *ud)
{
#if VF_LUA_54
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, ud);
    int rc = lua_pcall(L, 1, 0, 0);
#else
    int rc = lua_cpcall(L, fn, ud);
#endif
    if (rc) lua_pop(L, 1);   /* the message */
    return rc;
}

#endif
