/* crawl.worley, crawl.worley_diff and crawl.simplex (vf_noise.h), with the
 * game's arguments and results (l-crawl.cc): missing or non-number
 * coordinates read as 0, as lua_tonumber gives; NaN and infinities are
 * argument errors. */
#include "bind_int.h"
#include "vf_noise.h"

#include <lauxlib.h>
#include <math.h>

/* Argument i as a coordinate: NaN or an infinity has no cell (the game's
 * conversion is undefined), so it is an argument error. */
static double coord(lua_State *L, int i)
{
    double v = lua_tonumber(L, i);
    if (!isfinite(v)) luaL_argerror(L, i, "a finite number expected");
    return v;
}

static void worley_args(lua_State *L, vf_worley *w)
{
    vf_worley3(coord(L, 1), coord(L, 2), coord(L, 3), w);
}

/* d1, d2, id1, id2, then the offsets to the two points (x, y, z each). */
static int l_worley(lua_State *L)
{
    vf_worley w;
    worley_args(L, &w);
    lua_pushnumber(L, w.dist[0]);
    lua_pushnumber(L, w.dist[1]);
    lua_pushinteger(L, (lua_Integer)w.id[0]);
    lua_pushinteger(L, (lua_Integer)w.id[1]);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++) lua_pushnumber(L, w.delta[k][i]);
    return 10;
}

/* d2 - d1, id1 */
static int l_worley_diff(lua_State *L)
{
    vf_worley w;
    worley_args(L, &w);
    lua_pushnumber(L, w.dist[1] - w.dist[0]);
    lua_pushinteger(L, (lua_Integer)w.id[0]);
    return 2;
}

/* simplex(x, y [, z [, w]]): the numbers among the first four arguments
 * give the dimension; with fewer than two the game returns nothing. */
static int l_simplex(lua_State *L)
{
    double v[4];
    int n = 0;
    for (int i = 1; i <= 4; i++)
        if (lua_isnumber(L, i)) v[n++] = coord(L, i);
    switch (n) {
    case 2: lua_pushnumber(L, vf_simplex2(v[0], v[1])); return 1;
    case 3: lua_pushnumber(L, vf_simplex3(v[0], v[1], v[2])); return 1;
    case 4: lua_pushnumber(L, vf_simplex4(v[0], v[1], v[2], v[3])); return 1;
    default: return 0;
    }
}

static const luaL_Reg noise_fns[] = {
    {"worley", l_worley}, {"worley_diff", l_worley_diff},
    {"simplex", l_simplex}, {NULL, NULL}};

void vf_bind_open_noise(lua_State *L)
{
    vf_lua_register(L, "crawl", noise_fns);  /* adds to the existing table */
    lua_pop(L, 1);
}
