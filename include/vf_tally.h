/* vf_tally: a run's results gathered per map, from journal records.
 *
 * Records may arrive in any order and more than once (a resumed run, shards
 * merged): the tally keeps one result per case and orders everything by
 * map index, layout and iteration, so what it reports is the same however
 * the cases were spread over workers, shards and restarts. */
#ifndef VF_TALLY_H
#define VF_TALLY_H

#include <stddef.h>
#include <stdint.h>

#include "vf_accept.h"
#include "vf_journal.h"
#include "vf_runspec.h"

/* A map's cases in one of the game's layout maps (mode game): the case
 * label "game:NAME", cases run, and cases by their worst finding
 * (accepted ones aside, filled by vf_tally_judge). */
typedef struct vf_tally_lmap {
    char layout[96];
    unsigned long cases;
    unsigned long at[VF_SEV_COUNT];
} vf_tally_lmap;

typedef struct vf_tally_map {
    int known;                 /* its M record arrived */
    vf_map_rec rec;
    unsigned long cases, failed;
    unsigned long untried;     /* cases done whose level was never built
                                * (vf_case_rec.not_tried): in cases, never
                                * ok nor failed */
    unsigned long untried_in[VF_RUN_MAX_MODES];   /* by layout index */
    char untried_why[160];     /* the message of the first in case
                                * order ... */
    uint64_t untried_first;    /* ... which is this (VF_CASE_ID, map 0) */
    vf_veto_count vetoes;      /* levels built with it and vetoed, in the
                                * modes that stand for the game and in
                                * our stress layouts */
    unsigned long kind[VF_R_COUNT_KINDS];   /* failing cases by kind */
    int first_mode;            /* first failing case in case order: */
    uint32_t first_iter;       /*   layout index and iteration ... */
    uint64_t first_seed;       /*   ... and its case seed */
    uint8_t *done;             /* a bit per (layout, iteration) */
    vf_explain_rec *why;       /* owned: the explanation of its first case
                                * at its worst (--explain first), or NULL */
    vf_explain_rec *all;       /* owned: every explanation of its cases
                                * (--explain all; the one of why too) */
    size_t nall;
    unsigned long to_explain;  /* its cases --explain all would explain
                                * without the cap (vf_tally_explains) */
    unsigned long base_cases;  /* cases of iterations < count ... */
    unsigned long base_failing;/* ... and those with a finding at the
                                * run's --fail-on severity or worse */
    /* What the map's findings amount to, filled by vf_tally_judge: */
    vf_sev sev;                /* the worst, accepted findings aside */
    unsigned long at[VF_SEV_COUNT];   /* cases by their worst finding,
                                       * accepted ones aside */
    vf_sev kind_sev[VF_R_COUNT_KINDS];   /* the worst each kind had */
    unsigned long kind_at[VF_R_COUNT_KINDS][VF_SEV_COUNT];   /* cases
                                 * with each kind, by the kind's severity
                                 * in the case (accepted: VF_SEV_OK) */
    /* The same per layout (spec->modes index): cases run, and cases by
     * their worst finding (accepted ones aside). */
    unsigned long layout_cases[VF_RUN_MAX_MODES];
    unsigned long layout_at[VF_RUN_MAX_MODES][VF_SEV_COUNT];
    /* The same per layout map of mode game, sorted by label (so the
     * order never depends on the order cases arrived); owned. */
    vf_tally_lmap *lmaps;
    size_t nlmaps, lmaps_cap;
    unsigned accepted;         /* kinds an accept line covers */
    size_t first;              /* index in fails of the first case at sev
                                * (the first failing case when every
                                * finding is accepted); (size_t)-1 when no
                                * case failed */
} vf_tally_map;

typedef struct vf_tally {
    const vf_run_spec *spec;   /* borrowed */
    size_t nmaps;              /* maps in the loaded set (index space) */
    size_t nselected;          /* maps the run examines */
    size_t examined;           /* M records so far */
    vf_tally_map *maps;
    vf_case_rec *fails;        /* failing cases, owned; unsorted */
    size_t nfails, fails_cap;
    unsigned long cases, failed, untried, kind[VF_R_COUNT_KINDS];
    size_t status[VF_MAP_STATUS_COUNT];     /* maps by status */
    /* Filled by vf_tally_judge: cases by their worst finding, and cases
     * with each kind by its severity there (accepted ones at ok). */
    unsigned long at[VF_SEV_COUNT];
    unsigned long kind_at[VF_R_COUNT_KINDS][VF_SEV_COUNT];
} vf_tally;

void vf_tally_init(vf_tally *t, const vf_run_spec *spec, size_t nmaps,
                   size_t nselected);
void vf_tally_free(vf_tally *t);

/* Adds a record (copied). Returns 0, 1 when it was there already, or -1
 * when it does not fit the run (a map index out of range, a case of a map
 * not examined or not run, a layout or iteration the run has not). */
