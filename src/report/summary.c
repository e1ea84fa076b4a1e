/* summary.txt, and the short summary a terminal gets. */
#include "report_int.h"
#include "vf_version.h"

#include <string.h>

/* n cases of a kind by severity: "47 error" when all are at one, else
 * "47 (40 error, 7 note)"; accepted ones are "accepted". */
static void kind_count(vf_sbuf *b, unsigned long n,
                       const unsigned long at[VF_SEV_COUNT])
{
    static const char *const word[VF_SEV_COUNT] = {"accepted", "note",
                                                   "warning", "error"};
    int kinds = 0, only = 0;
    for (int s = 0; s < VF_SEV_COUNT; s++)
        if (at[s]) kinds++, only = s;
    if (kinds <= 1) {
        vf_sbuf_printf(b, "%lu %s", n, kinds ? word[only] : "");
        return;
    }
    vf_sbuf_printf(b, "%lu (", n);
    const char *sep = "";
    for (int s = VF_SEV_COUNT - 1; s >= 0; s--)
        if (at[s]) {
            vf_sbuf_printf(b, "%s%lu %s", sep, at[s], word[s]);
            sep = ", ";
        }
    vf_sbuf_addc(b, ')');
}

static void kinds_text(vf_sbuf *b, const vf_tally *t)
{
    const char *sep = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        if (!t->kind[i]) continue;
        vf_sbuf_printf(b, "%s%s ", sep, vf_result_kind_name(i));
        kind_count(b, t->kind[i], t->kind_at[i]);
        sep = ", ";
    }
    if (!*sep) vf_sbuf_adds(b, "none");
}

static void skipped_text(vf_sbuf *b, const vf_tally *t)
{
    const char *sep = "";
    for (int s = VF_MAP_REMOVED; s <= VF_MAP_TRANSPARENT; s++) {
        if (!t->status[s]) continue;
        vf_sbuf_printf(b, "%s%s %zu", sep,
                       vf_map_status_name((vf_map_status)s), t->status[s]);
        sep = ", ";
    }
    if (!*sep) vf_sbuf_adds(b, "none");
}

static size_t skipped(const vf_tally *t)
{
    size_t n = 0;
    for (int s = VF_MAP_REMOVED; s <= VF_MAP_TRANSPARENT; s++)
        n += t->status[s];
    return n;
}

/* "FILE:LINE" with FILE as the user gave its directory
 * (vf_run_path_shown). */
static void file_line(vf_sbuf *b, const vf_run_spec *s, const char *file,
                      int line)
{
    vf_run_path_shown(s, file, b);
    vf_sbuf_printf(b, ":%d", line);
}

/* The kinds of map m with their counts by severity:
 * "stairless_zone 47 error, tele_closet_walk 30 (20 warning, 10 note)". */
static void map_kinds(vf_sbuf *b, const vf_tally_map *m)
{
    const char *sep = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        if (!m->kind[i]) continue;
        vf_sbuf_printf(b, "%s%s ", sep, vf_result_kind_name(i));
        if (m->rec.status == VF_MAP_LOAD_ERROR || m->accepted & 1u << i)
            vf_sbuf_printf(b, "%lu %s%s", m->kind[i],
                           vf_sev_name(m->kind_sev[i]),
                           m->accepted & 1u << i ? " (accepted)" : "");
        else
            kind_count(b, m->kind[i], m->kind_at[i]);
        sep = ", ";
    }
}

/* The map's rate at its severity in each layout (each layout's cases are
 * independent, so each rate stands alone), mode game's also per layout
 * map: "    by layout: empty 3/10, game 5/40 (game:layout_loops_ring
 * 4/6, ...)". */
static void by_layout(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_adds(b, "    by layout:");
    for (int i = 0; i < t->spec->nmodes; i++) {
        vf_sbuf_printf(b, "%s %s %lu/%lu", i ? "," : "",
                       vf_mode_name(t->spec->modes[i]),
                       m->layout_at[i][m->sev],
                       m->layout_cases[i] - m->untried_in[i]);
        if (m->untried_in[i])
            vf_sbuf_printf(b, " (%lu not tried)", m->untried_in[i]);
        if (t->spec->modes[i] != VF_MODE_GAME || !m->nlmaps) continue;
        for (size_t k = 0; k < m->nlmaps; k++)
            vf_sbuf_printf(b, "%s%s %lu/%lu", k ? ", " : " (",
                           m->lmaps[k].layout, m->lmaps[k].at[m->sev],
                           m->lmaps[k].cases);
        vf_sbuf_addc(b, ')');
    }
    vf_sbuf_addc(b, '\n');
}

