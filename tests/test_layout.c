/* The whole-level builders (vf_layout.h) over many seeds and places, the
 * noise functions (vf_noise.h), and both through their Lua bindings. The
 * zone counts here are the test's own flood fill, not the library's. */
#include "tests.h"
#include "layout/layout_int.h"
#include "vf_layout.h"
#include "vf_noise.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W VF_LAYOUT_GXM
#define H VF_LAYOUT_GYM

typedef int (*builder)(vf_grid *, vf_rng *, const vf_game *, const vf_place *,
                       vf_sbuf *);

static int city_any(vf_grid *g, vf_rng *r, const vf_game *gm,
                    const vf_place *p, vf_sbuf *e)
{
    return vf_layout_chaotic_city(g, r, gm, p, 0, e);
}

static int city_metal(vf_grid *g, vf_rng *r, const vf_game *gm,
                      const vf_place *p, vf_sbuf *e)
{
    return vf_layout_chaotic_city(g, r, gm, p, 'v', e);
}

/* Builds into g (initialised here; the caller frees it) from a fresh
 * grid; any error fails the test. */
static void build(vf_grid *g, builder b, const char *place, uint64_t seed)
{
    vf_place p;
    char why[128];
    ck_assert_msg(!vf_place_parse(NULL, place, &p, why, sizeof why), "%s", why);
    vf_rng r;
    vf_rng_seed(&r, seed);
    vf_sbuf err = VF_SBUF_INIT;
    vf_grid_init(g);
    ck_assert_int_eq(vf_layout_grid(g, &err), 0);
    int rc = b(g, &r, NULL, &p, &err);
    ck_assert_msg(rc == 0, "%s", vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    ck_assert_int_eq(g->w, W);
    ck_assert_int_eq(g->h, H);
}

/* Builds on level 1-4 of branch, by seed; returns the level. */
static int build_in(vf_grid *g, builder b, const char *branch, uint64_t seed)
{
    int depth = 1 + (int)(seed % 4);
    char place[32];
    snprintf(place, sizeof place, "%s:%d", branch, depth);
    build(g, b, place, seed);
    return depth;
}

static int walkable(int c)
{
    return c > 0 && !strchr("xXcvbmnotwlGI ", c);
}

/* The number of 8-connected zones of walkable cells. */
static int zones(const vf_grid *g)
{
    static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    char seen[W * H] = {0};
    int stack[W * H], n = 0;
    for (int start = 0; start < W * H; start++) {
        if (seen[start] ||
            !walkable(vf_grid_get(g, start % W, start / W)))
            continue;
        n++;
        int top = 0;
        stack[top++] = start;
        seen[start] = 1;
        while (top) {
            int c = stack[--top];
            for (int i = 0; i < 8; i++) {
                int x = c % W + dx[i], y = c / W + dy[i];
                if (x < 0 || y < 0 || x >= W || y >= H || seen[y * W + x] ||
                    !walkable(vf_grid_get(g, x, y)))
                    continue;
                seen[y * W + x] = 1;
                stack[top++] = y * W + x;
            }
        }
    }
    return n;
}

static int count(const vf_grid *g, int c)
{
    int n = 0;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) n += vf_grid_get(g, x, y) == c;
    return n;
}

/* Is every cell within depth of the edge in set? */
static int rim_in(const vf_grid *g, int depth, const char *set)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int rim = x < depth || y < depth || x >= W - depth ||
                      y >= H - depth;
            int c = vf_grid_get(g, x, y);
            if (rim && (c <= 0 || !strchr(set, c))) return 0;
        }
    return 1;
}

static int has_all(const vf_grid *g, const char *glyphs)
{
    for (const char *s = glyphs; *s; s++)
        if (!count(g, *s)) return 0;
    return 1;
}

static int same_grid(const vf_grid *a, const vf_grid *b)
{
    for (int y = 0; y < H; y++)
        if (memcmp(vf_grid_row(a, y), vf_grid_row(b, y), W)) return 0;
    return 1;
}

/* ---- the builders -------------------------------------------------------- */

