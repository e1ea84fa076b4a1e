/* vaultfuzz run: the main job -- every case on all cores, a report. */
#include "changed.h"
#include "cli.h"
#include "vf_catalog.h"
#include "vf_gamever.h"
#include "vf_report.h"
#include "vf_run.h"
#include "vf_rundir.h"
#include "vf_shell.h"
#include "vf_version.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char run_usage[] =
    "usage: vaultfuzz run [MAP|GLOB]... [--all] [--tag T]... [--file GLOB]...\n"
    "                     [--count N] [--seed N|nightly] [--layouts M[,M]...]\n"
    "                     [--no-rotate] [--opacity] [--force] [--dump]\n"
    "                     [--fail-on error|warning|note] [--accept FILE]\n"
    "                     [--until-settled N] [--explain first|all|none]\n"
    "                     [--changed-since REV] [--shard I/N] [-j N]\n"
    "                     [--timeout SEC] [--out DIR]\n"
    "                     [--progress] [--verbose] [--format text|gnu]\n"
    "                     [--baseline OLD] [--source-url TEMPLATE]\n"
    "                     [--des PATH]...\n"
    "                     [--crawl-dir DIR]\n"
    "                     [--place BRANCH:DEPTH]\n"
    "       vaultfuzz run --resume DIR [-j N] [--timeout SEC] [--progress]\n"
    "                     [--baseline OLD]\n"
    "\n"
    "Places every selected map on a level, --count times for each layout,\n"
    "judges each level, and writes a report: summary.txt, summary.json,\n"
    "vaults.csv, layouts.csv (mode game: per layout map), failures.jsonl,\n"
    "junit.xml, report.sarif (SARIF 2.1.0), report.html and a gzipped\n"
    "dump of every failing case in dumps/. A\n"
    "case is (map, layout, iteration); its seed comes from the base seed,\n"
    "the map's name and the iteration, so its result never depends on -j,\n"
    "the shard or the other maps.\n"
    "\n"
    "  MAP|GLOB     maps by name or shell pattern (default --all: every map)\n"
    "  --tag T      only maps tagged T (as tagged by their Lua at load)\n"
    "  --file GLOB  only maps in .des files matching GLOB (the path or any\n"
    "               tail of it: 'vaults/*.des', 'hells.des')\n"
    "  --changed-since REV  only the maps of the .des files 'git diff REV'\n"
    "               changes (in the repository of each --des path), and the\n"
    "               maps drawing one of those as a subvault; their names go\n"
    "               into run.txt. The same maps run first at REV, with the\n"
    "               same seeds (OUT/before): the run fails only on a map\n"
    "               the change made fail (new, failing where it did not, or\n"
    "               failing more often); what failed at REV already is\n"
    "               listed apart. Nothing changed: exit 0, no report. Not a\n"
    "               repository, or a revision git does not know: exit 3\n"
    "  --count N    iterations per map and layout (default 10)\n"
    "  --seed S     base seed (default 1); 'nightly': the UTC date YYYYMMDD,\n"
    "               the same on every machine that night\n"
    "  --layouts M  (or --mode) layouts, comma-separated: empty, fill,\n"
    "               rooms, caves, city, open, cross, game (the\n"
    "               checkout's own layout maps; default: every one but\n"
    "               fill, and game only with a checkout; a case of a map\n"
    "               tagged layout_* or nolayout_* where its tags keep it\n"
    "               out is not tried: counted apart, never ok)\n"
    "  --no-rotate  tag maps no_rotate no_vmirror no_hmirror no_pool_fixup\n"
    "  --opacity    treat vaults as transparent (placement.lua -opacity)\n"
    "  --force      also run the maps skipped as placement.lua skips them:\n"
    "               removed, unrand, subvault_only (each skip is counted\n"
    "               with its reason; encompass maps run as levels anyway)\n"
    "  --dump       a dump for every case, not only the failing ones\n"
    "  --fail-on S  the least severity that fails the run: error (default),\n"
    "               warning or note (every finding is graded by what the\n"
    "               game would do with it; see the README)\n"
    "  --veto-error P, --veto-warning P  the share of a map's builds on\n"
    "               levels the game builds (its layouts, the empty level)\n"
    "               that the game throws away, in percent, at the low end\n"
    "               of its 95% interval, from which level_vetoed is an\n"
    "               error (default 15) or a warning (default 3)\n"
    "  --stress-warning P  the same share in our synthetic layouts alone,\n"
    "               from which it is a warning, never an error (default\n"
    "               25)\n"
    "  --until-settled N  give a map N more iterations per layout when its\n"
    "               --count left it unsettled: a failure seen once or twice,\n"
    "               too rare for a rate and too many to call it zero (not\n"
    "               with --shard)\n"
    "  --explain E  first (default): once every case is done, each map's\n"
    "               first case at its worst (warning or worse) is explained\n"
    "               as 'vaultfuzz explain' does -- the choice that breaks\n"
    "               it, at its .des line -- in the summary and "
    "failures.jsonl;\n"
    "               all: each of its cases at its worst (the first 40 of\n"
    "               each map), and how often each cause recurs; none: not\n"
    "               explained\n"
    "  --accept F   findings marked intended, 'MAP KIND reason' a line\n"
    "               (default: vaultfuzz-accept.txt in each --des directory)\n"
    "  --shard I/N  run slice I of N (cases k with k % N == I-1); combine\n"
    "               the slices with 'vaultfuzz merge'\n"
    "  -j N         worker processes (default: the number of cores)\n"
    "  --timeout S  seconds a case may take before its worker is killed and\n"
    "               the case recorded as a timeout (default 60; 0: none)\n"
    "  --out DIR    the report directory (default reports/<UTC time>-<seed>,\n"
    "               and reports/latest points at it)\n"
    "  --resume DIR finish a run that was stopped, with its own options\n"
    "  --progress   show progress even when stderr is not a terminal\n"
    "  --source-url TEMPLATE  report.html links each .des line there:\n"
    "               {path} (relative to the files' git work tree) and\n"
    "               {line} put in (see vaultfuzz html --help)\n"
    "  --verbose    print the whole summary (summary.txt), not the short\n"
    "               one: the error and warning maps, the rest counted\n"
    "  --baseline OLD  a previous report directory: report.html marks the\n"
    "               maps whose severity is worse now as new\n"
    "  --format F   text (default): the summary; gnu: each map's findings\n"
    "               and causes as FILE:LINE:COL: severity: what, the form\n"
    "               compilers use (Vim's quickfix, Emacs' compilation mode)\n"
    VF_CLI_WORLD_HELP
    "\n"
    "Without --place, each map's cases run at a level its PLACE or DEPTH\n"
    "admits, as in check; maps examine at " VF_PLACE_DEFAULT ".\n"
    "\n"
    "Exit status: 0 when no map has a finding of the --fail-on severity or\n"
    "worse (accepted ones aside), 1 when one has, 2 on bad usage or a run\n"
    "left incomplete, 3 when the run completed but some input did not load\n"
    "(a .des file, a bad accept line) or --changed-since could not ask git.\n";

