/* Shared test helpers: loading text and reading back chunks and messages. */
#include "tests.h"

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

void vf_t_eng_open(vf_t_eng *x, const char *des, unsigned long instructions)
{
    vf_t_load(&x->l, des);
    ck_assert_msg(x->l.errors == 0, "%s", x->l.d.n ? vf_t_msg(&x->l, 0) : "");
    x->err = (vf_sbuf)VF_SBUF_INIT;
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.limits = (vf_lua_limits){instructions, (size_t)32 << 20};
    x->e = vf_engine_new(&x->l.set, &cfg, &x->l.d, &x->err);
    ck_assert_msg(x->e != NULL, "%s", vf_sbuf_str(&x->err));
    vf_rmap_init(&x->m, NULL, NULL);
    x->attempts = 0;
}

void vf_t_eng_close(vf_t_eng *x)
{
    vf_rmap_free(&x->m);
    vf_engine_free(x->e);
    vf_sbuf_free(&x->err);
    vf_t_free(&x->l);
}

vf_resolve_status vf_t_resolve(vf_t_eng *x, const char *map, uint64_t base,
                               int i)
{
    vf_sbuf_reset(&x->err);
    return vf_engine_resolve(x->e, vf_t_map(&x->l, map),
                             vf_seed_case(base, map, (uint32_t)i), 0, &x->m,
                             &x->attempts, &x->err);
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