/* Shallow and deep levels, branches whose rules change the level. */
static const char *const places[] = {
    "D:2", "D:6", "D:10", "D:14", "Depths:3", "Geh:2", "Coc:4", "Crypt:2",
    "Tomb:1", "Dis:3", "Zot:4", "Pan", "Snake:2", "Lair:3"};
#define NPLACES (sizeof places / sizeof *places)

START_TEST(basic_one_zone)
{
    int with_stairs = 0, water = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        vf_grid g;
        const char *place = places[seed % NPLACES];
        build(&g, vf_layout_basic, place, seed);
        ck_assert_msg(count(&g, '.') >= 150, "seed %d at %s: %d floor",
                      (int)seed, place, count(&g, '.'));
        ck_assert_msg(rim_in(&g, 3, "x"), "seed %d: the rim is not rock",
                      (int)seed);
        ck_assert_msg(zones(&g) == 1, "seed %d at %s: %d zones", (int)seed,
                      place, zones(&g));
        with_stairs += has_all(&g, "{}");
        water += count(&g, 'w') + count(&g, 'l') > 0;
        vf_grid_free(&g);
    }
    /* Trails end in stairs unless they wander too long; rivers, lakes and
     * pools come deeper down. */
    ck_assert_int_gt(with_stairs, 200);
    ck_assert_int_gt(water, 20);
}
END_TEST

START_TEST(bigger_room_open_floor)
{
    int pools = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        vf_grid g;
        const char *place = seed % 2 ? "D:10" : "Lair:2";
        build(&g, vf_layout_bigger_room, place, seed);
        ck_assert_int_ge(count(&g, '.'), 1500);
        /* Rivers and lakes reach 5 cells from the edge. */
        ck_assert(rim_in(&g, 4, "x"));
        ck_assert_msg(zones(&g) == 1, "seed %d: %d zones", (int)seed,
                      zones(&g));
        ck_assert_msg(has_all(&g, "{}()[]"), "seed %d: stairs missing",
                      (int)seed);
        pools += count(&g, 'w') + count(&g, 't') > 0;
        vf_grid_free(&g);
    }
    ck_assert_int_gt(pools, 150);
}
END_TEST

START_TEST(chaotic_city_one_zone)
{
    int stone = 0, metal = 0, rock_boxes = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        vf_grid g;
        build(&g, city_any, places[seed % NPLACES], seed);
        ck_assert_int_ge(count(&g, '.'), 500);
        /* The city is (10, 10)-(70, 60). */
        ck_assert(rim_in(&g, 9, "x"));
        ck_assert_msg(zones(&g) == 1, "seed %d: %d zones", (int)seed,
                      zones(&g));
        stone += count(&g, 'c') > 0;
        metal += count(&g, 'v') > 0;
        rock_boxes += count(&g, 'x') > W * H - 61 * 51;
        vf_grid_free(&g);
        build(&g, city_metal, "Dis:2", seed);
        ck_assert_msg(!count(&g, 'c') && count(&g, 'v') &&
                      count(&g, 'x') == W * H - 61 * 51,
                      "seed %d: a box not of metal", (int)seed);
        ck_assert_int_eq(zones(&g), 1);
        vf_grid_free(&g);
    }
    /* Any wall: rock, stone and metal all turn up. */
    ck_assert_int_gt(stone, 20);
    ck_assert_int_gt(metal, 20);
    ck_assert_int_gt(rock_boxes, 20);
}
END_TEST

START_TEST(swamp_mangroves_and_water)
{
    int shallow[5] = {0};
    for (uint64_t seed = 1; seed <= 120; seed++) {
        vf_grid g;
        int depth = build_in(&g, vf_layout_swamp, "Swamp", seed);
        ck_assert(rim_in(&g, 6, "t"));
        ck_assert_msg(has_all(&g, ".W"), "seed %d: no floor or water",
                      (int)seed);
        ck_assert_int_eq(count(&g, 'w') + count(&g, 'x'), 0);
        ck_assert_msg(zones(&g) == 1, "seed %d: %d zones", (int)seed,
                      zones(&g));
        shallow[depth] += count(&g, 'W');
        vf_grid_free(&g);
    }
    /* Deeper levels are wetter. */
    ck_assert_int_gt(shallow[4], shallow[1]);
}
END_TEST

