/* The known-bad vaults of corpus/verdicts/: each must fail the way its
 * "# expect:" lines say, at the rate they give, and never the ways its
 * "# never:" lines name, in mode empty or the mode a line ends with. */
#include "tests.h"
#include "vf_case.h"
#include "vf_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KNOWN_BAD "corpus/verdicts/known_bad.des"

typedef struct expectation {
    char map[64], kind[32], mode[16];
    double rate;     /* -1: never; -2: a severity line (kind holds it) */
} expectation;

static unsigned kind_bit(const char *name)
{
    for (int i = 0; i < VF_V_COUNT_KINDS; i++)
        if (!strcmp(vf_verdict_kind_name(1u << i), name)) return 1u << i;
    ck_abort_msg("unknown verdict kind '%s'", name);
    return 0;
}

static size_t read_expectations(const char *text, expectation *e, size_t max)
{
    size_t n = 0;
    for (const char *p = text; p && *p;
         p = strchr(p, '\n'), p = p ? p + 1 : p) {
        expectation x = {.rate = -1, .mode = "empty"};
        char line[160] = "";
        sscanf(p, "%159[^\n]", line);
        if (sscanf(line, "# expect: %63s %31s %lf %15s", x.map, x.kind,
                   &x.rate, x.mode) >= 3 ||
            sscanf(line, "# never: %63s %31s %15s", x.map, x.kind,
                   x.mode) >= 2 ||
            (sscanf(line, "# severity: %63s %31s %15s", x.map, x.kind,
                    x.mode) >= 2 && (x.rate = -2))) {
            ck_assert_uint_lt(n, max);
            e[n++] = x;
        }
    }
    return n;
}

/* The share of cases (no rotation forced) failing in kind, each map at
 * a level its PLACE or DEPTH admits; *sev: the map's severity, the run's
 * rule (vf_tally_judge): the worst case, a veto in every case an error. */
static double measured_rate(vf_t_eng *x, const char *map, const char *mode,
                            unsigned bit, int cases, vf_sev *sev)
{
    vf_mode m = VF_MODE_EMPTY;
    ck_assert_msg(!vf_mode_parse(mode, &m), "unknown mode %s", mode);
    x->c.opts.mode = m;
    x->c.opts.no_rotate = 0;
    vf_verdict v;
    const vf_mapdef *def = vf_t_map(&x->l, map);
    vf_place p;
    vf_engine_map_place(x->e, def, &p);
    vf_engine_set_place(x->e, &p);
    int hits = 0, vetoed = 0;
    unsigned long count[VF_V_COUNT_KINDS] = {0};
    vf_sev worst[VF_V_COUNT_KINDS] = {0};
    vf_veto_count builds = {{0}, {0}};
    vf_veto_source src = m == VF_MODE_EMPTY ? VF_VETO_EMPTY
                         : m == VF_MODE_GAME ? VF_VETO_GAME : VF_VETO_STRESS;
    *sev = VF_SEV_OK;
    for (int i = 0; i < cases; i++) {
        vf_case_run(&x->c, def, (uint32_t)i, &v);
        hits += (v.kinds & bit) != 0;
        vetoed += (v.kinds & VF_V_VETOED) != 0;
        builds.built[src] += (unsigned long)v.builds;
        builds.vetoed[src] += (unsigned long)v.vetoed_builds;
        for (int k = 0; k < VF_V_COUNT_KINDS; k++) {
            vf_sev s = vf_sev_kind(1u << k, v.kinds, v.warning, v.error);
            count[k] += (v.kinds >> k & 1);
            if (s > worst[k]) worst[k] = s;
        }
    }
    /* The map's grade, as the report's: a level veto by the share of
     * builds vetoed, a design's closet or pocket a note. */
    unsigned design = vf_grade_design(count, VF_V_COUNT_KINDS,
                                      (unsigned long)cases);
    unsigned rare = vf_grade_rare(count, VF_V_COUNT_KINDS,
                                  (unsigned long)cases, NULL);
    for (int k = 0; k < VF_V_COUNT_KINDS; k++) {
        vf_sev s = worst[k];
        if (1u << k == VF_V_LEVEL_VETOED) s = vf_grade_veto(&builds, NULL);
        if ((rare >> k & 1) && s == VF_SEV_ERROR) s = VF_SEV_WARNING;
        if ((design >> k & 1) && s == VF_SEV_WARNING) s = VF_SEV_NOTE;
        if (s > *sev) *sev = s;
    }
    if (vetoed == cases) *sev = VF_SEV_ERROR;
    return (double)hits / cases;
}

