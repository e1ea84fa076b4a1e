/* Shared test helpers: loading text and reading back chunks and messages;
 * running whole commands and comparing the reports they write. */
#define _XOPEN_SOURCE 700   /* open_memstream, nftw */
#include "tests.h"
#include "cli.h"

#include <dirent.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vf_t_load(vf_t_loaded *l, const char *text)
{
    vf_t_load_as(l, "t.des", text);
}

void vf_t_init(vf_t_loaded *l)
{
    vf_desset_init(&l->set);
    vf_diag_init(&l->d);
    l->errors = 0;
    l->msg = NULL;
}

void vf_t_load_as(vf_t_loaded *l, const char *path, const char *text)
{
    vf_t_init(l);
    l->errors = vf_des_load_buffer(&l->set, path, text, strlen(text), &l->d);
}

void vf_t_free(vf_t_loaded *l)
{
    vf_desset_free(&l->set);
    vf_diag_free(&l->d);
    free(l->msg);
}

const vf_mapdef *vf_t_map(vf_t_loaded *l, const char *name)
{
    const vf_mapdef *m = vf_desset_find(&l->set, name);
    ck_assert_msg(m != NULL, "map %s did not load", name);
    return m;
}

const char *vf_t_chunk(vf_t_loaded *l, const char *map, vf_chunk_kind k)
{
    return vf_sbuf_str(&vf_t_map(l, map)->chunk[k].text);
}

const char *vf_t_msg(vf_t_loaded *l, size_t i)
{
    ck_assert_msg(i < l->d.n, "expected message %zu, have %zu", i, l->d.n);
    vf_sbuf b = VF_SBUF_INIT;
    vf_diag_format(&l->d.v[i], &b);
    free(l->msg);
    l->msg = vf_sbuf_take(&b);
    return l->msg;
}

/* An engine as vf_t_eng_open_limits makes, reading the maps as g (NULL:
 * trunk). */
static void open_as(vf_t_eng *x, const char *des, const vf_lua_limits *limits,
                    const vf_game *g)
{
    vf_t_init(&x->l);
    x->l.set.game = g;
    x->l.errors = vf_des_load_buffer(&x->l.set, "t.des", des, strlen(des),
                                     &x->l.d);
    ck_assert_msg(x->l.errors == 0, "%s", x->l.d.n ? vf_t_msg(&x->l, 0) : "");
    x->err = (vf_sbuf)VF_SBUF_INIT;
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    if (g) cfg.game = *g;
    cfg.limits = *limits;
    x->e = vf_engine_new(&x->l.set, &cfg, &x->l.d, &x->err);
    ck_assert_msg(x->e != NULL, "%s", vf_sbuf_str(&x->err));
    vf_rmap_init(&x->m, NULL, NULL);
    vf_case_opts o = {.mode = VF_MODE_EMPTY, .seed = 1};
    vf_case_init(&x->c, x->e, &o);
}

void vf_t_eng_open(vf_t_eng *x, const char *des, unsigned long instructions)
{
    vf_lua_limits l = {instructions, (size_t)32 << 20, 0, 0};
    vf_t_eng_open_limits(x, des, &l);
}

void vf_t_eng_open_limits(vf_t_eng *x, const char *des,
                          const vf_lua_limits *limits)
{
    open_as(x, des, limits, NULL);
}

void vf_t_eng_open_game(vf_t_eng *x, const char *des,
                        unsigned long instructions, const vf_game *g)
{
    vf_lua_limits l = {instructions, (size_t)32 << 20, 0, 0};
    open_as(x, des, &l, g);
}

void vf_t_eng_close(vf_t_eng *x)
{
    vf_case_release(&x->c);
    vf_rmap_free(&x->m);
    vf_engine_free(x->e);
    vf_sbuf_free(&x->err);
    vf_t_free(&x->l);
}

vf_resolve_status vf_t_resolve(vf_t_eng *x, const char *map, uint64_t base,
                               int i)
{
    vf_sbuf_reset(&x->err);
    vf_resolve_req rq = {.def = vf_t_map(&x->l, map),
                         .seed = vf_seed_case(base, map, (uint32_t)i)};
    return vf_engine_resolve(x->e, &rq, &x->m, &x->err);
}

void vf_t_resolve_ok(vf_t_eng *x, const char *map, uint64_t base, int i)
{
    vf_resolve_status st = vf_t_resolve(x, map, base, i);
    ck_assert_msg(st == VF_RESOLVED, "%s seed %d: status %d: %s", map, i,
                  (int)st, vf_sbuf_str(&x->err));
}

