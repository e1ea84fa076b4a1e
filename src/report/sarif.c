/* report.sarif: each failing map's findings as SARIF results at its NAME:
 * line, a result per kind, with the causes explain found as related
 * locations at their MAP cells (vf_sarif.h says where the URIs point). */
#include "vf_diag.h"
#include "vf_report.h"
#include "vf_sarif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The result kinds past the verdict's (vf_journal.h), then the rule for
 * a map whose Lua fails at load: what each is, the game's rule, its rank. */
static const vf_verdict_kind extra[] = {
    {"crash", "A worker crashed on the case.", "none: a fault of ours",
     "error"},
    {"timeout", "A case ran past --timeout.",
     "none: the game has no time limit, but a map this slow is suspect",
     "error"},
    {"load_error", "The map's Lua fails when the game loads the maps.",
     "maps.cc: a map whose Lua does not compile is never placed", "error"},
};
#define NKINDS (VF_V_COUNT_KINDS + sizeof extra / sizeof *extra)
_Static_assert(NKINDS == VF_R_COUNT_KINDS + 1, "a rule per result kind");
#define LOAD_RULE VF_R_COUNT_KINDS

static const vf_verdict_kind *kind_row(size_t i)
{
    return i < VF_V_COUNT_KINDS ? vf_verdict_kind_at((int)i)
                                : &extra[i - VF_V_COUNT_KINDS];
}

/* The rules, from the table of kinds (vf_verdict.h); help owned by the
 * caller (freed with free_rules). */
static vf_sarif_rule *make_rules(void)
{
    vf_sarif_rule *r = vf_xcalloc(NKINDS, sizeof *r);
    for (size_t i = 0; i < NKINDS; i++) {
        const vf_verdict_kind *k = kind_row(i);
        vf_sbuf help = VF_SBUF_INIT;
        vf_sbuf_printf(&help, "%s The game's rule: %s. How it ranks: %s. "
                       "A severity is what the game would do with it on "
                       "that level: error, %s; warning, %s; note, %s.",
                       k->meaning, k->rule, k->ranks,
                       vf_sev_meaning(VF_SEV_ERROR),
                       vf_sev_meaning(VF_SEV_WARNING),
                       vf_sev_meaning(VF_SEV_NOTE));
        r[i] = (vf_sarif_rule){k->name, k->meaning, vf_sbuf_take(&help)};
    }
    return r;
}

static void free_rules(vf_sarif_rule *r)
{
    for (size_t i = 0; i < NKINDS; i++) free((char *)r[i].help);
    free(r);
}

/* The files of the maps with findings. */
static char *base_of(const vf_tally *t)
{
    const char **files = vf_xcalloc(t->nmaps + 1, sizeof *files);
    size_t n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        if (t->maps[i].known) files[n++] = t->maps[i].rec.file;
    char *base = vf_sarif_base(files, n);
    free(files);
    return base;
}

/* The causes of the map's first case at its worst, as related
 * locations (n of them; malloc'd, messages in *texts). */
static vf_sarif_loc *causes(const vf_tally_map *m, size_t *n,
                            vf_strlist *texts)
{
    const vf_explain_rec *x = m->why;
    *n = x && x->nchoices >= 0 ? x->ncauses : 0;
    if (!*n) return NULL;
    vf_sarif_loc *v = vf_xcalloc(*n, sizeof *v);
    for (size_t i = 0; i < *n; i++) {
        const vf_cause_rec *c = &x->causes[i];
        vf_sbuf s = VF_SBUF_INIT;
        vf_sbuf_printf(&s, "%s chose '%s'; '%s' makes it %s", c->call,
                       c->chose, c->fix, vf_sev_name(c->after));
        vf_strlist_push(texts, vf_sbuf_take(&s));
        v[i] = (vf_sarif_loc){vf_cause_rec_file(c, m->rec.file), c->line,
                              c->column,
                              texts->v[texts->n - 1]};
    }
    return v;
}