/* ---- selection ----------------------------------------------------------- */

static int has_glob(const char *s)
{
    return strpbrk(s, "*?[") != NULL;
}

/* The path, or any tail of it after a '/', matches. */
static int file_matches(const vf_strlist *globs, const char *path)
{
    if (!globs->n) return 1;
    for (size_t g = 0; g < globs->n; g++)
        for (const char *p = path; p; p = strchr(p, '/'), p = p ? p + 1 : p)
            if (!fnmatch(globs->v[g], p, 0)) return 1;
    return 0;
}

/* The maps to examine, in load order, into *sel (malloc'd). Returns
 * their number, or -1 after a usage error (a name or pattern matching no
 * map). */
static long select_maps(vf_cli *cli, const vf_run_args *a,
                        const vf_desset *set, size_t **sel)
{
    *sel = vf_xmalloc((set->nmaps ? set->nmaps : 1) * sizeof **sel);
    char *hit = vf_xcalloc(a->names.n + 1, 1);
    size_t n = 0;
    for (size_t i = 0; i < a->w.given_maps; i++) {
        const vf_mapdef *m = &set->maps[i];
        int named = !a->names.n;
        for (size_t k = 0; k < a->names.n; k++)
            if (!fnmatch(a->names.v[k], m->name, 0)) named = hit[k] = 1;
        if (named && file_matches(&a->files, set->files[m->file].path))
            (*sel)[n++] = i;
    }
    long rc = (long)n;
    for (size_t k = 0; k < a->names.n && !a->names_may_miss; k++)
        if (!hit[k]) {
            fprintf(cli->err, "vaultfuzz run: %s '%s'\n",
                    has_glob(a->names.v[k]) ? "no map matches" : "no map named",
                    a->names.v[k]);
            rc = -1;
        }
    if (!n && rc == 0 && !a->names_may_miss) {
        if (!set->nmaps)
            fprintf(cli->err, "vaultfuzz run: no map loaded (%s)\n",
                    set->nfiles ? "the .des files hold none"
                                : "no .des file was found");
        else if (a->files.n)
            fprintf(cli->err, "vaultfuzz run: no map selected (--file "
                    "matches none of their files)\n");
        else
            fprintf(cli->err, "vaultfuzz run: no map selected\n");
        rc = -1;
    }
    free(hit);
    return rc;
}

