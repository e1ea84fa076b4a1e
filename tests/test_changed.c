/* run --changed-since REV in a temporary git repository: the maps of the
 * .des files git diff names, the maps drawing them as subvaults, the
 * names kept in run.txt; nothing changed, no repository and an unknown
 * revision. */
#define _XOPEN_SOURCE 700   /* mkdtemp, nftw */
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char sub_des[] =
    "NAME: t_sub\nTAGS: t_sub_tag\nMAP\n..\n..\nENDMAP\n\n"
    "NAME: t_sibling\nTAGS: transparent\nDEPTH: D\nMAP\n...\n.@.\n...\n"
    "ENDMAP\n";
/* t_parent draws t_sub as a subvault; t_grand draws t_parent. */
static const char parent_des[] =
    "NAME: t_parent\nTAGS: transparent t_parent_tag\nDEPTH: D\n"
    "SUBVAULT: X : t_sub_tag\nMAP\n.....\n.XX..\n.XX@.\n.....\nENDMAP\n\n"
    "NAME: t_grand\nTAGS: transparent\nDEPTH: D\n"
    "SUBVAULT: Y : t_parent_tag\nMAP\n.......\n.YYYYY.\n.YYYYY.\n.YYYYY.\n"
    ".YYYYY.\n...@...\nENDMAP\n\n"
    "NAME: t_other\nTAGS: transparent\nDEPTH: D\nMAP\n...\n.@.\n...\n"
    "ENDMAP\n";

typedef struct repo {
    char dir[32], des[64], out[64];
} repo;

static void git(const repo *r, const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "git -C %s -c user.email=t@t -c user.name=t "
             "%s >/dev/null 2>&1", r->dir, args);
    ck_assert_msg(system(cmd) == 0, "%s failed", cmd);
}

