/* File reading and the recursive, sorted .des walk. */
#include "vf_fs.h"

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

static int walk(const char *dir, const char *ext, vf_strlist *out,
                vf_diag *d, int depth)
{
    if (depth > 64) {
        vf_diag_add(d, VF_ERROR, dir, 0, NULL,
                    "directories nested too deeply (a link loop?)");
        return 1;
    }
    DIR *dh = opendir(dir);
    if (!dh) {
        vf_diag_add(d, VF_ERROR, dir, 0, NULL, "cannot read directory: %s",
                    strerror(errno));
        return 1;
    }
    vf_strlist names = {0};
    struct dirent *de;
    while ((de = readdir(dh)) != NULL) {
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
            vf_strlist_push(&names, vf_xstrdup(de->d_name));
    }
    closedir(dh);
    if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp_names);

    int problems = 0;
    for (size_t i = 0; i < names.n; i++) {
        char *full = join(dir, names.v[i]);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
            problems += walk(full, ext, out, d, depth + 1);
            free(full);
        } else if (ends_with(names.v[i], ext)) {
            vf_strlist_push(out, full);
        } else {
            free(full);
        }
    }
    vf_strlist_free(&names);
    return problems;
}

int vf_fs_expand(const char *path, const char *ext, vf_strlist *out,
                 vf_diag *d)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        vf_diag_add(d, VF_ERROR, path, 0, NULL, "%s", strerror(errno));
        return 1;
    }
    if (S_ISDIR(st.st_mode)) return walk(path, ext, out, d, 0);
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
