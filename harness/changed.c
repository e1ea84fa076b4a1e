/* run --changed-since: git diff's files, then the maps they hold and the
 * maps that draw those as subvaults (changed.h says why by file). */
#define _XOPEN_SOURCE 700   /* realpath, popen */
#include "changed.h"
#include "vf_shell.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs a command line, its output (stdout and what redirections send
 * there) into out. Returns its exit status, or -1 when it cannot run. */
static int command(const char *line, vf_sbuf *out)
{
    FILE *p = popen(line, "r");
    if (!p) return -1;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) vf_sbuf_add(out, buf, n);
    int st = pclose(p);
    return st < 0 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* "git -C DIR " with DIR quoted, then the rest. */
static void git_line(vf_sbuf *b, const char *dir, const char *rest)
{
    vf_sbuf_adds(b, "git -C ");
    vf_shell_quote(b, dir);
    vf_sbuf_printf(b, " %s", rest);
}

static void chomp(vf_sbuf *b)
{
    while (b->len && (b->s[b->len - 1] == '\n' || b->s[b->len - 1] == '\r'))
        b->s[--b->len] = '\0';
}

/* The top of the work tree holding path (a file's directory when it is
 * a file), into top. Returns 0, or -1 with a message. */
static int work_tree(const char *path, vf_sbuf *top, vf_sbuf *err)
{
    struct stat st;
    vf_sbuf dir = VF_SBUF_INIT, line = VF_SBUF_INIT;
    vf_sbuf_adds(&dir, path);
    if (!stat(path, &st) && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(dir.s, '/');
        if (slash) *slash = '\0', dir.len = (size_t)(slash - dir.s);
    }
    git_line(&line, dir.s, "rev-parse --show-toplevel 2>&1");
    int rc = command(line.s, top);
    chomp(top);
    if (rc) {
        vf_sbuf_printf(err, rc == 127 || rc < 0
                       ? "--changed-since needs git, which did not run (%s)"
                       : "--changed-since: %s is not in a git work tree "
                         "(git: %s)", rc == 127 || rc < 0 ? vf_sbuf_str(top)
                       : path, vf_sbuf_str(top));
    }
    vf_sbuf_free(&dir);
    vf_sbuf_free(&line);
    return rc ? -1 : 0;
}

/* The files git diff rev names in the work tree top, NUL-separated. */
static int diff_names(const char *top, const char *rev, vf_sbuf *names,
                      vf_sbuf *err)
{
    vf_sbuf line = VF_SBUF_INIT, q = VF_SBUF_INIT, out = VF_SBUF_INIT;
    vf_sbuf_printf(&q, "%s^{commit}", rev);
    vf_sbuf_adds(&line, "rev-parse --verify --quiet ");
    vf_shell_quote(&line, q.s);
    vf_sbuf_reset(&q);
    git_line(&q, top, line.s);
    vf_sbuf_adds(&q, " 2>&1");
    int rc = command(q.s, &out);
    if (rc) {
        vf_sbuf_printf(err, "--changed-since: git knows no revision '%s' in "
                       "%s", rev, top);
    } else {
        vf_sbuf_reset(&line);
        vf_sbuf_reset(&q);
        vf_sbuf_adds(&line, "diff --no-ext-diff --name-only -z ");
        vf_shell_quote(&line, rev);
        vf_sbuf_adds(&line, " -- 2>/dev/null");
        git_line(&q, top, line.s);
        if ((rc = command(q.s, names)))
            vf_sbuf_printf(err, "--changed-since: git diff %s failed in %s",
                           rev, top);
    }
    vf_sbuf_free(&line);
    vf_sbuf_free(&q);
    vf_sbuf_free(&out);
    return rc ? -1 : 0;
}

/* Marks the files of set among the NUL-separated names under top. */
static void mark_files(const vf_desset *set, char *const *real,
                       const char *top, const vf_sbuf *names, vf_changed *ch)
{
    vf_sbuf full = VF_SBUF_INIT;
    for (size_t at = 0; at < names->len; at += strlen(names->s + at) + 1) {
        const char *name = names->s + at;
        size_t len = strlen(name);
        if (len > 4 && !strcmp(name + len - 4, ".lua")) ch->lua = 1;
        vf_sbuf_reset(&full);
        vf_sbuf_printf(&full, "%s/%s", top, name);
        vf_strlist_push(&ch->diff_top, vf_xstrdup(top));
        vf_strlist_push(&ch->diff_name, vf_xstrdup(name));
        vf_strlist_push(&ch->diff_path, vf_xstrdup(full.s));
        char *r = realpath(full.s, NULL);   /* NULL: deleted */
        for (size_t i = 0; r && i < set->nfiles; i++)
            if (real[i] && !strcmp(real[i], r) && !ch->file[i]) {
                ch->file[i] = 1;
                ch->nfiles++;
            }
        free(r);
    }
    vf_sbuf_free(&full);
}