START_TEST(known_bad_vaults_fail_as_expected)
{
    char *text;
    size_t len;
    char why[256];
    ck_assert_int_eq(vf_fs_read(VF_SOURCE_DIR "/" KNOWN_BAD, 1 << 20, &text,
                                &len, why, sizeof why), 0);
    expectation e[64];
    size_t n = read_expectations(text, e, 64);
    ck_assert_uint_ge(n, 10);
    vf_t_eng x;
    vf_t_eng_open(&x, text, 0);
    for (size_t i = 0; i < n; i++) {
        int partial = e[i].rate > 0 && e[i].rate < 1;
        int cases = partial ? 3000 : 40;
        vf_sev sev, want_sev;
        if (e[i].rate == -2) {
            ck_assert_msg(!vf_sev_parse(e[i].kind, &want_sev),
                          "unknown severity %s", e[i].kind);
            measured_rate(&x, e[i].map, e[i].mode, 0, 200, &sev);
            ck_assert_msg(sev == want_sev, "%s in %s: severity %s, want %s",
                          e[i].map, e[i].mode, vf_sev_name(sev), e[i].kind);
            continue;
        }
        double got = measured_rate(&x, e[i].map, e[i].mode,
                                   kind_bit(e[i].kind), cases, &sev);
        double want = e[i].rate < 0 ? 0 : e[i].rate;
        /* Four standard deviations of a binomial share. */
        double tol = partial ? 4 * sqrt(want * (1 - want) / cases) : 0;
        ck_assert_msg(fabs(got - want) <= tol,
                      "%s %s in %s: rate %.3f, want %.3f", e[i].map,
                      e[i].kind, e[i].mode, got, want);
    }
    vf_t_eng_close(&x);
    free(text);
}
END_TEST

/* One case of a map given as text, in mode m, unrotated; its level in
 * x->c.level. */
static vf_verdict one_case(vf_t_eng *x, const char *map, vf_mode m,
                           uint32_t iter)
{
    vf_verdict v;
    x->c.opts.mode = m;
    x->c.opts.no_rotate = 1;
    vf_case_run(&x->c, vf_t_map(&x->l, map), iter, &v);
    return v;
}

/* placement.lua's stair at (1,1) is meant to stand in the level's own
 * zone; a vault placed over (1,1) (ORIENT northwest) would get it in its
 * wall, the rest of the level then reading as a stairless zone. The stair
 * goes to the first floor cell outside every vault instead; a vault away
 * from (1,1) keeps it at (1,1). */
START_TEST(stair_never_lands_in_a_vault)
{
    vf_t_eng x;
    vf_t_eng_open(&x, "NAME: nw_room\nORIENT: northwest\nMAP\nxxxxx\n"
                      "xxxxx\nxx..+\nxx..x\nxxxxx\nENDMAP\n"
                      "NAME: float_room\nTAGS: transparent\nMAP\n"
                      "xxxx\nx..+\nxxxx\nENDMAP\n"
                      "NAME: centre_room\nORIENT: centre\nMAP\n"
                      "xxxx\nx..+\nxxxx\nENDMAP\n", 0);
    vf_level *l = x.c.level;
    vf_verdict v = one_case(&x, "nw_room", VF_MODE_EMPTY, 0);
    ck_assert_msg(v.kinds == 0, "kinds %x: %s", v.kinds, v.message);
    ck_assert_int_eq(v.stair_x, 6);
    ck_assert_int_eq(v.stair_y, 1);
    ck_assert_int_eq(l->feat[1][6], VF_F_STONE_STAIRS_UP_I);
    ck_assert_int_ne(l->feat[1][1], VF_F_STONE_STAIRS_UP_I);
    v = one_case(&x, "centre_room", VF_MODE_EMPTY, 0);
    ck_assert_int_eq(v.kinds, 0);
    ck_assert_int_eq(v.stair_x, 1);
    ck_assert_int_eq(v.stair_y, 1);
    vf_t_eng_close(&x);
}
END_TEST

/* placement.lua -fill: the vault alone in rock, judged by its passable
 * zones only (transparent here: an opaque vault's cells are not passable
 * to the count, as in the game's _dgn_square_is_passable). A clean float
 * is ok (no stair in the rock, no exit to reach floor); one with two
 * rooms is isolated_zones. */
START_TEST(fill_judges_passable_zones_only)
{
    vf_t_eng x;
    vf_t_eng_open(&x, "NAME: float_room\nORIENT: float\n"
                      "TAGS: transparent\nMAP\n"
                      "xxxx\nx..+\nxxxx\nENDMAP\n"
                      "NAME: two_rooms\nORIENT: float\n"
                      "TAGS: transparent\nMAP\n"
                      "xxxxxxx\nx..x..+\nxxxxxxx\nENDMAP\n", 0);
    for (uint32_t i = 0; i < 5; i++) {
        vf_verdict v = one_case(&x, "float_room", VF_MODE_FILL, i);
        ck_assert_msg(v.kinds == 0, "kinds %x: %s", v.kinds, v.message);
        ck_assert_int_eq(v.zones, 1);
        ck_assert_int_eq(v.stair_x, -1);
        v = one_case(&x, "two_rooms", VF_MODE_FILL, i);
        ck_assert_int_eq(v.kinds, VF_V_ISOLATED_ZONES);
        ck_assert_int_eq(v.zones, 2);
    }
    vf_t_eng_close(&x);
}
END_TEST