/* Why its first case at its worst fails (--explain first): the causes
 * as compiler lines, three at most, or that it fails as written. */
static void cause_text(vf_sbuf *b, const vf_run_spec *s,
                       const vf_tally_map *m)
{
    const vf_explain_rec *x = m->why;
    vf_sbuf_printf(b, "    why (%s #%lu): ", vf_mode_name(x->mode),
                   (unsigned long)x->iter);
    if (x->nchoices < 0) {
        vf_sbuf_adds(b, "not found (the worker died explaining it)\n");
        return;
    }
    const char *spent = x->untried ? " (the budget ran out: some untried;"
                                     " vaultfuzz explain tries them all)"
                                   : "";
    if (!x->ncauses) {
        vf_sbuf_printf(b, "no one of its %ld choices changes it, alone or "
                       "together: it fails as written", x->nchoices);
        if (x->entangled)
            vf_sbuf_printf(b, " as far as explain can test (%lu replays set "
                           "aside: the change moved other draws too)",
                           x->entangled);
        vf_sbuf_adds(b, " (MAP at ");
        file_line(b, s, m->rec.file, x->map_line);
        vf_sbuf_printf(b, ")%s\n", spent);
        return;
    }
    if (x->causes[0].with)
        vf_sbuf_printf(b, "no choice alone fixes it; these %zu together "
                       "do%s\n", x->ncauses, spent);
    else
        vf_sbuf_printf(b, "%zu choice%s alone fix%s it%s\n", x->ncauses,
                       x->ncauses == 1 ? "" : "s",
                       x->ncauses == 1 ? "es" : "", spent);
    for (size_t i = 0; i < x->ncauses && i < 3; i++) {
        const vf_cause_rec *c = &x->causes[i];
        vf_sbuf_adds(b, "      ");
        file_line(b, s, vf_cause_rec_file(c, m->rec.file), c->line);
        vf_sbuf_printf(b, ":%d: %s chose '%s'; '%s' makes it %s", c->column,
                       c->call, c->chose, c->fix, vf_sev_name(c->after));
        if (c->failing + c->other)
            vf_sbuf_printf(b, "; '%s' there in %lu of %lu failing cases, %lu "
                           "of %lu others", c->chose, c->failing_with,
                           c->failing, c->other_with, c->other);
        vf_sbuf_addc(b, '\n');
    }
}

/* Whether explanation x names cause c (the same call's same value at
 * the same place). */
static int names_cause(const vf_explain_rec *x, const vf_cause_rec *c)
{
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_cause_rec *d = &x->causes[i];
        if (d->line == c->line && d->column == c->column
            && d->call_line == c->call_line && !strcmp(d->chose, c->chose)
            && !strcmp(d->kind, c->kind))
            return 1;
    }
    return 0;
}

/* --explain all: how the first case's causes hold over every case
 * explained -- "named in 12 of 12 explained cases". */
static void causes_over_all(vf_sbuf *b, const vf_tally_map *m)
{
    const vf_explain_rec *x = m->why;
    size_t written = 0;
    for (size_t i = 0; i < m->nall; i++)
        written += m->all[i].nchoices >= 0 && !m->all[i].ncauses;
    vf_sbuf_printf(b, "      over the %zu of its %lu cases at its worst "
                   "explained", m->nall, m->to_explain);
    if (m->nall < m->to_explain)
        vf_sbuf_printf(b, " (cut short: the first %d a map)",
                       VF_EXPLAIN_ALL_CAP);
    vf_sbuf_printf(b, ": %zu fail as written", written);
    for (size_t i = 0; i < x->ncauses && i < 3; i++) {
        size_t n = 0;
        for (size_t k = 0; k < m->nall; k++)
            n += names_cause(&m->all[k], &x->causes[i]);
        vf_sbuf_printf(b, "; '%s' at %d:%d is a cause in %zu",
                       x->causes[i].chose, x->causes[i].line,
                       x->causes[i].column, n);
    }
    vf_sbuf_addc(b, '\n');
}

/* A share of builds with its interval: "3 of 40 (7.5%, 95% CI
 * 2.6-19.9%)". */