/* A repository with des/sub.des and des/parent.des committed. */
static void repo_open(repo *r)
{
    snprintf(r->dir, sizeof r->dir, "/tmp/vf_changed_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(r->dir));
    snprintf(r->des, sizeof r->des, "%s/des", r->dir);
    snprintf(r->out, sizeof r->out, "%s/out", r->dir);
    ck_assert_int_eq(mkdir(r->des, 0700), 0);
    vf_t_put(r->des, "sub.des", sub_des);
    vf_t_put(r->des, "parent.des", parent_des);
    git(r, "init -q .");
    git(r, "add des");
    git(r, "commit -q -m start");
}

static void repo_close(repo *r)
{
    vf_t_rm_tree(r->dir);
}

static vf_t_run run_changed(const repo *r, const char *rev)
{
    return vf_t_vaultfuzz("run", "--changed-since", rev, "--des", r->des,
                          "--mode", "empty", "--count", "2", "-j", "1",
                          "--out", r->out, NULL);
}

START_TEST(changed_file_and_its_subvault_users)
{
    repo r;
    repo_open(&r);
    /* An edit to t_sub's file: t_sub, its sibling, t_parent (draws it),
     * t_grand (draws t_parent); not t_other. */
    char edited[sizeof sub_des + 16], path[128];
    snprintf(edited, sizeof edited, "# edited\n%s", sub_des);
    vf_t_put(r.des, "sub.des", edited);
    vf_t_run x = run_changed(&r, "HEAD");
    ck_assert_msg(x.rc == 0, "%s", x.err);
    ck_assert_ptr_nonnull(strstr(x.out, "changed since HEAD: 1 .des files, "
                                 "4 maps (2 drawing a changed map as a "
                                 "subvault)"));
    ck_assert_ptr_nonnull(strstr(x.out, "command: vaultfuzz run "
                                 "t_parent t_grand t_sub t_sibling --count "
                                 "2 "));
    ck_assert_ptr_null(strstr(x.out, "t_other"));
    vf_t_run_free(&x);
    /* (In load order: parent.des comes first.) run.txt keeps the names:
     * --resume runs the same maps. */
    char *runtxt, why[256];
    size_t len;
    snprintf(path, sizeof path, "%s/run.txt", r.out);
    ck_assert(!vf_fs_read(path, 1 << 20, &runtxt, &len, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(runtxt, "arg t_parent\narg t_grand\n"
                                 "arg t_sub\narg t_sibling\n"));
    ck_assert_ptr_null(strstr(runtxt, "--changed-since"));
    free(runtxt);
    repo_close(&r);
}
END_TEST

START_TEST(changed_parent_alone)
{
    repo r;
    repo_open(&r);
    /* Committed, then compared with the commit before: the parent's
     * file only; its subvault t_sub is not run. */
    char path[128];
    snprintf(path, sizeof path, "%s/parent.des", r.des);
    FILE *f = fopen(path, "a");
    fputs("\n# a comment\n", f);
    fclose(f);
    git(&r, "commit -q -a -m edit");
    vf_t_run x = run_changed(&r, "HEAD~1");
    ck_assert_msg(x.rc == 0, "%s", x.err);
    ck_assert_ptr_nonnull(strstr(x.out, "command: vaultfuzz run t_parent "
                                 "t_grand t_other --count 2 "));
    vf_t_run_free(&x);
    repo_close(&r);
}
END_TEST

START_TEST(nothing_changed_runs_nothing)
{
    repo r;
    repo_open(&r);
    vf_t_run x = run_changed(&r, "HEAD");
    ck_assert_int_eq(x.rc, 0);
    ck_assert_ptr_nonnull(strstr(x.out, "0 .des files, 0 maps"));
    ck_assert_ptr_nonnull(strstr(x.out, "no map to run"));
    ck_assert_int_ne(access(r.out, F_OK), 0);   /* no report */
    vf_t_run_free(&x);
    repo_close(&r);
}
END_TEST

START_TEST(bad_revision_and_no_repository)
{
    repo r;
    repo_open(&r);
    vf_t_run x = run_changed(&r, "no-such-rev");
    ck_assert_int_eq(x.rc, 3);
    ck_assert_ptr_nonnull(strstr(x.err, "git knows no revision "
                                 "'no-such-rev'"));
    vf_t_run_free(&x);
    x = run_changed(&r, "--output=/tmp/x");   /* never an option to git */
    ck_assert_int_eq(x.rc, 3);
    ck_assert_ptr_nonnull(strstr(x.err, "needs a revision"));
    vf_t_run_free(&x);
    char gitdir[64];
    snprintf(gitdir, sizeof gitdir, "%s/.git", r.dir);
    vf_t_rm_tree(gitdir);
    x = run_changed(&r, "HEAD");
    ck_assert_int_eq(x.rc, 3);
    ck_assert_ptr_nonnull(strstr(x.err, "is not in a git work tree"));
    vf_t_run_free(&x);
    repo_close(&r);
}
END_TEST

/* The gate: the maps chosen run again at the revision, with the same
 * seeds; the run fails only on what the change made. */
static const char old_bad_des[] =
    "NAME: t_old_bad\nTAGS: transparent\nDEPTH: D\nMAP\n.......\n"
    ".xxxxx.\n.x...x.\n.xxxxx.\n.......\nENDMAP\n\n"
    "NAME: t_fine\nTAGS: transparent\nDEPTH: D\nMAP\n...\n.@.\n...\n"
    "ENDMAP\n";
static const char new_bad_des[] =
    "\nNAME: t_new_bad\nTAGS: transparent\nDEPTH: D\nSUBST: A = x..\n"
    "MAP\n.........\n.xxxxxxx.\n.x.....x.\n.x.....A.\n.xxxxxxx.\n"
    ".........\nENDMAP\n";

START_TEST(gate_fails_only_on_what_the_change_made)
{
    repo r;
    repo_open(&r);
    vf_t_put(r.des, "old.des", old_bad_des);
    git(&r, "add des");
    git(&r, "commit -q -m old");
    /* A comment in a file holding an old error: passes, the error listed
     * as there before, SARIF saying it is unchanged. */
    char text[sizeof old_bad_des + sizeof new_bad_des + 16], path[128];
    snprintf(text, sizeof text, "%s# a comment\n", old_bad_des);
    vf_t_put(r.des, "old.des", text);
    vf_t_run x = vf_t_vaultfuzz("run", "--changed-since", "HEAD", "--des",
                                r.des, "--mode", "empty", "--count", "10",
                                "-j", "1", "--out", r.out, NULL);
    ck_assert_msg(x.rc == 0, "%s%s", x.out, x.err);
    ck_assert_ptr_nonnull(strstr(x.out, "failing because of this change "
                                 "(0):\nalready failing before this change, "
                                 "not this change's (1):\n  t_old_bad  "));
    ck_assert_ptr_nonnull(strstr(x.out, "result: nothing this change made "
                                 "fails the run (exit status 0)"));
    snprintf(path, sizeof path, "%s/report.sarif", r.out);
    char *sarif = vf_t_read(path);
    ck_assert_ptr_nonnull(strstr(sarif, "\"baselineState\": \"unchanged\""));
    ck_assert_ptr_null(strstr(sarif, "\"baselineState\": \"new\""));
    free(sarif);
    vf_t_run_free(&x);
    vf_t_rm_tree(r.out);
    /* A vault added that fails in some rolls: the run fails on it alone. */
    snprintf(text, sizeof text, "%s%s", old_bad_des, new_bad_des);
    vf_t_put(r.des, "old.des", text);
    x = vf_t_vaultfuzz("run", "--changed-since", "HEAD", "--des", r.des,
                       "--mode", "empty", "--count", "10", "-j", "1",
                       "--out", r.out, NULL);
    ck_assert_msg(x.rc == 1, "%s%s", x.out, x.err);
    ck_assert_msg(strstr(x.out, "failing because of this change (1):\n"
                         "  t_new_bad  ") != NULL, "%s", x.out);
    ck_assert_ptr_nonnull(strstr(x.out, "; before not there\n"));
    sarif = vf_t_read(path);
    ck_assert_ptr_nonnull(strstr(sarif, "\"baselineState\": \"new\""));
    free(sarif);
    /* The run at HEAD is a report of its own, from the .des files there. */
    snprintf(path, sizeof path, "%s/before/summary.txt", r.out);
    char *before = vf_t_read(path);
    ck_assert_ptr_nonnull(strstr(before, "\n  t_old_bad  "));
    ck_assert_ptr_null(strstr(before, "\n  t_new_bad  "));
    ck_assert_ptr_nonnull(strstr(before, "maps: 2 selected, 2 run"));
    free(before);
    vf_t_run_free(&x);
    repo_close(&r);
}
END_TEST

/* A change that takes an untouched map's name fails the pull request,
 * at the change's file, even when its file loads first (a.des before
 * sub.des): the untouched map is never the one blamed. */
START_TEST(name_theft_is_the_changes_error)
{
    repo r;
    repo_open(&r);
    vf_t_put(r.des, "a_thief.des", "NAME: t_sibling\nTAGS: transparent\n"
             "DEPTH: D\nMAP\n.@.\nENDMAP\n");
    git(&r, "add des");
    vf_t_run x = run_changed(&r, "HEAD");
    ck_assert_msg(x.rc == 3, "%d %s%s", x.rc, x.out, x.err);
    char want[256];
    snprintf(want, sizeof want, "%s/a_thief.des:1: map t_sibling: name "
             "already used by the map at %s/sub.des:8, which this change "
             "did not touch", r.des, r.des);
    ck_assert_msg(strstr(x.err, want), "%s", x.err);
    snprintf(want, sizeof want, "%s/sub.des:8: map", r.des);
    ck_assert_msg(!strstr(x.err, want), "%s", x.err);
    vf_t_run_free(&x);
    repo_close(&r);
}
END_TEST

Suite *vf_test_changed_suite(void)
{
    Suite *s = suite_create("changed");
    TCase *tc = tcase_create("changed");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, changed_file_and_its_subvault_users);
    tcase_add_test(tc, changed_parent_alone);
    tcase_add_test(tc, nothing_changed_runs_nothing);
    tcase_add_test(tc, bad_revision_and_no_repository);
    tcase_add_test(tc, gate_fails_only_on_what_the_change_made);
    tcase_add_test(tc, name_theft_is_the_changes_error);
    suite_add_tcase(s, tc);
    return s;
}
