/* The game's Lua library files of which vaultfuzz runs a part in C: each
 * function replaced gives the same results as the game's Lua, only
 * faster, so a file is known by its text (vf_hash): another version of it
 * keeps its own Lua. Each replacement is checked against the game's Lua
 * on its own files (tests/test_gamelua.c, make check-real). */
#include "bind_int.h"

#include <string.h>

static const struct known {
    const char *name;            /* as crawl_require names it */
    uint64_t hash;               /* of its text */
    void (*install)(lua_State *L);
} known[] = {
    /* trunk, 0.34.1 and 0.30.0 ship one zonify.lua. */
    {"dlua/layout/zonify.lua", 0x681e9aca58e83f86ULL, vf_bind_zonify_install},
    /* trunk and 0.34.1 (0.30.0's set_usage kept an index instead). */
    {"dlua/v_paint.lua", 0x6cc184b2658cdeb6ULL, vf_bind_vpaint_install},
    /* trunk and 0.34.1, then 0.30.0 (its group_comparison the same). */
    {"dlua/layout/omnigrid.lua", 0xf15ad477fc8dc439ULL,
     vf_bind_omnigrid_install},
    {"dlua/layout/omnigrid.lua", 0xae0dec4644d55981ULL,
     vf_bind_omnigrid_install},
    /* trunk and 0.34.1. */
    {"dlua/layout/hyper_usage.lua", 0x3f011826e30276c8ULL,
     vf_bind_hyperusage_install},
    /* 0.30.0: its set_usage takes a usage out of the list by an index the
     * usage keeps, not by a search, so these keep their own Lua. */
    {"dlua/v_paint.lua", 0xfcb1f45b24ed56e8ULL, NULL},
    {"dlua/layout/hyper_usage.lua", 0x631035d8596cb426ULL, NULL},
};

int vf_bind_library_known(const char *name, uint64_t text_hash)
{
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (known[i].hash == text_hash && !strcmp(known[i].name, name))
            return known[i].install != NULL;
    return -1;
}

int vf_bind_call_lua(lua_State *L, int nargs)
{
    vf_bind_lists_forget(L);   /* the Lua writes lists behind the copies */
    lua_settop(L, nargs);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, LUA_MULTRET);
    return lua_gettop(L);
}

void vf_bind_table_remove(lua_State *L, int t, int pos)
{
    int e = (int)vf_lua_rawlen(L, t);
    if (pos < 1 || pos > e) return;
    for (; pos < e; pos++) {
        lua_rawgeti(L, t, pos + 1);
        lua_rawseti(L, t, pos);
    }
    lua_pushnil(L);
    lua_rawseti(L, t, e);
}

void vf_bind_table_append(lua_State *L, int t, int v)
{
    lua_pushvalue(L, v);
    lua_rawseti(L, t, (int)vf_lua_rawlen(L, t) + 1);
}

int vf_bind_usage_cell(lua_State *L)
{
    lua_settop(L, 4);
    if (!lua_istable(L, 1) || !lua_istable(L, 4)) return -1;
    lua_pushvalue(L, 3);
    lua_gettable(L, 1);
    if (!lua_isnil(L, 5) && !lua_istable(L, 5)) return -1;
    if (!lua_isnil(L, 5)) {
        lua_pushvalue(L, 2);
        lua_gettable(L, 5);
    }
    if (!lua_isnil(L, -1)) return 1;
    lua_pushboolean(L, 0);   /* set_usage's answer */
    return 0;
}

void vf_bind_usage_spot(lua_State *L)
{
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "x");
    lua_pushvalue(L, 3);
    lua_setfield(L, -2, "y");
    lua_setfield(L, 4, "spot");
}

void vf_bind_usage_store(lua_State *L)
{
    lua_settop(L, 4);
    lua_pushvalue(L, 3);
    lua_gettable(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 4);
    lua_settable(L, -3);
}

void vf_bind_replace_local(lua_State *L, const char *fn, const char *local,
                           lua_CFunction f)
{
    int top = lua_gettop(L);
    lua_getglobal(L, fn);
    if (lua_isfunction(L, -1) && !lua_iscfunction(L, -1)) {
        const char *name;
        for (int i = 1; (name = lua_getupvalue(L, top + 1, i)); i++) {
            if (!strcmp(name, local) && lua_isfunction(L, -1) &&
                !lua_iscfunction(L, -1)) {
                lua_pushcclosure(L, f, 1);
                lua_setupvalue(L, top + 1, i);
                break;
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
}

void vf_bind_library_ran(lua_State *L, const char *name, uint64_t text_hash)
{
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (known[i].hash == text_hash && !strcmp(known[i].name, name) &&
            known[i].install)
            known[i].install(L);
}
