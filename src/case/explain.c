/* Why a case fails: its choices, each forced to another value in turn. */
#include "vf_explain.h"
#include "vf_glyph.h"

#include <stdlib.h>
#include <string.h>

static vf_sev severity(const vf_verdict *v)
{
    return vf_sev_of(v->kinds, v->warning, v->error);
}

/* What a case's resolve drew: the choices it logged and where its
 * generator ended. A replay that changes one choice is a clean
 * intervention only when every other choice and every other draw (the
 * vault's Lua draws too) came out as before. */
typedef struct trace {
    const vf_choices *log;
    uint64_t end[4];
} trace;

static int same_draws(const trace *t, const vf_choices *again,
                      const vf_rmap *m, size_t k)
{
    if (again->n != t->log->n || memcmp(m->rng->s, t->end, sizeof t->end))
        return 0;
    for (size_t i = 0; i < again->n; i++)
        if (i != k && again->v[i].chose != t->log->v[i].chose) return 0;
    return 1;
}

/* The case again with choice k forced to g: its severity, or VF_SEV_COUNT
 * when the change moved other draws too (the replay is no test of that
 * one choice). */
static vf_sev replay(vf_engine *e, const vf_mapdef *def, uint64_t base,
                     uint32_t iter, const vf_case_opts *o, vf_level *l,
                     vf_rmap *m, vf_conn_report *r, const trace *t, size_t k,
                     char g)
{
    vf_choices forced;
    vf_choices_init(&forced);
    forced.record = 1;
    forced.force_attempt = t->log->attempt;
    forced.force_at = k;
    forced.force_glyph = g;
    m->choices = &forced;
    vf_verdict v;
    vf_case_run(e, def, base, iter, o, l, m, r, &v);
    m->choices = NULL;
    int clean = same_draws(t, &forced, m, k);
    vf_choices_free(&forced);
    return clean ? severity(&v) : VF_SEV_COUNT;
}

static void add_cause(vf_explanation *x, const vf_choice *c, size_t k,
                      char fix, vf_sev after)
{
    x->causes = vf_xrealloc(x->causes, (x->ncauses + 1) * sizeof *x->causes);
    x->causes[x->ncauses++] = (vf_cause){*c, k, fix, after};
}

/* Causes that make the case ok first, then in the order made. */
static int cmp_causes(const void *pa, const void *pb)
{
    const vf_cause *a = pa, *b = pb;
    if (a->after != b->after) return (int)a->after - (int)b->after;
    return (a->index > b->index) - (a->index < b->index);
}

/* Whether some value a choice could take walks differently from the one
 * it took (by the glyphs' default meanings): such choices are tried
 * first, so a budget goes where causes are likely. */
static int may_matter(const vf_choice *c)
{
    if (c->kind == VF_CHOICE_FLIP) return 1;
    unsigned had = vf_glyph_flags(c->chose) & VF_GL_TRAVERSABLE;
    for (const char *g = c->alts; *g; g++)
        if ((vf_glyph_flags(*g) & VF_GL_TRAVERSABLE) != had) return 1;
    return 0;
}

/* Tries every other value of choice k; returns 0 when the budget ran
 * out. */
static int try_choice(vf_engine *e, const vf_mapdef *def, uint64_t base,
                      uint32_t iter, const vf_case_opts *o, vf_level *l,
                      vf_rmap *m, vf_conn_report *r, const trace *t,
                      size_t k, size_t budget, vf_explanation *x)
{
    const vf_choice *c = &t->log->v[k];
    for (const char *g = c->alts; *g; g++) {
        if (*g == c->chose) continue;
        if (x->replays == budget) return 0;
        x->replays++;
        vf_sev s = replay(e, def, base, iter, o, l, m, r, t, k, *g);
        if (s == VF_SEV_COUNT) {
            x->entangled++;
            continue;
        }
        if (s < x->sev) {
            add_cause(x, c, k, *g, s);
            if (s == VF_SEV_OK) break;
        }
    }
    return 1;
}

void vf_explain(vf_engine *e, const vf_mapdef *def, uint64_t base,
                uint32_t iter, const vf_case_opts *o, vf_level *l,
                vf_rmap *m, vf_conn_report *r, size_t budget,
                vf_explanation *x)
{
    memset(x, 0, sizeof *x);
    vf_choices log;
    vf_choices_init(&log);
    log.record = 1;
    m->choices = &log;
    vf_case_run(e, def, base, iter, o, l, m, r, &x->verdict);
    m->choices = NULL;
    x->sev = severity(&x->verdict);
    x->map_line = log.map_line;
    x->nchoices = log.n;
    trace t = {&log, {0}};
    if (m->rng) memcpy(t.end, m->rng->s, sizeof t.end);
    size_t tried = 0;
    for (int pass = 0; pass < 2 && x->sev > VF_SEV_OK; pass++)
        for (size_t k = 0; k < log.n; k++) {
            if (may_matter(&log.v[k]) != !pass) continue;
            if (!try_choice(e, def, base, iter, o, l, m, r, &t, k, budget,
                            x)) {
                x->untried = log.n - tried;
                pass = 2;
                break;
            }
            tried++;
        }
    if (x->ncauses > 1)
        qsort(x->causes, x->ncauses, sizeof *x->causes, cmp_causes);
    vf_choices_free(&log);
}

