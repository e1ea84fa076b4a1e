/* What tostring says of an object with no __tostring: a number the case
 * gives it, not its address.
 *
 * "table: 0x5581..." differs between runs (address randomisation) and
 * between workers (what ran before), so Lua that keys on it, or prints
 * it into a map, would give verdicts that depend on the machine. Each
 * object gets the next number the first time a case asks, from a weak
 * table, so two objects never share a name within a case. */
#include "lua_int.h"

#include <lauxlib.h>
#include <stdio.h>

/* object -> its number, weak keys */
static const vf_lua_slot ids_slot = {"each object's number"};
static const vf_lua_slot next_id_slot = {"the last number given"};

/* The ids table, made on first use in a case. */
static void push_ids(lua_State *L)
{
    vf_lua_slot_get(L, &ids_slot);
    if (lua_istable(L, -1)) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    vf_lua_slot_set(L, &ids_slot);
    lua_pushinteger(L, 0);
    vf_lua_slot_set(L, &next_id_slot);
}

lua_Integer vf_lua_id(lua_State *L, int idx)
{
    idx = vf_lua_absindex(L, idx);
    push_ids(L);
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    lua_Integer id = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (!id) {
        vf_lua_slot_get(L, &next_id_slot);
        id = lua_tointeger(L, -1) + 1;
        lua_pop(L, 1);
        lua_pushinteger(L, id);
        vf_lua_slot_set(L, &next_id_slot);
        lua_pushvalue(L, idx);
        lua_pushinteger(L, id);
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
    return id;
}

/* tostring(v): the library's, but for an object of a kind that has an
 * address and no __tostring. Upvalue 1: the library's tostring. */
static int plain_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    int t = lua_type(L, 1);
    int addressed = t == LUA_TTABLE || t == LUA_TFUNCTION
                    || t == LUA_TTHREAD || t == LUA_TUSERDATA;
    if (!addressed || luaL_getmetafield(L, 1, "__tostring")) {
        if (addressed) lua_pop(L, 1);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, 1);
        lua_call(L, 1, 1);
        return 1;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%s: 0x%08lx", luaL_typename(L, 1),
             (unsigned long)vf_lua_id(L, 1));
    lua_pushstring(L, buf);
    return 1;
}

void vf_lua_plain_ids(lua_State *L)
{
    lua_getglobal(L, "tostring");
    lua_pushcclosure(L, plain_tostring, 1);
    lua_setglobal(L, "tostring");
}

void vf_lua_ids_reset(lua_State *L)
{
    lua_pushnil(L);
    vf_lua_slot_set(L, &ids_slot);
}
