/* Maps as Lua values (the game's clua_push_map), and the dgn functions
 * that find and resolve other maps: map_by_tag, map_by_name, resolve_map,
 * mapsize, inspect_map, reuse_map, place_map (l-dgn.cc).
 *
 * A map object is a userdata over a vf_rmap. The map whose Lua runs is
 * borrowed from its resolve. Any other is owned by its object and freed
 * with it: map_by_tag and map_by_name give an unresolved one, the map as
 * the index knows it (its load-time tags, orientation and depths -- Lua
 * may change its tags, and resolve_map starts from them, as v_rooms.lua
 * relies on; the change lasts as long as the object, where the game's
 * lasts the whole game); resolve_map gives a resolved one, which also
 * stands for the game's vault_placement (inspect_map, reuse_map).
 *
 * There is no level while a map resolves, so the functions that draw on
 * it do what fits a map being resolved: place_map writes the placed map
 * into the map whose Lua called it (see l_place_map), reuse_map only
 * mirrors and rotates, unless the running map stands for the level
 * (a layout map: dgn_grd.c), whose grid it is drawn on. */
#include "engine/engine_int.h"
#include "bind_int.h"
#include "vf_choice.h"
#include "vf_glyph.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

typedef struct mapbox {
    vf_rmap *m;
    int owned;      /* freed with the object */
    int resolved;   /* made by resolve_map (or the map being resolved) */
} mapbox;

/* Owned objects have a metatable of their own, with __gc: the map being
 * resolved, made for every attempt, is spared the finaliser's cost. */
#define OWNED_META VF_MAP_META ".owned"

