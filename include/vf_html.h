/* vf_html: report.html, the report people look at -- one file that
 * needs nothing else (no network, no external script, font or image):
 *
 *   the summary     maps by severity, those new since a previous report
 *                   when one is given, the run's command and options,
 *                   the vaultfuzz and game versions, the library hash
 *   the index       a row per failing map (severity, new, rate, kinds,
 *                   file, branch), sortable and filterable by a few
 *                   lines of inline script; without scripts, a table
 *   a section per   severity, rate with its 95% interval per layout, the
 *   failing map     cause when explained, a picture of its first case at
 *                   its worst (the level round the vault, the findings
 *                   outlined and lettered) beside the resolved vault,
 *                   and the command replaying it
 *
 * The pictures are drawn from the dumps the run wrote (vf_dumpread.h):
 * no case runs again. Every string from the vault files is escaped
 * (vf_esc.h). */
#ifndef VF_HTML_H
#define VF_HTML_H

#include <stdint.h>

#include "vf_dumpread.h"
#include "vf_report.h"

typedef struct vf_html_in {
    const vf_report_in *rep;   /* judged (vf_report_write did it) */
    const char *dir;           /* the report directory: dumps from here */
    const char *made_by;       /* the vaultfuzz version of run.txt */
    uint64_t library;          /* run.txt's hash of the Lua library */
    uint64_t fingerprint;      /* run.txt's hash of the maps */
    const char *game;          /* the game version, as the caller tells
                                * it (NULL: not known) */
    const vf_tally *baseline;  /* a previous report, judged; or NULL */
    const char *baseline_dir;  /* where it lies, for the summary */
    const char *source_url;    /* a link per .des line: the template with
                                * {path} (relative to the files' git work
                                * tree, else their common directory) and
                                * {line} put in; or NULL */
    const char *base;          /* that directory (vf_sarif_base); NULL:
                                * vf_html_report works it out */
} vf_html_in;

/* Appends the page to b. */
void vf_html_report(vf_sbuf *b, const vf_html_in *in);

/* Writes dir/report.html (atomically). Returns 0, or -1 with a message. */
int vf_html_write(const char *dir, const vf_html_in *in, vf_sbuf *err);

/* A page drawing one case (repro --html): its pictures, its findings
 * and its dump's text, read as game g (NULL: trunk) names features. */
void vf_html_case(vf_sbuf *b, const vf_game *g, const char *dump_text);

/* Shared by the pages (html.c): the document's head, with title
 * (escaped) and the style, and its end. */
void vf_html_head(vf_sbuf *b, const char *title);
void vf_html_tail(vf_sbuf *b);

/* The pictures of one case, side by side: the level cropped round the
 * vault and the findings, and the resolved vault alone; name labels
 * them. Empty text when the dump has no level. */
void vf_html_case_pics(vf_sbuf *b, const vf_dumpread *d, const char *name);

#endif
