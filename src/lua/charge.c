/* C work a vault asks for in one call, counted against the instruction
 * budget before it is done (vf_lua_charge).
 *
 * The count hook sees Lua instructions only; one call of string.rep or
 * string.find can do as much work as millions of them. Counted by what
 * the call is given (lengths and counts, the same on every machine), the
 * budget stays deterministic and string.rep("", 2^31) fails at once
 * instead of running into the CPU clock. collectgarbage walks all the
 * state holds. A pattern that backtracks
 * without end is beyond any count: the CPU clock stays the last resort. */
#include "lua_int.h"

#include <lauxlib.h>
#include <math.h>
#include <string.h>

/* About how many bytes a C function walks in the time of one step. */
#define BYTES_PER_STEP 32.0

static double length_of(lua_State *L, int i)
{
    size_t n = 0;
    if (lua_type(L, i) == LUA_TSTRING || lua_type(L, i) == LUA_TNUMBER)
        lua_tolstring(L, i, &n);
    return (double)n;
}

/* Calls upvalue 1 (the library's function) with the call's arguments. */
static int call_original(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* string.rep(s, n [, sep]): n pieces, each at least one step. */
static int charged_rep(lua_State *L)
{
    double n = lua_isnumber(L, 2) ? lua_tonumber(L, 2) : 0;
    if (n > 0)
        vf_lua_charge(L, n * (1 + (length_of(L, 1) + length_of(L, 3))
                                  / BYTES_PER_STEP));
    return call_original(L);
}

/* find, match, gmatch, gsub: a walk over the subject, at least. */
static int charged_scan(lua_State *L)
{
    vf_lua_charge(L, length_of(L, 1) / BYTES_PER_STEP);
    return call_original(L);
}

/* table.sort: n log n comparisons, a few steps each. */
static int charged_sort(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TTABLE) {
        double n = (double)vf_lua_rawlen(L, 1);
        vf_lua_charge(L, 3 * n * log2(n + 1));
    }
    return call_original(L);
}

/* table.move(a1, f, e, t [, a2]) (5.4): e - f + 1 moves, one step each. */
static int charged_move(lua_State *L)
{
    if (lua_isnumber(L, 2) && lua_isnumber(L, 3))
        vf_lua_charge(L, lua_tonumber(L, 3) - lua_tonumber(L, 2) + 1);
    return call_original(L);
}

/* collectgarbage("collect" or "step" or none): a walk of all the state
 * holds, the whole library included -- about a million steps' time.
 * Counted as that, not by what the state holds now, which differs from
 * worker to worker. */
#define COLLECT_STEPS 1e6

static int charged_collect(lua_State *L)
{
    const char *opt = luaL_optstring(L, 1, "collect");
    if (!strcmp(opt, "collect") || !strcmp(opt, "step"))
        vf_lua_charge(L, COLLECT_STEPS);
    return call_original(L);
}

/* lib[name] = fn with the original as its upvalue. */
static void wrap(lua_State *L, const char *lib, const char *name,
                 lua_CFunction fn)
{
    lua_getglobal(L, lib);
    lua_getfield(L, -1, name);
    if (lua_isfunction(L, -1)) {
        lua_pushcclosure(L, fn, 1);
        lua_setfield(L, -2, name);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void vf_lua_charge_c_work(lua_State *L)
{
    wrap(L, "string", "rep", charged_rep);
    static const char *const scans[] = {"find", "match", "gmatch", "gsub"};
    for (size_t i = 0; i < sizeof scans / sizeof *scans; i++)
        wrap(L, "string", scans[i], charged_scan);
    wrap(L, "table", "sort", charged_sort);
    wrap(L, "table", "move", charged_move);   /* none in 5.1 */
    lua_getglobal(L, "collectgarbage");
    if (lua_isfunction(L, -1)) {
        lua_pushcclosure(L, charged_collect, 1);
        lua_setglobal(L, "collectgarbage");
    } else {
        lua_pop(L, 1);
    }
}