START_TEST(shoals_islands_in_the_sea)
{
    int floor[5] = {0};
    for (uint64_t seed = 1; seed <= 120; seed++) {
        vf_grid g;
        int depth = build_in(&g, vf_layout_shoals, "Shoals", seed);
        ck_assert(rim_in(&g, 1, "x"));
        /* Nothing is raised within 6 cells of the edge (only smoothing
         * spreads the land), so the sea surrounds the islands. */
        int near = 0, deep = 0;
        for (int y = 1; y < H - 1; y++)
            for (int x = 1; x < W - 1; x++)
                if (x < 4 || y < 4 || x >= W - 4 || y >= H - 4) {
                    near++;
                    deep += vf_grid_get(&g, x, y) == 'w';
                }
        ck_assert_msg(deep * 10 >= near * 9, "seed %d: %d of %d deep",
                      (int)seed, deep, near);
        ck_assert_msg(has_all(&g, ".Ww{}"), "seed %d: no land, water or "
                      "stairs", (int)seed);
        floor[depth] += count(&g, '.');
        vf_grid_free(&g);
    }
    /* Fewer islands deeper down. */
    ck_assert_int_gt(floor[1], floor[4]);
}
END_TEST

START_TEST(layouts_are_deterministic)
{
    static const builder bs[] = {vf_layout_basic, vf_layout_bigger_room,
                                 city_any, vf_layout_swamp, vf_layout_shoals};
    for (size_t i = 0; i < sizeof bs / sizeof *bs; i++) {
        vf_grid a, b, c;
        build(&a, bs[i], "Swamp:2", 77);
        build(&b, bs[i], "Swamp:2", 77);
        build(&c, bs[i], "Swamp:2", 78);
        ck_assert_msg(same_grid(&a, &b), "builder %d: same seed differs",
                      (int)i);
        ck_assert_msg(!same_grid(&a, &c), "builder %d: seeds agree", (int)i);
        vf_grid_free(&a);
        vf_grid_free(&b);
        vf_grid_free(&c);
    }
}
END_TEST

START_TEST(layout_grid_sizes)
{
    vf_grid g;
    vf_sbuf err = VF_SBUF_INIT;
    vf_grid_init(&g);
    vf_grid_add_line(&g, "ab", 2);
    vf_grid_add_line(&g, "c", 1);
    ck_assert_int_eq(vf_layout_grid(&g, &err), 0);
    ck_assert_int_eq(g.w, W);
    ck_assert_int_eq(g.h, H);
    ck_assert(!memcmp(vf_grid_row(&g, 0), "abxxx", 5));
    ck_assert(!memcmp(vf_grid_row(&g, 1), "cxxxx", 5));
    ck_assert_int_eq(count(&g, 'x'), W * H - 3);

    /* Larger than a level, or built on without vf_layout_grid. */
    char wide[W + 1];
    memset(wide, '.', sizeof wide);
    vf_grid_add_line(&g, wide, sizeof wide);
    ck_assert_int_eq(vf_layout_grid(&g, &err), -1);
    ck_assert_str_eq(vf_sbuf_str(&err),
                     "the 81x71 map is larger than a level (80x70)");
    vf_grid_free(&g);
    vf_sbuf_reset(&err);
    vf_grid_add_line(&g, "...", 3);
    vf_rng r;
    vf_rng_seed(&r, 1);
    vf_place p = {0, 1};
    ck_assert_int_eq(vf_layout_basic(&g, &r, NULL, &p, &err), -1);
    ck_assert_str_eq(vf_sbuf_str(&err),
                     "a layout needs an 80x70 grid, not 3x1");
    vf_grid_free(&g);
    vf_sbuf_free(&err);
}
END_TEST

/* ---- noise --------------------------------------------------------------- */

