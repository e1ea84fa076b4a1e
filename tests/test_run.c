/* vaultfuzz run, repro, merge and compare: the same report however the
 * cases are spread (-j, shards, a kill and --resume), dumps replayed byte
 * for byte, workers that crash or hang, the report's contents. */
#define _XOPEN_SOURCE 700   /* mkdtemp, nftw */
#include "tests.h"
#include "cli.h"
#include "vf_gz.h"
#include "vf_journal.h"
#include "vf_report.h"
#include "vf_shell.h"

#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Maps for every path through a run: ok, failing on some seeds, failing
 * at load, skipped two ways, two encompass maps (each a level of its
 * own), a name that needs quoting, and two the
 * test-only hooks make crash or hang. */
static const char corpus[] =
    "NAME: t_ok\nTAGS: transparent\nDEPTH: D\nMAP\n...\n.@.\n...\nENDMAP\n\n"
    "NAME: t_unlucky\nTAGS: transparent\nDEPTH: D\n"
    ": if not is_validating() and crawl.one_chance_in(3) then\n"
    ":   error(\"unlucky\")\n: end\nMAP\n.....\n..@..\nENDMAP\n\n"
    "NAME: t_load_error\nTAGS: transparent\nDEPTH: D\n"
    ": if is_validating() then error(\"fails at load\") end\n"
    "MAP\n.@.\nENDMAP\n\n"
    "NAME: t_removed\nTAGS: removed\nDEPTH: D\nMAP\n.@.\nENDMAP\n\n"
    "NAME: t_unrand\nTAGS: unrand\nDEPTH: D\nMAP\n.@.\nENDMAP\n\n"
    "NAME: t_encompass\nORIENT: encompass\nDEPTH: D\nMAP\n{..\n..}\nENDMAP\n\n"
    "NAME: t_branch_end\nORIENT: encompass\nPLACE: Depths:$\n"
    "MAP\n{..\nENDMAP\n\n"
    "NAME: t_odd'name!\nTAGS: transparent\nDEPTH: D\n"
    ": if not is_validating() and crawl.coinflip() then error(\"odd\") end\n"
    "MAP\n.@.\nENDMAP\n\n"
    "NAME: t_crash\nTAGS: transparent\nDEPTH: D\nMAP\n.@.\nENDMAP\n\n"
    "NAME: t_hang\nTAGS: transparent\nDEPTH: D\nMAP\n.@.\nENDMAP\n";

/* A map slow enough (a Lua loop per case) that a run can be killed
 * half-way. */
static const char slow_corpus[] =
    "NAME: t_slow\nTAGS: transparent\nDEPTH: D\n"
    ": if not is_validating() then\n"
    ":   local x = 0\n:   for i = 1, 400000 do x = x + i end\n: end\n"
    "MAP\n.@.\nENDMAP\n\n"
    "NAME: t_unlucky\nTAGS: transparent\nDEPTH: D\n"
    ": if not is_validating() and crawl.one_chance_in(3) then\n"
    ":   error(\"unlucky\")\n: end\nMAP\n.....\n..@..\nENDMAP\n";

/* A fresh directory for one test; *corpus_out is its t.des. */
typedef struct space {
    char dir[64];
    char des[96];
    char path[8][128];   /* scratch paths inside dir */
} space;