void vf_explanation_free(vf_explanation *x)
{
    free(x->causes);
    memset(x, 0, sizeof *x);
}

static void cause_line(const vf_explanation *x, const vf_cause *c,
                       const char *file, vf_sbuf *out)
{
    const vf_choice *ch = &c->choice;
    if (ch->kind == VF_CHOICE_FLIP) {
        vf_sbuf_printf(out, "%s:%d:1: %s: the %s flip (%s) %s the case; "
                       "the other way makes it %s\n", file, x->map_line,
                       vf_sev_name(x->sev), ch->call,
                       ch->chose == '1' ? "done" : "not done",
                       vf_sev_name(x->sev), vf_sev_name(c->after));
        return;
    }
    int line = x->map_line ? x->map_line + ch->y : ch->line;
    vf_sbuf_printf(out, "%s:%d:%d: %s: %s at line %d: choosing '%c' at MAP "
                   "row %d, column %d%s makes it %s; '%c' makes it %s\n",
                   file, line, ch->x + 1, vf_sev_name(x->sev), ch->call,
                   ch->line, ch->chose, ch->y + 1, ch->x + 1,
                   ch->shared ? " (and every other cell of its glyph: ':' "
                                "draws once)" : "",
                   vf_sev_name(x->sev), c->fix, vf_sev_name(c->after));
}

void vf_explain_lines(const vf_explanation *x, const char *file,
                      const char *map, vf_sbuf *out)
{
    if (x->sev == VF_SEV_OK) {
        vf_sbuf_printf(out, "%s:%d:1: note: %s: the case is ok\n", file,
                       x->map_line, map);
        return;
    }
    for (size_t i = 0; i < x->ncauses; i++)
        cause_line(x, &x->causes[i], file, out);
    if (x->untried)
        vf_sbuf_printf(out, "%s:%d:1: note: %s: %zu of its %zu choices left "
                       "untried (the budget of replays ran out)\n", file,
                       x->map_line, map, x->untried, x->nchoices);
    if (x->ncauses) return;
    if (x->verdict.kinds & VF_V_LUA_ERROR) {
        vf_sbuf_printf(out, "%s:%d:1: error: %s: a Lua error, not a choice: "
                       "%s\n", file, x->map_line, map, x->verdict.message);
        return;
    }
    vf_sbuf_printf(out, "%s:%d:1: %s: %s fails as written: no single one of "
                   "its %zu SUBST, NSUBST or flip choices changes it%s; what "
                   "explain does "
                   "not force yet (SHUFFLE, KFEAT/KMONS/KITEM, subvaults, "
                   "the vault's own Lua) may%s\n", file, x->map_line,
                   vf_sev_name(x->sev), map, x->nchoices,
                   x->untried ? " of those tried" : "",
                   x->nchoices ? "" : " (it makes none)");
}

/* The choice of log made by the same call at the same cell as c. */
static const vf_choice *same_site(const vf_choices *log, const vf_choice *c)
{
    for (size_t i = 0; i < log->n; i++) {
        const vf_choice *d = &log->v[i];
        if (d->kind == c->kind && d->line == c->line && d->x == c->x
            && d->y == c->y && d->key == c->key)
            return d;
    }
    return NULL;
}

void vf_explain_rule(vf_engine *e, const vf_mapdef *def, uint64_t base,
                     uint32_t iters, const vf_case_opts *o, vf_level *l,
                     vf_rmap *m, vf_conn_report *r, const vf_choice *c,
                     vf_sev sev, vf_rule *rule)
{
    memset(rule, 0, sizeof *rule);
    for (uint32_t it = 0; it < iters; it++) {
        vf_choices log;
        vf_choices_init(&log);
        log.record = 1;
        m->choices = &log;
        vf_verdict v;
        vf_case_run(e, def, base, it, o, l, m, r, &v);
        m->choices = NULL;
        const vf_choice *d = same_site(&log, c);
        int with = d && d->chose == c->chose;
        if (severity(&v) >= sev) {
            rule->failing++;
            rule->failing_with += with;
        } else {
            rule->other++;
            rule->other_with += with;
        }
        vf_choices_free(&log);
    }
}
