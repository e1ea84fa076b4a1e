/* vaultfuzz compare: what changed between two reports (the nightly's
 * question: what broke, what was fixed, which rates moved). */
#include "cli.h"
#include "vf_report.h"
#include "vf_stats.h"

#include <stdlib.h>
#include <string.h>

static const char compare_usage[] =
    "usage: vaultfuzz compare [--force] OLD_REPORT NEW_REPORT\n"
    "\n"
    "Compares two run reports map by map (by name). A map's count is its\n"
    "cases with a finding at the new report's --fail-on severity or worse\n"
    "(accepted findings aside). A change is called only on evidence:\n"
    "Fisher's exact test on the two counts must give p below 0.05 divided\n"
    "by the number of maps compared, so that on an unchanged corpus the\n"
    "whole comparison raises a false alarm less than one time in twenty.\n"
    "Groups: new failures, fixed, failing more or less often (each with\n"
    "its p), then what the evidence cannot settle yet: failures not seen\n"
    "again (with the chance of that at the old rate, and how many cases\n"
    "would settle it) and failures seen for the first time. A map NEW has\n"
    "and OLD has not (a vault added) is a new failure when it fails at that\n"
    "severity at all (or its Lua fails at load): there is no old rate to\n"
    "weigh it against. The maps added and removed are counted, the first\n"
    "5 of each named.\n"
    "\n"
    "Counts compare only when both reports ran the same cases: the same\n"
    ".des files or checkout (--des, --crawl-dir: their contents may differ,\n"
    "that is what is compared), the same maps chosen (names, --tag,\n"
    "--file) and cases built the same way (--layouts or --mode,\n"
    "--no-rotate, --opacity, --place, --game-version). Reports that differ\n"
    "there are refused, saying how. Other differences only warn: --count\n"
    "and --until-settled (the test weighs counts of any size), --fail-on\n"
    "(both reports are counted at the new one's), accept files, names\n"
    "files (--game-names) and grading options (rates may move for that\n"
    "alone), the .des files' contents and the version of vaultfuzz. The\n"
    "seed may differ.\n"
    "\n"
    "  --force   compare reports that ran other cases, with a warning\n"
    "\n"
    "Exit status: 0 when nothing new fails, 1 when something does, 2 on bad\n"
    "usage, an unreadable report, or reports that ran other cases (without\n"
    "--force).\n";

/* The false-alarm rate of a whole comparison (Bonferroni over the maps). */
#define FAMILY_ALPHA 0.05

/* A map's count: cases at sev or worse; 0 of 0 when it did not run. */
static void count(const vf_tally_map *m, vf_sev sev, unsigned long *k,
                  unsigned long *n)
{
    *k = *n = 0;
    if (!m || m->rec.status != VF_MAP_RUN) return;
    for (int s = sev; s < VF_SEV_COUNT; s++) *k += m->at[s];
    *n = m->cases;
}

enum { NEW_FAIL, FIXED, WORSE, BETTER, NOT_SEEN, FIRST_SEEN, NGROUPS };

static const char *const group_titles[NGROUPS] = {
    "new failures", "fixed", "failing more often", "failing less often",
    "not seen again (too few cases to call fixed)",
    "seen for the first time (too few cases to call new)"};

typedef struct comparison {
    vf_sev sev;              /* what counts as failing */
    double alpha;            /* per map */
    vf_sbuf lines[NGROUPS];
    size_t count[NGROUPS];
} comparison;

/* A map's failing cases (k) of its cases (n) in OLD (1) and NEW (2),
 * and the p-value of the difference. */
typedef struct shares {
    unsigned long k1, n1, k2, n2;
    double p;
} shares;

/* Which group a map falls in, or -1; sh->p the test's p-value. */
static int classify(shares *sh, double alpha)
{
    unsigned long k1 = sh->k1, n1 = sh->n1, k2 = sh->k2, n2 = sh->n2;
    sh->p = vf_fisher_p(k1, n1, k2, n2);
    if (!n1 || !n2 || (!k1 && !k2)) return -1;
    int sig = sh->p < alpha;
    double r1 = (double)k1 / n1, r2 = (double)k2 / n2;
    if (!k1) return sig ? NEW_FAIL : FIRST_SEEN;
    if (!k2) return sig ? FIXED : NOT_SEEN;
    if (!sig) return -1;
    return r2 > r1 ? WORSE : BETTER;
}

