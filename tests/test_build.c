/* The map-grid builder bindings (dgn_build.c and friends), driven through
 * Lua the way vault code calls them: exact grids for the deterministic
 * ones, properties for the random ones, and the errors. */
#include "tests.h"
#include "vf_engine.h"
#include "bind/bind_int.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* One test map "t" in t.des: NAME, TAGS, ORIENT on lines 1-3, "{{" on 4,
 * so the Lua's first line is .des line 5. */
typedef struct bx {
    vf_t_loaded l;
    vf_engine *e;
    vf_rmap m;
    vf_sbuf err;
    vf_sbuf text;            /* the resolved grid, rows joined by '\n' */
} bx;

/* Lua helper on the first line: out(k, v) records k=v as a tag. */
#define OUT "local function out(k, v) tags(k .. '=' .. tostring(v)) end "

static void bx_open(bx *x, const char *map, const char *lua)
{
    vf_sbuf des = VF_SBUF_INIT;
    vf_sbuf_printf(&des, "NAME: t\nTAGS: no_rotate no_hmirror no_vmirror\n"
                   "ORIENT: float\n{{\n" OUT "%s\n}}\nMAP\n%s%sENDMAP\n",
                   lua, map, *map ? "\n" : "");
    vf_t_load(&x->l, des.s);
    vf_sbuf_free(&des);
    ck_assert_msg(x->l.errors == 0, "%s", x->l.d.n ? vf_t_msg(&x->l, 0) : "");
    x->err = (vf_sbuf)VF_SBUF_INIT;
    x->text = (vf_sbuf)VF_SBUF_INIT;
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.limits = (vf_lua_limits){50000000UL, (size_t)32 << 20, 0, 0};
    x->e = vf_engine_new(&x->l.set, &cfg, &x->l.d, &x->err);
    ck_assert_msg(x->e != NULL, "%s", vf_sbuf_str(&x->err));
    vf_rmap_init(&x->m, NULL, NULL);
}

static void bx_close(bx *x)
{
    vf_rmap_free(&x->m);
    vf_engine_free(x->e);
    vf_sbuf_free(&x->err);
    vf_sbuf_free(&x->text);
    vf_t_free(&x->l);
}

static vf_resolve_status bx_run(bx *x, uint64_t seed)
{
    vf_sbuf_reset(&x->err);
    vf_sbuf_reset(&x->text);
    vf_resolve_req rq = {.def = vf_t_map(&x->l, "t"), .seed = seed};
    vf_resolve_status st = vf_engine_resolve(x->e, &rq, &x->m, &x->err);
    for (int y = 0; y < x->m.grid.h; y++) {
        if (y) vf_sbuf_addc(&x->text, '\n');
        vf_sbuf_add(&x->text, vf_grid_row(&x->m.grid, y),
                    (size_t)x->m.grid.len[y]);
    }
    return st;
}

/* Resolves and expects the grid (rows joined by '\n'). */
static void resolves_to(bx *x, uint64_t seed, const char *want)
{
    ck_assert_msg(bx_run(x, seed) == VF_RESOLVED, "%s", vf_sbuf_str(&x->err));
    ck_assert_str_eq(vf_sbuf_str(&x->text), want);
}

static void expect_grid(const char *map, const char *lua, const char *want)
{
    bx x;
    bx_open(&x, map, lua);
    resolves_to(&x, 1, want);
    bx_close(&x);
}

static void expect_error(const char *map, const char *lua, const char *want)
{
    bx x;
    bx_open(&x, map, lua);
    ck_assert_int_eq(bx_run(&x, 1), VF_LUA_ERROR);
    ck_assert_str_eq(vf_sbuf_str(&x.err), want);
    bx_close(&x);
}

/* Expects the tags k=v that out() recorded, space-separated in want. */
static void expect_out(const char *map, const char *lua, const char *want)
{
    bx x;
    bx_open(&x, map, lua);
    ck_assert_msg(bx_run(&x, 1) == VF_RESOLVED, "%s", vf_sbuf_str(&x.err));
    char *w = strdup(want);
    for (char *t = strtok(w, " "); t; t = strtok(NULL, " "))
        ck_assert_msg(vf_rmap_has_tag(&x.m, t), "no %s in tags %s", t,
                      vf_sbuf_str(&x.m.tags));
    free(w);
    bx_close(&x);
}

static int cell(const bx *x, int cx, int cy)
{
    return (unsigned char)vf_grid_row(&x->m.grid, cy)[cx];
}

static int count_glyph(const bx *x, char c)
{
    int n = 0;
    for (int y = 0; y < x->m.grid.h; y++)
        for (int cx = 0; cx < x->m.grid.w; cx++) n += cell(x, cx, y) == c;
    return n;
}

/* Are all cells of glyphs set connected (8-way, or 4-way)? */
static int connected(const bx *x, const char *set, int eight)
{
    int w = x->m.grid.w, h = x->m.grid.h, total = 0, reached = 0;
    char *seen = calloc((size_t)(w * h), 1);
    int *stack = malloc(sizeof(int) * (size_t)(w * h));
    int sp = 0;
    for (int i = 0; i < w * h; i++)
        if (strchr(set, cell(x, i % w, i / w))) {
            if (!total++) seen[i] = 1, stack[sp++] = i;
        }
    while (sp) {
        int i = stack[--sp], cx = i % w, cy = i / w;
        reached++;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = cx + dx, ny = cy + dy;
                if ((!dx && !dy) || (!eight && dx && dy) || nx < 0 ||
                    ny < 0 || nx >= w || ny >= h || seen[ny * w + nx] ||
                    !strchr(set, cell(x, nx, ny)))
                    continue;
                seen[ny * w + nx] = 1;
                stack[sp++] = ny * w + nx;
            }
    }
    free(seen);
    free(stack);
    return reached == total;
}

static const char *const dots7 =
    ".......\n.......\n.......\n.......\n.......\n.......\n.......";

/* ---- mapgrd[x][y] -------------------------------------------------------- */

