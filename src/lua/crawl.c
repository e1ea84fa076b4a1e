/* The crawl table's map-time members: the random functions, drawing from
 * the running case's generator, and the few helpers vault code calls. */
#include "lua_int.h"

#include <lauxlib.h>

void vf_lua_set_rng(lua_State *L, vf_rng *r)
{
    lua_pushlightuserdata(L, r);
    lua_setfield(L, LUA_REGISTRYINDEX, "vf_rng");
}

vf_rng *vf_lua_rng(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, "vf_rng");
    vf_rng *r = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (!r) luaL_error(L, "random numbers drawn outside a case");
    return r;
}

static int int_arg(lua_State *L, int i)
{
    return (int)luaL_checknumber(L, i);
}

static int l_random2(lua_State *L)
{
    lua_pushinteger(L, vf_random2(vf_lua_rng(L), int_arg(L, 1)));
    return 1;
}

static int l_coinflip(lua_State *L)
{
    lua_pushboolean(L, vf_coinflip(vf_lua_rng(L)));
    return 1;
}

static int l_one_chance_in(lua_State *L)
{
    lua_pushboolean(L, vf_one_chance_in(vf_lua_rng(L), int_arg(L, 1)));
    return 1;
}

static int l_x_chance_in_y(lua_State *L)
{
    lua_pushboolean(L, vf_x_chance_in_y(vf_lua_rng(L), int_arg(L, 1),
                                        int_arg(L, 2)));
    return 1;
}

/* random_range(lo, hi [, rolls]) */
static int l_random_range(lua_State *L)
{
    vf_rng *r = vf_lua_rng(L);
    int lo = int_arg(L, 1), hi = int_arg(L, 2);
    int rolls = (int)luaL_optnumber(L, 3, 1);
    if (hi < lo) return luaL_error(L, "random_range: %d > %d", lo, hi);
    lua_pushinteger(L, rolls > 1 ? lo + vf_random2avg(r, hi - lo + 1, rolls)
                                 : vf_random_range(r, lo, hi));
    return 1;
}

static int l_random2avg(lua_State *L)
{
    lua_pushinteger(L, vf_random2avg(vf_lua_rng(L), int_arg(L, 1),
                                     int_arg(L, 2)));
    return 1;
}

static int l_roll_dice(lua_State *L)
{
    lua_pushinteger(L, vf_roll_dice(vf_lua_rng(L), int_arg(L, 1),
                                    int_arg(L, 2)));
    return 1;
}

static int l_div_rand_round(lua_State *L)
{
    int den = int_arg(L, 2);
    if (!den) return luaL_error(L, "div_rand_round: division by zero");
    lua_pushinteger(L, vf_div_rand_round(vf_lua_rng(L), int_arg(L, 1), den));
    return 1;
}

static int l_random_real(lua_State *L)
{
    lua_pushnumber(L, vf_random_real(vf_lua_rng(L)));
    return 1;
}

/* crawl.err_trace(f, ...): the game's pcall-and-rethrow; a plain call
 * gives the same result and keeps Lua's own error position. */
static int l_err_trace(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Messages to the player: nobody is playing. */
static int l_nothing(lua_State *L)
{
    (void)L;
    return 0;
}

static const luaL_Reg crawl_fns[] = {
    {"random2", l_random2}, {"coinflip", l_coinflip},
    {"one_chance_in", l_one_chance_in}, {"x_chance_in_y", l_x_chance_in_y},
    {"random_range", l_random_range}, {"random2avg", l_random2avg},
    {"roll_dice", l_roll_dice}, {"div_rand_round", l_div_rand_round},
    {"random_real", l_random_real}, {"err_trace", l_err_trace},
    {"mpr", l_nothing}, {"dpr", l_nothing}, {"more", l_nothing},
    {"clear_messages", l_nothing}, {"take_note", l_nothing},
    {"mark_milestone", l_nothing},
    {NULL, NULL}};

void vf_lua_open_crawl(lua_State *L)
{
    luaL_register(L, "crawl", crawl_fns);  /* adds to the existing table */
    lua_pop(L, 1);
}
