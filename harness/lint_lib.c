/* lint without the game's Lua library: the errors of maps that call it
 * become one line saying the library is needed. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* dlua/game_library.txt: the game's library files, the globals it sets
 * and the fields it sets on its tables. */
typedef struct game_lib {
    vf_strlist files, globals, fields;
} game_lib;

static int load_lib(const char *dlua_dir, game_lib *g)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/game_library.txt", dlua_dir);
    char *text, why[256];
    size_t len;
    int rc = vf_fs_read(path.s, 1u << 20, &text, &len, why, sizeof why);
    vf_sbuf_free(&path);
    if (rc) return -1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "file ", 5))
            vf_strlist_push(&g->files, vf_xstrdup(line + 5));
        else if (!strncmp(line, "global ", 7))
            vf_strlist_push(&g->globals, vf_xstrdup(line + 7));
        else if (!strncmp(line, "field ", 6))
            vf_strlist_push(&g->fields, vf_xstrdup(line + 6));
    }
    free(text);
    return 0;
}

static int listed(const vf_strlist *l, const char *s, size_t n)
{
    for (size_t i = 0; i < l->n; i++)
        if (strlen(l->v[i]) == n && !strncmp(l->v[i], s, n)) return 1;
    return 0;
}

/* The quoted name after before in msg ("global '" ... "'"): 0 with
 * *name and *n set, or -1. */
static int quoted_after(const char *msg, const char *before, char quote,
                        const char **name, size_t *n)
{
    const char *p = strstr(msg, before);
    if (!p) return -1;
    p += strlen(before);
    const char *end = strchr(p, quote);
    if (!end) return -1;
    *name = p;
    *n = (size_t)(end - p);
    return 0;
}

/* A name the map found nil: "attempt to call global 'X' (a nil value)"
 * (Lua 5.1) or "attempt to call a nil value (global 'X')" (5.4), or to
 * index, concatenate or do arithmetic on one; *field says whether it was
 * a table's field rather than a global. */
static int nil_name(const char *msg, const char **name, size_t *n,
                    int *field)
{
    if (!strstr(msg, "a nil value") || !strstr(msg, "attempt to "))
        return -1;
    *field = 0;
    if (!quoted_after(msg, "global '", '\'', name, n)) return 0;
    *field = 1;
    return quoted_after(msg, "field '", '\'', name, n);
}

typedef struct grouping {
    vf_strlist needy;      /* .des files whose prelude needs the library */
    vf_strlist wanted;     /* what was missing, each once */
    size_t maps, preludes;
} grouping;

static void want(grouping *g, const char *s, size_t n)
{
    if (!listed(&g->wanted, s, n)) vf_strlist_push(&g->wanted,
                                                   vf_xstrndup(s, n));
}

/* A file prelude that could not require one of the library's files, or
 * found one of its globals nil. */
static int prelude_needs(const game_lib *lib, const vf_diag_entry *e,
                         grouping *g)
{
    const char *f;
    size_t n;
    int field;
    if (e->sev != VF_ERROR || e->map || !e->file) return 0;
    if (!quoted_after(e->msg, "Can't find \"", '"', &f, &n)) {
        if (!listed(&lib->files, f, n)) return 0;
    } else if (nil_name(e->msg, &f, &n, &field) ||
               !listed(field ? &lib->fields : &lib->globals, f, n)) {
        return 0;
    }
    want(g, f, n);
    vf_strlist_push(&g->needy, vf_xstrdup(e->file));
    g->preludes++;
    return 1;
}

/* A map using a global or a table field the library sets, or any name
 * missing in a file whose prelude (which defines more on top of the
 * library) failed for the library. */
static int map_needs(const game_lib *lib, const vf_diag_entry *e,
                     grouping *g)
{
    const char *x;
    size_t n;
    int field;
    if (e->sev != VF_ERROR || !e->map || nil_name(e->msg, &x, &n, &field))
        return 0;
    int known = listed(field ? &lib->fields : &lib->globals, x, n);
    if (!known && !(e->file && listed(&g->needy, e->file, strlen(e->file))))
        return 0;
    if (known) want(g, x, n);
    g->maps++;
    return 1;
}

/* The one line: what was missing, the first few names. */
static void summary(const grouping *g, vf_diag *out)
{
    vf_sbuf what = VF_SBUF_INIT;
    size_t shown = g->wanted.n < 6 ? g->wanted.n : 6;
    for (size_t i = 0; i < shown; i++)
        vf_sbuf_printf(&what, "%s%s", i ? ", " : "", g->wanted.v[i]);
    if (g->wanted.n > shown)
        vf_sbuf_printf(&what, " and %zu more", g->wanted.n - shown);
    vf_diag_add(out, VF_ERROR, &(vf_diag_where){.file = NULL},
                "%zu maps and %zu file preludes need the game's Lua library "
                "(its dat/dlua: %s), which is not loaded: give the crawl "
                "checkout with --crawl-dir", g->maps, g->preludes,
                vf_sbuf_str(&what));
    vf_sbuf_free(&what);
}

static void copy_entry(vf_diag *out, const vf_diag_entry *e)
{
    vf_diag_where at = {.file = e->file, .line = e->line, .map = e->map};
    vf_diag_add(out, e->sev, &at, "%s", e->msg);
}

void vf_lint_group_library(vf_diag *d, const char *dlua_dir)
{
    game_lib lib = {{0}, {0}, {0}};
    if (load_lib(dlua_dir, &lib)) return;
    grouping g = {{0}, {0}, 0, 0};
    char *drop = vf_xcalloc(d->n + 1, 1);
    for (size_t i = 0; i < d->n; i++)   /* preludes first: maps need them */
        drop[i] = (char)prelude_needs(&lib, &d->v[i], &g);
    for (size_t i = 0; i < d->n; i++)
        if (!drop[i]) drop[i] = (char)map_needs(&lib, &d->v[i], &g);
    if (g.maps || g.preludes) {
        vf_diag kept;
        vf_diag_init(&kept);
        for (size_t i = 0; i < d->n; i++)
            if (!drop[i]) copy_entry(&kept, &d->v[i]);
        summary(&g, &kept);
        vf_diag_free(d);
        *d = kept;
    }
    free(drop);
    vf_strlist_free(&g.needy);
    vf_strlist_free(&g.wanted);
    vf_strlist_free(&lib.files);
    vf_strlist_free(&lib.globals);
    vf_strlist_free(&lib.fields);
}