START_TEST(mapgrd_reads_and_writes_cells)
{
    expect_grid("ab\ncd", "mapgrd[0][1] = mapgrd[1][0]", "ab\nbd");
    expect_grid("ab\ncd", "local c = mapgrd[1] c[1] = 'x' c[0] = mapgrd[0][1]",
                "ac\ncx");
    expect_error("ab", "local _ = mapgrd[5][0]",
                 "t.des:5: Invalid coords: 5, 0");
    expect_error("ab", "mapgrd[0][0] = 'xy'",
                 "t.des:5: mapgrd must be set to a single char.");
    expect_error("ab", "mapgrd[0] = 1",
                 "t.des:5: Cannot assign to read-only table.");
}
END_TEST

/* The game's layouts read whole maps through mapgrd, a cell at a time,
 * several times a build: a read must make no garbage (a column object per
 * mapgrd[x] would be most of a layout build's allocations). */
START_TEST(mapgrd_reads_make_no_garbage)
{
    expect_grid("......\n......\n......\n......",
                "collectgarbage('stop') "
                "local kb = collectgarbage('count') "
                "for i = 1, 20 do for x = 0, 5 do for y = 0, 3 do "
                "local _ = mapgrd[x][y] end end end "
                "kb = collectgarbage('count') - kb "
                "collectgarbage('restart') "
                "if kb > 4 then error('reading made ' .. kb .. ' kB') end",
                "......\n......\n......\n......");
}
END_TEST

/* ---- exact grids --------------------------------------------------------- */

START_TEST(fill_area_and_border)
{
    expect_grid("......\n......\n......\n......",
                "fill_area{x1 = 1, y1 = 1, x2 = 4, y2 = 2}",
                "......\n.xxxx.\n.xxxx.\n......");
    /* corners given in either order; border drawn round the fill */
    expect_grid("......\n......\n......\n......",
                "fill_area{x1 = 5, y1 = 3, x2 = 0, y2 = 0, fill = 'o', "
                "border = 'X'}",
                "XXXXXX\nXooooX\nXooooX\nXXXXXX");
    /* no table: the whole map, 'x' */
    expect_grid("...\n...", "fill_area()", "xxx\nxxx");
}
END_TEST


START_TEST(boxes)
{
    expect_grid(".......\n.......\n.......\n.......\n.......",
                "make_box{x1 = 1, y1 = 0, x2 = 5, y2 = 4}",
                ".xxxxx.\n.x...x.\n.x...x.\n.x...x.\n.xxxxx.");
    expect_grid(dots7, "make_box{wall = 'c', floor = 'W', thickness = 2}",
                "ccccccc\nccccccc\nccWWWcc\nccWWWcc\nccWWWcc\nccccccc\n"
                "ccccccc");
    /* under 5x5, an irregular box is a plain one */
    expect_grid(dots7,
                "make_irregular_box{x1 = 1, y1 = 1, x2 = 4, y2 = 4, "
                "door_count = 0}",
                ".......\n.xxxx..\n.x..x..\n.x..x..\n.xxxx..\n.......\n"
                ".......");
}
END_TEST

START_TEST(circles_diamonds_squares)
{
    expect_grid(dots7, "make_circle{x = 3, y = 3, radius = 2}",
                ".......\n..xxx..\n.xxxxx.\n.xxxxx.\n.xxxxx.\n..xxx..\n"
                ".......");
    expect_grid(".........\n.........\n.........\n.........\n.........\n"
                ".........\n.........\n.........\n.........",
                "make_circle{x = 4, y = 4, radius = 4}",
                "..xxxxx..\n.xxxxxxx.\nxxxxxxxxx\nxxxxxxxxx\nxxxxxxxxx\n"
                "xxxxxxxxx\nxxxxxxxxx\n.xxxxxxx.\n..xxxxx..");
    expect_grid(dots7, "make_circle{x = 3, y = 3, radius = 3, fill = 'o'}",
                "..ooo..\n.ooooo.\nooooooo\nooooooo\nooooooo\n.ooooo.\n"
                "..ooo..");
    /* radius 1: the rim rule takes in the diagonals */
    expect_grid("....\n....\n....", "make_circle{x = 1, y = 1, fill = 'o'}",
                "ooo.\nooo.\nooo.");
    expect_grid(dots7, "make_diamond{x = 3, y = 3, radius = 2}",
                ".......\n...x...\n..xxx..\n.xxxxx.\n..xxx..\n...x...\n"
                ".......");
    expect_grid(dots7, "make_rounded_square{x = 3, y = 3, radius = 3}",
                ".xxxxx.\nxxxxxxx\nxxxxxxx\nxxxxxxx\nxxxxxxx\nxxxxxxx\n"
                ".xxxxx.");
    expect_grid("...\n...\n...", "make_square{x = 1, y = 1, radius = 1, "
                "fill = 'W'}", "WWW\nWWW\nWWW");
    /* radius 0: one cell, except the rounded square, all corner */
    expect_grid("...\n...", "make_square{x = 2, y = 0, radius = 0}\n"
                "make_rounded_square{x = 0, y = 1, radius = 0}",
                "..x\n...");
}
END_TEST

START_TEST(octa_room_corners)
{
    expect_grid(dots7, "octa_room{oblique = 2}",
                "xx...xx\nx.....x\n.......\n.......\n.......\nx.....x\n"
                "xx...xx");
    /* only the replace glyphs change */
    expect_grid("ab.....\n.......\n.......", "octa_room{oblique = 1, "
                "replace = 'a', outside = 'O', inside = 'I'}",
                "Ob.....\n.......\n.......");
}
END_TEST

