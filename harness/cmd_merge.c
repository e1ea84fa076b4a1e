/* vaultfuzz merge: shard reports into the report of the whole run. */
#include "cli.h"
#include "vf_shell.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static const char merge_usage[] =
    "usage: vaultfuzz merge [--out DIR] SHARD_DIR...\n"
    "\n"
    "Combines the reports of 'vaultfuzz run --shard I/N' (one directory per\n"
    "shard, each from the same options and the same .des files) into the\n"
    "report a single machine would have written for the whole run: the\n"
    "same summary, vaults.csv, layouts.csv, failures.jsonl, junit.xml,\n"
    "report.sarif and\n"
    "dumps. The shards may have found the .des files and the crawl\n"
    "checkout in other\n"
    "directories; the merged report names those of the first shard (each\n"
    "dump those of the shard that wrote it). The\n"
    "result is itself a run directory: 'vaultfuzz run --resume DIR' runs\n"
    "the cases of any shard that is missing or unfinished.\n"
    "\n"
    "  --out DIR    the merged report (default reports/<UTC time>-<seed>,\n"
    "               and reports/latest points at it)\n"
    "\n"
    "Exit status: as the run's (0 every case ok, 1 failures found), or 2\n"
    "when the shards do not fit together, or some are missing or\n"
    "unfinished.\n";

/* The options of a shard without --shard, as one string. Where the maps
 * and the library lie may differ from machine to machine: the run
 * fingerprint says whether they are the same. */
static char *options(const vf_run_args *a)
{
    vf_strlist w = {0};
    vf_sbuf b = VF_SBUF_INIT;
    vf_run_args_words(a, 0, &w);
    for (size_t i = 0; i < w.n; i++) {
        int path = i && (!strcmp(w.v[i - 1], "--des")
                         || !strcmp(w.v[i - 1], "--crawl-dir")
                         || !strcmp(w.v[i - 1], "--game-names"));
        vf_sbuf_addc(&b, ' ');
        vf_shell_quote(&b, path ? "PATH" : w.v[i]);
    }
    vf_strlist_free(&w);
    return vf_sbuf_take(&b);
}

/* Every shard from the same run, each once. Returns 0, or -1 after
 * printing why. */
static int fit(vf_cli *cli, vf_cli_rdir *s, size_t n, char **dirs)
{
    char *first = options(&s[0].a);
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        char *o = options(&s[i].a);
        const char *why = NULL;
        size_t other = 0;
        if (strcmp(o, first)) why = "were run with different options";
        else if (s[i].d.fingerprint != s[0].d.fingerprint)
            why = "loaded different .des files";
        else if (s[i].a.shard_n != s[0].a.shard_n)
            why = "differ in the number of shards";
        for (size_t k = 0; k < i && !why; k++)
            if (s[k].a.shard_i == s[i].a.shard_i) {
                why = "are the same shard";
                other = k;
            }
        if (why) {
            fprintf(cli->err, "vaultfuzz merge: %s and %s %s\n", dirs[other],
                    dirs[i], why);
            rc = -1;
        }
        free(o);
    }
    free(first);
    return rc;
}

/* Appends the whole lines of a shard's journal to the merged one. */
static int add_journal(vf_cli *cli, const char *from, vf_sbuf *all)
{
    vf_sbuf path = VF_SBUF_INIT;
    char *data, why[512];
    size_t len;
    vf_sbuf_printf(&path, "%s/%s", from, VF_RUNDIR_JOURNAL);
    int rc = vf_fs_read(path.s, (size_t)1 << 40, &data, &len, why, sizeof why);
    if (rc) {
        fprintf(cli->err, "vaultfuzz merge: %s: %s\n", path.s, why);
    } else {
        size_t whole = len;   /* up to the last '\n' */
        while (whole && data[whole - 1] != '\n') whole--;
        vf_sbuf_add(all, data, whole);
        free(data);
    }
    vf_sbuf_free(&path);
    return rc;
}

/* Copies the dumps of a shard (whole files only, not temporaries). */
static int add_dumps(vf_cli *cli, const char *from, const char *to)
{
    vf_sbuf src = VF_SBUF_INIT, dst = VF_SBUF_INIT;
    vf_sbuf_printf(&src, "%s/%s", from, VF_RUNDIR_DUMPS);
    DIR *dh = opendir(src.s);
    int rc = 0;
    struct dirent *de;
    while (dh && !rc && (de = readdir(dh))) {
        size_t n = strlen(de->d_name);
        if (n < 7 || strcmp(de->d_name + n - 7, ".txt.gz")) continue;
        char *data, why[512];
        size_t len;
        vf_sbuf_reset(&src);
        vf_sbuf_reset(&dst);
        vf_sbuf_printf(&src, "%s/%s/%s", from, VF_RUNDIR_DUMPS, de->d_name);
        vf_sbuf_printf(&dst, "%s/%s/%s", to, VF_RUNDIR_DUMPS, de->d_name);
        rc = vf_fs_read(src.s, (size_t)1 << 30, &data, &len, why, sizeof why);
        if (!rc) {
            rc = vf_fs_write_atomic(dst.s, data, len, why, sizeof why);
            free(data);
        }
        if (rc) fprintf(cli->err, "vaultfuzz merge: %s\n", why);
    }
    if (dh) closedir(dh);
    vf_sbuf_free(&src);
    vf_sbuf_free(&dst);
    return rc;
}