static void share_text(vf_sbuf *b, unsigned long k, unsigned long n)
{
    double lo, hi;
    vf_wilson(k, n, &lo, &hi);
    vf_sbuf_printf(b, "%lu of %lu (%.1f%%, 95%% CI %.1f-%.1f%%)", k, n,
                   n ? 100.0 * k / n : 0.0, 100 * lo, 100 * hi);
}

/* The levels built with the map that the game would throw away, which
 * its level_vetoed severity is ranked by (vf_grade_veto), by where they
 * were built. */
static void vetoes_text(vf_sbuf *b, const vf_tally_map *m)
{
    static const char *const where[VF_VETO_SOURCES] = {
        "on the empty level", "in the game's layouts", "in our layouts"};
    const vf_veto_count *v = &m->vetoes;
    if (!v->vetoed[VF_VETO_EMPTY] && !v->vetoed[VF_VETO_GAME]
        && !v->vetoed[VF_VETO_STRESS])
        return;
    vf_sbuf_adds(b, "    levels vetoed:");
    for (int i = 0, n = 0; i < VF_VETO_SOURCES; i++) {
        if (!v->built[i]) continue;
        vf_sbuf_adds(b, n++ ? "; " : " ");
        share_text(b, v->vetoed[i], v->built[i]);
        vf_sbuf_printf(b, " %s", where[i]);
    }
    vf_sbuf_addc(b, '\n');
}

static void failing_map(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_printf(b, "  %s  ", m->rec.name);
    file_line(b, t->spec, m->rec.file, m->rec.line);
    vf_sbuf_adds(b, "  ");
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_printf(b, "Lua error at load%s: %s\n",
                       m->accepted ? " (accepted)" : "", m->rec.message);
        return;
    }
    double lo, hi;
    unsigned long k = vf_report_at_sev(m), tried = m->cases - m->untried;
    vf_wilson(k, tried, &lo, &hi);
    vf_sbuf_printf(b, "%s in %lu of %lu cases (%.1f%%, 95%% CI %.1f-%.1f%%):"
                   " ", m->sev > VF_SEV_OK ? vf_sev_name(m->sev) : "accepted",
                   k, tried, tried ? 100.0 * k / tried : 0.0, 100 * lo,
                   100 * hi);
    map_kinds(b, m);
    const vf_case_rec *f = &t->fails[m->first];
    vf_sbuf_printf(b, "; first: %s #%lu\n", vf_case_rec_layout(f),
                   (unsigned long)f->iter);
    if (*f->message && m->sev > VF_SEV_OK)
        vf_sbuf_printf(b, "    %s: %s\n", f->kinds & VF_V_LUA_ERROR
                                               ? "Lua error" : "message",
                       f->message);
    if ((t->spec->nmodes > 1 || m->nlmaps > 1) && m->sev > VF_SEV_OK)
        by_layout(b, t, m);
    vetoes_text(b, m);
    if (m->why && m->sev > VF_SEV_OK) cause_text(b, t->spec, m);
    if (m->why && m->sev > VF_SEV_OK && m->nall > 1) causes_over_all(b, m);
}

/* The maps of severity sev (VF_SEV_OK: those whose findings are all
 * accepted), under a heading. */
static void maps_of(vf_sbuf *b, const vf_tally *t, vf_sev sev,
                    const char *heading)
{
    size_t n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        n += vf_tally_map_failing(&t->maps[i]) && t->maps[i].sev == sev;
    if (!n) return;
    vf_sbuf_printf(b, "%s (%zu):\n", heading, n);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (vf_tally_map_failing(m) && m->sev == sev) failing_map(b, t, m);
    }
}

void vf_report_maps_by_sev(const vf_tally *t, size_t n[VF_SEV_COUNT])
{
    memset(n, 0, VF_SEV_COUNT * sizeof *n);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (m->known && (m->rec.status == VF_MAP_RUN
                         || m->rec.status == VF_MAP_LOAD_ERROR))
            n[m->sev]++;
    }
}

/* Maps by severity: "error 3, warning 10, note 40, ok 4000". */
static void severity_counts(vf_sbuf *b, const vf_tally *t)
{
    size_t n[VF_SEV_COUNT];
    vf_report_maps_by_sev(t, n);
    vf_sbuf_printf(b, "maps by severity: error %zu, warning %zu, note %zu, "
                   "ok %zu (fail on %s)\n", n[VF_SEV_ERROR],
                   n[VF_SEV_WARNING], n[VF_SEV_NOTE], n[VF_SEV_OK],
                   vf_sev_name(vf_run_fail_on(t->spec)));
}

