/* The synthetic layout levels of the case modes (vf_case.h): each alone is
 * one walking zone with its stairs, over many seeds; the layout tags. */
#include "tests.h"
#include "vf_case.h"
#include "vf_fs.h"
#include "vf_layout.h"
#include "case/case_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seeds per layout kind: 2,000 in make check (about 14 s under the
 * sanitizers); VF_T_LAYOUT_SEEDS=10000 in the environment for a
 * thorough 10,000 (about 70 s). */
static uint64_t layout_seeds(void)
{
    const char *s = getenv("VF_T_LAYOUT_SEEDS");
    uint64_t n = s ? strtoull(s, NULL, 10) : 0;
    return n ? n : 2000;
}

static const vf_mode layouts[] = {
    VF_MODE_ROOMS, VF_MODE_CAVES, VF_MODE_CITY, VF_MODE_OPEN, VF_MODE_CROSS,
};

static int count_feat(const vf_level *l, vf_feat f)
{
    int n = 0;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) n += l->feat[y][x] == f;
    return n;
}

static void check_one_zone(vf_level *l, vf_mode m, uint64_t seed)
{
    static const char *const places[] = {"D:2", "D:9", "D:14", "Elf:2",
                                         "Orc:1", "Depths:3"};
    vf_place p;
    char why[128];
    const char *place = places[seed % 6];
    ck_assert_msg(!vf_place_parse(NULL, place, &p, why, sizeof why), "%s", why);
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_msg(!vf_case_layout_level(l, NULL, m, &p, seed, &err), "%s",
                  vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    static const vf_feat stairs[6] = {
        VF_F_STONE_STAIRS_DOWN_I, VF_F_STONE_STAIRS_UP_I,
        VF_F_STONE_STAIRS_DOWN_II, VF_F_STONE_STAIRS_UP_II,
        VF_F_STONE_STAIRS_DOWN_III, VF_F_STONE_STAIRS_UP_III,
    };
    for (int i = 0; i < 6; i++)
        ck_assert_msg(count_feat(l, stairs[i]) == 1,
                      "%s seed %llu at %s: stair %d missing",
                      vf_mode_name(m), (unsigned long long)seed, place, i);
    int zones = vf_conn_count_zones(l, 0);
    ck_assert_msg(zones == 1, "%s seed %llu at %s: %d zones",
                  vf_mode_name(m), (unsigned long long)seed, place, zones);
    ck_assert_int_eq(vf_conn_count_zones(l, 1), 0);
}

START_TEST(layout_alone_is_one_zone_with_stairs)
{
    vf_mode m = layouts[_i];
    vf_level *l = malloc(sizeof *l);
    uint64_t n = layout_seeds();
    for (uint64_t seed = 1; seed <= n; seed++)
        check_one_zone(l, m, seed);
    /* Not all rock, and not all floor either (the kinds differ). */
    int floor = count_feat(l, VF_F_FLOOR);
    ck_assert_int_gt(floor, 200);
    ck_assert_int_lt(floor, VF_GXM * VF_GYM - 4 * (VF_GXM + VF_GYM));
    free(l);
}
END_TEST

START_TEST(layout_is_deterministic)
{
    vf_level *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    vf_place p;
    char why[128];
    ck_assert(!vf_place_parse(NULL, "D:5", &p, why, sizeof why));
    vf_sbuf err = VF_SBUF_INIT;
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        ck_assert(!vf_case_layout_level(a, NULL, layouts[i], &p, 42, &err));
        ck_assert(!vf_case_layout_level(b, NULL, layouts[i], &p, 42, &err));
        ck_assert(!memcmp(a->feat, b->feat, sizeof a->feat));
        ck_assert(!vf_case_layout_level(b, NULL, layouts[i], &p, 43, &err));
        ck_assert(memcmp(a->feat, b->feat, sizeof a->feat));
    }
    vf_sbuf_free(&err);
    free(a);
    free(b);
}
END_TEST

