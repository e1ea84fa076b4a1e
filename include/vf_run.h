/* vf_run: the parent side of a run -- hands maps and cases to worker
 * processes (vf_pool), writes each result to the journal as it arrives,
 * records a worker's death or timeout as its case's result, calls back
 * every few seconds (so the caller keeps the report files up to date),
 * shows progress.
 *
 * First every selected map not yet in the journal is examined (its Lua as
 * at load; placement.lua's skips); then every case of this shard not yet in
 * the journal runs. Results only ever add to the tally, so a run stopped at
 * any point goes on from its journal (--resume) without redoing or
 * duplicating a case. */
#ifndef VF_RUN_H
#define VF_RUN_H

#include <stdio.h>

#include "vf_fs.h"
#include "vf_tally.h"
#include "vf_work.h"

/* Called every few seconds while cases run, with its context, so that
 * the report files stay up to date: the caller writes them (the run knows
 * no report). Returns 0, or -1 with a message, which stops the run. */
typedef int (*vf_run_checkpoint)(void *ctx, vf_sbuf *err);

typedef struct vf_run {
    vf_work work;              /* spec, maps, engine, report dir, hooks */
    const size_t *selected;    /* the maps to examine, in index order */
    size_t nselected;
    int jobs;                  /* worker processes */
    double timeout;            /* seconds a case may take; 0: no limit */
    FILE *progress;            /* progress lines go here; NULL: none */
    vf_tally *tally;           /* what the journal holds; grows */
    int journal_fd;            /* the journal, open for appending */
    int stopped;               /* out: SIGINT or SIGTERM when one stopped
                                * the run, else 0 */
    vf_run_checkpoint checkpoint;  /* or NULL: none */
    void *checkpoint_ctx;          /* borrowed, handed to checkpoint */
} vf_run;

/* Runs everything not done yet. Returns 0, or -1 with a message (a worker
 * could not start, the journal could not be written). SIGINT and SIGTERM
 * stop it cleanly while it runs: no further case is handed out, the
 * workers are killed (their cases in flight are not in the journal, so a
 * resume runs them), every result received is written, and it returns 0
 * with r->stopped set. */
int vf_run_execute(vf_run *r, vf_sbuf *err);

#endif
