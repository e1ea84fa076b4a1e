/* Painting severities for a terminal (color.h). The painter works on
 * finished lines, so every command's output gets it without knowing. */
#define _GNU_SOURCE   /* fopencookie: a stream that paints as it goes */
#include "color.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *vf_color_name(int i)
{
    static const char *const names[] = {"auto", "always", "never"};
    return i >= 0 && i < 3 ? names[i] : NULL;
}

int vf_color_parse(const char *s, vf_color_mode *m)
{
    for (int i = 0; vf_color_name(i); i++)
        if (!strcmp(s, vf_color_name(i))) {
            *m = (vf_color_mode)i;
            return 0;
        }
    return -1;
}

int vf_color_wanted(vf_color_mode m, int tty, const char *term,
                    const char *no_color)
{
    if (m != VF_COLOR_AUTO) return m == VF_COLOR_ALWAYS;
    if (no_color && *no_color) return 0;
    return tty && term && *term && strcmp(term, "dumb") != 0;
}

int vf_color_take_option(int *argc, char **argv, vf_color_mode *m,
                         vf_sbuf *err)
{
    int out = 0, rest = 0;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i], *when = NULL;
        if (!rest && !strcmp(a, "--")) rest = 1;
        if (!rest && !strncmp(a, "--color=", 8)) when = a + 8;
        else if (!rest && !strcmp(a, "--color"))
            when = i + 1 < *argc ? argv[++i] : "";
        if (!when) {
            argv[out++] = argv[i];
            continue;
        }
        if (vf_color_parse(when, m)) {
            vf_sbuf_printf(err, "--color is auto, always or never, not "
                           "'%s'", when);
            return -1;
        }
    }
    *argc = out;
    argv[out] = NULL;
    return 0;
}

const char *vf_color_sev(vf_sev s)
{
    switch (s) {
    case VF_SEV_ERROR: return "\033[1;31m";     /* bold red */
    case VF_SEV_WARNING: return "\033[1;33m";   /* bold yellow */
    case VF_SEV_NOTE: return "\033[36m";        /* cyan */
    default: return "";
    }
}

const char **vf_color_findings(const vf_level *l, const vf_conn_report *r,
                               const vf_sev_ctx *c)
{
    if (!r->nfindings) return NULL;
    const char **on = vf_xcalloc((size_t)r->nfindings, sizeof *on);
    for (int i = 0; i < r->nfindings; i++) {
        const char *why;
        on[i] = vf_color_sev(vf_sev_in_report(l, r, i, c, &why));
    }
    return on;
}

/* The severity word (n bytes) names, or VF_SEV_OK; plural: "errors". */
static vf_sev word_sev(const char *w, size_t n, int plural)
{
    static const char *const words[] = {"error", "warning", "note"};
    static const vf_sev sevs[] = {VF_SEV_ERROR, VF_SEV_WARNING, VF_SEV_NOTE};
    for (int i = 0; i < 3; i++) {
        size_t len = strlen(words[i]);
        if (n == len + (size_t)plural && !strncmp(w, words[i], len)
            && (!plural || w[len] == 's'))
            return sevs[i];
    }
    return VF_SEV_OK;
}

/* Whether what follows a severity word (end: the line's end) makes it
 * one: ':', ',', ')', ';', " (", " in N", " N", or the end. */
static int sev_follows(const char *p, const char *end)
{
    if (p == end || strchr(":,);", *p)) return 1;
    if (*p != ' ') return 0;
    if (end - p >= 2 && (isdigit((unsigned char)p[1]) || p[1] == '('))
        return 1;
    return end - p >= 5 && !strncmp(p, " in ", 4)
           && isdigit((unsigned char)p[4]);
}

/* "  A  error: ..." (vf_sev_describe): the letter's severity. */
static vf_sev finding_line(const char *line, size_t n)
{
    if (n < 6 || strncmp(line, "  ", 2) || !isalpha((unsigned char)line[2])
        || strncmp(line + 3, "  ", 2))
        return VF_SEV_OK;
    const char *w = line + 5, *end = line + n, *e = w;
    while (e < end && isalpha((unsigned char)*e)) e++;
    return e < end && *e == ':' ? word_sev(w, (size_t)(e - w), 0)
                                : VF_SEV_OK;
}

static void paint(vf_sbuf *out, vf_sev s, const char *w, size_t n)
{
    vf_sbuf_adds(out, vf_color_sev(s));
    vf_sbuf_add(out, w, n);
    vf_sbuf_adds(out, VF_COLOR_OFF);
}

void vf_color_line(const char *line, size_t n, vf_sbuf *out)
{
    const char *end = line + n, *p = line;
    vf_sev letter = finding_line(line, n);
    if (letter != VF_SEV_OK) {
        vf_sbuf_add(out, line, 2);
        paint(out, letter, line + 2, 1);
        p = line + 3;
    }
    while (p < end) {
        if (!isalpha((unsigned char)*p)) {
            vf_sbuf_addc(out, *p++);
            continue;
        }
        const char *w = p;
        while (p < end && (isalnum((unsigned char)*p) || *p == '_')) p++;
        size_t len = (size_t)(p - w);
        int alone = w == line || strchr(" (:", w[-1]);
        vf_sev s = alone && sev_follows(p, end) ? word_sev(w, len, 0)
                                                : VF_SEV_OK;
        /* A heading of summary.txt: "errors (3):", "notes: ...". */
        if (s == VF_SEV_OK && w == line && p < end && strchr(" :", *p))
            s = word_sev(w, len, 1);
        if (s != VF_SEV_OK) paint(out, s, w, len);
        else vf_sbuf_add(out, w, len);
    }
}

/* ---- the painting stream ----------------------------------------------- */

typedef struct painter {
    FILE *to;
    vf_sbuf line;   /* the line so far */
} painter;

static void emit(painter *p, int newline)
{
    vf_sbuf out = VF_SBUF_INIT;
    vf_color_line(vf_sbuf_str(&p->line), p->line.len, &out);
    if (newline) vf_sbuf_addc(&out, '\n');
    fwrite(vf_sbuf_str(&out), 1, out.len, p->to);
    vf_sbuf_free(&out);
    vf_sbuf_reset(&p->line);
}

static ssize_t painter_write(void *cookie, const char *buf, size_t n)
{
    painter *p = cookie;
    for (size_t i = 0; i < n; i++) {
        if (buf[i] == '\n') emit(p, 1);
        else vf_sbuf_addc(&p->line, buf[i]);
    }
    fflush(p->to);
    return (ssize_t)n;
}

static int painter_close(void *cookie)
{
    painter *p = cookie;
    if (p->line.len) emit(p, 0);
    fflush(p->to);
    vf_sbuf_free(&p->line);
    free(p);
    return 0;
}

FILE *vf_color_stream(FILE *to)
{
    painter *p = vf_xcalloc(1, sizeof *p);
    p->to = to;
    cookie_io_functions_t io = {NULL, painter_write, NULL, painter_close};
    FILE *f = fopencookie(p, "w", io);
    if (!f) free(p);
    return f;
}