START_TEST(mode_names_round_trip)
{
    for (int i = 0; i < VF_MODE_COUNT; i++) {
        vf_mode m;
        ck_assert_int_eq(vf_mode_parse(vf_mode_name((vf_mode)i), &m), 0);
        ck_assert_int_eq(m, i);
        ck_assert_int_eq(vf_mode_is_layout(m), i >= VF_MODE_ROOMS);
    }
    vf_mode m;
    ck_assert_int_eq(vf_mode_parse("cave", &m), -1);
}
END_TEST

START_TEST(layout_tags_admit_as_the_game)
{
    /* No layout tag: everywhere. */
    ck_assert(vf_mode_admits(VF_MODE_CROSS, " transparent "));
    /* layout_city: only the city. */
    ck_assert(vf_mode_admits(VF_MODE_CITY, " layout_city "));
    ck_assert(!vf_mode_admits(VF_MODE_ROOMS, " layout_city "));
    /* A prefix of a type is not the type. */
    ck_assert(!vf_mode_admits(VF_MODE_CAVES, " layout_open "));
    ck_assert(vf_mode_admits(VF_MODE_CAVES, " layout_open_caves "));
    ck_assert(vf_mode_admits(VF_MODE_OPEN, " layout_open layout_rooms "));
    /* nolayout_: everywhere but there. */
    ck_assert(!vf_mode_admits(VF_MODE_OPEN, "nolayout_open"));
    ck_assert(!vf_mode_admits(VF_MODE_CROSS, "nolayout_open"));
    ck_assert(vf_mode_admits(VF_MODE_ROOMS, "nolayout_open"));
    /* empty and fill are placement.lua's levels: every map. */
    ck_assert(vf_mode_admits(VF_MODE_EMPTY, " layout_city "));
    ck_assert(vf_mode_admits(VF_MODE_FILL, " nolayout_rooms "));
}
END_TEST

/* ---- vaults in layouts --------------------------------------------------- */

/* With a default-depth, as the game needs one to place a map by itself
 * (a map with no DEPTH or PLACE is not tried in a layout). */
static const char des[] =
    "default-depth: D:5\n"
    "NAME: city_only\nORIENT: float\nTAGS: layout_city no_rotate\n"
    "MAP\nccccc\nc...c\nc...@\nccccc\nENDMAP\n"
    "NAME: not_open\nORIENT: float\nTAGS: nolayout_open\n"
    "MAP\nxx@xx\nx...x\nxxxxx\nENDMAP\n"
    "NAME: stone_keep\nORIENT: float\nTAGS: no_rotate no_hmirror "
    "no_vmirror\nMAP\nccc@ccc\nc.....c\nc..l..c\nc.....c\nccc@ccc\n"
    "ENDMAP\n"
    "NAME: mini\nTAGS: no_rotate\nMAP\n...\n.b.\n...\nENDMAP\n"
    /* A ring of stone round 13x13 cells it leaves to the layout: on an
     * open level the layout's floor inside is a zone of its own. */
    "NAME: ring_mini\nTAGS: no_rotate no_hmirror no_vmirror\nMAP\n"
    "ccccccccccccccc\n"
    "c             c\nc             c\nc             c\nc             c\n"
    "c             c\nc             c\nc             c\nc             c\n"
    "c             c\nc             c\nc             c\nc             c\n"
    "c             c\nccccccccccccccc\nENDMAP\n";

/* Case (map, m, iter) in c, its level copied into l. */
static void run_in(vf_t_eng *x, vf_case *c, vf_level *l, const char *map,
                   uint32_t iter, vf_verdict *v)
{
    vf_case_run(c, vf_t_map(&x->l, map), iter, v);
    memcpy(l, c->level, sizeof *l);
}

/* In x->c: every layout built afresh. */
static void run_case(vf_t_eng *x, vf_level *l, const char *map, vf_mode m,
                     uint32_t iter, vf_verdict *v)
{
    x->c.opts.mode = m;
    run_in(x, &x->c, l, map, iter, v);
}

/* A case keeping the layouts it builds, on x's engine. */
static void cached_case(vf_t_eng *x, vf_case *c)
{
    vf_case_opts o = {.seed = 1, .keep_layouts = 1};
    vf_case_init(c, x->e, &o);
}