static double uniform(vf_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * vf_random_real(r);
}

static double simplex_n(int n, const double *p)
{
    return n == 2 ? vf_simplex2(p[0], p[1])
         : n == 3 ? vf_simplex3(p[0], p[1], p[2])
         : vf_simplex4(p[0], p[1], p[2], p[3]);
}

START_TEST(simplex_range_and_shape)
{
    vf_rng r;
    vf_rng_seed(&r, 5);
    for (int n = 2; n <= 4; n++) {
        double lo = 1, hi = -1, sum = 0, sum2 = 0;
        const int samples = 20000;
        for (int i = 0; i < samples; i++) {
            double p[4], q[4];
            for (int k = 0; k < 4; k++) p[k] = uniform(&r, -1e6, 1e6);
            double v = simplex_n(n, p);
            ck_assert_msg(v >= -1 && v <= 1, "%dD: %g", n, v);
            ck_assert(v == simplex_n(n, p));
            /* Smooth: a tiny step moves it a tiny amount. */
            memcpy(q, p, sizeof q);
            q[0] += 1e-6;
            ck_assert_msg(fabs(simplex_n(n, q) - v) < 1e-3, "%dD jumps", n);
            lo = v < lo ? v : lo, hi = v > hi ? v : hi;
            sum += v, sum2 += v * v;
            /* 0 on the simplex lattice: integer points unskewed. */
            double c[4], csum = 0, g = (1 - 1 / sqrt(n + 1.0)) / n;
            for (int k = 0; k < n; k++)
                csum += c[k] = floor(uniform(&r, -1000, 1000));
            for (int k = 0; k < n; k++) p[k] = c[k] - csum * g;
            ck_assert_msg(fabs(simplex_n(n, p)) < 1e-9, "%dD lattice", n);
        }
        double mean = sum / samples, sd = sqrt(sum2 / samples - mean * mean);
        ck_assert_msg(lo < -0.6 && hi > 0.6, "%dD spans %g..%g", n, lo, hi);
        ck_assert_msg(fabs(mean) < 0.05 && sd > 0.15, "%dD mean %g sd %g", n,
                      mean, sd);
    }
}
END_TEST

START_TEST(worley_nearest_points)
{
    vf_rng r;
    vf_rng_seed(&r, 9);
    double sum = 0;
    const int samples = 20000;
    int ids_differ = 0;
    for (int i = 0; i < samples; i++) {
        double p[3];
        for (int k = 0; k < 3; k++) p[k] = uniform(&r, -1e5, 1e6);
        vf_worley w, again, at;
        vf_worley3(p[0], p[1], p[2], &w);
        vf_worley3(p[0], p[1], p[2], &again);
        ck_assert(!memcmp(&w, &again, sizeof w));
        ck_assert(w.dist[0] >= 0 && w.dist[0] <= w.dist[1]);
        ck_assert(w.dist[1] < 10);
        for (int j = 0; j < 2; j++) {
            double len = sqrt(w.delta[j][0] * w.delta[j][0] +
                              w.delta[j][1] * w.delta[j][1] +
                              w.delta[j][2] * w.delta[j][2]);
            ck_assert(fabs(len - w.dist[j]) < 1e-6);
        }
        ids_differ += w.id[0] != w.id[1];
        /* Standing on the nearest point finds it at distance 0. */
        vf_worley3(p[0] + w.delta[0][0], p[1] + w.delta[0][1],
                   p[2] + w.delta[0][2], &at);
        ck_assert(at.dist[0] < 1e-6);
        ck_assert_uint_eq(at.id[0], w.id[0]);
        sum += w.dist[0];
    }
    /* Scaled so the nearest point is 1 away on average. */
    double mean = sum / samples;
    ck_assert_msg(mean > 0.85 && mean < 1.15, "mean F1 %g", mean);
    ck_assert_int_eq(ids_differ, samples);
}
END_TEST

/* ---- through Lua --------------------------------------------------------- */

#define DES_HEAD(name) "NAME: " name "\nORIENT: encompass\n" \
    "TAGS: no_rotate no_hmirror no_vmirror\n"

