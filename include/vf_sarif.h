/* vf_sarif: writing a SARIF 2.1.0 log (OASIS Static Analysis Results
 * Interchange Format), the file a forge's code scanning reads to show
 * findings on the lines of a pull request.
 *
 * One run of one tool. Locations name files by a URI relative to a base
 * (uriBaseId "SRCROOT"): the top of the git work tree holding the files
 * when there is one -- so the URIs are the repository's own paths, which
 * is what code scanning matches -- else their common directory. The base
 * itself is given as an absolute file: URI in originalUriBaseIds, for
 * viewers that open the files. A file outside the base keeps an absolute
 * file: URI. */
#ifndef VF_SARIF_H
#define VF_SARIF_H

#include <stddef.h>

#include "vf_sbuf.h"

/* A rule: one kind of finding. */
typedef struct vf_sarif_rule {
    const char *id;          /* "stairless_zone" */
    const char *summary;     /* one sentence */
    const char *help;        /* more text, or NULL */
} vf_sarif_rule;

/* A place in a file; line 0: the whole file; column 0: the whole line. */
typedef struct vf_sarif_loc {
    const char *file;
    int line, column;
    const char *message;     /* for related locations; NULL otherwise */
} vf_sarif_loc;

typedef struct vf_sarif_result {
    int rule;                /* index in the rules given to begin */
    const char *level;       /* "error", "warning" or "note" */
    const char *message;
    vf_sarif_loc at;
    const char *object;      /* the map, as a logical location; or NULL */
    const vf_sarif_loc *related;   /* nrelated of them */
    size_t nrelated;
    const char *fingerprint; /* stable across runs and edits, or NULL */
    const char *suppressed;  /* why it is accepted, or NULL */
    const char *baseline;    /* baselineState ("new", "updated",
                              * "unchanged"), or NULL: no baseline */
} vf_sarif_result;

/* The log being written into b (borrowed, as are rules and base). */
typedef struct vf_sarif {
    vf_sbuf *b;
    const vf_sarif_rule *rules;
    size_t nrules;
    char *base;              /* owned: absolute, no trailing '/' */
    size_t nresults;
} vf_sarif;

/* The base for files (n paths): see above. Returns a malloc'd absolute
 * path without a trailing '/' (the caller frees it); "/" itself is "". */
char *vf_sarif_base(const char *const *files, size_t n);

/* Starts the log: tool vaultfuzz at VF_VERSION with its rules, the base
 * (owned by w from here on: from vf_sarif_base). */
void vf_sarif_begin(vf_sarif *w, vf_sbuf *b, const vf_sarif_rule *rules,
                    size_t nrules, char *base);
void vf_sarif_add(vf_sarif *w, const vf_sarif_result *r);
/* Ends it: the invocation, successful or not, with notes about the
 * input that is no result (n strings, each an error). Frees w's base. */
void vf_sarif_end(vf_sarif *w, int successful, const char *const *notes,
                  size_t n);

/* path as a URI reference relative to base (absolute file: URI when it
 * lies outside), appended to b. */
void vf_sarif_uri(vf_sbuf *b, const char *base, const char *path);

#endif