static int write_merged(vf_cli *cli, vf_cli_rdir *s, size_t n, char **dirs,
                        const char *out)
{
    vf_rundir d = s[0].d;
    vf_sbuf err = VF_SBUF_INIT, journal = VF_SBUF_INIT, path = VF_SBUF_INIT;
    char why[512];
    memset(&d.args, 0, sizeof d.args);
    vf_run_args_words(&s[0].a, 0, &d.args);
    int rc = vf_cli_out_make(cli, "merge", out);
    if (!rc && vf_rundir_write(out, &d, &err)) {
        fprintf(cli->err, "vaultfuzz merge: %s\n", vf_sbuf_str(&err));
        rc = -1;
    }
    for (size_t i = 0; i < n && !rc; i++)
        rc = add_journal(cli, dirs[i], &journal)
             || add_dumps(cli, dirs[i], out);
    vf_sbuf_printf(&path, "%s/%s", out, VF_RUNDIR_JOURNAL);
    if (!rc && vf_fs_write_atomic(path.s, vf_sbuf_str(&journal), journal.len,
                                  why, sizeof why)) {
        fprintf(cli->err, "vaultfuzz merge: %s\n", why);
        rc = -1;
    }
    vf_strlist_free(&d.args);
    vf_sbuf_free(&err);
    vf_sbuf_free(&journal);
    vf_sbuf_free(&path);
    return rc;
}

static int merge(vf_cli *cli, char **dirs, size_t n, const char *out_opt)
{
    vf_cli_rdir *s = vf_xcalloc(n, sizeof *s);
    vf_cli_rdir all;
    vf_sbuf out = VF_SBUF_INIT;
    int rc = VF_EXIT_USAGE, ok = 1;
    memset(&all, 0, sizeof all);
    for (size_t i = 0; i < n && ok; i++)
        ok = !vf_cli_report_load(cli, "merge", dirs[i], &s[i]);
    if (ok && !fit(cli, s, n, dirs)) {
        if (out_opt) vf_sbuf_adds(&out, out_opt);
        else vf_cli_out_default(s[0].a.seed, 1, 1, &out);
        if (!write_merged(cli, s, n, dirs, out.s)
            && !vf_cli_report_load(cli, "merge", out.s, &all)) {
            /* Problems in the accept files are among the run's own. */
            vf_accept acc;
            vf_strlist again = {0};
            vf_cli_accept(&all.a, &acc, &again);
            vf_cli_report_opts ro = {.verbose = 1};
            vf_report_in in = {.t = &all.t, .input = &all.d.input,
                               .accept = &acc};
            rc = vf_cli_report(cli, "merge", out.s, &in, &ro);
            vf_accept_free(&acc);
            vf_strlist_free(&again);
            if (n < (size_t)s[0].a.shard_n)
                fprintf(cli->err, "vaultfuzz merge: %zu of %d shards given\n",
                        n, s[0].a.shard_n);
            if (!out_opt) vf_cli_out_latest(out.s);
        }
    }
    vf_cli_report_free(&all);
    for (size_t i = 0; i < n; i++) vf_cli_report_free(&s[i]);
    free(s);
    vf_sbuf_free(&out);
    return rc;
}

const vf_opt vf_merge_options[] = {
    {"--out", VF_OPT_PATH}, {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG},
    {NULL, 0}};

int vf_cmd_merge(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_merge_options;
    vf_argv av = {argc, 0, argv, 0};
    vf_strlist dirs = {0};
    const char *arg, *out = NULL;
    int k, rc = VF_EXIT_USAGE;
    while ((k = vf_cli_next_opt(cli, "merge", &av, opts, &arg, &dirs)) >= 0) {
        if (k == 0) {
            out = arg;
        } else {
            fputs(merge_usage, cli->out);
            vf_strlist_free(&dirs);
            return VF_EXIT_OK;
        }
    }
    if (k == -2) {
        /* usage error printed */
    } else if (!dirs.n) {
        fprintf(cli->err, "vaultfuzz merge: name the shard reports (see "
                "--help)\n");
    } else {
        rc = merge(cli, dirs.v, dirs.n, out);
    }
    vf_strlist_free(&dirs);
    return rc;
}
