/* vf_esc: text from vault files (map names, messages) made safe to put
 * in HTML or XML, in an element or a quoted attribute. Vault text is
 * untrusted: markup characters become entities, and bytes a document
 * cannot hold -- control characters other than tab and newline, bytes
 * that are not UTF-8 -- become '?'. */
#ifndef VF_ESC_H
#define VF_ESC_H

#include "vf_sbuf.h"

/* Appends s, escaped, to b. */
void vf_esc_markup(vf_sbuf *b, const char *s);

#endif
