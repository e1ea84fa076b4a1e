/* Gathering results per map. */
#include "vf_tally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vf_tally_init(vf_tally *t, const vf_run_spec *spec, size_t nmaps,
                   size_t nselected)
{
    memset(t, 0, sizeof *t);
    t->spec = spec;
    t->nmaps = nmaps;
    t->nselected = nselected;
    t->maps = vf_xcalloc(nmaps ? nmaps : 1, sizeof *t->maps);
}

void vf_tally_free(vf_tally *t)
{
    for (size_t i = 0; i < t->nmaps; i++) {
        if (t->maps[i].known) vf_map_rec_free(&t->maps[i].rec);
        free(t->maps[i].done);
        if (t->maps[i].why) vf_explain_rec_free(t->maps[i].why);
        for (size_t k = 0; k < t->maps[i].nall; k++)
            vf_explain_rec_free(&t->maps[i].all[k]);
        free(t->maps[i].all);
        free(t->maps[i].why);
        free(t->maps[i].lmaps);
    }
    free(t->maps);
    for (size_t i = 0; i < t->nfails; i++) vf_case_rec_free(&t->fails[i]);
    free(t->fails);
    memset(t, 0, sizeof *t);
}

static size_t done_bytes(const vf_tally *t)
{
    return ((size_t)t->spec->nmodes * vf_run_max_iter(t->spec) + 7) / 8;
}

int vf_tally_add_map(vf_tally *t, const vf_map_rec *r)
{
    if (r->index >= t->nmaps || r->status >= VF_MAP_STATUS_COUNT) return -1;
    vf_tally_map *m = &t->maps[r->index];
    if (m->known) return 1;
    m->known = 1;
    m->rec = *r;
    m->rec.name = vf_xstrdup(r->name);
    m->rec.file = vf_xstrdup(r->file);
    m->rec.message = vf_xstrdup(r->message ? r->message : "");
    if (r->status == VF_MAP_RUN) m->done = vf_xcalloc(done_bytes(t), 1);
    t->examined++;
    t->status[r->status]++;
    return 0;
}

int vf_tally_case_done(const vf_tally *t, size_t map, int mode_index,
                       uint32_t iter)
{
    const vf_tally_map *m = &t->maps[map];
    size_t bit = (size_t)mode_index * vf_run_max_iter(t->spec) + iter;
    return m->done && (m->done[bit / 8] >> (bit % 8) & 1);
}

static void add_fail(vf_tally *t, const vf_case_rec *r)
{
    if (t->nfails == t->fails_cap) {
        t->fails_cap = t->fails_cap ? t->fails_cap * 2 : 64;
        t->fails = vf_xrealloc(t->fails, t->fails_cap * sizeof *t->fails);
    }
    vf_case_rec_copy(&t->fails[t->nfails++], r);
}

/* The entry of m for a case's game layout label, made (in label order)
 * when new; NULL when the case is not of a game layout map. */
static vf_tally_lmap *lmap_of(vf_tally_map *m, const vf_case_rec *r,
                              int make)
{
    const char *label = vf_case_rec_layout(r);
    if (strncmp(label, "game:", 5)) return NULL;
    size_t i = 0;
    int c = 1;
    while (i < m->nlmaps && (c = strcmp(m->lmaps[i].layout, label)) < 0) i++;
    if (i < m->nlmaps && !c) return &m->lmaps[i];
    if (!make) return NULL;
    if (m->nlmaps == m->lmaps_cap) {
        m->lmaps_cap = m->lmaps_cap ? 2 * m->lmaps_cap : 4;
        m->lmaps = vf_xrealloc(m->lmaps, m->lmaps_cap * sizeof *m->lmaps);
    }
    memmove(&m->lmaps[i + 1], &m->lmaps[i],
            (m->nlmaps - i) * sizeof *m->lmaps);
    m->nlmaps++;
    memset(&m->lmaps[i], 0, sizeof m->lmaps[i]);
    snprintf(m->lmaps[i].layout, sizeof m->lmaps[i].layout, "%s", label);
    return &m->lmaps[i];
}

/* Which builds a case of mode m counts with (vf_grade_veto). */
static vf_veto_source veto_source(vf_mode m)
{
    return m == VF_MODE_EMPTY ? VF_VETO_EMPTY
           : m == VF_MODE_GAME ? VF_VETO_GAME : VF_VETO_STRESS;
}

