/* vf_accept: findings a vault's maintainer marks as intended.
 *
 * An accept file holds one line per intention, `MAP KIND reason...`, MAP
 * and KIND shell patterns (fnmatch), KIND a verdict kind ("tele_closet_*",
 * "*"); blank lines and lines starting with '#' are skipped. An accepted
 * finding is reported as accepted and never fails a run. A line that
 * names a map the run judged but none of whose findings it matches is
 * stale, and reported, so the file stays honest. */
#ifndef VF_ACCEPT_H
#define VF_ACCEPT_H

#include <stddef.h>

#include "vf_sbuf.h"

/* The accept file's name beside a .des tree. */
#define VF_ACCEPT_FILE "vaultfuzz-accept.txt"

typedef struct vf_accept_line {
    char *map, *kind, *reason;   /* owned */
    char *file;                  /* owned: the accept file it came from */
    int line;
    /* Filled while a report is judged (vf_tally_judge): */
    int named;                   /* it names a map the run judged */
    int exists;                  /* it names a map loaded, run or not */
    int used;                    /* it accepted a finding */
} vf_accept_line;

typedef struct vf_accept {
    vf_accept_line *v;
    size_t n, cap;
} vf_accept;

void vf_accept_init(vf_accept *a);
void vf_accept_free(vf_accept *a);

/* Adds the lines of the accept file at path. Returns 0, or -1 with a
 * message "path:line: what is wrong" per bad line in err (the good lines
 * are kept). A missing file is an error: callers look first. */
int vf_accept_load(vf_accept *a, const char *path, vf_sbuf *err);

/* The kinds (bit i: vf_result_kind_name(i)) of map that line i accepts,
 * within kinds. */
unsigned vf_accept_line_kinds(const vf_accept_line *l, const char *map,
                              unsigned kinds);

/* Whether line l names map (its MAP pattern matches). */
int vf_accept_names(const vf_accept_line *l, const char *map);

/* Resets every line's named, exists and used marks. */
void vf_accept_reset(vf_accept *a);

#endif