START_TEST(replace_area_first_closest)
{
    expect_grid("abcab\nbcabc",
                "replace_area{find = 'ab', replace = '.', x1 = 1, x2 = 3}",
                "a.c.b\nbc..c");
    const char *m = "xxxxx\nx.x.x\nxxxxx";
    expect_grid(m, "replace_first{x = 0, y = 1, xdir = 1, ydir = 0, "
                "find = '.', replace = '+'}", "xxxxx\nx+x.x\nxxxxx");
    expect_grid(m, "replace_first{x = 4, y = 1, xdir = -1, ydir = 0, "
                "find = '.', replace = '+'}", "xxxxx\nx.x+x\nxxxxx");
    expect_grid(m, "replace_first{x = 0, y = 0, xdir = 1, ydir = 1, "
                "find = '.', replace = '+'}", "xxxxx\nx+x.x\nxxxxx");
    /* not found and not required: nothing */
    expect_grid(m, "replace_first{x = 0, y = 0, xdir = 1, ydir = 0, "
                "find = '.', replace = '+'}", m);
    expect_grid("a....\n.....\n.....\n.....\n....a",
                "replace_closest{x = 3, y = 3, find = 'a', replace = 'b'}",
                "a....\n.....\n.....\n.....\n....b");
}
END_TEST

START_TEST(extend_map_grows_and_pads)
{
    expect_grid("ab\nc", "extend_map{width = 4, height = 3}",
                "abxx\nc xx\nxxxx");
    expect_grid("ab\nc", "extend_map{height = 3, fill = '.'}",
                "ab\nc \n..");
    expect_grid("ab\nc", "extend_map{width = 1, height = 2}", "ab\nc ");
    expect_grid("", "extend_map{width = 3, height = 2, fill = '.'}",
                "...\n...");
    expect_grid("", "extend_map{}", "x");
}
END_TEST

START_TEST(counts_and_tests)
{
    const char *m = "x.x.\n.xx.\n....";
    expect_out(m,
        "out('all', count_feature_in_box{feat = 'x'})\n"
        "out('box', count_feature_in_box{feat = 'x', x1 = 0, y1 = 0, "
        "x2 = 1, y2 = 1})\n"
        "out('anti', count_antifeature_in_box{feat = 'x'})\n"
        "out('nb', count_neighbors{feat = 'x', x = 1, y = 1})\n"
        "out('pass', count_passable_neighbors{x = 1, y = 1})\n"
        "out('corner', count_passable_neighbors{x = 0, y = 0})\n"
        "out('v1', is_valid_coord{x = 3, y = 2})\n"
        "out('v2', is_valid_coord{x = 4, y = 0})\n"
        "out('v3', is_valid_coord{x = -1, y = 0})\n"
        "out('p1', is_passable_coord{x = 1, y = 0})\n"
        "out('p2', is_passable_coord{x = 0, y = 0})\n"
        "out('p3', is_passable_coord{x = 0, y = 0, passable = 'x'})\n"
        "out('f1', find_in_area{x1 = 3, y1 = 0, x2 = 3, y2 = 2})\n"
        "out('f2', find_in_area{x1 = 2, y1 = 0, x2 = 3, y2 = 2})\n"
        "out('f3', find_in_area{find = 'x.', x1 = -5, y1 = -5, x2 = -1, "
        "y2 = -1})\n"
        "out('pvd', select('#', primary_vault_dimensions()))\n"
        "out('pvx', primary_vault_dimensions())",
        "all=4 box=2 anti=8 nb=4 pass=5 corner=2 v1=true v2=false "
        "v3=false p1=true p2=false p3=true f1=false f2=true f3=false "
        "pvd=4 pvx=nil");
}
END_TEST

START_TEST(isolated_glyphs_and_widening)
{
    const char *m = "x......\n.x...x.\n.x..x..\n.......\n......x";
    expect_grid(m, "remove_isolated_glyphs{find = 'x'}",
                "x......\n.x.....\n.x.....\n.......\n......x");
    expect_grid(m, "remove_isolated_glyphs{find = 'x', boxy = true}", m);
    expect_grid(m, "remove_isolated_glyphs{find = 'x', percent = 0}", m);
    const char *w = "xxxxxx\nxx.xxx\nxxxxxx\nxxxxxx";
    expect_grid(w, "widen_paths{find = 'x'}",
                "xxxxxx\nx...xx\nxx.xxx\nxxxxxx");
    expect_grid(w, "widen_paths{find = 'x', boxy = true, replace = ','}",
                "xxxxxx\nx,.,xx\nx,,,xx\nxxxxxx");
    expect_grid(w, "widen_paths{find = 'x', percent = 0}", w);
}
END_TEST

START_TEST(fill_disconnected_zones)
{
    expect_grid("xxxxxxx\nx..x.@x\nx..x..x\nxxxxxxx", "fill_disconnected{}",
                "xxxxxxx\nxxxx.@x\nxxxx..x\nxxxxxxx");
    /* zones join diagonally */
    const char *d = "xxxxx\nx.xxx\nxx.@x\nxxxxx";
    expect_grid(d, "fill_disconnected{}", d);
    expect_grid("xxxxxxx\nx..x.@x\nx..x..x\nxxxxxxx",
                "fill_disconnected{wanted = '<', fill = 'W'}",
                "xxxxxxx\nxWWxWWx\nxWWxWWx\nxxxxxxx");
    /* only the area given is looked at */
    expect_grid("xxxxxxx\nx..x.@x\nx..x..x\nxxxxxxx",
                "fill_disconnected{x1 = 3, y1 = 0, x2 = 6, y2 = 3}",
                "xxxxxxx\nx..x.@x\nx..x..x\nxxxxxxx");
}
END_TEST

START_TEST(doors_windows_connections)
{
    expect_grid("xxxxxxx\nx.x.x.x\nx.+.x+x\nx.x.xxx\nxxxxxxx",
                "remove_disconnected_doors{}",
                "xxxxxxx\nx.x.x.x\nx.+.x.x\nx.x.xxx\nxxxxxxx");
    expect_grid("xxxxx\nx.x.x\nxxxxx", "add_windows{}", "xxxxx\nx.m.x\nxxxxx");
    /* a diagonal wall three thick */
    expect_grid("x.xxx\n..xxx\nxxxxx\nxxx..\nxxx.x",
                "add_windows{window = 'W'}",
                "x.xxx\n..xxx\nxxWxx\nxxx..\nxxx.x");
    expect_grid("xxxxxxx\nx..x..x\nxxxxxxx",
                "connect_adjacent_rooms{wall = 'x', floor = '.', "
                "replace = '+', max = 5}",
                "xxxxxxx\nx..+..x\nxxxxxxx");
}
END_TEST

