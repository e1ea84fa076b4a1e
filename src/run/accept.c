/* Accept files: findings marked as intended. */
#include "vf_accept.h"
#include "vf_fs.h"
#include "vf_journal.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

void vf_accept_init(vf_accept *a)
{
    memset(a, 0, sizeof *a);
}

void vf_accept_free(vf_accept *a)
{
    for (size_t i = 0; i < a->n; i++) {
        free(a->v[i].map);
        free(a->v[i].kind);
        free(a->v[i].reason);
        free(a->v[i].file);
    }
    free(a->v);
    vf_accept_init(a);
}

/* The next blank-separated word of *s (copied), or NULL at the end. */
static char *word(char **s)
{
    char *p = *s;
    while (*p && isspace((unsigned char)*p)) p++;
    if (!*p) return NULL;
    char *start = p;
    while (*p && !isspace((unsigned char)*p)) p++;
    *s = p;
    return vf_xstrndup(start, (size_t)(p - start));
}

/* Whether pattern names a kind: some kind matches it. */
static int kind_known(const char *pattern)
{
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        if (!fnmatch(pattern, vf_result_kind_name(i), 0)) return 1;
    return 0;
}

static int add_line(vf_accept *a, const char *path, int lineno, char *text,
                    vf_sbuf *err)
{
    char *s = text;
    char *map = word(&s), *kind = map ? word(&s) : NULL;
    if (!map) return 0;   /* blank */
    if (*map == '#') {
        free(map);
        free(kind);
        return 0;
    }
    while (*s && isspace((unsigned char)*s)) s++;
    vf_sbuf bad = VF_SBUF_INIT;
    if (!kind) vf_sbuf_adds(&bad, "a line is MAP KIND reason");
    else if (!kind_known(kind))
        vf_sbuf_printf(&bad, "no verdict kind matches '%s'", kind);
    else if (!*s) vf_sbuf_adds(&bad, "say why the finding is intended");
    if (bad.len) {
        vf_sbuf_printf(err, "%s%s:%d: %s", err->len ? "\n" : "", path,
                       lineno, bad.s);
        vf_sbuf_free(&bad);
        free(map);
        free(kind);
        return -1;
    }
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->v = vf_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) n--;
    a->v[a->n++] = (vf_accept_line){map, kind, vf_xstrndup(s, n),
                                    vf_xstrdup(path), lineno, 0, 0, 0};
    return 0;
}

int vf_accept_load(vf_accept *a, const char *path, vf_sbuf *err)
{
    char *data, why[256];
    size_t len;
    if (vf_fs_read(path, 16u << 20, &data, &len, why, sizeof why)) {
        vf_sbuf_printf(err, "%s%s: %s", err->len ? "\n" : "", path, why);
        return -1;
    }
    int rc = 0, lineno = 0;
    for (char *s = data, *nl; s; s = nl) {
        nl = strchr(s, '\n');
        if (nl) *nl++ = '\0';
        lineno++;
        if (add_line(a, path, lineno, s, err)) rc = -1;
        if (nl && !*nl) break;
    }
    free(data);
    return rc;
}

unsigned vf_accept_line_kinds(const vf_accept_line *l, const char *map,
                              unsigned kinds)
{
    if (!vf_accept_names(l, map)) return 0;
    unsigned out = 0;
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        if ((kinds & (1u << i))
            && !fnmatch(l->kind, vf_result_kind_name(i), 0))
            out |= 1u << i;
    return out;
}

int vf_accept_names(const vf_accept_line *l, const char *map)
{
    return !fnmatch(l->map, map, 0);
}

void vf_accept_reset(vf_accept *a)
{
    for (size_t i = 0; i < a->n; i++)
        a->v[i].named = a->v[i].exists = a->v[i].used = 0;
}