/* A map name as an fnmatch pattern matching only itself. */
static char *literal(const char *name)
{
    vf_sbuf b = VF_SBUF_INIT;
    for (const char *p = name; *p; p++) {
        if (strchr("*?[\\", *p)) vf_sbuf_addc(&b, '\\');
        vf_sbuf_addc(&b, *p);
    }
    return vf_sbuf_take(&b);
}

/* --changed-since: the maps it chooses (those named on the command line
 * among them) become the run's names, which run.txt keeps, so --resume
 * and merge run the same maps whatever the repository does later.
 * Returns -1 to go on, else the exit status (nothing changed: 0). */
static int changed_names(vf_cli *cli, vf_run_args *a, const vf_desset *set,
                         vf_catalog *c, vf_diag *d, vf_changed *ch_out)
{
    vf_changed ch;
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_changed_find(set, c, &a->w.des, a->changed_since, &ch, &err)) {
        fprintf(cli->err, "vaultfuzz run: %s\n", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        vf_changed_free(&ch);
        return VF_EXIT_INPUT;
    }
    vf_changed_blame_dups(&ch, set, d);
    vf_strlist names = {0};
    for (size_t i = 0; i < set->nmaps; i++) {
        int named = !a->names.n;
        for (size_t k = 0; k < a->names.n && !named; k++)
            named = !fnmatch(a->names.v[k], set->maps[i].name, 0);
        if (ch.map[i] && named)
            vf_strlist_push(&names, literal(set->maps[i].name));
    }
    fprintf(cli->out, "changed since %s: %zu .des files, %zu maps (%zu "
            "drawing a changed map as a subvault)%s\n", a->changed_since,
            ch.nfiles, ch.nmaps, ch.nsubvault, ch.lua ? "; .lua files "
            "changed too: only a whole run sees what they do" : "");
    *ch_out = ch;   /* for the run at the revision */
    vf_strlist_free(&a->names);
    a->names = names;
    if (names.n) return -1;
    fprintf(cli->out, "run: no map to run: nothing to report\n");
    return VF_EXIT_OK;
}

/* ---- the report directory ------------------------------------------------ */

/* The Lua library the maps run with: the checkout's dat/dlua, or ours. */
static uint64_t library_hash(const vf_cli_world *w)
{
    vf_sbuf dir = VF_SBUF_INIT;
    if (w->cfg.crawl_dat) vf_sbuf_printf(&dir, "%s/dlua", w->cfg.crawl_dat);
    else vf_sbuf_adds(&dir, w->cfg.dlua_dir);
    uint64_t h = vf_rundir_library_hash(dir.s);
    vf_sbuf_free(&dir);
    return h;
}