int vf_tally_add_map(vf_tally *t, const vf_map_rec *r);
int vf_tally_add_case(vf_tally *t, const vf_case_rec *r);

int vf_tally_case_done(const vf_tally *t, size_t map, int mode_index,
                       uint32_t iter);

/* A case as one number: map index, layout index (3 bits: up to
 * VF_RUN_MAX_MODES) and iteration. */
#define VF_CASE_ID(map, mode, iter) \
    (((uint64_t)(map) << 35) | ((uint64_t)(mode) << 32) | (uint64_t)(iter))
#define VF_CASE_MAP(id) ((size_t)(((id) >> 35) & VF_CASE_MAP_MASK))
#define VF_CASE_MAP_MASK 0x3ffffffu   /* maps below 2^26: bits 61-63 free */
#define VF_CASE_MODE(id) ((int)(((id) >> 32) & 7))
#define VF_CASE_ITER(id) ((uint32_t)(id))

/* Whether map m gets the run's --until-settled iterations: every case of
 * its first count iterations done, and a failure seen once or twice --
 * too rare for its rate to mean anything, too many to call it zero. */
int vf_tally_unsettled(const vf_tally *t, const vf_tally_map *m);

/* Adds an explanation (copied). 0, 1 when that case has one already, -1
 * when it does not fit the run. The map's why becomes the explanation
 * of its first case in case order. */
int vf_tally_add_explain(vf_tally *t, const vf_explain_rec *x);

/* The explanation of case (map, mode, iter), or NULL. */
const vf_explain_rec *vf_tally_explained(const vf_tally *t, size_t map,
                                         vf_mode mode, uint32_t iter);

/* Once every case is done: the cases to explain -- for each map with a
 * case at warning or worse, its first case (in case order) at its worst
 * severity (--explain first), or every case at that severity, the first
 * VF_EXPLAIN_ALL_CAP of them (--explain all; each map's to_explain says
 * how many there are) -- counted (return value), and those not explained
 * yet as VF_CASE_ID | VF_EXPLAIN_TASK in *pending (malloc'd; NULL: count
 * only), | VF_EXPLAIN_NO_RULE for all but each map's first (its rule over
 * the layout's cases, a layout's worth of cases, is worked out once). */
#define VF_EXPLAIN_TASK ((uint64_t)1 << 63)
#define VF_EXPLAIN_NO_RULE ((uint64_t)1 << 62)
#define VF_EXPLAIN_ALL_CAP 40
/* A task run again, once, after its worker was killed from outside
 * (src/run/run.c). */
#define VF_RETRY_TASK ((uint64_t)1 << 61)
size_t vf_tally_explains(const vf_tally *t, uint64_t **pending,
                         size_t *npending);

/* Once every selected map is examined: the cases of this shard, counted
 * (return value), and those not done yet listed in *pending (malloc'd,
 * case order; pass NULL to count only). */
size_t vf_tally_cases(const vf_tally *t, uint64_t **pending,
                      size_t *npending);

/* Every selected map examined and every case of the shard done. */
int vf_tally_complete(const vf_tally *t);

/* The failing cases in case order (sorts t->fails). */
void vf_tally_sort(vf_tally *t);

/* Sorts the failing cases and works out every map's severity (the
 * vf_tally_map fields after done), leaving out the findings accept
 * covers (NULL: none) and marking its lines named and used. A map's Lua
 * error at load is an error; a veto is a note unless every case of the
 * map was vetoed (the game could never place it). */
void vf_tally_judge(vf_tally *t, vf_accept *accept);

/* A map has findings when a case failed or its Lua fails at load; after
 * vf_tally_judge, its severity says how much they matter. */
static inline int vf_tally_map_failing(const vf_tally_map *m)
{
    return m->failed || (m->known && m->rec.status == VF_MAP_LOAD_ERROR);
}
size_t vf_tally_failing_maps(const vf_tally *t);

/* The first case of map m of the judged tally t (its cases in case
 * order) with kind bit b, or NULL. */
const vf_case_rec *vf_tally_first_with(const vf_tally *t,
                                       const vf_tally_map *m, unsigned b);

/* The known maps (examined, selected) of t sorted by name, for finding a
 * map of one report in another: malloc'd, *n entries, borrowing t. */
typedef struct vf_tally_named {
    const char *name;
    const vf_tally_map *m;
} vf_tally_named;
vf_tally_named *vf_tally_by_name(const vf_tally *t, size_t *n);
/* The map called name in v (vf_tally_by_name), or NULL. */
const vf_tally_map *vf_tally_find(const vf_tally_named *v, size_t n,
                                  const char *name);
/* Maps whose severity (vf_tally_judge) is at least sev. */
size_t vf_tally_maps_at(const vf_tally *t, vf_sev sev);

#endif
