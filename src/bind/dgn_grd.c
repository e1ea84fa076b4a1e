/* The level grid for layout maps: dgn.grid, dgn.fill_grd_area,
 * dgn.is_passable (l-dgngrd.cc, l-dgn.cc) and the drawing of
 * dgn.reuse_map; and the feat.* questions they ask of what they read
 * (l-feat.cc), which depend on the feature alone.
 *
 * The game's layout maps (the Vaults layouts, the hyper builder's grids
 * and towns, dat/dlua/layout/hyper*.lua, v_layouts.lua, zonify.lua) draw
 * on the level itself, which starts as rock while a level is generated
 * (dungeon.cc dgn_reset_level). vaultfuzz has no level while a map
 * resolves; for a map that stands for the whole level (tagged layout, or
 * ORIENT: encompass, as the game writes at (0, 0)) its own grid is that
 * level: made 80x70 of rock on the first write, as dgn.layout_* do
 * (dgn_layout.c), and written glyph by glyph. Any other map keeps the old
 * answers (nothing drawn, reads give 0): its Lua asking about the level
 * runs in the game once the level exists, which a map's resolve does not
 * model. */
#include "bind_int.h"
#include "vf_feature.h"
#include "vf_glyph.h"
#include "vf_layout.h"

#include <lauxlib.h>
#include <string.h>

/* The map standing for the level, or NULL. */
static vf_rmap *level_map(lua_State *L)
{
    vf_rmap *m = vf_bind_case_map(L);
    if (!m) return NULL;
    int encompass = vf_rmap_is_encompass(m);
    return encompass || vf_rmap_has_tag(m, "layout") ? m : NULL;
}

static int is_level(const vf_rmap *m)
{
    return m->grid.w == VF_GXM && m->grid.h == VF_GYM;
}

vf_rmap *vf_bind_level_surface(lua_State *L)
{
    vf_rmap *m = level_map(L);
    if (!m || is_level(m)) return m;
    vf_sbuf err = VF_SBUF_INIT;
    vf_grid_normalise(&m->grid, ' ');
    int rc = vf_layout_grid(&m->grid, &err);
    vf_sbuf_free(&err);
    return rc ? NULL : m;    /* a map larger than a level draws nothing */
}

/* The glyph a written feature becomes: the plain glyph of that feature
 * where one exists (preferred ones first, so floor is '.', not '@'),
 * else the nearest kind (a door, a wall, water, lava, floor). */
static char feature_glyph(int feat)
{
    static const char preferred[] = ".xcvbmnoXtwWl+";
    const unsigned special = VF_GL_TRAP | VF_GL_ALTAR | VF_GL_MONSTER |
                             VF_GL_ITEM | VF_GL_PLAIN | VF_GL_EXIT;
    for (const char *p = preferred; *p; p++)
        if ((int)vf_glyph_feature(*p) == feat) return *p;
    for (int g = '!'; g <= '~'; g++)
        if (!(vf_glyph_flags(g) & special) && (int)vf_glyph_feature(g) == feat)
            return (char)g;
    unsigned f = vf_feature_props(feat);
    if (f & VF_FP_DOOR) return '+';
    if (f & VF_FP_SOLID) return 'x';
    if (f & VF_FP_LAVA) return 'l';
    if (f & VF_FP_DEEP) return 'w';
    if (f & VF_FP_WATER) return 'W';
    return '.';
}

/* A feature argument, by number or name; 0 when neither. */
static int feature_arg(lua_State *L, int idx)
{
    if (lua_isnumber(L, idx)) return vf_lua_toint(L, idx);
    if (lua_isstring(L, idx))
        return vf_feature_by_name(vf_bind_game_of(L), lua_tostring(L, idx));
    return 0;
}

static int in_level(int x, int y)
{
    return x >= 0 && y >= 0 && x < VF_GXM && y < VF_GYM;
}

/* The feature at (x, y) of the level map: rock where nothing is drawn. */
static int level_feature(vf_rmap *m, int x, int y)
{
    if (!is_level(m) || !in_level(x, y)) return VF_F_ROCK_WALL;
    return vf_bind_map_feature(m, x, y);
}

/* grid(x, y [, feature]): writes the feature (0 or an unknown name
 * writes nothing, as in the game), returns the cell's feature. */