/* What the accept files did: lines used, and stale ones. */
/* The maps with cases whose level was never built, by layout, with the
 * first one's reason: never counted ok, said in every report. */
static void untried_text(vf_sbuf *b, const vf_tally *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->nmaps; i++) n += t->maps[i].untried > 0;
    if (!n) return;
    vf_sbuf_printf(b, "not tried: cases not judged whole (no level built, "
                   "or hooks not run), counted neither ok nor failed (%zu "
                   "maps):\n", n);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!m->untried) continue;
        vf_sbuf_printf(b, "  %s  ", m->rec.name);
        file_line(b, t->spec, m->rec.file, m->rec.line);
        vf_sbuf_addc(b, ' ');
        for (int k = 0, c = 0; k < t->spec->nmodes; k++)
            if (m->untried_in[k])
                vf_sbuf_printf(b, "%s %s %lu of %lu", c++ ? "," : "",
                               vf_mode_name(t->spec->modes[k]),
                               m->untried_in[k], m->layout_cases[k]);
        const char *why = m->untried_why;
        if (!strncmp(why, "not tried: ", 11)) why += 11;
        vf_sbuf_printf(b, ": %s\n", why);
    }
}

static void accept_text(vf_sbuf *b, const vf_accept *a)
{
    if (!a || !a->n) return;
    size_t used = 0, stale = 0, none = 0;
    for (size_t i = 0; i < a->n; i++) {
        used += a->v[i].used;
        stale += a->v[i].named && !a->v[i].used;
        none += !a->v[i].exists;
    }
    vf_sbuf_printf(b, "accepted: %zu of %zu accept lines used", used, a->n);
    if (stale)
        vf_sbuf_printf(b, "; %zu stale (the map no longer has that finding)",
                       stale);
    if (none)
        vf_sbuf_printf(b, "; %zu name no map loaded (a typo, or a map "
                       "renamed or removed?)", none);
    vf_sbuf_adds(b, stale || none ? ":\n" : "\n");
    for (size_t i = 0; i < a->n; i++)
        if ((a->v[i].named && !a->v[i].used) || !a->v[i].exists)
            vf_sbuf_printf(b, "  %s:%d: %s %s: %s\n", a->v[i].file,
                           a->v[i].line, a->v[i].map, a->v[i].kind,
                           a->v[i].exists ? "stale accept line"
                                          : "names no map loaded");
}

/* The run's facts: version and command, status, input problems, maps
 * and cases; with kinds, the cases by kind and severity too. */
static void summary_head(vf_sbuf *b, const vf_report_in *in, int kinds)
{
    const vf_tally *t = in->t;
    const vf_run_spec *s = t->spec;
    size_t expected = vf_tally_cases(t, NULL, NULL);
    vf_sbuf_printf(b, "vaultfuzz %s run report\ncommand: %s\n", VF_VERSION,
                   s->command);
    if (s->shard_n > 1)
        vf_sbuf_printf(b, "shard: %d of %d (vaultfuzz merge the shards for "
                       "the whole run)\n", s->shard_i, s->shard_n);
    if (vf_tally_complete(t))
        vf_sbuf_adds(b, "status: complete\n");
    else
        vf_sbuf_printf(b, "status: incomplete: %zu of %zu maps examined, "
                       "%lu of %zu cases (finish it with --resume)\n",
                       t->examined, t->nselected, t->cases, expected);
    if (in->input->n) {
        vf_sbuf_printf(b, "input: %zu problems loading the .des files:\n",
                       in->input->n);
        for (size_t i = 0; i < in->input->n; i++)
            vf_sbuf_printf(b, "  %s\n", in->input->v[i]);
    }
    vf_sbuf_printf(b, "maps: %zu selected, %zu run, %zu skipped, %zu with a "
                   "Lua error at load\nskipped: ",
                   t->nselected - t->status[VF_MAP_UNSELECTED],
                   t->status[VF_MAP_RUN], skipped(t),
                   t->status[VF_MAP_LOAD_ERROR]);
    skipped_text(b, t);
    vf_sbuf_printf(b, "\ncases: %lu run, %lu ok, %lu failed, %lu not tried"
                   " (of the failed, worst finding: %lu error, %lu warning, "
                   "%lu note, %lu accepted)\n",
                   t->cases, t->cases - t->failed - t->untried, t->failed,
                   t->untried, t->at[VF_SEV_ERROR], t->at[VF_SEV_WARNING],
                   t->at[VF_SEV_NOTE],
                   t->failed - t->at[VF_SEV_ERROR] - t->at[VF_SEV_WARNING]
                       - t->at[VF_SEV_NOTE]);
    if (kinds) {
        vf_sbuf_adds(b, "cases by kind (by severity): ");
        kinds_text(b, t);
        vf_sbuf_adds(b, "\n");
    }
    if (s->settle) {
        size_t n = 0;
        for (size_t i = 0; i < t->nmaps; i++)
            n += vf_tally_unsettled(t, &t->maps[i]);
        vf_sbuf_printf(b, "settled: %zu maps with a failure seen once or "
                       "twice in %lu iterations got %lu more per layout\n",
                       n, (unsigned long)s->count, (unsigned long)s->settle);
    }
    severity_counts(b, t);
}

