/* Which hook runs can be skipped.
 *
 * The engine asks the library to run a map's hooks four times per
 * attempt, each a dozen Lua calls, although almost no map has hooks.
 * Hooks come only from dgn.hook and dgn.global_hook (and from a subvault's
 * hooks copied over, which the engine does itself), so those are wrapped
 * to count: a hook run is needed only when the count moved since the
 * attempt began, or when a global hook exists. Skipping is exact, never a
 * guess: whatever registered a hook made the count move. */
#include "lua_int.h"

#include <lauxlib.h>

static const vf_lua_slot seq_slot = {"the hook sequence number"};
static const vf_lua_slot global_slot = {"the hooks set at load"};

static void bump(lua_State *L, int global)
{
    vf_lua_slot_get(L, &seq_slot);
    lua_Number n = lua_tonumber(L, -1);
    lua_pop(L, 1);
    lua_pushnumber(L, n + 1);
    vf_lua_slot_set(L, &seq_slot);
    if (global) {
        lua_pushboolean(L, 1);
        vf_lua_slot_set(L, &global_slot);
    }
}

/* note(global): called by the wrappers before the library's function. */
static int note(lua_State *L)
{
    bump(L, lua_toboolean(L, 1));
    return 0;
}

/* Run with note as its argument: wraps the two registering functions, and
 * counts global hooks the library registered while loading. */
static const char wrap_src[] =
    "local note = ...\n"
    "for key, global in pairs({ hook = false, global_hook = true }) do\n"
    "  local f = dgn[key]\n"
    "  if type(f) == 'function' then\n"
    "    dgn[key] = function(...) note(global) return f(...) end\n"
    "  end\n"
    "end\n"
    "for _, list in pairs(dgn.MAP_GLOBAL_HOOKS or { }) do\n"
    "  if type(list) ~= 'table' or next(list) ~= nil then note(true) end\n"
    "end\n";

void vf_lua_track_hooks(lua_State *L)
{
    lua_pushnumber(L, 0);
    vf_lua_slot_set(L, &seq_slot);
    lua_getglobal(L, "dgn");
    int has_dgn = lua_istable(L, -1);
    lua_pop(L, 1);
    /* Without dgn nothing is skipped: mark global hooks as present. */
    if (!has_dgn || luaL_loadstring(L, wrap_src)) {
        if (has_dgn) lua_pop(L, 1);
        bump(L, 1);
        return;
    }
    lua_pushcfunction(L, note);
    if (lua_pcall(L, 1, 0, 0)) {
        lua_pop(L, 1);
        bump(L, 1);
    }
}

double vf_lua_hook_seq(lua_State *L)
{
    vf_lua_slot_get(L, &seq_slot);
    double n = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return n;
}

void vf_lua_hook_added(lua_State *L)
{
    bump(L, 0);
}

int vf_lua_hooks_since(lua_State *L, double seq)
{
    vf_lua_slot_get(L, &global_slot);
    int global = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return global || vf_lua_hook_seq(L) != seq;
}
