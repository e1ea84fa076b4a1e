/* The game's Lua library functions that vaultfuzz runs in C instead
 * (src/bind/gamelib.c): on the game's own files ($VF_CRAWL_DIR, a crawl
 * checkout), the C gives the map the Lua gives, on maps drawn at random
 * in the shapes the layouts make (up to past the level's size, few zones
 * and many, every argument). Opt-in: make check-real. */
#include "tests.h"
#include "bind/bind_int.h"
#include "vf_engine.h"
#include "vf_rmap.h"
#include "vf_fs.h"
#include "vf_rng.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A bare Lua state with the game's util.lua, vector.lua and zonify.lua
 * from dat, crawl_require reading from dat, dgn.in_bounds and the
 * crawl.string_compare util.sort uses (byte order). Gives the
 * vf_hash of zonify.lua's text. */
static lua_State *game_state(const char *dat, uint64_t *zonify_hash)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_pushstring(L, dat);
    lua_setglobal(L, "DAT");
    int rc = luaL_dostring(L,
        "function crawl_require(f) dofile(DAT .. '/' .. f) end\n"
        "crawl = { string_compare = function(a, b)\n"
        "  return a < b and -1 or a > b and 1 or 0 end }\n"
        "dgn = { in_bounds = function(x, y)\n"
        "  return x > 0 and x < 79 and y > 0 and y < 69 end }\n"
        "crawl_require('dlua/util.lua')\n"
        "crawl_require('dlua/layout/zonify.lua')\n");
    ck_assert_msg(rc == 0, "%s", lua_tostring(L, -1));
    char path[600], *text, why[256];
    size_t len;
    snprintf(path, sizeof path, "%s/dlua/layout/zonify.lua", dat);
    ck_assert_int_eq(vf_fs_read(path, 1 << 20, &text, &len, why, sizeof why),
                     0);
    *zonify_hash = vf_hash(0, text, len);
    free(text);
    return L;
}

/* Runs the game's zonify.fname(e, keep, 'x', min) on rows (h rows of w),
 * e.mapgrd a plain table as the Lua reads it; the map comes back in
 * rows. */
static void lua_fill(lua_State *L, const char *fname, char *rows, int w,
                     int h, int keep, int min)
{
    lua_pushlstring(L, rows, (size_t)w * (size_t)h);
    lua_setglobal(L, "ROWS");
    char call[700];
    snprintf(call, sizeof call,
        "local w, h = %d, %d\n"
        "local g = {}\n"
        "for x = 0, w - 1 do g[x] = {}\n"
        "  for y = 0, h - 1 do\n"
        "    local i = y * w + x + 1\n"
        "    g[x][y] = ROWS:sub(i, i) end end\n"
        "local e = { width = function() return w end,\n"
        "  height = function() return h end, mapgrd = g }\n"
        "zonify.%s(e, %d, 'x', %d)\n"
        "local out = {}\n"
        "for y = 0, h - 1 do for x = 0, w - 1 do\n"
        "  out[#out + 1] = g[x][y] end end\n"
        "return table.concat(out)\n", w, h, fname, keep, min);
    ck_assert_msg(luaL_dostring(L, call) == 0, "%s", lua_tostring(L, -1));
    memcpy(rows, lua_tostring(L, -1), (size_t)w * (size_t)h);
    lua_pop(L, 1);
}

/* A random map: floor among rock at a density that gives a few large
 * zones or many small ones, with glyphs of each group mixed in. */
static void random_map(vf_rng *r, char *rows, int w, int h)
{
    static const char floorish[] = "...W+{(";
    static const char wallish[] = "xxxclvbtg";
    int density = 20 + vf_random2(r, 60);
    for (int i = 0; i < w * h; i++)
        rows[i] = vf_random2(r, 100) < density
                      ? floorish[vf_random2(r, (int)sizeof floorish - 1)]
                      : wallish[vf_random2(r, (int)sizeof wallish - 1)];
}

static void c_fill(char *rows, int w, int h, const char *wall, int keep,
                   int min)
{
    vf_grid g;
    vf_grid_init(&g);
    for (int y = 0; y < h; y++) vf_grid_add_line(&g, rows + y * w, (size_t)w);
    vf_bind_zonefill how = {.wall = wall, .keep = keep, .min = min,
                            .glyph = 'x'};
    vf_bind_fill_zones(&g, w, h, &how);
    for (int y = 0; y < h; y++)
        memcpy(rows + y * w, vf_grid_row(&g, y), (size_t)w);
    vf_grid_free(&g);
}