static void space_open(space *s, const char *text)
{
    snprintf(s->dir, sizeof s->dir, "/tmp/vf_run_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(s->dir));
    snprintf(s->des, sizeof s->des, "%s/t.des", s->dir);
    FILE *f = fopen(s->des, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static const char *sub(space *s, int i, const char *name)
{
    char p[sizeof s->path[i]];
    snprintf(p, sizeof p, "%s/%s", s->dir, name);
    memcpy(s->path[i], p, sizeof p);
    return s->path[i];
}

static int rm_one(const char *p, const struct stat *st, int flag,
                  struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(p);
}

static void space_close(space *s)
{
    nftw(s->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static char *slurp(const char *path, size_t *len)
{
    char *data, why[256];
    ck_assert_msg(!vf_gz_read(path, (size_t)1 << 28, &data, len, why,
                              sizeof why), "%s", why);
    return data;
}

static char *text_of(const char *dir, const char *name)
{
    char p[256];
    size_t len;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return slurp(p, &len);
}

static int count_lines(const char *text, const char *prefix)
{
    int n = 0;
    size_t pl = strlen(prefix);
    for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : s)
        n += !strncmp(s, prefix, pl);
    return n;
}

/* ---- the whole run ------------------------------------------------------- */

START_TEST(run_reports_every_kind_of_map)
{
    space s;
    space_open(&s, corpus);
    vf_t_run r = vf_t_vaultfuzz("run", "--verbose", "--mode", "empty",
                                "--des", s.des, "--count", "12", "-j",
                                "2", "--out", sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    char *sum = text_of(s.path[0], "summary.txt");
    ck_assert_ptr_nonnull(strstr(r.out, sum));   /* printed as written */
    ck_assert_ptr_nonnull(strstr(sum, "\nstatus: complete\n"));
    /* Encompass maps run, each as the level it is. */
    ck_assert_ptr_nonnull(strstr(sum, "\nmaps: 10 selected, 7 run, 2 "
                                 "skipped, 1 with a Lua error at load\n"
                                 "skipped: removed 1, unrand 1\n"
                                 "cases: 84 run, "));
    ck_assert_ptr_nonnull(strstr(sum, "  t_load_error  "));
    ck_assert_ptr_nonnull(strstr(sum, "Lua error at load: "));
    ck_assert_ptr_nonnull(strstr(sum, "fails at load"));
    ck_assert_ptr_nonnull(strstr(sum, "result: failures found (exit status "
                                 "1)\n"));
    /* The command names absolute paths: a report replays anywhere. */
    ck_assert_ptr_nonnull(strstr(sum, "command: vaultfuzz run --count 12 "
                                 "--seed 1 --mode empty --des "
                                 "/tmp/vf_run_"));
    free(sum);

    /* vaults.csv: a row per map that was examined, a column per kind. */
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert(!strncmp(csv, "map,file,line,status,severity,cases,ok,"
                       "error_cases,warning_cases,note_cases,lua_error,"
                       "validate_failed,", 86));
    ck_assert_int_eq(count_lines(csv, "t_"), 10);
    ck_assert_ptr_nonnull(strstr(csv, "\nt_ok,"));
    ck_assert_ptr_nonnull(strstr(csv, ",run,ok,12,12,0,0,0,0,"));
    ck_assert_ptr_nonnull(strstr(csv, "\nt_unrand,"));
    ck_assert_ptr_nonnull(strstr(csv, ",unrand,,0,0,"));
    ck_assert_ptr_nonnull(strstr(csv, ",load_error,error,0,0,"));
    free(csv);

    /* failures.jsonl: one line per failing case and the load error, each
     * with a dump (but the load error) and a repro command. */
    char *fl = text_of(s.path[0], "failures.jsonl");
    int lines = count_lines(fl, "{\"map\": ");
    ck_assert_int_gt(lines, 3);
    ck_assert_int_eq(count_lines(fl, "{\"map\": \"t_load_error\""), 1);
    ck_assert_ptr_nonnull(strstr(fl, "\"repro\": \"vaultfuzz lint --des "
                                 "/tmp/vf_run_"));
    ck_assert_ptr_nonnull(strstr(fl, "\"repro\": \"vaultfuzz repro "
                                 "'t_odd'\\\\''name!' --seed 1 --iter "));
    ck_assert_ptr_nonnull(strstr(fl, "\"dump\": \"dumps/t_odd_name_-"));
    free(fl);
    vf_strlist dumps = {0};
    vf_t_dumps(s.path[0], &dumps);
    ck_assert_uint_eq(dumps.n, (size_t)lines - 1);
    vf_strlist_free(&dumps);

    char *junit = text_of(s.path[0], "junit.xml");
    ck_assert_ptr_nonnull(strstr(junit, "tests=\"10\" failures=\"3\" "
                                 "errors=\"0\" skipped=\"2\""));
    ck_assert_ptr_nonnull(strstr(junit, "name=\"t_odd&apos;name!\">\n      "
                                 "<failure message=\""));
    ck_assert_ptr_nonnull(strstr(junit, "<skipped message=\"unrand\"/>"));
    free(junit);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* Maps at two levels, in turn in the file. */
static const char two_levels[] =
    "NAME: t_a2\nTAGS: transparent\nDEPTH: D:2\nMAP\n.@.\nENDMAP\n\n"
    "NAME: t_b5\nTAGS: transparent\nDEPTH: D:5\nMAP\n.@.\nENDMAP\n\n"
    "NAME: t_c2\nTAGS: transparent\nDEPTH: D:2\nMAP\n.@.\nENDMAP\n\n"
    "NAME: t_d5\nTAGS: transparent\nDEPTH: D:5\nMAP\n.@.\nENDMAP\n";

/* Cases go out grouped by the level their maps run at, whatever the
 * file's order (a worker's built layouts are kept per level): at -j 1
 * the journal's case lines come in the order they went out, so the
 * level changes once. */
START_TEST(cases_go_out_by_level)
{
    space s;
    space_open(&s, two_levels);
    vf_t_run a = vf_t_vaultfuzz("run", "--des", s.des, "--count", "3",
                                "-j", "1", "--layouts", "empty,rooms",
                                "--explain", "none", "--out",
                                sub(&s, 0, "out"), NULL);
    ck_assert_msg(a.rc == 0, "%s", a.err);
    char *j = text_of(s.path[0], "journal.tsv");
    int cases = 0, changes = 0, last = -1;
    for (const char *l = j; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l) {
        if (strncmp(l, "C\t", 2)) continue;
        int depth = atoi(l + 2) % 2 ? 5 : 2;   /* maps 1 and 3 at D:5 */
        changes += last >= 0 && depth != last;
        last = depth;
        cases++;
    }
    ck_assert_int_eq(cases, 4 * 2 * 3);
    ck_assert_int_eq(changes, 1);
    free(j);
    vf_t_run_free(&a);
    space_close(&s);
}
END_TEST

START_TEST(reports_identical_for_j1_and_j2)
{
    space s;
    space_open(&s, corpus);
    vf_t_run a = vf_t_vaultfuzz("run", "--mode", "empty",
                                "--des", s.des, "--count", "15", "-j",
                                "1", "--out", sub(&s, 0, "j1"), "--mode",
                                "empty,fill", NULL);
    vf_t_run b = vf_t_vaultfuzz("run", "--mode", "empty",
                                "--des", s.des, "--count", "15", "-j2",
                                "--out", sub(&s, 1, "j2"), "--mode",
                                "empty,fill", NULL);
    ck_assert_int_eq(a.rc, 1);
    ck_assert_int_eq(b.rc, 1);
    vf_t_same_report(s.path[0], s.path[1]);
    vf_t_run_free(&a);
    vf_t_run_free(&b);
    space_close(&s);
}
END_TEST

START_TEST(three_shards_merged_equal_one_run)
{
    space s;
    space_open(&s, corpus);
    /* Shards explain nothing (each sees part of a map's cases). */
    vf_t_run one = vf_t_vaultfuzz("run", "--mode", "empty",
                                  "--des", s.des, "--count", "7", "-j",
                                  "2", "--explain", "none", "--out",
                                  sub(&s, 0, "one"), NULL);
    ck_assert_int_eq(one.rc, 1);
    const char *shard[] = {"1/3", "2/3", "3/3"};
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "shard%d", i + 1);
        vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty",
                                    "--des", s.des, "--count", "7",
                                    "-j", "2", "--shard", shard[i], "--out",
                                    sub(&s, 1 + i, name), NULL);
        ck_assert_msg(r.rc == 1 || r.rc == 0, "%s", r.err);
        ck_assert_ptr_nonnull(strstr(r.out, "shard: "));
        vf_t_run_free(&r);
    }
    /* In any order. */
    vf_t_run m = vf_t_vaultfuzz("merge", "--out", sub(&s, 4, "merged"),
                                s.path[3], s.path[1], s.path[2], NULL);
    ck_assert_msg(m.rc == 1, "%s", m.err);
    vf_t_same_report(s.path[0], s.path[4]);
    vf_t_run_free(&m);

    /* Two shards of three: reported incomplete (exit 2); --resume runs the
     * third shard's cases and gives the whole report. */
    m = vf_t_vaultfuzz("merge", "--out", sub(&s, 5, "part"), s.path[1],
                       s.path[2], NULL);
    ck_assert_int_eq(m.rc, 2);
    ck_assert_ptr_nonnull(strstr(m.out, "status: incomplete: "));
    ck_assert_ptr_nonnull(strstr(m.err, "2 of 3 shards given"));
    vf_t_run_free(&m);
    m = vf_t_vaultfuzz("run", "--resume", s.path[5], "-j", "2", NULL);
    ck_assert_int_eq(m.rc, 1);
    vf_t_same_report(s.path[0], s.path[5]);
    vf_t_run_free(&m);

    /* Shards that do not fit together. */
    m = vf_t_vaultfuzz("merge", "--out", sub(&s, 6, "bad"), s.path[1],
                       s.path[1], NULL);
    ck_assert_int_eq(m.rc, 2);
    ck_assert_ptr_nonnull(strstr(m.err, "are the same shard"));
    vf_t_run_free(&m);
    m = vf_t_vaultfuzz("merge", "--out", sub(&s, 6, "bad2"), s.path[0],
                       s.path[1], NULL);
    ck_assert_int_eq(m.rc, 2);
    ck_assert_ptr_nonnull(strstr(m.err, "differ in the number of shards"));
    vf_t_run_free(&m);
    vf_t_run_free(&one);
    space_close(&s);
}
END_TEST

/* Runs s's corpus in layouts, count times, with every case's dump, into
 * s->path[0]; returns the exit status. */
static int dump_run(space *s, const char *layouts, const char *count)
{
    vf_t_run r = vf_t_vaultfuzz("run", "--layouts", layouts, "--des", s->des,
                                "--count", count, "-j", "2", "--out",
                                sub(s, 0, "a"), "--dump", NULL);
    int rc = r.rc;
    ck_assert_msg(rc == 0 || rc == 1, "%s", r.err);
    vf_t_run_free(&r);
    return rc;
}

/* Replays each of the n dumps of the run in s->path[0] from its dump:
 * the same verdict, and the dump written again byte for byte. */
static void repro_every_dump(space *s, size_t n)
{
    vf_strlist dumps = {0};
    vf_t_dumps(s->path[0], &dumps);
    ck_assert_uint_eq(dumps.n, n);
    for (size_t i = 0; i < dumps.n; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/dumps/%s", s->path[0], dumps.v[i]);
        vf_t_run r = vf_t_vaultfuzz("repro", path, "--dump",
                                    sub(s, 1, "again.txt.gz"), NULL);
        ck_assert_msg(r.rc == 0 || r.rc == 1, "%s", r.err);
        ck_assert_ptr_nonnull(strstr(r.out, "repro: the same verdict as "
                                     "the dump ("));
        vf_t_same_bytes(path, s->path[1]);
        vf_t_run_free(&r);
    }
    vf_strlist_free(&dumps);
}

/* A layout case replays alone: the run's workers drew their layouts from
 * their caches, shared with every map before it; repro builds the case's
 * layout afresh from its seed and writes its dump again byte for byte,
 * with the same verdict. */
START_TEST(repro_replays_layout_cases)
{
    space s;
    space_open(&s, corpus);
    ck_assert_int_le(dump_run(&s, "rooms,cross", "3"), 1);
    repro_every_dump(&s, 7 * 2 * 3);
    space_close(&s);
}
END_TEST

/* Every dump of a run, replayed from the dump and from the printed
 * command, is written again byte for byte. */
START_TEST(repro_writes_identical_dumps)
{
    space s;
    space_open(&s, corpus);
    vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty",
                                "--des", s.des, "--count", "6", "-j",
                                "2", "--out", sub(&s, 0, "a"), "--dump", NULL);
    ck_assert_int_eq(r.rc, 1);
    vf_t_run_free(&r);
    vf_strlist dumps = {0};
    vf_t_dumps(s.path[0], &dumps);
    ck_assert_uint_eq(dumps.n, 7 * 6);   /* --dump: every case */
    int explained = 0;
    for (size_t i = 0; i < dumps.n; i++) {
        char path[256];
        size_t len;
        snprintf(path, sizeof path, "%s/dumps/%s", s.path[0], dumps.v[i]);
        /* The case explained says why in its dump: repro says it too. */
        char *text = slurp(path, &len);
        explained += strstr(text, "\nwhy it fails (") != NULL;
        free(text);
        r = vf_t_vaultfuzz("repro", path, "--dump", sub(&s, 1, "again.txt.gz"),
                           NULL);
        ck_assert_msg(r.rc == 0 || r.rc == 1, "%s", r.err);
        ck_assert_ptr_nonnull(strstr(r.out, "repro: the same verdict as "
                                     "the dump ("));
        vf_t_same_bytes(path, s.path[1]);
        vf_t_run_free(&r);
    }
    ck_assert_int_ge(explained, 1);
    vf_strlist_free(&dumps);

    /* The command failures.jsonl prints for a case, run as it is. */
    char *fl = text_of(s.path[0], "failures.jsonl");
    char *cmd = strstr(fl, "\"repro\": \"vaultfuzz repro t_unlucky ");
    ck_assert_ptr_nonnull(cmd);
    cmd += strlen("\"repro\": \"");
    *strchr(cmd, '"') = '\0';
    vf_strlist words = {0};
    ck_assert_int_eq(vf_shell_split(cmd, &words), 0);
    char *argv[24];
    size_t n = 0;
    for (size_t i = 0; i < words.n && n < 20; i++) argv[n++] = words.v[i];
    argv[n++] = "--dump";
    argv[n++] = (char *)sub(&s, 2, "cmd.txt");
    argv[n] = NULL;
    size_t ol, el;
    char *out, *err;
    FILE *fo = open_memstream(&out, &ol), *fe = open_memstream(&err, &el);
    int rc = vf_cli_main((int)n, argv, fo, fe);
    fclose(fo);
    fclose(fe);
    ck_assert_msg(rc == 1, "%s", err);
    /* The plain-text dump is the gzipped one's text. */
    const char *iter = strstr(cmd, "--iter ") + 7;
    char gz[256];
    snprintf(gz, sizeof gz, "%s/dumps/t_unlucky.empty.%d.txt.gz", s.path[0],
             atoi(iter));
    size_t la, lb;
    char *a = slurp(gz, &la), *b = slurp(s.path[2], &lb);
    ck_assert_uint_eq(la, lb);
    ck_assert(!memcmp(a, b, la));
    ck_assert_ptr_nonnull(strstr(a, "\nverdict: lua_error:error\nmessage: "));
    ck_assert_ptr_nonnull(strstr(a, "\nlevel (80x70):\n"));
    ck_assert_ptr_nonnull(strstr(a, "\nlegend:\n  .  floor\n"));
    free(a);
    free(b);
    free(out);
    free(err);
    vf_strlist_free(&words);
    free(fl);

    r = vf_t_vaultfuzz("repro", sub(&s, 3, "nothing.txt.gz"), NULL);
    ck_assert_int_eq(r.rc, 2);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* A run with --game-names keeps the file, made absolute, in run.txt and
 * in each case's repro command, with the rest of the world it ran in
 * (--game-version without --place): a failing case replays from its dump
 * as it ran, and without the names the same case is another. */
START_TEST(run_records_game_names_for_repro)
{
    space s;
    space_open(&s, "NAME: t_glow\nTAGS: transparent\nDEPTH: D\n"
               "KFEAT: x = glowstone\n"
               ": if not is_validating() and crawl.one_chance_in(3) then\n"
               ":   error(\"unlucky\")\n: end\nMAP\n.....\n..x..\nENDMAP\n");
    vf_t_put(s.dir, "names.txt", "feature glowstone like fountain_blue\n");
    char given[160], names[160], want[512];
    snprintf(given, sizeof given, "%s/./names.txt", s.dir);
    snprintf(names, sizeof names, "%s/names.txt", s.dir);
    vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.des,
                                "--count", "6", "-j", "2", "--game-names",
                                given, "--game-version", "0.28", "--out",
                                sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 1, "%s%s", r.out, r.err);
    vf_t_run_free(&r);
    char *sum = text_of(s.path[0], "summary.txt");
    ck_assert_ptr_nonnull(strstr(sum, "\nmaps: 1 selected, 1 run, 0 skipped, "
                                 "0 with a Lua error at load\n"));
    char *run = text_of(s.path[0], "run.txt");
    snprintf(want, sizeof want, "\narg --game-names\narg %s\n", names);
    ck_assert_ptr_nonnull(strstr(run, want));
    char *fl = text_of(s.path[0], "failures.jsonl");
    snprintf(want, sizeof want, " --game-version 0.28 --game-names %s --des "
             "%s\"", names, s.des);
    ck_assert_msg(strstr(fl, want), "no '%s' in %s", want, fl);
    vf_strlist dumps = {0};
    vf_t_dumps(s.path[0], &dumps);
    ck_assert_uint_ge(dumps.n, 1);
    for (size_t i = 0; i < dumps.n; i++) {
        char path[256], iter[16];
        snprintf(path, sizeof path, "%s/dumps/%s", s.path[0], dumps.v[i]);
        r = vf_t_vaultfuzz("repro", path, NULL);
        ck_assert_msg(r.rc == 1, "%s", r.err);
        ck_assert_ptr_nonnull(strstr(r.out, "repro: the same verdict as the "
                                     "dump (lua_error:error)"));
        vf_t_run_free(&r);
        snprintf(iter, sizeof iter, "%d", atoi(strchr(dumps.v[i], '.') + 7));
        r = vf_t_vaultfuzz("repro", "t_glow", "--iter", iter, "--des", s.des,
                           "--game-version", "0.28", NULL);
        ck_assert_ptr_nonnull(strstr(r.out, "no features matching "
                                     "\"glowstone\""));
        vf_t_run_free(&r);
    }
    vf_strlist_free(&dumps);
    free(fl);
    free(run);
    free(sum);
    space_close(&s);
}
END_TEST

static int journal_cases(const char *dir)
{
    char *j = text_of(dir, "journal.tsv");
    int n = count_lines(j, "C\t");
    free(j);
    return n;
}

/* A run killed with SIGKILL half-way (and its journal cut mid-line), then
 * resumed, writes the report an uninterrupted run writes. */
START_TEST(killed_then_resumed_equals_uninterrupted)
{
    space s;
    space_open(&s, slow_corpus);
    const char *out = sub(&s, 0, "killed");
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        FILE *null = fopen("/dev/null", "w");
        char *argv[] = {"vaultfuzz", "run", "--mode", "empty", "--des",
                        s.des, "--count", "150", "-j", "2", "--out",
                        (char *)out, NULL};
        _exit(vf_cli_main(12, argv, null, null));
    }
    char journal[256];
    snprintf(journal, sizeof journal, "%s/journal.tsv", out);
    for (int tries = 0; tries < 3000; tries++) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
        if (access(journal, R_OK) == 0 && journal_cases(out) >= 20) break;
    }
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
    ck_assert_msg(WIFSIGNALED(st), "the run ended before it was killed");
    int before = journal_cases(out);
    ck_assert_int_lt(before, 300);
    FILE *j = fopen(journal, "a");
    fputs("C\t0\tempty\t14", j);   /* a line cut short */
    fclose(j);

    vf_t_run r = vf_t_vaultfuzz("run", "--resume", out, "-j", "2", NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    vf_t_run_free(&r);
    ck_assert_int_eq(journal_cases(out), 300);   /* none twice */
    /* The journal reads back whole: the cut line was dropped. */
    r = vf_t_vaultfuzz("run", "--resume", out, NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--mode", "empty",
                       "--des", s.des, "--count", "150", "-j", "1",
                       "--out", sub(&s, 1, "whole"), NULL);
    ck_assert_int_eq(r.rc, 1);
    vf_t_run_free(&r);
    vf_t_same_report(s.path[1], out);
    space_close(&s);
}
END_TEST

/* A worker killed from outside (SIGKILL, as the out-of-memory killer
 * sends) on its first attempt at t_crash's cases: each case runs once
 * more on a fresh worker, and the report is that of a run with no kill.
 * Killed on every attempt: crash, after that one retry, saying so. */
START_TEST(outside_kill_is_retried_once)
{
    space s;
    space_open(&s, corpus);
    vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.des,
                                "--count", "3", "-j", "2", "--out",
                                sub(&s, 0, "plain"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    vf_t_run_free(&r);
    /* Test-only hook (vf_work.h): this process only (Check forks). */
    setenv("VAULTFUZZ_TEST_KILL", "t_crash:1", 1);
    r = vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.des, "--count",
                       "3", "-j", "2", "--out", sub(&s, 1, "once"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    ck_assert_msg(!strstr(r.out, "crash"), "%s", r.out);
    vf_t_run_free(&r);
    vf_t_same_report(s.path[0], s.path[1]);
    setenv("VAULTFUZZ_TEST_KILL", "t_crash", 1);
    r = vf_t_vaultfuzz("run", "--verbose", "--mode", "empty", "--des", s.des,
                       "--count", "3", "-j", "1", "--out",
                       sub(&s, 2, "always"), NULL);
    unsetenv("VAULTFUZZ_TEST_KILL");
    ck_assert_msg(r.rc == 1, "%s", r.err);
    ck_assert_msg(strstr(r.out, "error in 3 of 3 cases (100.0%, 95% CI "
                         "43.9-100.0%): crash 3 error; first: empty #0\n"),
                  "%s", r.out);
    vf_t_run_free(&r);
    char *fl = text_of(s.path[2], "failures.jsonl");
    ck_assert_msg(strstr(fl, "\"message\": \"the worker was killed by "
                         "signal 9, again when the case ran once more on a "
                         "fresh worker (killed from outside twice -- out of "
                         "memory? -- or by the case itself)\""), "%s", fl);
    free(fl);
    char *csv = text_of(s.path[2], "vaults.csv");
    ck_assert_ptr_nonnull(strstr(csv, ",run,ok,3,3,0,"));   /* t_ok */
    free(csv);
    space_close(&s);
}
END_TEST

/* A worker that dies on a signal or hangs: its case is recorded, with a
 * dump and a repro command, and the run goes on to the end. */
START_TEST(crash_and_hang_are_reported)
{
    space s;
    space_open(&s, corpus);
    /* Test-only hooks (vf_work.h): this process only (Check forks). */
    setenv("VAULTFUZZ_TEST_CRASH", "t_crash", 1);
    setenv("VAULTFUZZ_TEST_HANG", "t_hang", 1);
    vf_t_run r = vf_t_vaultfuzz("run", "--verbose", "--mode", "empty",
                                "--des", s.des, "--count", "3", "-j",
                                "2", "--timeout", "0.3", "--out",
                                sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "\nstatus: complete\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "cases: 21 run, "));
    ck_assert_ptr_nonnull(strstr(r.out, "  t_crash  "));
    ck_assert_ptr_nonnull(strstr(r.out, "error in 3 of 3 cases (100.0%, 95% "
                                 "CI 43.9-100.0%): crash 3 error; first: "
                                 "empty #0\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "): timeout 3 error; first: empty "
                                 "#0\n"));
    vf_t_run_free(&r);
    char *fl = text_of(s.path[0], "failures.jsonl");
    ck_assert_ptr_nonnull(strstr(fl, "\"severity\": \"error\", \"kinds\": "
                                 "[\"crash\"], \"kind_severity\": "
                                 "{\"crash\": \"error\"}, \"accepted\": [], "
                                 "\"message\": \"the worker was killed by "
                                 "signal 6\""));
    ck_assert_ptr_nonnull(strstr(fl, "[\"timeout\"], \"kind_severity\": "
                                 "{\"timeout\": \"error\"}, \"accepted\": "
                                 "[], \"message\": "
                                 "\"no result within 0.3 s (--timeout): the "
                                 "worker was killed\""));
    ck_assert_ptr_nonnull(strstr(fl, "\"repro\": \"vaultfuzz repro t_hang "
                                 "--seed 1 --iter 2 --mode empty"));
    free(fl);
    char *dump = text_of(s.path[0], "dumps/t_crash.empty.1.txt.gz");
    ck_assert_ptr_nonnull(strstr(dump, "\nverdict: crash:error\n"));
    ck_assert_ptr_nonnull(strstr(dump, "\nno level: the worker running this "
                                 "case died"));
    free(dump);
    /* The other maps' results are those of a run without the hooks. */
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert_ptr_nonnull(strstr(csv, "\nt_ok,"));
    ck_assert_ptr_nonnull(strstr(csv, ",run,ok,3,3,0,"));
    free(csv);
    space_close(&s);
}
END_TEST

/* ---- exit statuses and refusals ----------------------------------------- */

START_TEST(exit_statuses)
{
    space s;
    space_open(&s, corpus);
    vf_t_run r = vf_t_vaultfuzz("run", "t_ok", "--des", s.des, "--count", "2",
                                "--out", sub(&s, 0, "ok"), NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "maps: 1 selected, 1 run, "));
    ck_assert_ptr_nonnull(strstr(r.out, "result: nothing fails the run "
                                 "(exit status 0)\n"));
    vf_t_run_free(&r);
    /* The same --out twice: refused; --resume of a finished run: its
     * report again. */
    r = vf_t_vaultfuzz("run", "t_ok", "--des", s.des, "--out", s.path[0], NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "holds a run already"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--resume", s.path[0], NULL);
    ck_assert_int_eq(r.rc, 0);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--resume", s.path[0], "--count", "3", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "give only -j, --timeout"));
    vf_t_run_free(&r);

    /* Globs, --file, unknown names, bad values. */
    r = vf_t_vaultfuzz("run", "t_un*", "t_ok", "--des", s.des, "--count", "1",
                       "--out", sub(&s, 1, "glob"), NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "maps: 3 selected, 2 run, 1 "
                                 "skipped"));
    vf_t_run_free(&r);
    /* --tag: the tags a map's Lua sets at load. */
    r = vf_t_vaultfuzz("run", "--tag", "transparent", "--tag", "unrand",
                       "--des", s.des, "--count", "1", "--out",
                       sub(&s, 4, "tag"), NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "maps: 7 selected, 5 run, 1 "
                                 "skipped, 1 with a Lua error at load\n"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "t_nope", "--des", s.des, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz run: no map named 't_nope'\n");
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--file", "other.des", "--des", s.des, NULL);
    ck_assert_int_eq(r.rc, 2);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--shard", "4/3", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz run: --shard needs I/N, 1 <= I <= N, "
                     "not '4/3'\n");
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--mode", "empty,empty", NULL);
    ck_assert_int_eq(r.rc, 2);
    vf_t_run_free(&r);

    /* A .des file that does not load: the rest runs and reports, exit 3,
     * the problem in JUnit and failures.jsonl too. */
    FILE *f = fopen(sub(&s, 2, "broken.des"), "w");
    fputs("NAME: t_broken\nMAP\n.@.\n", f);   /* no ENDMAP */
    fclose(f);
    r = vf_t_vaultfuzz("run", "--mode", "empty",
                       "--des", s.des, "--des", s.path[2], "--count",
                       "1", "--out", sub(&s, 3, "input"), NULL);
    ck_assert_int_eq(r.rc, 3);
    ck_assert_ptr_nonnull(strstr(r.out, "\ninput: 1 problems loading the "
                                 ".des files:\n  "));
    ck_assert_ptr_nonnull(strstr(r.out, "result: input problems (exit "
                                 "status 3)\n"));
    char *junit = text_of(s.path[3], "junit.xml");
    ck_assert_ptr_nonnull(strstr(junit, "errors=\"1\""));
    ck_assert_ptr_nonnull(strstr(junit, "broken.des\" name=\"input\">\n"
                                 "      <error message=\""));
    free(junit);
    char *fl = text_of(s.path[3], "failures.jsonl");
    ck_assert_ptr_nonnull(strstr(fl, "broken.des\", \"line\": "));
    ck_assert_ptr_nonnull(strstr(fl, "\"kinds\": [\"input_problem\"]"));
    free(fl);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* compare: what the nightly script prints and exits with. */
/* compare calls a map new or fixed only on evidence (Fisher's exact test
 * at 0.05 over the maps compared), and says what it cannot settle. */
START_TEST(compare_finds_new_and_fixed)
{
    space s;
    space_open(&s, corpus);
    vf_t_run a = vf_t_vaultfuzz("run", "--mode", "empty",
                                "t_ok", "t_crash", "--des", s.des,
                                "--count", "10", "--out", sub(&s, 0, "before"),
                                NULL);
    ck_assert_int_eq(a.rc, 0);
    setenv("VAULTFUZZ_TEST_CRASH", "t_crash", 1);
    vf_t_run b = vf_t_vaultfuzz("run", "--mode", "empty",
                                "t_ok", "t_crash", "--des", s.des,
                                "--count", "10", "--out", sub(&s, 1, "after"),
                                NULL);
    ck_assert_int_eq(b.rc, 1);
    vf_t_run d = vf_t_vaultfuzz("run", "--mode", "empty",
                                "t_ok", "t_crash", "--des", s.des,
                                "--count", "1", "--out", sub(&s, 2, "thin"),
                                NULL);
    unsetenv("VAULTFUZZ_TEST_CRASH");
    vf_t_run c = vf_t_vaultfuzz("compare", s.path[0], s.path[1], NULL);
    ck_assert_int_eq(c.rc, 1);
    ck_assert_ptr_nonnull(strstr(c.out, "a change needs p < 0.025 (0.05 "
                                 "over 2 maps compared)\n"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nnew failures: 1\n  t_crash  "));
    ck_assert_ptr_nonnull(strstr(c.out, "  0/10 -> 10/10 (p = 1.1e-05)\n"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nfixed: 0\n"));
    ck_assert_ptr_null(strstr(c.out, "warning:"));
    vf_t_run_free(&c);
    c = vf_t_vaultfuzz("compare", s.path[1], s.path[0], NULL);
    ck_assert_int_eq(c.rc, 0);
    ck_assert_ptr_nonnull(strstr(c.out, "\nnew failures: 0\nfixed: 1\n  "
                                 "t_crash  "));
    vf_t_run_free(&c);
    /* One case the crash hook hit: too thin to call the map new. */
    c = vf_t_vaultfuzz("compare", s.path[0], s.path[2], NULL);
    ck_assert_int_eq(c.rc, 0);
    ck_assert_ptr_nonnull(strstr(c.out, "warning: the reports ran with other "
                                 "options"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nseen for the first time (too few "
                                 "cases to call new): 1\n  t_crash  "));
    vf_t_run_free(&c);
    vf_t_run_free(&a);
    vf_t_run_free(&b);
    vf_t_run_free(&d);
    space_close(&s);
}
END_TEST

/* A room whose door line 4 closes in a third of the cases (MAP row 4,
 * column 8: line 9). */
static const char door_des[] =
    "NAME: t_door\nDEPTH: D\n"
    "TAGS: transparent no_rotate no_hmirror no_vmirror\n"
    "SUBST: A = x..\nMAP\n.........\n.xxxxxxx.\n.x.....x.\n"
    ".x.....A.\n.xxxxxxx.\n.........\nENDMAP\n";

/* --explain first (the default): once the cases are done, each failing
 * map's first case at its worst is explained; the cause is in the summary
 * and on that case's failures.jsonl line, at its .des line and column. */
START_TEST(run_explains_each_failing_map)
{
    space s;
    space_open(&s, door_des);
    vf_t_run r = vf_t_vaultfuzz("run", "--verbose", "--mode", "empty",
                                "--des", s.des, "--count", "12", "--out",
                                sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "    why (empty #"));
    /* With the rule it makes over the map's cases: the door is closed in
     * every failing case and in none of the others. */
    ck_assert_ptr_nonnull(strstr(r.out, "t.des:9:8: SUBST: A = x.. chose "
                                 "'x'; '.' makes it ok; 'x' there in "));
    unsigned long fw = 0, f = 0, ow = 1, o = 0;
    const char *rule = strstr(r.out, "'x' there in ");
    ck_assert_int_eq(sscanf(rule, "'x' there in %lu of %lu failing cases, "
                            "%lu of %lu others", &fw, &f, &ow, &o), 4);
    ck_assert(fw == f && f > 0 && ow == 0 && f + o == 12);
    char *fl = text_of(s.path[0], "failures.jsonl");
    ck_assert_ptr_nonnull(strstr(fl, "\"cause\": [{\"file\": "));
    ck_assert_ptr_nonnull(strstr(fl, "\"line\": 9, \"column\": 8, "
                                 "\"call_line\": 4, \"what\": \"SUBST: "
                                 "A = x..\", \"chose\": \"x\", \"fix\": "
                                 "\".\", \"with\": 0, \"after\": \"ok\", "
                                 "\"rule\": {\"failing_with\": "));
    free(fl);
    char *j = text_of(s.path[0], "journal.tsv");
    ck_assert_int_eq(count_lines(j, "X\t"), 1);
    free(j);
    vf_t_run_free(&r);
    /* The same report in the compilers' form, for an editor's error list. */
    r = vf_t_vaultfuzz("run", "--resume", s.path[0], "--format", "gnu", NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "t.des:1:1: error: t_door: error in "));
    ck_assert_ptr_nonnull(strstr(r.out, "t.des:9:8: error: t_door: SUBST: A = "
                                 "x.. chose 'x'; '.' makes it ok\n"));
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* --explain all: every case at the map's worst is explained, each on its
 * own failures.jsonl line, and the summary says how the first case's
 * cause holds over them -- here the door in every one. */
START_TEST(run_explains_every_failing_case)
{
    space s;
    space_open(&s, door_des);
    vf_t_run r = vf_t_vaultfuzz("run", "--verbose", "--mode", "empty",
                                "--des", s.des, "--count", "30", "--explain",
                                "all", "--out", sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    char *j = text_of(s.path[0], "journal.tsv");
    int explained = count_lines(j, "X\t");
    free(j);
    char *fl = text_of(s.path[0], "failures.jsonl");
    int lines = count_lines(fl, "{"), causes = 0;
    for (const char *p = fl; (p = strstr(p, "\"cause\": [{")); p++) causes++;
    free(fl);
    ck_assert_int_gt(explained, 3);
    ck_assert_int_eq(explained, lines);
    ck_assert_int_eq(causes, lines);
    char want[200];
    snprintf(want, sizeof want, "over the %d of its %d cases at its worst "
             "explained: 0 fail as written; 'x' at 9:8 is a cause in %d\n",
             explained, explained, explained);
    ck_assert_msg(strstr(r.out, want) != NULL, "%s", r.out);
    vf_t_run_free(&r);
    /* run.txt keeps it: a resumed run is the same run. */
    char *opts = text_of(s.path[0], "run.txt");
    ck_assert_ptr_nonnull(strstr(opts, "arg --explain\narg all\n"));
    free(opts);
    space_close(&s);
}
END_TEST

/* A column of vaults.csv's first row, as a number. */
static long csv_count_col(const char *dir, const char *col)
{
    char *csv = text_of(dir, "vaults.csv");
    int k = 0;
    for (const char *h = csv; *h != '\n'; h++) {
        if (!strncmp(h, col, strlen(col)) && (h == csv || h[-1] == ',')
            && (h[strlen(col)] == ',' || h[strlen(col)] == '\n'))
            break;
        k += *h == ',';
    }
    const char *row = strchr(csv, '\n') + 1;
    for (int c = 0; c < k; c++) row = strchr(row, ',') + 1;
    long v = strtol(row, NULL, 10);
    free(csv);
    return v;
}

/* A/B: the same vault before and after an edit that closes its room's
 * door in a third of the cases: compare calls it new, with its p. */
START_TEST(compare_finds_an_edit_that_breaks_a_third)
{
    static const char before[] =
        "NAME: t_room\nDEPTH: D\nTAGS: transparent\nMAP\n.......\n"
        ".xxxxx.\n.x...x.\n.x...A.\n.xxxxx.\n.......\nENDMAP\n";
    space s;
    space_open(&s, before);
    vf_t_run a = vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.des,
                                "--count", "60", "--out", sub(&s, 0, "a"),
                                NULL);
    ck_assert_msg(a.rc == 0, "%s", a.out);
    FILE *f = fopen(s.des, "w");
    fprintf(f, "%.*sSUBST: A = x..\n%s", 40, before, before + 40);
    fclose(f);
    vf_t_run b = vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.des,
                                "--count", "60", "--out", sub(&s, 1, "b"),
                                NULL);
    ck_assert_msg(b.rc == 1, "%s", b.out);
    vf_t_run c = vf_t_vaultfuzz("compare", s.path[0], s.path[1], NULL);
    ck_assert_msg(c.rc == 1, "%s", c.out);
    ck_assert_ptr_nonnull(strstr(c.out, "warning: the .des files differ"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nnew failures: 1\n  t_room  "));
    ck_assert_ptr_nonnull(strstr(c.out, "  0/60 -> "));
    ck_assert_ptr_nonnull(strstr(c.out, "/60 (p = "));
    vf_t_run_free(&a);
    vf_t_run_free(&b);
    vf_t_run_free(&c);
    space_close(&s);
}
END_TEST

/* A map whose .des text is s, written over path. */
static void put(const char *path, const char *s)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(s, f);
    fclose(f);
}

/* A map that is always ok, named name, appended to b. */
static void ok_map(vf_sbuf *b, const char *name)
{
    vf_sbuf_printf(b, "NAME: %s\nTAGS: transparent\nDEPTH: D\nMAP\n.@.\n"
                   "ENDMAP\n\n", name);
}

/* A small run of s's t.des (mode empty, 4 cases a map) into dir i. */
static vf_t_run run_small(space *s, int i, const char *name)
{
    return vf_t_vaultfuzz("run", "--mode", "empty", "--des", s->des,
                          "--count", "4", "--out", sub(s, i, name), NULL);
}

/* A map OLD does not have: failing, it is a new failure (there is no old
 * rate to weigh it against), a Lua error at load included; ok, it is
 * only counted. The maps added and removed are counted, five named. */
START_TEST(compare_calls_an_added_failing_map_new)
{
    space s;
    vf_sbuf b = VF_SBUF_INIT;
    ok_map(&b, "t_ok");
    space_open(&s, b.s);
    vf_t_run r = run_small(&s, 0, "old");
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    vf_t_run_free(&r);
    for (int i = 1; i <= 7; i++) {
        char name[32];
        snprintf(name, sizeof name, "t_added%d", i);
        ok_map(&b, name);
    }
    put(s.des, b.s);
    r = run_small(&s, 1, "more");
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    vf_t_run_free(&r);
    vf_t_run c = vf_t_vaultfuzz("compare", s.path[0], s.path[1], NULL);
    ck_assert_msg(c.rc == 0, "%s%s", c.out, c.err);
    ck_assert_ptr_nonnull(strstr(c.out, "\nnew failures: 0\n"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nmaps added (7): t_added1 t_added2 "
                                 "t_added3 t_added4 t_added5 ... and 2 "
                                 "more\n"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nmaps: 8 now, 1 before, 7 added, "
                                 "0 removed\n"));
    vf_t_run_free(&c);
    c = vf_t_vaultfuzz("compare", s.path[1], s.path[0], NULL);
    ck_assert_msg(c.rc == 0, "%s%s", c.out, c.err);
    ck_assert_ptr_nonnull(strstr(c.out, "\nmaps removed (7): t_added1 "
                                 "t_added2 t_added3 t_added4 t_added5 ... "
                                 "and 2 more\n"));
    vf_t_run_free(&c);
    /* A vault added that fails in every case, and one whose Lua fails at
     * load. */
    vf_sbuf_reset(&b);
    ok_map(&b, "t_ok");
    vf_sbuf_adds(&b, "NAME: t_bad\nTAGS: transparent\nDEPTH: D\n"
                 ": if not is_validating() then error(\"bad\") end\n"
                 "MAP\n.@.\nENDMAP\n\n"
                 "NAME: t_bad_load\nTAGS: transparent\nDEPTH: D\n"
                 ": if is_validating() then error(\"at load\") end\n"
                 "MAP\n.@.\nENDMAP\n");
    put(s.des, b.s);
    r = run_small(&s, 2, "bad");
    ck_assert_msg(r.rc == 1, "%s%s", r.out, r.err);
    vf_t_run_free(&r);
    c = vf_t_vaultfuzz("compare", s.path[0], s.path[2], NULL);
    ck_assert_msg(c.rc == 1, "%s%s", c.out, c.err);
    ck_assert_msg(strstr(c.out, "\nnew failures: 2\n  t_bad  ") != NULL, "%s",
                  c.out);
    ck_assert_ptr_nonnull(strstr(c.out, "  4/4 (added: not in OLD)\n"
                                 "  t_bad_load  "));
    ck_assert_ptr_nonnull(strstr(c.out, "  Lua error at load (added: not in "
                                 "OLD)\nfixed: 0\n"));
    ck_assert_ptr_nonnull(strstr(c.out, "\nmaps added (2): t_bad "
                                 "t_bad_load\n"));
    vf_t_run_free(&c);
    /* A map that ran before and now fails at load: new, though it has no
     * case to count. */
    vf_sbuf_reset(&b);
    vf_sbuf_adds(&b, "NAME: t_ok\nTAGS: transparent\nDEPTH: D\n"
                 ": if is_validating() then error(\"broken\") end\n"
                 "MAP\n.@.\nENDMAP\n");
    put(s.des, b.s);
    r = run_small(&s, 3, "broke");
    vf_t_run_free(&r);
    c = vf_t_vaultfuzz("compare", s.path[0], s.path[3], NULL);
    ck_assert_msg(c.rc == 1, "%s%s", c.out, c.err);
    ck_assert_msg(strstr(c.out, "\nnew failures: 1\n  t_ok  ") != NULL, "%s",
                  c.out);
    ck_assert_ptr_nonnull(strstr(c.out, "Lua error at load (ok in OLD): "));
    vf_t_run_free(&c);
    vf_sbuf_free(&b);
    space_close(&s);
}
END_TEST

/* Counts compare only between runs of the same cases: reports of other
 * .des files, other maps or other layouts are refused (exit 2, saying
 * what differs), and compared with --force; another --count only warns
 * (compare_finds_new_and_fixed). */
START_TEST(compare_refuses_other_cases)
{
    static const char des[] =
        "NAME: t_ok\nTAGS: transparent\nDEPTH: D\nMAP\n.@.\nENDMAP\n\n"
        "NAME: t_ok2\nTAGS: transparent\nDEPTH: D\nMAP\n.@.\nENDMAP\n";
    space s;
    space_open(&s, des);
    put(sub(&s, 4, "other.des"), des);
    vf_t_run r[4] = {
        run_small(&s, 0, "a"),
        vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.path[4],
                       "--count", "4", "--out", sub(&s, 1, "b"), NULL),
        vf_t_vaultfuzz("run", "--mode", "empty,cross", "--des", s.des,
                       "--count", "4", "--out", sub(&s, 2, "c"), NULL),
        vf_t_vaultfuzz("run", "t_ok", "--mode", "empty", "--des", s.des,
                       "--count", "4", "--out", sub(&s, 3, "d"), NULL)};
    for (int i = 0; i < 4; i++) {
        ck_assert_msg(r[i].rc == 0, "%s%s", r[i].out, r[i].err);
        vf_t_run_free(&r[i]);
    }
    vf_t_run c = vf_t_vaultfuzz("compare", s.path[0], s.path[1], NULL);
    ck_assert_int_eq(c.rc, 2);
    ck_assert_str_eq(c.out, "");
    ck_assert_msg(strstr(c.err, "vaultfuzz compare: the reports ran other "
                         "cases") != NULL, "%s", c.err);
    ck_assert_ptr_nonnull(strstr(c.err, "\n  other .des files or checkout "
                                 "(--des, --crawl-dir):\n    before: --des "));
    ck_assert_ptr_nonnull(strstr(c.err, "/t.des\n    now:    --des "));
    ck_assert_ptr_nonnull(strstr(c.err, "/other.des\n"));
    vf_t_run_free(&c);
    c = vf_t_vaultfuzz("compare", "--force", s.path[0], s.path[1], NULL);
    ck_assert_msg(c.rc == 0, "%s%s", c.out, c.err);
    ck_assert_ptr_nonnull(strstr(c.out, "\nwarning: other .des files or "
                                 "checkout (--des, --crawl-dir), compared "
                                 "anyway (--force):\n  before: --des "));
    ck_assert_ptr_nonnull(strstr(c.out, "\nnew failures: 0\n"));
    ck_assert_ptr_nonnull(strstr(c.out, "(0.05 over 2 maps compared)"));
    vf_t_run_free(&c);
    c = vf_t_vaultfuzz("compare", s.path[0], s.path[2], NULL);
    ck_assert_int_eq(c.rc, 2);
    ck_assert_ptr_nonnull(strstr(c.err, "\n    before: --mode empty\n    "
                                 "now:    --mode empty,cross\n"));
    vf_t_run_free(&c);
    c = vf_t_vaultfuzz("compare", s.path[0], s.path[3], NULL);
    ck_assert_int_eq(c.rc, 2);
    ck_assert_ptr_nonnull(strstr(c.err, "\n  other maps chosen (names, "
                                 "--tag, --file):\n    before: (every "
                                 "map)\n    now:    t_ok\n"));
    vf_t_run_free(&c);
    space_close(&s);
}
END_TEST

/* nightly.sh on input that partly fails to load: each night reports,
 * moves reports/nightly/latest, compares with the night before and says
 * what was broken (exit 3). Its history is its own: the first night does
 * not compare with an ad-hoc run's reports/latest, nor moves it. */
START_TEST(nightly_reports_despite_broken_input)
{
    space s;
    space_open(&s, "NAME: t_ok\nTAGS: transparent\nDEPTH: D\nMAP\n.@.\n"
               "ENDMAP\n");
    FILE *f = fopen(sub(&s, 0, "broken.des"), "w");
    fputs("NAME: t_broken\nMAP\n.@.\n", f);   /* no ENDMAP */
    fclose(f);
    char cmd[1024], out[2][200], latest[300], adhoc[300], target[300];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/vaultfuzz' run --des t.des "
             "--count 1 --mode empty -j 1 >/dev/null 2>&1", s.dir,
             VF_SOURCE_DIR);
    ck_assert_int_eq(WEXITSTATUS(system(cmd)), 0);
    snprintf(latest, sizeof latest, "%s/reports/latest", s.dir);
    ssize_t n = readlink(latest, adhoc, sizeof adhoc - 1);
    ck_assert_int_gt(n, 0);
    adhoc[n] = '\0';
    for (int night = 0; night < 2; night++) {
        snprintf(out[night], sizeof out[night], "%s/night%d.txt", s.dir,
                 night);
        snprintf(cmd, sizeof cmd, "cd '%s' && VAULTFUZZ='%s/vaultfuzz' sh "
                 "'%s/harness/nightly.sh' --des t.des --des broken.des "
                 "--count 2 --mode empty -j 1 >'%s' 2>&1", s.dir,
                 VF_SOURCE_DIR, VF_SOURCE_DIR, out[night]);
        int st = system(cmd);
        ck_assert_int_eq(WEXITSTATUS(st), 3);
    }
    size_t len;
    char *first = slurp(out[0], &len);
    ck_assert_msg(strstr(first, "nightly: no previous report to compare "
                         "with\n") != NULL, "%s", first);
    free(first);
    char *second = slurp(out[1], &len);
    ck_assert_ptr_nonnull(strstr(second, "some input did not load"));
    ck_assert_msg(strstr(second, "\ncompare: reports/nightly/") != NULL,
                  "%s", second);
    ck_assert_ptr_nonnull(strstr(second, "\nnew failures: 0\n"));
    free(second);
    n = readlink(latest, target, sizeof target - 1);
    ck_assert_int_gt(n, 0);
    target[n] = '\0';
    ck_assert_str_eq(target, adhoc);
    snprintf(latest, sizeof latest, "%s/reports/nightly/latest", s.dir);
    n = readlink(latest, target, sizeof target - 1);
    ck_assert_int_gt(n, 0);
    space_close(&s);
}
END_TEST

/* A report directory a run is writing is locked: --resume of a live run
 * is refused with a clear message, and goes through once it ends. */
START_TEST(live_run_is_locked)
{
    space s;
    space_open(&s, corpus);
    vf_t_run r = vf_t_vaultfuzz("run", "t_ok", "--mode", "empty", "--des",
                                s.des, "--count", "2", "--out",
                                sub(&s, 0, "a"), NULL);
    ck_assert_int_eq(r.rc, 0);
    vf_t_run_free(&r);
    /* "A live run": another process holding the lock. */
    char lock[300];
    snprintf(lock, sizeof lock, "%s/lock", s.path[0]);
    int ready[2];
    ck_assert_int_eq(pipe(ready), 0);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(lock, O_RDWR);
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
        char c = fd >= 0 && !fcntl(fd, F_SETLK, &fl) ? 'y' : 'n';
        if (write(ready[1], &c, 1) != 1) _exit(1);
        pause();
        _exit(0);
    }
    char c = 0;
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    ck_assert_int_eq(c, 'y');
    r = vf_t_vaultfuzz("run", "--resume", s.path[0], NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "a run is writing "));
    vf_t_run_free(&r);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    close(ready[0]);
    close(ready[1]);
    r = vf_t_vaultfuzz("run", "--resume", s.path[0], NULL);
    ck_assert_int_eq(r.rc, 0);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* --until-settled: a map whose first iterations saw a failure once or
 * twice gets the extra iterations, the others not; the summary says how
 * many were settled. */
START_TEST(until_settled_adds_cases_where_unsettled)
{
    space s;
    space_open(&s, "NAME: t_rare\nDEPTH: D\n"
               "veto {{ return crawl.one_chance_in(10) }}\n"
               "MAP\n.@.\nENDMAP\n");
    int extended = 0;
    for (int seed = 1; seed <= 8; seed++) {
        char sd[16], dir[24];
        snprintf(sd, sizeof sd, "%d", seed);
        snprintf(dir, sizeof dir, "s%d", seed);
        vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty", "--des", s.des,
                                    "--count", "10", "--until-settled", "20",
                                    "--fail-on", "note", "--seed", sd,
                                    "--out", sub(&s, 0, dir), NULL);
        ck_assert_msg(r.rc <= 1, "%s", r.err);
        long base = -1, cases = csv_count_col(s.path[0], "cases");
        /* The first 10 iterations' vetoes, from the journal. */
        char *j = text_of(s.path[0], "journal.tsv");
        base = 0;
        for (int it = 0; it < 10; it++) {
            char key[48];
            snprintf(key, sizeof key, "\tempty\t%d\tvetoed:", it);
            base += strstr(j, key) != NULL;
        }
        free(j);
        int settle = base >= 1 && base <= 2;
        ck_assert_msg(cases == (settle ? 30 : 10), "seed %d: %ld vetoes, "
                      "%ld cases", seed, base, cases);
        if (settle) ck_assert_ptr_nonnull(strstr(r.out, "settled: 1 maps"));
        extended += settle;
        vf_t_run_free(&r);
    }
    ck_assert_int_gt(extended, 0);
    vf_t_run r = vf_t_vaultfuzz("run", "--until-settled", "5", "--shard",
                                "1/2", "--des", s.des, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "cannot go with --shard"));
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* The cases of one map and kind in vaults.csv, or -1 with no such row. */
static long csv_count(const char *csv, const char *map, const char *kind)
{
    int col = 0;
    for (const char *h = csv; *h != '\n'; h++) {
        if (!strncmp(h, kind, strlen(kind)) && h[-1] == ','
            && (h[strlen(kind)] == ',' || h[strlen(kind)] == '\n'))
            break;
        col += *h == ',';
    }
    char key[96];
    snprintf(key, sizeof key, "\n%s,", map);
    const char *row = strstr(csv, key);
    if (!row) return -1;
    row++;
    for (int c = 0; c < col; c++) row = strchr(row, ',') + 1;
    return strtol(row, NULL, 10);
}

/* Runs s's maps on the empty level, count cases each (with a release
 * when version is not NULL), into sub-directory i; returns its vaults.csv
 * (the caller frees it). The run must exit 0. */
static char *empty_run_csv(space *s, int i, const char *count,
                           const char *version)
{
    char name[8];
    snprintf(name, sizeof name, "r%d", i);
    vf_t_run r = vf_t_vaultfuzz("run", "--des", s->des, "--mode", "empty",
                                "--count", count, "--explain", "none",
                                "--game-version", version ? version : "trunk",
                                "--out", sub(s, i, name), NULL);
    size_t n = strlen(r.out);
    ck_assert_msg(r.rc == 0, "exit %d: %s ... %s", r.rc, r.err,
                  r.out + (n > 700 ? n - 700 : 0));
    vf_t_run_free(&r);
    return text_of(s->path[i], "vaults.csv");
}

/* A Vaults room the game draws only by its tag is placed as the Vaults
 * layout places it, tagged passable (v_rooms.lua make_tagged_room): the
 * blank middle it leaves for the layout is not cut off. The same room
 * with a DEPTH is a vault of its own and is cut off. */
#define T_ROOM "TAGS: vaults_empty\nMAP\nxxxxxxxx\nx......x\nx.xxxx.x\n" \
               "x.x  x.x\nx.x  x.x\nx.xxxx.x\nx......x\nxxx..xxx\n" \
               "ENDMAP\n\n"
START_TEST(vaults_rooms_placed_as_rooms)
{
    space s;
    space_open(&s, "NAME: t_room\n" T_ROOM
               "NAME: t_minivault\nDEPTH: Vaults\n" T_ROOM);
    char *csv = empty_run_csv(&s, 0, "5", NULL);
    ck_assert_int_eq(csv_count(csv, "t_room", "ok"), 5);
    ck_assert_int_eq(csv_count(csv, "t_minivault", "ok"), 0);
    free(csv);
    space_close(&s);
}
END_TEST

/* dungeon.cc _branch_entrances_are_connected: a branch entrance that no
 * stone staircase can be walked to from vetoes the level, lava round it
 * in every case (an error: the map is never placed); the same entrance
 * in the open is fine; a build vetoed for it and for a stairless area is
 * one veto. */
START_TEST(cut_off_branch_entrance_vetoes)
{
    space s;
    space_open(&s, "NAME: t_moat\nDEPTH: D:5\nKFEAT: E = enter_lair\n"
               "MAP\n.....\n.lll.\n.lEl.\n.lll.\n.....\nENDMAP\n\n"
               "NAME: t_open\nDEPTH: D:5\nKFEAT: E = enter_lair\n"
               "MAP\n.....\n.....\n..E..\n.....\n.....\nENDMAP\n\n"
               "NAME: t_both\nDEPTH: D:5\nTAGS: transparent\n"
               "KFEAT: E = enter_lair\nMAP\n.......\n.lllll.\n.l...l.\n"
               ".l.E.l.\n.l...l.\n.lllll.\n.......\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("run", "--des", s.des, "--mode", "empty",
                                "--count", "3", "--explain", "none",
                                "--out", sub(&s, 0, "r0"), NULL);
    vf_t_run_free(&r);
    char *sum = text_of(s.path[0], "summary.txt");
    ck_assert_msg(strstr(sum, "the branch entrance enter_lair at ") &&
                  strstr(sum, "reaches no stone staircase on foot"), "%s",
                  sum);
    free(sum);
    /* Each case's builds, vetoed builds: never more vetoes than builds. */
    char *journal = text_of(s.path[0], "journal.tsv");
    ck_assert_msg(!strstr(journal, "\t1,1,2\t"), "%s", journal);
    free(journal);
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert_int_eq(csv_count(csv, "t_moat", "level_vetoed"), 3);
    /* A build the game throws away once, however many reasons it has. */
    ck_assert_int_eq(csv_count(csv, "t_both", "level_vetoed"), 3);
    ck_assert_int_eq(csv_count(csv, "t_open", "ok"), 3);
    free(csv);
    space_close(&s);
}
END_TEST

/* A cause inside a subvault from another file names that file whole,
 * however long its path (Lua cuts a chunk's name). */
START_TEST(subvault_cause_names_its_file_whole)
{
    space s;
    space_open(&s, "NAME: t_outer\nDEPTH: D:2-\n"
               "TAGS: transparent no_rotate no_hmirror no_vmirror\n"
               "SUBVAULT: A : t_inner_door\nMAP\n.........\n.xxxxxxx.\n"
               ".x.....A.\n.x.....A.\n.xxxxxxx.\n.........\nENDMAP\n");
    char dir[160], file[192];
    snprintf(dir, sizeof dir, "%s/a_directory_whose_name_is_long_enough_"
             "to_be_cut", s.dir);
    snprintf(file, sizeof file, "%s/inner.des", dir);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fputs("NAME: t_inner\nTAGS: t_inner_door allow_dup no_exits\n"
          "SUBST: A = x.\nMAP\nA\nA\nENDMAP\n", f);
    fclose(f);
    vf_t_run r = vf_t_vaultfuzz("run", "t_outer", "--des", s.des, "--des",
                                file, "--mode", "empty", "--count", "20",
                                "--out", sub(&s, 0, "r0"), NULL);
    vf_t_run_free(&r);
    char *sum = text_of(s.path[0], "summary.txt");
    char want[400];
    snprintf(want, sizeof want, "\n      %s:5:1: SUBST: A = x. ", file);
    ck_assert_msg(strstr(sum, want), "%s\nwant%s", sum, want);
    free(sum);
    space_close(&s);
}
END_TEST

/* The game's item sets: each game picks one member of each, so a vault
 * that vetoes without its item is vetoed in about half its cases (a
 * note: weight control), one asking for an item in no set never is, and
 * a release from before the set existed never vetoes either. A skill is
 * drawn per game too: untrained in about half. */
START_TEST(item_sets_drawn_per_game)
{
    space s;
    space_open(&s, "NAME: t_beasts\nTAGS: transparent\nDEPTH: D\n"
               "veto {{ return not items.pickable('box of beasts') }}\n"
               "MAP\n.@.\nENDMAP\n\n"
               "NAME: t_rod\nTAGS: transparent\nDEPTH: D\n"
               "veto {{ return not items.pickable('lightning rod') or "
               "items.excluded_from_set('lightning rod') }}\n"
               "MAP\n.@.\nENDMAP\n\n"
               "NAME: t_stealthy\nTAGS: transparent\nDEPTH: D\n"
               "veto {{ return you.base_skill('Stealth') < 1 }}\n"
               "MAP\n.@.\nENDMAP\n");
    char *csv = empty_run_csv(&s, 0, "200", NULL);
    long vetoed = csv_count(csv, "t_beasts", "vetoed");
    ck_assert_msg(vetoed > 70 && vetoed < 130, "%ld of 200", vetoed);
    ck_assert_int_eq(csv_count(csv, "t_rod", "vetoed"), 0);
    vetoed = csv_count(csv, "t_stealthy", "vetoed");
    ck_assert_msg(vetoed > 70 && vetoed < 130, "%ld of 200", vetoed);
    free(csv);
    csv = empty_run_csv(&s, 1, "50", "0.30");
    ck_assert_int_eq(csv_count(csv, "t_beasts", "vetoed"), 0);
    free(csv);
    space_close(&s);
}
END_TEST

/* A map's post_place hooks run once it is placed: one that does nothing
 * leaves the map ok, one that places a map puts that map on the level,
 * under the tag it asked for as map parameter, where check names it. The
 * idle hook names a global: under Lua 5.4 one naming none has no _ENV,
 * which the game's crawl.setfenv cannot set. */
START_TEST(post_place_hooks_run)
{
    space s;
    space_open(&s, "NAME: t_hooked\nTAGS: transparent\nDEPTH: D\n"
               "{{\n  hook(\"post_place\", function() local _ = dgn end)\n"
               "}}\n"
               "MAP\n.@.\nENDMAP\n\n"
               "NAME: t_decorated\nTAGS: transparent\nDEPTH: D\n"
               "{{\n  hook(\"post_place\", function()\n"
               "    dgn.place_maps{tag=\"t_pillar\"}\n  end)\n}}\n"
               "MAP\n.@.\nENDMAP\n\n"
               "NAME: t_pillar\nTAGS: t_pillar transparent\nDEPTH: D\n"
               "MAP\n...\n.x.\n...\nENDMAP\n");
    /* place_maps passes its tag as the placing's map parameter: t_marked
     * vetoes itself without it (and alone it has none). */
    space m;
    space_open(&m, "NAME: t_marked\nTAGS: t_marked transparent\n"
               "veto {{ return dgn.map_parameters()[1] ~= 't_marked' }}\n"
               "MAP\n...\n.x.\n...\nENDMAP\n\n"
               "NAME: t_marking\nTAGS: transparent\nDEPTH: D\n"
               "{{\n  hook(\"post_place\", function()\n"
               "    dgn.place_maps{tag=\"t_marked\"}\n  end)\n}}\n"
               "MAP\n.@.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("check", "t_marking", "--iter", "0",
                                "--mode", "empty", "--des", m.des, NULL);
    ck_assert_msg(strstr(r.out, "hooks placed: t_marked 3x3 at ("), "%s%s",
                  r.out, r.err);
    vf_t_run_free(&r);
    space_close(&m);
    char *csv = empty_run_csv(&s, 0, "3", NULL);
    ck_assert_int_eq(csv_count(csv, "t_hooked", "ok"), 3);
    ck_assert_int_eq(csv_count(csv, "t_hooked", "not_tried"), 0);
    ck_assert_int_eq(csv_count(csv, "t_decorated", "ok"), 3);
    free(csv);
    r = vf_t_vaultfuzz("check", "t_decorated", "--iter", "0",
                                "--mode", "empty", "--des", s.des, NULL);
    ck_assert_msg(strstr(r.out, "hooks placed: t_pillar 3x3 at ("), "%s%s",
                  r.out, r.err);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* The lines of known_bad.des for one mode (a line without one is for
 * empty) checked against a run's vaults.csv; returns how many. */
static int check_known_bad(const char *des, const char *csv,
                           const char *mode)
{
    int checked = 0;
    for (const char *p = des; p; p = strchr(p + 1, '\n')) {
        char map[64], kind[32], m[16] = "empty", line[160] = "";
        double rate;
        sscanf(p, "\n%159[^\n]", line);
        int expect = sscanf(line, "# expect: %63s %31s %lf %15s", map, kind,
                            &rate, m) >= 3;
        int never = !expect &&
                    sscanf(line, "# never: %63s %31s %15s", map, kind, m) >= 2;
        if ((!expect && !never) || strcmp(m, mode)) continue;
        long n = csv_count(csv, map, kind);
        if (expect)
            ck_assert_msg(n > 0, "%s: %ld cases of %s in %s", map, n, kind,
                          mode);
        else
            ck_assert_msg(n == 0, "%s: %s in %s", map, kind, mode);
        checked++;
    }
    return checked;
}

/* `make run`: the known-bad vaults of corpus/verdicts fail the ways their
 * "# expect:" lines say (rates of a third or more show in 30 cases) and
 * never the ways their "# never:" lines name, each in its mode (a run of
 * that layout alone, as the report sums the layouts). corpus/'s accept
 * file marks them intended, so the run passes and says so. */
START_TEST(make_run_finds_the_known_bad_vaults)
{
    static const char *const modes[] = {"empty", "cross", "open"};
    size_t len;
    char *des = slurp("corpus/verdicts/known_bad.des", &len);
    int checked = 0;
    for (size_t i = 0; i < 3; i++) {
        space s;
        space_open(&s, "");
        vf_t_run r = vf_t_vaultfuzz("run", "--out", sub(&s, 0, "corpus"),
                                    "-j", "2", "--count", "30", "--layouts",
                                    modes[i], NULL);
        ck_assert_msg(r.rc == 0, "%s", r.out);
        ck_assert_ptr_nonnull(strstr(r.out, "accept lines used"));
        char *csv = text_of(s.path[0], "vaults.csv");
        checked += check_known_bad(des, csv, modes[i]);
        free(csv);
        vf_t_run_free(&r);
        space_close(&s);
    }
    ck_assert_int_ge(checked, 14);
    free(des);
}
END_TEST

/* An accept file: the findings it names pass as accepted, a line naming a
 * finding the map no longer has is stale, a bad line is an input
 * problem, and --fail-on decides what fails the run. */
START_TEST(accept_file_and_fail_on)
{
    space s;
    space_open(&s, "default-depth: D:2\n"
               "NAME: t_pocket\nTAGS: transparent\nMAP\n.......\n"
               ".xxxxx.\n.x...x.\n.xxxxx.\n.......\nENDMAP\n\n"
               "NAME: t_note\nMAP\nxxxxxxxx\nx......x\nx.xxxx.@\n"
               "x.x..x.x\nx.xxxx.x\nxxxxxxxx\nENDMAP\n");
    char acc[400];
    snprintf(acc, sizeof acc, "%s/accept.txt", s.dir);
    FILE *f = fopen(acc, "w");
    fputs("# intended\nt_pocket * a sealed room, on purpose\n"
          "t_pocket trap_pocket no trap here\n"
          "t_pockte * a typo: names no map\n", f);
    fclose(f);
    vf_t_run r = vf_t_vaultfuzz("run", "--verbose", "--des", s.des,
                                "--mode", "empty", "--count", "4", "--accept",
                                acc, "--out", sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 0, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "maps by severity: error 0, warning "
                                 "0, note 1, ok 1 (fail on error)\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "accepted: every finding marked "
                                 "intended (1):\n  t_pocket  "));
    ck_assert_ptr_nonnull(strstr(r.out, "level_vetoed 4 error (accepted)"));
    /* Failed cases say what they amount to: here nothing that fails. */
    ck_assert_msg(strstr(r.out, "8 failed, 0 not tried (of the failed, worst "
                         "finding: 0 error, 0 warning, 4 note, 4 accepted)"),
                  "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "accept.txt:3: t_pocket trap_pocket: "
                                 "stale accept line\n"));
    /* A line naming no map is said, not left silent. */
    ck_assert_ptr_nonnull(strstr(r.out, "1 name no map loaded"));
    ck_assert_ptr_nonnull(strstr(r.out, "accept.txt:4: t_pockte *: names no "
                                 "map loaded\n"));
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert_ptr_nonnull(strstr(csv, "\nt_note,"));
    ck_assert_ptr_nonnull(strstr(csv, ",run,note,4,0,0,0,4,"));
    free(csv);
    vf_t_run_free(&r);
    /* Notes fail the run when asked. */
    r = vf_t_vaultfuzz("run", "--des", s.des, "--mode", "empty", "--count",
                       "4", "--accept", acc, "--fail-on", "note", "--out",
                       sub(&s, 1, "b"), NULL);
    ck_assert_msg(r.rc == 1, "%s", r.out);
    char *junit = text_of(s.path[1], "junit.xml");
    ck_assert_ptr_nonnull(strstr(junit, "failures=\"1\""));
    ck_assert_ptr_nonnull(strstr(junit, "<failure message=\"note: 4 of 4"));
    free(junit);
    vf_t_run_free(&r);
    /* Without the accept file the pocket is an error; a bad line is an
     * input problem, named with its line. */
    f = fopen(acc, "w");
    fputs("t_pocket not_a_kind because\n", f);
    fclose(f);
    r = vf_t_vaultfuzz("run", "--des", s.des, "--mode", "empty", "--count",
                       "4", "--accept", acc, "--out", sub(&s, 2, "c"), NULL);
    ck_assert_int_eq(r.rc, 3);
    ck_assert_ptr_nonnull(strstr(r.out, "accept.txt:1: no verdict kind "
                                 "matches 'not_a_kind'"));
    /* The terminal's short summary: the error maps a line each, the
     * notes counted, what to run next; summary.txt holds it all. */
    ck_assert_msg(strstr(r.out, "\nerrors (1):\n  t_pocket  "), "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "notes: worth knowing"));
    ck_assert_ptr_nonnull(strstr(r.out, "also: 1 maps with notes"));
    ck_assert_ptr_nonnull(strstr(r.out, "\nnext: vaultfuzz explain "));
    ck_assert_ptr_nonnull(strstr(r.out, "dumps/t_pocket.empty."));
    char *sum = text_of(s.path[2], "summary.txt");
    ck_assert_ptr_nonnull(strstr(sum, "notes: worth knowing, harmless (1):"));
    free(sum);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* A map with no DEPTH or PLACE whose tag a SUBVAULT asks for is skipped
 * (the game places it only inside its parent, where it is judged); one
 * chosen by another tag is run. */
START_TEST(subvault_only_maps_are_skipped)
{
    space s;
    space_open(&s, "NAME: t_part_room\nTAGS: t_part\nMAP\n.\nENDMAP\n\n"
               "NAME: t_by_tag\nTAGS: t_other\nMAP\n.@.\nENDMAP\n\n"
               "NAME: t_parent\nDEPTH: D\nTAGS: transparent\n"
               "SUBVAULT: X : t_part\nMAP\n.....\n..X..\n.....\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("run", "--des", s.des, "--mode", "empty",
                                "--count", "2", "--out", sub(&s, 0, "a"),
                                NULL);
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "maps: 3 selected, 2 run, 1 skipped"));
    ck_assert_ptr_nonnull(strstr(r.out, "skipped: subvault_only 1\n"));
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert_ptr_nonnull(strstr(csv, "\nt_part_room,"));
    ck_assert_ptr_nonnull(strstr(csv, ",subvault_only,,0,0,"));
    ck_assert_ptr_nonnull(strstr(csv, ",run,ok,2,2,"));
    free(csv);
    vf_t_run_free(&r);
    /* --force runs it as placement.lua would. */
    r = vf_t_vaultfuzz("run", "--des", s.des, "--mode", "empty", "--count",
                       "2", "--force", "--out", sub(&s, 1, "b"), NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "maps: 3 selected, 3 run, 0 skipped"));
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* ---- the pieces ---------------------------------------------------------- */

START_TEST(wilson_interval)
{
    double lo, hi;
    vf_wilson(0, 10, &lo, &hi);
    ck_assert(lo == 0 && hi > 0.2775 && hi < 0.2776);
    vf_wilson(5, 10, &lo, &hi);
    ck_assert(lo > 0.2365 && lo < 0.2366 && hi > 0.7634 && hi < 0.7635);
    vf_wilson(10, 10, &lo, &hi);
    ck_assert(lo > 0.7224 && lo < 0.7225 && hi > 0.99999 && hi <= 1);
    vf_wilson(0, 0, &lo, &hi);
    ck_assert(lo == 0 && hi == 1);
}
END_TEST

START_TEST(journal_lines_round_trip)
{
    vf_case_rec c = {
        .map = 7, .mode = VF_MODE_FILL, .iter = 42,
        .kinds = VF_V_LUA_ERROR | VF_V_VETOED | VF_R_TIMEOUT,
        .warning = VF_V_VETOED, .error = VF_R_TIMEOUT,
        .seed = 18446744073709551615u, .attempts = 3, .placed = 1,
        .x = 1, .y = 2, .w = 3, .h = 4, .exits = 5, .connected = 6,
        .message = "tab\there\nnew line \\ back"};
    vf_sbuf b = VF_SBUF_INIT;
    vf_journal_case_line(&b, &c);
    ck_assert_str_eq(b.s, "C\t7\tfill\t42\tlua_error:note,vetoed:warning,"
                     "timeout:error\t18446744073709551615\t3\t1,2,3,4,5,6\t"
                     "tab\\there\\nnew line \\\\ back\n");
    b.s[--b.len] = '\0';
    vf_map_rec m;
    vf_case_rec back;
    ck_assert_int_eq(vf_journal_parse(b.s, &m, &back), 'C');
    ck_assert_str_eq(back.message, c.message);
    ck_assert_uint_eq(back.kinds, c.kinds);
    ck_assert_uint_eq(back.warning, c.warning);
    ck_assert_uint_eq(back.error, c.error);
    vf_case_rec_free(&back);
    /* A journal whose kinds have no severities: every kind an error. */
    ck_assert_int_eq(vf_journal_parse("C\t1\tempty\t3\tvetoed,timeout\t1\t1"
                                      "\t-\t", &m, &back), 'C');
    ck_assert_uint_eq(back.error, VF_V_VETOED | VF_R_TIMEOUT);
    ck_assert_uint_eq(back.warning, 0);
    vf_case_rec_free(&back);
    ck_assert_int_eq(vf_journal_parse("C\t1\tempty\t3\tvetoed:ok\t1\t1"
                                      "\t-\t", &m, &back), 0);
    ck_assert_int_eq(vf_journal_parse(b.s, &m, &back), 'C');
    ck_assert(back.seed == c.seed && back.iter == 42 && back.h == 4);
    vf_case_rec_free(&back);
    /* Builds and vetoed builds ride on the attempts field. */
    c.builds = 5;
    c.vetoed_builds = 2;
    vf_sbuf_reset(&b);
    vf_journal_case_line(&b, &c);
    ck_assert_ptr_nonnull(strstr(b.s, "\t3,5,2\t"));
    b.s[--b.len] = '\0';
    ck_assert_int_eq(vf_journal_parse(b.s, &m, &back), 'C');
    ck_assert(back.attempts == 3 && back.builds == 5
              && back.vetoed_builds == 2);
    vf_case_rec_free(&back);
    ck_assert_int_eq(vf_journal_parse("C\t1\tempty\t3\tok\t1\t1,2,3\t-\t",
                                      &m, &back), 0);
    /* A case never tried reads back as such. */
    ck_assert_int_eq(vf_journal_parse("C\t1\tgame\t3\tnot_tried\t1\t0"
                                      "\t-\tno layout", &m, &back), 'C');
    ck_assert(back.not_tried && !back.kinds);
    vf_case_rec_free(&back);

    vf_map_rec mr = {3, VF_MAP_BRANCH_END, 12, "n\tame", "f.des", ""};
    vf_sbuf_reset(&b);
    vf_journal_map_line(&b, &mr);
    ck_assert_str_eq(b.s, "M\t3\tbranch_end\t12\tn\\tame\tf.des\t\n");
    b.s[--b.len] = '\0';
    ck_assert_int_eq(vf_journal_parse(b.s, &m, &back), 'M');
    ck_assert_str_eq(m.name, "n\tame");
    vf_map_rec_free(&m);
    ck_assert_int_eq(vf_journal_parse("C\t1\tempty\t3\tnot_a_kind\t1\t1\t-\t",
                                      &m, &back), 0);
    ck_assert_int_eq(vf_journal_parse("X\t1", &m, &back), 0);
    vf_sbuf_free(&b);
}
END_TEST

/* An explanation's X record reads back as written: values in words with
 * ',' and '%' in them, a set cause's 'with', a subvault cause's own
 * file, the replays set aside. */
START_TEST(journal_explain_round_trip)
{
    vf_cause_rec c[2];
    memset(c, 0, sizeof c);
    c[0].line = 12;
    c[0].column = 3;
    c[0].call_line = 9;
    snprintf(c[0].chose, sizeof c[0].chose, "shop general, 50%%");
    snprintf(c[0].fix, sizeof c[0].fix, "%%2C,");
    c[0].after = VF_SEV_OK;
    c[0].failing_with = 4;
    c[0].failing = 5;
    snprintf(c[0].kind, sizeof c[0].kind, "subvault");
    c[0].with = 1;
    c[0].call = "KFEAT: A = shop general, 50% / .";
    c[1] = c[0];
    c[1].line = 13;
    snprintf(c[1].kind, sizeof c[1].kind, "lua");
    /* A subvault's choice: its own file, ',' and '%' in the path too. */
    snprintf(c[1].file, sizeof c[1].file, "sub,vaults/50%%.des");
    vf_explain_rec x = {2, VF_MODE_CROSS, 7, 40, 90, 0, 6, 5, c, 2}, back;
    vf_sbuf b = VF_SBUF_INIT;
    vf_journal_explain_line(&b, &x);
    b.s[--b.len] = '\0';
    ck_assert_int_eq(vf_journal_parse_explain(b.s, &back), 1);
    ck_assert_uint_eq(back.entangled, 6);
    ck_assert_int_eq(back.map_line, 5);
    ck_assert_uint_eq(back.ncauses, 2);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(back.causes[i].line, c[i].line);
        ck_assert_str_eq(back.causes[i].chose, c[i].chose);
        ck_assert_str_eq(back.causes[i].fix, c[i].fix);
        ck_assert_str_eq(back.causes[i].kind, c[i].kind);
        ck_assert_str_eq(back.causes[i].file, c[i].file);
        ck_assert_str_eq(vf_cause_rec_file(&back.causes[i], "m.des"),
                         i ? "sub,vaults/50%.des" : "m.des");
        ck_assert_uint_eq(back.causes[i].with, 1);
        ck_assert_str_eq(back.causes[i].call, c[i].call);
    }
    vf_explain_rec_free(&back);

    /* A journal from before causes had a FILE field still reads (compare
     * and html --baseline take yesterday's report). */
    x.ncauses = 1;
    vf_sbuf_reset(&b);
    vf_journal_explain_line(&b, &x);
    b.s[--b.len] = '\0';
    char *empty_file = strstr(b.s, "%2C,,ok,");
    ck_assert_ptr_nonnull(empty_file);
    memmove(empty_file + 4, empty_file + 5, strlen(empty_file + 5) + 1);
    ck_assert_int_eq(vf_journal_parse_explain(b.s, &back), 1);
    ck_assert_uint_eq(back.ncauses, 1);
    ck_assert_str_eq(back.causes[0].fix, c[0].fix);
    ck_assert_str_eq(back.causes[0].file, "");
    ck_assert_uint_eq(back.causes[0].failing_with, 4);
    ck_assert_str_eq(back.causes[0].call, c[0].call);
    vf_explain_rec_free(&back);
    vf_sbuf_free(&b);
}
END_TEST

/* Records arriving twice or not fitting the run change nothing. */
START_TEST(tally_keeps_one_result_per_case)
{
    vf_run_spec spec = {0};
    spec.count = 4;
    spec.nmodes = 1;
    spec.modes[0] = VF_MODE_EMPTY;
    spec.shard_i = 2;
    spec.shard_n = 3;
    vf_tally t;
    vf_tally_init(&t, &spec, 3, 2);
    vf_map_rec m0 = {0, VF_MAP_RUN, 1, "a", "f.des", ""};
    vf_map_rec m2 = {2, VF_MAP_RUN, 9, "c", "f.des", ""};
    vf_case_rec c = {0};
    c.message = "";
    ck_assert_int_eq(vf_tally_add_case(&t, &c), -1);   /* map not known */
    ck_assert_int_eq(vf_tally_add_map(&t, &m0), 0);
    ck_assert_int_eq(vf_tally_add_map(&t, &m0), 1);
    ck_assert(!vf_tally_complete(&t));
    ck_assert_int_eq(vf_tally_add_map(&t, &m2), 0);
    /* Cases 0..7 over maps a and c; shard 2 of 3 has k = 1, 4, 7. */
    uint64_t *pending;
    size_t np;
    ck_assert_uint_eq(vf_tally_cases(&t, &pending, &np), 3);
    ck_assert_uint_eq(np, 3);
    ck_assert(pending[0] == VF_CASE_ID(0, 0, 1)
              && pending[1] == VF_CASE_ID(2, 0, 0)
              && pending[2] == VF_CASE_ID(2, 0, 3));
    free(pending);
    c.iter = 1;
    c.kinds = VF_V_VETOED;
    ck_assert_int_eq(vf_tally_add_case(&t, &c), 0);
    ck_assert_int_eq(vf_tally_add_case(&t, &c), 1);
    c.iter = 4;
    ck_assert_int_eq(vf_tally_add_case(&t, &c), -1);   /* past --count */
    c.mode = VF_MODE_FILL;
    c.iter = 0;
    ck_assert_int_eq(vf_tally_add_case(&t, &c), -1);   /* not a layout */
    ck_assert_uint_eq(t.cases, 1);
    ck_assert_uint_eq(t.failed, 1);
    ck_assert_uint_eq(t.nfails, 1);
    ck_assert_uint_eq(t.maps[0].kind[2], 1);
    vf_tally_free(&t);
}
END_TEST

/* Mode game's cases counted per layout map: in the summary's "by
 * layout" and in layouts.csv, each case once, whatever order the
 * records came in. */
START_TEST(tally_counts_each_game_layout_map)
{
    vf_run_spec spec = {0};
    spec.count = 4;
    spec.nmodes = 2;
    spec.modes[0] = VF_MODE_EMPTY;
    spec.modes[1] = VF_MODE_GAME;
    vf_tally t;
    vf_tally_init(&t, &spec, 1, 1);
    vf_map_rec m0 = {0, VF_MAP_RUN, 1, "a", "f.des", ""};
    ck_assert_int_eq(vf_tally_add_map(&t, &m0), 0);
    static const char *const label[] = {"game:lay_b", "game:lay_a",
                                        "game:lay_b", "game:lay_b"};
    static const int fails[] = {1, 0, 0, 1};
    vf_case_rec c = {0};
    c.message = "";
    for (uint32_t i = 0; i < 4; i++) {
        c.mode = VF_MODE_EMPTY;
        c.iter = i;
        c.kinds = c.warning = 0;
        c.layout[0] = '\0';
        ck_assert_int_eq(vf_tally_add_case(&t, &c), 0);
        /* Backwards, and the last one twice. */
        c.mode = VF_MODE_GAME;
        c.iter = 3 - i;
        c.kinds = c.warning = fails[3 - i] ? VF_V_VETOED : 0;
        snprintf(c.layout, sizeof c.layout, "%s", label[3 - i]);
        ck_assert_int_eq(vf_tally_add_case(&t, &c), 0);
        if (!i) ck_assert_int_eq(vf_tally_add_case(&t, &c), 1);
    }
    vf_strlist input = {0};
    vf_report_in in = {&t, &input, NULL, NULL, NULL};
    vf_tally_judge(&t, NULL);
    const vf_tally_map *m = &t.maps[0];
    ck_assert_uint_eq(m->nlmaps, 2);
    ck_assert_str_eq(m->lmaps[0].layout, "game:lay_a");
    ck_assert_uint_eq(m->lmaps[0].cases, 1);
    ck_assert_uint_eq(m->lmaps[1].cases, 3);
    ck_assert_uint_eq(m->lmaps[1].at[VF_SEV_WARNING], 2);
    vf_sbuf b = VF_SBUF_INIT;
    vf_report_summary(&b, &in);
    ck_assert_msg(strstr(b.s, "by layout: empty 0/4, game 2/4 (game:lay_a "
                         "0/1, game:lay_b 2/3)\n"), "%s", b.s);
    vf_sbuf_reset(&b);
    vf_report_layouts_csv(&b, &in);
    ck_assert_str_eq(b.s, "map,layout,cases,ok,error_cases,warning_cases,"
                     "note_cases\na,lay_a,1,1,0,0,0\na,lay_b,3,1,0,2,0\n");
    vf_sbuf_free(&b);
    vf_tally_free(&t);
}
END_TEST

START_TEST(shell_words_round_trip)
{
    const char *words[] = {"plain", "it's", "a b", "", "$HOME", "--des",
                           "/x/y.des", "\"q\"", NULL};
    vf_sbuf b = VF_SBUF_INIT;
    for (int i = 0; words[i]; i++) {
        if (i) vf_sbuf_addc(&b, ' ');
        vf_shell_quote(&b, words[i]);
    }
    ck_assert_str_eq(b.s, "plain 'it'\\''s' 'a b' '' '$HOME' --des /x/y.des "
                     "'\"q\"'");
    vf_strlist l = {0};
    ck_assert_int_eq(vf_shell_split(b.s, &l), 0);
    ck_assert_uint_eq(l.n, 8);
    for (int i = 0; words[i]; i++) ck_assert_str_eq(l.v[i], words[i]);
    vf_strlist_free(&l);
    ck_assert_int_eq(vf_shell_split("a 'open", &l), -1);
    vf_strlist_free(&l);
    vf_sbuf_free(&b);
}
END_TEST

START_TEST(gzip_is_deterministic)
{
    vf_sbuf a = VF_SBUF_INIT, b = VF_SBUF_INIT;
    vf_gz_compress("level\n", 6, &a);
    vf_gz_compress("level\n", 6, &b);
    ck_assert_uint_eq(a.len, b.len);
    ck_assert(!memcmp(a.s, b.s, a.len));
    /* gzip magic, deflate, no flags, time 0. */
    ck_assert(!memcmp(a.s, "\x1f\x8b\x08\x00\x00\x00\x00\x00", 8));
    vf_sbuf_free(&a);
    vf_sbuf_free(&b);
}
END_TEST

START_TEST(dump_paths)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_run_dump_path("plain_name-2", VF_MODE_EMPTY, 3, &b);
    ck_assert_str_eq(b.s, "dumps/plain_name-2.empty.3.txt.gz");
    vf_sbuf_reset(&b);
    vf_run_dump_path("../a b", VF_MODE_FILL, 0, &b);
    ck_assert(!strncmp(b.s, "dumps/_._a_b-", 13));
    ck_assert_ptr_null(strchr(b.s + 6, '/'));
    vf_sbuf_free(&b);
}
END_TEST

