/* vaultfuzz test: a vault author's quick loop -- lint the files, run their
 * maps in every layout within a time budget, and show each failing map's
 * first failing case cropped to the vault, with its causes. Writes
 * nothing. */
#include "cli.h"
#include "color.h"
#include "vf_explain.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char test_usage[] =
    "usage: vaultfuzz test FILE.des... [--seconds S] [--crawl-dir DIR]\n"
    "                      [--place BRANCH:DEPTH] [--game-version V]\n"
    "                      [--game-names FILE] [--des FILE]...\n"
    "\n"
    "The quick loop while writing a vault: lints the files, then runs each\n"
    "of their maps in every layout (empty, rooms, caves, city, open,\n"
    "cross, and game with a checkout), iteration after iteration, within a "
    "time budget shared by\n"
    "the maps (default 10 s); for each map with a finding, its first\n"
    "failing case at its worst is shown cropped to the vault, findings\n"
    "lettered, with the choices that cause it (as 'vaultfuzz explain').\n"
    "Writes no report.\n"
    "\n"
    "  --seconds S  the time budget (default 10)\n"
    "\n"
    "Exit status: 0 when lint is clean and no case has an error, 1\n"
    "otherwise, 2 on bad usage or when --seconds ran out before a map's\n"
    "first case (the map is said 'not tested', never ok).\n";

#define MAX_ITERS 100
#define CROP_MARGIN 3
/* Replays an explanation may take at most (each a whole case), and the
 * share of a map's slice of --seconds its cases take (the rest is for
 * explaining the worst of them). */
#define EXPLAIN_REPLAYS 2000
#define CASES_SHARE 0.6

/* The cells a crop shows: columns x0..x1 of rows y0..y1. */
typedef struct crop_box {
    int x0, y0, x1, y1;
} crop_box;

/* Row y, the box's columns, of the rendered level (line), each finding's
 * letter between on[i] and VF_COLOR_OFF when on is given. */
static void crop_row(vf_cli *cli, const char *line, const vf_conn_report *r,
                     const char *const *on, int y, const crop_box *b)
{
    fputs("    ", cli->out);
    for (int x = b->x0; x <= b->x1; x++) {
        int i = on ? vf_conn_finding_at(r, x, y) : -1;
        if (i >= 0) fputs(on[i], cli->out);
        fputc(line[x], cli->out);
        if (i >= 0) fputs(VF_COLOR_OFF, cli->out);
    }
    fputc('\n', cli->out);
}

/* The box of the rendered level (its first line is a summary, then a
 * row per line), then the render's legend lines. */
static void crop(vf_cli *cli, const char *render, const vf_conn_report *r,
                 const char *const *on, const crop_box *b)
{
    const char *line = strchr(render, '\n');
    for (int y = 0; line && y < VF_GYM; y++) {
        line++;
        if (y >= b->y0 && y <= b->y1) crop_row(cli, line, r, on, y, b);
        line = strchr(line, '\n');
    }
    for (line = line ? line + 1 : NULL; line && *line;) {
        const char *e = strchr(line, '\n');
        fprintf(cli->out, "    %.*s\n", e ? (int)(e - line) : (int)strlen(line),
                line);
        line = e ? e + 1 : NULL;
    }
}

/* A map's cases: run, not tried (its layout tags keep it out), and by
 * their worst finding. */
typedef struct test_count {
    unsigned long cases, untried, at[VF_SEV_COUNT];
} test_count;

/* What every map's test works with. */
typedef struct test_job {
    vf_cli *cli;
    vf_engine *e;
    const vf_desset *set;
    const char *crawl_dir;   /* --crawl-dir, for the repro line; or NULL */
    const char *game_names;  /* --game-names, for it too; or NULL */
    vf_case c;               /* owned by test_maps; base seed 1 */
    int game;                /* mode game too: only with a checkout */
} test_job;

/* A map's worst case within until: runs layout after layout, iteration
 * after iteration, looking at the clock before each case. Returns its
 * severity; *mode, *iter the first case at it. */
static vf_sev worst_case(test_job *j, const vf_mapdef *def, double until,
                         vf_mode *mode, uint32_t *iter, test_count *n)
{
    vf_sev worst = VF_SEV_OK;
    for (uint32_t it = 0; it < MAX_ITERS && vf_cli_now() < until; it++)
        for (int k = 0; k < VF_MODE_COUNT && vf_cli_now() < until; k++) {
            if (k == VF_MODE_FILL || (k == VF_MODE_GAME && !j->game))
                continue;
            vf_verdict v;
            j->c.opts.mode = (vf_mode)k;
            vf_case_run(&j->c, def, it, &v);
            n->cases++;
            if (v.not_tried) {
                n->untried++;
                continue;
            }
            vf_sev s = vf_sev_of(v.kinds, v.warning, v.error);
            n->at[s]++;
            if (s > worst) {
                worst = s;
                *mode = (vf_mode)k;
                *iter = it;
            }
        }
    return worst;
}

/* "NAME: error in 16 of 600 cases (2.7%, 95% CI 1.6-4.3%)", or "ok in
 * 600 cases"; the cases its layout tags keep out said apart. */