/* A deliberate veto names the veto chunk's place in the .des file; one
 * that raised an error says so. */
START_TEST(veto_names_its_chunk)
{
    vf_t_eng x;
    vf_t_eng_open(&x, "NAME: no_thanks\nORIENT: float\n"
                      "veto {{\n  return true\n}}\nMAP\n.@.\nENDMAP\n"
                      "NAME: broken_veto\nORIENT: float\n"
                      "veto {{ return nil + 1 }}\nMAP\n.@.\nENDMAP\n", 0);
    vf_verdict v = one_case(&x, "no_thanks", VF_MODE_EMPTY, 0);
    ck_assert_int_eq(v.kinds, VF_V_VETOED);
    /* The chunk's first line of Lua. */
    ck_assert_str_eq(v.message, "vetoed by its veto chunk at t.des:4");
    v = one_case(&x, "broken_veto", VF_MODE_EMPTY, 0);
    ck_assert_int_eq(v.kinds, VF_V_VETOED);
    ck_assert_ptr_nonnull(strstr(v.message, "vetoed by its veto chunk at "
                                 "t.des:11, which raised: "));
    vf_t_eng_close(&x);
}
END_TEST

/* Whether the 95% Wilson interval of the vetoes in n cases covers 1/3. */
static int covers_a_third(int vetoes, int n)
{
    double lo, hi;
    vf_wilson((unsigned long)vetoes, (unsigned long)n, &lo, &hi);
    return lo <= 1.0 / 3 && 1.0 / 3 <= hi;
}

/* A vault vetoed in a third of its cases, run as a run runs it: 5
 * iterations in each of the six default layouts, under 200 base seeds.
 * Each layout draws its own numbers, so the 30 cases are independent and
 * the 95% interval covers the true third in about 95% of the runs. Had
 * the layouts shared their iteration's draws (the seeding before), the
 * 30 cases would be 5 seen six times each and the interval, as narrow as
 * for 30, would miss far more often: the same runs show it. */
START_TEST(intervals_cover_the_true_rate)
{
    static const vf_mode layouts[] = {VF_MODE_EMPTY, VF_MODE_ROOMS,
                                      VF_MODE_CAVES, VF_MODE_CITY,
                                      VF_MODE_OPEN, VF_MODE_CROSS};
    vf_t_eng x;
    vf_t_eng_open(&x, "NAME: t_third\nDEPTH: D\n"
                  "veto {{ return crawl.one_chance_in(3) }}\n"
                  "MAP\n.@.\nENDMAP\n", 0);
    const vf_mapdef *def = vf_t_map(&x.l, "t_third");
    int runs = 200, covered = 0, covered_shared = 0;
    for (int s = 1; s <= runs; s++) {
        int vetoes = 0, shared = 0;
        for (uint32_t it = 0; it < 5; it++) {
            vf_verdict v;
            x.c.opts.seed = (uint64_t)s;
            x.c.opts.mode = VF_MODE_EMPTY;
            vf_case_run(&x.c, def, it, &v);
            shared += 6 * !!(v.kinds & VF_V_VETOED);
            for (int k = 0; k < 6; k++) {
                x.c.opts.mode = layouts[k];
                vf_case_run(&x.c, def, it, &v);
                vetoes += !!(v.kinds & VF_V_VETOED);
            }
        }
        covered += covers_a_third(vetoes, 30);
        covered_shared += covers_a_third(shared, 30);
    }
    printf("verdicts: the 95%% interval covered a third in %d of %d runs "
           "(%d with the layouts sharing their draws)\n", covered, runs,
           covered_shared);
    ck_assert_msg(covered >= runs * 90 / 100, "%d of %d", covered, runs);
    ck_assert_msg(covered_shared < runs * 85 / 100, "%d of %d",
                  covered_shared, runs);
    vf_t_eng_close(&x);
}
END_TEST

Suite *vf_test_verdicts_suite(void)
{
    Suite *s = suite_create("verdicts");
    TCase *tc = tcase_create("verdicts");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, known_bad_vaults_fail_as_expected);
    tcase_add_test(tc, intervals_cover_the_true_rate);
    tcase_add_test(tc, stair_never_lands_in_a_vault);
    tcase_add_test(tc, fill_judges_passable_zones_only);
    tcase_add_test(tc, veto_names_its_chunk);
    suite_add_tcase(s, tc);
    return s;
}
