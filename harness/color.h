/* Colour on a terminal: --color auto|always|never (every command), the
 * severities in red, yellow and cyan, and the lettered findings of
 * check's and test's levels in their finding's colour. Only what a
 * command prints on standard output is painted; files it writes never
 * are.
 *
 * auto colours when standard output is a terminal, TERM is not "dumb"
 * and NO_COLOR is unset or empty (https://no-color.org). */
#ifndef VF_COLOR_H
#define VF_COLOR_H

#include <stddef.h>
#include <stdio.h>

#include "vf_conn.h"
#include "vf_level.h"
#include "vf_sbuf.h"
#include "vf_severity.h"

typedef enum vf_color_mode {
    VF_COLOR_AUTO,
    VF_COLOR_ALWAYS,
    VF_COLOR_NEVER
} vf_color_mode;

#define VF_COLOR_OFF "\033[0m"

/* The name of mode i (vf_color_mode's order), or NULL past the last. */
const char *vf_color_name(int i);

/* Returns 0 and the mode named s, or -1. */
int vf_color_parse(const char *s, vf_color_mode *m);

/* Whether to colour: tty is whether standard output is a terminal, term
 * and no_color the environment's TERM and NO_COLOR (NULL: unset). */
int vf_color_wanted(vf_color_mode m, int tty, const char *term,
                    const char *no_color);

/* Takes --color WHEN and --color=WHEN out of argv (up to a "--"), the
 * last one winning. Returns 0, or -1 with a message (a bad WHEN). */
int vf_color_take_option(int *argc, char **argv, vf_color_mode *m,
                         vf_sbuf *err);

/* The escape that starts severity s's colour ("" for ok). */
const char *vf_color_sev(vf_sev s);

/* The escape of each finding of r on l by its severity (c: what it is
 * judged against), for vf_conn_render_marked; malloc'd (the caller frees
 * it), NULL when r has no findings. */
const char **vf_color_findings(const vf_level *l, const vf_conn_report *r,
                               const vf_sev_ctx *c);

/* One line of output (n bytes, no newline) with its severity words
 * painted, into out: a word error, warning or note standing alone and
 * followed by ':', ',', ')', ';', " (", " in N", " N" or the line's end; a
 * heading "errors"/"warnings"/"notes" at the line's start; the letter
 * of a finding's line ("  A  error: ...") in its severity's colour. */
void vf_color_line(const char *line, size_t n, vf_sbuf *out);

/* A stream that paints each line written to it (vf_color_line) and
 * passes it on to to (borrowed); fclose it to flush the last line. NULL
 * when it cannot be made. */
FILE *vf_color_stream(FILE *to);

#endif