START_TEST(round_box)
{
    const char *ring = ".......\n..xxx..\n.xx.xx.\n.x...x.\n.xx.xx.\n"
                       "..xxx..\n.......";
    expect_grid(dots7, "make_round_box{x1 = 1, y1 = 1, x2 = 5, y2 = 5, "
                "door_count = 0}", ring);
    /* nothing passable outside: no door, vetoed, nothing drawn */
    const char *v = "vvvvvvv\nvvvvvvv\nvvvvvvv\nvvvvvvv\nvvvvvvv\nvvvvvvv\n"
                    "vvvvvvv";
    expect_grid(v, "assert(make_round_box{x1 = 1, y1 = 1, x2 = 5, y2 = 5, "
                "veto_if_no_doors = true} == false)", v);
    /* one door, in the middle of one of the four straight walls */
    bx x;
    bx_open(&x, dots7, "assert(make_round_box{x1 = 1, y1 = 1, x2 = 5, "
            "y2 = 5, veto_if_no_doors = true})");
    int seen[4] = {0};
    static const int door[4][2] = {{3, 1}, {3, 5}, {1, 3}, {5, 3}};
    for (uint64_t s = 0; s < 60; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, '+'), 1);
        for (int k = 0; k < 4; k++)
            if (cell(&x, door[k][0], door[k][1]) == '+') {
                seen[k] = 1;
                vf_grid_row(&x.m.grid, door[k][1])[door[k][0]] = 'x';
            }
        vf_sbuf_reset(&x.text);
        for (int y = 0; y < 7; y++) {
            if (y) vf_sbuf_addc(&x.text, '\n');
            vf_sbuf_add(&x.text, vf_grid_row(&x.m.grid, y), 7);
        }
        ck_assert_str_eq(x.text.s, ring);
    }
    ck_assert(seen[0] && seen[1] && seen[2] && seen[3]);
    bx_close(&x);
}
END_TEST

START_TEST(farthest_from_beacons)
{
    expect_out("xxxxxx\nx@...x\nxxxxxx",
               "local x, y = farthest_from('@') out('x', x) out('y', y)\n"
               "local a, b = farthest_from('Z') out('a', a) out('b', b)",
               "x=4 y=1 a=nil b=nil");
}
END_TEST

/* ---- random ones: properties --------------------------------------------- */

/* Runs the map for n seeds; fails unless the same seed gives the same grid
 * and at least min_distinct of them differ from the first. */
static void replays_and_varies(bx *x, int n, int min_distinct)
{
    char *first = NULL;
    int distinct = 0;
    for (int s = 0; s < n; s++) {
        ck_assert_msg(bx_run(x, (uint64_t)s) == VF_RESOLVED, "%s",
                      vf_sbuf_str(&x->err));
        char *a = strdup(vf_sbuf_str(&x->text));
        ck_assert_int_eq(bx_run(x, (uint64_t)s), VF_RESOLVED);
        ck_assert_str_eq(vf_sbuf_str(&x->text), a);
        if (!first) first = a;
        else {
            distinct += strcmp(first, a) != 0;
            free(a);
        }
    }
    free(first);
    ck_assert_int_ge(distinct, min_distinct);
}

static char *rows_of(int w, int h, char c)
{
    char *s = malloc((size_t)((w + 1) * h));
    for (int y = 0; y < h; y++) {
        memset(s + y * (w + 1), c, (size_t)w);
        s[y * (w + 1) + w] = y == h - 1 ? '\0' : '\n';
    }
    return s;
}

START_TEST(spotty_map_grows_connected_floor)
{
    char *m = rows_of(30, 20, 'x');
    for (int boxy = 0; boxy < 2; boxy++) {
        bx x;
        bx_open(&x, m, boxy ? "make_square{x = 15, y = 10, radius = 0, "
                "fill = '.'} spotty_map{iterations = 60}"
                : "make_square{x = 15, y = 10, radius = 0, fill = '.'} "
                  "spotty_map{iterations = 60, boxy = false}");
        for (uint64_t s = 0; s < 20; s++) {
            ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
            int floor = count_glyph(&x, '.');
            ck_assert_int_gt(floor, 20);
            ck_assert_int_eq(floor + count_glyph(&x, 'x'), 600);
            ck_assert(connected(&x, ".", 0));
            for (int y = 0; y < 20; y++)        /* the outer 3 rings stay */
                for (int c = 0; c < 30; c++)
                    if (c < 3 || y < 3 || c >= 27 || y >= 17)
                        ck_assert_int_eq(cell(&x, c, y), 'x');
        }
        replays_and_varies(&x, 10, 8);
        bx_close(&x);
    }
    free(m);
}
END_TEST

/* Each iteration smears one onto cell next to a smear cell, unless its
 * tries (10 per iteration) run out first. */
START_TEST(smear_map_grows_next_to_smear)
{
    char *m = rows_of(8, 8, '.');
    for (int boxy = 0; boxy < 2; boxy++) {
        bx x;
        bx_open(&x, m, boxy ? "make_square{x = 3, y = 3, radius = 0} "
                "smear_map{iterations = 10, boxy = true}"
                : "make_square{x = 3, y = 3, radius = 0} "
                  "smear_map{iterations = 10}");
        int total = 0;
        for (uint64_t s = 0; s < 20; s++) {
            ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
            int n = count_glyph(&x, 'x');
            ck_assert(n >= 1 && n <= 11);
            total += n;
            ck_assert_int_eq(n + count_glyph(&x, '.'), 64);
            ck_assert(connected(&x, "x", !boxy));
        }
        ck_assert_int_gt(total, 20 * 6);
        replays_and_varies(&x, 10, 8);
        bx_close(&x);
    }
    free(m);
}
END_TEST