static void say_count(vf_cli *cli, const char *name, vf_sev s,
                      const test_count *n)
{
    unsigned long tried = n->cases - n->untried;
    if (!n->cases) {   /* never counted ok */
        fprintf(cli->out, "%s: not tested: the --seconds budget ran out "
                "before its first case\n", name);
        return;
    }
    if (s == VF_SEV_OK) {
        fprintf(cli->out, "%s: ok in %lu cases", name, tried);
    } else {
        double lo, hi;
        vf_wilson(n->at[s], tried, &lo, &hi);
        fprintf(cli->out, "%s: %s in %lu of %lu cases (%.1f%%, 95%% CI "
                "%.1f-%.1f%%)", name, vf_sev_name(s), n->at[s], tried,
                100.0 * n->at[s] / tried, 100 * lo, 100 * hi);
    }
    if (n->untried)
        fprintf(cli->out, "; %lu not tried (its layout tags keep it out)",
                n->untried);
    fputc('\n', cli->out);
}

/* The failing case cropped to the vault, with why it fails: explained
 * with at most replays replays (0: not explained, the time is up). */
static void show_case(test_job *j, const vf_mapdef *def, vf_mode mode,
                      uint32_t iter, size_t replays)
{
    vf_cli *cli = j->cli;
    vf_case *c = &j->c;
    vf_explanation x;
    c->opts.mode = mode;
    if (replays) vf_explain(c, def, iter, replays, &x);
    /* The explanation leaves the level of its last replay: run the case
     * once more for its picture. */
    vf_verdict v;
    vf_case_run(c, def, iter, &v);
    vf_sbuf pic = VF_SBUF_INIT, why = VF_SBUF_INIT;
    vf_conn_render(c->level, c->report, &pic);
    if (v.placed.vault >= 0) {
        int x0 = v.placed.x - CROP_MARGIN, y0 = v.placed.y - CROP_MARGIN;
        int x1 = v.placed.x + v.placed.w - 1 + CROP_MARGIN;
        int y1 = v.placed.y + v.placed.h - 1 + CROP_MARGIN;
        crop_box b = {.x0 = x0 < 0 ? 0 : x0, .y0 = y0 < 0 ? 0 : y0,
                      .x1 = x1 >= VF_GXM ? VF_GXM - 1 : x1,
                      .y1 = y1 >= VF_GYM ? VF_GYM - 1 : y1};
        const char **on = cli->color
                          ? vf_color_findings(c->level, c->report, &v.judged)
                          : NULL;
        crop(cli, pic.s, c->report, on, &b);
        free(on);
    }
    const char *path = j->set->files[def->file].path;
    if (replays) vf_explain_lines(&x, path, def->name, &why);
    else
        vf_sbuf_printf(&why, "  why: not explained, the --seconds budget "
                       "ran out (vaultfuzz explain %s --iter %lu --mode %s "
                       "--des %s says)\n", def->name, (unsigned long)iter,
                       vf_mode_name(mode), path);
    fprintf(cli->out, "  repro: vaultfuzz check %s --iter %lu --mode %s "
            "--des %s%s%s%s%s\n%s", def->name, (unsigned long)iter,
            vf_mode_name(mode), path, j->game ? " --crawl-dir " : "",
            j->game ? j->crawl_dir : "", j->game_names ? " --game-names " : "",
            j->game_names ? j->game_names : "", why.s);
    vf_sbuf_free(&pic);
    vf_sbuf_free(&why);
    if (replays) vf_explanation_free(&x);
}

/* Whether def's Lua fails when the game loads the maps (its run with
 * is_validating() true): then the game never places it, and no case is
 * run. Says so. */
static int rejected_at_load(vf_cli *cli, vf_engine *e, const vf_desset *set,
                            const vf_mapdef *def)
{
    vf_rmap m;
    vf_rmap_init(&m, def, NULL);
    vf_sbuf err = VF_SBUF_INIT;
    vf_resolve_req load = {.def = def, .seed = 1, .validating = 1};
    int bad = vf_engine_resolve(e, &load, &m, &err) == VF_LUA_ERROR;
    const char *path = set->files[def->file].path, *msg = vf_sbuf_str(&err);
    if (bad && vf_diag_line_in(msg, path, NULL))   /* it names its line */
        fprintf(cli->out, "%s: error: rejected at load, so the game never "
                "places it; no case run: %s\n", def->name, msg);
    else if (bad)
        fprintf(cli->out, "%s: error: rejected at load, so the game never "
                "places it; no case run: %s:%d: %s\n", def->name, path,
                def->line, msg);
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
    return bad;
}

/* Replays of the explanation that fit before until, one case kept for
 * the picture; per_case from the map's own cases. */
static size_t replays_until(double until, const test_count *n, double spent)
{
    double per_case = n->cases ? spent / (double)n->cases : 0;
    return vf_cli_replays_within(until - vf_cli_now() - per_case, per_case,
                                 EXPLAIN_REPLAYS);
}

