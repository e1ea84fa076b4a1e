/* vf_diag: the messages a run collects about its input.
 *
 * Every problem with a .des file, a Lua chunk or a path becomes one entry,
 * printed as "file:line: map NAME: what is wrong" (the map part only when a
 * map is known, the line only when it is not 0). Nothing is printed while
 * loading: callers decide where messages go, so loads can run side by side. */
#ifndef VF_DIAG_H
#define VF_DIAG_H

#include <stddef.h>
#include <stdio.h>

#include "vf_sbuf.h"

typedef enum vf_severity { VF_ERROR, VF_WARNING } vf_severity;

typedef struct vf_diag_entry {
    vf_severity sev;
    char *file;   /* owned; NULL when the message is not about a file */
    int line;     /* 1-based; 0 = whole file */
    char *map;    /* owned; NULL outside a map */
    char *msg;    /* owned */
} vf_diag_entry;

typedef struct vf_diag {
    vf_diag_entry *v;
    size_t n, cap;
    size_t errors, warnings;
} vf_diag;

void vf_diag_init(vf_diag *d);
void vf_diag_free(vf_diag *d);
/* Where a message is about: file (NULL: no file), line (0: the whole
 * file), map (NULL: outside a map), as in vf_diag_entry; copied. Given as
 * a compound literal, naming only what is known:
 *
 *   vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = path, .line = 3},
 *               "bad %s", what)
 */
typedef struct vf_diag_where {
    const char *file;
    int line;
    const char *map;
} vf_diag_where;
void vf_diag_add(vf_diag *d, vf_severity sev, const vf_diag_where *at,
                 const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void vf_diag_vadd(vf_diag *d, vf_severity sev, const vf_diag_where *at,
                  const char *fmt, va_list ap);
/* Appends one entry in its printed form (no newline). */
void vf_diag_format(const vf_diag_entry *e, vf_sbuf *out);

/* The line a message names in file ("FILE:LINE: text", as Lua errors
 * name their chunk's lines), or 0; *text (when given) then points at
 * the text after it. */
int vf_diag_line_in(const char *msg, const char *file, const char **text);
/* Prints every entry, one per line. */
void vf_diag_print(const vf_diag *d, FILE *f);

#endif