START_TEST(delve_digs_connected_caves)
{
    bx x;
    bx_open(&x, "", "extend_map{width = 40, height = 20}\n"
            "fill_area{fill = 'x', border = 'X'}\n"
            "delve(2, 4, 10, 100, 125)");
    for (uint64_t s = 0; s < 20; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, '.'), 100);
        ck_assert_int_eq(count_glyph(&x, 'X'), 2 * 40 + 2 * 18);
        ck_assert(connected(&x, ".", 1));
    }
    replays_and_varies(&x, 10, 8);
    bx_close(&x);
    /* the first cells are dug next to one starting cell: with floor at
     * two far places, both new cells are by the same one */
    bx_open(&x, "", "extend_map{width = 40, height = 11}\n"
            "make_square{x = 5, y = 5, radius = 0, fill = '.'}\n"
            "make_square{x = 34, y = 5, radius = 0, fill = '.'}\n"
            "delve(1, 8, 100, 2, 1000)");
    for (uint64_t s = 0; s < 30; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        int near[2] = {0};
        for (int y = 0; y < 11; y++)
            for (int c = 0; c < 40; c++)
                if (cell(&x, c, y) == '.' && !(y == 5 && (c == 5 || c == 34)))
                    near[c > 20]++;
        ck_assert(near[0] + near[1] == 2 && (!near[0] || !near[1]));
    }
    bx_close(&x);
    /* the default size, from the floor already there */
    bx_open(&x, "", "extend_map{width = 40, height = 20}\n"
            "fill_area{fill = 'x', border = 'X'}\n"
            "make_circle{x = 10, y = 10, radius = 2, fill = '.'}\n"
            "delve()");
    for (uint64_t s = 0; s < 10; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_gt(count_glyph(&x, '.'), 21 + 50);
        ck_assert(connected(&x, ".", 1));
        ck_assert_int_eq(count_glyph(&x, 'X'), 2 * 40 + 2 * 18);
    }
    bx_close(&x);
}
END_TEST

START_TEST(join_the_dots_paths)
{
    char *m = rows_of(30, 15, 'x');
    bx x;
    bx_open(&x, m, "join_the_dots{x1 = 2, y1 = 2, x2 = 25, y2 = 12}");
    for (uint64_t s = 0; s < 20; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(cell(&x, 2, 2), '.');
        ck_assert_int_eq(cell(&x, 25, 12), '.');
        ck_assert(connected(&x, ".", 0));
        /* a shortest path: one cell per step */
        ck_assert_int_eq(count_glyph(&x, '.'), 23 + 10 + 1);
    }
    replays_and_varies(&x, 10, 8);
    bx_close(&x);
    free(m);
    /* straight: x first, from one end or the other */
    const char *a = "xxxxxx\nx....x\nxxxx.x\nxxxx.x\nxxxxxx";
    const char *b = "xxxxxx\nx.xxxx\nx.xxxx\nx....x\nxxxxxx";
    int got_a = 0, got_b = 0;
    bx_open(&x, "xxxxxx\nxxxxxx\nxxxxxx\nxxxxxx\nxxxxxx",
            "join_the_dots{x1 = 1, y1 = 1, x2 = 4, y2 = 3, "
            "force_straight = true}");
    for (uint64_t s = 0; s < 40; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        got_a += !strcmp(x.text.s, a);
        got_b += !strcmp(x.text.s, b);
    }
    ck_assert_int_eq(got_a + got_b, 40);
    ck_assert(got_a > 5 && got_b > 5);
    bx_close(&x);
    /* thick, but never on the outer ring */
    expect_grid("xxxxxx\nxxxxxx\nxxxxxx\nxxxxxx",
                "join_the_dots{x1 = 1, y1 = 1, x2 = 4, y2 = 1, "
                "thickness = 3, force_straight = true}",
                "xxxxxx\nx....x\nx....x\nxxxxxx");
}
END_TEST

/* Cells that were x and are now b each touch a pool glyph: the game marks
 * a seed's neighbours for growth whatever they are. */
START_TEST(add_pools_fills_floor)
{
    bx x;
    bx_open(&x, "", "extend_map{width = 30, height = 20, fill = '.'}\n"
            "fill_area{fill = '.', border = 'x'}\n"
            "add_pools{contents = {l = 1, w = 1}, pool_size = 40, "
            "border = 'b'}");
    int pools = 0;
    for (uint64_t s = 0; s < 20; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, '.'), 0);
        pools += count_glyph(&x, 'l') + count_glyph(&x, 'w');
        for (int y = 0; y < 20; y++)
            for (int c = 0; c < 30; c++) {
                int edge = !c || !y || c == 29 || y == 19;
                int g = cell(&x, c, y);
                if (!edge) {
                    ck_assert(g == 'l' || g == 'w' || g == 'b');
                    continue;
                }
                if (g == 'x') continue;
                ck_assert_int_eq(g, 'b');
                int touch = 0;
                for (int k = 0; k < 4; k++) {
                    int nx = c + (k == 0) - (k == 1);
                    int ny = y + (k == 2) - (k == 3);
                    if (nx >= 0 && ny >= 0 && nx < 30 && ny < 20)
                        touch |= cell(&x, nx, ny) == 'l' ||
                                 cell(&x, nx, ny) == 'w';
                }
                ck_assert(touch);
            }
    }
    ck_assert_int_gt(pools, 20 * 200);
    replays_and_varies(&x, 10, 8);
    bx_close(&x);
}
END_TEST

/* Floor 4-connected to the map's edge is outside; what is left is the
 * room: inside the box, not empty, and one piece. */
