/* Compiling every chunk with luaL_loadbuffer, errors at their .des line. */
#include "vf_des.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Chunks are loaded as "=<kind>", so Lua's messages read "<kind>:N: ...".
 * N is a chunk line; first + N - 1 is the .des line (see vf_chunk_add). */
static int des_line(const vf_chunk *c, long chunk_line)
{
    return c->first + (int)chunk_line - 1;
}

/* Rewrites "at line N" (Lua's pointer to an opening keyword) to .des lines,
 * and appends the message to out. */
static void add_translated(vf_sbuf *out, const vf_chunk *c, const char *msg)
{
    static const char at[] = "at line ";
    const char *s = msg, *hit;
    while ((hit = strstr(s, at)) != NULL && isdigit((unsigned char)hit[8])) {
        char *end;
        long n = strtol(hit + 8, &end, 10);
        vf_sbuf_add(out, s, (size_t)(hit - s));
        vf_sbuf_printf(out, "at line %d", des_line(c, n));
        s = end;
    }
    vf_sbuf_adds(out, s);
}

static size_t compile_chunk(lua_State *L, const vf_chunk *c,
                            vf_chunk_kind kind, const char *file,
                            const char *map, vf_diag *d)
{
    char name[32];
    snprintf(name, sizeof name, "=%s", vf_chunk_names[kind]);
    if (luaL_loadbuffer(L, c->text.s, c->text.len, name) == 0) {
        lua_pop(L, 1);
        return 0;
    }
    const char *msg = lua_tostring(L, -1);
    if (!msg) msg = "unknown error";
    size_t plen = strlen(name + 1);
    int line = c->first;
    if (!strncmp(msg, name + 1, plen) && msg[plen] == ':' &&
        isdigit((unsigned char)msg[plen + 1])) {
        char *end;
        line = des_line(c, strtol(msg + plen + 1, &end, 10));
        msg = end;
        if (*msg == ':') msg++;
        while (*msg == ' ') msg++;
    }
    vf_sbuf text = VF_SBUF_INIT;
    vf_sbuf_printf(&text, "Lua error in the %s chunk: ",
                   kind == VF_CHUNK_MAIN && !map ? "global prelude"
                                                 : vf_chunk_names[kind]);
    add_translated(&text, c, msg);
    vf_diag_add(d, VF_ERROR,
                &(vf_diag_where){.file = file, .line = line, .map = map},
                "%s", vf_sbuf_str(&text));
    vf_sbuf_free(&text);
    lua_pop(L, 1);
    return 1;
}

size_t vf_des_compile(const vf_desset *set, vf_diag *d, size_t *chunks)
{
    lua_State *L = luaL_newstate();
    if (!L) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = NULL},
                    "cannot create a Lua state");
        return 1;
    }
    size_t errors = 0, n = 0;
    for (size_t f = 0; f < set->nfiles; f++) {
        const vf_desfile *file = &set->files[f];
        if (!vf_chunk_empty(&file->prelude)) {
            errors += compile_chunk(L, &file->prelude, VF_CHUNK_MAIN,
                                    file->path, NULL, d);
            n++;
        }
        for (size_t i = 0; i < file->nmaps; i++) {
            const vf_mapdef *m = &set->maps[file->first_map + i];
            for (int k = 0; k < VF_CHUNK_KINDS; k++) {
                if (vf_chunk_empty(&m->chunk[k])) continue;
                errors += compile_chunk(L, &m->chunk[k], (vf_chunk_kind)k,
                                        file->path, m->name, d);
                n++;
            }
        }
    }
    lua_close(L);
    if (chunks) *chunks = n;
    return errors;
}