/* The run's parameters, new or checked against those it started with. */
static int rundir(vf_cli *cli, const vf_run_args *a, const char *out,
                  vf_rundir *d)
{
    vf_sbuf err = VF_SBUF_INIT;
    int rc = 0;
    if (!a->resume) {
        vf_run_args_words(a, 1, &d->args);
        rc = vf_rundir_write(out, d, &err);
    } else {
        vf_rundir old;
        if (vf_rundir_read(out, &old, &err)) rc = -1;
        else if (old.fingerprint != d->fingerprint || old.nmaps != d->nmaps
                 || old.nselected != d->nselected)
            vf_sbuf_printf(&err, "the maps loaded are not those the run in "
                           "%s started with (were the .des files changed?)",
                           out), rc = -1;
        else if (old.lua[0] && strcmp(old.lua, d->lua))
            vf_sbuf_printf(&err, "the run in %s ran its vault Lua under Lua "
                           "%s, this one would under %s", out, old.lua,
                           d->lua), rc = -1;
        vf_rundir_free(&old);
    }
    if (rc) fprintf(cli->err, "vaultfuzz run: %s\n", vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    return rc;
}

/* The journal read into t, then opened for appending after its last
 * whole line. Returns the descriptor, or -1. */
static int open_journal(vf_cli *cli, const char *out, vf_tally *t)
{
    vf_sbuf err = VF_SBUF_INIT, path = VF_SBUF_INIT;
    size_t valid = 0;
    int fd = -1;
    vf_sbuf_printf(&path, "%s/%s", out, VF_RUNDIR_JOURNAL);
    if (vf_rundir_load(out, t, &valid, &err))
        fprintf(cli->err, "vaultfuzz run: %s\n", vf_sbuf_str(&err));
    else if ((fd = open(path.s, O_WRONLY | O_CREAT | O_APPEND, 0666)) < 0
             || ftruncate(fd, (off_t)valid)) {
        fprintf(cli->err, "vaultfuzz run: %s: %s\n", path.s, strerror(errno));
        if (fd >= 0) close(fd);
        fd = -1;
    }
    vf_sbuf_free(&err);
    vf_sbuf_free(&path);
    return fd;
}

/* ---- the run ------------------------------------------------------------- */

typedef struct job {
    vf_cli *cli;
    vf_run_args *a;
    const char *out;
    vf_desset set;
    vf_diag d;
    vf_strlist input;          /* load problems, as printed */
    vf_accept accept;          /* findings marked intended */
    int lock_fd;               /* holds out/lock while the run writes */
    size_t *sel;
    long nsel;
    vf_run_spec spec;
    vf_run_strings text;
    vf_tally t;
    vf_catalog *catalog;       /* the maps' index, made before the workers */
    vf_engine *e;
    vf_changed changed;        /* --changed-since: what git said */
    vf_cli_rdir before;        /* ... the same maps run at the revision */
    vf_gate gate;              /* ... and this run judged against it */
    int gated;                 /* before and gate are set */
    vf_sbuf before_dir;        /* OUT/before */
} job;

static void input_problems(job *j)
{
    for (size_t i = 0; i < j->d.n; i++) {
        if (j->d.v[i].sev != VF_ERROR) continue;
        vf_sbuf b = VF_SBUF_INIT;
        vf_diag_format(&j->d.v[i], &b);
        vf_strlist_push(&j->input, vf_sbuf_take(&b));
    }
}

#define INDEX_THREADS 16

/* -j, or the number of cores. */
static int jobs(const vf_run_args *a)
{
    int n = a->jobs ? a->jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n;
}

/* After SIGINT or SIGTERM: what was kept and how to go on. */
static void stopped_message(job *j, int sig)
{
    vf_sbuf cmd = VF_SBUF_INIT;
    vf_shell_quote(&cmd, j->out);
    fprintf(j->cli->err, "vaultfuzz run: stopped by %s: %lu of %zu cases "
            "done and kept in %s; finish with: vaultfuzz run --resume %s\n",
            sig == SIGINT ? "SIGINT" : "SIGTERM", j->t.cases,
            vf_tally_cases(&j->t, NULL, NULL), j->out, cmd.s);
    vf_sbuf_free(&cmd);
}

/* The test-only hooks (vf_work.h) come from the environment, in the test
 * build only (VF_TEST_HOOKS, as the Makefile's sanitizer build sets it):
 * the binary a user runs has none. */
static const char *test_hook(const char *name)
{
#ifdef VF_TEST_HOOKS
    return getenv(name);
#else
    (void)name;
    return NULL;
#endif
}

/* The test-only kill hook: VAULTFUZZ_TEST_KILL=MAP kills the worker on
 * every attempt at MAP's cases, MAP:N on the first N. */
static void kill_hook(vf_work *w)
{
    const char *v = test_hook("VAULTFUZZ_TEST_KILL");
    if (!v || !*v) return;
    static char name[256];   /* the hook's copy: lives as long as the run */
    snprintf(name, sizeof name, "%s", v);
    char *colon = strrchr(name, ':');
    if (colon) {
        *colon = '\0';
        w->kill_attempts = (unsigned)strtoul(colon + 1, NULL, 10);
    }
    w->kill_map = name;
}

/* The run's checkpoint (vf_run_checkpoint): the report files as they
 * stand, so a run stopped or still going shows what it found. */
static int checkpoint(void *ctx, vf_sbuf *err)
{
    job *j = ctx;
    vf_report_in in = {&j->t, &j->input, &j->accept, NULL, &j->a->w.cfg.game};
    return vf_report_write(j->out, &in, err);
}

static int execute(job *j)
{
    vf_run r = {.work = {.spec = &j->spec, .set = &j->set, .engine = j->e,
                         .catalog = j->catalog, .out_dir = j->out,
                         .crash_map = test_hook("VAULTFUZZ_TEST_CRASH"),
                         .hang_map = test_hook("VAULTFUZZ_TEST_HANG"),
                         .map_places = !j->a->w.place,
                         .place = j->a->w.cfg.place},
                .selected = j->sel, .nselected = (size_t)j->nsel,
                .jobs = j->a->jobs, .timeout = j->a->timeout,
                .tally = &j->t, .journal_fd = -1,
                .checkpoint = checkpoint, .checkpoint_ctx = j};
    kill_hook(&r.work);
    r.jobs = jobs(j->a);
    if (j->a->progress || isatty(fileno(j->cli->err))) r.progress = j->cli->err;
    r.journal_fd = open_journal(j->cli, j->out, &j->t);
    if (r.journal_fd < 0) return VF_EXIT_USAGE;
    size_t cases = vf_tally_cases(&j->t, NULL, NULL);
    fprintf(j->cli->out, "run: seed %llu%s, %ld maps selected, %lu "
            "iterations per layout, %d workers, report in %s\n", j->a->seed,
            j->a->nightly ? " (nightly)" : "", j->nsel,
            (unsigned long)j->spec.count, r.jobs, j->out);
    if (j->t.examined == j->t.nselected && j->t.cases)
        fprintf(j->cli->out, "resuming: %lu of %zu cases done\n", j->t.cases,
                cases);
    fflush(j->cli->out);
    vf_sbuf err = VF_SBUF_INIT;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned long before = j->t.cases;
    int rc = vf_run_execute(&r, &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    close(r.journal_fd);
    vf_work_free(&r.work);
    if (rc) {
        fprintf(j->cli->err, "vaultfuzz run: %s\n", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        return VF_EXIT_USAGE;
    }
    vf_sbuf_free(&err);
    if (j->gated) vf_gate_init(&j->gate, j->a->changed_since,
                               vf_sbuf_str(&j->before_dir), &j->before.t,
                               &j->t);
    vf_cli_report_opts ro = {.gnu = j->a->gnu, .verbose = j->a->verbose,
                             .baseline = j->gated
                                         ? vf_sbuf_str(&j->before_dir)
                                         : j->a->baseline,
                             .source_url = j->a->source_url};
    vf_report_in in = {.t = &j->t, .input = &j->input, .accept = &j->accept,
                       .gate = j->gated ? &j->gate : NULL,
                       .game = &j->a->w.cfg.game};
    rc = vf_cli_report(j->cli, "run", j->out, &in, &ro);
    double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    fprintf(j->cli->out, "time: %lu cases in %.1f s (%.0f cases/s)\n",
            j->t.cases - before, s,
            s > 0 ? (j->t.cases - before) / s : 0.0);
    /* Stopped before the end, the report is incomplete: exit status 2. */
    if (r.stopped && !vf_tally_complete(&j->t))
        stopped_message(j, r.stopped);
    return rc;
}

static int start(job *j)
{
    vf_cli *cli = j->cli;
    vf_sbuf err = VF_SBUF_INIT;
    j->a->w.game_layouts = 1;
    if (vf_cli_world_load(cli, "run", &j->a->w, &j->set, &j->d) < 0)
        return VF_EXIT_USAGE;
    /* Made here, on as many threads as there will be workers, rather than
     * by each worker for itself: every worker inherits it. Each thread
     * boots a library of its own, so past INDEX_THREADS more threads cost
     * memory for little time. --changed-since needs it first, for tags. */
    int threads = jobs(j->a) < INDEX_THREADS ? jobs(j->a) : INDEX_THREADS;
    if (j->a->changed_since) {
        j->catalog = vf_catalog_build(&j->set, &j->a->w.cfg, threads, &err);
        int rc = j->catalog ? changed_names(cli, j->a, &j->set, j->catalog,
                                            &j->d, &j->changed)
                            : -1;
        if (rc >= 0) {
            vf_diag_print(&j->d, cli->err);
            return rc;
        }
    }
    j->nsel = select_maps(cli, j->a, &j->set, &j->sel);
    if (j->nsel >= 0) {
        if (!j->catalog && !err.len)
            j->catalog = vf_catalog_build(&j->set, &j->a->w.cfg, threads,
                                          &err);
        j->a->w.cfg.catalog = j->catalog;
        if (j->catalog)
            j->e = vf_engine_new(&j->set, &j->a->w.cfg, &j->d, &err);
    }
    vf_diag_print(&j->d, cli->err);
    input_problems(j);
    vf_cli_accept(j->a, &j->accept, &j->input);
    if (j->nsel < 0) return VF_EXIT_USAGE;
    if (!j->e) {
        fprintf(cli->err, "vaultfuzz run: %s\n", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        return VF_EXIT_USAGE;
    }
    vf_rundir d = {VF_VERSION, vf_rundir_fingerprint(&j->set),
                   library_hash(&j->a->w), j->set.nmaps, (size_t)j->nsel,
                   {0}, j->input, "", ""};
    const vf_game *game = &j->a->w.cfg.game;
    snprintf(d.game, sizeof d.game, "%s", vf_gamever_name(game->ver));
    snprintf(d.lua, sizeof d.lua, "%s", vf_cli_lua_name());
    if ((!j->a->resume && vf_cli_out_make(cli, "run", j->out))
        || (j->lock_fd = vf_cli_out_lock(cli, "run", j->out)) < 0
        || rundir(cli, j->a, j->out, &d)) {
        vf_strlist_free(&d.args);
        return VF_EXIT_USAGE;
    }
    vf_strlist_free(&d.args);
    vf_run_args_spec(j->a, &j->spec, &j->text);
    j->spec.game = vf_gamever_name(game->ver);
    j->spec.lua = vf_cli_lua_name();
    vf_tally_init(&j->t, &j->spec, j->set.nmaps, (size_t)j->nsel);
    return -1;
}

/* ---- a pull request's run: the same maps at the revision ---------------- */

static int run_job(vf_cli *cli, vf_run_args *a, const char *out,
                   int default_out_dir);

/* The run's own words with the --des paths replaced by des and nothing
 * explained (the counts are what the gate weighs), parsed into *b: the
 * same maps, seeds, layouts and options. Returns 0, or -1. */
static int before_args(vf_cli *cli, const vf_run_args *a,
                       const vf_strlist *des, vf_run_args *b)
{
    vf_strlist words = {0}, argv = {0};
    vf_run_args_words(a, 0, &words);
    vf_strlist_push(&argv, vf_xstrdup("run"));
    for (size_t i = 0; i < words.n; i++) {
        if (!strcmp(words.v[i], "--des") || !strcmp(words.v[i], "--explain")) {
            i++;
            continue;
        }
        vf_strlist_push(&argv, vf_xstrdup(words.v[i]));
    }
    for (size_t i = 0; i < des->n; i++) {
        vf_strlist_push(&argv, vf_xstrdup("--des"));
        vf_strlist_push(&argv, vf_xstrdup(des->v[i]));
    }
    vf_strlist_push(&argv, vf_xstrdup("--explain"));
    vf_strlist_push(&argv, vf_xstrdup("none"));
    vf_strlist_free(&words);
    vf_run_args_init(b);
    int rc = vf_run_args_parse(cli, "run", (int)argv.n, argv.v, b);
    for (size_t i = 0; i < argv.n; i++) vf_strlist_push(&b->owned, argv.v[i]);
    free(argv.v);
    if (!rc) rc = vf_run_args_canonicalise(cli, "run", b);
    b->names_may_miss = 1;
    b->jobs = a->jobs;
    b->timeout = a->timeout;
    return rc ? -1 : 0;
}

/* OUT/before, read back and judged: the gate's other side. Returns -1
 * to go on (without a gate when it cannot be read: said). */
static int load_before(job *j)
{
    if (!j->before_dir.len) vf_sbuf_printf(&j->before_dir, "%s/before", j->out);
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", j->before_dir.s, VF_RUNDIR_RUN);
    struct stat st;
    int there = !stat(path.s, &st);
    vf_sbuf_free(&path);
    if (there && !vf_cli_report_load(j->cli, "run", j->before_dir.s,
                                     &j->before)) {
        vf_cli_report_judge(&j->before);
        if (vf_tally_complete(&j->before.t)) return j->gated = 1, -1;
        vf_cli_report_free(&j->before);
    }
    fprintf(j->cli->err, "vaultfuzz run: the run at %s (%s) is not whole: "
            "this run is judged alone, every failure counted\n",
            j->a->changed_since, j->before_dir.s);
    return -1;
}

/* The run at the revision, in a child process of its own, what it prints
 * going to log. Returns its exit status. */
static int before_child(vf_run_args *b, const char *out, const char *log)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        FILE *f = fopen(log, "w");
        if (!f) _exit(VF_EXIT_USAGE);
        vf_cli quiet = {.out = f, .err = f, .started = vf_cli_now()};
        int rc = run_job(&quiet, b, out, 0);
        fclose(f);
        _exit(rc);
    }
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) != pid) return VF_EXIT_USAGE;
    return WIFEXITED(st) ? WEXITSTATUS(st) : VF_EXIT_USAGE;
}

