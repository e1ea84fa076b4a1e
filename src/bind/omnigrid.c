/* omnigrid.group_comparison of the game's dlua/layout/omnigrid.lua, in C.
 *
 * The omnigrid layouts (the Vaults branch's grids and towns) sort their
 * groups of cells with it at every merge, and the Lua builds two arrays
 * per comparison to compare them: a quarter of the Lua of a night of
 * mode game. The order it gives: the group with fewer cells first; of
 * two as large, the one whose cells' x1, x2, y1, y2, cell by cell, come
 * first. The C below reads the same fields in the same order. Only an
 * omnigrid.lua whose text we know gets it (gamelib.c); groups with holes
 * or cells without those four numbers go to the Lua function. */
#include "bind_int.h"

static const char *const fields[4] = {"x1", "x2", "y1", "y2"};

/* The length ipairs gives t, when the length operator gives it too. */
static int group_length(lua_State *L, int t, int *n)
{
    *n = (int)vf_lua_rawlen(L, t);
    lua_rawgeti(L, t, *n + 1);
    int ok = lua_isnil(L, -1);
    lua_pop(L, 1);
    for (int i = 1; ok && i <= *n; i++) {
        lua_rawgeti(L, t, i);
        ok = lua_istable(L, -1);
        lua_pop(L, 1);
    }
    return ok;
}

/* -1, 0 or 1 as cell i of a comes before, with or after cell i of b;
 * 2 when a field is not a number. */
static int cell_order(lua_State *L, int i)
{
    int r = 0;
    lua_rawgeti(L, 1, i);
    lua_rawgeti(L, 2, i);
    for (int f = 0; f < 4 && r == 0; f++) {
        lua_getfield(L, -2, fields[f]);
        lua_getfield(L, -2, fields[f]);
        if (lua_type(L, -2) != LUA_TNUMBER || lua_type(L, -1) != LUA_TNUMBER)
            r = 2;
        else {
            lua_Number x = lua_tonumber(L, -2), y = lua_tonumber(L, -1);
            r = x < y ? -1 : x > y ? 1 : 0;
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 2);
    return r;
}


/* group_comparison(a, b): whether a sorts before b. */
static int l_group_comparison(lua_State *L)
{
    int na, nb;
    lua_settop(L, 2);
    if (!lua_istable(L, 1) || !lua_istable(L, 2) ||
        !group_length(L, 1, &na) || !group_length(L, 2, &nb))
        return vf_bind_call_lua(L, 2);
    int r = na < nb ? -1 : na > nb ? 1 : 0;
    for (int i = 1; r == 0 && i <= na; i++) r = cell_order(L, i);
    if (r == 2) return vf_bind_call_lua(L, 2);
    lua_pushboolean(L, r < 0);
    return 1;
}

void vf_bind_omnigrid_install(lua_State *L)
{
    int top = lua_gettop(L);
    lua_getglobal(L, "omnigrid");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "group_comparison");
        if (lua_isfunction(L, -1) && !lua_iscfunction(L, -1)) {
            lua_pushcclosure(L, l_group_comparison, 1);
            lua_setfield(L, -2, "group_comparison");
        }
    }
    lua_settop(L, top);
}