static const char lua_des[] =
    DES_HEAD("noise")
    "{{\n"
    "local function out(k, v) tags(k .. '=' .. tostring(v)) end\n"
    "out('worley', select('#', crawl.worley(1.5, 2.5, 3.5)))\n"
    "out('diff', select('#', crawl.worley_diff(1.5, 2.5, 3.5)))\n"
    "local d1, d2, id1 = crawl.worley(1.5, 2.5, 3.5)\n"
    "local diff, id = crawl.worley_diff(1.5, 2.5, 3.5)\n"
    "out('same', diff == d2 - d1 and id == id1)\n"
    "out('nil_is_0', crawl.worley(0, 0) == crawl.worley(0, 0, 0))\n"
    "out('s1', select('#', crawl.simplex(1.5)))\n"
    "out('s2', type(crawl.simplex(1.5, 2.5)))\n"
    "out('skip', crawl.simplex(1.5, 'a', 2.5) == crawl.simplex(1.5, 2.5))\n"
    "local v = crawl.simplex(1.1, 2, 3, 4)\n"
    "out('s4', v == crawl.simplex(1.1, 2, 3, 4) and v >= -1 and v <= 1)\n"
    "}}\nMAP\nENDMAP\n"
    DES_HEAD("basic") "{{\nlayout_basic()\n}}\nMAP\nENDMAP\n"
    DES_HEAD("swamp") "{{\ndgn.layout_swamp()\n}}\nMAP\nENDMAP\n"
    DES_HEAD("city") "{{\nlayout_chaotic_city('metal_wall')\n}}\n"
    "MAP\nENDMAP\n"
    DES_HEAD("city_any") "{{\nlayout_chaotic_city('no_such_feature')\n}}\n"
    "MAP\nENDMAP\n"
    DES_HEAD("city_altar") "{{\nlayout_chaotic_city('altar_zin')\n}}\n"
    "MAP\nENDMAP\n"
    DES_HEAD("wide") "{{\nextend_map{width = 90, height = 3}\n"
    "layout_shoals()\n}}\nMAP\nENDMAP\n";

static vf_resolve_status resolve(vf_t_eng *x, const char *map)
{
    vf_sbuf_reset(&x->err);
    vf_resolve_req rq = {.def = vf_t_map(&x->l, map), .seed = 1};
    return vf_engine_resolve(x->e, &rq, &x->m, &x->err);
}

START_TEST(lua_bindings)
{
    vf_t_eng x;
    vf_t_eng_open(&x, lua_des, 50000000UL);
    ck_assert_msg(resolve(&x, "noise") == VF_RESOLVED, "%s",
                  vf_sbuf_str(&x.err));
    static const char *const want[] = {
        "worley=10", "diff=2", "same=true", "nil_is_0=true", "s1=0",
        "s2=number", "skip=true", "s4=true"};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        ck_assert_msg(vf_rmap_has_tag(&x.m, want[i]), "no %s in%s", want[i],
                      vf_sbuf_str(&x.m.tags));

    ck_assert_int_eq(resolve(&x, "basic"), VF_RESOLVED);
    ck_assert_int_eq(x.m.grid.w, W);
    ck_assert_int_eq(x.m.grid.h, H);
    ck_assert_int_eq(zones(&x.m.grid), 1);
    /* With no map argument, the running case's map is drawn on. */
    ck_assert_int_eq(resolve(&x, "swamp"), VF_RESOLVED);
    ck_assert(rim_in(&x.m.grid, 6, "t"));
    ck_assert_int_eq(resolve(&x, "city"), VF_RESOLVED);
    ck_assert(count(&x.m.grid, 'v') && !count(&x.m.grid, 'c'));
    ck_assert_int_eq(resolve(&x, "city_any"), VF_RESOLVED);
    ck_assert_int_ge(count(&x.m.grid, '.'), 500);

    ck_assert_int_eq(resolve(&x, "city_altar"), VF_LUA_ERROR);
    ck_assert_str_eq(vf_sbuf_str(&x.err),
                     "t.des:56: dgn.layout_chaotic_city: feature 'altar_zin' "
                     "has no map glyph in vaultfuzz");
    ck_assert_int_eq(resolve(&x, "wide"), VF_LUA_ERROR);
    ck_assert_str_eq(vf_sbuf_str(&x.err),
                     "t.des:65: dgn.layout_shoals: the 90x3 map is larger "
                     "than a level (80x70)");
    vf_t_eng_close(&x);
}
END_TEST

