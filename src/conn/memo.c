/* A labelling kept from one call to the next (vf_conn_memo): a case asks
 * for the zones of the same passable cells before its stairs go in,
 * after, and in its analysis. */
#include "conn_int.h"
#include "vf_sbuf.h"

#include <stdlib.h>

vf_conn_memo *vf_conn_memo_new(void)
{
    /* Only ok need be set: the rest is written before it is read. */
    vf_conn_memo *m = vf_xmalloc(sizeof *m);
    m->ok = 0;
    return m;
}

void vf_conn_memo_free(vf_conn_memo *m)
{
    free(m);
}

const cn_lab *cn_memo_find(const vf_conn_memo *m, const cn_bits *set)
{
    return m && m->ok && cn_same(&m->set, set) ? &m->lab : NULL;
}

const cn_lab *cn_memo_label(vf_conn_memo *m, cn_lab *scratch,
                            const cn_bits *set)
{
    const cn_lab *kept = cn_memo_find(m, set);
    if (kept) return kept;
    if (!m) {
        cn_label(scratch, set);
        return scratch;
    }
    m->set = *set;
    cn_label(&m->lab, set);
    m->ok = 1;
    return &m->lab;
}
