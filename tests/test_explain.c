/* explain: the choice that breaks a vault, found by forcing each choice
 * to its other values, at its .des line and MAP cell; decoys not blamed. */
#include "tests.h"
#include "vf_explain.h"

#include <stdlib.h>
#include <string.h>

/* Line 3 closes the room's door ('x') in a third of the cases; line 4
 * picks between two walls where either cuts nothing off (a decoy). The
 * MAP starts on line 6: the door 'A' is row 4, column 8. */
static const char door_vault[] =
    "NAME: t_door\n"                                     /* 1 */
    "TAGS: transparent no_rotate no_hmirror no_vmirror\n"  /* 2 */
    "SUBST: A = x..\n"                                   /* 3 */
    "SUBST: B = xc\n"                                    /* 4 */
    "MAP\n"                                              /* 5 */
    ".........\n"                                        /* 6 */
    ".xxxxxxB.\n"
    ".x.....x.\n"
    ".x.....A.\n"                                        /* 9 */
    ".xxxxxxx.\n"
    ".........\n"
    "ENDMAP\n";

typedef struct scene {
    vf_t_eng x;
    vf_level *l;
    vf_conn_report *r;
} scene;

static void scene_open(scene *s, const char *des)
{
    vf_t_eng_open(&s->x, des, 0);
    s->l = malloc(sizeof *s->l);
    s->r = malloc(sizeof *s->r);
}

static void scene_close(scene *s)
{
    free(s->r);
    free(s->l);
    vf_t_eng_close(&s->x);
}

static void explain(scene *s, const char *map, uint32_t iter,
                    vf_explanation *out)
{
    vf_case_opts o = {VF_MODE_EMPTY, 0, 0, NULL};
    vf_explain(s->x.e, vf_t_map(&s->x.l, map), 1, iter, &o, s->l, &s->x.m,
               s->r, 1000, out);
}

START_TEST(the_door_not_the_decoy)
{
    scene s;
    scene_open(&s, door_vault);
    int failing = 0;
    for (uint32_t it = 0; it < 30; it++) {
        vf_explanation x;
        explain(&s, "t_door", it, &x);
        if (x.sev == VF_SEV_OK) {
            ck_assert_uint_eq(x.ncauses, 0);
            vf_explanation_free(&x);
            continue;
        }
        failing++;
        ck_assert_int_eq(x.sev, VF_SEV_ERROR);
        ck_assert_int_eq(x.map_line, 6);
        ck_assert_uint_eq(x.ncauses, 1);
        const vf_cause *c = &x.causes[0];
        ck_assert_int_eq(c->choice.line, 3);
        ck_assert_int_eq(c->choice.y, 3);   /* row 4, column 8 */
        ck_assert_int_eq(c->choice.x, 7);
        ck_assert_int_eq(c->choice.chose, 'x');
        ck_assert_int_eq(c->fix, '.');
        ck_assert_int_eq(c->after, VF_SEV_OK);
        vf_sbuf out = VF_SBUF_INIT;
        vf_explain_lines(&x, "t.des", "t_door", &out);
        ck_assert_str_eq(out.s, "t.des:9:8: error: SUBST: A = x.. at line 3: "
                         "choosing 'x' at MAP row 4, column 8 makes it "
                         "error; '.' makes it ok\n");
        vf_sbuf_free(&out);
        vf_explanation_free(&x);
    }
    ck_assert_int_gt(failing, 3);
    scene_close(&s);
}
END_TEST

/* A map broken whatever its choices: said so, no cause invented. */
START_TEST(broken_as_written)
{
    scene s;
    scene_open(&s, "NAME: t_sealed\nTAGS: transparent\nSUBST: B = xc\nMAP\n"
               ".......\n.xxxxx.\n.x...B.\n.xxxxx.\n.......\nENDMAP\n");
    vf_explanation x;
    explain(&s, "t_sealed", 0, &x);
    ck_assert_int_eq(x.sev, VF_SEV_ERROR);
    ck_assert_uint_eq(x.ncauses, 0);
    ck_assert_uint_gt(x.replays, 0);
    vf_sbuf out = VF_SBUF_INIT;
    vf_explain_lines(&x, "t.des", "t_sealed", &out);
    ck_assert_ptr_nonnull(strstr(out.s, "t.des:5:1: error: t_sealed fails as "
                                 "written"));
    vf_sbuf_free(&out);
    vf_explanation_free(&x);
    scene_close(&s);
}
END_TEST

/* Forcing a choice changes that choice only: every draw is made as
 * before, so the other cells get what they got. */
START_TEST(forcing_keeps_the_other_draws)
{
    scene s;
    scene_open(&s, "NAME: t_many\nTAGS: transparent no_rotate no_hmirror "
               "no_vmirror\nSUBST: A = x.\nMAP\n........\n.AAAAAA.\n"
               ".A....A.\n.AAAAAA.\n........\nENDMAP\n");
    const vf_mapdef *def = vf_t_map(&s.x.l, "t_many");
    vf_case_opts o = {VF_MODE_EMPTY, 0, 0, NULL};
    vf_choices log, forced;
    vf_choices_init(&log);
    log.record = 1;
    s.x.m.choices = &log;
    vf_verdict v;
    vf_case_run(s.x.e, def, 7, 0, &o, s.l, &s.x.m, s.r, &v);
    ck_assert_uint_eq(log.n, 14);   /* the A cells; no flips */
    vf_choices_init(&forced);
    forced.record = 1;
    forced.force_attempt = log.attempt;
    forced.force_at = 5;
    forced.force_glyph = log.v[5].chose == 'x' ? '.' : 'x';
    s.x.m.choices = &forced;
    vf_case_run(s.x.e, def, 7, 0, &o, s.l, &s.x.m, s.r, &v);
    s.x.m.choices = NULL;
    ck_assert_uint_eq(forced.n, log.n);
    for (size_t k = 0; k < log.n; k++) {
        const vf_choice *c = &log.v[k];
        ck_assert_int_eq(forced.v[k].chose, c->chose);   /* same draws */
        char got = vf_grid_row(&s.x.m.grid, c->y)[c->x];
        ck_assert_int_eq(got, k == 5 ? forced.force_glyph : c->chose);
    }
    vf_choices_free(&forced);
    vf_choices_free(&log);
    scene_close(&s);
}
END_TEST

Suite *vf_test_explain_suite(void)
{
    Suite *s = suite_create("explain");
    TCase *tc = tcase_create("explain");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, the_door_not_the_decoy);
    tcase_add_test(tc, broken_as_written);
    tcase_add_test(tc, forcing_keeps_the_other_draws);
    suite_add_tcase(s, tc);
    return s;
}
