/* Why a case fails: its choices, each forced to another value in turn,
 * then, when none fixes it alone, the smallest set that does together. */
#include "vf_explain.h"
#include "vf_glyph.h"

#include <stdlib.h>
#include <string.h>

static vf_sev severity(const vf_verdict *v)
{
    return vf_sev_of(v->kinds, v->warning, v->error);
}

/* What explaining one case needs at hand: the case, its workspace, what
 * its resolve drew (the choices it logged and where its generator ended)
 * and the budget of replays. A replay that changes some choices is a
 * clean intervention only when every other choice and every other draw
 * (the vault's Lua draws too) came out as before. */
typedef struct job {
    vf_case *c;
    const vf_mapdef *def;
    uint32_t iter;
    const vf_choices *log;
    uint64_t end[4];
    size_t budget;
    vf_explanation *x;
} job;

static int forced_at(const vf_force *f, size_t nf, size_t k)
{
    for (size_t i = 0; i < nf; i++)
        if (f[i].at == k) return 1;
    return 0;
}

static int same_draws(const job *j, const vf_choices *again)
{
    if (again->n != j->log->n
        || memcmp(j->c->map.rng->s, j->end, sizeof j->end))
        return 0;
    for (size_t i = 0; i < again->n; i++)
        if (!forced_at(again->force, again->nforce, i)
            && again->v[i].chose != j->log->v[i].chose)
            return 0;
    return 1;
}

/* The case again with the changes f[0..nf): its severity, or VF_SEV_COUNT
 * when they moved other draws too (the replay is no test of them), or
 * when the budget is spent (*spent set). */
static vf_sev replay(job *j, const vf_force *f, size_t nf, int *spent)
{
    if (j->x->replays == j->budget) {
        *spent = 1;
        return VF_SEV_COUNT;
    }
    j->x->replays++;
    vf_choices forced;
    vf_choices_init(&forced);
    forced.record = 1;
    forced.force_attempt = j->log->attempt;
    forced.force = f;
    forced.nforce = nf;
    j->c->map.choices = &forced;
    vf_verdict v;
    vf_case_run(j->c, j->def, j->iter, &v);
    j->c->map.choices = NULL;
    int clean = same_draws(j, &forced);
    vf_choices_free(&forced);
    if (!clean) j->x->entangled++;
    return clean ? severity(&v) : VF_SEV_COUNT;
}

static void add_cause(vf_explanation *x, const vf_choice *c, size_t k,
                      int fix, vf_sev after, size_t with)
{
    x->causes = vf_xrealloc(x->causes, (x->ncauses + 1) * sizeof *x->causes);
    x->causes[x->ncauses++] = (vf_cause){*c, k, fix, after, with};
}

/* Causes that make the case ok first, then in the order made. */
static int cmp_causes(const void *pa, const void *pb)
{
    const vf_cause *a = pa, *b = pb;
    if (a->after != b->after) return (int)a->after - (int)b->after;
    return (a->index > b->index) - (a->index < b->index);
}

static unsigned walkable(int glyph)
{
    return vf_glyph_flags((char)glyph) & VF_GL_TRAVERSABLE;
}

static int is_glyph_kind(const vf_choice *c)
{
    return c->kind == VF_CHOICE_SUBST || c->kind == VF_CHOICE_NSUBST;
}

/* Whether some value c could take walks differently from the one it
 * took (by the glyphs' default meanings; any other kind of choice may
 * matter): such choices are tried first, so a budget goes where causes
 * are likely. */
static int may_matter(const vf_choice *c)
{
    if (!is_glyph_kind(c)) return 1;
    for (int i = 0; i < c->nalts; i++)
        if (walkable(c->alts[i]) != walkable(c->chose)) return 1;
    return 0;
}

/* The value of c a set of changes gives it: for a glyph that does not
 * walk, one that does (a fix opens something up), else -1 (left out);
 * for any other choice, its first other value. */
