/* vaultfuzz html: report.html from a report directory's files; and the
 * page every command that writes a report writes with it. */
#include "cli.h"
#include "vf_gamever.h"
#include "vf_html.h"

#include <stdlib.h>
#include <string.h>

static const char html_usage[] =
    "usage: vaultfuzz html REPORT_DIR [--baseline OLD_REPORT]\n"
    "                      [--source-url TEMPLATE]\n"
    "\n"
    "Writes REPORT_DIR/report.html again from the directory's files (run.txt,\n"
    "journal.tsv, dumps/): the summary, then each failing map with its rate\n"
    "per layout, its cause when explained, and a picture of its first case\n"
    "at its worst drawn from its dump. One self-contained file: it opens\n"
    "from disk, with or without scripts.\n"
    "\n"
    "  --baseline OLD_REPORT  mark the maps worse than in that report as\n"
    "               new (run takes it too); one that cannot be read is\n"
    "               left out with a warning\n"
    "  --source-url TEMPLATE  link each .des line to a code host: {path}\n"
    "               (relative to the files' git work tree) and {line} are\n"
    "               put in, e.g. https://github.com/crawl/crawl/blob/master/\n"
    "               {path}#L{line} (run takes it too)\n"
    "\n"
    "Exit status: 0 when written, 2 on bad usage or an unreadable report.\n";

/* The game version the run read its maps as: --game-version, else the
 * checkout's (when it is still there), else trunk. */
static void game_version(const vf_run_args *a, vf_sbuf *out)
{
    if (a->w.game_version) {
        vf_sbuf_printf(out, "%s (--game-version)", a->w.game_version);
        return;
    }
    if (!a->w.crawl_dir) {
        vf_sbuf_adds(out, "trunk (no checkout: our own library)");
        return;
    }
    vf_sbuf why = VF_SBUF_INIT;
    char *dat = vf_engine_find_crawl_dat(a->w.crawl_dir, &why);
    if (dat) {
        vf_sbuf_reset(&why);
        int v = vf_gamever_detect(dat, &why);
        vf_sbuf_printf(out, "%s (%s)", vf_gamever_name(v), vf_sbuf_str(&why));
    } else {
        vf_sbuf_printf(out, "not known (%s)", vf_sbuf_str(&why));
    }
    free(dat);
    vf_sbuf_free(&why);
}

/* The previous report, judged as its own run judged it. */
static int load_baseline(vf_cli *cli, const char *cmd, const char *dir,
                         vf_cli_rdir *r)
{
    if (vf_cli_report_load(cli, cmd, dir, r)) return -1;
    vf_cli_report_judge(r);
    return 0;
}

int vf_cli_html(vf_cli *cli, const char *cmd, const char *out,
                const vf_report_in *in, const char *baseline,
                const char *source_url)
{
    vf_rundir d;
    vf_sbuf err = VF_SBUF_INIT, game = VF_SBUF_INIT;
    vf_run_args a;
    vf_run_args_init(&a);
    vf_cli_rdir base;
    memset(&base, 0, sizeof base);
    int rc = vf_rundir_read(out, &d, &err);
    if (!rc) {
        if (!vf_cli_args_from_rundir(cli, cmd, &d, &a)) game_version(&a, &game);
        if (a.w.game_names)
            vf_sbuf_printf(&game, "; with the names declared in %s "
                           "(--game-names)", a.w.game_names);
        vf_run_args_free(&a);
    }
    /* A baseline that cannot be read leaves "new" out, not the page. */
    if (!rc && baseline && load_baseline(cli, cmd, baseline, &base)) {
        fprintf(cli->err, "vaultfuzz %s: --baseline %s left out\n", cmd,
                baseline);
        vf_cli_report_free(&base);
        memset(&base, 0, sizeof base);
        baseline = NULL;
    }
    if (!rc) {
        vf_html_in h = {.rep = in, .dir = out, .made_by = d.version,
                        .library = d.library, .fingerprint = d.fingerprint,
                        .game = game.len ? game.s : NULL,
                        .baseline = baseline ? &base.t : NULL,
                        .baseline_dir = baseline, .source_url = source_url};
        rc = vf_html_write(out, &h, &err);
    }
    if (rc)
        fprintf(cli->err, "vaultfuzz %s: report.html: %s\n", cmd,
                vf_sbuf_str(&err));
    if (baseline) vf_cli_report_free(&base);
    vf_rundir_free(&d);
    vf_sbuf_free(&err);
    vf_sbuf_free(&game);
    return rc;
}

const vf_opt vf_html_options[] = {
    {"--baseline", VF_OPT_PATH}, {"--source-url", VF_OPT_WORD},
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {NULL, 0}};

int vf_cmd_html(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_html_options;
    vf_argv av = {argc, 0, argv, 0};
    vf_strlist pos = {0};
    const char *arg, *baseline = NULL, *source_url = NULL;
    int k, rc = VF_EXIT_USAGE;
    while ((k = vf_cli_next_opt(cli, "html", &av, opts, &arg, &pos)) >= 0) {
        if (!strcmp(opts[k].name, "--baseline")) baseline = arg;
        else if (!strcmp(opts[k].name, "--source-url")) source_url = arg;
        else {
            fputs(html_usage, cli->out);
            vf_strlist_free(&pos);
            return VF_EXIT_OK;
        }
    }
    if (k == -1 && pos.n != 1)
        fprintf(cli->err, "vaultfuzz html: give one report directory (see "
                "--help)\n");
    vf_cli_rdir r;
    if (k == -1 && pos.n == 1 && !vf_cli_report_load(cli, "html", pos.v[0],
                                                     &r)) {
        vf_accept acc;
        vf_strlist input = {0};
        for (size_t i = 0; i < r.d.input.n; i++)
            vf_strlist_push(&input, vf_xstrdup(r.d.input.v[i]));
        vf_cli_accept(&r.a, &acc, &input);
        vf_report_in in = {.t = &r.t, .input = &input, .accept = &acc};
        vf_tally_judge(&r.t, &acc);
        if (!vf_cli_html(cli, "html", pos.v[0], &in, baseline, source_url)) {
            fprintf(cli->out, "report: %s/report.html\n", pos.v[0]);
            rc = VF_EXIT_OK;
        }
        vf_accept_free(&acc);
        vf_strlist_free(&input);
        vf_cli_report_free(&r);
    } else if (k == -1 && pos.n == 1) {
        vf_cli_report_free(&r);
    }
    vf_strlist_free(&pos);
    return rc;
}