static int l_grid(lua_State *L)
{
    int x = vf_lua_checkint(L, 1), y = vf_lua_checkint(L, 2);
    int feat = lua_isnone(L, 3) ? 0 : feature_arg(L, 3);
    vf_rmap *m = feat ? vf_bind_level_surface(L) : level_map(L);
    if (!m) {
        lua_pushinteger(L, 0);
        return 1;
    }
    if (!in_level(x, y)) return luaL_error(L, "dgn.grid: (%d, %d) is off "
                                           "the level", x, y);
    if (feat) vf_grid_row(&m->grid, y)[x] = feature_glyph(feat);
    lua_pushinteger(L, level_feature(m, x, y));
    return 1;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* fill_grd_area(x1, y1, x2, y2, feature): the rectangle, clamped inside
 * the level's border as the game clamps it. */
static int l_fill_grd_area(lua_State *L)
{
    int x1 = vf_lua_checkint(L, 1), y1 = vf_lua_checkint(L, 2);
    int x2 = vf_lua_checkint(L, 3), y2 = vf_lua_checkint(L, 4);
    int feat = feature_arg(L, 5);
    if (!feat) return luaL_argerror(L, 5, "Invalid dungeon feature");
    vf_rmap *m = vf_bind_level_surface(L);
    if (!m) return 0;
    x1 = clamp(x1, 1, VF_GXM - 2), x2 = clamp(x2, 1, VF_GXM - 2);
    y1 = clamp(y1, 1, VF_GYM - 2), y2 = clamp(y2, 1, VF_GYM - 2);
    char g = feature_glyph(feat);
    for (int y = y1 < y2 ? y1 : y2; y <= (y1 < y2 ? y2 : y1); y++)
        for (int x = x1 < x2 ? x1 : x2; x <= (x1 < x2 ? x2 : x1); x++)
            vf_grid_row(&m->grid, y)[x] = g;
    return 0;
}

/* is_passable(x, y): travel may cross the cell (dgn_square_travel_ok):
 * not solid, not deep water or lava. */
static int passable(vf_rmap *m, int x, int y)
{
    if (!m || !is_level(m) || !in_level(x, y)) return 0;
    unsigned f = vf_feature_props(level_feature(m, x, y));
    return !(f & (VF_FP_SOLID | VF_FP_DEEP | VF_FP_LAVA));
}

static int l_is_passable(lua_State *L)
{
    int x = vf_lua_checkint(L, 1), y = vf_lua_checkint(L, 2);
    lua_pushboolean(L, passable(level_map(L), x, y));
    return 1;
}

void vf_bind_level_read(lua_State *L, int feat[VF_GYM][VF_GXM],
                        unsigned char pass[VF_GYM][VF_GXM])
{
    vf_rmap *m = level_map(L);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            feat[y][x] = m ? level_feature(m, x, y) : 0;
            pass[y][x] = (unsigned char)passable(m, x, y);
        }
}

/* ---- feat.*: questions about a feature number (l-feat.cc, terrain.cc) */

/* The feature asked about: a cell (x, y) of the level, a number or a
 * name; 0 (no feature) for anything else, and for a cell when the map
 * does not stand for the level. */
static int feat_checked(lua_State *L)
{
    if (lua_gettop(L) == 2) {
        int x = vf_lua_checkint(L, 1), y = vf_lua_checkint(L, 2);
        vf_rmap *m = level_map(L);
        return m ? level_feature(m, x, y) : 0;
    }
    return feature_arg(L, 1);
}

static int feat_is_wall(lua_State *L)
{
    lua_pushboolean(L, (vf_feature_props(feat_checked(L)) & VF_FP_WALL) != 0);
    return 1;
}

static int feat_is_solid(lua_State *L)
{
    lua_pushboolean(L, (vf_feature_props(feat_checked(L)) & VF_FP_SOLID) != 0);
    return 1;
}

/* Not solid, not deep water, not lava (feat_has_solid_floor). */
static int feat_has_solid_floor(lua_State *L)
{
    int f = feat_checked(L);
    lua_pushboolean(L, !(vf_feature_props(f) & VF_FP_SOLID) &&
                       f != VF_F_DEEP_WATER && f != VF_F_LAVA);
    return 1;
}

/* Any door, open or closed (feat_is_door). */
static int feat_is_door(lua_State *L)
{
    int f = feat_checked(L);
    const char *name = f ? vf_feature_name(f) : NULL;
    lua_pushboolean(L, (vf_feature_props(f) & VF_FP_DOOR) ||
                       (name && strstr(name, "door")));
    return 1;
}

static int feat_is_stone_stair(lua_State *L)
{
    unsigned p = vf_feature_props(feat_checked(L));
    lua_pushboolean(L, (p & (VF_FP_STAIR_UP | VF_FP_STAIR_DOWN)) != 0);
    return 1;
}

static int feat_is_stair(lua_State *L)
{
    lua_pushboolean(L, (vf_feature_props(feat_checked(L)) & VF_FP_STAIR) != 0);
    return 1;
}

static const luaL_Reg feat_fns[] = {
    {"is_wall", feat_is_wall}, {"is_solid", feat_is_solid},
    {"has_solid_floor", feat_has_solid_floor}, {"is_door", feat_is_door},
    {"is_stone_stair", feat_is_stone_stair}, {"is_stair", feat_is_stair},
    {NULL, NULL}};

static const luaL_Reg grd_fns[] = {
    {"grid", l_grid}, {"fill_grd_area", l_fill_grd_area},
    {"is_passable", l_is_passable}, {NULL, NULL}};

void vf_bind_open_dgn_grd(lua_State *L)
{
    lua_getglobal(L, "dgn");
    vf_lua_register(L, NULL, grd_fns);
    lua_pop(L, 1);
    vf_bind_global_table(L, "feat");
    vf_lua_register(L, NULL, feat_fns);
    lua_pop(L, 1);
}