int vf_tally_add_case(vf_tally *t, const vf_case_rec *r)
{
    int mi = vf_run_mode_index(t->spec, r->mode);
    if (r->map >= t->nmaps || !t->maps[r->map].done || mi < 0
        || r->iter >= vf_run_max_iter(t->spec))
        return -1;
    if (vf_tally_case_done(t, r->map, mi, r->iter)) return 1;
    vf_tally_map *m = &t->maps[r->map];
    size_t bit = (size_t)mi * vf_run_max_iter(t->spec) + r->iter;
    m->done[bit / 8] |= (uint8_t)(1u << (bit % 8));
    m->cases++;
    t->cases++;
    vf_tally_lmap *lm = lmap_of(m, r, 1);
    if (lm) lm->cases++;
    if (r->iter < t->spec->count) {
        m->base_cases++;
        m->base_failing += vf_sev_of(r->kinds, r->warning, r->error)
                           >= vf_run_fail_on(t->spec);
    }
    vf_veto_source src = veto_source(r->mode);
    m->vetoes.built[src] += (unsigned long)r->builds;
    m->vetoes.vetoed[src] += (unsigned long)r->vetoed_builds;
    if (r->not_tried) {
        m->untried++;
        m->untried_in[mi]++;
        t->untried++;
        /* The first in case order, whatever order cases arrive in. */
        uint64_t id = VF_CASE_ID(0, mi, r->iter);
        if (m->untried == 1 || id < m->untried_first) {
            m->untried_first = id;
            snprintf(m->untried_why, sizeof m->untried_why, "%s",
                     r->message ? r->message : "");
        }
        return 0;
    }
    if (!r->kinds) return 0;
    m->failed++;
    t->failed++;
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        if (r->kinds & (1u << i)) {
            m->kind[i]++;
            t->kind[i]++;
        }
    if (m->failed == 1 || mi < m->first_mode
        || (mi == m->first_mode && r->iter < m->first_iter)) {
        m->first_mode = mi;
        m->first_iter = r->iter;
        m->first_seed = r->seed;
    }
    add_fail(t, r);
    return 0;
}

static uint64_t explain_id(const vf_tally *t, const vf_explain_rec *x)
{
    return VF_CASE_ID(x->map, vf_run_mode_index(t->spec, x->mode), x->iter);
}

const vf_explain_rec *vf_tally_explained(const vf_tally *t, size_t map,
                                         vf_mode mode, uint32_t iter)
{
    const vf_tally_map *m = &t->maps[map];
    for (size_t i = 0; i < m->nall; i++)
        if (m->all[i].mode == mode && m->all[i].iter == iter)
            return &m->all[i];
    return NULL;
}

int vf_tally_add_explain(vf_tally *t, const vf_explain_rec *x)
{
    if (x->map >= t->nmaps || !t->maps[x->map].done
        || vf_run_mode_index(t->spec, x->mode) < 0)
        return -1;
    vf_tally_map *m = &t->maps[x->map];
    if (vf_tally_explained(t, x->map, x->mode, x->iter)) return 1;
    m->all = vf_xrealloc(m->all, (m->nall + 1) * sizeof *m->all);
    vf_explain_rec_copy(&m->all[m->nall++], x);
    if (m->why && explain_id(t, m->why) < explain_id(t, x)) return 0;
    if (m->why) vf_explain_rec_free(m->why);
    else m->why = vf_xmalloc(sizeof *m->why);
    vf_explain_rec_copy(m->why, x);
    return 0;
}