static void check_irregular_room(const bx *x, int x1, int y1, int x2, int y2)
{
    int w = x->m.grid.w, h = x->m.grid.h, inside = 0, first = -1;
    char *out = calloc((size_t)(w * h), 1), *room = calloc((size_t)(w * h), 1);
    int *stack = malloc(sizeof(int) * (size_t)(w * h)), sp = 0;
    for (int i = 0; i < w * h; i++) {
        int c = i % w, y = i / w;
        if ((!c || !y || c == w - 1 || y == h - 1) && cell(x, c, y) == '.')
            out[i] = 1, stack[sp++] = i;
    }
    for (int pass = 0; pass < 2; pass++) {
        char *mark = pass ? room : out;
        while (sp) {
            int i = stack[--sp];
            int nb[4] = {i - 1, i + 1, i - w, i + w};
            for (int k = 0; k < 4; k++) {
                if ((k == 0 && i % w == 0) || (k == 1 && i % w == w - 1) ||
                    nb[k] < 0 || nb[k] >= w * h || mark[nb[k]] ||
                    cell(x, nb[k] % w, nb[k] / w) != '.')
                    continue;
                mark[nb[k]] = 1;
                stack[sp++] = nb[k];
            }
        }
        if (pass) break;
        for (int i = 0; i < w * h && first < 0; i++)
            if (!out[i] && cell(x, i % w, i / w) == '.') first = i;
        ck_assert_int_ge(first, 0);
        room[first] = 1;
        stack[sp++] = first;
    }
    for (int y = 0; y < h; y++)
        for (int c = 0; c < w; c++) {
            int g = cell(x, c, y), in_box = c >= x1 && c <= x2 &&
                                            y >= y1 && y <= y2;
            if (g != '.') {
                ck_assert(in_box && (g == 'x' || g == '+'));
            } else if (!out[y * w + c]) {
                ck_assert(in_box);
                ck_assert(room[y * w + c]);
                inside++;
            }
        }
    ck_assert_int_gt(inside, 0);
    free(out);
    free(room);
    free(stack);
}

START_TEST(irregular_box_is_a_closed_room)
{
    char *m = rows_of(30, 20, '.');
    bx x;
    bx_open(&x, m, "make_irregular_box{x1 = 2, y1 = 2, x2 = 25, y2 = 16, "
            "door_count = 2, div_x = 3, div_y = 3, in_x = 4, in_y = 4}");
    for (uint64_t s = 0; s < 50; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, '+'), 2);
        /* doors are walls for closedness; then the room floor is whole */
        check_irregular_room(&x, 2, 2, 25, 16);
    }
    replays_and_varies(&x, 10, 8);
    bx_close(&x);
    free(m);
}
END_TEST

START_TEST(replace_random_one_cell)
{
    bx x;
    bx_open(&x, "a...a\n.....\n..a..\n.....\na...a",
            "replace_random{find = 'a', replace = 'b'}");
    int hit[25] = {0};
    for (uint64_t s = 0; s < 200; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, 'b'), 1);
        ck_assert_int_eq(count_glyph(&x, 'a'), 4);
        for (int i = 0; i < 25; i++) hit[i] += cell(&x, i % 5, i / 5) == 'b';
    }
    ck_assert(hit[0] > 15 && hit[4] > 15 && hit[12] > 15 && hit[20] > 15 &&
              hit[24] > 15);
    bx_close(&x);
}
END_TEST

START_TEST(box_doors)
{
    bx x;
    bx_open(&x, dots7, "make_box{x1 = 1, y1 = 1, x2 = 5, y2 = 5}\n"
            "out('n', make_box_doors{x1 = 1, y1 = 1, x2 = 5, y2 = 5, "
            "number = 2, veto_gates = true})");
    for (uint64_t s = 0; s < 40; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert(vf_rmap_has_tag(&x.m, "n=2"));
        int doors = count_glyph(&x, '+');
        ck_assert(doors == 1 || doors == 2);
        for (int y = 0; y < 7; y++)
            for (int c = 0; c < 7; c++) {
                if (cell(&x, c, y) != '+') continue;
                int side = c == 1 || c == 5 || y == 1 || y == 5;
                int corner = (c == 1 || c == 5) && (y == 1 || y == 5);
                ck_assert(side && !corner);
            }
    }
    bx_close(&x);
    /* thick walls: a door outside, the between and inner glyphs behind */
    bx_open(&x, "", "extend_map{width = 9, height = 9, fill = '.'}\n"
            "make_box{x1 = 1, y1 = 1, x2 = 7, y2 = 7, thickness = 2}\n"
            "make_box_doors{x1 = 1, y1 = 1, x2 = 7, y2 = 7, thickness = 2, "
            "inner_door = 'I'}");
    for (uint64_t s = 0; s < 20; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, '+'), 1);
        ck_assert_int_eq(count_glyph(&x, 'I'), 1);
    }
    bx_close(&x);
}
END_TEST

START_TEST(connect_adjacent_rooms_opens_one)
{
    bx x;
    bx_open(&x, "xxxxx\nx...x\nxxxxx\nx...x\nxxxxx",
            "connect_adjacent_rooms{min = 9, max = 9}");
    int where[3] = {0};
    for (uint64_t s = 0; s < 60; s++) {
        ck_assert_int_eq(bx_run(&x, s), VF_RESOLVED);
        ck_assert_int_eq(count_glyph(&x, '.'), 7);
        for (int c = 1; c <= 3; c++) where[c - 1] += cell(&x, c, 2) == '.';
    }
    ck_assert(where[0] && where[1] && where[2]);
    bx_close(&x);
}
END_TEST

/* ---- errors -------------------------------------------------------------- */

