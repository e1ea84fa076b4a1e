/* Internal to src/lua: the small-block allocator behind each Lua state
 * (blocks.c). Not thread-safe; one per state. */
#ifndef VF_BLOCKS_H
#define VF_BLOCKS_H

#include <stddef.h>

#define VF_BLOCK_GRAIN 16
#define VF_BLOCK_MAX 256          /* larger blocks go to malloc */

typedef struct vf_blocks {
    void *free[VF_BLOCK_MAX / VF_BLOCK_GRAIN];   /* per size class */
    struct slab *slabs;       /* owned; freed by vf_blocks_free */
    char *top;                /* unused tail of the newest slab */
    size_t left;
} vf_blocks;

/* lua_Alloc's contract: osize is the block's size as Lua allocated it
 * (0 when p is NULL); nsize 0 frees. A failed resize leaves p intact. */
void *vf_blocks_realloc(vf_blocks *b, void *p, size_t osize, size_t nsize);
/* Releases every slab; blocks still out become invalid. b is left empty
 * and may be used again. */
void vf_blocks_free(vf_blocks *b);

#endif
