/* The dgn table: map-definition bindings that vault Lua calls with the map
 * first (bare calls in map code go through the map environment). */
#include "bind_int.h"
#include "engine/engine_int.h"
#include "vf_transform.h"

#include <lauxlib.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const vf_lua_slot vf_bind_flags = {"the tags that only flag a map"};

int vf_bind_des_error(lua_State *L, const char *msg)
{
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        size_t n = strlen(ar.source);
        if (ar.currentline > 0 && ar.source[0] == '@' &&
            !(n > 4 && !strcmp(ar.source + n - 4, ".lua"))) {
            lua_pushfstring(L, "%s:%d: %s", ar.source + 1, ar.currentline,
                            msg);
            return lua_error(L);
        }
    }
    lua_pushstring(L, msg);
    return lua_error(L);
}

/* ---- metadata --------------------------------------------------------- */

static int l_name(lua_State *L)
{
    lua_pushstring(L, vf_bind_checkmap(L, 1)->def->name);
    return 1;
}

/* Pushes the tags as the game returns them: space-separated. */
static int push_tags(lua_State *L, const vf_rmap *m)
{
    const char *t = vf_sbuf_str(&m->tags);
    size_t n = strlen(t);
    while (n && t[n - 1] == ' ') n--;
    while (*t == ' ') t++, n--;
    lua_pushlstring(L, t, n > (size_t)-2 ? 0 : n);
    return 1;
}

/* tags(map, "a b"): adds; tags(map, nil): clears. */
static int l_tags(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) >= 2 && lua_isnil(L, 2)) {
        vf_sbuf_reset(&m->tags);
        vf_sbuf_adds(&m->tags, " ");
    }
    for (int i = 2; i <= lua_gettop(L); i++) {
        if (lua_isnil(L, i)) continue;
        /* Each tag is looked for among those there: work the count sees,
         * so piling up tags ends on the budget, not the CPU clock. */
        vf_lua_charge(L, (double)m->tags.len / 16);
        vf_rmap_add_tags(m, luaL_checkstring(L, i));
    }
    return push_tags(L, m);
}

static int l_tags_remove(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    for (int i = 2; i <= lua_gettop(L); i++)
        vf_rmap_remove_tags(m, luaL_checkstring(L, i));
    return push_tags(L, m);
}

static int l_has_tag(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    lua_pushboolean(L, vf_rmap_has_tag(m, luaL_checkstring(L, 2)));
    return 1;
}

static void append_ranges(vf_sbuf *b, const char *s)
{
    if (!*s) return;
    if (b->len) vf_sbuf_adds(b, ", ");
    vf_sbuf_adds(b, s);
}

/* Raises the message in err (freed) at the vault's line. */
static int raise_at_des(lua_State *L, vf_sbuf *err)
{
    lua_pushstring(L, vf_sbuf_str(err));
    vf_sbuf_free(err);
    return vf_bind_des_error(L, lua_tostring(L, -1));
}

/* Parses ranges into d (and the text into b), or raises the game's
 * message. */
static void add_ranges(lua_State *L, vf_depths *d, vf_sbuf *b,
                       const char *ranges)
{
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_depths_add(vf_bind_game_of(L), d, ranges, &err))
        raise_at_des(L, &err);
    vf_sbuf_free(&err);
    append_ranges(b, ranges);
}

/* depth(map, r1, r2 ...): adds ranges; depth(map, nil): clears; with no
 * argument, the ranges as written. */
static int l_depth(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) >= 2 && lua_isnil(L, 2)) {
        vf_depths_clear(&m->depths);
        vf_sbuf_reset(&m->depth);
        return 0;
    }
    for (int i = 2; i <= lua_gettop(L); i++)
        add_ranges(L, &m->depths, &m->depth, luaL_checkstring(L, i));
    lua_pushstring(L, vf_sbuf_str(&m->depth));
    return 1;
}

/* place(map, ranges): replaces them; place(map, nil): clears. */
static int l_place(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) >= 2) {
        const char *s = lua_isnil(L, 2) ? NULL : luaL_checkstring(L, 2);
        vf_depths_clear(&m->places);
        vf_sbuf_reset(&m->place);
        if (s) add_ranges(L, &m->places, &m->place, s);
    }
    lua_pushstring(L, vf_sbuf_str(&m->place));
    return 1;
}

static const char *const orients[] = {
    "north", "south", "east", "west", "northwest", "northeast",
    "southwest", "southeast", "encompass", "float", "centre", NULL};

