/* report.sarif and lint --format sarif: valid SARIF 2.1.0 (the schema in
 * tests/data, checked by tests/sarif-validate.sh) whose results stand at
 * the maps' NAME: lines and the causes' MAP cells; URIs relative to the
 * git work tree or the files' common directory. */
#define _XOPEN_SOURCE 700   /* mkdtemp, nftw */
#include "tests.h"
#include "vf_sarif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define KNOWN_BAD VF_SOURCE_DIR "/corpus/verdicts/known_bad.des"

static const char corpus[] =
    "NAME: t_fine\nTAGS: transparent\nDEPTH: D\nMAP\n...\n.@.\n...\n"
    "ENDMAP\n\n"
    "NAME: t_load_error\nTAGS: transparent\nDEPTH: D\n"
    ": if is_validating() then error(\"fails at load\") end\n"
    "MAP\n.@.\nENDMAP\n\n"
    "NAME: t_run_error\nTAGS: transparent\nDEPTH: D\n"
    ": if not is_validating() then\n"
    ":   error(\"fails in play\")\n"
    ": end\nMAP\n.@.\nENDMAP\n";

/* The 1-based line of text (a file's contents) starting with prefix. */
static int line_of(const char *text, const char *prefix)
{
    int line = 1;
    for (const char *s = text; *s; line++) {
        if (!strncmp(s, prefix, strlen(prefix))) return line;
        s = strchr(s, '\n');
        if (!s) break;
        s++;
    }
    ck_abort_msg("no line starts with %s", prefix);
    return 0;
}

static void valid(const char *path)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s/tests/sarif-validate.sh '%s'",
             VF_SOURCE_DIR, path);
    ck_assert_msg(system(cmd) == 0, "%s is not valid SARIF 2.1.0", path);
}

/* The result whose message starts with msg: its text up to the next
 * result (or the end). */
static const char *result_of(const char *sarif, const char *msg)
{
    char key[256];
    snprintf(key, sizeof key, "\"message\": {\"text\": \"%s", msg);
    const char *r = strstr(sarif, key);
    ck_assert_msg(r != NULL, "no result %s", msg);
    return r;
}

static int starts_line(const char *result, int line, int column)
{
    char key[96];
    if (column)
        snprintf(key, sizeof key, "\"region\": {\"startLine\": %d, "
                 "\"startColumn\": %d}", line, column);
    else
        snprintf(key, sizeof key, "\"region\": {\"startLine\": %d}", line);
    const char *next = strstr(result + 1, "\"ruleId\"");
    const char *at = strstr(result, key);
    return at && (!next || at < next);
}

