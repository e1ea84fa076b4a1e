/* Connectivity on a map's own grid: the flood (vf_mapconn) on hand-made
 * grids, then the Lua helpers vault validate chunks call (points_connected,
 * has_exit_from_glyph ...) with their argument checks and messages. */
#include "tests.h"
#include "vf_mapconn.h"

#include <string.h>

/* ---- helpers ------------------------------------------------------------ */

/* A map without Lua from rows of glyphs. */
static void grid_map(vf_rmap *m, vf_rng *r, const char *rows)
{
    vf_rng_seed(r, 1);
    vf_rmap_init(m, NULL, r);
    for (const char *s = rows; *s;) {
        size_t n = strcspn(s, "\n");
        vf_grid_add_line(&m->grid, s, n);
        s += n + (s[n] == '\n');
    }
    vf_grid_normalise(&m->grid, ' ');
}

static int connected(vf_rmap *m, int sx, int sy, int px, int py)
{
    int p[2] = {px, py};
    return vf_mapconn_flood(m, sx, sy, p, 1, VF_CONN_ALL);
}

static int has_exit(vf_rmap *m, int sx, int sy)
{
    return vf_mapconn_flood(m, sx, sy, NULL, 0, VF_CONN_EXIT);
}

static void kfeat(vf_rmap *m, const char *spec)
{
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_msg(vf_rmap_kfeat(m, spec, strlen(spec), &err) == 0, "%s",
                  vf_sbuf_str(&err));
    vf_sbuf_free(&err);
}

/* ---- the flood ----------------------------------------------------------- */

START_TEST(flood_walks_eight_ways)
{
    vf_rng r;
    vf_rmap m;
    grid_map(&m, &r,
             "xxxxxx\n"
             "x.xx.x\n"
             "xx.xxx\n"
             "xxxx.x\n"
             "xxxxxx");
    ck_assert(connected(&m, 1, 1, 2, 2));     /* a diagonal step */
    ck_assert(!connected(&m, 1, 1, 4, 1));    /* walls between */
    ck_assert(!connected(&m, 1, 1, 4, 3));
    int both[4] = {2, 2, 4, 3};
    ck_assert(!vf_mapconn_flood(&m, 1, 1, both, 2, VF_CONN_ALL));
    ck_assert(vf_mapconn_flood(&m, 1, 1, both, 2, VF_CONN_ANY));
    /* No points: true without looking. */
    ck_assert(vf_mapconn_flood(&m, 1, 1, NULL, 0, VF_CONN_ALL));
    vf_rmap_free(&m);
}
END_TEST

START_TEST(flood_ticks_wanted_walls_and_starts_anywhere)
{
    vf_rng r;
    vf_rmap m;
    grid_map(&m, &r,
             "xxxxxx\n"
             "x.xx.x\n"
             "xxxxxx");
    /* A wanted point is reached by looking at it, whatever it holds. */
    ck_assert(connected(&m, 1, 1, 2, 1));
    ck_assert(!connected(&m, 1, 1, 3, 1));
    /* The start is expanded even when it is a wall. */
    ck_assert(connected(&m, 2, 1, 1, 1));
    ck_assert(connected(&m, 3, 1, 4, 1));
    vf_rmap_free(&m);
}
END_TEST

START_TEST(flood_never_spreads_from_row_or_column_zero)
{
    vf_rng r;
    vf_rmap m;
    /* Open to the top edge through (1, 0) and to the left through (0, 2):
     * the game floods in level coordinates, where row and column 0 are
     * out of bounds, so neither is an exit. */
    grid_map(&m, &r,
             "x.xxx\n"
             "x.x.x\n"
             "....x\n"
             "xxxxx");
    ck_assert(!has_exit(&m, 3, 1));
    ck_assert(connected(&m, 3, 1, 1, 0));     /* reached, just not spread */
    ck_assert(!has_exit(&m, 1, 0));           /* a start there is nothing */
    ck_assert(!connected(&m, 0, 2, 1, 2));
    vf_rmap_free(&m);
    /* The right and bottom edges are ordinary. */
    grid_map(&m, &r,
             "xxxxx\n"
             "x...x\n"
             "x....\n"
             "xxxxx");
    ck_assert(has_exit(&m, 1, 1));
    vf_rmap_free(&m);
    grid_map(&m, &r,
             "xxxxx\n"
             "x...x\n"
             "xx.xx");
    ck_assert(has_exit(&m, 1, 1));
    vf_rmap_free(&m);
}
END_TEST

