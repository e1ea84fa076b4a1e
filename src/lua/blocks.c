/* Small blocks for one Lua state.
 *
 * A resolve makes and drops thousands of small strings, tables and
 * closures; through malloc they cost about an eighth of a trunk case
 * (chunk splitting and consolidation). Lua tells the allocator each
 * block's size when it frees or resizes it, so small blocks need no
 * header: they are kept on a free list per 16-byte size class, carved
 * from slabs that live as long as the state. Larger blocks go to malloc. */
#include "blocks.h"

#include <stdlib.h>
#include <string.h>

#define SLAB_BYTES (64 * 1024)

typedef struct slab {
    struct slab *next;
    /* blocks follow, aligned as malloc aligns */
} slab;

#define SLAB_HEAD ((sizeof(slab) + 15) & ~(size_t)15)

static size_t class_of(size_t n)
{
    return (n + VF_BLOCK_GRAIN - 1) / VF_BLOCK_GRAIN - 1;
}

static void *carve(vf_blocks *b, size_t c)
{
    size_t n = (c + 1) * VF_BLOCK_GRAIN;
    if (b->left < n) {
        slab *s = malloc(SLAB_BYTES);
        if (!s) return NULL;
        s->next = b->slabs;
        b->slabs = s;
        b->top = (char *)s + SLAB_HEAD;
        b->left = SLAB_BYTES - SLAB_HEAD;
    }
    void *p = b->top;
    b->top += n;
    b->left -= n;
    return p;
}

static void *take(vf_blocks *b, size_t n)
{
    if (n > VF_BLOCK_MAX) return malloc(n);
    size_t c = class_of(n);
    void *p = b->free[c];
    if (p) {
        b->free[c] = *(void **)p;
        return p;
    }
    return carve(b, c);
}

static void give(vf_blocks *b, void *p, size_t n)
{
    if (!p) return;
    if (n > VF_BLOCK_MAX) {
        free(p);
        return;
    }
    size_t c = class_of(n);
    *(void **)p = b->free[c];
    b->free[c] = p;
}

void *vf_blocks_realloc(vf_blocks *b, void *p, size_t osize, size_t nsize)
{
    if (nsize == 0) {
        give(b, p, osize);
        return NULL;
    }
    if (!p) return take(b, nsize);
    int osmall = osize <= VF_BLOCK_MAX, nsmall = nsize <= VF_BLOCK_MAX;
    if (!osmall && !nsmall) return realloc(p, nsize);
    if (osmall && nsmall && class_of(osize) == class_of(nsize)) return p;
    void *q = take(b, nsize);
    if (!q) return NULL;   /* Lua keeps p, as with realloc */
    memcpy(q, p, osize < nsize ? osize : nsize);
    give(b, p, osize);
    return q;
}

void vf_blocks_free(vf_blocks *b)
{
    while (b->slabs) {
        slab *s = b->slabs;
        b->slabs = s->next;
        free(s);
    }
    memset(b, 0, sizeof *b);
}