START_TEST(bad_arguments)
{
    const char *m = "...\n...\n...";
    expect_error(m, "fill_area{fill = {} }",
                 "t.des:5: dgn.fill_area: 'fill' in table, but not a string.");
    expect_error(m, "local a = 1\nfill_area{fill = 'ab'}",
                 "t.des:6: dgn.fill_area: 'fill' has more than one "
                 "character.");
    expect_error(m, "make_circle{x = 'a', y = 1}",
                 "t.des:5: dgn.make_circle: 'x' in table, but not an int.");
    expect_error(m, "spotty_map{boxy = 1}",
                 "t.des:5: dgn.spotty_map: 'boxy' in table, but not a bool.");
    expect_error(m, "make_circle{x = 50, y = 1}",
                 "t.des:5: dgn.make_circle: Invalid x coordinate: 50");
    expect_error(m, "make_square{x = 1, y = -1}",
                 "t.des:5: dgn.make_square: Invalid y coordinate: -1");
    expect_error(m, "make_circle{x = 0, y = 0}",
                 "t.des:5: dgn.make_circle: area (-1, -1)-(1, 1) is not "
                 "inside the 3x3 map");
    expect_error(m, "make_box{x2 = 3}",
                 "t.des:5: dgn.make_box: make_box arguments too large: "
                 "(3, 2) on map size (3, 3)");
    expect_error(dots7, "make_diamond{x = 1, y = 3, radius = 2}",
                 "t.des:5: dgn.make_diamond: make_diamond arguments too "
                 "large: (1, 3, 2)");
    expect_error(m, "replace_first{find = '.', replace = 'x'}",
                 "t.des:5: dgn.replace_first: Invalid xdir: 2");
    expect_error(m, "replace_first{xdir = 1, ydir = 0, find = 'Z', "
                 "replace = 'x', required = true}",
                 "t.des:5: dgn.replace_first: Could not find feature 'Z' to "
                 "replace");
    expect_error(m, "replace_random{find = 'Z', replace = 'x', "
                 "required = true}",
                 "t.des:5: dgn.replace_random: Could not find 'Z'");
    expect_error(m, "replace_area{replace = 'x'}",
                 "t.des:5: dgn.replace_area: no 'find' given");
    expect_error(m, "replace_area{find = '.'}",
                 "t.des:5: dgn.replace_area: writes a NUL glyph: no "
                 "'replace' given?");
    expect_error(m, "connect_adjacent_rooms{min = 2, max = 1}",
                 "t.des:5: dgn.connect_adjacent_rooms: Invalid max "
                 "connections: 1 (min is 2)");
    expect_error(m, "count_neighbors{x = 3, y = 0}",
                 "t.des:5: dgn.count_neighbors: Invalid x coordinate: 3");
    expect_error(m, "delve(0)",
                 "t.des:5: dgn.delve: ngb_min 0 is not 1 to 3");
    expect_error(m, "delve(3, 2)",
                 "t.des:5: dgn.delve: ngb_max 2 is not 3 to 8");
    expect_error(m, "delve()",
                 "t.des:5: dgn.delve: no 'x' cell to dig (the game asserts)");
    expect_error(m, "extend_map{width = 5000}",
                 "t.des:5: dgn.extend_map: 5000x1 is larger than vaultfuzz "
                 "allows (1000)");
    expect_error(m, "farthest_from()",
                 "t.des:5: dgn.farthest_from: the beacons (argument 1) must "
                 "be a string, not no value");
    /* huge numbers: refused, or harmless */
    expect_error(m, "fill_area{x1 = 1e10}",
                 "t.des:5: dgn.fill_area: 'x1' is out of range.");
    expect_error(m, "make_circle{x = 1, y = 1, radius = 1e9}",
                 "t.des:5: dgn.make_circle: area (-999999999, -999999999)-"
                 "(1000000001, 1000000001) is not inside the 3x3 map");
    expect_grid(m, "octa_room{oblique = 1e9, y1 = 1e9, replace = '.'}\n"
                "make_box_doors{x1 = -1e9, thickness = 1e9, number = 3}\n"
                "join_the_dots{x1 = 0, y1 = 0, x2 = 2, y2 = 2, "
                "thickness = -1e9}\n"
                "spotty_map{iterations = 1e9, x1 = -1e9, x2 = 1e9}",
                "...\n...\nxxx");
    /* a bound reaches the binding from inside a helper: the vault's line */
    expect_error(m, "local function helper(e) e.fill_area{x1 = true} end\n"
                 "helper(_G)",
                 "t.des:5: dgn.fill_area: 'x1' in table, but not an int.");
}
END_TEST

/* ---- whole layouts, modelled on the game's builder .des files ------------ */

START_TEST(corpus_style_layouts)
{
    static const char *const layouts[] = {
        /* layout_delve */
        "extend_map{width = dgn.GXM, height = dgn.GYM}\n"
        "fill_area{fill = 'x', border = 'X'}\n"
        "delve(3, 3, 0, -1, 1)",
        /* layout_cave_pools */
        "extend_map{width = dgn.GXM, height = dgn.GYM, fill = 'x'}\n"
        "make_square{x = 40, y = 35, radius = 0, fill = '.'}\n"
        "spotty_map{boxy = false, iterations = 1000}\n"
        "remove_isolated_glyphs{find = 'x', percent = 100}\n"
        "add_pools{replace = '.', pool_size = 10 + crawl.random2(15), "
        "contents = {['.'] = 40, x = 120 - 5 * 6, l = 7.5} }\n"
        "widen_paths{find = 'x', percent = 30}\n"
        "remove_isolated_glyphs{find = 'x', percent = 80}\n"
        "widen_paths{find = 'l', percent = 30}\n"
        "remove_isolated_glyphs{find = 'l', percent = 75, boxy = true}",
        /* layout_honeycomb */
        "extend_map{width = dgn.GXM, height = dgn.GYM, fill = 'x'}\n"
        "make_circle{x = dgn.GXM / 2, y = dgn.GYM / 2, radius = 10}\n"
        "make_square{x = 40, y = 35, radius = 0, fill = '.'}\n"
        "spotty_map{boxy = true, iterations = 1500}\n"
        "widen_paths{find = 'x', percent = 50}\n"
        "remove_isolated_glyphs{find = 'x', percent = 100}\n"
        "add_pools{replace = '.', contents = {['.'] = 1}, "
        "pool_size = 25 + crawl.random2(25), border = 'x'}\n"
        "connect_adjacent_rooms{wall = 'x', floor = '.', replace = '+', "
        "min = 1000, max = 1500, check_distance = 3}",
        /* layout_basic_caves-like smears and zones */
        "extend_map{width = dgn.GXM, height = dgn.GYM, fill = 'x'}\n"
        "octa_room{x1 = 10, y1 = 10, x2 = 69, y2 = 59, oblique = 10, "
        "outside = 'x', inside = '.'}\n"
        "smear_map{iterations = 400, smear = 'x', onto = '.', boxy = false}\n"
        "spotty_map{boxy = true}\n"
        "make_square{x = 40, y = 35, radius = 0, fill = '@'}\n"
        "fill_disconnected{wanted = '@'}",
        /* rooms joined by paths, with doors and windows */
        "extend_map{width = dgn.GXM, height = dgn.GYM, fill = 'x'}\n"
        "fill_area{x1 = 8, y1 = 8, x2 = dgn.GXM - 9, y2 = dgn.GYM - 9, "
        "fill = '.'}\n"
        "for i = 0, 3 do\n"
        "  local x1, y1 = 10 + i * 15, 10 + i * 10\n"
        "  if not find_in_area{x1 = x1 - 1, y1 = y1 - 1, x2 = x1 + 9, "
        "y2 = y1 + 9, find = 'c'} then\n"
        "    make_box{x1 = x1, y1 = y1, x2 = x1 + 8, y2 = y1 + 8, wall = 'c'}\n"
        "    make_box_doors{x1 = x1, y1 = y1, x2 = x1 + 8, y2 = y1 + 8, "
        "number = 2}\n"
        "  end\n"
        "end\n"
        "make_irregular_box{x1 = 20, y1 = 45, x2 = 40, y2 = 58, "
        "wall = 'c', door_count = 3}\n"
        "make_round_box{x1 = 50, y1 = 45, x2 = 65, y2 = 58, wall = 'c'}\n"
        "join_the_dots{x1 = 9, y1 = 9, x2 = 70, y2 = 60, fill = '.'}\n"
        "remove_disconnected_doors{}\n"
        "add_windows{wall = 'c', window = 'm'}"};
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        bx x;
        bx_open(&x, "", layouts[i]);
        for (uint64_t s = 0; s < 5; s++) {
            ck_assert_msg(bx_run(&x, s) == VF_RESOLVED, "layout %zu: %s", i,
                          vf_sbuf_str(&x.err));
            ck_assert_int_eq(x.m.grid.w, 80);
            ck_assert_int_eq(x.m.grid.h, 70);
            ck_assert_int_gt(count_glyph(&x, '.'), 300);
        }
        bx_close(&x);
    }
}
END_TEST

