/* Internal to src/bind and src/engine: the bindings of the game's Lua
 * library as the engine sees them (what to open, how to hand a case its
 * map, RNG and place), and how bindings find the map and RNG of the case.
 * Bindings also get the sandbox's helpers (lua/lua_int.h) through here.
 * What the room exports is named vf_bind_*. */
#ifndef VF_BIND_INT_H
#define VF_BIND_INT_H

#include <lua.h>

#include "lua/lua_int.h"

#include "vf_catalog.h"
#include "vf_place.h"
#include "vf_rmap.h"

#define VF_MAP_META "vaultfuzz.map"

/* Registry slots the engine writes and the bindings read: whether the
 * game has started (crawl.c: true at placement, false while maps load),
 * and the tags that only flag a map (dgn.c). */
extern const vf_lua_slot vf_bind_started;
extern const vf_lua_slot vf_bind_flags;

/* The level's size (the game's GXM, GYM). */
#define VF_GXM 80
#define VF_GYM 70

/* The map argument at idx (a map object), or a Lua error. */
vf_rmap *vf_bind_checkmap(lua_State *L, int idx);
/* Pushes a map object for m, the map being resolved (valid while m is). */
void vf_bind_pushmap(lua_State *L, vf_rmap *m);
/* The map type, and the dgn functions finding and resolving other maps
 * (mapobj.c); call before anything pushes a map. */
void vf_bind_open_maps(lua_State *L);
/* The map the running chunks resolve (the engine's current map), or NULL;
 * for bindings the game lets vault code call without a map. */
vf_rmap *vf_bind_case_map(lua_State *L);

/* A map drawn by tag as the game's random_map_for_tag draws it. */
typedef struct vf_bind_pick {
    const vf_catalog *catalog;
    const char *tag;
    int check_depth;
    const vf_used *used;     /* the maps used up, or NULL */
    const char *call;        /* how the choice is named: "SUBVAULT: ..." */
} vf_bind_pick;
/* The map p draws, from the engine's generator; when log is not NULL,
 * the draw is one of its choices (which of the maps it rolled over) and
 * may be forced. NULL when none qualifies or a dummy won. */
const vf_mapinfo *vf_bind_pick_map(lua_State *L, vf_choices *log,
                                   const vf_bind_pick *p);
/* Pushes a map object that owns its map (mapobj.c), and returns the map,
 * zeroed for the caller to vf_rmap_init; it is freed when Lua collects the
 * object. */
vf_rmap *vf_bind_newmap(lua_State *L);
/* The map object at idx, or NULL when idx holds no map object. */
vf_rmap *vf_bind_tomap(lua_State *L, int idx);
/* The RNG of the running case, or a Lua error outside a case. */
vf_rng *vf_bind_rng(lua_State *L);
void vf_bind_set_rng(lua_State *L, vf_rng *r);

/* Raises msg as a Lua error positioned at the innermost .des line on the
 * stack (bindings are reached through library wrappers; the author wants
 * the vault's line, not the wrapper's). */
int vf_bind_des_error(lua_State *L, const char *msg);
/* The .des line of the vault Lua calling this binding, through the
 * library's wrappers (dgn.c); 0 when no caller's chunk is a .des file's. */
int vf_bind_des_line(lua_State *L);

/* The place the case's level is at (copied). */
void vf_bind_set_place(lua_State *L, const vf_place *p);
const vf_place *vf_bind_place(lua_State *L);
/* vf_bind_place counts a read of the whole place; the branch alone
 * (vf_bind_branch) and the engine's own look-ups (vf_bind_place_peek) do
 * not. vf_bind_place_reads: the reads so far (a resolve that made none
 * built the same at every depth of its branch). */
int vf_bind_branch(lua_State *L);
const vf_place *vf_bind_place_peek(lua_State *L);
unsigned long vf_bind_place_reads(lua_State *L);
/* The game L's engine reads its maps as (its config's, vf_gamever.h):
 * the names and branches the bindings know. */
