/* vf_dump: the text of one case's dump, the file a maintainer opens
 * (with zless) to see what went wrong: header lines (map, file:line, seed,
 * iteration, layout, place, verdict, zones, the repro command), the level
 * as ASCII with a legend, the level again with each finding of the
 * connectivity checks lettered (vf_conn_render), and the resolved vault on
 * its own; for a case explained, why it fails: the causes in words and
 * the vault again in its MAP block's own rows and columns, each row with
 * its .des line, the findings lettered and the causes' cells marked
 * (src/run/dump_why.c).
 *
 * The text depends only on the case and the run's parameters -- never on
 * time, paths of the report, or other cases -- so replaying the case
 * writes the same bytes. */
#ifndef VF_DUMP_H
#define VF_DUMP_H

#include "vf_case.h"
#include "vf_conn.h"
#include "vf_explain.h"
#include "vf_journal.h"
#include "vf_runspec.h"
#include "vf_sbuf.h"

typedef struct vf_dump_in {
    const vf_run_spec *spec;
    const char *map, *file;     /* the map's name and .des file */
    int line;                   /* its NAME: line */
    const vf_case_rec *rec;     /* the result as the journal holds it */
    const vf_verdict *v;        /* NULL when the worker died: then no */
    const vf_level *level;      /*   level, no resolved map and no */
    const vf_rmap *rmap;        /*   connectivity report either */
    const vf_conn_report *report;
    const vf_explanation *why;  /* why the case fails, or NULL */
} vf_dump_in;

/* Appends the dump's text to b. */
void vf_dump_text(vf_sbuf *b, const vf_dump_in *in);

/* The why section alone (in->why set, the case placed or not). */
void vf_dump_why(vf_sbuf *b, const vf_dump_in *in);

#endif