static int opener(const vf_choice *c)
{
    if (is_glyph_kind(c) && walkable(c->chose)) return -1;
    for (int i = 0; i < c->nalts; i++) {
        if (c->alts[i] == c->chose) continue;
        if (!is_glyph_kind(c) || walkable(c->alts[i])) return c->alts[i];
    }
    return -1;
}

/* Whether forcing shuffle choice c to v is a swap a cause already
 * makes: 'A' into 'B' swaps with the glyph that went to 'B', the same
 * change as that glyph forced into what 'A' went to. */
static int same_swap(const vf_explanation *x, const vf_choice *c, int v)
{
    if (c->kind != VF_CHOICE_SHUFFLE) return 0;
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_cause *d = &x->causes[i];
        if (d->choice.kind == c->kind && d->choice.line == c->line
            && d->fix == c->chose && d->choice.chose == v)
            return 1;
    }
    return 0;
}

/* Whether forcing c to v cannot be a clean replay: a rotation the case
 * did not make needs a direction, a draw the case never made. */
static int needs_new_draw(const vf_choice *c, int v)
{
    return c->kind == VF_CHOICE_FLIP && c->key == 'r' && v == '1';
}

/* Tries every other value of choice k; returns 0 when the budget ran
 * out. */
static int try_choice(job *j, size_t k)
{
    const vf_choice *c = &j->log->v[k];
    for (int i = 0; i < c->nalts; i++) {
        if (c->alts[i] == c->chose || same_swap(j->x, c, c->alts[i])
            || needs_new_draw(c, c->alts[i]))
            continue;
        int spent = 0;
        vf_force f = {k, c->alts[i]};
        vf_sev s = replay(j, &f, 1, &spent);
        if (spent) return 0;
        if (s < j->x->sev) {
            add_cause(j->x, c, k, c->alts[i], s, 0);
            if (s == VF_SEV_OK) break;
        }
    }
    return 1;
}

/* Each choice alone, those that may matter first, so a budget goes where
 * causes are likely. */
static void singles(job *j)
{
    size_t tried = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < j->log->n; k++) {
            if (may_matter(&j->log->v[k]) != !pass) continue;
            if (!try_choice(j, k)) {
                j->x->untried = j->log->n - tried;
                return;
            }
            tried++;
        }
}

/* ---- delta debugging ---------------------------------------------------- */

/* Whether the changes set[0..n) together lower the severity: *after
 * gets it. */
static int fixes(job *j, const vf_force *set, size_t n, vf_sev *after,
                 int *spent)
{
    vf_sev s = replay(j, set, n, spent);
    if (s >= j->x->sev) return 0;
    *after = s;
    return 1;
}

/* Chunk i of n of set (len items) into out; returns its length. With
 * complement, everything but that chunk. */
static size_t chunk(const vf_force *set, size_t len, size_t n, size_t i,
                    int complement, vf_force *out)
{
    size_t lo = len * i / n, hi = len * (i + 1) / n, k = 0;
    for (size_t t = 0; t < len; t++)
        if ((t >= lo && t < hi) != complement) out[k++] = set[t];
    return k;
}

/* Zeller's ddmin on set (*len changes that fix the case together):
 * narrows it to a set no chunk or complement of which still fixes it.
 * Returns 0 when the budget ran out first (the set still fixes it). */
static int ddmin(job *j, vf_force *set, size_t *len, vf_sev *after)
{
    vf_force *try = vf_xmalloc(*len * sizeof *try);
    size_t n = 2;
    int spent = 0;
    while (*len >= 2 && !spent) {
        int narrowed = 0;
        for (int comp = 0; comp < 2 && !narrowed && !spent; comp++)
            for (size_t i = 0; i < n && !narrowed && !spent; i++) {
                size_t k = chunk(set, *len, n, i, comp, try);
                if (!k || k == *len || !fixes(j, try, k, after, &spent))
                    continue;
                memcpy(set, try, k * sizeof *set);
                *len = k;
                n = comp ? (n > 2 ? n - 1 : 2) : 2;
                narrowed = 1;
            }
        if (narrowed) continue;
        if (n >= *len) break;
        n = 2 * n < *len ? 2 * n : *len;
    }
    free(try);
    return !spent;
}

