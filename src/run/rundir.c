/* run.txt, and a journal read into a tally. */
#include "vf_rundir.h"
#include "vf_rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vf_rundir_free(vf_rundir *d)
{
    vf_strlist_free(&d->args);
    vf_strlist_free(&d->input);
}

static void line(vf_sbuf *b, const char *key, const char *text)
{
    vf_sbuf_printf(b, "%s ", key);
    for (; *text; text++) {
        if (*text == '\\') vf_sbuf_adds(b, "\\\\");
        else if (*text == '\n') vf_sbuf_adds(b, "\\n");
        else vf_sbuf_addc(b, *text);
    }
    vf_sbuf_addc(b, '\n');
}

int vf_rundir_write(const char *dir, const vf_rundir *d, vf_sbuf *err)
{
    vf_sbuf b = VF_SBUF_INIT, path = VF_SBUF_INIT;
    vf_sbuf_printf(&b, "vaultfuzz-run 1\nversion %s\nfingerprint %016llx\n"
                   "library %016llx\nmaps %zu\nselected %zu\n", d->version,
                   (unsigned long long)d->fingerprint,
                   (unsigned long long)d->library, d->nmaps, d->nselected);
    if (d->game[0]) line(&b, "game", d->game);
    if (d->lua[0]) line(&b, "lua", d->lua);
    for (size_t i = 0; i < d->args.n; i++) line(&b, "arg", d->args.v[i]);
    for (size_t i = 0; i < d->input.n; i++) line(&b, "input", d->input.v[i]);
    vf_sbuf_printf(&path, "%s/%s", dir, VF_RUNDIR_RUN);
    char why[512];
    int rc = vf_fs_write_atomic(path.s, b.s, b.len, why, sizeof why);
    if (rc) vf_sbuf_adds(err, why);
    vf_sbuf_free(&b);
    vf_sbuf_free(&path);
    return rc;
}

static char *unescape(const char *s)
{
    vf_sbuf b = VF_SBUF_INIT;
    for (; *s; s++) {
        if (*s == '\\' && s[1]) s++, vf_sbuf_addc(&b, *s == 'n' ? '\n' : *s);
        else vf_sbuf_addc(&b, *s);
    }
    return vf_sbuf_take(&b);
}

static int parse_line(vf_rundir *d, char *s, int *magic)
{
    char *sp = strchr(s, ' ');
    if (!sp) return -1;
    *sp = '\0';
    const char *v = sp + 1;
    unsigned long long n;
    if (!strcmp(s, "vaultfuzz-run")) *magic = !strcmp(v, "1");
    else if (!strcmp(s, "fingerprint") && sscanf(v, "%llx", &n) == 1)
        d->fingerprint = n;
    else if (!strcmp(s, "library") && sscanf(v, "%llx", &n) == 1)
        d->library = n;
    else if (!strcmp(s, "version"))
        snprintf(d->version, sizeof d->version, "%s", v);
    else if (!strcmp(s, "game")) snprintf(d->game, sizeof d->game, "%s", v);
    else if (!strcmp(s, "lua")) snprintf(d->lua, sizeof d->lua, "%s", v);
    else if (!strcmp(s, "maps") && sscanf(v, "%llu", &n) == 1)
        d->nmaps = (size_t)n;
    else if (!strcmp(s, "selected") && sscanf(v, "%llu", &n) == 1)
        d->nselected = (size_t)n;
    else if (!strcmp(s, "arg")) vf_strlist_push(&d->args, unescape(v));
    else if (!strcmp(s, "input")) vf_strlist_push(&d->input, unescape(v));
    else return -1;
    return 0;
}

int vf_rundir_read(const char *dir, vf_rundir *d, vf_sbuf *err)
{
    memset(d, 0, sizeof *d);
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", dir, VF_RUNDIR_RUN);
    char *data, why[512];
    size_t len;
    int rc = -1, magic = 0;
    if (vf_fs_read(path.s, 1 << 26, &data, &len, why, sizeof why)) {
        vf_sbuf_printf(err, "%s: %s (not a vaultfuzz run report?)", path.s,
                       why);
        vf_sbuf_free(&path);
        return -1;
    }
    rc = 0;
    for (char *s = data, *nl; *s && !rc; s = nl + 1) {
        nl = strchr(s, '\n');
        if (!nl) nl = s + strlen(s) - 1;
        else *nl = '\0';
        if (*s && parse_line(d, s, &magic)) rc = -1;
    }
    if (rc || !magic) {
        vf_sbuf_printf(err, "%s: not a vaultfuzz run file", path.s);
        rc = -1;
    }
    free(data);
    vf_sbuf_free(&path);
    return rc;
}

static uint64_t hash_str(uint64_t h, const char *s)
{
    return vf_hash(h, s, strlen(s) + 1);   /* the NUL separates fields */
}

uint64_t vf_rundir_fingerprint(const vf_desset *set)
{
    uint64_t h = VF_HASH_INIT;
    for (size_t i = 0; i < set->nfiles; i++) {
        const char *base = strrchr(set->files[i].path, '/');
        h = hash_str(h, base ? base + 1 : set->files[i].path);
        h = hash_str(h, vf_sbuf_str(&set->files[i].prelude.text));
    }
    for (size_t i = 0; i < set->nmaps; i++) {
        h = hash_str(h, set->maps[i].name);
        h = vf_hash(h, &set->maps[i].file, sizeof set->maps[i].file);
        for (int k = 0; k < VF_CHUNK_KINDS; k++)
            h = hash_str(h, vf_sbuf_str(&set->maps[i].chunk[k].text));
    }
    return h;
}

uint64_t vf_rundir_library_hash(const char *dir)
{
    vf_strlist files = {0};
    vf_diag d;
    vf_diag_init(&d);
    vf_fs_expand(dir, ".lua", &files, &d);
    uint64_t h = files.n ? VF_HASH_INIT : 0;
    for (size_t i = 0; i < files.n; i++) {
        char *text, why[64];
        size_t len;
        const char *base = strrchr(files.v[i], '/');
        h = hash_str(h, base ? base + 1 : files.v[i]);
        if (vf_fs_read(files.v[i], 64u << 20, &text, &len, why, sizeof why))
            continue;
        h = vf_hash(h, text, len);
        free(text);
    }
    vf_strlist_free(&files);
    vf_diag_free(&d);
    return h;
}

/* ---- the journal into a tally ----------------------------------------- */

typedef struct loading {
    vf_tally *t;
    int bad;
} loading;

static void got_explain(void *ctx, vf_explain_rec *x)
{
    loading *l = ctx;
    if (vf_tally_add_explain(l->t, x) < 0) l->bad = 1;
    vf_explain_rec_free(x);
}

static void got_map(void *ctx, vf_map_rec *r)
{
    loading *l = ctx;
    if (vf_tally_add_map(l->t, r) < 0) l->bad = 1;
    vf_map_rec_free(r);
}

static void got_case(void *ctx, vf_case_rec *r)
{
    loading *l = ctx;
    if (vf_tally_add_case(l->t, r) < 0) l->bad = 1;
    vf_case_rec_free(r);
}

int vf_rundir_load(const char *dir, vf_tally *t, size_t *valid,
                   vf_sbuf *err)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", dir, VF_RUNDIR_JOURNAL);
    loading l = {t, 0};
    vf_journal_reader rd = {&l, got_map, got_case, got_explain};
    int rc = vf_journal_read(path.s, &rd, valid, err);
    if (!rc && l.bad) {
        vf_sbuf_printf(err, "%s: records that do not fit the run", path.s);
        rc = -1;
    }
    vf_sbuf_free(&path);
    return rc;
}