const char *vf_t_raised(vf_t_eng *x, const char *map, uint64_t base)
{
    vf_resolve_status st = vf_t_resolve(x, map, base, 0);
    ck_assert_msg(st == VF_LUA_ERROR, "%s: status %d", map, (int)st);
    return vf_sbuf_str(&x->err);
}

/* ---- whole commands and their reports ------------------------------------ */

vf_t_run vf_t_vaultfuzz(const char *first, ...)
{
    char *argv[40] = {"vaultfuzz"};
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a && argc < 39; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    vf_t_run r;
    size_t ol, el;
    FILE *out = open_memstream(&r.out, &ol);
    FILE *err = open_memstream(&r.err, &el);
    r.rc = vf_cli_main(argc, argv, out, err);
    fclose(out);
    fclose(err);
    return r;
}

void vf_t_run_free(vf_t_run *r)
{
    free(r->out);
    free(r->err);
}

char *vf_t_read(const char *path)
{
    char *text, why[256];
    size_t len;
    ck_assert_msg(!vf_fs_read(path, (size_t)1 << 24, &text, &len, why,
                              sizeof why), "%s", why);
    return text;
}

void vf_t_vetoed_every_build(const vf_verdict *v, const char *why)
{
    ck_assert_uint_eq(v->kinds, VF_V_LEVEL_VETOED);
    ck_assert_msg(strstr(v->message, why), "'%s' not in: %s", why,
                  v->message);
}

void vf_t_same_bytes(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    ck_assert_msg(fa && fb, "missing %s or %s", a, b);
    int ca, cb;
    long at = 0;
    do {
        ca = fgetc(fa);
        cb = fgetc(fb);
        ck_assert_msg(ca == cb, "%s and %s differ at byte %ld", a, b, at);
        at++;
    } while (ca != EOF);
    fclose(fa);
    fclose(fb);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void vf_t_dumps(const char *dir, vf_strlist *out)
{
    char p[512];
    snprintf(p, sizeof p, "%s/dumps", dir);
    DIR *d = opendir(p);
    ck_assert_msg(d != NULL, "no %s", p);
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') vf_strlist_push(out, vf_xstrdup(e->d_name));
    closedir(d);
    if (out->n) qsort(out->v, out->n, sizeof *out->v, cmp_str);
}

void vf_t_same_report(const char *a, const char *b)
{
    static const char *const files[] = {
        "summary.txt", "summary.json", "vaults.csv", "layouts.csv",
        "failures.jsonl",
        "junit.xml", "report.sarif", "report.html", NULL};
    char pa[512], pb[512];
    for (int i = 0; files[i]; i++) {
        snprintf(pa, sizeof pa, "%s/%s", a, files[i]);
        snprintf(pb, sizeof pb, "%s/%s", b, files[i]);
        vf_t_same_bytes(pa, pb);
    }
    vf_strlist da = {0}, db = {0};
    vf_t_dumps(a, &da);
    vf_t_dumps(b, &db);
    ck_assert_uint_eq(da.n, db.n);
    for (size_t i = 0; i < da.n; i++) {
        ck_assert_str_eq(da.v[i], db.v[i]);
        snprintf(pa, sizeof pa, "%s/dumps/%s", a, da.v[i]);
        snprintf(pb, sizeof pb, "%s/dumps/%s", b, db.v[i]);
        vf_t_same_bytes(pa, pb);
    }
    vf_strlist_free(&da);
    vf_strlist_free(&db);
}

void vf_t_put(const char *dir, const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", p);
    fputs(text, f);
    fclose(f);
}

static int rm_entry(const char *p, const struct stat *st, int flag,
                    struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(p);
}

void vf_t_rm_tree(const char *dir)
{
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

char *vf_t_crawl_load(vf_t_loaded *l, const char *what)
{
    const char *dir = getenv("VF_CRAWL_DIR");
    if (!dir || !*dir) {
        printf("%s skipped, VF_CRAWL_DIR not set\n", what);
        return NULL;
    }
    vf_sbuf err = VF_SBUF_INIT;
    char *dat = vf_engine_find_crawl_dat(dir, &err);
    ck_assert_msg(dat != NULL, "%s", vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    vf_sbuf des = VF_SBUF_INIT;
    vf_sbuf_printf(&des, "%s/des", dat);
    vf_t_init(l);
    vf_des_load_paths(&l->set, &des.s, 1, &l->d);
    vf_sbuf_free(&des);
    return dat;
}
