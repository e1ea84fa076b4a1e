/* vf_sbuf: a growable byte string, always NUL-terminated.
 *
 * Used everywhere text is assembled (chunks, messages, reports). Memory
 * exhaustion aborts the process with a message, as Redis's zmalloc does:
 * every other failure in vaultfuzz is returned to the caller. */
#ifndef VF_SBUF_H
#define VF_SBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct vf_sbuf {
    char *s;      /* NUL-terminated; NULL until the first append */
    size_t len;   /* bytes before the NUL */
    size_t cap;   /* bytes allocated */
} vf_sbuf;

#define VF_SBUF_INIT {NULL, 0, 0}

void vf_sbuf_add(vf_sbuf *b, const char *s, size_t n);
void vf_sbuf_adds(vf_sbuf *b, const char *s);
void vf_sbuf_addc(vf_sbuf *b, char c);
void vf_sbuf_printf(vf_sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vf_sbuf_vprintf(vf_sbuf *b, const char *fmt, va_list ap);
void vf_sbuf_reset(vf_sbuf *b);          /* empties, keeps the memory */
const char *vf_sbuf_str(const vf_sbuf *b); /* "" when empty; borrowed */
/* Hands the string to the caller (who frees it) and empties the buffer. */
char *vf_sbuf_take(vf_sbuf *b);
void vf_sbuf_free(vf_sbuf *b);

/* Allocation helpers that abort on exhaustion; callers own the result. */
void *vf_xmalloc(size_t n);
void *vf_xcalloc(size_t n, size_t size);
void *vf_xrealloc(void *p, size_t n);
char *vf_xstrdup(const char *s);
char *vf_xstrndup(const char *s, size_t n);

#endif