const vf_game *vf_bind_game_of(lua_State *L);
/* The case's game (level.c): new-game choices, from bits of game. */
void vf_bind_set_game(lua_State *L, uint64_t game);
/* The case's game, as set (its top 53 bits): what a game chose at its
 * start, for the bindings that answer questions about it. */
uint64_t vf_bind_game(lua_State *L);
/* vf_bind_game for a binding answering a question about the game (its
 * Lua name), which it records until vf_bind_game_forget;
 * vf_bind_game_asked appends the names recorded, sorted, to out (which
 * owns the copies). */
uint64_t vf_bind_game_ask(lua_State *L, const char *question);
void vf_bind_game_forget(lua_State *L);
void vf_bind_game_asked(lua_State *L, vf_strlist *out);
/* The map parameters (dgn.map_parameters): push appends one and returns
 * how many there were, to give restore, which drops those pushed since. */
int vf_bind_params_push(lua_State *L, const char *param);
void vf_bind_params_restore(lua_State *L, int n);
/* copy pushes a copy of the list; set pops a table and makes it the list
 * (anything else: an empty one). */
void vf_bind_params_copy(lua_State *L);
void vf_bind_params_set(lua_State *L);
/* items.pickable and items.excluded_from_set by the game's item sets,
 * each set's member drawn from the case's game (itemset.c). */
void vf_bind_open_items(lua_State *L);

void vf_bind_open_dgn(lua_State *L);
/* The map of the mapgrd table at idx (dgn.mapgrd_table), or NULL when
 * idx holds no such table. */
vf_rmap *vf_bind_tomapgrd(lua_State *L, int idx);
/* gamelib.c: after a library file ran, replaces what of it has a C
 * version giving the same results, when its text is one we know by its
 * vf_hash. The replacements: zonify.c's zonify.map_fill_zones and
 * map_fill_lava_zones (and zonify_grid.c's grid_fill_zones and
 * grid_fill_water_zones); vpaint.c's set_usage of v_paint.lua and
 * vpaint_usage.c's determine_usage_from_layout;
 * omnigrid.c's omnigrid.group_comparison; hyperusage.c's
 * hyper.usage.set_usage. */
void vf_bind_library_ran(lua_State *L, const char *name, uint64_t text_hash);
/* Whether a library file's text is one we know: 1 when
 * vf_bind_library_ran replaces part of it, 0 when it keeps its own Lua
 * (another version of the function), -1 when we do not know it. */
int vf_bind_library_known(const char *name, uint64_t text_hash);
void vf_bind_zonify_install(lua_State *L);
void vf_bind_vpaint_install(lua_State *L);
void vf_bind_vpaint_usage_install(lua_State *L);
void vf_bind_omnigrid_install(lua_State *L);
void vf_bind_hyperusage_install(lua_State *L);
/* For those replacements (gamelib.c). vf_bind_call_lua: the Lua function
 * a C closure stands for (its upvalue 1) called with the closure's first
 * nargs arguments, its results left as the closure's. table_remove and
 * table_append: Lua 5.1's table.remove(t, pos) and table.insert(t, v),
 * v a stack index. usage_cell: of set_usage(usage_grid, x, y, usage),
 * -1 when a plain C walk cannot stand for the Lua (not tables), 0 when
 * usage_grid[y][x] is nil (false pushed, the Lua's answer), 1 with the
 * row at index 5 and the cell's usage at 6; usage_spot: usage.spot =
 * {x = x, y = y}; usage_store: usage_grid[y][x] = usage. */
int vf_bind_call_lua(lua_State *L, int nargs);
/* A local function of a library file, shared as an upvalue by its
 * functions, replaced through the global function fn's upvalue of that
 * name by a C closure of f (its upvalue 1: the Lua function); nothing
 * when either is missing or already C. */
void vf_bind_replace_local(lua_State *L, const char *fn, const char *local,
                           lua_CFunction f);
void vf_bind_table_remove(lua_State *L, int t, int pos);
void vf_bind_table_append(lua_State *L, int t, int v);
/* The usage grids' eligible lists (listcopy.c), t and v stack indices:
 * list_remove is "for i, u in ipairs(t) do if u == v then
 * table.remove(t, i) break end end", list_append table.insert(t, v); the
 * two keep a C copy of the list to look in. lists_forget drops every
 * copy: call it before anything else may write a list. */
