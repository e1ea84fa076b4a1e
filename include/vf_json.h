/* vf_json: writing JSON text (strings escaped per RFC 8259). */
#ifndef VF_JSON_H
#define VF_JSON_H

#include <stddef.h>

#include "vf_sbuf.h"

/* Appends s (n bytes of UTF-8) as a quoted JSON string. */
void vf_json_str(vf_sbuf *b, const char *s, size_t n);
/* Same for a NUL-terminated string; NULL is written as null. */
void vf_json_cstr(vf_sbuf *b, const char *s);

#endif
