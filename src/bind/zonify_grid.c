/* zonify.grid_fill_zones and zonify.grid_fill_water_zones of the game's
 * dlua/layout/zonify.lua, in C.
 *
 * The game's cave and grid layouts call them to wall up every floor zone
 * of the level but the largest. The Lua walks the level a cell at a
 * time, asking dgn.grid, dgn.feature_name, dgn.in_vault and
 * dgn.is_passable of each through zonify.grid_analyse_coord: 8% of the
 * Lua of a night of mode game. Here the level is read once
 * (vf_bind_level_read, what those bindings read) and walked by zonify.c's
 * walk, which keeps the Lua's zone order; the cells to fill are written
 * by the level's own dgn.grid, so a feature is written as the Lua writes
 * it.
 *
 * Groups as the Lua's: a cell in a vault is of its own group (dgn.in_vault
 * answers false while a map resolves: surface.c), a passable one is
 * floor (for the water pass deep water too), the rest wall. The C stands
 * for the Lua only while the functions that Lua would call are the ones
 * there were when zonify.lua ran, checked at each call; any other call
 * (a function replaced, an odd argument) goes to the Lua function. */
#include "bind_int.h"
#include "vf_feature.h"

#include <lauxlib.h>
#include <string.h>

/* What the Lua calls, (table, field) pairs, checked to be unchanged. */
static const char *const called[][2] = {
    {"dgn", "grid"}, {"dgn", "feature_name"}, {"dgn", "in_vault"},
    {"dgn", "is_passable"}, {"dgn", "in_bounds"}, {"dgn", "max_bounds"},
    {"zonify", "map"}, {"zonify", "walk"}, {"zonify", "fill_smallest_zones"},
    {"zonify", "grid_analyse_coord"}, {"zonify", "grid_group_feature"},
    {"zonify", "grid_map"}, {"util", "sort"},
};
#define NCALLED (sizeof called / sizeof *called)

/* Pushes called[i]'s function as it is now (nil when absent). */
static void push_called(lua_State *L, size_t i)
{
    lua_getglobal(L, called[i][0]);
    if (lua_istable(L, -1)) lua_getfield(L, -1, called[i][1]);
    else lua_pushnil(L);
    lua_remove(L, -2);
}

/* Whether every called function is the one in the table at t. */
static int unchanged(lua_State *L, int t)
{
    int same = 1;
    for (size_t i = 0; same && i < NCALLED; i++) {
        push_called(L, i);
        lua_rawgeti(L, t, (int)i + 1);
        same = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
    }
    return same;
}

/* Upvalues: 1 the Lua function, 2 whether deep water is floor, 3 the
 * called functions as they were. grid_fill_zones(num_to_keep, feature,
 * min_zone_size). */
static int l_grid_fill_zones(lua_State *L)
{
    int keep;
    lua_settop(L, 3);
    if (!vf_bind_count_arg(L, 1, 1, &keep) ||
        !(lua_isnil(L, 3) || lua_type(L, 3) == LUA_TNUMBER) ||
        !unchanged(L, lua_upvalueindex(3)))
        return vf_bind_call_lua(L, 3);
    double min = lua_isnil(L, 3) ? 1 : lua_tonumber(L, 3);
    if (lua_isnil(L, 2)) lua_pushstring(L, "rock_wall");
    else lua_pushvalue(L, 2);
    int feature = lua_gettop(L), water = lua_toboolean(L, lua_upvalueindex(2));
    static const int x2 = VF_GXM - 2, y2 = VF_GYM - 2;   /* dgn.in_bounds */
    int (*feat)[VF_GXM] = lua_newuserdata(L, sizeof(int[VF_GYM][VF_GXM]));
    unsigned char (*pass)[VF_GXM] =
        lua_newuserdata(L, sizeof(unsigned char[VF_GYM][VF_GXM]));
    unsigned char *wall = lua_newuserdata(L, (size_t)x2 * y2);
    unsigned char *fill = lua_newuserdata(L, (size_t)x2 * y2);
    vf_bind_level_read(L, feat, pass);
    for (int y = 1; y <= y2; y++)
        for (int x = 1; x <= x2; x++)
            wall[(y - 1) * x2 + x - 1] =
                !(pass[y][x] || (water && feat[y][x] == VF_F_DEEP_WATER));
    vf_bind_zones_to_fill(wall, x2, y2, keep, min, fill);
    for (int y = 1; y <= y2; y++)
        for (int x = 1; x <= x2; x++) {
            if (!fill[(y - 1) * x2 + x - 1]) continue;
            lua_rawgeti(L, lua_upvalueindex(3), 1);   /* dgn.grid */
            lua_pushinteger(L, x);
            lua_pushinteger(L, y);
            lua_pushvalue(L, feature);
            lua_call(L, 3, 0);
        }
    return 0;
}

static void replace(lua_State *L, int zonify, const char *name, int water,
                    int funcs)
{
    lua_getfield(L, zonify, name);
    if (!lua_isfunction(L, -1) || lua_iscfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushboolean(L, water);
    lua_pushvalue(L, funcs);
    lua_pushcclosure(L, l_grid_fill_zones, 3);
    lua_setfield(L, zonify, name);
}

void vf_bind_zonify_grid_install(lua_State *L)
{
    int top = lua_gettop(L);
    lua_createtable(L, (int)NCALLED, 0);
    int funcs = lua_gettop(L), all = 1;
    for (size_t i = 0; i < NCALLED; i++) {
        push_called(L, i);
        all = all && lua_isfunction(L, -1);
        lua_rawseti(L, funcs, (int)i + 1);
    }
    lua_getglobal(L, "zonify");
    if (all && lua_istable(L, -1)) {
        replace(L, funcs + 1, "grid_fill_zones", 0, funcs);
        replace(L, funcs + 1, "grid_fill_water_zones", 1, funcs);
    }
    lua_settop(L, top);
}
