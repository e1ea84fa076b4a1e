/* A pull request's run against its revision (vf_gate.h). */
#include "vf_gate.h"
#include "vf_stats.h"

#include <stdlib.h>
#include <string.h>

/* Cases of m at sev or worse, of those tried; 0 of 0 when it did not run
 * (a Lua error at load). */
static void count(const vf_tally_map *m, vf_sev sev, unsigned long *k,
                  unsigned long *n)
{
    *k = *n = 0;
    if (!m || m->rec.status != VF_MAP_RUN) return;
    for (int s = sev; s < VF_SEV_COUNT; s++) *k += m->at[s];
    *n = m->cases - m->untried;
}

static int runs(const vf_tally_map *m)
{
    return m->known && (m->rec.status == VF_MAP_RUN
                        || m->rec.status == VF_MAP_LOAD_ERROR);
}

void vf_gate_init(vf_gate *g, const char *rev, const char *dir,
                  const vf_tally *before, const vf_tally *now)
{
    memset(g, 0, sizeof *g);
    g->rev = rev;
    g->dir = dir;
    g->before = before;
    g->index = vf_tally_by_name(before, &g->nindex);
    size_t compared = 0;
    for (size_t i = 0; i < now->nmaps; i++)
        compared += runs(&now->maps[i])
                    && vf_tally_find(g->index, g->nindex,
                                     now->maps[i].rec.name);
    g->alpha = 0.05 / (double)(compared ? compared : 1);
}

void vf_gate_free(vf_gate *g)
{
    free(g->index);
    memset(g, 0, sizeof *g);
}

vf_gate_state vf_gate_map(const vf_gate *g, const vf_tally *now,
                          const vf_tally_map *m, const vf_tally_map **was,
                          double *p)
{
    vf_sev sev = vf_run_fail_on(now->spec);
    *was = vf_tally_find(g->index, g->nindex, m->rec.name);
    *p = 1;
    if (!runs(m) || m->sev < sev) return VF_GATE_PASS;
    if (!*was || (*was)->sev < sev) return VF_GATE_NEW;
    /* A Lua error at load, now or before, has no cases to weigh. */
    if (m->rec.status != VF_MAP_RUN) return VF_GATE_BEFORE;
    if ((*was)->rec.status != VF_MAP_RUN) return VF_GATE_BEFORE;
    unsigned long k1, n1, k2, n2;
    count(*was, sev, &k1, &n1);
    count(m, sev, &k2, &n2);
    *p = vf_fisher_p(k1, n1, k2, n2);
    if (n1 && n2 && *p < g->alpha && (double)k2 / n2 > (double)k1 / n1)
        return VF_GATE_WORSE;
    return VF_GATE_BEFORE;
}

size_t vf_gate_count(const vf_gate *g, const vf_tally *now, vf_gate_state s)
{
    size_t n = 0;
    for (size_t i = 0; i < now->nmaps; i++) {
        const vf_tally_map *was;
        double p;
        n += runs(&now->maps[i])
             && vf_gate_map(g, now, &now->maps[i], &was, &p) == s;
    }
    return n;
}

/* "error in 3 of 50 cases", "a Lua error at load", or "not there". */
static void said(vf_sbuf *b, const vf_tally_map *m, vf_sev sev)
{
    if (!m) {
        vf_sbuf_adds(b, "not there");
    } else if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_adds(b, "a Lua error at load");
    } else {
        unsigned long k, n;
        count(m, sev, &k, &n);
        vf_sbuf_printf(b, "%s, %lu of %lu cases at %s or worse",
                       vf_sev_name(m->sev), k, n, vf_sev_name(sev));
    }
}

static void map_lines(vf_sbuf *b, const vf_gate *g, const vf_tally *now,
                      int want_before)
{
    vf_sev sev = vf_run_fail_on(now->spec);
    for (size_t i = 0; i < now->nmaps; i++) {
        const vf_tally_map *m = &now->maps[i], *was;
        double p;
        if (!runs(m)) continue;
        vf_gate_state s = vf_gate_map(g, now, m, &was, &p);
        if (s == VF_GATE_PASS || (s == VF_GATE_BEFORE) != want_before)
            continue;
        vf_sbuf_printf(b, "  %s  ", m->rec.name);
        vf_run_path_shown(now->spec, m->rec.file, b);
        vf_sbuf_printf(b, ":%d  now ", m->rec.line);
        said(b, m, sev);
        vf_sbuf_adds(b, "; before ");
        said(b, was, sev);
        if (s == VF_GATE_WORSE)
            vf_sbuf_printf(b, " (more often: p = %.2g)", p);
        vf_sbuf_addc(b, '\n');
    }
}

void vf_gate_text(vf_sbuf *b, const vf_gate *g, const vf_tally *now)
{
    size_t worse = vf_gate_count(g, now, VF_GATE_NEW)
                   + vf_gate_count(g, now, VF_GATE_WORSE);
    size_t before = vf_gate_count(g, now, VF_GATE_BEFORE);
    vf_sbuf_printf(b, "against %s (the same maps and seeds there; its "
                   "report: %s):\n", g->rev, g->dir);
    vf_sbuf_printf(b, "failing because of this change (%zu):\n", worse);
    map_lines(b, g, now, 0);
    vf_sbuf_printf(b, "already failing before this change, not this "
                   "change's (%zu):\n", before);
    map_lines(b, g, now, 1);
}