static int asked(const vf_strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s)) return 1;
    return 0;
}

/* Whether map m carries tag (n bytes): the index's tags after the
 * load-time run, else its TAGS: lines. */
static int carries(vf_catalog *c, const vf_mapdef *m, const char *tag,
                   size_t n)
{
    vf_sbuf err = VF_SBUF_INIT;
    const vf_mapinfo *info = c ? vf_catalog_info(c, m, &err) : NULL;
    vf_sbuf_free(&err);
    if (info) return vf_mapinfo_has_tag(info, tag, n);
    for (const char *t = m->tags ? m->tags : ""; (t = strstr(t, tag)); t++)
        if ((t == m->tags || t[-1] == ' ') && (!t[n] || t[n] == ' '))
            return 1;
    return 0;
}

/* Whether map i asks for a tag some chosen map carries. */
static int draws_chosen(const vf_desset *set, vf_catalog *c,
                        const vf_strlist *tags, const vf_changed *ch)
{
    for (size_t t = 0; t < tags->n; t++)
        for (size_t k = 0; k < set->nmaps; k++)
            if (ch->map[k] && carries(c, &set->maps[k], tags->v[t],
                                      strlen(tags->v[t])))
                return 1;
    return 0;
}

/* The maps of changed files, then their subvault parents to a fixed
 * point. */
static void choose_maps(const vf_desset *set, vf_catalog *c, vf_changed *ch)
{
    vf_strlist *tags = vf_xcalloc(set->nmaps + 1, sizeof *tags);
    for (size_t i = 0; i < set->nmaps; i++) {
        ch->map[i] = ch->file[set->maps[i].file];
        ch->nmaps += (size_t)ch->map[i];
        vf_mapdef_subvault_tags(set, &set->maps[i], &tags[i]);
    }
    for (int added = ch->nmaps > 0; added;) {
        added = 0;
        for (size_t i = 0; i < set->nmaps; i++)
            if (!ch->map[i] && tags[i].n
                && draws_chosen(set, c, &tags[i], ch)) {
                ch->map[i] = 1;
                ch->nmaps++;
                ch->nsubvault++;
                added = 1;
            }
    }
    for (size_t i = 0; i < set->nmaps; i++) vf_strlist_free(&tags[i]);
    free(tags);
}

int vf_changed_find(const vf_desset *set, vf_catalog *c,
                    const vf_strlist *des, const char *rev, vf_changed *ch,
                    vf_sbuf *err)
{
    memset(ch, 0, sizeof *ch);
    ch->rev = vf_xstrdup(rev);
    ch->file = vf_xcalloc(set->nfiles + 1, 1);
    ch->map = vf_xcalloc(set->nmaps + 1, 1);
    if (!*rev || *rev == '-') {   /* git would read it as an option */
        vf_sbuf_printf(err, "--changed-since needs a revision, not '%s'", rev);
        return -1;
    }
    char **real = vf_xcalloc(set->nfiles + 1, sizeof *real);
    for (size_t i = 0; i < set->nfiles; i++)
        real[i] = realpath(set->files[i].path, NULL);
    int rc = 0;
    for (size_t i = 0; i < des->n && !rc; i++) {
        vf_sbuf top = VF_SBUF_INIT, names = VF_SBUF_INIT;
        rc = work_tree(des->v[i], &top, err);
        if (!rc && !asked(&ch->repos, top.s)) {
            rc = diff_names(top.s, rev, &names, err);
            if (!rc) mark_files(set, real, top.s, &names, ch);
            vf_strlist_push(&ch->repos, vf_sbuf_take(&top));
        }
        vf_sbuf_free(&top);
        vf_sbuf_free(&names);
    }
    for (size_t i = 0; i < set->nfiles; i++) free(real[i]);
    free(real);
    if (!rc) choose_maps(set, c, ch);
    return rc;
}

