/* Growable strings and the aborting allocators. */
#include "vf_sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(size_t n)
{
    fprintf(stderr, "vaultfuzz: out of memory (%zu bytes)\n", n);
    abort();
}

void *vf_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) oom(n);
    return p;
}

void *vf_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) oom(n * size);
    return p;
}

void *vf_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom(n);
    return q;
}

char *vf_xstrndup(const char *s, size_t n)
{
    char *d = vf_xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

char *vf_xstrdup(const char *s)
{
    return vf_xstrndup(s, strlen(s));
}

static void reserve(vf_sbuf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    if (need <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need) cap *= 2;
    b->s = vf_xrealloc(b->s, cap);
    b->cap = cap;
}

void vf_sbuf_add(vf_sbuf *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void vf_sbuf_adds(vf_sbuf *b, const char *s)
{
    vf_sbuf_add(b, s, strlen(s));
}

void vf_sbuf_addc(vf_sbuf *b, char c)
{
    reserve(b, 1);
    b->s[b->len++] = c;
    b->s[b->len] = 0;
}

void vf_sbuf_vprintf(vf_sbuf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return;
    reserve(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void vf_sbuf_printf(vf_sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vf_sbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

void vf_sbuf_reset(vf_sbuf *b)
{
    b->len = 0;
    if (b->s) b->s[0] = 0;
}

const char *vf_sbuf_str(const vf_sbuf *b)
{
    return b->s ? b->s : "";
}

char *vf_sbuf_take(vf_sbuf *b)
{
    char *s = b->s ? b->s : vf_xstrdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

void vf_sbuf_free(vf_sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}
