/* File reading and the recursive, sorted .des walk. */
#include "vf_fs.h"
#include "vf_esc.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void vf_strlist_push(vf_strlist *l, char *owned)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->v = vf_xrealloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = owned;
}

void vf_strlist_free(vf_strlist *l)
{
    for (size_t i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

int vf_fs_read(const char *path, size_t max_bytes, char **data, size_t *len,
               char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        snprintf(err, errlen, "is a directory");
        return -1;
    }
    vf_sbuf b = VF_SBUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.len + n > max_bytes) {
            fclose(f);
            vf_sbuf_free(&b);
            snprintf(err, errlen, "file is larger than %zu bytes", max_bytes);
            return -1;
        }
        vf_sbuf_add(&b, chunk, n);
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        vf_sbuf_free(&b);
        snprintf(err, errlen, "read error");
        return -1;
    }
    *len = b.len;
    *data = vf_sbuf_take(&b);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *ext)
{
    size_t ls = strlen(s), le = strlen(ext);
    return ls >= le && memcmp(s + ls - le, ext, le) == 0;
}

static char *join(const char *dir, const char *name)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_adds(&b, dir);
    if (b.len && b.s[b.len - 1] != '/') vf_sbuf_addc(&b, '/');
    vf_sbuf_adds(&b, name);
    return vf_sbuf_take(&b);
}

/* What a path that is neither a file nor a directory is, for messages. */
static const char *odd_kind(mode_t m)
{
    if (S_ISFIFO(m)) return "a FIFO";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISSOCK(m)) return "a socket";
    return "not a regular file";
}

/* The directories from the walk's root down to the one being read: a
 * link leading back to one of them is a loop, walked once only. */
#define WALK_MAX 64

typedef struct walk_chain {
    dev_t dev[WALK_MAX + 1];
    ino_t ino[WALK_MAX + 1];
    const char *path[WALK_MAX + 1];
    int n;
} walk_chain;

static const char *on_chain(const walk_chain *c, const struct stat *st)
{
    for (int i = 0; i < c->n; i++)
        if (c->dev[i] == st->st_dev && c->ino[i] == st->st_ino)
            return c->path[i];
    return NULL;
}

/* Whether a name holds a control character: printed as it is, it would
 * reach a terminal or a CI log. */
static int control_in(const char *name)
{
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        if (*c < 0x20 || *c == 0x7f) return 1;
    return 0;
}

/* An entry skipped for its name, said with the name made visible. */
static int skip_named(const char *dir, const char *name, vf_diag *d)
{
    vf_sbuf shown = VF_SBUF_INIT;
    vf_esc_visible(&shown, name, strlen(name));
    vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = dir},
                "'%s' has a control character in its name: skipped",
                vf_sbuf_str(&shown));
    vf_sbuf_free(&shown);
    return 1;
}

static int walk(const char *dir, const struct stat *dst, const char *ext,
                vf_strlist *out, vf_diag *d, walk_chain *c);

/* One entry of a directory: a directory is walked (unless it leads back
 * up the chain), a regular file ending in ext taken; a FIFO or device so
 * named is skipped with a warning, as reading it could block for ever. */
static int walk_entry(char *full, const char *name, const char *ext,
                      vf_strlist *out, vf_diag *d, walk_chain *c)
{
    struct stat st;
    int problems = 0, found = stat(full, &st) == 0;
    if (found && S_ISDIR(st.st_mode)) {
        const char *back = on_chain(c, &st);
        if (back)
            vf_diag_add(d, VF_WARNING, &(vf_diag_where){.file = full},
                        "a link loop back to %s: not followed again", back);
        else
            problems = walk(full, &st, ext, out, d, c);
    } else if (ends_with(name, ext)) {
        /* A dangling link is taken: reading it says what is wrong. */
        if (!found || S_ISREG(st.st_mode)) {
            vf_strlist_push(out, full);
            return 0;
        }
        vf_diag_add(d, VF_WARNING, &(vf_diag_where){.file = full},
                    "%s, not a file: skipped", odd_kind(st.st_mode));
    }
    free(full);
    return problems;
}

static int walk(const char *dir, const struct stat *dst, const char *ext,
                vf_strlist *out, vf_diag *d, walk_chain *c)
{
    if (c->n > WALK_MAX) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = dir},
                    "directories nested too deeply");
        return 1;
    }
    DIR *dh = opendir(dir);
    if (!dh) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = dir},
                    "cannot read directory: %s", strerror(errno));
        return 1;
    }
    vf_strlist names = {0};
    struct dirent *de;
    int problems = 0;
    while ((de = readdir(dh)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        if (control_in(de->d_name)) {
            problems += skip_named(dir, de->d_name, d);
            continue;
        }
        vf_strlist_push(&names, vf_xstrdup(de->d_name));
    }
    closedir(dh);
    if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp_names);

    c->dev[c->n] = dst->st_dev;
    c->ino[c->n] = dst->st_ino;
    c->path[c->n++] = dir;
    for (size_t i = 0; i < names.n; i++)
        problems += walk_entry(join(dir, names.v[i]), names.v[i], ext, out,
                               d, c);
    c->n--;
    vf_strlist_free(&names);
    return problems;
}

int vf_fs_expand(const char *path, const char *ext, vf_strlist *out,
                 vf_diag *d)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = path},
                    "%s", strerror(errno));
        return 1;
    }
    if (S_ISDIR(st.st_mode)) {
        walk_chain c;
        c.n = 0;
        return walk(path, &st, ext, out, d, &c);
    }
    if (!S_ISREG(st.st_mode)) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = path},
                    "%s, not a file: skipped", odd_kind(st.st_mode));
        return 1;
    }
    vf_strlist_push(out, vf_xstrdup(path));
    return 0;
}

int vf_fs_write_atomic(const char *path, const void *data, size_t len,
                       char *err, size_t errlen)
{
    vf_sbuf tmp = VF_SBUF_INIT;
    vf_sbuf_printf(&tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp.s, "wb");
    int ok = f != NULL;
    if (ok) ok = fwrite(data, 1, len, f) == len;
    if (f && fclose(f)) ok = 0;
    if (ok) ok = rename(tmp.s, path) == 0;
    if (!ok) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        remove(tmp.s);
    }
    vf_sbuf_free(&tmp);
    return ok ? 0 : -1;
}

int vf_fs_mkdirs(const char *dir, char *err, size_t errlen)
{
    char *p = vf_xstrdup(dir);
    int rc = 0;
    /* Each prefix ending before a '/', then the whole path. */
    for (char *s = p + 1;; s++) {
        if (*s && *s != '/') continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0777) && errno != EEXIST) {
            snprintf(err, errlen, "cannot create %s: %s", p, strerror(errno));
            rc = -1;
        }
        *s = c;
        if (!c || rc) break;
    }
    struct stat st;
    if (!rc && (stat(dir, &st) || !S_ISDIR(st.st_mode))) {
        snprintf(err, errlen, "cannot create %s: not a directory", dir);
        rc = -1;
    }
    free(p);
    return rc;
}