/* zonify.map_fill_zones in C (zonify.c): of two floor zones of four
 * cells, the one the walk from (1,1) makes first stays; keep 2 keeps
 * both; a zone must have more than min cells to stay; lava counts as
 * wall only where the map's walk says so. */
static char *filled(const char *map, const char *wall, int keep, int min)
{
    vf_grid g;
    vf_grid_init(&g);
    int h = 0, w = 0;
    for (const char *row = map; *row; h++) {
        const char *nl = strchr(row, '\n');
        w = (int)(nl - row);
        vf_grid_add_line(&g, row, (size_t)w);
        row = nl + 1;
    }
    vf_bind_zonefill how = {.wall = wall, .keep = keep, .min = min,
                            .glyph = 'x'};
    vf_bind_fill_zones(&g, w, h, &how);
    vf_sbuf b = VF_SBUF_INIT;
    for (int y = 0; y < h; y++) {
        vf_sbuf_add(&b, vf_grid_row(&g, y), (size_t)w);
        vf_sbuf_addc(&b, '\n');
    }
    vf_grid_free(&g);
    return vf_sbuf_take(&b);
}

START_TEST(fill_zones_keeps_the_largest_first_made)
{
    static const char map[] =
        "xxxxxxxxxx\n" "x..x..x.xx\n" "x..x..l.xx\n" "xxxxxxxxxx\n";
    static const char *const want[][2] = {
        {"wlxcvbtg 1 1", "xxxxxxxxxx\nx..xxxxxxx\nx..xxxlxxx\nxxxxxxxxxx\n"},
        {"wlxcvbtg 2 1", "xxxxxxxxxx\nx..x..xxxx\nx..x..lxxx\nxxxxxxxxxx\n"},
        {"wlxcvbtg 2 4", "xxxxxxxxxx\nxxxxxxxxxx\nxxxxxxlxxx\nxxxxxxxxxx\n"},
        /* Lava as floor: the second zone reaches past it, 7 cells. */
        {"wxcvbtg 1 1", "xxxxxxxxxx\nxxxx..x.xx\nxxxx..l.xx\nxxxxxxxxxx\n"},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        char wall[16];
        int keep, min;
        ck_assert_int_eq(sscanf(want[i][0], "%15s %d %d", wall, &keep, &min),
                         3);
        char *got = filled(map, wall, keep, min);
        ck_assert_msg(!strcmp(got, want[i][1]), "%s:\n%s", want[i][0], got);
        free(got);
    }
}
END_TEST

Suite *vf_test_build_suite(void)
{
    Suite *s = suite_create("build");
    TCase *exact = tcase_create("exact");
    tcase_add_test(exact, mapgrd_reads_and_writes_cells);
    tcase_add_test(exact, mapgrd_reads_make_no_garbage);
    tcase_add_test(exact, fill_area_and_border);
    tcase_add_test(exact, boxes);
    tcase_add_test(exact, circles_diamonds_squares);
    tcase_add_test(exact, octa_room_corners);
    tcase_add_test(exact, replace_area_first_closest);
    tcase_add_test(exact, extend_map_grows_and_pads);
    tcase_add_test(exact, counts_and_tests);
    tcase_add_test(exact, isolated_glyphs_and_widening);
    tcase_add_test(exact, fill_disconnected_zones);
    tcase_add_test(exact, doors_windows_connections);
    tcase_add_test(exact, round_box);
    tcase_add_test(exact, farthest_from_beacons);
    suite_add_tcase(s, exact);
    TCase *random = tcase_create("random");
    tcase_set_timeout(random, 120);
    tcase_add_test(random, spotty_map_grows_connected_floor);
    tcase_add_test(random, smear_map_grows_next_to_smear);
    tcase_add_test(random, delve_digs_connected_caves);
    tcase_add_test(random, join_the_dots_paths);
    tcase_add_test(random, add_pools_fills_floor);
    tcase_add_test(random, irregular_box_is_a_closed_room);
    tcase_add_test(random, replace_random_one_cell);
    tcase_add_test(random, box_doors);
    tcase_add_test(random, connect_adjacent_rooms_opens_one);
    tcase_add_test(random, corpus_style_layouts);
    suite_add_tcase(s, random);
    TCase *errors = tcase_create("errors");
    tcase_add_test(errors, bad_arguments);
    tcase_add_test(random, fill_zones_keeps_the_largest_first_made);
    suite_add_tcase(s, errors);
    return s;
}