static void map_line(comparison *c, int g, const vf_tally_map *m,
                     const shares *sh)
{
    vf_sbuf *b = &c->lines[g];
    vf_sbuf_printf(b, "  %s  %s:%d  %lu/%lu -> %lu/%lu", m->rec.name,
                   m->rec.file, m->rec.line, sh->k1, sh->n1, sh->k2, sh->n2);
    if (g == NOT_SEEN) {
        double r = (double)sh->k1 / sh->n1;
        vf_sbuf_printf(b, " (no failure in %lu cases happens %.0f%% of the "
                       "time at the old %.1f%%; %lu cases without one would "
                       "settle it)\n", sh->n2, 100 * vf_p_none(r, sh->n2),
                       100 * r, vf_cases_to_settle(r, c->alpha));
    } else {
        vf_sbuf_printf(b, " (p = %.2g)\n", sh->p);
    }
    c->count[g]++;
}

/* What compare makes of each option of run.txt. */
enum { O_OTHER, O_SEED, O_MAPS, O_CORPUS, O_CASE };

static const struct { const char *name; int kind; } opt_kinds[] = {
    {"--seed", O_SEED}, {"--shard", O_SEED},
    {"--tag", O_MAPS}, {"--file", O_MAPS},
    {"--des", O_CORPUS}, {"--crawl-dir", O_CORPUS},
    {"--mode", O_CASE}, {"--no-rotate", O_CASE}, {"--opacity", O_CASE},
    {"--place", O_CASE}, {"--game-version", O_CASE}};

/* Differences that make the reports' cases other cases: refused. */
static const struct { int kind; const char *what; } refused[] = {
    {O_CORPUS, "other .des files or checkout (--des, --crawl-dir)"},
    {O_MAPS, "other maps chosen (names, --tag, --file)"},
    {O_CASE, "cases built otherwise (--layouts/--mode, --no-rotate, "
             "--opacity, --place, --game-version)"}};

static int opt_kind(const char *word)
{
    for (size_t i = 0; i < sizeof opt_kinds / sizeof *opt_kinds; i++)
        if (!strcmp(word, opt_kinds[i].name)) return opt_kinds[i].kind;
    return O_OTHER;
}

/* The words of r's run.txt options of one kind. run.txt holds them in
 * canonical form: map names first, then each option, a "--" word, with
 * its value, if any, after it (no value starts with "--"). */
static void options(const vf_cli_rdir *r, int kind, vf_sbuf *out)
{
    const vf_strlist *a = &r->d.args;
    int k = O_MAPS;
    for (size_t i = 0; i < a->n; i++) {
        if (!strncmp(a->v[i], "--", 2)) k = opt_kind(a->v[i]);
        if (k == kind) vf_sbuf_printf(out, " %s", a->v[i]);
    }
    if (!out->len && kind == O_MAPS) vf_sbuf_adds(out, " (every map)");
}

/* Where the reports ran other cases: a refusal on err, or with force a
 * warning on out. Returns how many of refused[] differ. */
static int other_cases(vf_cli *cli, const vf_cli_rdir *o,
                       const vf_cli_rdir *n, int force)
{
    int k = 0;
    FILE *f = force ? cli->out : cli->err;
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        vf_sbuf a = VF_SBUF_INIT, b = VF_SBUF_INIT;
        options(o, refused[i].kind, &a);
        options(n, refused[i].kind, &b);
        if (strcmp(vf_sbuf_str(&a), vf_sbuf_str(&b))) {
            if (!k++ && !force)
                fputs("vaultfuzz compare: the reports ran other cases, so "
                      "their counts do not compare (--force compares them "
                      "anyway):\n", f);
            if (force)
                fprintf(f, "warning: %s, compared anyway (--force):\n"
                        "  before:%s\n  now:   %s\n", refused[i].what,
                        vf_sbuf_str(&a), vf_sbuf_str(&b));
            else
                fprintf(f, "  %s:\n    before:%s\n    now:   %s\n",
                        refused[i].what, vf_sbuf_str(&a), vf_sbuf_str(&b));
        }
        vf_sbuf_free(&a);
        vf_sbuf_free(&b);
    }
    return k;
}