/* Each map's worst case severity, if a warning or worse (else OK). */
static vf_sev *worst_of(const vf_tally *t)
{
    vf_sev *worst = vf_xcalloc(t->nmaps ? t->nmaps : 1, sizeof *worst);
    for (size_t f = 0; f < t->nfails; f++) {
        const vf_case_rec *r = &t->fails[f];
        vf_sev s = vf_sev_of(r->kinds, r->warning, r->error);
        if (s >= VF_SEV_WARNING && s > worst[r->map]) worst[r->map] = s;
    }
    return worst;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The cases to explain, in case order: each map's cases at its worst
 * severity (first: only the first of them; all: the first
 * VF_EXPLAIN_ALL_CAP). *n gets how many; to_explain[i] how many map i
 * has before the cap (may be NULL). */
static uint64_t *explain_cases(const vf_tally *t, size_t *n,
                               unsigned long *to_explain)
{
    vf_sev *worst = worst_of(t);
    uint64_t *ids = vf_xmalloc((t->nfails + 1) * sizeof *ids);
    size_t k = 0;
    for (size_t f = 0; f < t->nfails; f++) {
        const vf_case_rec *r = &t->fails[f];
        vf_sev s = vf_sev_of(r->kinds, r->warning, r->error);
        if (s >= VF_SEV_WARNING && s == worst[r->map])
            ids[k++] = VF_CASE_ID(r->map, vf_run_mode_index(t->spec, r->mode),
                                  r->iter);
    }
    free(worst);
    qsort(ids, k, sizeof *ids, cmp_u64);
    size_t cap = t->spec->explain == VF_EXPLAIN_ALL ? VF_EXPLAIN_ALL_CAP : 1;
    size_t out = 0, run = 0, map = 0;
    for (size_t i = 0; i < k; i++) {
        size_t mi = VF_CASE_MAP(ids[i]);
        run = i && mi == map ? run + 1 : 0;
        map = mi;
        if (to_explain) to_explain[mi] = run + 1;
        if (run < cap) ids[out++] = ids[i] | (run ? VF_EXPLAIN_NO_RULE : 0);
    }
    *n = out;
    return ids;
}

size_t vf_tally_explains(const vf_tally *t, uint64_t **pending,
                         size_t *npending)
{
    size_t want = 0, np = 0;
    uint64_t *p = NULL;
    if (t->spec->explain) {
        uint64_t *ids = explain_cases(t, &want, NULL);
        for (size_t i = 0; pending && i < want; i++) {
            uint64_t id = ids[i] & ~VF_EXPLAIN_NO_RULE;
            if (!vf_tally_explained(t, VF_CASE_MAP(id),
                                    t->spec->modes[VF_CASE_MODE(id)],
                                    VF_CASE_ITER(id)))
                ids[np++] = ids[i] | VF_EXPLAIN_TASK;
        }
        p = ids;
    }
    if (pending) {
        *pending = p;
        *npending = np;
    } else {
        free(p);
    }
    return want;
}

int vf_tally_unsettled(const vf_tally *t, const vf_tally_map *m)
{
    const vf_run_spec *s = t->spec;
    return s->settle && m->done
           && m->base_cases == (unsigned long)s->nmodes * s->count
           && m->base_failing >= 1 && m->base_failing <= 2;
}

size_t vf_tally_cases(const vf_tally *t, uint64_t **pending,
                      size_t *npending)
{
    const vf_run_spec *s = t->spec;
    size_t k = 0, mine = 0, np = 0, cap = 0;
    uint64_t *p = NULL;
    unsigned long n = s->shard_n > 0 ? (unsigned long)s->shard_n : 1;
    unsigned long want = s->shard_i > 0 ? (unsigned long)s->shard_i - 1 : 0;
    for (size_t i = 0; i < t->nmaps; i++) {
        if (!t->maps[i].done) continue;
        uint32_t iters = vf_tally_unsettled(t, &t->maps[i])
                         ? vf_run_max_iter(s) : s->count;
        for (int mi = 0; mi < s->nmodes; mi++)
            for (uint32_t it = 0; it < iters; it++, k++) {
                if (k % n != want) continue;
                mine++;
                if (!pending || vf_tally_case_done(t, i, mi, it)) continue;
                if (np == cap) {
                    cap = cap ? cap * 2 : 1024;
                    p = vf_xrealloc(p, cap * sizeof *p);
                }
                p[np++] = VF_CASE_ID(i, mi, it);
            }
    }
    if (pending) {
        *pending = p;
        *npending = np;
    }
    return mine;
}

int vf_tally_complete(const vf_tally *t)
{
    if (t->examined != t->nselected
        || t->cases != vf_tally_cases(t, NULL, NULL))
        return 0;
    if (!t->spec->explain) return 1;
    size_t have = 0;
    for (size_t i = 0; i < t->nmaps; i++) have += t->maps[i].nall;
    return have >= vf_tally_explains(t, NULL, NULL);
}

typedef struct keyed {
    uint64_t key;   /* VF_CASE_ID: case order */
    vf_case_rec rec;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    uint64_t x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return (x > y) - (x < y);
}

void vf_tally_sort(vf_tally *t)
{
    if (t->nfails < 2) return;
    keyed *k = vf_xmalloc(t->nfails * sizeof *k);
    for (size_t i = 0; i < t->nfails; i++) {
        const vf_case_rec *r = &t->fails[i];
        k[i].key = VF_CASE_ID(r->map, vf_run_mode_index(t->spec, r->mode),
                              r->iter);
        k[i].rec = *r;
    }
    qsort(k, t->nfails, sizeof *k, cmp_keyed);
    for (size_t i = 0; i < t->nfails; i++) t->fails[i] = k[i].rec;
    free(k);
}

size_t vf_tally_failing_maps(const vf_tally *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        n += vf_tally_map_failing(&t->maps[i]);
    return n;
}

/* ---- severities --------------------------------------------------------- */

#define KIND_INDEX(bit) __builtin_ctz(bit)

/* The kinds of map m that accept covers, within kinds. */
static unsigned accepted_kinds(vf_accept *accept, const char *map,
                               unsigned kinds)
{
    unsigned out = 0;
    for (size_t i = 0; accept && i < accept->n; i++) {
        vf_accept_line *l = &accept->v[i];
        unsigned k = vf_accept_line_kinds(l, map, kinds);
        if (k) l->used = 1;
        out |= k;
    }
    return out;
}

/* Cases done per layout, from the done bits. */
static void layout_cases(const vf_tally *t, vf_tally_map *m)
{
    if (!m->done) return;
    for (int mi = 0; mi < t->spec->nmodes; mi++) {
        unsigned long n = 0;
        for (uint32_t it = 0; it < vf_run_max_iter(t->spec); it++) {
            size_t bit = (size_t)mi * vf_run_max_iter(t->spec) + it;
            n += m->done[bit / 8] >> (bit % 8) & 1;
        }
        m->layout_cases[mi] = n;
        unsigned long failed = 0;
        for (int s = VF_SEV_NOTE; s < VF_SEV_COUNT; s++)
            failed += m->layout_at[mi][s];
        m->layout_at[mi][VF_SEV_OK] = n - failed - m->untried_in[mi];
    }
    for (size_t i = 0; i < m->nlmaps; i++) {
        vf_tally_lmap *lm = &m->lmaps[i];
        unsigned long failed = 0;
        for (int s = VF_SEV_NOTE; s < VF_SEV_COUNT; s++) failed += lm->at[s];
        lm->at[VF_SEV_OK] = lm->cases - failed;
    }
}

static void judge_reset(vf_tally_map *m)
{
    m->sev = VF_SEV_OK;
    memset(m->at, 0, sizeof m->at);
    memset(m->layout_cases, 0, sizeof m->layout_cases);
    memset(m->layout_at, 0, sizeof m->layout_at);
    for (size_t i = 0; i < m->nlmaps; i++)
        memset(m->lmaps[i].at, 0, sizeof m->lmaps[i].at);
    for (int k = 0; k < VF_R_COUNT_KINDS; k++) m->kind_sev[k] = VF_SEV_OK;
    memset(m->kind_at, 0, sizeof m->kind_at);
    m->accepted = 0;
    m->first = (size_t)-1;
}

/* Kind bit b of a case at severity sv in (warn, err). */
static void set_sev(unsigned b, vf_sev sv, unsigned *warn, unsigned *err)
{
    *warn &= ~b;
    *err &= ~b;
    if (sv == VF_SEV_ERROR) *err |= b;
    if (sv == VF_SEV_WARNING) *warn |= b;
}

/* What a map's cases together say of each of them (vf_severity.h). */
typedef struct map_grade {
    int all_vetoed;      /* its own veto hook vetoed every case */
    vf_sev vetoes;       /* its level vetoes, by their shares */
    unsigned design;     /* kinds in every case: warnings are notes */
    unsigned rare;       /* kinds in a rare roll's cases: errors warnings */
} map_grade;

static map_grade grade_map(const vf_tally *t, const vf_tally_map *m)
{
    unsigned long tried = m->cases - m->untried;
    map_grade g = {
        .all_vetoed = m->cases && m->kind[KIND_INDEX(VF_V_VETOED)] == m->cases,
        .vetoes = vf_grade_veto(&m->vetoes, &t->spec->grade),
        .design = vf_grade_design(m->kind, VF_R_COUNT_KINDS, tried),
        .rare = vf_grade_rare(m->kind, VF_R_COUNT_KINDS, tried,
                              &t->spec->grade),
    };
    return g;
}

/* One failing case (index f of t->fails) of map m, graded as g says. */
static void judge_case(vf_tally *t, vf_tally_map *m, size_t f,
                       vf_accept *accept, const map_grade *g)
{
    const vf_case_rec *r = &t->fails[f];
    unsigned err = r->error, warn = r->warning;
    if (g->all_vetoed) err |= r->kinds & VF_V_VETOED;
    if (r->kinds & VF_V_LEVEL_VETOED)
        set_sev(VF_V_LEVEL_VETOED, g->vetoes, &warn, &err);
    warn |= err & g->rare;
    err &= ~g->rare;
    warn &= ~g->design;
    unsigned acc = accepted_kinds(accept, m->rec.name, r->kinds);
    for (int k = 0; k < VF_R_COUNT_KINDS; k++) {
        if (!(r->kinds & 1u << k)) continue;
        vf_sev sv = vf_sev_kind(1u << k, r->kinds, warn, err);
        if (sv > m->kind_sev[k]) m->kind_sev[k] = sv;
        m->kind_at[k][acc & 1u << k ? VF_SEV_OK : sv]++;
    }
    m->accepted |= acc;
    vf_sev sv = vf_sev_of(r->kinds & ~acc, warn, err);
    m->at[sv]++;
    int mi = vf_run_mode_index(t->spec, r->mode);
    if (mi >= 0) m->layout_at[mi][sv]++;
    vf_tally_lmap *lm = lmap_of(m, r, 0);
    if (lm) lm->at[sv]++;
    if (sv > m->sev || m->first == (size_t)-1) {
        m->sev = sv > m->sev ? sv : m->sev;
        m->first = f;
    }
}

/* The run's cases by their worst finding, and its kinds by severity:
 * the sums of its maps'. */
static void sum_judged(vf_tally *t)
{
    memset(t->at, 0, sizeof t->at);
    memset(t->kind_at, 0, sizeof t->kind_at);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!m->known) continue;
        for (int s = 0; s < VF_SEV_COUNT; s++) {
            t->at[s] += m->at[s];
            for (int k = 0; k < VF_R_COUNT_KINDS; k++)
                t->kind_at[k][s] += m->kind_at[k][s];
        }
    }
}

