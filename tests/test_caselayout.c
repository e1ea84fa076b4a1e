/* The synthetic layout levels of the case modes (vf_case.h): each alone is
 * one walking zone with its stairs, over many seeds; the layout tags. */
#include "tests.h"
#include "vf_case.h"

#include <stdlib.h>
#include <string.h>

/* Seeds per layout kind: 2,000 in make check (about 14 s under the
 * sanitizers); VF_T_LAYOUT_SEEDS=10000 in the environment for the
 * issue's 10,000 (about 70 s). */
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
    ck_assert_msg(!vf_place_parse(place, &p, why, sizeof why), "%s", why);
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_msg(!vf_case_layout_level(l, m, &p, seed, &err), "%s",
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
    ck_assert(!vf_place_parse("D:5", &p, why, sizeof why));
    vf_sbuf err = VF_SBUF_INIT;
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        ck_assert(!vf_case_layout_level(a, layouts[i], &p, 42, &err));
        ck_assert(!vf_case_layout_level(b, layouts[i], &p, 42, &err));
        ck_assert(!memcmp(a->feat, b->feat, sizeof a->feat));
        ck_assert(!vf_case_layout_level(b, layouts[i], &p, 43, &err));
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
    return s;
}