START_TEST(run_report_is_valid_and_at_name_lines)
{
    char dir[] = "/tmp/vf_sarif_XXXXXX", des[64], out[64], path[96];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(des, sizeof des, "%s/t.des", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    vf_t_put(dir, "t.des", corpus);
    vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty", "--count", "2",
                                "-j", "1", "--des", des, "--out", out, NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    snprintf(path, sizeof path, "%s/report.sarif", out);
    valid(path);
    char *s = vf_t_read(path);
    const char *res = result_of(s, "t_load_error: Lua error at load: ");
    ck_assert(starts_line(res, line_of(corpus, "NAME: t_load_error"), 1));
    ck_assert_ptr_nonnull(strstr(s, "\"ruleId\": \"load_error\""));
    /* A Lua error in play: its text, at the line it names. */
    res = result_of(s, "t_run_error: lua_error (error) in ");
    ck_assert(starts_line(res, line_of(corpus, ":   error(\"fails in play"),
                          1));
    ck_assert_ptr_nonnull(strstr(res, "t.des:"));
    ck_assert_ptr_nonnull(strstr(res, ": fails in play"));
    /* And in the compilers' form: its own line, at the Lua line. */
    vf_t_run g = vf_t_vaultfuzz("run", "--resume", out, "--format", "gnu",
                                NULL);
    char want[160];
    snprintf(want, sizeof want, "%s:%d:1: error: t_run_error: Lua error: "
             "fails in play\n", des,
             line_of(corpus, ":   error(\"fails in play"));
    ck_assert_msg(strstr(g.out, want), "%s", g.out);
    vf_t_run_free(&g);
    /* Beside the file: no git work tree above /tmp, so the base is the
     * file's directory and the URI its name. */
    ck_assert_ptr_nonnull(strstr(s, "{\"uri\": \"t.des\", \"uriBaseId\": "
                                 "\"SRCROOT\"}"));
    ck_assert_ptr_null(strstr(s, "t_fine"));   /* ok maps: no result */
    /* A map failing at load is a result, not a problem of the input. */
    ck_assert_ptr_nonnull(strstr(s, "\"executionSuccessful\": true"));
    free(s);
    vf_t_run_free(&r);
    vf_t_rm_tree(dir);
}
END_TEST

/* A corpus map whose cause explain knows: the result at its NAME: line,
 * the cause at the SUBST's MAP cell as a related location. */
START_TEST(run_report_has_causes_at_their_cells)
{
    char dir[] = "/tmp/vf_sarif_XXXXXX", out[64], path[96];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/out", dir);
    vf_t_run r = vf_t_vaultfuzz("run", "vf_bad_subst_pocket", "--mode",
                                "empty", "--count", "60", "-j", "1",
                                "--accept", "/dev/null", "--des", KNOWN_BAD,
                                "--out", out, NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    snprintf(path, sizeof path, "%s/report.sarif", out);
    valid(path);
    char *s = vf_t_read(path), *des = vf_t_read(KNOWN_BAD);
    const char *res = result_of(s, "vf_bad_subst_pocket: level_vetoed "
                                "(error) in ");
    int name = line_of(des, "NAME:   vf_bad_subst_pocket");
    ck_assert(starts_line(res, name, 1));
    /* The SUBST's 'A' at MAP row 4, column 6 (README's explain example),
     * the MAP line 3 below NAME:. */
    ck_assert_int_eq(line_of(des, "MAP\n.......\n.xxxxx.\n.x...x.\n.x...A."),
                     name + 3);
    ck_assert_ptr_nonnull(strstr(res, "\"relatedLocations\": "));
    ck_assert(starts_line(res, name + 3 + 4, 6));
    ck_assert_ptr_nonnull(strstr(res, "\"message\": {\"text\": \"SUBST: A "
                                 "= x.. chose 'x'; '.' makes it ok\"}"));
    /* corpus/ lies in this project's git work tree: URIs are its paths. */
    ck_assert_ptr_nonnull(strstr(s, "{\"uri\": \"corpus/verdicts/known_bad"
                                 ".des\", \"uriBaseId\": \"SRCROOT\"}"));
    free(s);
    free(des);
    vf_t_run_free(&r);
    vf_t_rm_tree(dir);
}
END_TEST

START_TEST(lint_sarif_is_valid_and_at_lines)
{
    static const char bad[] =
        "NAME: t_syntax\nTAGS: transparent\nDEPTH: D\n"
        ": if x then\nMAP\n.@.\nENDMAP\n";
    char dir[] = "/tmp/vf_sarif_XXXXXX", des[64], path[96];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(des, sizeof des, "%s/a b.des", dir);
    vf_t_put(dir, "a b.des", bad);
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", des, "--format", "sarif",
                                NULL);
    ck_assert_int_eq(r.rc, 1);
    snprintf(path, sizeof path, "%s/lint.sarif", dir);
    vf_t_put(dir, "lint.sarif", r.out);
    valid(path);
    const char *res = result_of(r.out, "map t_syntax: ");
    ck_assert(starts_line(res, line_of(bad, ": if x then"), 0));
    ck_assert_ptr_nonnull(strstr(res, "\"uri\": \"a%20b.des\""));
    ck_assert_ptr_nonnull(strstr(r.err, "1 errors"));   /* summary aside */
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("lint", "--des", des, "--format", "xml", NULL);
    ck_assert_int_eq(r.rc, 2);
    vf_t_run_free(&r);
    vf_t_rm_tree(dir);
}
END_TEST

/* The base is the git work tree's top (a .git directory or file), else
 * the files' common directory; a file outside it keeps a file: URI. */
START_TEST(base_is_git_top_or_common_dir)
{
    char dir[] = "/tmp/vf_sarif_XXXXXX", p[4][96];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(p[0], sizeof p[0], "%s/repo", dir);
    snprintf(p[1], sizeof p[1], "%s/repo/des", dir);
    ck_assert_int_eq(mkdir(p[0], 0700), 0);
    ck_assert_int_eq(mkdir(p[1], 0700), 0);
    snprintf(p[2], sizeof p[2], "%s/repo/des/a.des", dir);
    snprintf(p[3], sizeof p[3], "%s/repo/des/b c.des", dir);
    vf_t_put(p[1], "a.des", "");
    vf_t_put(p[1], "b c.des", "");
    const char *files[] = {p[2], p[3]};
    char *base = vf_sarif_base(files, 2);
    ck_assert_str_eq(base, p[1]);
    free(base);
    /* A worktree's .git is a file. */
    vf_t_put(p[0], ".git", "gitdir: elsewhere\n");
    base = vf_sarif_base(files, 2);
    ck_assert_str_eq(base, p[0]);
    vf_sbuf u = VF_SBUF_INIT;
    vf_sarif_uri(&u, base, p[3]);
    ck_assert_str_eq(vf_sbuf_str(&u), "des/b%20c.des");
    vf_sbuf_reset(&u);
    vf_sarif_uri(&u, base, "/etc/hosts");
    ck_assert_str_eq(vf_sbuf_str(&u), "file:///etc/hosts");
    vf_sbuf_free(&u);
    free(base);
    vf_t_rm_tree(dir);
}
END_TEST

Suite *vf_test_sarif_suite(void)
{
    Suite *s = suite_create("sarif");
    TCase *tc = tcase_create("sarif");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, run_report_is_valid_and_at_name_lines);
    tcase_add_test(tc, run_report_has_causes_at_their_cells);
    tcase_add_test(tc, lint_sarif_is_valid_and_at_lines);
    tcase_add_test(tc, base_is_git_top_or_common_dir);
    suite_add_tcase(s, tc);
    return s;
}
