/* Test runner: every Check suite, or those named on the command line. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "tests.h"

static const struct { const char *name; Suite *(*make)(void); int opt_in; }
suites[] = {
    {"util", vf_test_util_suite, 0},
    {"golden", vf_test_golden_suite, 0},
    {"lexer", vf_test_lexer_suite, 0},
    {"bad", vf_test_bad_suite, 0},
    {"cli", vf_test_cli_suite, 0},
    {"corpus", vf_test_corpus_suite, 0},
    {"transform", vf_test_transform_suite, 0},
    {"lua", vf_test_lua_suite, 0},
    {"engine", vf_test_engine_suite, 0},
    {"build", vf_test_build_suite, 0},
    {"keyed", vf_test_keyed_suite, 0},
    {"depth", vf_test_depth_suite, 0},
    {"subvault", vf_test_subvault_suite, 0},
    {"glyph", vf_test_glyph_suite, 0},
    {"place", vf_test_place_suite, 0},
    {"layout", vf_test_layout_suite, 0},
    {"caselayout", vf_test_caselayout_suite, 0},
    {"gamelayout", vf_test_gamelayout_suite, 0},
    {"mapconn", vf_test_mapconn_suite, 0},
    {"mapcheck", vf_test_mapcheck_suite, 0},
    {"conn", vf_test_conn_suite, 0},
    {"connref", vf_test_connref_suite, 0},
    {"verdicts", vf_test_verdicts_suite, 0},
    {"severity", vf_test_severity_suite, 0},
    {"explain", vf_test_explain_suite, 0},
    {"run", vf_test_run_suite, 0},
    {"robust", vf_test_robust_suite, 0},
    {"html", vf_test_html_suite, 0},
    {"gamever", vf_test_gamever_suite, 0},
    {"gamesrc", vf_test_gamesrc_suite, 0},
    {"sarif", vf_test_sarif_suite, 0},
    {"changed", vf_test_changed_suite, 0},
    {"color", vf_test_color_suite, 0},
    {"hooks", vf_test_hooks_suite, 0},
    /* Opt-in: needs ../shared/dcss-des (make check-real, .ci/run). */
    {"realcorpus", vf_test_realcorpus_suite, 1},
    /* Opt-in: needs a crawl checkout in $VF_CRAWL_DIR. */
    {"gamelua", vf_test_gamelua_suite, 1},
};

int main(int argc, char **argv)
{
    SRunner *sr = NULL;
    for (size_t i = 0; i < sizeof suites / sizeof *suites; i++) {
        int wanted = argc < 2 ? !suites[i].opt_in : 0;
        for (int a = 1; a < argc; a++)
            if (!strcmp(argv[a], suites[i].name)) wanted = 1;
        if (!wanted) continue;
        if (!sr) sr = srunner_create(suites[i].make());
        else srunner_add_suite(sr, suites[i].make());
    }
    if (!sr) {
        fprintf(stderr, "check_vaultfuzz: no such suite\n");
        return 2;
    }
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
