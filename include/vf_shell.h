/* vf_shell: command lines as text -- the repro commands a run prints and
 * writes into dumps, and reading them back. */
#ifndef VF_SHELL_H
#define VF_SHELL_H

#include "vf_fs.h"
#include "vf_sbuf.h"

/* Appends s as one POSIX shell word: as it is when it holds only
 * characters no shell treats specially, else in single quotes. */
void vf_shell_quote(vf_sbuf *b, const char *s);

/* Splits a line into words as a POSIX shell would for words made by
 * vf_shell_quote (blanks separate; '...', "..." and backslash quote; no
 * expansions). Words are appended to out (owned). Returns 0, or -1 when a
 * quote is not closed. */
int vf_shell_split(const char *line, vf_strlist *out);

#endif