/* --changed-since REV: the maps chosen, run at REV with the same seeds
 * (their .des files as git has them there, OUT/before/des), quietly into
 * OUT/before; OUT/before.log holds what that run printed. */
static int run_before(job *j)
{
    vf_sbuf_printf(&j->before_dir, "%s/before", j->out);
    vf_sbuf tree = VF_SBUF_INIT, log = VF_SBUF_INIT, err = VF_SBUF_INIT;
    vf_sbuf_printf(&tree, "%s/before-des", j->out);
    vf_sbuf_printf(&log, "%s/before.log", j->out);
    vf_strlist des = {0};
    vf_run_args b;
    int ok = !vf_changed_tree(&j->changed, &j->set, &j->a->w.des, tree.s,
                              &des, &err);
    if (!ok)
        fprintf(j->cli->err, "vaultfuzz run: the maps at %s: %s\n",
                j->a->changed_since, vf_sbuf_str(&err));
    ok = ok && !before_args(j->cli, j->a, &des, &b);
    if (ok) {
        fprintf(j->cli->out, "run: the same maps at %s first (report in "
                "%s)\n", j->a->changed_since, j->before_dir.s);
        if (before_child(&b, j->before_dir.s, log.s) == VF_EXIT_USAGE)
            fprintf(j->cli->err, "vaultfuzz run: the run at %s failed: see "
                    "%s\n", j->a->changed_since, log.s);
    }
    if (ok) vf_run_args_free(&b);
    vf_strlist_free(&des);
    vf_sbuf_free(&tree);
    vf_sbuf_free(&log);
    vf_sbuf_free(&err);
    return load_before(j);
}