START_TEST(layout_tags_choose_the_layouts)
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *l = malloc(sizeof *l);
    vf_verdict v;
    run_case(&x, l, "city_only", VF_MODE_ROOMS, 0, &v);
    ck_assert(v.not_tried && !v.kinds && v.placed.vault < 0);
    run_case(&x, l, "city_only", VF_MODE_CITY, 0, &v);
    ck_assert(!v.not_tried && v.placed.vault >= 0);
    run_case(&x, l, "city_only", VF_MODE_EMPTY, 0, &v);
    ck_assert(!v.not_tried && v.placed.vault >= 0);
    run_case(&x, l, "not_open", VF_MODE_CROSS, 0, &v);
    ck_assert(v.not_tried);
    run_case(&x, l, "not_open", VF_MODE_CAVES, 0, &v);
    ck_assert(!v.not_tried && v.placed.vault >= 0);
    free(l);
    vf_t_eng_close(&x);
}
END_TEST

/* Runs map iters times in every layout: each case must be ok, then
 * passes check. */
static void ok_in_layouts(const char *map, uint32_t iters,
                          void (*check)(const vf_level *, const vf_verdict *))
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *l = malloc(sizeof *l);
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
        for (uint32_t it = 0; it < iters; it++) {
            vf_verdict v;
            run_case(&x, l, map, layouts[i], it, &v);
            ck_assert_msg(!v.kinds, "%s %s #%u: %x %s", map,
                          vf_mode_name(layouts[i]), it, v.kinds, v.message);
            check(l, &v);
        }
    free(l);
    vf_t_eng_close(&x);
}

/* The layout goes round a primary vault: every cell of it stays as the
 * vault wrote it, and its exits reach the layout. */
static void keep_is_whole(const vf_level *l, const vf_verdict *v)
{
    ck_assert_int_eq(v->placed.exits, 2);
    ck_assert_int_ge(v->placed.connected, 1);
    int x0 = v->placed.x, y0 = v->placed.y;
    ck_assert_int_eq(l->feat[y0 + 2][x0 + 3], VF_F_LAVA);
    ck_assert_int_eq(l->feat[y0][x0], VF_F_STONE_WALL);
    ck_assert_int_eq(l->feat[y0 + 4][x0 + 6], VF_F_STONE_WALL);
    ck_assert_int_eq(l->feat[y0 + 1][x0 + 1], VF_F_FLOOR);
    /* The layout is round it. */
    ck_assert_int_gt(count_feat(l, VF_F_FLOOR), 100);
}

START_TEST(primary_vault_kept_and_connected)
{
    ok_in_layouts("stone_keep", 30, keep_is_whole);
}
END_TEST

/* A minivault goes on the built layout, which stays one zone. */
static void mini_on_floor(const vf_level *l, const vf_verdict *v)
{
    ck_assert_int_eq(l->feat[v->placed.y + 1][v->placed.x + 1],
                     VF_F_CRYSTAL_WALL);
    ck_assert_int_eq(vf_conn_count_zones(l, 0), 1);
}

START_TEST(minivault_on_the_layout)
{
    ok_in_layouts("mini", 20, mini_on_floor);
}
END_TEST

/* ---- layouts built once, and levels the game would build again -------- */

static void same_level(const vf_level *a, const vf_level *b, const char *what)
{
    ck_assert_msg(!memcmp(a->feat, b->feat, sizeof a->feat), "%s", what);
    ck_assert_msg(!memcmp(a->mask, b->mask, sizeof a->mask), "%s", what);
    ck_assert_msg(!memcmp(a->vault, b->vault, sizeof a->vault), "%s", what);
}

/* A case drawing its layout from a worker's cache builds the level a
 * fresh build gives: the first time (built into the cache) and the second
 * (copied from it), primary vault or minivault. */