void vf_bind_list_remove(lua_State *L, int t, int v);
void vf_bind_list_append(lua_State *L, int t, int v);
void vf_bind_lists_forget(lua_State *L);
int vf_bind_usage_cell(lua_State *L);
void vf_bind_usage_spot(lua_State *L);
void vf_bind_usage_store(lua_State *L);
/* What zonify.map_fill_zones fills: every floor zone (cells not in wall)
 * but the keep largest of more than min cells becomes glyph. Filled by
 * designated initialisers. */
typedef struct vf_bind_zonefill {
    const char *wall;
    int keep;
    double min;
    char glyph;
} vf_bind_zonefill;
/* The walk of zonify.map_fill_zones on g, read as a w x h map. */
void vf_bind_fill_zones(vf_grid *g, int w, int h,
                        const vf_bind_zonefill *how);
/* The same walk over cells (1..x2, 1..y2), wall[(y-1)*x2 + x-1] telling
 * the wall group: fill marks each floor cell to fill (same indices). */
void vf_bind_zones_to_fill(const unsigned char *wall, int x2, int y2,
                           int keep, double min, unsigned char *fill);
/* An integer argument i in 1..INT_MAX (the Lua's loops need one), def
 * when nil or none; 0 when it is neither. */
int vf_bind_count_arg(lua_State *L, int i, int def, int *out);
/* zonify_grid.c: zonify.grid_fill_zones and grid_fill_water_zones, set
 * up by vf_bind_zonify_install. */
void vf_bind_zonify_grid_install(lua_State *L);
/* What dgn.grid(x, y) reads at each cell of the level and what
 * dgn.is_passable(x, y) answers (dgn_grd.c), for C that walks it. */
void vf_bind_level_read(lua_State *L, int feat[VF_GYM][VF_GXM],
                        unsigned char pass[VF_GYM][VF_GXM]);
/* Adds the map-grid builder bindings (l-dgnbld.cc) to the dgn table. */
void vf_bind_open_dgn_build(lua_State *L);
/* Adds the keyed-spec, overlay and marker bindings to dgn (dgn_keyed.c);
 * call after vf_bind_open_dgn. */
void vf_bind_open_dgn_keyed(lua_State *L);
/* Adds the whole-level layout bindings (dgn.layout_*, dgn_layout.c). */
void vf_bind_open_dgn_layout(lua_State *L);
/* dgn.grid, fill_grd_area, is_passable on the level map, and feat.*
 * (dgn_grd.c). */
void vf_bind_open_dgn_grd(lua_State *L);
/* The running map when it stands for the level (tagged layout or ORIENT:
 * encompass), its grid made 80x70 (rock where it had nothing); NULL for
 * any other map, or one larger than a level. */
vf_rmap *vf_bind_level_surface(lua_State *L);
/* A map cell's terrain as the game's map_feature_at reads it (keyed
 * specs and merged cells included); 0 for a space or off the grid
 * (mapobj.c). */
int vf_bind_map_feature(vf_rmap *m, int x, int y);
/* Adds the map-grid connectivity bindings and original_map (dgn_conn.c). */
void vf_bind_open_dgn_conn(lua_State *L);
void vf_bind_open_crawl(lua_State *L);
/* crawl.worley, crawl.worley_diff, crawl.simplex (noise.c). */
void vf_bind_open_noise(lua_State *L);
void vf_bind_open_level(lua_State *L);      /* you.*, branches, bounds */
void vf_bind_open_dgn_subvault(lua_State *L);
/* travel.find_deepest_explored, dgn.stash_items, crawl.unavailable_god:
 * the game in progress, as a new game answers (gamequery.c). */
void vf_bind_open_gamequery(lua_State *L);
/* Last: every other name of the game's API (no-ops, new-game answers,
 * "not implemented" errors), where nothing real is installed. */
void vf_bind_open_surface(lua_State *L);

/* Pushes the global table name, creating it if absent (surface.c). */
void vf_bind_global_table(lua_State *L, const char *name);

#endif
