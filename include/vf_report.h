/* vf_report: the files a run writes into its report directory, made from
 * its tally alone (so a resumed run or merged shards write the same bytes
 * one uninterrupted run would):
 *
 *   summary.txt     for people: the command, what ran, the maps with
 *                   findings by severity, errors first
 *   summary.json    the same for programs
 *   vaults.csv      a row per map: cases, ok, a column per failure kind,
 *                   the failure rate with its 95% Wilson interval, the
 *                   first failing case
 *   failures.jsonl  a line per failing case (and per map whose Lua fails
 *                   at load), with its dump and the command replaying it
 *   junit.xml       a testcase per map, failed when it has a finding of
 *                   the --fail-on severity or worse, and an error
 *                   testcase per input problem
 *   report.sarif    SARIF 2.1.0 for code scanning: a result per failing
 *                   map and kind at the map's NAME: line, the causes
 *                   found as related locations
 *
 * Nothing in them depends on time, -j, or where the report lies. Each file
 * is replaced atomically. */
#ifndef VF_REPORT_H
#define VF_REPORT_H

#include "vf_fs.h"
#include "vf_gamever.h"
#include "vf_gate.h"
#include "vf_sbuf.h"
#include "vf_tally.h"

/* What the report says besides the tally. */
typedef struct vf_report_in {
    vf_tally *t;                 /* judged by the writer (vf_tally_judge) */
    const vf_strlist *input;     /* problems loading the .des files */
    vf_accept *accept;           /* findings marked intended, or NULL */
    const vf_gate *gate;         /* a pull request's run: judged against
                                  * its revision, or NULL */
    const vf_game *game;         /* the game the run read its maps as, whose
                                  * feature names read the dumps' legends
                                  * (vf_gamever.h); NULL: trunk */
} vf_report_in;

/* Judges the tally (vf_tally_judge, with in->accept), then writes the
 * seven files into dir. Returns 0, or -1 with a message. */
int vf_report_write(const char *dir, const vf_report_in *in, vf_sbuf *err);

/* The summary as summary.txt holds it. */
void vf_report_summary(vf_sbuf *b, const vf_report_in *in);
/* The summary a terminal gets: the run's facts, its error and warning
 * maps a line each (twenty of each at most), the rest counted, the
 * result. */
void vf_report_summary_short(vf_sbuf *b, const vf_report_in *in);

/* After vf_report_write: every map's findings as compilers print errors,
 * "FILE:LINE:COL: severity: MAP: what", errors first, at the map's NAME:
 * line, then its causes at their MAP cells (--format gnu: an editor's
 * error list jumps to them); input problems as they were printed. */
void vf_report_gnu(vf_sbuf *b, const vf_report_in *in);

/* After vf_report_write: 0 when no map has a finding of the run's
 * --fail-on severity or worse (accepted ones aside; with a gate, none
 * that the change made: vf_gate.h), 1 when one has, 2
 * when the run is not complete, 3 when it is but the input had problems
 * (a .des file that does not load, a bad accept line): the report is
 * whole for what loaded. */
int vf_report_exit_status(const vf_report_in *in);

/* The individual files (report.c writes them all). */
void vf_report_json(vf_sbuf *b, const vf_report_in *in);
void vf_report_csv(vf_sbuf *b, const vf_report_in *in);
/* layouts.csv: per map, its cases in each layout map of mode game. */
void vf_report_layouts_csv(vf_sbuf *b, const vf_report_in *in);
void vf_report_failures(vf_sbuf *b, const vf_report_in *in);
void vf_report_junit(vf_sbuf *b, const vf_report_in *in);
void vf_report_sarif(vf_sbuf *b, const vf_report_in *in);

#endif