START_TEST(cached_layout_is_the_fresh_level)
{
    static const char *const maps[] = {"stone_keep", "mini"};
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *fresh = malloc(sizeof *fresh), *l = malloc(sizeof *l);
    vf_case c;
    cached_case(&x, &c);
    long cases = 0;
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
        for (size_t k = 0; k < 2; k++)
            for (uint32_t it = 0; it < 6; it++) {
                char what[64];
                snprintf(what, sizeof what, "%s %s #%u", maps[k],
                         vf_mode_name(layouts[i]), it);
                vf_verdict a, b;
                run_case(&x, fresh, maps[k], layouts[i], it, &a);
                c.opts.mode = layouts[i];
                for (int again = 0; again < 2; again++) {
                    run_in(&x, &c, l, maps[k], it, &b);
                    same_level(fresh, l, what);
                    ck_assert_msg(a.kinds == b.kinds && a.seed == b.seed &&
                                  a.placed.x == b.placed.x &&
                                  a.placed.y == b.placed.y, "%s", what);
                }
                cases++;
            }
    /* Each case's second run copied every layout it drew. */
    vf_layout_cache_stats st = vf_layout_cache_counts(c.layouts);
    ck_assert_int_ge(st.hits, cases);
    ck_assert_int_ge(st.builds, 1);
    vf_case_release(&c);
    free(fresh);
    free(l);
    vf_t_eng_close(&x);
}
END_TEST

/* A case run in a vf_case that ran others before (its map, level and
 * caches used) comes out as in a new one: the same verdict, level and
 * resolved map. */
START_TEST(a_used_case_is_a_new_one)
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *fresh = malloc(sizeof *fresh), *l = malloc(sizeof *l);
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
        for (uint32_t it = 0; it < 3; it++) {
            char what[64];
            snprintf(what, sizeof what, "%s #%u", vf_mode_name(layouts[i]),
                     it);
            vf_case c;
            cached_case(&x, &c);
            c.opts.mode = layouts[i];
            vf_verdict a, b;
            run_in(&x, &c, fresh, "mini", it, &a);
            run_case(&x, l, "stone_keep", layouts[i], it + 7, &b);
            run_case(&x, l, "mini", layouts[i], it, &b);
            same_level(fresh, l, what);
            ck_assert_msg(a.kinds == b.kinds && a.seed == b.seed &&
                          a.placed.x == b.placed.x &&
                          !strcmp(a.message, b.message), "%s", what);
            ck_assert_msg(c.map.grid.w == x.c.map.grid.w &&
                          c.map.grid.h == x.c.map.grid.h &&
                          !strcmp(vf_sbuf_str(&c.map.tags),
                                  vf_sbuf_str(&x.c.map.tags)), "%s", what);
            vf_case_release(&c);
        }
    free(fresh);
    free(l);
    vf_t_eng_close(&x);
}
END_TEST

/* Layouts whose keys share a slot stay: a cache far from full keeps every
 * layout it built, so drawing them all again builds none (a direct-mapped
 * cache fails this: among a few hundred keys some pairs evict each other). */
START_TEST(cache_keeps_layouts_sharing_a_slot)
{
    enum { N = 400 };
    vf_layout_cache *c = vf_layout_cache_new();
    vf_place p;
    char why[128];
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert(!vf_place_parse(NULL, "D:8", &p, why, sizeof why));
    for (int pass = 0; pass < 2; pass++)
        for (uint64_t seed = 1; seed <= N; seed++) {
            case_layout_key k = {.mode = VF_MODE_CROSS, .place = &p,
                                 .seed = seed};
            ck_assert_ptr_nonnull(case_layout_cached(c, NULL, &k, &err));
        }
    vf_layout_cache_stats st = vf_layout_cache_counts(c);
    ck_assert_int_eq(st.builds, N);
    ck_assert_int_eq(st.hits, N);
    vf_sbuf_free(&err);
    vf_layout_cache_free(c);
}
END_TEST

/* The place is part of a cached layout's key: one cache serving cases at
 * D:14 and in the Crypt (no liquids there) gives each the level a fresh
 * build at its own place gives, and the two places' levels differ. */
