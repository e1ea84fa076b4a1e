/* explain: the choice that breaks a vault, found by forcing each choice
 * to its other values, at its .des line and MAP cell; decoys not blamed. */
#include "tests.h"
#include "vf_dump.h"
#include "vf_explain.h"
#include "vf_gz.h"

#include <stdio.h>

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
    vf_case *c;              /* x's: mode empty */
} scene;

static void scene_open(scene *s, const char *des)
{
    vf_t_eng_open(&s->x, des, 0);
    s->c = &s->x.c;
}

static void scene_close(scene *s)
{
    vf_t_eng_close(&s->x);
}

/* Explains case (map, iter) under base seed 1. */
static void explain(scene *s, const char *map, uint32_t iter,
                    vf_explanation *out)
{
    s->c->opts.seed = 1;
    vf_explain(s->c, vf_t_map(&s->x.l, map), iter, 1000, out);
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
    vf_choices log, forced;
    vf_choices_init(&log);
    log.record = 1;
    s.c->map.choices = &log;
    s.c->opts.seed = 7;
    vf_verdict v;
    vf_case_run(s.c, def, 0, &v);
    ck_assert_uint_eq(log.n, 14);   /* the A cells; no flips */
    vf_choices_init(&forced);
    forced.record = 1;
    forced.force_attempt = log.attempt;
    vf_force f = {5, log.v[5].chose == 'x' ? '.' : 'x'};
    forced.force = &f;
    forced.nforce = 1;
    s.c->map.choices = &forced;
    vf_case_run(s.c, def, 0, &v);
    s.c->map.choices = NULL;
    ck_assert_uint_eq(forced.n, log.n);
    for (size_t k = 0; k < log.n; k++) {
        const vf_choice *c = &log.v[k];
        ck_assert_int_eq(forced.v[k].chose, c->chose);   /* same draws */
        char got = vf_grid_row(&s.c->map.grid, c->y)[c->x];
        ck_assert_int_eq(got, k == 5 ? f.value : c->chose);
    }
    vf_choices_free(&forced);
    vf_choices_free(&log);
    scene_close(&s);
}
END_TEST

/* The Lua draws beyond random2 are choices at their .des line, each
 * offering the values it can give (a sample of a wide range), and a
 * forced one is what the vault's Lua gets; a MONS slot's draw is a
 * choice at the placed vault's cell. */
static const char draws_vault[] =
    "NAME: t_draws\n"                                      /* 1 */
    "TAGS: transparent no_rotate no_hmirror no_vmirror\n"  /* 2 */
    "MONS: goblin / orc\n"                                 /* 3 */
    "{{\n"                                                 /* 4 */
    "  local d = crawl.roll_dice(1, 3)\n"                  /* 5 */
    "  subst('A = ' .. string.char(96 + d))\n"             /* 6 */
    "  local a = crawl.random2avg(6, 2)\n"                 /* 7 */
    "  local h = crawl.div_rand_round(7, 2)\n"             /* 8 */
    "  local e = crawl.div_rand_round(8, 2)\n"             /* 9 */
    "  local r = crawl.random_real()\n"                    /* 10 */
    "}}\n"
    "MAP\n"
    "...\n"
    ".A1\n"
    "...\n"
    "ENDMAP\n";

START_TEST(lua_draws_and_mons_slots_are_choices)
{
    scene s;
    scene_open(&s, draws_vault);
    const vf_mapdef *def = vf_t_map(&s.x.l, "t_draws");
    vf_choices log;
    vf_choices_init(&log);
    log.record = 1;
    s.c->map.choices = &log;
    s.c->opts.seed = 3;
    vf_verdict v;
    vf_case_run(s.c, def, 0, &v);
    /* roll_dice, random2avg, one div_rand_round (8 / 2 is exact),
     * random_real, the MONS slot. */
    ck_assert_uint_eq(log.n, 5);
    static const int line[] = {5, 7, 8, 10, 3}, nalts[] = {3, 6, 2, 24, 2};
    static const int first[] = {1, 0, 3, 0, 0};
    static const int last[] = {3, 5, 4, VF_CHOICE_REAL_SCALE - 1, 1};
    for (size_t k = 0; k < 5; k++) {
        const vf_choice *c = &log.v[k];
        ck_assert_int_eq(c->kind, k < 4 ? VF_CHOICE_LUA : VF_CHOICE_MONS);
        ck_assert_int_eq(c->line, line[k]);
        ck_assert_int_eq(c->nalts, nalts[k]);
        ck_assert_int_eq(c->alts[0], first[k]);
        ck_assert_int_eq(c->alts[c->nalts - 1], last[k]);
    }
    ck_assert_int_eq(log.v[3].key, 'r');
    ck_assert_int_eq(log.v[4].x, 2);   /* the '1', placed unrotated */
    ck_assert_int_eq(log.v[4].y, 1);
    ck_assert_int_eq(vf_grid_row(&s.c->map.grid, 1)[1],
                     'a' + log.v[0].chose - 1);
    /* Forced, the roll gives the glyph its value names. */
    vf_choices forced;
    vf_choices_init(&forced);
    forced.force_attempt = log.attempt;
    vf_force f = {0, log.v[0].chose == 3 ? 1 : 3};
    forced.force = &f;
    forced.nforce = 1;
    s.c->map.choices = &forced;
    vf_case_run(s.c, def, 0, &v);
    s.c->map.choices = NULL;
    ck_assert_int_eq(vf_grid_row(&s.c->map.grid, 1)[1], 'a' + f.value - 1);
    char label[32];
    vf_choice_label(&log.v[3], VF_CHOICE_REAL_SCALE / 4, label, sizeof label);
    ck_assert_str_eq(label, "0.25");
    vf_choice_label(&log.v[4], 1, label, sizeof label);
    ck_assert_str_eq(label, "orc");
    vf_choices_free(&forced);
    vf_choices_free(&log);
    scene_close(&s);
}
END_TEST

