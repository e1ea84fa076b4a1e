/* Each resolve starts from the globals the engine started with.
 *
 * At start-up every global moves into a backing table that the global
 * table reads through (__index); the global table itself is left empty.
 * A write to a global then always meets an absent key and so passes the
 * __newindex below, which notes the key. Starting a case clears just the
 * noted keys: the cost follows what earlier cases wrote, not how many
 * files were loaded (a full sweep cost a third of a trunk case).
 *
 * The standard tables and the string metatable are shared too, and a
 * write to one of their fields meets no global: they are frozen instead,
 * read-only proxies over the real tables, and setfenv may not replace the
 * shared globals (level 0) or a library function's. */
#include "lua_int.h"

#include <lauxlib.h>

#define BACKING "vaultfuzz.globals"
#define WRITTEN "vaultfuzz.written"
#define FROZEN "vaultfuzz.frozen"

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

/* __newindex of a frozen library table: (t, k, v). */
static int refuse_write(lua_State *L)
{
    return luaL_error(L, "%s: the shared Lua library is read-only to vault "
                      "code (one map's change would reach every map after "
                      "it)", luaL_optstring(L, 2, "?"));
}

/* Pushes an empty view of the table on top of the stack: reads go
 * through to it, writes are refused, and getmetatable on the view
 * answers "read-only", so its metatable cannot be changed either. */
static void push_read_only_view(lua_State *L)
{
    lua_newtable(L);                      /* the view */
    lua_newtable(L);                      /* its metatable */
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, refuse_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "read-only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* Replaces the table at backing[name] (if a table) with a read-only
 * view, listed in the registry so a rawset into it can be undone per
 * case. */
static void freeze(lua_State *L, int backing, const char *name)
{
    lua_getfield(L, backing, name);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    push_read_only_view(L);
    lua_getfield(L, LUA_REGISTRYINDEX, FROZEN);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, (int)lua_objlen(L, -2) + 1);
    lua_pop(L, 1);
    lua_setfield(L, backing, name);
    lua_pop(L, 1);
}

/* The string metatable, shared by every string: getmetatable("") gets a
 * read-only view of it, so no map can change what "x":upper() means. */
static void freeze_string_meta(lua_State *L)
{
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    push_read_only_view(L);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

/* setfenv on anything but a function of the map's own: level 0 (the
 * thread's globals, shared by every map after it) and C functions are
 * refused. */
static int safe_setfenv(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TNUMBER && lua_tointeger(L, 1) == 0)
        return luaL_error(L, "setfenv(0, ...): the globals every map shares "
                          "are not the vault's to replace");
    if (lua_iscfunction(L, 1))
        return luaL_error(L, "setfenv: a library function's environment is "
                          "not the vault's to replace");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static void guard_setfenv(lua_State *L, int backing)
{
    lua_getfield(L, backing, "setfenv");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcclosure(L, safe_setfenv, 1);
    lua_setfield(L, backing, "setfenv");
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
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, FROZEN);
    static const char *const shared[] = {"string", "table", "math", "os",
                                         "coroutine", NULL};
    for (int i = 0; shared[i]; i++) freeze(L, backing, shared[i]);
    freeze_string_meta(L);
    guard_setfenv(L, backing);
    lua_setfield(L, LUA_REGISTRYINDEX, BACKING);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, WRITTEN);
}

/* Keys a map put into a frozen table with rawset: gone before the next
 * case. */
static void clear_frozen(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, FROZEN);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    int n = (int)lua_objlen(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            lua_pushnil(L);
            lua_rawset(L, -4);
            lua_pop(L, 1);
            lua_pushnil(L);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
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
    clear_frozen(L);
    empty_persist(L);
}