/* The box at idx, or NULL when idx holds no map object. */
static mapbox *tobox(lua_State *L, int idx)
{
    mapbox *b = lua_touserdata(L, idx);
    if (!b || !lua_getmetatable(L, idx)) return NULL;
    /* The map being resolved first: nearly every call is on it. */
    luaL_getmetatable(L, VF_MAP_META);
    int ok = lua_rawequal(L, -1, -2);
    lua_pop(L, 1);
    if (!ok) {
        luaL_getmetatable(L, OWNED_META);
        ok = lua_rawequal(L, -1, -2);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return ok ? b : NULL;
}

static mapbox *checkbox(lua_State *L, int idx)
{
    mapbox *b = tobox(L, idx);
    if (!b) vf_lua_typeerror(L, idx, VF_MAP_META);
    return b;
}

vf_rmap *vf_bind_checkmap(lua_State *L, int idx)
{
    return checkbox(L, idx)->m;
}

vf_rmap *vf_bind_tomap(lua_State *L, int idx)
{
    mapbox *b = tobox(L, idx);
    return b ? b->m : NULL;
}

vf_rmap *vf_bind_case_map(lua_State *L)
{
    vf_engine *e = vf_engine_of(L);
    return e ? e->current : NULL;
}

static mapbox *push_box(lua_State *L, vf_rmap *m, int owned, int resolved)
{
    mapbox *b = lua_newuserdata(L, sizeof *b);
    b->m = m;
    b->owned = owned;
    b->resolved = resolved;
    luaL_getmetatable(L, owned ? OWNED_META : VF_MAP_META);
    lua_setmetatable(L, -2);
    return b;
}

void vf_bind_pushmap(lua_State *L, vf_rmap *m)
{
    push_box(L, m, 0, 1);
}

static int map_gc(lua_State *L)
{
    mapbox *b = lua_touserdata(L, 1);
    if (b && b->owned && b->m) {
        vf_rmap_free(b->m);
        free(b->m);
        b->m = NULL;
    }
    return 0;
}

/* The owned objects are made before their maps: Lua may raise out of
 * making one (no memory), and a map allocated first would be lost. */
vf_rmap *vf_bind_newmap(lua_State *L)
{
    mapbox *b = push_box(L, NULL, 1, 0);
    b->m = vf_xcalloc(1, sizeof *b->m);
    return b->m;
}

/* Pushes a new owned map object for def on the engine's random numbers. */
static vf_rmap *push_new(lua_State *L, vf_engine *e, const vf_mapdef *def,
                         int resolved)
{
    mapbox *b = push_box(L, NULL, 1, resolved);
    b->m = vf_xmalloc(sizeof *b->m);
    vf_rmap_init(b->m, def, &e->rng);
    b->m->game = &e->cfg.game;
    return b->m;
}

/* ---- finding maps -------------------------------------------------------- */

/* The catalogue, raising its build error; NULL while maps load. */
static const vf_catalog *catalog(lua_State *L, vf_engine *e)
{
    vf_sbuf err = VF_SBUF_INIT;
    const vf_catalog *c = vf_engine_catalog(e, &err);
    if (!c && err.len) {
        lua_pushfstring(L, "cannot index the maps: %s", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        vf_bind_des_error(L, lua_tostring(L, -1));
    }
    vf_sbuf_free(&err);
    return c;
}

/* Pushes the index's map i as an unresolved object, or nil. */
static int push_info(lua_State *L, vf_engine *e, const vf_mapinfo *i)
{
    if (!i) {
        lua_pushnil(L);
        return 1;
    }
    vf_mapinfo_seed(i, push_new(L, e, i->def, 0));
    return 1;
}

/* The game's _lua_boolean: absent means the default, else truth. */
static int opt_bool(lua_State *L, int idx, int dflt)
{
    return lua_isnone(L, idx) ? dflt : lua_toboolean(L, idx);
}

/* map_by_tag(tags, check_depth = true) in a post_place hook: the maps
 * already on the level are used up, as in the game, and the draw is one
 * of the case's choices, for explain to try the others. */
static const vf_mapinfo *pick_on_level(lua_State *L, const vf_catalog *c)
{
    vf_engine *e = vf_engine_of(L);
    const char *tags = lua_tostring(L, 1);
    vf_sbuf call = VF_SBUF_INIT;
    vf_sbuf_printf(&call, "dgn.map_by_tag(\"%s\")", tags);
    vf_bind_pick pick = {.catalog = c, .tag = tags,
                         .check_depth = opt_bool(L, 2, 1)
                                        && !e->cfg.ignore_depth,
                         .used = &e->level_used, .call = vf_sbuf_str(&call)};
    const vf_mapinfo *info = vf_bind_pick_map(
        L, e->current ? e->current->choices : NULL, &pick);
    vf_sbuf_free(&call);
    return info;
}

/* map_by_tag(tags, check_depth = true): a map chosen as
 * random_map_for_tag chooses (vf_catalog_pick), or nil. */
static int l_map_by_tag(lua_State *L)
{
    const char *tags = luaL_checkstring(L, 1);
    vf_engine *e = vf_engine_of(L);
    int check_depth = opt_bool(L, 2, 1) && !e->cfg.ignore_depth;
    const vf_catalog *c = catalog(L, e);
    if (!c) return push_info(L, e, NULL);
    if (vf_engine_on_level(e)) return push_info(L, e, pick_on_level(L, c));
    return push_info(L, e, vf_catalog_pick(c, tags, check_depth,
                                           vf_bind_place(L), &e->used,
                                           &e->rng));
}

/* map_by_name(name): that map as the index knows it, or nil. */
static int l_map_by_name(lua_State *L)
{
    vf_engine *e = vf_engine_of(L);
    const vf_mapdef *def = vf_desset_find(e->set, luaL_checkstring(L, 1));
    if (!def) return push_info(L, e, NULL);
    vf_sbuf err = VF_SBUF_INIT;
    const vf_mapinfo *i = vf_engine_mapinfo(e, def, &err);
    if (!i && err.len) {
        lua_pushfstring(L, "cannot index the maps: %s", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        return vf_bind_des_error(L, lua_tostring(L, -1));
    }
    vf_sbuf_free(&err);
    if (i) return push_info(L, e, i);
    push_new(L, e, def, 0);   /* while maps load: no index entry yet */
    return 1;
}

/* ---- resolving ----------------------------------------------------------- */

/* Resolves the map at idx as the game's vault_main does (25 attempts,
 * then the flips) and pushes the resolved object, or nil when validate
 * or veto refused it. A Lua error in it is raised here: the game would
 * give up the level. */
static vf_rmap *resolve_at(lua_State *L, int idx)
{
    vf_engine *e = vf_engine_of(L);
    vf_rmap *src = vf_bind_checkmap(L, idx);
    if (!src->def) {
        vf_bind_des_error(L, "resolve_map: not a map of the index");
        return NULL;
    }
    vf_rmap *m = push_new(L, e, src->def, 1);
    m->validating = e->current ? e->current->validating : 0;
    /* A map a hook places is part of the case: its choices are the
     * case's, for explain to try (as a subvault's are). */
    m->choices = vf_engine_on_level(e) && e->current ? e->current->choices
                                                     : NULL;
    vf_choices_nesting saved;
    if (m->choices) vf_choices_nest_hooked(m->choices, src->def->name, &saved);
    vf_sbuf err = VF_SBUF_INIT;
    vf_resolve_status st = vf_engine_nested(e, m, src, VF_RESOLVE_ATTEMPTS, 1,
                                            &err);
    if (m->choices) vf_choices_unnest(m->choices, &saved);
    if (st == VF_LUA_ERROR) {
        lua_pushfstring(L, "resolving %s: %s", src->def->name,
                        vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        vf_bind_des_error(L, lua_tostring(L, -1));
    }
    vf_sbuf_free(&err);
    if (st == VF_RESOLVED) return m;
    lua_pop(L, 1);
    lua_pushnil(L);
    return NULL;
}

/* resolve_map(map, check_collide): the resolved map, and the same object
 * again standing for the game's vault_placement; nil, nil when it would
 * not resolve. */
static int l_resolve_map(lua_State *L)
{
    if (lua_isnil(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    if (!resolve_at(L, 1)) {
        lua_pushnil(L);
        return 2;
    }
    lua_pushvalue(L, -1);
    return 2;
}

static int l_mapsize(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    lua_pushinteger(L, m->grid.w);
    lua_pushinteger(L, m->grid.h);
    return 2;
}

/* The terrain of a cell as the game's map_feature_at reads it: a keyed
 * spec's drawn feature (a glyph's terrain, a shop's door, floor when it
 * has none -- even for KMASK alone, as in the game), else the glyph's. */
int vf_bind_map_feature(vf_rmap *m, int x, int y)
{
    int g = vf_grid_get(&m->grid, x, y);
    if (g < 0 || g == ' ') return 0;
    const vf_keyspec *k = g == VF_SUBVAULT_GLYPH ? NULL
                                                 : vf_rmap_keyspec(m, g);
    vf_cell c;
    vf_rmap_cell(m, x, y, &c);
    if (k && !vf_keyspec_replaces_glyph(k)) return vf_glyph_feature('.');
    if (!c.feat) return vf_glyph_feature(c.base < 0 ? '.' : c.base);
    switch (c.feat->kind) {
    case VF_FK_FEATURE: return c.feat->feature;
    case VF_FK_SHOP: return vf_feature_by_name(m->game, "enter_shop");
    case VF_FK_TRAP: return vf_feature_by_name(m->game, "trap_mechanical");
    default: return vf_glyph_feature(c.feat->glyph);
    }
}

/* An exit cell (§6.4): '@', '=' or '+' on the map's edge or beside a
 * space. */
static int is_exit(const vf_rmap *m, int x, int y)
{
    int g = vf_rmap_glyph(m, x, y);
    if (g != '@' && g != '=' && g != '+') return 0;
    static const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
    for (int i = 0; i < 4; i++) {
        int n = vf_grid_get(&m->grid, x + dx[i], y + dy[i]);
        if (n < 0 || n == ' ') return 1;
    }
    return 0;
}

/* inspect_map(vplace, x, y): feature number, exit?, space? */
static int l_inspect_map(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int x = vf_lua_checkint(L, 2), y = vf_lua_checkint(L, 3);
    int g = vf_grid_get(&m->grid, x, y);
    lua_pushinteger(L, vf_bind_map_feature(m, x, y));
    lua_pushboolean(L, g >= 0 && is_exit(m, x, y));
    lua_pushboolean(L, g == ' ');
    return 3;
}

/* reuse_map(vplace, x, y, hflip, vflip, rotate): the flips happen (they
 * honour the map's no_* tags, as the game's do), then the map is drawn
 * with its top-left at (x, y) of the level (vault_placement::draw_at) --
 * the level map's grid when the running map stands for the level
 * (dgn_grd.c), else nowhere. */
static int l_reuse_map(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int x = vf_lua_checkint(L, 2), y = vf_lua_checkint(L, 3);
    if (opt_bool(L, 4, 0)) vf_rmap_transform(m, "h");
    if (opt_bool(L, 5, 0)) vf_rmap_transform(m, "v");
    int rot = lua_isnone(L, 6) ? 0 : vf_lua_checkint(L, 6);
    if (rot) vf_rmap_transform(m, rot == 1 ? "cw" : "ccw");
    vf_rmap *level = vf_bind_level_surface(L);
    if (level && level != m) vf_rmap_merge(level, m, NULL, x, y);
    return 0;
}

/* ---- place_map ----------------------------------------------------------- */

/* Where a w x h map goes on the GXM x GYM level, by orientation (§6.1);
 * with a position, centred on it and slid into the level. Floating maps
 * go in the middle: the game's random spot needs a level. */
static void level_spot(const vf_rmap *m, int at, int ax, int ay, int *x,
                       int *y)
{
    int w = m->grid.w, h = m->grid.h;
    int cx = w < VF_GXM ? (VF_GXM - w) / 2 : 0;
    int cy = h < VF_GYM ? (VF_GYM - h) / 2 : 0;
    const char *o = m->orient ? m->orient : "";
    int n = strstr(o, "north") != NULL, s = strstr(o, "south") != NULL;
    int e = strstr(o, "east") != NULL, wst = strstr(o, "west") != NULL;
    *x = e ? VF_GXM - w : wst ? 0 : cx;
    *y = n ? 0 : s ? VF_GYM - h : cy;
    if (!at) return;
    /* In long long: vault code may pass any int. */
    long long lx = (long long)ax - w / 2, ly = (long long)ay - h / 2;
    if (lx > VF_GXM - w) lx = VF_GXM - w;
    if (ly > VF_GYM - h) ly = VF_GYM - h;
    *x = lx < 0 ? 0 : (int)lx;
    *y = ly < 0 ? 0 : (int)ly;
}

/* place_map(map, check_collide, no_exits, x, y): resolves map (unless it
 * is resolved already) and writes it into the map whose Lua is running,
 * which stands for the level: that map is taken as covering the level's
 * middle (an encompass map, as the game's wrappers are); one with no
 * cells yet becomes the placed map's rectangle. Cells falling outside it
 * are dropped. The placed cells keep their meaning as subvault cells do.
 * Returns the placed map, or nil when it did not resolve. */
static int place_on_level(lua_State *L, vf_engine *e, mapbox *b);

static int place_map_now(lua_State *L, vf_engine *e, mapbox *b)
{
    if (vf_engine_on_level(e)) return place_on_level(L, e, b);
    vf_rmap *into = e->current;
    if (!into)
        return vf_bind_des_error(L, "place_map: no map is being resolved");
    vf_rmap *m = b->m;
    if (m == into)
        return vf_bind_des_error(L, "place_map: a map cannot be placed into "
                                   "itself");
    if (b->resolved) lua_pushvalue(L, 1);
    else if (!(m = resolve_at(L, 1))) return 1;
    int at = lua_isnumber(L, 4) && lua_isnumber(L, 5);
    int x, y;
    level_spot(m, at, at ? vf_lua_toint(L, 4) : 0,
               at ? vf_lua_toint(L, 5) : 0, &x, &y);
    vf_grid_normalise(&into->grid, ' ');
    if (!into->grid.w) {
        vf_grid_clear(&into->grid);
        char *row = vf_xmalloc((size_t)m->grid.w + 1);
        memset(row, ' ', (size_t)m->grid.w);
        for (int i = 0; i < m->grid.h; i++)
            vf_grid_add_line(&into->grid, row, (size_t)m->grid.w);
        free(row);
        x = y = 0;
    } else {
        x -= into->grid.w < VF_GXM ? (VF_GXM - into->grid.w) / 2 : 0;
        y -= into->grid.h < VF_GYM ? (VF_GYM - into->grid.h) / 2 : 0;
    }
    vf_rmap_merge(into, m, NULL, x, y);
    return 1;
}

/* place_map(map, check_collide = true, no_exits = false, x, y) once the
 * map whose post_place hooks run is on the level: resolved (unless it
 * is already), then placed on the level as the game's
 * _build_secondary_vault places it (vf_engine_place_child). Returns the
 * placed map, or nil as the game's does when it would not resolve or
 * place. */
static int place_on_level(lua_State *L, vf_engine *e, mapbox *b)
{
    vf_rmap *m = b->m;
    if (b->resolved) lua_pushvalue(L, 1);
    else if (!(m = resolve_at(L, 1))) return 1;
    vf_engine_spot s = {.check_collide = opt_bool(L, 2, 1),
                        .no_exits = opt_bool(L, 3, 0)};
    s.at = lua_isnumber(L, 4) && lua_isnumber(L, 5);
    if (s.at) {
        s.x = vf_lua_toint(L, 4);
        s.y = vf_lua_toint(L, 5);
    }
    if (!vf_engine_place_child(e, m, &s)) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    return 1;
}

/* place_map's sixth argument is a map parameter for the placing and
 * whatever it runs (l-dgn.cc dgn_place_map: dgn_map_parameters), as
 * place_maps passes its tag ("shop", "shoal_mimic..."). A Lua error
 * leaves it set until the next case's resolve clears it. */
static int l_place_map(lua_State *L)
{
    vf_engine *e = vf_engine_of(L);
    mapbox *b = checkbox(L, 1);
    const char *param = lua_gettop(L) >= 6 ? luaL_checkstring(L, 6) : NULL;
    int kept = param ? vf_bind_params_push(L, param) : -1;
    lua_settop(L, 5);
    int n = place_map_now(L, e, b);
    if (kept >= 0) vf_bind_params_restore(L, kept);
    return n;
}

static const luaL_Reg map_fns[] = {
    {"map_by_tag", l_map_by_tag}, {"map_by_name", l_map_by_name},
    {"resolve_map", l_resolve_map}, {"mapsize", l_mapsize},
    {"inspect_map", l_inspect_map}, {"reuse_map", l_reuse_map},
    {"place_map", l_place_map},
    {NULL, NULL}};

void vf_bind_open_maps(lua_State *L)
{
    luaL_newmetatable(L, VF_MAP_META);
    lua_pushstring(L, "map");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    luaL_newmetatable(L, OWNED_META);
    lua_pushstring(L, "map");
    lua_setfield(L, -2, "__metatable");
    lua_pushcfunction(L, map_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    vf_lua_register(L, "dgn", map_fns);
    lua_pop(L, 1);
}