/* A forced number that meets another choice (a replay whose other
 * changes moved the numbering) gets a value that choice offers: never
 * an index past a shorter list (sevenhm_arrival_forest_fort_small_1's
 * ddmin replay crashed so). */
START_TEST(forced_value_not_offered_is_not_used)
{
    vf_choices c;
    vf_choices_init(&c);
    vf_force f[2] = {{0, 2}, {1, 1}};
    c.force = f;
    c.nforce = 2;
    vf_choices_attempt(&c);
    c.force_attempt = c.attempt;
    vf_choice two;
    memset(&two, 0, sizeof two);
    two.kind = VF_CHOICE_KMONS;
    two.chose = 0;
    two.alts[0] = 0;
    two.alts[1] = 1;
    two.nalts = 2;
    ck_assert_int_eq(vf_choices_take(&c, &two), 0);   /* 2 is not offered */
    ck_assert_int_eq(vf_choices_take(&c, &two), 1);   /* 1 is */
    vf_choices_free(&c);
}
END_TEST

/* The dump's why: the causes in words, then the vault as its MAP block
 * -- the case's mirroring and rotation undone, each row after its .des
 * line, the finding lettered, the cause's cell '*'. An asymmetric vault
 * (the 'b' corner) that flips: every row matches the MAP as written but
 * for those marks. */
START_TEST(dump_draws_the_finding_on_the_map)
{
    static const char *const rows[] = {"..........", ".xxxxxxx..",
                                       ".x.....x..", ".x.....A..",
                                       ".xxxxxxx..", ".........b"};
    scene s;
    scene_open(&s, "NAME: t_flip\nTAGS: transparent\nSUBST: A = x..\n"
               "MAP\n..........\n.xxxxxxx..\n.x.....x..\n.x.....A..\n"
               ".xxxxxxx..\n.........b\nENDMAP\n");
    int flipped = 0;
    for (uint32_t it = 0; it < 40; it++) {
        vf_explanation x;
        explain(&s, "t_flip", it, &x);
        vf_verdict v;
        vf_case_run(s.c, vf_t_map(&s.x.l, "t_flip"), it, &v);
        vf_dump_in in = {.map = "t_flip", .file = "t.des", .line = 1,
                         .v = &v, .level = s.c->level, .rmap = &s.c->map,
                         .report = s.c->report, .why = &x};
        vf_sbuf b = VF_SBUF_INIT;
        if (x.sev > VF_SEV_OK) vf_dump_why(&b, &in);
        flipped += x.sev > VF_SEV_OK && (x.hmirror || x.vmirror || x.rotate);
        for (int y = 0; y < 6 && b.len; y++) {
            char at[16];
            snprintf(at, sizeof at, "\n%6d  ", 5 + y);
            const char *row = strstr(b.s, at);
            ck_assert_msg(row != NULL, "%s", b.s);
            row += strlen(at);
            for (int c = 0; c < 10; c++) {
                char want = rows[y][c], got = row[c];
                if (y == 3 && c == 7) ck_assert_int_eq(got, '*');
                else if (y >= 2 && y <= 3 && c >= 2 && c <= 6)
                    ck_assert_int_eq(got, 'A');   /* the sealed room */
                else ck_assert_msg(got == want, "%s", b.s);
            }
        }
        if (b.len)
            ck_assert_ptr_nonnull(strstr(b.s, "t.des:8:8: error: SUBST: A = "
                                         "x.. at line 3: choosing 'x' at MAP "
                                         "row 4, column 8 makes it error; '.'"
                                         " makes it ok\n"));
        vf_sbuf_free(&b);
        vf_explanation_free(&x);
    }
    ck_assert_int_gt(flipped, 3);
    scene_close(&s);
}
END_TEST

/* corpus/verdicts/known_causes.des: its "# cause:" and "# decoy:"
 * lines. */