START_TEST(cached_layout_keeps_its_place)
{
    static const char *const places[2] = {"D:14", "Crypt:2"};
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *fresh = malloc(sizeof *fresh), *l = malloc(sizeof *l);
    vf_level *other = malloc(sizeof *other);
    vf_case c;
    cached_case(&x, &c);
    c.opts.mode = VF_MODE_ROOMS;
    int differ = 0;
    for (uint32_t it = 0; it < 8; it++)
        for (int i = 0; i < 2; i++) {
            vf_place p;
            char why[128];
            ck_assert(!vf_place_parse(NULL, places[i], &p, why, sizeof why));
            vf_engine_set_place(x.e, &p);
            vf_verdict v;
            run_case(&x, fresh, "mini", VF_MODE_ROOMS, it, &v);
            run_in(&x, &c, l, "mini", it, &v);
            same_level(fresh, l, places[i]);
            if (!i) memcpy(other, l, sizeof *l);
            else differ += memcmp(other->feat, l->feat, sizeof l->feat) != 0;
        }
    ck_assert_int_gt(differ, 0);
    vf_case_release(&c);
    free(fresh);
    free(l);
    free(other);
    vf_t_eng_close(&x);
}
END_TEST

/* Places with the same vf_layout_place_key give the same layouts (that
 * is what lets the cache share them), and some do share one. */
START_TEST(places_sharing_a_key_share_layouts)
{
    static const char *const places[] = {
        "D:3", "D:6", "D:9", "D:12", "Lair:1", "Lair:3", "Lair:5", "Orc:1",
        "Orc:2", "Elf:1", "Elf:2", "Snake:2", "Vaults:1", "Vaults:3",
        "Crypt:1", "Crypt:3", "Depths:1", "Depths:3", "Slime:2", "Geh:1",
        "Coc:1", "Dis:1", "Tar:1",
    };
    const int n = (int)(sizeof places / sizeof *places);
    vf_level *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    vf_sbuf err = VF_SBUF_INIT;
    int pairs = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            vf_place pi, pj;
            char why[128];
            ck_assert(!vf_place_parse(NULL, places[i], &pi, why, sizeof why));
            ck_assert(!vf_place_parse(NULL, places[j], &pj, why, sizeof why));
            if (vf_layout_place_key(NULL, &pi) !=
                vf_layout_place_key(NULL, &pj))
                continue;
            pairs++;
            for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++)
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    ck_assert(!vf_case_layout_level(a, NULL, layouts[k], &pi,
                                                    seed, &err));
                    ck_assert(!vf_case_layout_level(b, NULL, layouts[k], &pj,
                                                    seed, &err));
                    ck_assert_msg(!memcmp(a->feat, b->feat, sizeof a->feat),
                                  "%s and %s", places[i], places[j]);
                }
        }
    ck_assert_int_gt(pairs, 0);
    vf_sbuf_free(&err);
    free(a);
    free(b);
}
END_TEST

/* A minivault that parts every open level it goes on: the game vetoes
 * each level and builds another; after the bound the case is
 * place_failed, saying why. Where the layout lets it be (rooms: rock in
 * the ring), it is placed. */
START_TEST(vault_that_never_fits_is_place_failed)
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *l = malloc(sizeof *l);
    for (uint32_t it = 0; it < 3; it++) {
        vf_verdict v;
        run_case(&x, l, "ring_mini", VF_MODE_OPEN, it, &v);
        vf_t_vetoed_every_build(&v, "the minivault parts the layout into "
                                    "2 zones");
        vf_t_vetoed_every_build(&v, "in 25 of 25 builds");
        ck_assert_uint_eq(v.error, VF_V_LEVEL_VETOED);
        ck_assert_int_ge(v.attempts, VF_RESOLVE_ATTEMPTS);
    }
    vf_verdict v;
    run_case(&x, l, "ring_mini", VF_MODE_ROOMS, 0, &v);
    ck_assert_msg(!v.kinds && v.placed.vault >= 0, "%x %s", v.kinds,
                  v.message);
    free(l);
    vf_t_eng_close(&x);
}
END_TEST

/* ---- what the game never does, and what it vetoes ---------------------- */