static int test_maps(vf_cli *cli, vf_cli_world *w, double seconds)
{
    /* The budget is the whole command's: loading counts, and so do the
     * attempts a stuck map cost (guard.h). */
    double deadline = cli->started + seconds;
    vf_desset set;
    vf_diag d;
    vf_sbuf err = VF_SBUF_INIT;
    w->game_layouts = 1;
    if (vf_cli_world_load(cli, "test", w, &set, &d) < 0) return VF_EXIT_USAGE;
    vf_engine *e = vf_engine_new(&set, &w->cfg, &d, &err);
    int rc = VF_EXIT_OK;
    if (!e) {
        fprintf(cli->err, "vaultfuzz test: %s\n", vf_sbuf_str(&err));
        rc = VF_EXIT_USAGE;
    }
    /* The game's layouts need the game's: only with a checkout. */
    test_job j = {.cli = cli, .e = e, .set = &set, .crawl_dir = w->crawl_dat,
                  .game_names = w->game_names, .game = w->crawl_dat != NULL};
    vf_case_opts o = {.seed = 1};
    vf_case_init(&j.c, e, &o);
    size_t given = w->given_maps;
    double start = vf_cli_now();
    double slice = (deadline - start) / (double)(given ? given : 1);
    for (size_t i = 0; e && i < given; i++) {
        const vf_mapdef *def = &set.maps[i];
        vf_cli_world_map_place(w, e, def);
        if (rejected_at_load(cli, e, &set, def)) {
            rc = VF_EXIT_FOUND;
            continue;
        }
        vf_mode mode = VF_MODE_EMPTY;
        uint32_t iter = 0;
        test_count n = {0};
        /* The map's slice: its cases, then what is left of it for the
         * explanation of its worst. */
        double t0 = vf_cli_now(), end = start + slice * (double)(i + 1);
        vf_sev s = worst_case(&j, def, t0 + (end - t0) * CASES_SHARE,
                              &mode, &iter, &n);
        say_count(cli, def->name, s, &n);
        if (!n.cases && rc == VF_EXIT_OK) rc = VF_EXIT_USAGE;   /* untested */
        if (s > VF_SEV_OK)
            show_case(&j, def, mode, iter,
                      replays_until(end, &n, vf_cli_now() - t0));
        if (s == VF_SEV_ERROR) rc = VF_EXIT_FOUND;
    }
    vf_case_release(&j.c);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
    return rc;
}

const vf_opt vf_test_options[] = {
    {"--seconds", VF_OPT_WORD}, VF_CLI_WORLD_OPTS, {"--help", VF_OPT_FLAG},
    {"-h", VF_OPT_FLAG}, {NULL, 0}};

int vf_cmd_test(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_test_options;
    vf_argv a = {argc, 0, argv, 0};
    vf_strlist files = {0};
    vf_cli_world w;
    vf_cli_world_init(&w);
    double seconds = 10;
    const char *arg;
    int k, rc = VF_EXIT_USAGE;
    while ((k = vf_cli_next_opt(cli, "test", &a, opts, &arg, &files)) >= 0) {
        char *end;
        if (!strcmp(opts[k].name, "--seconds")) {
            seconds = strtod(arg, &end);
            if (*end || !*arg || seconds <= 0) {
                fprintf(cli->err, "vaultfuzz test: --seconds needs a "
                        "positive number, not '%s'\n", arg);
                k = -2;
                break;
            }
        } else if (!strcmp(opts[k].name, "--des")) {
            vf_strlist_push(&files, vf_xstrdup(arg));
        } else if (!vf_cli_world_opt(&w, opts[k].name, arg)) {
            fputs(test_usage, cli->out);
            rc = VF_EXIT_OK;
            goto out;
        }
    }
    if (k == -2) goto out;
    if (!files.n) {
        fprintf(cli->err, "vaultfuzz test: name the .des files to test\n");
        goto out;
    }
    /* lint first, on the same files and library. */
    vf_strlist lint = {0};
    vf_strlist_push(&lint, vf_xstrdup("lint"));
    for (size_t i = 0; i < files.n; i++) {
        vf_strlist_push(&lint, vf_xstrdup("--des"));
        vf_strlist_push(&lint, vf_xstrdup(files.v[i]));
        vf_strlist_push(&w.des, vf_xstrdup(files.v[i]));
    }
    const char *world[][2] = {{"--crawl-dir", w.crawl_dir},
                              {"--place", w.place},
                              {"--game-version", w.game_version},
                              {"--game-names", w.game_names},
                              {"--lua", w.lua}};
    for (size_t i = 0; i < sizeof world / sizeof *world; i++)
        if (world[i][1]) {
            vf_strlist_push(&lint, vf_xstrdup(world[i][0]));
            vf_strlist_push(&lint, vf_xstrdup(world[i][1]));
        }
    int lrc = vf_cmd_lint(cli, (int)lint.n, lint.v);
    vf_strlist_free(&lint);
    if (lrc == VF_EXIT_USAGE) goto out;
    rc = test_maps(cli, &w, seconds);
    if (rc == VF_EXIT_OK && lrc) rc = VF_EXIT_FOUND;
out:
    vf_cli_world_free(&w);
    vf_strlist_free(&files);
    return rc;
}