static int l_orient(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) >= 2) {
        const char *o = luaL_checkstring(L, 2);
        int k = 0;
        while (orients[k] && strcmp(orients[k], o)) k++;
        if (!*o) {
            free(m->orient);
            m->orient = NULL;
        } else if (!orients[k]) {
            lua_pushfstring(L, "Bad orient: %s", o);
            return vf_bind_des_error(L, lua_tostring(L, -1));
        } else {
            free(m->orient);
            m->orient = vf_xstrdup(o);
        }
    }
    if (m->orient) lua_pushstring(L, m->orient);
    else lua_pushstring(L, "");
    return 1;
}

/* weight(n), chance(n), order(n): set when given; return the value. */
static int int_field(lua_State *L, size_t offset)
{
    int *field = (int *)((char *)vf_bind_checkmap(L, 1) + offset);
    if (lua_gettop(L) >= 2) *field = vf_lua_checkint(L, 2);
    lua_pushinteger(L, *field);
    return 1;
}

static int l_weight(lua_State *L)
{
    return int_field(L, offsetof(vf_rmap, weight));
}

/* chance(map, [priority,] chance): the priority (before 0.20, and in
 * forks that keep it) orders chance maps in the game; vaultfuzz rolls
 * each map's chance alone, so only the chance is kept. */
static int l_chance(lua_State *L)
{
    if (lua_gettop(L) >= 3) lua_remove(L, 2);
    return int_field(L, offsetof(vf_rmap, chance));
}

static int l_order(lua_State *L)
{
    return int_field(L, offsetof(vf_rmap, order));
}

/* depth_weight("D:2-", 5), depth_chance("Vaults", 10000): the weight or
 * CHANCE at those depths (map selection reads them: a layout map's
 * CHANCE is rolled, vf_catalog_pick_if). Bad ranges get the game's
 * message. */
static int l_depth_weight(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    const char *ranges = luaL_checkstring(L, 2);
    int w = vf_lua_checkint(L, 3);
    if (w < 0) {
        lua_pushfstring(L, "Bad weight: %d (must be >= 0)", w);
        return vf_bind_des_error(L, lua_tostring(L, -1));
    }
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_depth_values_add(vf_bind_game_of(L), &m->weights, ranges, w,
                            &err))
        return raise_at_des(L, &err);
    vf_sbuf_free(&err);
    return 0;
}

static int l_depth_chance(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    const char *ranges = luaL_checkstring(L, 2);
    int c = vf_lua_checkint(L, lua_gettop(L) >= 4 ? 4 : 3);   /* priority */
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_depth_values_add(vf_bind_game_of(L), &m->chances, ranges, c,
                            &err))
        return raise_at_des(L, &err);
    vf_sbuf_free(&err);
    return 0;
}

static int l_is_validating(lua_State *L)
{
    lua_pushboolean(L, vf_bind_checkmap(L, 1)->validating);
    return 1;
}

/* ---- the grid ----------------------------------------------------------- */

/* The nearest caller whose chunk is a .des file's: their chunks keep the
 * file's line numbers. */
static int des_frame(lua_State *L, lua_Debug *ar)
{
    for (int level = 1; level < 8 && lua_getstack(L, level, ar); level++) {
        if (!lua_getinfo(L, "Sl", ar)) break;
        size_t n = strlen(ar->source);
        if (ar->source[0] == '@' && n > 4
            && !strcmp(ar->source + n - 4, ".des"))
            return 1;
    }
    return 0;
}

int vf_bind_des_line(lua_State *L)
{
    lua_Debug ar;
    return des_frame(L, &ar) && ar.currentline > 0 ? ar.currentline : 0;
}

/* Where the MAP block being read starts: the case map's, or while a
 * subvault resolves, that subvault's (with its file). */
static void set_map_line(lua_State *L, vf_choices *c)
{
    lua_Debug ar;
    int found = des_frame(L, &ar);
    int line = found && ar.currentline > 0 ? ar.currentline : 0;
    if (!c->nested) {
        c->map_line = line;
        return;
    }
    c->sub_map_line = line;
    if (found)   /* the chunk is named by a cut path: the file's whole */
        snprintf(c->sub_file, sizeof c->sub_file, "%s",
                 vf_engine_chunk_file(vf_engine_of(L), ar.source + 1));
}

/* The most a MAP block may hold: far past any level (VF_GXM x VF_GYM),
 * so no map the game places is refused, while a vault's Lua cannot grow
 * the C side of a case without bound (its Lua memory has a cap; this
 * rectangle would not). */
#define MAP_MAX_SIDE 1024

static int l_map(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    if (lua_gettop(L) >= 2) {
        size_t n;
        const char *s = luaL_checklstring(L, 2, &n);
        if (n > MAP_MAX_SIDE || m->grid.h >= MAP_MAX_SIDE)
            return luaL_error(L, "MAP larger than %d rows or columns (a "
                              "level is %dx%d): no level holds it",
                              MAP_MAX_SIDE, VF_GXM, VF_GYM);
        if (m->choices && !m->grid.h) set_map_line(L, m->choices);
        vf_grid_add_line(&m->grid, s, n);
        return 0;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int y = 0; y < m->grid.h; y++) {
        if (y) luaL_addchar(&b, '\n');
        luaL_addlstring(&b, vf_grid_row(&m->grid, y), (size_t)m->grid.len[y]);
    }
    luaL_pushresult(&b);
    return 1;
}