#define RULES VF_SOURCE_DIR "/corpus/verdicts/layout_rules.des"
#define KNOWN_BAD VF_SOURCE_DIR "/corpus/verdicts/known_bad.des"

/* Runs map at the level its PLACE or DEPTH gives (D:8 when it has
 * neither), in mode m. */
static void run_at_home(vf_t_eng *x, vf_level *l, const char *map, vf_mode m,
                        uint32_t iter, vf_verdict *v)
{
    vf_place p;
    char why[128];
    ck_assert(!vf_place_parse(NULL, VF_PLACE_DEFAULT, &p, why, sizeof why));
    vf_engine_set_place(x->e, &p);
    vf_engine_map_place(x->e, vf_t_map(&x->l, map), &p);
    vf_engine_set_place(x->e, &p);
    run_case(x, l, map, m, iter, v);
}

/* corpus/verdicts/layout_rules.des: a Vaults room with no DEPTH or PLACE
 * and a map of a level built from an encompass map are never put on a
 * layout by the game: not tried there, saying why, and still judged on
 * the empty level (the room tagged passable, as the Vaults layouts place
 * it, so the floor it rings is no zone apart: at most a note, the closet
 * of the test level's floor); nor is a map of weight 0
 * there. A map with no DEPTH
 * that the builder draws by its tag (arrival) is tried, and so is a map
 * of a level whose encompass map is a tutorial's. */
START_TEST(the_game_never_places_them_so)
{
    char *text = vf_t_read(RULES);
    vf_t_eng x;
    vf_t_eng_open(&x, text, 0);
    vf_level *l = malloc(sizeof *l);
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
        for (uint32_t it = 0; it < 3; it++) {
            vf_verdict v;
            run_at_home(&x, l, "vf_rule_room_by_tag", layouts[i], it, &v);
            ck_assert(v.not_tried && !v.kinds && v.placed.vault < 0);
            ck_assert_msg(strstr(v.message, "not tried: the game places it "
                                 "only as a room of the Vaults layouts"),
                          "%s", v.message);
            run_at_home(&x, l, "vf_rule_gulch_entry", layouts[i], it, &v);
            ck_assert_msg(v.not_tried && strstr(v.message, "only as a room "
                                                "of the Vaults layouts"),
                          "%s", v.message);
            run_at_home(&x, l, "vf_rule_sewer_room", layouts[i], it, &v);
            ck_assert(v.not_tried && !v.kinds && v.placed.vault < 0);
            ck_assert_msg(strstr(v.message, "builds Sewer from an encompass "
                                 "map (vf_rule_whole_sewer"), "%s",
                          v.message);
            run_at_home(&x, l, "vf_rule_weightless", layouts[i], it, &v);
            ck_assert(v.not_tried && !v.kinds && v.placed.vault < 0);
            ck_assert_msg(strstr(v.message, "not tried: its WEIGHT here is "
                                 "0"), "%s", v.message);
            run_at_home(&x, l, "vf_rule_d4_room", layouts[i], it, &v);
            ck_assert_msg(!v.not_tried && !v.kinds && v.placed.vault >= 0,
                          "%x %s", v.kinds, v.message);
            run_at_home(&x, l, "vf_rule_arrival", layouts[i], it, &v);
            ck_assert_msg(!v.not_tried && !v.kinds && v.placed.vault >= 0,
                          "%x %s", v.kinds, v.message);
        }
    vf_verdict v;
    run_at_home(&x, l, "vf_rule_room_by_tag", VF_MODE_EMPTY, 0, &v);
    ck_assert_msg(!v.not_tried && v.placed.vault >= 0 && !v.error &&
                  !v.warning && !(v.kinds & VF_V_ISOLATED_ZONES) &&
                  vf_rmap_has_tag(&x.c.map, "passable"), "%x %x %s", v.kinds,
                  v.error, v.message);
    run_at_home(&x, l, "vf_rule_weightless", VF_MODE_EMPTY, 0, &v);
    ck_assert(!v.not_tried && v.placed.vault >= 0);
    run_at_home(&x, l, "vf_rule_sewer_room", VF_MODE_EMPTY, 0, &v);
    ck_assert_msg(!v.not_tried && !v.kinds && v.placed.vault >= 0, "%x %s",
                  v.kinds, v.message);
    free(l);
    vf_t_eng_close(&x);
    free(text);
}
END_TEST

