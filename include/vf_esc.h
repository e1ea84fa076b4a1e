/* vf_esc: text from vault files (map names, messages) made safe to put
 * in HTML or XML, in an element or a quoted attribute. Vault text is
 * untrusted: markup characters become entities, and bytes a document
 * cannot hold -- control characters other than tab and newline, bytes
 * that are not UTF-8 -- become '?'. */
#ifndef VF_ESC_H
#define VF_ESC_H

#include <stddef.h>

#include "vf_sbuf.h"

/* Appends s, escaped, to b. */
void vf_esc_markup(vf_sbuf *b, const char *s);

/* The length (1 to 4) of the well-formed UTF-8 sequence that starts s
 * (n bytes left), or 0: overlong forms, surrogates and code points past
 * U+10FFFF are not well-formed. */
size_t vf_esc_utf8_len(const unsigned char *s, size_t n);

/* Appends s (n bytes) to b as one visible line for a terminal or a CI
 * log: newline, tab, other control bytes (escape sequences) and bytes
 * that are not UTF-8 written as \n, \t, \xNN, so vault text can start
 * no line of its own (a CI workflow command) and send no escape. */
void vf_esc_visible(vf_sbuf *b, const char *s, size_t n);

#endif
