/* --color: when colour is wanted (never, always, auto with a terminal,
 * TERM and NO_COLOR), the option taken out of any command line, what the
 * painter paints and leaves, check's letters in colour, and never a
 * colour in the files a run writes. */
#define _XOPEN_SOURCE 700   /* mkdtemp */
#include "tests.h"
#include "color.h"

#include <stdlib.h>
#include <string.h>

#define KNOWN_BAD VF_SOURCE_DIR "/corpus/verdicts/known_bad.des"
#define ESC "\033["

START_TEST(when_colour_is_wanted)
{
    ck_assert(!vf_color_wanted(VF_COLOR_NEVER, 1, "xterm", NULL));
    ck_assert(vf_color_wanted(VF_COLOR_ALWAYS, 0, NULL, "1"));
    ck_assert(vf_color_wanted(VF_COLOR_AUTO, 1, "xterm", NULL));
    ck_assert(vf_color_wanted(VF_COLOR_AUTO, 1, "xterm", ""));  /* empty */
    ck_assert(!vf_color_wanted(VF_COLOR_AUTO, 1, "xterm", "1"));
    ck_assert(!vf_color_wanted(VF_COLOR_AUTO, 1, "dumb", NULL));
    ck_assert(!vf_color_wanted(VF_COLOR_AUTO, 1, NULL, NULL));
    ck_assert(!vf_color_wanted(VF_COLOR_AUTO, 0, "xterm", NULL));
    vf_color_mode m;
    ck_assert_int_eq(vf_color_parse("always", &m), 0);
    ck_assert_int_eq(m, VF_COLOR_ALWAYS);
    ck_assert_int_eq(vf_color_parse("yes", &m), -1);
}
END_TEST

START_TEST(option_taken_from_any_command_line)
{
    char *argv[] = {"vaultfuzz", "check", "--color", "never", "m",
                    "--color=always", "--", "--color", NULL};
    int argc = 8;
    vf_color_mode m = VF_COLOR_AUTO;
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(vf_color_take_option(&argc, argv, &m, &err), 0);
    ck_assert_int_eq(m, VF_COLOR_ALWAYS);   /* the last one wins */
    ck_assert_int_eq(argc, 5);              /* a name after -- stays */
    ck_assert_str_eq(argv[2], "m");
    ck_assert_str_eq(argv[4], "--color");
    ck_assert_ptr_null(argv[5]);
    char *bad[] = {"vaultfuzz", "lint", "--color", NULL};
    argc = 3;
    ck_assert_int_eq(vf_color_take_option(&argc, bad, &m, &err), -1);
    ck_assert_ptr_nonnull(strstr(vf_sbuf_str(&err), "auto, always or never"));
    vf_sbuf_free(&err);
}
END_TEST

static void painted(const char *line, const char *want)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_color_line(line, strlen(line), &b);
    ck_assert_str_eq(vf_sbuf_str(&b), want);
    vf_sbuf_free(&b);
}

#define RED ESC "1;31m"
#define YELLOW ESC "1;33m"
#define CYAN ESC "36m"
#define OFF ESC "0m"

START_TEST(painter_paints_severities_only)
{
    painted("a.des:3:1: error: t_x: Lua error at load: boom",
            "a.des:3:1: " RED "error" OFF ": t_x: Lua error at load: boom");
    painted("  B  warning: a closet", "  " YELLOW "B" OFF "  " YELLOW
            "warning" OFF ": a closet");
    painted("  t_x  a.des:3  note in 4 of 10 cases (40.0%): vetoed 4 note",
            "  t_x  a.des:3  " CYAN "note" OFF " in 4 of 10 cases (40.0%): "
            "vetoed 4 " CYAN "note" OFF);
    painted("errors: the game would veto the level",
            RED "errors" OFF ": the game would veto the level");
    painted("verdict: error (lua_error error)", "verdict: " RED "error" OFF
            " (lua_error " RED "error" OFF ")");
    /* Not severities: a kind's name, words in a sentence, a map row. */
    painted("failed cases by kind: lua_error 3, vetoed 1",
            "failed cases by kind: lua_error 3, vetoed 1");
    painted("x..AAA..notes", "x..AAA..notes");
    painted("a note about errors", "a note about errors");
}
END_TEST

START_TEST(check_letters_in_colour_and_never_in_files)
{
    vf_t_run r = vf_t_vaultfuzz("check", "vf_bad_subst_pocket", "--iter",
                                "6", "--des", KNOWN_BAD, "--color", "always",
                                NULL);
    ck_assert_int_eq(r.rc, 1);
    /* The finding's cells, lettered A, in its severity's colour. */
    ck_assert_ptr_nonnull(strstr(r.out, "x" RED "A" OFF RED "A" OFF));
    ck_assert_ptr_nonnull(strstr(r.out, "  " RED "A" OFF "  " RED "error"
                                 OFF ": "));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("check", "vf_bad_subst_pocket", "--iter", "6",
                       "--des", KNOWN_BAD, "--color", "never", NULL);
    ck_assert_ptr_null(strstr(r.out, ESC));
    ck_assert_ptr_nonnull(strstr(r.out, "xAAAx"));
    vf_t_run_free(&r);
    /* test's cropped level too. */
    r = vf_t_vaultfuzz("test", KNOWN_BAD, "--seconds", "1", "--color",
                       "always", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, RED "A" OFF RED "A" OFF));
    vf_t_run_free(&r);
    /* auto: the tests' output is no terminal. */
    r = vf_t_vaultfuzz("check", "vf_bad_subst_pocket", "--iter", "6",
                       "--des", KNOWN_BAD, NULL);
    ck_assert_ptr_null(strstr(r.out, ESC));
    vf_t_run_free(&r);

    char dir[] = "/tmp/vf_color_XXXXXX", out[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/r", dir);
    r = vf_t_vaultfuzz("--color", "always", "run", "vf_bad_subst_pocket",
                       "--mode", "empty", "--count", "60", "-j", "1",
                       "--accept", "/dev/null", "--des", KNOWN_BAD, "--out",
                       out, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, RED "error" OFF " in "));
    static const char *const files[] = {"summary.txt", "summary.json",
        "vaults.csv", "layouts.csv", "failures.jsonl", "junit.xml",
        "report.sarif"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[128], *text, why[256];
        size_t len;
        snprintf(path, sizeof path, "%s/%s", out, files[i]);
        ck_assert(!vf_fs_read(path, 1 << 24, &text, &len, why, sizeof why));
        ck_assert_msg(!strstr(text, "\033"), "colour in %s", files[i]);
        free(text);
    }
    vf_t_run_free(&r);
    vf_t_rm_tree(dir);
}
END_TEST

Suite *vf_test_color_suite(void)
{
    Suite *s = suite_create("color");
    TCase *tc = tcase_create("color");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, when_colour_is_wanted);
    tcase_add_test(tc, option_taken_from_any_command_line);
    tcase_add_test(tc, painter_paints_severities_only);
    tcase_add_test(tc, check_letters_in_colour_and_never_in_files);
    suite_add_tcase(s, tc);
    return s;
}
