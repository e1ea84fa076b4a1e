/* Lua chunk assembly, as the game's dlua_chunk::add does it. */
#include "vf_des.h"

#include <ctype.h>
#include <stdlib.h>

const char *const vf_chunk_names[VF_CHUNK_KINDS] = {
    "prelude", "mapchunk", "main", "validate", "veto", "epilogue",
};

const char *const vf_call_names[VF_CALL_KINDS] = {
#define VF_CALL_NAME(id, name) name,
    VF_CALL_LIST(VF_CALL_NAME)
#undef VF_CALL_NAME
};

void vf_chunk_add(vf_chunk *c, int line, const char *piece, size_t n)
{
    if (c->first == 0) c->first = line;
    /* Newlines keep chunk line N on .des line first + N - 1, so Lua's own
     * line numbers translate back with one addition. */
    if (c->last != 0)
        for (int l = c->last; l < line; l++) vf_sbuf_addc(&c->text, '\n');
    vf_sbuf_addc(&c->text, ' ');
    vf_sbuf_add(&c->text, piece, n);
    c->last = line;
}

int vf_chunk_empty(const vf_chunk *c)
{
    for (size_t i = 0; i < c->text.len; i++)
        if (!isspace((unsigned char)c->text.s[i])) return 0;
    return 1;
}

void vf_chunk_free(vf_chunk *c)
{
    vf_sbuf_free(&c->text);
    c->first = c->last = 0;
}
