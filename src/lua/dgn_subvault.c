/* The subvault questions a vault's Lua may ask (is_subvault,
 * default_subvault_glyphs, subvault_size, subvault_cell_valid).
 *
 * A map placed on its own is not a subvault: the game answers false, 0 x 0
 * and leaves the grid alone, and so does vaultfuzz. Subvault placement
 * (§5.8), which gives a map its mask, is not done yet: until it is, every
 * map gets these answers. */
#include "lua_int.h"

#include <lauxlib.h>

static int l_is_subvault(lua_State *L)
{
    vf_lua_checkmap(L, 1);
    lua_pushboolean(L, 0);
    return 1;
}

static int l_default_subvault_glyphs(lua_State *L)
{
    vf_lua_checkmap(L, 1);
    return 0;
}

static int l_subvault_cell_valid(lua_State *L)
{
    vf_lua_checkmap(L, 1);
    luaL_checkinteger(L, 2);
    luaL_checkinteger(L, 3);
    lua_pushboolean(L, 0);
    return 1;
}

static int l_subvault_size(lua_State *L)
{
    vf_lua_checkmap(L, 1);
    lua_pushinteger(L, 0);
    lua_pushinteger(L, 0);
    return 2;
}

static const luaL_Reg subvault_fns[] = {
    {"is_subvault", l_is_subvault},
    {"default_subvault_glyphs", l_default_subvault_glyphs},
    {"subvault_cell_valid", l_subvault_cell_valid},
    {"subvault_size", l_subvault_size},
    {NULL, NULL}};

void vf_lua_open_dgn_subvault(lua_State *L)
{
    luaL_register(L, "dgn", subvault_fns);
    lua_pop(L, 1);
}