/* One kind of a map that ran: its severity, how often, the first case. */
static void kind_result(vf_sarif *w, const vf_tally *t, const vf_tally_map *m,
                        int k, const char *baseline)
{
    int accepted = (m->accepted >> k) & 1;
    vf_sev sv = m->kind_sev[k];
    if (sv == VF_SEV_OK && !accepted) return;   /* no finding here */
    const vf_case_rec *f = &t->fails[m->first];
    vf_sbuf msg = VF_SBUF_INIT, fp = VF_SBUF_INIT;
    vf_strlist texts = {0};
    vf_sbuf_printf(&msg, "%s: %s (%s) in %lu of %lu cases; the map's first "
                   "case at its worst: %s #%lu (", m->rec.name,
                   kind_row((size_t)k)->name, vf_sev_name(sv), m->kind[k],
                   m->cases, vf_mode_name(f->mode), (unsigned long)f->iter);
    vf_run_repro(t->spec, m->rec.name, f->mode, f->iter, &msg);
    vf_sbuf_adds(&msg, ")");
    /* A Lua error (a validate's reason) says what, at the line it names. */
    int line = m->rec.line;
    const vf_case_rec *said = (1u << k) & (VF_V_LUA_ERROR
                                           | VF_V_VALIDATE_FAILED
                                           | VF_V_LUA_TIMEOUT)
                                  ? vf_tally_first_with(t, m, 1u << k) : NULL;
    if (said && *said->message) {
        vf_sbuf_printf(&msg, ": %s", said->message);
        int at = vf_diag_line_in(said->message, m->rec.file, NULL);
        if (at) line = at;
    }
    vf_sbuf_printf(&fp, "%s/%s", m->rec.name, kind_row((size_t)k)->name);
    size_t nrel = 0;
    vf_sarif_loc *rel = sv == m->sev ? causes(m, &nrel, &texts) : NULL;
    vf_sarif_result r = {
        k, vf_sev_name(sv == VF_SEV_OK ? VF_SEV_NOTE : sv), msg.s,
        {m->rec.file, line, 1, NULL}, m->rec.name, rel, nrel, fp.s,
        accepted ? "marked intended in an accept file" : NULL, baseline};
    vf_sarif_add(w, &r);
    free(rel);
    vf_strlist_free(&texts);
    vf_sbuf_free(&msg);
    vf_sbuf_free(&fp);
}

static void load_error_result(vf_sarif *w, const vf_tally_map *m,
                              const char *baseline)
{
    vf_sbuf msg = VF_SBUF_INIT, fp = VF_SBUF_INIT;
    vf_sbuf_printf(&msg, "%s: Lua error at load: %s", m->rec.name,
                   m->rec.message);
    vf_sbuf_printf(&fp, "%s/load_error", m->rec.name);
    vf_sarif_result r = {
        LOAD_RULE, "error", msg.s, {m->rec.file, m->rec.line, 1, NULL},
        m->rec.name, NULL, 0, fp.s,
        m->accepted ? "marked intended in an accept file" : NULL, baseline};
    vf_sarif_add(w, &r);
    vf_sbuf_free(&msg);
    vf_sbuf_free(&fp);
}

/* A pull request's run (vf_gate.h): whether the change made the map's
 * results -- "new" (failing now, not before), "updated" (failing more
 * often), "unchanged" (failing before as now) -- so code scanning
 * annotates only what the change brought; NULL without a gate. */
static const char *baseline_state(const vf_report_in *in,
                                  const vf_tally_map *m)
{
    if (!in->gate) return NULL;
    const vf_tally_map *was;
    double p;
    switch (vf_gate_map(in->gate, in->t, m, &was, &p)) {
    case VF_GATE_NEW: return "new";
    case VF_GATE_WORSE: return "updated";
    case VF_GATE_BEFORE: return "unchanged";
    default: return was ? "unchanged" : "new";
    }
}

void vf_report_sarif(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    vf_sarif_rule *rules = make_rules();
    vf_sarif w;
    vf_sarif_begin(&w, b, rules, NKINDS, base_of(t));
    for (int sv = VF_SEV_ERROR; sv >= VF_SEV_OK; sv--)
        for (size_t i = 0; i < t->nmaps; i++) {
            const vf_tally_map *m = &t->maps[i];
            if (!vf_tally_map_failing(m) || m->sev != (vf_sev)sv) continue;
            const char *state = baseline_state(in, m);
            if (m->rec.status == VF_MAP_LOAD_ERROR) {
                load_error_result(&w, m, state);
                continue;
            }
            for (int k = 0; k < VF_R_COUNT_KINDS; k++)
                if (m->kind[k]) kind_result(&w, t, m, k, state);
        }
    vf_sarif_end(&w, vf_tally_complete(t) && !in->input->n,
                 (const char *const *)in->input->v, in->input->n);
    free_rules(rules);
}
