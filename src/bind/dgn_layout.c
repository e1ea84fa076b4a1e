/* dgn.layout_basic, layout_bigger_room, layout_chaotic_city, layout_swamp
 * and layout_shoals: the game's C++ level builders (vf_layout.h). The game
 * draws them on the level; here the map's grid is the level, made 80x70
 * (rock where the map has nothing, as an empty MAP block has) and drawn on.
 *
 * The vaults call them bare (the map comes first, from the map
 * environment) or as dgn.layout_swamp() with no map at all, as the game
 * needs none; then the map of the running case is the one drawn on. */
#include "bind_int.h"
#include "vf_feature.h"
#include "vf_layout.h"

#include <lauxlib.h>
#include <string.h>

typedef int (*builder)(vf_grid *, vf_rng *, const vf_game *, const vf_place *,
                       vf_sbuf *);

static vf_rmap *layout_map(lua_State *L, const char *fn)
{
    vf_rmap *m = vf_bind_tomap(L, 1);
    if (m) return m;
    m = vf_bind_case_map(L);
    if (!m) luaL_error(L, "dgn.%s: no map is being resolved", fn);
    return m;
}

/* Builds on the map's grid; wall only for the chaotic city. */
static int build(lua_State *L, const char *fn, builder b, char wall)
{
    vf_rmap *m = layout_map(L, fn);
    vf_rng *r = vf_bind_rng(L);
    const vf_place *p = vf_bind_place(L);
    vf_sbuf err = VF_SBUF_INIT;
    int rc = vf_layout_grid(&m->grid, &err);
    if (!rc)
        rc = b ? b(&m->grid, r, vf_bind_game_of(L), p, &err)
               : vf_layout_chaotic_city(&m->grid, r, vf_bind_game_of(L), p,
                                        wall, &err);
    if (!rc) return 0;
    lua_pushfstring(L, "dgn.%s: %s", fn, vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    return vf_bind_des_error(L, lua_tostring(L, -1));
}

static int l_layout_basic(lua_State *L)
{
    return build(L, "layout_basic", vf_layout_basic, 0);
}

static int l_layout_bigger_room(lua_State *L)
{
    return build(L, "layout_bigger_room", vf_layout_bigger_room, 0);
}

static int l_layout_swamp(lua_State *L)
{
    return build(L, "layout_swamp", vf_layout_swamp, 0);
}

static int l_layout_shoals(lua_State *L)
{
    return build(L, "layout_shoals", vf_layout_shoals, 0);
}

/* The features a box may be drawn with that have a map glyph (§3). */
static const struct {
    const char *name;
    char glyph;
} feature_glyphs[] = {
    {"rock_wall", 'x'}, {"stone_wall", 'c'}, {"metal_wall", 'v'},
    {"crystal_wall", 'b'}, {"clear_rock_wall", 'm'},
    {"clear_stone_wall", 'n'}, {"permarock_wall", 'X'},
    {"clear_permarock_wall", 'o'}, {"tree", 't'}, {"deep_water", 'w'},
    {"shallow_water", 'W'}, {"lava", 'l'}, {"floor", '.'},
    {"closed_door", '+'}};

/* layout_chaotic_city(map, feature): the game reads the feature at
 * argument 2 whatever came first, as a name or a number; nil or a name it
 * does not know means any wall. */
static int l_layout_chaotic_city(lua_State *L)
{
    int id = 0;
    if (lua_isnumber(L, 2)) id = vf_lua_toint(L, 2);
    else if (lua_isstring(L, 2))
        id = vf_feature_by_name(vf_bind_game_of(L), lua_tostring(L, 2));
    const char *name = id ? vf_feature_name(id) : NULL;
    char wall = 0;
    for (size_t i = 0; name && i < sizeof feature_glyphs /
                                       sizeof *feature_glyphs; i++)
        if (!strcmp(name, feature_glyphs[i].name))
            wall = feature_glyphs[i].glyph;
    if (name && !wall) {
        lua_pushfstring(L, "dgn.layout_chaotic_city: feature '%s' has no "
                        "map glyph in vaultfuzz", name);
        return vf_bind_des_error(L, lua_tostring(L, -1));
    }
    return build(L, "layout_chaotic_city", NULL, wall);
}

static const luaL_Reg layout_fns[] = {
    {"layout_basic", l_layout_basic},
    {"layout_bigger_room", l_layout_bigger_room},
    {"layout_chaotic_city", l_layout_chaotic_city},
    {"layout_shoals", l_layout_shoals},
    {"layout_swamp", l_layout_swamp},
    {NULL, NULL}};

void vf_bind_open_dgn_layout(lua_State *L)
{
    lua_getglobal(L, "dgn");
    vf_lua_register(L, NULL, layout_fns);
    lua_pop(L, 1);
}
