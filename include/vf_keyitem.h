/* vf_keyitem: "KEYS = value" / "KEYS : value" splitting, shared by the
 * lexer (MARKER) and the map transforms (SUBST, NSUBST, KFEAT, ...). */
#ifndef VF_KEYITEM_H
#define VF_KEYITEM_H

#include <stddef.h>

#include "vf_sbuf.h"

typedef struct vf_keyitem {
    const char *key;   /* trimmed; points into the input */
    size_t key_len;
    const char *arg;   /* trimmed */
    size_t arg_len;
    char sep;          /* '=' or ':' */
} vf_keyitem;

/* Splits s at the first '=' or ':' found from index 1 (so either can be a
 * key glyph). key_max is the longest key allowed, or 0 for any. Returns 0,
 * or -1 with the game's message appended to err. */
int vf_keyitem_split(const char *s, size_t n, size_t key_max, vf_keyitem *out,
                     vf_sbuf *err);

#endif