typedef struct known {
    char map[48], kind[12], chose[32], fix[32];
    int line, decoy;
} known;

static size_t read_known(const char *text, known *k, size_t max)
{
    size_t n = 0;
    for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        known x;
        memset(&x, 0, sizeof x);
        if (sscanf(p, "# cause: %47s %d %11s %31[^|\n]|%31[^\n]", x.map,
                   &x.line, x.kind, x.chose, x.fix) == 5
            || (sscanf(p, "# decoy: %47s %d", x.map, &x.line) == 2
                && (x.decoy = 1))) {
            ck_assert_uint_lt(n, max);
            k[n++] = x;
        }
    }
    return n;
}

/* Whether cause c of map is one the file names (never a decoy's line). */
static int expected(const known *k, size_t n, const char *map,
                    const vf_cause *c)
{
    static const char *const kinds[] = {"subst", "nsubst", "flip",
                                        "shuffle", "kfeat", "subvault",
                                        "lua", "kmons", "mons"};
    char chose[32], fix[32];
    vf_choice_label(&c->choice, c->choice.chose, chose, sizeof chose);
    vf_choice_label(&c->choice, c->fix, fix, sizeof fix);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(k[i].map, map) || k[i].line != c->choice.line) continue;
        ck_assert_msg(!k[i].decoy, "%s: the decoy at line %d blamed", map,
                      k[i].line);
        if (!strcmp(k[i].kind, kinds[c->choice.kind])
            && !strcmp(k[i].chose, chose) && !strcmp(k[i].fix, fix))
            return 1;
    }
    return 0;
}

/* Whether c is a choice of a subvault's own resolve, then pointing at
 * its own MAP cell, in its own .des file (not the one given for the
 * case map). */
static int sub_cause_placed(const vf_explanation *x, const vf_cause *c)
{
    if (!c->choice.sub[0]) return 0;
    int line, column;
    vf_cause_where(x, c, &line, &column);
    ck_assert_int_gt(c->choice.map_line, 0);
    ck_assert_int_ne(c->choice.map_line, x->map_line);
    ck_assert_int_eq(line, c->choice.map_line + c->choice.y);
    ck_assert_int_eq(column, c->choice.x + 1);
    const char *f = vf_cause_file(c, "case");
    size_t n = strlen(f);
    ck_assert_msg(n > 4 && !strcmp(f + n - 4, ".des"), "file %s", f);
    return 1;
}

/* Each map's failing cases among 30: every cause named is one the file
 * gives (line, kind, value drawn, value that fixes it), no decoy is
 * blamed, and a map given two causes has cases only both fix together. */
START_TEST(known_causes_named)
{
    size_t len;
    char *text, why[256];
    ck_assert_msg(!vf_gz_read("corpus/verdicts/known_causes.des", 1 << 20,
                              &text, &len, why, sizeof why), "%s", why);
    known k[32];
    size_t n = read_known(text, k, 32);
    ck_assert_uint_ge(n, 23);
    scene s;
    scene_open(&s, text);
    int maps = 0, inner = 0;
    for (size_t i = 0; i < n; i++) {
        if (k[i].decoy || (i && !strcmp(k[i - 1].map, k[i].map))) continue;
        int failing = 0, sets = 0, causes = 1 + (i + 1 < n && !k[i + 1].decoy
                                          && !strcmp(k[i + 1].map, k[i].map));
        for (uint32_t it = 0; it < 30; it++) {
            vf_explanation x;
            explain(&s, k[i].map, it, &x);
            if (x.sev > VF_SEV_OK) {
                failing++;
                ck_assert_msg(x.ncauses > 0, "%s #%u: no cause", k[i].map,
                              it);
            }
            for (size_t c = 0; c < x.ncauses; c++) {
                ck_assert_msg(expected(k, n, k[i].map, &x.causes[c]),
                              "%s #%u: unexpected cause %s at line %d",
                              k[i].map, it, x.causes[c].choice.call,
                              x.causes[c].choice.line);
                sets += x.causes[c].with == 1;
                inner += sub_cause_placed(&x, &x.causes[c]);
            }
            vf_explanation_free(&x);
        }
        ck_assert_msg(failing >= 3, "%s: %d failing cases", k[i].map,
                      failing);
        if (causes == 2) ck_assert_int_ge(sets, 2);
        maps++;
    }
    ck_assert_int_ge(inner, 3);   /* vf_cause_sv_inside's */
    ck_assert_int_eq(maps, 9);
    scene_close(&s);
    free(text);
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
    tcase_add_test(tc, lua_draws_and_mons_slots_are_choices);
    tcase_add_test(tc, forced_value_not_offered_is_not_used);
    tcase_add_test(tc, known_causes_named);
    tcase_add_test(tc, dump_draws_the_finding_on_the_map);
    suite_add_tcase(s, tc);
    return s;
}
