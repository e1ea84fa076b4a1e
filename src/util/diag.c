/* Collected diagnostics. */
#include "vf_diag.h"

#include <stdlib.h>
#include <string.h>

void vf_diag_init(vf_diag *d)
{
    d->v = NULL;
    d->n = d->cap = d->errors = d->warnings = 0;
}

void vf_diag_free(vf_diag *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->v[i].file);
        free(d->v[i].map);
        free(d->v[i].msg);
    }
    free(d->v);
    vf_diag_init(d);
}

void vf_diag_vadd(vf_diag *d, vf_severity sev, const vf_diag_where *at,
                  const char *fmt, va_list ap)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 16;
        d->v = vf_xrealloc(d->v, d->cap * sizeof *d->v);
    }
    vf_sbuf msg = VF_SBUF_INIT;
    vf_sbuf_vprintf(&msg, fmt, ap);
    vf_diag_entry *e = &d->v[d->n++];
    e->sev = sev;
    e->file = at->file ? vf_xstrdup(at->file) : NULL;
    e->line = at->line;
    e->map = at->map ? vf_xstrdup(at->map) : NULL;
    e->msg = vf_sbuf_take(&msg);
    if (sev == VF_ERROR) d->errors++;
    else d->warnings++;
}

void vf_diag_add(vf_diag *d, vf_severity sev, const vf_diag_where *at,
                 const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vf_diag_vadd(d, sev, at, fmt, ap);
    va_end(ap);
}

void vf_diag_format(const vf_diag_entry *e, vf_sbuf *out)
{
    if (e->file) {
        vf_sbuf_adds(out, e->file);
        if (e->line > 0) vf_sbuf_printf(out, ":%d", e->line);
        vf_sbuf_adds(out, ": ");
    }
    if (e->map) vf_sbuf_printf(out, "map %s: ", e->map);
    if (e->sev == VF_WARNING) vf_sbuf_adds(out, "warning: ");
    vf_sbuf_adds(out, e->msg);
}

void vf_diag_print(const vf_diag *d, FILE *f)
{
    vf_sbuf line = VF_SBUF_INIT;
    for (size_t i = 0; i < d->n; i++) {
        vf_sbuf_reset(&line);
        vf_diag_format(&d->v[i], &line);
        fprintf(f, "%s\n", vf_sbuf_str(&line));
    }
    vf_sbuf_free(&line);
}

int vf_diag_line_in(const char *msg, const char *file, const char **text)
{
    size_t n = strlen(file);
    if (strncmp(msg, file, n) || msg[n] != ':') return 0;
    char *end;
    long line = strtol(msg + n + 1, &end, 10);
    if (end == msg + n + 1 || *end != ':' || line <= 0 || line > 1 << 30)
        return 0;
    if (text) *text = end + 1 + strspn(end + 1, " ");
    return (int)line;
}