/* Warnings about what else differs between the reports besides the seed:
 * what may move rates without making other cases. */
static void differences(vf_cli *cli, const vf_cli_rdir *o,
                        const vf_cli_rdir *n)
{
    vf_sbuf a = VF_SBUF_INIT, b = VF_SBUF_INIT;
    options(o, O_OTHER, &a);
    options(n, O_OTHER, &b);
    if (strcmp(vf_sbuf_str(&a), vf_sbuf_str(&b)))
        fprintf(cli->out, "warning: the reports ran with other options "
                "(rates may differ for that alone):\n  before:%s\n  now:   "
                "%s\n", vf_sbuf_str(&a), vf_sbuf_str(&b));
    if (o->d.fingerprint != n->d.fingerprint)
        fprintf(cli->out, "warning: the .des files differ (%zu maps before, "
                "%zu now)\n", o->d.nmaps, n->d.nmaps);
    if (strcmp(o->d.version, n->d.version))
        fprintf(cli->out, "warning: made by different versions of "
                "vaultfuzz: %s, now %s\n", o->d.version, n->d.version);
    vf_sbuf_free(&a);
    vf_sbuf_free(&b);
}

/* Names listed of the maps added or removed (a report of a few maps
 * against a whole corpus would list thousands). */
#define LIST_MAX 5

/* Maps only one report has, counted under a heading, the first few
 * named. */
static size_t only_in(vf_cli *cli, const vf_tally_named *v, size_t nv,
                      const vf_tally_named *w, size_t nw, const char *what)
{
    size_t k = 0;
    vf_sbuf names = VF_SBUF_INIT;
    for (size_t i = 0; i < nv; i++)
        if (!vf_tally_find(w, nw, v[i].name) && k++ < LIST_MAX)
            vf_sbuf_printf(&names, " %s", v[i].name);
    if (k > LIST_MAX) vf_sbuf_printf(&names, " ... and %zu more", k - LIST_MAX);
    if (k) fprintf(cli->out, "maps %s (%zu):%s\n", what, k, names.s);
    vf_sbuf_free(&names);
    return k;
}

/* A map whose Lua now fails at load, which ran in OLD (or failed there
 * otherwise): no case to count, and new whatever its rate was. */
static void broke_at_load(comparison *c, const vf_tally_map *m,
                          const vf_tally_map *was)
{
    vf_sbuf_printf(&c->lines[NEW_FAIL], "  %s  %s:%d  Lua error at load "
                   "(%s in OLD): %s\n", m->rec.name, m->rec.file,
                   m->rec.line, vf_sev_name(was->sev), m->rec.message);
    c->count[NEW_FAIL]++;
}

/* A map OLD has not, failing at c's severity: new whatever its rate. */
static void added_line(comparison *c, const vf_tally_map *m)
{
    vf_sbuf *b = &c->lines[NEW_FAIL];
    vf_sbuf_printf(b, "  %s  %s:%d  ", m->rec.name, m->rec.file, m->rec.line);
    if (m->rec.status == VF_MAP_RUN) {
        unsigned long k, n;
        count(m, c->sev, &k, &n);
        vf_sbuf_printf(b, "%lu/%lu", k, n);
    } else {
        vf_sbuf_adds(b, "Lua error at load");
    }
    vf_sbuf_adds(b, " (added: not in OLD)\n");
    c->count[NEW_FAIL]++;
}

