/* vf_gate: a pull request's run judged against the same maps run with the
 * same seeds at the revision it changes (run --changed-since REV). A map
 * fails the gate only when the change made it fail: new and failing at
 * the run's --fail-on severity, failing where it did not before, or
 * failing significantly more often (Fisher's exact test, corrected for
 * the maps compared). What failed before the change already is listed
 * apart and never fails the run. */
#ifndef VF_GATE_H
#define VF_GATE_H

#include "vf_tally.h"

typedef enum vf_gate_state {
    VF_GATE_PASS,      /* not failing at --fail-on now */
    VF_GATE_NEW,       /* failing, and not before: absent, or below it */
    VF_GATE_WORSE,     /* failing before too, significantly more now */
    VF_GATE_BEFORE,    /* failing before as now: not this change's */
} vf_gate_state;

typedef struct vf_gate {
    const char *rev;            /* the revision, as given */
    const char *dir;            /* the baseline's report directory */
    const vf_tally *before;     /* its tally, judged (borrowed) */
    vf_tally_named *index;      /* owned: before's maps by name */
    size_t nindex;
    double alpha;               /* per map: 0.05 over the maps compared */
} vf_gate;

/* The gate of now (judged) against before (judged); both borrowed, as
 * are rev and dir. Free with vf_gate_free. */
void vf_gate_init(vf_gate *g, const char *rev, const char *dir,
                  const vf_tally *before, const vf_tally *now);
void vf_gate_free(vf_gate *g);

/* Map m of now: its state, and the map of that name before (NULL when
 * absent) and the test's p when both ran. */
vf_gate_state vf_gate_map(const vf_gate *g, const vf_tally *now,
                          const vf_tally_map *m, const vf_tally_map **was,
                          double *p);

/* The maps of now in state s. */
size_t vf_gate_count(const vf_gate *g, const vf_tally *now, vf_gate_state s);

/* The summary's section: the maps that fail the gate, each with its
 * count now and before, then those failing before this change. */
void vf_gate_text(vf_sbuf *b, const vf_gate *g, const vf_tally *now);

#endif
