/* The sandboxed Lua state: allocator with a cap, instruction budget,
 * trimmed libraries. */
#include "vf_lua.h"
#include "blocks.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vf_lua {
    lua_State *L;
    vf_lua_limits limits;
    size_t used;              /* bytes Lua holds now */
    size_t cap;               /* bytes it may hold during this case */
    unsigned long count;      /* instructions run in this case, in steps */
    int over_memory;          /* the last failure was the cap */
    vf_blocks blocks;         /* where Lua's memory comes from */
};

#define HOOK_STEP 1000

static void *alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    vf_lua *lua = ud;
    if (nsize == 0) {
        vf_blocks_realloc(&lua->blocks, ptr, osize, 0);
        lua->used -= osize;
        return NULL;
    }
    if (nsize > osize && lua->cap && lua->used + (nsize - osize) > lua->cap) {
        lua->over_memory = 1;
        return NULL;  /* Lua raises "not enough memory" */
    }
    void *p = vf_blocks_realloc(&lua->blocks, ptr, osize, nsize);
    if (!p) return NULL;
    lua->used = lua->used - osize + nsize;
    return p;
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_getfield(L, LUA_REGISTRYINDEX, "vf_lua");
    vf_lua *lua = lua_touserdata(L, -1);
    lua_pop(L, 1);
    lua->count += HOOK_STEP;
    if (lua->limits.instructions && lua->count > lua->limits.instructions) {
        /* Lua 5.1's own formatter has no %lu. */
        char msg[96];
        snprintf(msg, sizeof msg, "instruction budget exceeded (%lu "
                 "instructions): an endless loop?", lua->limits.instructions);
        luaL_where(L, 0);  /* in a hook, level 0 is the running function */
        lua_pushstring(L, msg);
        lua_concat(L, 2);
        lua_error(L);
    }
}

/* loadstring that refuses precompiled chunks, as the game's does. */
static int safe_loadstring(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    const char *name = luaL_optstring(L, 2, s);
    if (n && s[0] == LUA_SIGNATURE[0]) {
        lua_pushnil(L);
        lua_pushstring(L, "loadstring: precompiled (bytecode) chunks are "
                          "not allowed");
        return 2;
    }
    if (luaL_loadbuffer(L, s, n, name)) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

/* crawl.setfenv(f, env): under 5.4 it rewrites _ENV; here, setfenv. */
static int crawl_setfenv(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    if (!lua_setfenv(L, -2))
        return luaL_error(L, "crawl.setfenv: cannot set the environment");
    return 1;
}

static void open_sandbox(lua_State *L)
{
    luaL_openlibs(L);
    static const char *const drop[] = {"io", "debug", "package", "require",
                                       "dofile", "loadfile", "load",
                                       "module", NULL};
    for (int i = 0; drop[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, drop[i]);
    }
    lua_pushcfunction(L, safe_loadstring);
    lua_setglobal(L, "loadstring");

    /* os: time and clock only. */
    lua_getglobal(L, "os");
    lua_newtable(L);
    lua_getfield(L, -2, "time");
    lua_setfield(L, -2, "time");
    lua_getfield(L, -2, "clock");
    lua_setfield(L, -2, "clock");
    lua_setglobal(L, "os");
    lua_pop(L, 1);

    /* table.unpack (5.2+). */
    lua_getglobal(L, "table");
    lua_getglobal(L, "unpack");
    lua_setfield(L, -2, "unpack");
    lua_pop(L, 1);

    /* crawl.setfenv; the crawl table gets its other members elsewhere. */
    lua_newtable(L);
    lua_pushcfunction(L, crawl_setfenv);
    lua_setfield(L, -2, "setfenv");
    lua_setglobal(L, "crawl");
}

vf_lua *vf_lua_new(const vf_lua_limits *limits, vf_sbuf *err)
{
    vf_lua *lua = vf_xcalloc(1, sizeof *lua);
    if (limits) lua->limits = *limits;
    else lua->limits = (vf_lua_limits){VF_LUA_DEFAULT_INSTRUCTIONS,
                                       VF_LUA_DEFAULT_MEMORY};
    lua->L = lua_newstate(alloc, lua);
    if (!lua->L) {
        vf_sbuf_adds(err, "cannot create a Lua state");
        vf_blocks_free(&lua->blocks);
        free(lua);
        return NULL;
    }
    lua_pushlightuserdata(lua->L, lua);
    lua_setfield(lua->L, LUA_REGISTRYINDEX, "vf_lua");
    open_sandbox(lua->L);
    lua_sethook(lua->L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
    vf_lua_case_begin(lua);
    return lua;
}

void vf_lua_free(vf_lua *lua)
{
    if (!lua) return;
    lua_close(lua->L);
    vf_blocks_free(&lua->blocks);
    free(lua);
}

lua_State *vf_lua_state(vf_lua *lua)
{
    return lua->L;
}

void vf_lua_case_begin(vf_lua *lua)
{
    /* No full collection here: the incremental collector keeps up, and a
     * full one per case costs more than the case on a large library. */
    lua->count = 0;
    lua->over_memory = 0;
    lua->cap = lua->limits.memory ? lua->used + lua->limits.memory : 0;
}

/* A .des chunk's source name: "@path" not ending in ".lua". */
static int is_des_source(const char *src)
{
    size_t n = strlen(src);
    return src[0] == '@' && !(n > 4 && !strcmp(src + n - 4, ".lua"));
}

/* Message handler: an error raised inside the library or a binding is
 * positioned at the vault line that led to it, which is what a vault
 * author needs; the library's own position stays in the text. A binding
 * wrapper's position ("dgn.name:2: ") says nothing and is dropped. */
static int position_at_des(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) return 1;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline <= 0 || !is_des_source(ar.source)) continue;
        size_t n = strlen(ar.source + 1);
        if (!strncmp(msg, ar.source + 1, n) && msg[n] == ':') return 1;
        if (!strncmp(msg, "dgn.", 4)) {
            const char *rest = strstr(msg, ": ");
            if (rest) msg = rest + 2;
        }
        lua_pushfstring(L, "%s:%d: %s", ar.source + 1, ar.currentline, msg);
        return 1;
    }
    return 1;
}

int vf_lua_pcall(vf_lua *lua, int nargs, int nresults, vf_sbuf *err)
{
    lua_State *L = lua->L;
    lua->over_memory = 0;
    int base = lua_gettop(L) - nargs;   /* the function's slot */
    lua_pushcfunction(L, position_at_des);
    lua_insert(L, base);
    int rc = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    if (rc == 0) return 0;
    const char *msg = lua_tostring(L, -1);
    if (lua->over_memory)
        vf_sbuf_printf(err, "memory cap exceeded (%zu MiB for one case): %s",
                       lua->limits.memory >> 20, msg ? msg : "");
    else
        vf_sbuf_adds(err, msg ? msg : "(error object is not a string)");
    lua_pop(L, 1);
    /* After a memory bomb, give the memory back so the next case starts
     * clean (only then: a full collection of a large library is slow). */
    if (lua->over_memory) lua_gc(L, LUA_GCCOLLECT, 0);
    return -1;
}

int vf_lua_load(vf_lua *lua, const char *src, size_t len, const char *name,
                vf_sbuf *err)
{
    if (len && src[0] == LUA_SIGNATURE[0]) {
        vf_sbuf_adds(err, "precompiled (bytecode) chunks are not allowed");
        return -1;
    }
    if (luaL_loadbuffer(lua->L, src, len, name) == 0) return 0;
    vf_sbuf_adds(err, lua_tostring(lua->L, -1));
    lua_pop(lua->L, 1);
    return -1;
}
