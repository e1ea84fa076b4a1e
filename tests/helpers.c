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