START_TEST(flood_exits_through_spaces)
{
    vf_rng r;
    vf_rmap m;
    grid_map(&m, &r,
             "xxxxx\n"
             "x..xx\n"
             "x.x x\n"
             "xxxxx");
    ck_assert(has_exit(&m, 1, 1));    /* (2, 1) sees the space diagonally */
    ck_assert(!connected(&m, 1, 1, 4, 2));   /* spaces are not entered */
    vf_rmap_free(&m);
    grid_map(&m, &r,
             "xxxxx\n"
             "x.xxx\n"
             "xxx x\n"
             "xxxxx");
    ck_assert(!has_exit(&m, 1, 1));
    vf_rmap_free(&m);
}
END_TEST

START_TEST(flood_exit_with_points_stops_at_the_last_point)
{
    vf_rng r;
    vf_rmap m;
    grid_map(&m, &r,
             "xxxxxx\n"
             "x.x...\n"
             "xxxxxx");
    ck_assert(has_exit(&m, 3, 1));
    /* Looking west at (2, 1) finishes the points before the flood gets
     * east to the edge: the game answers no. */
    int p[2] = {2, 1};
    ck_assert(!vf_mapconn_flood(&m, 3, 1, p, 1, VF_CONN_EXIT));
    vf_rmap_free(&m);
}
END_TEST