static int l_width(lua_State *L)
{
    lua_pushinteger(L, vf_bind_checkmap(L, 1)->grid.w);
    return 1;
}

static int l_height(lua_State *L)
{
    lua_pushinteger(L, vf_bind_checkmap(L, 1)->grid.h);
    return 1;
}

/* gly_point(map, g): the first cell holding g, row by row from the top;
 * nothing when there is none. gly_points: every such cell, as x1, y1, x2,
 * y2, ... in the game's find_glyph order: bottom row first, right to left
 * (any_glyph_connected floods from the first). */
static int l_gly_point(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int g = (unsigned char)*luaL_checkstring(L, 2);
    for (int y = 0; y < m->grid.h; y++) {
        const char *row = vf_grid_row(&m->grid, y);
        const char *hit = memchr(row, g, (size_t)m->grid.len[y]);
        if (hit) {
            lua_pushinteger(L, hit - row);
            lua_pushinteger(L, y);
            return 2;
        }
    }
    return 0;
}

static int l_gly_points(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    int g = (unsigned char)*luaL_checkstring(L, 2), n = 0;
    for (int y = m->grid.h - 1; y >= 0; y--)
        for (int x = m->grid.len[y] - 1; x >= 0; x--)
            if ((unsigned char)vf_grid_row(&m->grid, y)[x] == g) {
                luaL_checkstack(L, 2, "too many points");
                lua_pushinteger(L, x);
                lua_pushinteger(L, y);
                n += 2;
            }
    return n;
}

/* ---- mapgrd[x][y]: one glyph, read and written in place ----------------- */

#define MAPGRD_META "vaultfuzz.mapgrd"
#define MAPCOL_META "vaultfuzz.mapgrd.column"

typedef struct { vf_rmap *m; int x; } mapcol;

/* The table and its columns hold the map object in their environment, so
 * a map resolved by resolve_map lives as long as they do. */
static int l_mapgrd_table(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    vf_rmap **box = lua_newuserdata(L, sizeof *box);
    *box = m;
    luaL_getmetatable(L, MAPGRD_META);
    lua_setmetatable(L, -2);
    lua_createtable(L, 1, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    vf_lua_setuservalue(L, -2);
    return 1;
}

/* Columns are kept in the table's environment (index x + 2), so a read
 * of mapgrd[x][y] makes no garbage: the game's layouts read the whole
 * map this way, cell by cell, several times a build. */
#define MAPCOL_KEPT 256

static int mapgrd_index(lua_State *L)
{
    vf_rmap **box = luaL_checkudata(L, 1, MAPGRD_META);
    int x = vf_lua_checkint(L, 2);
    int kept = x >= 0 && x < MAPCOL_KEPT;
    vf_lua_getuservalue(L, 1);
    if (kept) {
        lua_rawgeti(L, -1, x + 2);
        if (!lua_isnil(L, -1)) return 1;
        lua_pop(L, 1);
    }
    mapcol *c = lua_newuserdata(L, sizeof *c);
    c->m = *box;
    c->x = x;
    luaL_getmetatable(L, MAPCOL_META);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -2);
    vf_lua_setuservalue(L, -2);
    if (kept) {
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, x + 2);
    }
    return 1;
}

vf_rmap *vf_bind_tomapgrd(lua_State *L, int idx)
{
    vf_rmap **box = lua_touserdata(L, idx);
    if (!box || !lua_getmetatable(L, idx)) return NULL;
    luaL_getmetatable(L, MAPGRD_META);
    int ours = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return ours ? *box : NULL;
}

static int mapgrd_newindex(lua_State *L)
{
    return luaL_error(L, "Cannot assign to read-only table.");
}

static char *mapcol_cell(lua_State *L)
{
    mapcol *c = luaL_checkudata(L, 1, MAPCOL_META);
    int y = vf_lua_checkint(L, 2);
    const vf_grid *g = &c->m->grid;
    if (c->x < 0 || y < 0 || y >= g->h || c->x >= g->len[y]) {
        luaL_error(L, "Invalid coords: %d, %d", c->x, y);
        return NULL;
    }
    return vf_grid_row(g, y) + c->x;
}

static int mapcol_index(lua_State *L)
{
    lua_pushlstring(L, mapcol_cell(L), 1);
    return 1;
}

static int mapcol_newindex(lua_State *L)
{
    char *cell = mapcol_cell(L);
    size_t n;
    const char *s = luaL_checklstring(L, 3, &n);
    if (n != 1) return luaL_error(L, "mapgrd must be set to a single char.");
    *cell = s[0];
    return 0;
}