/* A vault none of whose exits can connect (its only exit on the level's
 * edge): the game vetoes every level it is on and builds another
 * (dungeon.cc _build_vault_impl, "Failed to connect exits"), so after the
 * bound the case is place_failed, saying why; exit_unconnected is the
 * empty level's finding only. */
START_TEST(unconnected_exits_veto_the_level)
{
    char *text = vf_t_read(KNOWN_BAD);
    vf_t_eng x;
    vf_t_eng_open(&x, text, 0);
    vf_level *l = malloc(sizeof *l);
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        vf_verdict v;
        run_at_home(&x, l, "vf_bad_exit_to_border", layouts[i], 0, &v);
        vf_t_vetoed_every_build(&v, "none of the vault's 1 exits connects "
                                    "to the layout");
        vf_t_vetoed_every_build(&v, "in 25 of 25 builds");
        ck_assert_uint_eq(v.error, VF_V_LEVEL_VETOED);
    }
    vf_verdict v;
    run_at_home(&x, l, "vf_bad_exit_to_border", VF_MODE_EMPTY, 0, &v);
    ck_assert(v.error & VF_V_EXIT_UNCONNECTED);
    free(l);
    vf_t_eng_close(&x);
    free(text);
}
END_TEST

/* A grate that the map's Lua raises when a monster dies (a MonPropsMarker
 * with monster_dies_lua_key, the gate a props marker): a way through, as
 * pan_captured_pigsty's pigsty is; the same grate with no such death is
 * a closet. The death's marker names a global (tostring): under Lua 5.4
 * one naming none has no _ENV, which the game's crawl.setfenv refuses. */
static const char gate_des[] =
    "default-depth: D:5\n"
    "NAME: t_gate_opened\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "MONS: goblin\nKFEAT: o = iron_grate\n"
    "MARKER: 1 = lua:{ props = { monster_dies_lua_key = tostring } }\n"
    "MARKER: o = lua:props_marker { gate = 1 }\n"
    "MAP\nxxxxx\nx...x\nx.*.x\nxxoxx\n@..1@\nENDMAP\n"
    "NAME: t_gate_shut\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "MONS: goblin\nKFEAT: o = iron_grate\n"
    "MARKER: o = lua:props_marker { gate = 1 }\n"
    "MAP\nxxxxx\nx...x\nx.*.x\nxxoxx\n@..1@\nENDMAP\n";