/* When no choice fixes the case alone: every choice that could open
 * something up (opener), changed at once, then narrowed to the smallest
 * set that still fixes it, reported as one cause of several choices. */
static void together(job *j)
{
    vf_force *set = vf_xmalloc((j->log->n + 1) * sizeof *set);
    size_t len = 0;
    for (size_t k = 0; k < j->log->n; k++) {
        int v = opener(&j->log->v[k]);
        if (v >= 0 && !needs_new_draw(&j->log->v[k], v))
            set[len++] = (vf_force){k, v};
    }
    vf_sev after;
    int spent = 0;
    if (len >= 2 && fixes(j, set, len, &after, &spent)) {
        j->x->set_cut = !ddmin(j, set, &len, &after);
        for (size_t i = 0; i < len; i++)
            add_cause(j->x, &j->log->v[set[i].at], set[i].at, set[i].value,
                      after, len - 1);
    }
    free(set);
}

/* The flips the case made, from its log: a flip is logged only when it
 * could happen, and made when drawn '1'. */
static void flips_made(const vf_choices *log, vf_explanation *x)
{
    int rotated = 0;
    for (size_t i = 0; i < log->n; i++) {
        const vf_choice *c = &log->v[i];
        if (c->kind != VF_CHOICE_FLIP || c->chose != '1') {
            if (c->kind == VF_CHOICE_FLIP && c->key == 'c' && rotated)
                x->rotate = -1;
            continue;
        }
        if (c->key == 'h') x->hmirror = 1;
        if (c->key == 'v') x->vmirror = 1;
        if (c->key == 'r') rotated = 1;
        if (c->key == 'c') x->rotate = 1;
    }
}

void vf_explain(vf_case *c, const vf_mapdef *def, uint32_t iter,
                size_t budget, vf_explanation *x)
{
    memset(x, 0, sizeof *x);
    vf_choices log;
    vf_choices_init(&log);
    log.record = 1;
    c->map.choices = &log;
    vf_case_run(c, def, iter, &x->verdict);
    c->map.choices = NULL;
    x->sev = severity(&x->verdict);
    x->map_line = log.map_line;
    x->nchoices = log.n;
    flips_made(&log, x);
    job j = {.c = c, .def = def, .iter = iter, .log = &log,
             .budget = budget, .x = x};
    if (c->map.rng) memcpy(j.end, c->map.rng->s, sizeof j.end);
    /* A case the CPU clock ended is not replayed: each replay would cost
     * the whole budget again, and how far it gets depends on the
     * machine. */
    int replay = x->sev > VF_SEV_OK && !(x->verdict.kinds & VF_V_LUA_TIMEOUT);
    if (replay) singles(&j);
    if (x->ncauses > 1)
        qsort(x->causes, x->ncauses, sizeof *x->causes, cmp_causes);
    if (replay && !x->ncauses && !x->untried) together(&j);
    vf_choices_free(&log);
}

void vf_explanation_free(vf_explanation *x)
{
    free(x->causes);
    memset(x, 0, sizeof *x);
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

void vf_explain_rule(vf_case *k, const vf_mapdef *def, uint32_t iters,
                     const vf_choice *c, vf_sev sev, vf_rule *rule)
{
    memset(rule, 0, sizeof *rule);
    for (uint32_t it = 0; it < iters; it++) {
        vf_choices log;
        vf_choices_init(&log);
        log.record = 1;
        k->map.choices = &log;
        vf_verdict v;
        vf_case_run(k, def, it, &v);
        k->map.choices = NULL;
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