static void new_meta(lua_State *L, const char *name, lua_CFunction index,
                     lua_CFunction newindex)
{
    luaL_newmetatable(L, name);
    /* Hidden from getmetatable: vault code must not add a __gc. */
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
    lua_pushcfunction(L, index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pop(L, 1);
}

typedef int (*transform_fn)(vf_grid *, const char *, size_t, vf_rng *,
                            const vf_choice_site *, vf_sbuf *);

static int run_transform(lua_State *L, transform_fn f)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    size_t n;
    const char *spec = luaL_checklstring(L, 2, &n);
    vf_sbuf err = VF_SBUF_INIT;
    vf_choice_site site = {.choices = m->choices,
                           .line = m->choices ? vf_bind_des_line(L) : 0};
    if (f(&m->grid, spec, n, m->rng, &site, &err) == 0) return 0;
    return raise_at_des(L, &err);
}

static int l_subst(lua_State *L) { return run_transform(L, vf_subst_at); }
static int l_nsubst(lua_State *L) { return run_transform(L, vf_nsubst_at); }
static int l_shuffle(lua_State *L) { return run_transform(L, vf_shuffle_at); }

static int l_clear(lua_State *L)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    size_t n;
    const char *spec = luaL_checklstring(L, 2, &n);
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_clear(&m->grid, spec, n, &err) == 0) return 0;
    return raise_at_des(L, &err);
}

/* ---- slots and records -------------------------------------------------- */

/* mons(spec) and item(spec) append a slot; nil clears them all. The game
 * also has mons(index, spec), but tests lua_isstring first, which a number
 * passes, so that form appends the index as a spec: so do we. */
static int slot(lua_State *L, int items)
{
    vf_rmap *m = vf_bind_checkmap(L, 1);
    vf_strlist *l = items ? &m->items : &m->mons;
    if (lua_gettop(L) == 1) return 0;
    if (lua_isnil(L, 2))
        vf_strlist_free(l);
    else
        vf_strlist_push(l, vf_xstrdup(luaL_checkstring(L, 2)));
    /* A slot's draws are choices made at placement: keep its line. */
    if (!items && m->choices && l->n >= 1 && l->n <= 7)
        m->mons_line[l->n - 1] = vf_bind_des_line(L);
    return 0;
}

static int l_mons(lua_State *L) { return slot(L, 0); }
static int l_item(lua_State *L) { return slot(L, 1); }

/* Level-wide looks (floor and rock colours and tiles) and descriptions:
 * checked for type, then dropped. */
static int l_cosmetic(lua_State *L)
{
    vf_bind_checkmap(L, 1);
    return 0;
}

/* ---- the set of maps ----------------------------------------------------- */

/* map_register_flag(tag): a tag that only flags a map, so does not make it
 * placeable by itself (§5.7). Kept in the registry for lint. */
static int l_map_register_flag(lua_State *L)
{
    luaL_checkstring(L, 1);
    vf_lua_slot_get(L, &vf_bind_flags);
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    return 0;
}

static const luaL_Reg dgn_fns[] = {
    {"gly_point", l_gly_point}, {"gly_points", l_gly_points},
    {"mapgrd_table", l_mapgrd_table},
    {"map_register_flag", l_map_register_flag},
    {"set_border_fill_type", l_cosmetic}, {"set_feature_name", l_cosmetic},
    {"name", l_name}, {"tags", l_tags}, {"tags_remove", l_tags_remove},
    {"has_tag", l_has_tag}, {"depth", l_depth}, {"place", l_place},
    {"orient", l_orient}, {"weight", l_weight}, {"chance", l_chance},
    {"order", l_order}, {"depth_weight", l_depth_weight},
    {"depth_chance", l_depth_chance}, {"desc", l_cosmetic},
    {"is_validating", l_is_validating}, {"map", l_map}, {"width", l_width},
    {"height", l_height}, {"subst", l_subst}, {"nsubst", l_nsubst},
    {"shuffle", l_shuffle}, {"clear", l_clear},
    {"mons", l_mons}, {"item", l_item},
    {"lfloorcol", l_cosmetic},
    {"lrockcol", l_cosmetic}, {"lfloortile", l_cosmetic},
    {"lrocktile", l_cosmetic},
    {NULL, NULL}};

void vf_bind_open_dgn(lua_State *L)
{
    new_meta(L, MAPGRD_META, mapgrd_index, mapgrd_newindex);
    new_meta(L, MAPCOL_META, mapcol_index, mapcol_newindex);
    lua_newtable(L);
    vf_lua_slot_set(L, &vf_bind_flags);
    vf_lua_register(L, "dgn", dgn_fns);
    lua_pop(L, 1);
}
