/* vaultfuzz compare: what changed between two reports (the nightly's
 * question: what broke, what was fixed, which rates moved). */
#include "cli.h"
#include "vf_report.h"

#include <stdlib.h>
#include <string.h>

static const char compare_usage[] =
    "usage: vaultfuzz compare OLD_REPORT NEW_REPORT\n"
    "\n"
    "Compares two run reports map by map (by name): new failures (maps\n"
    "failing now that did not before, new maps included), fixed maps\n"
    "(failing before, run and ok now), and failure rates that moved beyond\n"
    "noise (their 95% Wilson intervals do not overlap).\n"
    "\n"
    "Exit status: 0 when nothing new fails, 1 when something does, 2 on bad\n"
    "usage or an unreadable report.\n";

typedef struct named {
    const char *name;
    const vf_tally_map *m;
} named;

static int cmp_named(const void *a, const void *b)
{
    return strcmp(((const named *)a)->name, ((const named *)b)->name);
}

/* The known maps of t, sorted by name, for lookups. */
static named *by_name(const vf_tally *t, size_t *n)
{
    named *v = vf_xmalloc((t->nmaps ? t->nmaps : 1) * sizeof *v);
    *n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        if (t->maps[i].known && t->maps[i].rec.status != VF_MAP_UNSELECTED)
            v[(*n)++] = (named){t->maps[i].rec.name, &t->maps[i]};
    qsort(v, *n, sizeof *v, cmp_named);
    return v;
}

static const vf_tally_map *find(const named *v, size_t n, const char *name)
{
    named key = {name, NULL};
    const named *hit = bsearch(&key, v, n, sizeof *v, cmp_named);
    return hit ? hit->m : NULL;
}

static void rate(vf_sbuf *b, const vf_tally_map *m)
{
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_adds(b, "Lua error at load");
        return;
    }
    double lo, hi;
    vf_wilson(m->failed, m->cases, &lo, &hi);
    vf_sbuf_printf(b, "%lu/%lu (%.1f%%, 95%% CI %.1f-%.1f%%)", m->failed,
                   m->cases, m->cases ? 100.0 * m->failed / m->cases : 0.0,
                   100 * lo, 100 * hi);
}

enum { NEW_FAIL, FIXED, WORSE, BETTER, NGROUPS };

static const char *const group_titles[NGROUPS] = {
    "new failures", "fixed", "failing more often (beyond noise)",
    "failing less often (beyond noise)"};

/* Which group a map falls in, or -1. */
static int classify(const vf_tally_map *old, const vf_tally_map *now)
{
    int nf = vf_tally_map_failing(now), of = old && vf_tally_map_failing(old);
    if (nf && !of) return NEW_FAIL;
    if (of && !nf) return now->cases || now->rec.status == VF_MAP_RUN
                          ? FIXED : -1;
    if (!nf || !old->cases || !now->cases) return -1;
    double olo, ohi, nlo, nhi;
    vf_wilson(old->failed, old->cases, &olo, &ohi);
    vf_wilson(now->failed, now->cases, &nlo, &nhi);
    return nlo > ohi ? WORSE : nhi < olo ? BETTER : -1;
}

static int compare(vf_cli *cli, char **dirs, vf_cli_rdir *o, vf_cli_rdir *n)
{
    size_t no, nn;
    named *old = by_name(&o->t, &no), *now = by_name(&n->t, &nn);
    vf_sbuf lines[NGROUPS] = {VF_SBUF_INIT, VF_SBUF_INIT, VF_SBUF_INIT,
                              VF_SBUF_INIT};
    size_t count[NGROUPS] = {0}, gone = 0;
    for (size_t i = 0; i < nn; i++) {
        const vf_tally_map *m = now[i].m, *was = find(old, no, now[i].name);
        int g = classify(was, m);
        if (g < 0) continue;
        count[g]++;
        vf_sbuf_printf(&lines[g], "  %s  %s:%d  ", m->rec.name, m->rec.file,
                       m->rec.line);
        if (was) {
            rate(&lines[g], was);
            vf_sbuf_adds(&lines[g], " -> ");
        } else {
            vf_sbuf_adds(&lines[g], "(new map) ");
        }
        rate(&lines[g], m);
        vf_sbuf_addc(&lines[g], '\n');
    }
    for (size_t i = 0; i < no; i++)
        gone += !find(now, nn, old[i].name);
    fprintf(cli->out, "compare: %s (seed %llu) -> %s (seed %llu)\n",
            dirs[0], o->a.seed, dirs[1], n->a.seed);
    for (int g = 0; g < NGROUPS; g++) {
        fprintf(cli->out, "%s: %zu\n%s", group_titles[g], count[g],
                vf_sbuf_str(&lines[g]));
        vf_sbuf_free(&lines[g]);
    }
    fprintf(cli->out, "maps: %zu now, %zu before, %zu gone\n", nn, no, gone);
    free(old);
    free(now);
    return count[NEW_FAIL] ? VF_EXIT_FOUND : VF_EXIT_OK;
}

int vf_cmd_compare(vf_cli *cli, int argc, char **argv)
{
    static const vf_opt opts[] = {{"--help", 0}, {"-h", 0}, {NULL, 0}};
    vf_argv av = {argc, 0, argv};
    vf_strlist dirs = {0};
    const char *arg;
    int k, rc = VF_EXIT_USAGE;
    while ((k = vf_cli_next_opt(cli, "compare", &av, opts, &arg, &dirs)) >= 0) {
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
        if (!bad) rc = compare(cli, dirs.v, &o, &n);
        vf_cli_report_free(&o);
        vf_cli_report_free(&n);
    }
    vf_strlist_free(&dirs);
    return rc;
}