static int run_job(vf_cli *cli, vf_run_args *a, const char *out,
                   int default_out_dir)
{
    job j;
    memset(&j, 0, sizeof j);
    j.lock_fd = -1;
    j.cli = cli;
    j.a = a;
    j.out = out;
    int rc = start(&j);
    if (rc < 0 && a->changed_since && !a->resume) rc = run_before(&j);
    else if (rc < 0 && a->changed_since) rc = load_before(&j);
    if (rc < 0) rc = execute(&j);
    if (rc != VF_EXIT_USAGE && default_out_dir) vf_cli_out_latest(out);
    if (j.gated) {
        vf_gate_free(&j.gate);
        vf_cli_report_free(&j.before);
    }
    vf_sbuf_free(&j.before_dir);
    vf_changed_free(&j.changed);
    if (j.t.maps) vf_tally_free(&j.t);
    vf_run_strings_free(&j.text);
    vf_engine_free(j.e);
    a->w.cfg.catalog = NULL;
    vf_catalog_free(j.catalog);
    free(j.sel);
    vf_strlist_free(&j.input);
    vf_accept_free(&j.accept);
    if (j.lock_fd >= 0) close(j.lock_fd);
    vf_diag_free(&j.d);
    vf_desset_free(&j.set);
    return rc;
}

