/* The game's mapdef_split_key_item. */
#include "vf_keyitem.h"

#include <ctype.h>

static void trim(const char **s, size_t *n)
{
    while (*n && isspace((unsigned char)**s)) (*s)++, (*n)--;
    while (*n && isspace((unsigned char)(*s)[*n - 1])) (*n)--;
}

int vf_keyitem_split(const char *s, size_t n, size_t key_max, vf_keyitem *out,
                     vf_sbuf *err)
{
    size_t sep = 0;
    for (size_t i = 1; i < n && !sep; i++)
        if (s[i] == '=' || s[i] == ':') sep = i;
    if (!sep) {
        vf_sbuf_printf(err, "malformed declaration - must use = or : in "
                       "'%.*s'", (int)n, s);
        return -1;
    }
    out->key = s;
    out->key_len = sep;
    out->arg = s + sep + 1;
    out->arg_len = n - sep - 1;
    out->sep = s[sep];
    trim(&out->key, &out->key_len);
    trim(&out->arg, &out->arg_len);
    if (!out->key_len || (key_max && out->key_len > key_max)) {
        vf_sbuf_printf(err, "selector '%.*s' must be <= %zu characters in "
                       "'%.*s'", (int)out->key_len, out->key, key_max,
                       (int)n, s);
        return -1;
    }
    if (!out->arg_len) {
        vf_sbuf_printf(err, "no substitute defined in '%.*s'", (int)n, s);
        return -1;
    }
    return 0;
}
