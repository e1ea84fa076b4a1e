/* dgn.points_connected, dgn.any_point_connected, dgn.has_exit_from: the
 * map-grid connectivity questions validate chunks ask (through the
 * library's glyphs_connected, has_exit_from_glyph ...); and
 * dgn.original_map, which the library's orig_* helpers need. The flood
 * itself is vf_mapconn's. */
#include "bind_int.h"
#include "vf_mapconn.h"

#include <lauxlib.h>

/* The game's argument handling (l-dgn.cc dgn_map_pathfind): the map, then
 * at least minargs arguments in all, else "Not enough points to test
 * connectedness (need at least minargs/2)". Wanted points are the pairs
 * from argument 4 on while a pair starts before the last argument (a
 * trailing odd argument is ignored), read before the start (2, 3);
 * numbers are truncated toward zero. */
static int pathfind(lua_State *L, int minargs, vf_conn_mode mode)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int nargs = lua_gettop(L);
    if (nargs < minargs)
        return luaL_error(L, "Not enough points to test connectedness "
                          "(need at least %d)", minargs / 2);
    size_t npts = 0;
    int *pts = NULL;
    if (nargs > 4) {
        pts = lua_newuserdata(L, (size_t)nargs * sizeof *pts);
        for (int i = 4; i < nargs; i += 2) {
            pts[2 * npts] = vf_lua_checkint(L, i);
            pts[2 * npts + 1] = vf_lua_checkint(L, i + 1);
            npts++;
        }
    }
    int sx = vf_lua_checkint(L, 2), sy = vf_lua_checkint(L, 3);
    lua_pushboolean(L, vf_mapconn_flood(m, sx, sy, pts, npts, mode));
    return 1;
}

static int l_points_connected(lua_State *L)
{
    return pathfind(L, 5, VF_CONN_ALL);
}

static int l_any_point_connected(lua_State *L)
{
    return pathfind(L, 5, VF_CONN_ANY);
}

static int l_has_exit_from(lua_State *L)
{
    return pathfind(L, 3, VF_CONN_EXIT);
}

/* ---- original_map -------------------------------------------------------- */

/* The game's "original" of a map being placed is its definition as held
 * between uses: the loaded index entry, whose grid is stripped. Nothing
 * is original at load time (there the answer is nil). */
static int l_original_map(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (m->validating) {
        lua_pushnil(L);
        return 1;
    }
    vf_rmap *copy = vf_bind_newmap(L);
    vf_rmap_init(copy, m->def, m->rng);
    copy->game = m->game;
    return 1;
}

static const luaL_Reg conn_fns[] = {
    {"points_connected", l_points_connected},
    {"any_point_connected", l_any_point_connected},
    {"has_exit_from", l_has_exit_from},
    {"original_map", l_original_map},
    {NULL, NULL}};

void vf_bind_open_dgn_conn(lua_State *L)
{
    vf_lua_register(L, "dgn", conn_fns);
    lua_pop(L, 1);
}