void vf_changed_free(vf_changed *ch)
{
    free(ch->file);
    free(ch->map);
    free(ch->rev);
    vf_strlist_free(&ch->repos);
    vf_strlist_free(&ch->diff_top);
    vf_strlist_free(&ch->diff_name);
    vf_strlist_free(&ch->diff_path);
    memset(ch, 0, sizeof *ch);
}

/* ---- the tree at rev ----------------------------------------------------- */

/* The diff entry of the file at real path r, or -1. */
static long diff_entry(const vf_changed *ch, const char *r)
{
    for (size_t i = 0; i < ch->diff_path.n; i++) {
        char *d = realpath(ch->diff_path.v[i], NULL);
        int hit = d && !strcmp(d, r);
        free(d);
        if (hit) return (long)i;
    }
    return -1;
}

/* The directories above path, made. */
static int parent_dirs(const char *path, vf_sbuf *err)
{
    vf_sbuf dir = VF_SBUF_INIT;
    vf_sbuf_adds(&dir, path);
    char *slash = strrchr(dir.s, '/'), why[256];
    int rc = 0;
    if (slash) {
        *slash = '\0';
        if (vf_fs_mkdirs(dir.s, why, sizeof why))
            vf_sbuf_printf(err, "%s", why), rc = -1;
    }
    vf_sbuf_free(&dir);
    return rc;
}

/* Diff entry i's text at rev into target; absent at rev: no file, 0. */
static int from_rev(const vf_changed *ch, size_t i, const char *rev,
                    const char *target, vf_sbuf *err)
{
    vf_sbuf line = VF_SBUF_INIT, spec = VF_SBUF_INIT, text = VF_SBUF_INIT;
    vf_sbuf_printf(&spec, "%s:%s", rev, ch->diff_name.v[i]);
    vf_sbuf_adds(&line, "cat-file -e ");
    vf_shell_quote(&line, spec.s);
    vf_sbuf_adds(&line, " 2>/dev/null && ");
    vf_sbuf cmd = VF_SBUF_INIT;
    git_line(&cmd, ch->diff_top.v[i], line.s);
    vf_sbuf_reset(&line);
    vf_sbuf_adds(&line, "show ");
    vf_shell_quote(&line, spec.s);
    git_line(&cmd, ch->diff_top.v[i], line.s);
    int rc = 0;
    char why[256];
    if (command(cmd.s, &text) == 0) {
        rc = parent_dirs(target, err);
        if (!rc && vf_fs_write_atomic(target, vf_sbuf_str(&text), text.len,
                                      why, sizeof why)) {
            vf_sbuf_adds(err, why);
            rc = -1;
        }
    }
    vf_sbuf_free(&cmd);
    vf_sbuf_free(&line);
    vf_sbuf_free(&spec);
    vf_sbuf_free(&text);
    return rc;
}

/* A symbolic link at target to the real path r. */
static int link_to(const char *r, const char *target, vf_sbuf *err)
{
    if (parent_dirs(target, err)) return -1;
    if (symlink(r, target) && errno != EEXIST) {
        vf_sbuf_printf(err, "%s: %s", target, strerror(errno));
        return -1;
    }
    return 0;
}

/* File f of the set (real path r) into target: at rev when changed. */
static int tree_file(const vf_changed *ch, const char *r, const char *rev,
                     const char *target, vf_sbuf *err)
{
    long i = diff_entry(ch, r);
    return i >= 0 ? from_rev(ch, (size_t)i, rev, target, err)
                  : link_to(r, target, err);
}

/* The .des files the change deleted under the directory whose real path
 * is root, at rev, into base. */
static int deleted_files(const vf_changed *ch, const char *root,
                         const char *rev, const char *base, vf_sbuf *err)
{
    size_t n = strlen(root);
    int rc = 0;
    for (size_t i = 0; i < ch->diff_path.n && !rc; i++) {
        const char *p = ch->diff_path.v[i];
        size_t len = strlen(p);
        struct stat st;
        if (strncmp(p, root, n) || p[n] != '/' || len < 4
            || strcmp(p + len - 4, ".des") || !lstat(p, &st))
            continue;
        vf_sbuf target = VF_SBUF_INIT;
        vf_sbuf_printf(&target, "%s/%s", base, p + n + 1);
        rc = from_rev(ch, i, rev, target.s, err);
        vf_sbuf_free(&target);
    }
    return rc;
}