static char *dat_dir(void)
{
    const char *dir = getenv("VF_CRAWL_DIR");
    if (!dir || !*dir) return NULL;
    vf_sbuf err = VF_SBUF_INIT;
    char *dat = vf_engine_find_crawl_dat(dir, &err);
    ck_assert_msg(dat != NULL, "%s", vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    return dat;
}

/* 400 maps: a fifth the level's 80x70, the rest any size from 3x3 to
 * past the level's; keep 1 to 4, min 1 or up to 29; a quarter through
 * map_fill_lava_zones. */
START_TEST(zonify_in_c_is_the_game_lua)
{
    char *dat = dat_dir();
    if (!dat) {
        printf("gamelua: skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    uint64_t hash;
    lua_State *L = game_state(dat, &hash);
    vf_rng r;
    vf_rng_seed(&r, 18);
    int filled = 0;
    for (int i = 0; i < 400; i++) {
        int lava = i % 4 == 3;
        int w = 3 + vf_random2(&r, 82), h = 3 + vf_random2(&r, 72);
        if (i % 5 == 0) {
            w = 80;
            h = 70;
        }
        int keep = 1 + (i % 7 == 0 ? vf_random2(&r, 4) : 0);
        int min = i % 3 == 0 ? vf_random2(&r, 30) : 1;
        size_t n = (size_t)w * (size_t)h;
        char *drawn = malloc(n), *lua = malloc(n), *c = malloc(n);
        random_map(&r, drawn, w, h);
        memcpy(lua, drawn, n);
        memcpy(c, drawn, n);
        lua_fill(L, lava ? "map_fill_lava_zones" : "map_fill_zones", lua, w,
                 h, keep, min);
        c_fill(c, w, h, lava ? "wxcvbtg" : "wlxcvbtg", keep, min);
        for (size_t k = 0; k < n; k++)
            if (c[k] != lua[k])
                ck_abort_msg("map %d (%dx%d, keep %d, min %d%s): cell "
                             "%zu,%zu is %c in C, %c in Lua", i, w, h, keep,
                             min, lava ? ", lava" : "", k % (size_t)w,
                             k / (size_t)w, c[k], lua[k]);
        filled += memcmp(drawn, lua, n) != 0;
        free(c);
        free(lua);
        free(drawn);
    }
    /* Most maps had zones to fill: the comparison saw the walk work. */
    printf("gamelua: zonify filled zones in %d of 400 maps\n", filled);
    ck_assert_int_ge(filled, 300);
    /* The checkout's zonify.lua is one the engine replaces. */
    lua_getglobal(L, "zonify");
    lua_getfield(L, -1, "map_fill_zones");
    ck_assert(!lua_iscfunction(L, -1));
    lua_pop(L, 1);
    vf_bind_library_ran(L, "dlua/layout/zonify.lua", hash);
    lua_getfield(L, -1, "map_fill_zones");
    lua_getfield(L, -2, "map_fill_lava_zones");
    ck_assert_msg(lua_iscfunction(L, -2) && lua_iscfunction(L, -1),
                  "zonify.lua of %s (vf_hash %016llx) is not the one "
                  "src/bind/zonify.c knows", dat, (unsigned long long)hash);
    lua_close(L);
    free(dat);
}
END_TEST

/* The same script's output with the game's Lua and with our C: run(dat,
 * in_c) gives each; the first difference fails the test. NULL when no
 * checkout is given. */
static char *same_both_ways(char *(*run)(const char *dat, int in_c))
{
    char *dat = dat_dir();
    if (!dat) {
        printf("gamelua: skipped, VF_CRAWL_DIR not set\n");
        return NULL;
    }
    char *lua = run(dat, 0), *c = run(dat, 1);
    size_t at = 0;
    while (c[at] && c[at] == lua[at]) at++;
    ck_assert_msg(c[at] == lua[at], "from character %zu: C gives '%.40s', "
                  "Lua '%.40s'", at, c + at, lua + at);
    free(c);
    free(dat);
    return lua;
}

/* What script returns in L, a string the caller frees; L is closed. */
static char *output_of(lua_State *L, const char *script)
{
    ck_assert_msg(luaL_dostring(L, script) == 0, "%s", lua_tostring(L, -1));
    char *got = vf_xstrdup(lua_tostring(L, -1));
    lua_close(L);
    return got;
}

/* Loads dat/file into L, gives the vf_hash of its text. */
static uint64_t load_game_file(lua_State *L, const char *dat,
                               const char *file)
{
    char path[600], *text, why[256];
    size_t len;
    snprintf(path, sizeof path, "%s/%s", dat, file);
    ck_assert_int_eq(vf_fs_read(path, 1 << 20, &text, &len, why, sizeof why),
                     0);
    ck_assert_int_eq(luaL_loadbuffer(L, text, len, file), 0);
    lua_call(L, 0, 0);
    uint64_t hash = vf_hash(0, text, len);
    free(text);
    return hash;
}

/* A state for a script over one library file of dat: game_state, the
 * Lua of before (NULL: none), then file; with in_c, what gamelib.c
 * replaces of it. The file's text must be one src/bind knows. what, a
 * Lua expression, gives the function replaced, which must then be C
 * exactly when in_c and the file is one gamelib.c replaces a part of
 * (another version keeps its Lua both ways, and the script checks that
 * the run is whole). upvalue(f, name) is at hand for a local. */
static lua_State *file_state(const char *dat, const char *before,
                             const char *file, const char *what, int in_c)
{
    uint64_t hash;
    lua_State *L = game_state(dat, &hash);
    ck_assert_int_eq(luaL_dostring(L,
        "function upvalue(f, name) for i = 1, 255 do\n"
        "  local k, v = debug.getupvalue(f, i)\n"
        "  if k == nil or k == name then return v end end end"), 0);
    if (before) ck_assert_int_eq(luaL_dostring(L, before), 0);
    hash = load_game_file(L, dat, file);
    int known = vf_bind_library_known(file, hash);
    ck_assert_msg(known >= 0, "%s of %s (vf_hash %016llx) is not one "
                  "src/bind knows", file, dat, (unsigned long long)hash);
    if (in_c) vf_bind_library_ran(L, file, hash);
    char expr[256];
    snprintf(expr, sizeof expr, "return %s", what);
    ck_assert_int_eq(luaL_dostring(L, expr), 0);
    ck_assert_msg(lua_isfunction(L, -1), "%s: no %s", file, what);
    ck_assert_msg(lua_iscfunction(L, -1) == (in_c && known),
                  "%s of %s: %s in C", file, dat,
                  in_c && known ? "not replaced" : "replaced");
    lua_pop(L, 1);
    return L;
}

/* A run of set_usage calls on a usage grid, written out: every cell's
 * usage and, in order, the eligible list with each entry's spot. The
 * calls: cells in and out of the grid, each kind of usage, and a usage
 * set on two cells at once (the list then holds it twice: the first
 * is the one a later call takes out). And what the C's copy of the list
 * (listcopy.c) must not be fooled by: entries put in and taken out by
 * the script itself, a hole past the end, and usages with an __eq. */
static const char usage_script[] =
    "local seed = 7\n"
    "local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648\n"
    "  return math.floor(seed / 65536) % n end\n"
    "local w, h = 30, 20\n"
    "local g = { eligibles = {}, width = w, height = h }\n"
    "for y = 0, h - 1 do g[y] = {}\n"
    "  for x = 0, w - 1 do g[y][x] = { usage = 'none' } end end\n"
    "local kinds = { 'open', 'eligible', 'eligible_open', 'none',\n"
    "  'restricted' }\n"
    "local out, made, shared = {}, 0, nil\n"
    "local eq = { __eq = function(a, b) return a.id % 3 == b.id % 3 end }\n"
    "for i = 1, 6000 do\n"
    "  local x, y = rnd(w + 4) - 2, rnd(h + 4) - 2\n"
    "  local u = { usage = kinds[rnd(5) + 1] }\n"
    "  made = made + 1; u.id = made\n"
    "  if i % 50 == 0 and shared then u = shared end\n"
    "  if i % 50 == 25 then shared = u end\n"
    "  if i % 89 == 0 then setmetatable(u, eq) end\n"
    "  if i % 97 == 0 then table.insert(g.eligibles, g[y % h][x % w]) end\n"
    "  if i % 131 == 0 then table.remove(g.eligibles, rnd(5) + 1) end\n"
    "  if i % 1009 == 0 then g.eligibles[#g.eligibles + 2] = u end\n"
    "  local r = vaults_set_usage(g, x, y, u)\n"
    "  out[#out + 1] = tostring(r)\n"
    "end\n"
    "for y = 0, h - 1 do for x = 0, w - 1 do\n"
    "  out[#out + 1] = g[y][x].usage .. tostring(g[y][x].id) end end\n"
    "for i, u in ipairs(g.eligibles) do\n"
    "  out[#out + 1] = tostring(u.id) .. '@' .. (u.spot and u.spot.x ..\n"
    "    ',' .. u.spot.y or '-') end\n"
    "return table.concat(out, ' ')\n";

static char *usage_run(const char *dat, int in_c)
{
    return output_of(file_state(dat, NULL, "dlua/v_paint.lua",
                                "upvalue(vaults_set_usage, 'set_usage')",
                                in_c), usage_script);
}

START_TEST(v_paint_set_usage_in_c_is_the_game_lua)
{
    char *lua = same_both_ways(usage_run);
    if (!lua) return;
    /* The run made a list to scan: many eligible cells, some false. */
    ck_assert(strstr(lua, "false"));
    ck_assert_uint_gt(strlen(lua), 20000);
    free(lua);
}
END_TEST

/* determine_usage_from_layout (through paint_vaults_layout's upvalue)
 * on random layouts: rectangles of floor on wall, of sizes past the
 * grid's, rows and cells past width and height, a solid flag that is
 * nil or a string, distances 1 to 3, and two calls the C leaves to the
 * Lua (a distance of 0, which the Lua fails on, and a width not whole).
 * Written out: every cell's fields in pairs() order (the tables' shape),
 * the normals' sharing, and the eligible list with spots. */
static const char determine_script[] =
    "local seed = 3\n"
    "local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648\n"
    "  return math.floor(seed / 65536) % n end\n"
    "local determine = upvalue(paint_vaults_layout,\n"
    "  'determine_usage_from_layout')\n"
    "local out = {}\n"
    "local function show(g)\n"
    "  local normals, nn = {}, 0\n"
    "  for y = 0, g.height - 1 do for x = 0, g.width - 1 do\n"
    "    local u = g[y][x]\n"
    "    for k, v in pairs(u) do\n"
    "      if k == 'normal' then\n"
    "        if not normals[v] then nn = nn + 1; normals[v] = nn end\n"
    "        v = 'n' .. normals[v] .. ':' .. v.x .. ',' .. v.y\n"
    "      elseif k == 'spot' then v = v.x .. ',' .. v.y end\n"
    "      out[#out + 1] = k .. '=' .. tostring(v)\n"
    "    end\n"
    "    out[#out + 1] = ';'\n"
    "  end end\n"
    "  for i, u in ipairs(g.eligibles) do\n"
    "    out[#out + 1] = u.usage .. '@' .. u.spot.x .. ',' .. u.spot.y end\n"
    "  out[#out + 1] = g.width .. 'x' .. g.height .. '|'\n"
    "end\n"
    "for t = 1, 60 do\n"
    "  local w, h = rnd(40) + 3, rnd(30) + 3\n"
    "  local l = vaults_new_layout(w + rnd(3), h + rnd(3))\n"
    "  l.width, l.height = w, h\n"
    "  for r = 1, rnd(12) do\n"
    "    local x0, y0 = rnd(w + 6) - 3, rnd(h + 6) - 3\n"
    "    local x1, y1 = x0 + rnd(12), y0 + rnd(10)\n"
    "    for y = y0, y1 do for x = x0, x1 do\n"
    "      vaults_set_layout(l, x, y, { solid = false }) end end\n"
    "  end\n"
    "  for k = 1, rnd(8) do local x, y = rnd(w), rnd(h)\n"
    "    l[y][x] = { solid = (k % 2 == 0) and 'yes' or nil } end\n"
    "  show(determine(l, { min_distance_from_wall = t % 3 + 1 }))\n"
    "end\n"
    "local l = vaults_new_layout(6, 5)\n"
    "l[2][2] = { solid = false }\n"
    "local ok, e = pcall(determine, l, { min_distance_from_wall = 0 })\n"
    "out[#out + 1] = tostring(ok) .. tostring(e)\n"
    "l.width = 5.5\n"
    "show(determine(l, { min_distance_from_wall = 1 }))\n"
    "return table.concat(out, ' ')\n";

static char *determine_run(const char *dat, int in_c)
{
    return output_of(file_state(dat, NULL, "dlua/v_paint.lua",
                                "upvalue(paint_vaults_layout, "
                                "'determine_usage_from_layout')", in_c),
                     determine_script);
}

START_TEST(v_paint_determine_usage_in_c_is_the_game_lua)
{
    char *lua = same_both_ways(determine_run);
    if (!lua) return;
    /* Every kind of usage was made, and the Lua failed on distance 0. */
    ck_assert(strstr(lua, "usage=open") && strstr(lua, "n4:") &&
              strstr(lua, "reason=border") && strstr(lua, "usage=none") &&
              strstr(lua, "usage=restricted") && strstr(lua, "false"));
    free(lua);
}
END_TEST

/* Groups of cells as omnigrid makes them, compared both ways and sorted:
 * sizes 1 to 4 (so many ties on size), coordinates from a few values (so
 * ties on the first cells too), some groups equal. */
static const char groups_script[] =
    "local seed = 11\n"
    "local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648\n"
    "  return math.floor(seed / 65536) % n end\n"
    "local groups = {}\n"
    "for i = 1, 300 do\n"
    "  local g = {}\n"
    "  for c = 1, rnd(4) + 1 do\n"
    "    g[c] = { x1 = rnd(3), x2 = rnd(3), y1 = rnd(3), y2 = rnd(3) }\n"
    "  end\n"
    "  groups[i] = g\n"
    "  if i % 10 == 0 then groups[i] = groups[i - 1] end\n"
    "end\n"
    "local out, cmp = {}, omnigrid.group_comparison\n"
    "for i = 1, 300 do for j = 1, 300, 7 do\n"
    "  out[#out + 1] = cmp(groups[i], groups[j]) and 'T' or 'F' end end\n"
    "local ids = {}\n"
    "for i = 1, 300 do groups[i].id = i; ids[i] = groups[i] end\n"
    "table.sort(ids, cmp)\n"
    "for i, g in ipairs(ids) do out[#out + 1] = ' ' .. g.id end\n"
    "return table.concat(out)\n";

static char *groups_run(const char *dat, int in_c)
{
    return output_of(file_state(dat, NULL, "dlua/layout/omnigrid.lua",
                                "omnigrid.group_comparison", in_c),
                     groups_script);
}

START_TEST(omnigrid_group_comparison_in_c_is_the_game_lua)
{
    char *lua = same_both_ways(groups_run);
    if (!lua) return;
    ck_assert(strchr(lua, 'T') && strchr(lua, 'F'));
    free(lua);
}
END_TEST

/* hyper.usage.set_usage over a grid from new_usage: usages of every
 * kind (vault, carvable, solid or not), with anchors or none, some set
 * on two cells, some cells out of the grid; written out: each cell's
 * usage, both eligible lists with spots, the anchors in order. */
static const char hyper_script[] =
    "local seed = 5\n"
    "local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648\n"
    "  return math.floor(seed / 65536) % n end\n"
    "local w, h = 24, 16\n"
    "local g = hyper.usage.new_usage(w, h)\n"
    "local out, made, shared = {}, 0, nil\n"
    "local function id(t) if t.id == nil then made = made + 1; t.id = made\n"
    "  end return t.id end\n"
    "for i = 1, 5000 do\n"
    "  local x, y = rnd(w + 4) - 2, rnd(h + 4) - 2\n"
    "  local u = { vault = rnd(6) == 0, carvable = rnd(3) == 0,\n"
    "    solid = rnd(2) == 0 }\n"
    "  if rnd(4) == 0 then u.anchors = {}\n"
    "    for a = 1, rnd(3) + 1 do u.anchors[a] = { n = i * 10 + a } end end\n"
    "  if i % 40 == 0 and shared then u = shared end\n"
    "  if i % 40 == 20 then shared = u end\n"
    "  out[#out + 1] = tostring((hyper.usage.set_usage(g, x, y, u)))\n"
    "end\n"
    "for y = 0, h - 1 do for x = 0, w - 1 do\n"
    "  out[#out + 1] = id(g[y][x]) .. tostring(g[y][x].eligibles_which)\n"
    "end end\n"
    "for _, k in ipairs({ 'open', 'closed' }) do\n"
    "  for i, u in ipairs(g.eligibles[k]) do\n"
    "    out[#out + 1] = k .. id(u) .. '@' .. u.spot.x .. ',' .. u.spot.y\n"
    "  end end\n"
    "for i, a in ipairs(g.anchors) do out[#out + 1] = 'a' .. a.n end\n"
    "return table.concat(out, ' ')\n";

static char *hyper_run(const char *dat, int in_c)
{
    return output_of(file_state(dat, "hyper = {}",
                                "dlua/layout/hyper_usage.lua",
                                "hyper.usage.set_usage", in_c),
                     hyper_script);
}

START_TEST(hyper_usage_set_usage_in_c_is_the_game_lua)
{
    char *lua = same_both_ways(hyper_run);
    if (!lua) return;
    ck_assert(strstr(lua, "false") && strstr(lua, "closed") &&
              strstr(lua, " a"));
    free(lua);
}
END_TEST

/* zonify.grid_fill_zones and grid_fill_water_zones read the level
 * through the engine's own bindings, so they are compared in an engine:
 * a layout map draws a level at random (noise of floor, deep water, lava
 * and rock, with rooms of floor: many zones, ties on size), calls one of
 * them, and writes at (0, 0), which no zone holds, whether the C ran
 * (string.dump fails on a C function). The same seeds with the library
 * all in Lua (cfg.library_in_lua) give the same levels. */
static const char grid_zones_des[] =
    ": crawl_require('dlua/util.lua')\n"
    ": crawl_require('dlua/layout/zonify.lua')\n"
    "NAME: vf_t_grid_zones\nDEPTH: D\nORIENT: encompass\n"
    "TAGS: overwritable layout allow_dup unrand no_hmirror no_vmirror\n"
    "TAGS: no_rotate\n"
    "{{\n"
    "  if is_validating() then return end\n"
    "  local feats = { 'floor', 'floor', 'floor', 'deep_water', 'lava',\n"
    "                  'rock_wall', 'rock_wall', 'stone_wall' }\n"
    "  for y = 0, 69 do for x = 0, 79 do\n"
    "    dgn.grid(x, y, feats[crawl.random2(#feats) + 1]) end end\n"
    "  for r = 1, crawl.random2(8) do\n"
    "    local x, y = crawl.random2(70), crawl.random2(60)\n"
    "    dgn.fill_grd_area(x, y, x + crawl.random2(12), y + crawl.random2(9),\n"
    "                      'floor') end\n"
    "  local keep = crawl.random2(3) + 1\n"
    "  local min = crawl.coinflip() and 1 or crawl.random2(6)\n"
    "  local fill = crawl.coinflip() and zonify.grid_fill_zones\n"
    "               or zonify.grid_fill_water_zones\n"
    "  if crawl.coinflip() then fill(keep, 'tree', min) else fill(keep) end\n"
    "  dgn.grid(0, 0, pcall(string.dump, fill) and 'floor' or 'lava')\n"
    "}}\nMAP\nENDMAP\n";

/* The levels of seeds 1..n of vf_t_grid_zones, one after another. */
static char *grid_zones_levels(const char *dat, int in_lua, int n)
{
    vf_t_loaded l;
    vf_t_init(&l);
    vf_t_load(&l, grid_zones_des);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.crawl_dat = dat;
    cfg.library_in_lua = in_lua;
    vf_sbuf err = VF_SBUF_INIT, out = VF_SBUF_INIT;
    vf_engine *e = vf_engine_new(&l.set, &cfg, &l.d, &err);
    ck_assert_msg(e != NULL, "%s", vf_sbuf_str(&err));
    const vf_mapdef *def = vf_t_map(&l, "vf_t_grid_zones");
    vf_rmap m;
    vf_rmap_init(&m, NULL, NULL);
    for (int seed = 1; seed <= n; seed++) {
        vf_rmap_free(&m);
        vf_rmap_init(&m, def, NULL);
        vf_resolve_req rq = {.def = def, .seed = (uint64_t)seed};
        ck_assert_msg(vf_engine_resolve(e, &rq, &m, &err) == VF_RESOLVED,
                      "seed %d: %s", seed, vf_sbuf_str(&err));
        ck_assert_int_eq(m.grid.h, VF_GYM);
        /* (0, 0): 'l' where the C ran, '.' where the Lua did. */
        ck_assert_int_eq(vf_grid_get(&m.grid, 0, 0), in_lua ? '.' : 'l');
        for (int y = 0; y < m.grid.h; y++)
            vf_sbuf_printf(&out, "%.*s\n", m.grid.w,
                           vf_grid_row(&m.grid, y));
    }
    vf_rmap_free(&m);
    vf_engine_free(e);
    vf_t_free(&l);
    vf_sbuf_free(&err);
    return out.s;
}

START_TEST(zonify_grid_fill_in_c_is_the_game_lua)
{
    char *dat = dat_dir();
    if (!dat) {
        printf("gamelua: skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    enum { LEVELS = 60 };
    char *c = grid_zones_levels(dat, 0, LEVELS);
    char *lua = grid_zones_levels(dat, 1, LEVELS);
    size_t at = 0, row = VF_GXM + 1;
    while (c[at] && (c[at] == lua[at] || at % (VF_GYM * row) == 0)) at++;
    ck_assert_msg(c[at] == lua[at], "level %zu, (%zu, %zu): C gives %c, Lua "
                  "%c", at / (VF_GYM * row) + 1, at % row,
                  at % (VF_GYM * row) / row, c[at], lua[at]);
    /* Zones were filled: rock and trees where the noise drew none. */
    ck_assert(strchr(lua, 't') != NULL);
    free(lua);
    free(c);
    free(dat);
}
END_TEST

/* Under the game's library, one map's changes to the tables nested in it
 * (dgn.monster_weapons, a util.Timer method, callback, a marker class and
 * its metatable, iter's classes, dgn.f_map) are gone for the next map. */
START_TEST(nested_library_tables_are_put_back)
{
    char *dat = dat_dir();
    if (!dat) {
        printf("gamelua: skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    static const char des[] =
        "NAME: reader\nTAGS: t\n"
        ": assert(dgn.monster_weapons.kobold.dagger == 5)\n"
        ": assert(util.Timer.new and rawget(callback, 1) == nil)\n"
        ": assert(MonPropsMarker.new and MonPropsMarker.vf_x == nil"
        " and getmetatable(MonPropsMarker:new({})) == MonPropsMarker)\n"
        ": assert(iter.rectangle_iterator._new and dgn.f_map.vf_x == nil)\n"
        "MAP\n@\nENDMAP\n\n"
        "NAME: poison\nTAGS: t\n"
        ": dgn.monster_weapons.kobold = nil\n"
        ": util.Timer.new = nil\n"
        ": table.insert(callback, 1)\n"
        ": setmetatable(MonPropsMarker, { __index = function() return 1 end"
        " })\n"
        ": MonPropsMarker.new = nil\n"
        ": iter.rectangle_iterator._new = nil\n"
        ": dgn.f_map.vf_x = 1\n"
        "MAP\n@\nENDMAP\n";
    vf_t_loaded l;
    vf_t_load(&l, des);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.crawl_dat = dat;
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine *e = vf_engine_new(&l.set, &cfg, &l.d, &err);
    ck_assert_msg(e != NULL, "%s", vf_sbuf_str(&err));
    vf_rmap m;
    vf_rmap_init(&m, NULL, NULL);
    static const char *const order[] = {"reader", "poison", "reader",
                                        "poison", "reader"};
    for (int i = 0; i < 5; i++) {
        vf_sbuf_reset(&err);
        vf_resolve_req rq = {.def = vf_t_map(&l, order[i]),
                             .seed = (uint64_t)i + 1};
        vf_resolve_status st = vf_engine_resolve(e, &rq, &m, &err);
        ck_assert_msg(i % 2 || st == VF_RESOLVED, "%s (case %d): %s",
                      order[i], i, vf_sbuf_str(&err));
    }
    vf_rmap_free(&m);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_t_free(&l);
    free(dat);
}
END_TEST

Suite *vf_test_gamelua_suite(void)
{
    Suite *s = suite_create("gamelua");
    TCase *tc = tcase_create("library");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, zonify_in_c_is_the_game_lua);
    tcase_add_test(tc, v_paint_set_usage_in_c_is_the_game_lua);
    tcase_add_test(tc, v_paint_determine_usage_in_c_is_the_game_lua);
    tcase_add_test(tc, omnigrid_group_comparison_in_c_is_the_game_lua);
    tcase_add_test(tc, hyper_usage_set_usage_in_c_is_the_game_lua);
    tcase_add_test(tc, zonify_grid_fill_in_c_is_the_game_lua);
    tcase_add_test(tc, nested_library_tables_are_put_back);
    suite_add_tcase(s, tc);
    return s;
}