void vf_tally_judge(vf_tally *t, vf_accept *accept)
{
    vf_tally_sort(t);
    if (accept) vf_accept_reset(accept);
    size_t f = 0;
    for (size_t i = 0; i < t->nmaps; i++) {
        vf_tally_map *m = &t->maps[i];
        judge_reset(m);
        if (!m->known) continue;
        for (size_t a = 0; accept && a < accept->n; a++)
            if (vf_accept_names(&accept->v[a], m->rec.name)) {
                accept->v[a].exists = 1;
                if (m->rec.status != VF_MAP_UNSELECTED)
                    accept->v[a].named = 1;
            }
        if (m->rec.status == VF_MAP_LOAD_ERROR) {
            m->kind_sev[KIND_INDEX(VF_V_LUA_ERROR)] = VF_SEV_ERROR;
            m->accepted = accepted_kinds(accept, m->rec.name, VF_V_LUA_ERROR);
            m->sev = m->accepted ? VF_SEV_OK : VF_SEV_ERROR;
        }
        map_grade g = grade_map(t, m);
        for (; f < t->nfails && t->fails[f].map == i; f++)
            judge_case(t, m, f, accept, &g);
        m->at[VF_SEV_OK] = m->cases - m->untried
                           - (m->failed - m->at[VF_SEV_OK]);
        layout_cases(t, m);
    }
    sum_judged(t);
    if (!t->spec->explain) return;
    unsigned long *count = vf_xcalloc(t->nmaps + 1, sizeof *count);
    size_t n;
    free(explain_cases(t, &n, count));
    for (size_t i = 0; i < t->nmaps; i++) t->maps[i].to_explain = count[i];
    free(count);
}