/* A case not tried is neither ok nor failed in every file: vaults.csv's
 * ok leaves it out and not_tried counts it; JUnit says so. (nolayout_rooms
 * keeps the map out of the rooms layouts.) */
START_TEST(not_tried_in_every_file)
{
    space s;
    space_open(&s, "NAME: t_norooms\nTAGS: transparent nolayout_rooms\n"
               "DEPTH: D\nMAP\n...\n.@.\n...\nENDMAP\n\n"
               "NAME: t_norooms_sealed\nTAGS: transparent nolayout_rooms\n"
               "DEPTH: D\nMAP\n.....\n.xxx.\n.x.x.\n.xxx.\n.....\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("run", "--des", s.des, "--mode", "empty,rooms",
                                "--count", "2", "--out", sub(&s, 0, "a"),
                                NULL);
    vf_t_run_free(&r);
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert_ptr_nonnull(strstr(csv, ",accepted,not_tried,message\n"));
    /* report.html's rates are of the cases tried, the rest said. */
    char *page = text_of(s.path[0], "report.html");
    ck_assert_ptr_nonnull(strstr(page, "<tr><td>rooms</td><td>0 of 0</td>"
                                 "<td>0.0%</td><td>0.0&ndash;100.0%</td>"
                                 "<td>2</td></tr>"));
    free(page);
    ck_assert_msg(strstr(csv, ",run,ok,4,2,0,0,0,"), "%s", csv);
    ck_assert_msg(strstr(csv, ",,2,\n"), "%s", csv);
    free(csv);
    char *junit = text_of(s.path[0], "junit.xml");
    ck_assert_msg(strstr(junit, "<system-out>2 of 4 cases not tried: "), "%s",
                  junit);
    free(junit);
    space_close(&s);
}
END_TEST

