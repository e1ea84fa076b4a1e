/* Loading Lua library files from a data directory: the game's
 * crawl_require, loadfile and dofile, confined to that directory. */
#include "engine_int.h"
#include "vf_gamesrc.h"
#include "bind/bind_int.h"
#include "vf_fs.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

static const vf_lua_slot libroot_slot = {"the library's folder"};
static const vf_lua_slot sourced_slot = {"the library files run"};

#define LIBRARY_MAX_FILE (1u << 24)

/* A relative path with no ".." part: the game refuses anything that could
 * leave its data directory. */
static int path_is_safe(const char *p)
{
    if (!*p || p[0] == '/' || strchr(p, '\\')) return 0;
    for (const char *s = p; *s; ) {
        const char *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n == 2 && s[0] == '.' && s[1] == '.') return 0;
        s += n + (e != NULL);
    }
    return 1;
}

/* Loads root/name as a function on the stack, and gives the vf_hash of
 * its text when hash is not NULL; on failure pushes the message instead
 * and returns -1. */
static int load_library_file(lua_State *L, const char *name, uint64_t *hash)
{
    if (!path_is_safe(name)) {
        lua_pushfstring(L, "invalid filename: %s", name);
        return -1;
    }
    vf_lua_slot_get(L, &libroot_slot);
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", lua_tostring(L, -1), name);
    lua_pop(L, 1);
    char *text, why[256];
    size_t len;
    int rc = -1;
    if (vf_fs_read(path.s, LIBRARY_MAX_FILE, &text, &len, why, sizeof why)) {
        lua_pushfstring(L, "Can't find \"%s\"", name);
    } else {
        vf_sbuf chunk = VF_SBUF_INIT;
        vf_sbuf_printf(&chunk, "@%s", name);  /* short: Lua cuts long ones */
        if (len && text[0] == LUA_SIGNATURE[0])
            lua_pushfstring(L, "%s: precompiled chunks are not allowed", name);
        else
            rc = luaL_loadbuffer(L, text, len, chunk.s) ? -1 : 0;
        if (hash) *hash = vf_hash(0, text, len);
        vf_sbuf_free(&chunk);
        free(text);
    }
    vf_sbuf_free(&path);
    return rc;
}

/* crawl_require(name): runs a library file once per state. */
static int l_crawl_require(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    vf_lua_slot_get(L, &sourced_slot);
    lua_getfield(L, -1, name);
    if (lua_toboolean(L, -1)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pop(L, 1);
    uint64_t hash = 0;
    if (load_library_file(L, name, &hash)) return lua_error(L);
    lua_call(L, 0, 0);
    vf_engine *e = vf_engine_of(L);
    if (!e || !e->cfg.library_in_lua) vf_bind_library_ran(L, name, hash);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, name);
    lua_pushboolean(L, 1);
    return 1;
}

static int l_loadfile(lua_State *L)
{
    if (load_library_file(L, luaL_checkstring(L, 1), NULL)) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

static int l_dofile(lua_State *L)
{
    lua_settop(L, 1);
    if (load_library_file(L, luaL_checkstring(L, 1), NULL))
        return lua_error(L);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L) - 1;
}

void vf_engine_open_library(lua_State *L, const char *root,
                            const vf_game *g)
{
    lua_pushstring(L, root);
    vf_lua_slot_set(L, &libroot_slot);
    lua_newtable(L);
    vf_lua_slot_set(L, &sourced_slot);
    lua_register(L, "crawl_require", l_crawl_require);
    lua_register(L, "loadfile", l_loadfile);
    lua_register(L, "dofile", l_dofile);
    /* A fork's game can register a global require of its own (hellcrawl's
     * clua.cc: a library file run once), which its library calls. */
    if (vf_gamesrc_registers(vf_game_src(g), "require"))
        lua_register(L, "require", l_crawl_require);
}

void vf_engine_push_require(lua_State *L, const char *name)
{
    lua_pushcfunction(L, l_crawl_require);
    lua_pushstring(L, name);
}