/* The vaultfuzz-accept.txt of --des directory d, linked into base. */
static int accept_file(const char *d, const char *base, vf_sbuf *err)
{
    vf_sbuf p = VF_SBUF_INIT, target = VF_SBUF_INIT;
    vf_sbuf_printf(&p, "%s/vaultfuzz-accept.txt", d);
    vf_sbuf_printf(&target, "%s/vaultfuzz-accept.txt", base);
    char *r = realpath(p.s, NULL);
    int rc = r ? link_to(r, target.s, err) : 0;
    free(r);
    vf_sbuf_free(&p);
    vf_sbuf_free(&target);
    return rc;
}

/* What the tree at rev is made from and into (vf_changed_tree). */
typedef struct tree_job {
    const vf_changed *ch;
    const vf_desset *set;
    const char *dir;
    vf_strlist *out;
    vf_sbuf *err;
} tree_job;

/* --des path d (index k) at rev, into out. */
static int tree_path(const tree_job *j, const char *d, size_t k)
{
    const vf_changed *ch = j->ch;
    const vf_desset *set = j->set;
    const char *rev = ch->rev, *dir = j->dir;
    vf_sbuf *err = j->err;
    char *root = realpath(d, NULL);
    if (!root) {
        vf_sbuf_printf(err, "%s: %s", d, strerror(errno));
        return -1;
    }
    const char *last = strrchr(root, '/');
    vf_sbuf base = VF_SBUF_INIT;
    vf_sbuf_printf(&base, "%s/%zu/%s", dir, k, last && last[1] ? last + 1
                                                               : "des");
    struct stat st;
    int rc = 0;
    if (!stat(root, &st) && !S_ISDIR(st.st_mode)) {
        rc = tree_file(ch, root, rev, base.s, err);
    } else {
        size_t n = strlen(root);
        for (size_t f = 0; f < set->nfiles && !rc; f++) {
            char *r = realpath(set->files[f].path, NULL);
            if (r && !strncmp(r, root, n) && r[n] == '/') {
                vf_sbuf target = VF_SBUF_INIT;
                vf_sbuf_printf(&target, "%s/%s", base.s, r + n + 1);
                rc = tree_file(ch, r, rev, target.s, err);
                vf_sbuf_free(&target);
            }
            free(r);
        }
        if (!rc) rc = deleted_files(ch, root, rev, base.s, err);
        char why[256];
        if (!rc && vf_fs_mkdirs(base.s, why, sizeof why))
            vf_sbuf_adds(err, why), rc = -1;
        if (!rc) rc = accept_file(root, base.s, err);
    }
    if (!rc) vf_strlist_push(j->out, vf_sbuf_take(&base));
    vf_sbuf_free(&base);
    free(root);
    return rc;
}

int vf_changed_tree(const vf_changed *ch, const vf_desset *set,
                    const vf_strlist *des, const char *dir, vf_strlist *out,
                    vf_sbuf *err)
{
    tree_job j = {.ch = ch, .set = set, .dir = dir, .out = out, .err = err};
    int rc = 0;
    for (size_t k = 0; k < des->n && !rc; k++)
        rc = tree_path(&j, des->v[k], k);
    return rc;
}

/* The load error of the map dropped at file:line for its name, if d
 * holds it. */
static vf_diag_entry *dup_error(vf_diag *d, const char *file, int line)
{
    for (size_t i = 0; i < d->n; i++) {
        vf_diag_entry *e = &d->v[i];
        if (e->file && e->line == line && !strcmp(e->file, file)
            && strstr(e->msg, "name already used by the map at "))
            return e;
    }
    return NULL;
}

void vf_changed_blame_dups(const vf_changed *ch, const vf_desset *set,
                           vf_diag *d)
{
    for (size_t k = 0; k < set->ndups; k++) {
        const vf_desdup *u = &set->dups[k];
        const vf_mapdef *kept = &set->maps[u->kept];
        if (!ch->file[kept->file] || ch->file[u->file]) continue;
        const char *orig = set->files[u->file].path;
        vf_diag_entry *e = dup_error(d, orig, u->line);
        if (!e) continue;
        vf_sbuf msg = VF_SBUF_INIT;
        vf_sbuf_printf(&msg, "name already used by the map at %s:%d, which "
                       "this change did not touch: the game refuses to "
                       "start with a name loaded twice", orig, u->line);
        free(e->file);
        free(e->map);
        free(e->msg);
        e->file = vf_xstrdup(set->files[kept->file].path);
        e->line = kept->line;
        e->map = vf_xstrdup(kept->name);
        e->msg = vf_sbuf_take(&msg);
    }
}