START_TEST(flood_passes_by_feature)
{
    static const struct { char g; int passes; } cases[] = {
        {'.', 1}, {'W', 1}, {'+', 1}, {'=', 1}, {'^', 1}, {'T', 1},
        {'A', 1}, {'B', 1}, {'C', 1}, {'{', 1}, {'>', 1}, {'@', 1},
        {'1', 1}, {'$', 1}, {'w', 0}, {'l', 0}, {'G', 0}, {'I', 0},
        {'m', 0}, {'t', 0}, {'b', 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char rows[64];
        snprintf(rows, sizeof rows, "xxxxx\nx.%c.x\nxxxxx", cases[i].g);
        vf_rng r;
        vf_rmap m;
        grid_map(&m, &r, rows);
        ck_assert_msg(connected(&m, 1, 1, 3, 1) == cases[i].passes,
                      "glyph %c", cases[i].g);
        vf_rmap_free(&m);
    }
}
END_TEST

START_TEST(flood_reads_keyed_specs)
{
    static const struct { const char *spec; int passes; } cases[] = {
        {"a = floor", 1}, {"a = rock_wall", 0}, {"a = w", 0},
        {"a = W", 1}, {"a = any trap", 1}, {"a = any shop", 1},
        {"a = deep_water", 0}, {"a = closed_door", 1},
        {"a = sealed_door", 0}, {"a = teleporter", 0},
        {"a = trap_teleport_permanent", 1}, {"a = x / .", -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        vf_rng r;
        vf_rmap m;
        grid_map(&m, &r, "xxxxx\nx.a.x\nxxxxx");
        kfeat(&m, cases[i].spec);
        if (cases[i].passes >= 0) {
            ck_assert_msg(connected(&m, 1, 1, 3, 1) == cases[i].passes,
                          "%s", cases[i].spec);
        } else {
            /* '=': every look draws again, so both answers come. */
            int yes = 0;
            for (int k = 0; k < 200; k++) yes += connected(&m, 1, 1, 3, 1);
            ck_assert_msg(yes > 50 && yes < 150, "%d of 200", yes);
        }
        vf_rmap_free(&m);
    }
}
END_TEST

START_TEST(feature_of_keyed_glyphs)
{
    vf_rng r;
    vf_rmap m;
    grid_map(&m, &r, "xAyBz");
    vf_sbuf err = VF_SBUF_INIT;
    /* A mask alone still makes the glyph keyed: the game's look-up then
     * finds no KFEAT and answers floor. KMONS alone: floor too. */
    ck_assert_int_eq(vf_rmap_kmask(&m, "x = vault", 9, &err), 0);
    ck_assert_int_eq(vf_rmap_kmons(&m, "A = rat", 7, &err), 0);
    kfeat(&m, "z = x");
    vf_sbuf_free(&err);
    ck_assert_int_eq(vf_mapconn_feature(&m, 0, 0), VF_F_FLOOR);
    ck_assert_int_eq(vf_mapconn_feature(&m, 1, 0), VF_F_FLOOR);
    ck_assert_int_eq(vf_mapconn_feature(&m, 2, 0), VF_F_FLOOR);
    ck_assert_int_eq(vf_mapconn_feature(&m, 3, 0), VF_F_FLOOR);  /* 'B' */
    ck_assert_int_eq(vf_mapconn_feature(&m, 4, 0), VF_F_ROCK_WALL);
    ck_assert_int_eq(vf_mapconn_feature(&m, 9, 0), VF_F_NONE);
    vf_rmap_free(&m);
}
END_TEST

/* ---- the Lua helpers ----------------------------------------------------- */

typedef vf_t_eng eng;

static vf_resolve_status resolve(eng *x, const char *map, int validating)
{
    vf_sbuf_reset(&x->err);
    vf_resolve_req rq = {.def = vf_t_map(&x->l, map),
                         .seed = vf_seed_case(3, map, 0),
                         .validating = validating};
    return vf_engine_resolve(x->e, &rq, &x->m, &x->err);
}

#define ROOMS \
    "MAP\n" \
    "xxxxxxxx\n" \
    "xa.xabcx\n" \
    "xxxxxxxx\n" \
    "ENDMAP\n"

static const char lua_des[] =
    "NAME: any_first_is_bottom_right\n"
    "validate {{ return any_glyph_connected('a', 'b') }}\n" ROOMS
    "NAME: glyphs_first_is_top_left\n"
    "validate {{ return not glyphs_connected('a', 'b') }}\n" ROOMS
    "NAME: glyphs_chain\n"
    "validate {{ return glyphs_connected('b', 'c') }}\n" ROOMS
    "NAME: exit_from_glyph\n"
    "validate {{ return not has_exit_from_glyph('a') }}\n" ROOMS
    "NAME: points_bare\n"
    "validate {{ return points_connected(5, 1, 6, 1, 4, 1) }}\n" ROOMS
    "NAME: missing_glyph\n"
    "validate {{ return has_exit_from_glyph('Z') }}\n" ROOMS
    "NAME: too_few_points\n"
    ": points_connected(1, 1, 2)\n" ROOMS
    "NAME: too_few_for_exit\n"
    ": has_exit_from(1)\n" ROOMS
    "NAME: original\n"
    ": orig_glyphs_connected('a', 'b')\n" ROOMS
    "NAME: gly_points_order\n"
    ": local p = { gly_points('a') }\n"
    ": if table.concat(p, ',') ~= '3,2,1,2,3,1,1,1' then\n"
    ":   error(table.concat(p, ','))\n"
    ": end\n"
    "MAP\nxxxxx\nxa.ax\nxa.ax\nxxxxx\nENDMAP\n";

START_TEST(lua_helpers_answer_as_the_game)
{
    eng x;
    vf_t_eng_open(&x, lua_des, 5000000UL);
    static const char *const pass[] = {
        "any_first_is_bottom_right", "glyphs_first_is_top_left",
        "glyphs_chain", "exit_from_glyph", "points_bare",
        "gly_points_order"};
    for (size_t i = 0; i < sizeof pass / sizeof *pass; i++)
        ck_assert_msg(resolve(&x, pass[i], 0) == VF_RESOLVED, "%s: %s",
                      pass[i], vf_sbuf_str(&x.err));
    /* A validate that errors fails all 25 attempts: not a Lua error. */
    ck_assert_int_eq(resolve(&x, "missing_glyph", 0), VF_VALIDATE_FAILED);
    ck_assert_int_eq(x.m.attempts, 25);
    vf_t_eng_close(&x);
}
END_TEST

START_TEST(lua_helpers_messages)
{
    static const struct { const char *map; int load; const char *msg; }
    cases[] = {
        {"missing_glyph", 1, "Can't find coords for 'Z'"},
        {"too_few_points", 1,
         "Not enough points to test connectedness (need at least 2)"},
        {"too_few_for_exit", 1,
         "Not enough points to test connectedness (need at least 1)"},
        /* Nothing is original at load time; at placement the original
         * has no grid (the game strips it between uses). */
        {"original", 1, "Can't find original map for map 'original'"},
        {"original", 0, "Can't find coords for 'a'"},
    };
    eng x;
    vf_t_eng_open(&x, lua_des, 5000000UL);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ck_assert_int_eq(resolve(&x, cases[i].map, cases[i].load),
                         VF_LUA_ERROR);
        ck_assert_msg(strstr(vf_sbuf_str(&x.err), cases[i].msg), "%s: %s",
                      cases[i].map, vf_sbuf_str(&x.err));
    }
    vf_t_eng_close(&x);
}
END_TEST

Suite *vf_test_mapconn_suite(void)
{
    Suite *s = suite_create("mapconn");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, flood_walks_eight_ways);
    tcase_add_test(tc, flood_ticks_wanted_walls_and_starts_anywhere);
    tcase_add_test(tc, flood_never_spreads_from_row_or_column_zero);
    tcase_add_test(tc, flood_exits_through_spaces);
    tcase_add_test(tc, flood_exit_with_points_stops_at_the_last_point);
    tcase_add_test(tc, flood_passes_by_feature);
    tcase_add_test(tc, flood_reads_keyed_specs);
    tcase_add_test(tc, feature_of_keyed_glyphs);
    tcase_add_test(tc, lua_helpers_answer_as_the_game);
    tcase_add_test(tc, lua_helpers_messages);
    suite_add_tcase(s, tc);
    return s;
}