static int compare(vf_cli *cli, char **dirs, vf_cli_rdir *o, vf_cli_rdir *n,
                   int force)
{
    if (!force && other_cases(cli, o, n, 0)) return VF_EXIT_USAGE;
    /* Both judged (severities, accept files) as their own runs did. */
    vf_cli_report_judge(o);
    vf_cli_report_judge(n);
    size_t no, nn;
    vf_tally_named *old = vf_tally_by_name(&o->t, &no);
    vf_tally_named *now = vf_tally_by_name(&n->t, &nn);
    comparison c;
    memset(&c, 0, sizeof c);
    c.sev = vf_run_fail_on(&n->spec);
    size_t compared = 0;
    for (size_t i = 0; i < nn; i++) {
        const vf_tally_map *was = vf_tally_find(old, no, now[i].name);
        compared += was && was->cases && now[i].m->cases;
    }
    c.alpha = FAMILY_ALPHA / (double)(compared ? compared : 1);
    fprintf(cli->out, "compare: %s (seed %llu) -> %s (seed %llu)\n",
            dirs[0], o->a.seed, dirs[1], n->a.seed);
    if (force) other_cases(cli, o, n, 1);
    differences(cli, o, n);
    fprintf(cli->out, "counting cases with a finding at %s or worse; a "
            "change needs p < %.2g (0.05 over %zu maps compared)\n",
            vf_sev_name(c.sev), c.alpha, compared);
    for (size_t i = 0; i < nn; i++) {
        const vf_tally_map *m = now[i].m;
        const vf_tally_map *was = vf_tally_find(old, no, now[i].name);
        if (!was) {
            /* The map's own verdict (vf_tally_judge), as NEW's exit
             * status has it: a Lua error at load fails too. */
            if (m->sev >= c.sev) added_line(&c, m);
            continue;
        }
        if (m->rec.status == VF_MAP_LOAD_ERROR
            && was->rec.status != VF_MAP_LOAD_ERROR && m->sev >= c.sev) {
            broke_at_load(&c, m, was);
            continue;
        }
        shares sh;
        count(was, c.sev, &sh.k1, &sh.n1);
        count(m, c.sev, &sh.k2, &sh.n2);
        int g = classify(&sh, c.alpha);
        if (g >= 0) map_line(&c, g, m, &sh);
    }
    for (int g = 0; g < NGROUPS; g++) {
        fprintf(cli->out, "%s: %zu\n%s", group_titles[g], c.count[g],
                vf_sbuf_str(&c.lines[g]));
        vf_sbuf_free(&c.lines[g]);
    }
    size_t added = only_in(cli, now, nn, old, no, "added");
    size_t gone = only_in(cli, old, no, now, nn, "removed");
    fprintf(cli->out, "maps: %zu now, %zu before, %zu added, %zu removed\n",
            nn, no, added, gone);
    free(old);
    free(now);
    return c.count[NEW_FAIL] ? VF_EXIT_FOUND : VF_EXIT_OK;
}

const vf_opt vf_compare_options[] = {
    {"--help", VF_OPT_FLAG}, {"-h", VF_OPT_FLAG}, {"--force", VF_OPT_FLAG},
    {NULL, 0}};

int vf_cmd_compare(vf_cli *cli, int argc, char **argv)
{
    const vf_opt *opts = vf_compare_options;
    vf_argv av = {argc, 0, argv, 0};
    vf_strlist dirs = {0};
    const char *arg;
    int k, rc = VF_EXIT_USAGE, force = 0;
    while ((k = vf_cli_next_opt(cli, "compare", &av, opts, &arg, &dirs)) >= 0) {
        if (k == 2) {
            force = 1;
            continue;
        }
        fputs(compare_usage, cli->out);
        vf_strlist_free(&dirs);
        return VF_EXIT_OK;
    }
    if (k == -2) {
        /* usage error printed */
    } else if (dirs.n != 2) {
        fprintf(cli->err, "vaultfuzz compare: name two reports (see "
                "--help)\n");
    } else {
        vf_cli_rdir o, n;
        int bad = vf_cli_report_load(cli, "compare", dirs.v[0], &o);
        bad |= vf_cli_report_load(cli, "compare", dirs.v[1], &n);
        if (!bad) rc = compare(cli, dirs.v, &o, &n, force);
        vf_cli_report_free(&o);
        vf_cli_report_free(&n);
    }
    vf_strlist_free(&dirs);
    return rc;
}
