/* Registry slots keyed by their own address (lua_int.h). */
#include "lua_int.h"

void vf_lua_slot_get(lua_State *L, const vf_lua_slot *slot)
{
    lua_pushlightuserdata(L, (void *)slot);
    lua_rawget(L, LUA_REGISTRYINDEX);
}

void vf_lua_slot_set(lua_State *L, const vf_lua_slot *slot)
{
    lua_pushlightuserdata(L, (void *)slot);
    lua_insert(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
}

void vf_lua_slot_table(lua_State *L, const vf_lua_slot *slot)
{
    vf_lua_slot_get(L, slot);
    if (lua_istable(L, -1)) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    vf_lua_slot_set(L, slot);
}