START_TEST(a_death_opens_its_gate)
{
    static const char *const maps[2] = {"t_gate_opened", "t_gate_shut"};
    vf_t_eng x;
    vf_level *l = malloc(sizeof *l);
    vf_t_eng_open(&x, gate_des, 0);
    for (int shut = 0; shut < 2; shut++) {
        vf_verdict v;
        run_case(&x, l, maps[shut], VF_MODE_EMPTY, 0, &v);
        ck_assert_msg(shut ? (v.kinds & VF_V_TELE_CLOSET_WALK) != 0
                           : v.kinds == 0, "%s: %x", maps[shut], v.kinds);
    }
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

/* An encompass map is the level: rock round it, its own stairs, no
 * exits joined; its sealed room is its own. In a layout mode it is not
 * tried (no layout goes under it). */
static const char encompass_des[] =
    "default-depth: D:5\n"
    "NAME: t_enc_level\nORIENT: encompass\n"
    "MAP\nxxxxxxx\nx{...}x\nxx.@.xx\nxxxxxxx\nENDMAP\n"
    "NAME: t_enc_sealed\nORIENT: encompass\n"
    "MAP\nxxxxxxxxx\nx{...}x*x\nxxxxxxxxx\nENDMAP\n";

START_TEST(an_encompass_map_is_the_level)
{
    vf_t_eng x;
    vf_level *l = malloc(sizeof *l);
    vf_t_eng_open(&x, encompass_des, 0);
    vf_verdict v;
    run_case(&x, l, "t_enc_level", VF_MODE_EMPTY, 0, &v);
    ck_assert_msg(!v.kinds && !v.not_tried, "%x %s", v.kinds, v.message);
    ck_assert_int_eq(l->feat[0][0], VF_F_ROCK_WALL);
    run_case(&x, l, "t_enc_sealed", VF_MODE_EMPTY, 0, &v);
    ck_assert_msg(v.kinds, "%s", v.message);
    run_case(&x, l, "t_enc_level", VF_MODE_ROOMS, 0, &v);
    ck_assert(v.not_tried && strstr(v.message, "a level of its own"));
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

/* At a branch's bottom only up stairs count and the game keeps no down
 * stair; a vault that brings all three up stairs behind its mask leaves
 * the layout none (the game adds a stair only when no vault brought it):
 * every level is vetoed ("Isolated areas with no stairs"), as snake_hunt's
 * at Snake:$. A level above the bottom keeps its down stairs: placed. */
START_TEST(stairs_only_in_the_vault_at_the_bottom)
{
    vf_t_eng x;
    vf_t_eng_open(&x, "NAME: stairs_inside\nDEPTH: Orc\nORIENT: float\n"
                      "TAGS: no_rotate no_hmirror no_vmirror\nMAP\n"
                      "xxxxxxx\nx{.(.[x\nx.....@\nxxxxxxx\nENDMAP\n", 0);
    vf_level *l = malloc(sizeof *l);
    vf_place p;
    char why[128];
    vf_verdict v;
    ck_assert(!vf_place_parse(NULL, "Orc:2", &p, why, sizeof why));
    vf_engine_set_place(x.e, &p);
    run_case(&x, l, "stairs_inside", VF_MODE_ROOMS, 0, &v);
    vf_t_vetoed_every_build(&v, "the layout has no stairs: every stair "
                                "that counts here is inside the vault");
    ck_assert(!vf_place_parse(NULL, "Orc:1", &p, why, sizeof why));
    vf_engine_set_place(x.e, &p);
    run_case(&x, l, "stairs_inside", VF_MODE_ROOMS, 0, &v);
    ck_assert_msg(!v.kinds && v.placed.vault >= 0, "%x %s", v.kinds,
                  v.message);
    free(l);
    vf_t_eng_close(&x);
}
END_TEST

Suite *vf_test_caselayout_suite(void)
{
    Suite *s = suite_create("caselayout");
    TCase *t = tcase_create("layouts");
    tcase_set_timeout(t, 600);
    tcase_add_loop_test(t, layout_alone_is_one_zone_with_stairs, 0,
                        (int)(sizeof layouts / sizeof *layouts));
    tcase_add_test(t, layout_is_deterministic);
    tcase_add_test(t, mode_names_round_trip);
    tcase_add_test(t, layout_tags_admit_as_the_game);
    suite_add_tcase(s, t);
    TCase *v = tcase_create("vaults");
    tcase_set_timeout(v, 120);
    tcase_add_test(v, layout_tags_choose_the_layouts);
    tcase_add_test(v, primary_vault_kept_and_connected);
    tcase_add_test(v, minivault_on_the_layout);
    tcase_add_test(v, cached_layout_is_the_fresh_level);
    tcase_add_test(v, a_used_case_is_a_new_one);
    tcase_add_test(v, cached_layout_keeps_its_place);
    tcase_add_test(v, cache_keeps_layouts_sharing_a_slot);
    tcase_add_test(v, places_sharing_a_key_share_layouts);
    tcase_add_test(v, vault_that_never_fits_is_place_failed);
    tcase_add_test(v, the_game_never_places_them_so);
    tcase_add_test(v, unconnected_exits_veto_the_level);
    tcase_add_test(v, stairs_only_in_the_vault_at_the_bottom);
    tcase_add_test(v, a_death_opens_its_gate);
    tcase_add_test(v, an_encompass_map_is_the_level);
    suite_add_tcase(s, v);
    return s;
}