/* --resume DIR: the run's own options from DIR/run.txt, with how to run
 * from this command line. */
static int resume_args(vf_cli *cli, const vf_run_args *cmdline,
                       vf_run_args *a)
{
    vf_rundir d;
    vf_sbuf err = VF_SBUF_INIT;
    int rc = vf_rundir_read(cmdline->resume, &d, &err);
    if (rc)
        fprintf(cli->err, "vaultfuzz run: --resume: %s\n", vf_sbuf_str(&err));
    else
        rc = vf_cli_args_from_rundir(cli, "run", &d, a);
    a->jobs = cmdline->jobs;
    a->timeout = cmdline->timeout;
    a->progress = cmdline->progress;
    a->gnu = cmdline->gnu;
    a->verbose = cmdline->verbose;
    a->source_url = cmdline->source_url;
    a->resume = cmdline->resume;
    a->baseline = cmdline->baseline;
    vf_rundir_free(&d);
    vf_sbuf_free(&err);
    return rc;
}

int vf_cmd_run(vf_cli *cli, int argc, char **argv)
{
    vf_run_args a, stored;
    vf_run_args_init(&a);
    vf_run_args_init(&stored);   /* set again by resume_args */
    int p = vf_run_args_parse(cli, "run", argc, argv, &a), rc = VF_EXIT_USAGE;
    vf_sbuf out = VF_SBUF_INIT;
    if (p > 0) {
        fputs(run_usage, cli->out);
        rc = VF_EXIT_OK;
    } else if (p == 0 && a.resume) {
        if (a.run_opts_given || a.out)
            fprintf(cli->err, "vaultfuzz run: --resume takes the run's "
                    "options from its run.txt: give only -j, --timeout, "
                    "--progress, --baseline\n");
        else if (!resume_args(cli, &a, &stored))
            rc = run_job(cli, &stored, a.resume, 0);
    } else if (p == 0 && !vf_run_args_canonicalise(cli, "run", &a)) {
        if (a.out) vf_sbuf_adds(&out, a.out);
        else vf_cli_out_default(a.seed, a.shard_i, a.shard_n, &out);
        rc = run_job(cli, &a, out.s, !a.out);
    }
    vf_sbuf_free(&out);
    vf_run_args_free(&a);
    vf_run_args_free(&stored);
    return rc;
}