/* The gate (a pull request's run) and the result. */
static void summary_tail(vf_sbuf *b, const vf_report_in *in)
{
    if (in->gate) vf_gate_text(b, in->gate, in->t);
    static const char *const verdicts[] = {"nothing fails the run",
                                           "failures found", "incomplete",
                                           "input problems"};
    static const char *const gated[] = {"nothing this change made fails "
                                        "the run", "failures this change "
                                        "made"};
    int rc = vf_report_exit_status(in);
    vf_sbuf_printf(b, "result: %s (exit status %d)\n",
                   in->gate && rc < 2 ? gated[rc] : verdicts[rc], rc);
}

void vf_report_summary(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    summary_head(b, in, 1);
    maps_of(b, t, VF_SEV_ERROR, "errors: the game would veto the level, "
            "break it or fail to place the map");
    maps_of(b, t, VF_SEV_WARNING, "warnings: a player would meet it, though "
            "the game lets it through");
    maps_of(b, t, VF_SEV_NOTE, "notes: worth knowing, harmless");
    maps_of(b, t, VF_SEV_OK, "accepted: every finding marked intended");
    untried_text(b, t);
    accept_text(b, in->accept);
    summary_tail(b, in);
}

/* Maps shown by name per severity in the short summary; the rest are
 * counted (summary.txt lists them all). */
#define SHORT_MAPS 20

/* A line per map of severity sev, up to SHORT_MAPS. */
static void short_maps(vf_sbuf *b, const vf_tally *t, vf_sev sev,
                       const char *heading)
{
    size_t n = 0, shown = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        n += vf_tally_map_failing(&t->maps[i]) && t->maps[i].sev == sev;
    if (!n) return;
    vf_sbuf_printf(b, "%s (%zu):\n", heading, n);
    for (size_t i = 0; i < t->nmaps && shown < SHORT_MAPS; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!vf_tally_map_failing(m) || m->sev != sev) continue;
        shown++;
        vf_sbuf_printf(b, "  %s  ", m->rec.name);
        file_line(b, t->spec, m->rec.file, m->rec.line);
        vf_sbuf_adds(b, "  ");
        if (m->rec.status == VF_MAP_LOAD_ERROR) {
            vf_sbuf_printf(b, "Lua error at load: %s\n", m->rec.message);
            continue;
        }
        unsigned long k = vf_report_at_sev(m), tried = m->cases - m->untried;
        vf_sbuf_printf(b, "%s in %lu of %lu cases\n", vf_sev_name(m->sev), k,
                       tried);
    }
    if (n > shown)
        vf_sbuf_printf(b, "  ... and %zu more (summary.txt)\n", n - shown);
}

void vf_report_summary_short(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    summary_head(b, in, 0);
    short_maps(b, t, VF_SEV_ERROR, "errors");
    short_maps(b, t, VF_SEV_WARNING, "warnings");
    size_t notes = 0, accepted = 0, untried = 0;
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        notes += vf_tally_map_failing(m) && m->sev == VF_SEV_NOTE;
        accepted += vf_tally_map_failing(m) && m->sev == VF_SEV_OK;
        untried += m->untried > 0;
    }
    if (notes || accepted || untried)
        vf_sbuf_printf(b, "also: %zu maps with notes, %zu with every finding "
                       "accepted, %zu with cases not tried (summary.txt "
                       "lists them)\n", notes, accepted, untried);
    accept_text(b, in->accept);
    summary_tail(b, in);
}