size_t vf_tally_maps_at(const vf_tally *t, vf_sev sev)
{
    size_t n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        n += t->maps[i].known && t->maps[i].sev >= sev;
    return n;
}

static int cmp_named(const void *a, const void *b)
{
    return strcmp(((const vf_tally_named *)a)->name,
                  ((const vf_tally_named *)b)->name);
}

vf_tally_named *vf_tally_by_name(const vf_tally *t, size_t *n)
{
    vf_tally_named *v = vf_xmalloc((t->nmaps ? t->nmaps : 1) * sizeof *v);
    *n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        if (t->maps[i].known && t->maps[i].rec.status != VF_MAP_UNSELECTED)
            v[(*n)++] = (vf_tally_named){t->maps[i].rec.name, &t->maps[i]};
    qsort(v, *n, sizeof *v, cmp_named);
    return v;
}

const vf_tally_map *vf_tally_find(const vf_tally_named *v, size_t n,
                                  const char *name)
{
    vf_tally_named key = {name, NULL};
    const vf_tally_named *hit = bsearch(&key, v, n, sizeof *v, cmp_named);
    return hit ? hit->m : NULL;
}

const vf_case_rec *vf_tally_first_with(const vf_tally *t,
                                       const vf_tally_map *m, unsigned b)
{
    if (m->first != (size_t)-1 && (t->fails[m->first].kinds & b))
        return &t->fails[m->first];
    size_t map = (size_t)(m - t->maps);
    for (size_t i = 0; i < t->nfails; i++)
        if (t->fails[i].map == map && (t->fails[i].kinds & b))
            return &t->fails[i];
    return NULL;
}