/* lay_all_floor against a cell-at-a-time test (cells off the grid are
 * rock) on a patchy grid, boxes straddling the rows' two words and the
 * grid's edges among them. The rock patches stay left of x 50, so the box
 * across x 64 below is all floor. */
static int all_floor_slowly(const lay *l, int x0, int y0, int x1, int y1)
{
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            if (x < 0 || y < 0 || x >= W || y >= H || lay_get(l, x, y) != FLOOR)
                return 0;
    return 1;
}

START_TEST(all_floor_matches_cells)
{
    vf_place p;
    char why[128];
    ck_assert_msg(!vf_place_parse(NULL, "D:3", &p, why, sizeof why), "%s", why);
    vf_grid g;
    vf_rng r;
    vf_sbuf err = VF_SBUF_INIT;
    lay l;
    vf_grid_init(&g);
    ck_assert_int_eq(vf_layout_grid(&g, &err), 0);
    ck_assert_int_eq(lay_begin(&l, &g, &r, NULL, &p, &err), 0);
    vf_rng_seed(&r, 18);
    for (int y = 5; y < H - 5; y++)
        for (int x = 3; x < W - 3; x++) lay_set(&l, x, y, FLOOR);
    for (int i = 0; i < 40; i++)
        lay_set(&l, 3 + vf_random2(&r, 47), 5 + vf_random2(&r, H - 10),
                ROCK);
    int yes = 0, no = 0;
    for (int i = 0; i < 20000; i++) {
        int x0 = vf_random2(&r, W + 4) - 2, y0 = vf_random2(&r, H + 4) - 2;
        int x1 = x0 + vf_random2(&r, 12), y1 = y0 + vf_random2(&r, 12);
        int want = all_floor_slowly(&l, x0, y0, x1, y1);
        ck_assert_msg(lay_all_floor(&l, x0, y0, x1, y1) == want,
                      "box (%d,%d)-(%d,%d)", x0, y0, x1, y1);
        yes += want;
        no += !want;
    }
    ck_assert_int_gt(yes, 1000);   /* both answers were asked for */
    ck_assert_int_gt(no, 1000);
    ck_assert(lay_all_floor(&l, 60, 20, 70, 30));  /* across x 64 */
    ck_assert(!lay_all_floor(&l, -1, 20, 5, 25));  /* off the grid */
    vf_sbuf_free(&err);
    vf_grid_free(&g);
}
END_TEST

Suite *vf_test_layout_suite(void)
{
    Suite *s = suite_create("layout");
    TCase *levels = tcase_create("levels");
    tcase_set_timeout(levels, 120);
    tcase_add_test(levels, basic_one_zone);
    tcase_add_test(levels, bigger_room_open_floor);
    tcase_add_test(levels, chaotic_city_one_zone);
    tcase_add_test(levels, swamp_mangroves_and_water);
    tcase_add_test(levels, shoals_islands_in_the_sea);
    tcase_add_test(levels, layouts_are_deterministic);
    tcase_add_test(levels, layout_grid_sizes);
    tcase_add_test(levels, all_floor_matches_cells);
    suite_add_tcase(s, levels);
    TCase *noise = tcase_create("noise");
    tcase_set_timeout(noise, 60);
    tcase_add_test(noise, simplex_range_and_shape);
    tcase_add_test(noise, worley_nearest_points);
    suite_add_tcase(s, noise);
    TCase *lua = tcase_create("lua");
    tcase_add_test(lua, lua_bindings);
    suite_add_tcase(s, lua);
    return s;
}
