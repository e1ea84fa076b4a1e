/* pairs in a fixed order: booleans, numbers by value, strings by bytes,
 * then objects by the number the case gave them (ids.c).
 *
 * Lua 5.4 seeds its string hash from addresses and the time, so the
 * order next walks a table in differs from process to process; the
 * game's own library picks by it (ziggurat.lua chooses a builder from
 * util.keys of a table), so the same case would build differently in
 * two workers and a dump would not replay. Any order is one the game
 * could have; this one is the same everywhere. Lua 5.1's hash is not
 * seeded, and its order is the game's own: left as it is there. */
#include "lua_int.h"

#include <lauxlib.h>
#include <string.h>

static int rank(int type)
{
    switch (type) {
    case LUA_TBOOLEAN: return 0;
    case LUA_TNUMBER: return 1;
    case LUA_TSTRING: return 2;
    default: return 3;
    }
}

static int number_before(lua_State *L, int a, int b)
{
#if VF_LUA_54
    if (lua_isinteger(L, a) && lua_isinteger(L, b))
        return lua_tointeger(L, a) < lua_tointeger(L, b);
#endif
    return lua_tonumber(L, a) < lua_tonumber(L, b);
}

static int string_before(lua_State *L, int a, int b)
{
    size_t na, nb;
    const char *sa = lua_tolstring(L, a, &na), *sb = lua_tolstring(L, b, &nb);
    int c = memcmp(sa, sb, na < nb ? na : nb);
    return c < 0 || (c == 0 && na < nb);
}

/* table.sort's order function: whether key 1 goes before key 2. */
static int key_before(lua_State *L)
{
    int ra = rank(lua_type(L, 1)), rb = rank(lua_type(L, 2)), before;
    if (ra != rb) before = ra < rb;
    else if (ra == 0) before = !lua_toboolean(L, 1) && lua_toboolean(L, 2);
    else if (ra == 1) before = number_before(L, 1, 2);
    else if (ra == 2) before = string_before(L, 1, 2);
    else before = vf_lua_id(L, 1) < vf_lua_id(L, 2);
    lua_pushboolean(L, before);
    return 1;
}

/* The iterator: upvalues the table, its keys in order, the position.
 * A key whose value was cleared since is passed over, as next would. */
static int ordered_next(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer n = (lua_Integer)vf_lua_rawlen(L, lua_upvalueindex(2));
    while (++i <= n) {
        lua_rawgeti(L, lua_upvalueindex(2), (int)i);
        lua_pushvalue(L, -1);
        lua_rawget(L, lua_upvalueindex(1));
        if (!lua_isnil(L, -1)) {
            lua_pushinteger(L, i);
            lua_replace(L, lua_upvalueindex(3));
            return 2;
        }
        lua_pop(L, 2);
    }
    lua_pushinteger(L, n);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushnil(L);
    return 1;
}

/* pairs(t): a __pairs metamethod as 5.4's pairs honours it; else the
 * keys, sorted (upvalue 1: the library's table.sort, unwrapped, so the
 * order never depends on what a vault did to table; upvalue 2: next). */
static int ordered_pairs(lua_State *L)
{
    if (luaL_getmetafield(L, 1, "__pairs")) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checkany(L, 1);
    if (!lua_istable(L, 1)) {   /* next raises, in the loop, as 5.4's */
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        return 3;
    }
    lua_newtable(L);
    int keys = lua_gettop(L), n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, ++n);
    }
    if (n > 1) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, keys);
        lua_pushcfunction(L, key_before);
        lua_call(L, 2, 0);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, keys);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, ordered_next, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void vf_lua_ordered_pairs(lua_State *L)
{
    lua_getglobal(L, "table");
    lua_getfield(L, -1, "sort");
    lua_getglobal(L, "next");
    lua_pushcclosure(L, ordered_pairs, 2);
    lua_setglobal(L, "pairs");
    lua_pop(L, 1);
}