/* A worker whose vault Lua is stuck in C past its time limit takes the
 * last resort; the run records the case as a crash and says why. */
START_TEST(stuck_worker_says_why)
{
    space s;
    space_open(&s, "NAME: t_stuck\nTAGS: transparent\nDEPTH: D\n"
               ": if not is_validating() then string.find(string.rep('a', "
               "40), string.rep('a?', 40) .. string.rep('a', 40) .. 'b') "
               "end\nMAP\n.@.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("run", "--verbose", "--des", s.des, "--mode",
                                "empty", "--count", "1", "--lua-seconds",
                                "0.3", "--out", sub(&s, 0, "a"), NULL);
    ck_assert_msg(r.rc == 1, "%s%s", r.out, r.err);
    char *csv = text_of(s.path[0], "vaults.csv");
    ck_assert_msg(strstr(csv, "the vault's Lua was past its time limit in a "
                         "C function"), "%s", csv);
    free(csv);
    /* The vault's slowness, a timeout: not a crash (a fault of ours). */
    ck_assert_msg(strstr(r.out, "timeout 1") && !strstr(r.out, "crash 1"),
                  "%s", r.out);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

/* Reports name .des files as the user gave their paths, not as the run
 * resolved them (realpath, absolute: run.txt keeps those). */
START_TEST(summary_paths_as_given)
{
    space s;
    space_open(&s, "NAME: t_x\nMAP\nxxx\nx.x\nxxx\n.@.\nENDMAP\n");
    char given[200];
    snprintf(given, sizeof given, "%s/../%s/t.des",
             s.dir, strrchr(s.dir, '/') + 1);
    vf_t_run r = vf_t_vaultfuzz("run", "--des", given, "--mode", "empty",
                                "--count", "2", "--out", sub(&s, 0, "a"),
                                NULL);
    char want[260];
    snprintf(want, sizeof want, "  t_x  %s:1  ", given);
    ck_assert_msg(strstr(r.out, want), "%s", r.out);
    vf_t_run_free(&r);
    space_close(&s);
}
END_TEST

Suite *vf_test_run_suite(void)
{
    Suite *s = suite_create("run");
    TCase *units = tcase_create("pieces");
    tcase_add_test(units, wilson_interval);
    tcase_add_test(units, journal_lines_round_trip);
    tcase_add_test(units, tally_keeps_one_result_per_case);
    tcase_add_test(units, tally_counts_each_game_layout_map);
    tcase_add_test(units, shell_words_round_trip);
    tcase_add_test(units, gzip_is_deterministic);
    tcase_add_test(units, dump_paths);
    suite_add_tcase(s, units);
    TCase *tc = tcase_create("runs");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, run_reports_every_kind_of_map);
    tcase_add_test(tc, reports_identical_for_j1_and_j2);
    tcase_add_test(tc, cases_go_out_by_level);
    tcase_add_test(tc, three_shards_merged_equal_one_run);
    tcase_add_test(tc, repro_writes_identical_dumps);
    tcase_add_test(tc, repro_replays_layout_cases);
    tcase_add_test(tc, run_records_game_names_for_repro);
    tcase_add_test(tc, killed_then_resumed_equals_uninterrupted);
    tcase_add_test(tc, crash_and_hang_are_reported);
    tcase_add_test(tc, outside_kill_is_retried_once);
    tcase_add_test(tc, exit_statuses);
    tcase_add_test(tc, compare_finds_new_and_fixed);
    tcase_add_test(tc, compare_finds_an_edit_that_breaks_a_third);
    tcase_add_test(tc, compare_calls_an_added_failing_map_new);
    tcase_add_test(tc, compare_refuses_other_cases);
    tcase_add_test(tc, nightly_reports_despite_broken_input);
    tcase_add_test(tc, live_run_is_locked);
    tcase_add_test(tc, until_settled_adds_cases_where_unsettled);
    tcase_add_test(tc, run_explains_each_failing_map);
    tcase_add_test(tc, run_explains_every_failing_case);
    tcase_add_test(tc, journal_explain_round_trip);
    tcase_add_test(tc, make_run_finds_the_known_bad_vaults);
    tcase_add_test(tc, accept_file_and_fail_on);
    tcase_add_test(tc, summary_paths_as_given);
    tcase_add_test(tc, stuck_worker_says_why);
    tcase_add_test(tc, item_sets_drawn_per_game);
    tcase_add_test(tc, vaults_rooms_placed_as_rooms);
    tcase_add_test(tc, cut_off_branch_entrance_vetoes);
    tcase_add_test(tc, subvault_cause_names_its_file_whole);
    tcase_add_test(tc, post_place_hooks_run);
    tcase_add_test(tc, not_tried_in_every_file);
    tcase_add_test(tc, subvault_only_maps_are_skipped);
    suite_add_tcase(s, tc);
    return s;
}
