/* hyper.usage.set_usage of the game's dlua/layout/hyper_usage.lua (the
 * hyper builder's usage grid), in C.
 *
 * As v_paint.lua's set_usage (vpaint.c), it looks for the cell's old
 * usage in a list of eligible cells from the first entry, thousands of
 * them: in Lua, 7% of the Lua of a night of mode game with v_paint.lua's
 * in C. The C below makes the same reads and writes in the
 * same order; util.remove, which it calls for the old usage's anchors, is
 * the library's own. Only a hyper_usage.lua whose text we know gets it
 * (gamelib.c); anything else than tables where the Lua indexes goes to
 * the Lua function. */
#include "bind_int.h"

#include <lauxlib.h>

/* The field k of the table at t, pushed; 0 when it is nil. */
static int field(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    return !lua_isnil(L, -1);
}

static int truthy(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    int yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return yes;
}

/* The old usage (cur) out of its eligible list, when it is in one. */
static void leave_eligibles(lua_State *L, int grid, int cur)
{
    if (!field(L, cur, "eligibles_which")) {
        lua_pop(L, 1);
        return;
    }
    int which = lua_gettop(L);
    lua_getfield(L, grid, "eligibles");
    lua_pushvalue(L, which);
    lua_gettable(L, -2);
    int list = lua_gettop(L);
    if (!lua_istable(L, list)) luaL_error(L, "bad argument #1 to 'ipairs' "
                                          "(table expected)");
    vf_bind_list_remove(L, list, cur);
    lua_settop(L, which - 1);
}

/* util.remove(usage_grid.anchors, anchor) for each anchor of cur. */
static void drop_anchors(lua_State *L, int grid, int cur)
{
    int top = lua_gettop(L);
    lua_getfield(L, cur, "anchors");
    int anchors = lua_gettop(L);
    for (int i = 1; lua_istable(L, anchors); i++) {
        lua_rawgeti(L, anchors, i);
        if (lua_isnil(L, -1)) break;
        int anchor = lua_gettop(L);
        lua_getglobal(L, "util");
        lua_getfield(L, -1, "remove");
        lua_getfield(L, grid, "anchors");
        lua_pushvalue(L, anchor);
        lua_call(L, 2, 0);
        lua_settop(L, anchor - 1);
    }
    lua_settop(L, top);
}

/* Whether the field k of the table at t is nil or a table (pure reads,
 * so a call that fails here can still go to the Lua). */
static int nil_or_table(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    int ok = lua_isnil(L, -1) || lua_istable(L, -1);
    lua_pop(L, 1);
    return ok;
}

/* What the C walks is what the Lua would: tables where it indexes, and
 * a usage's anchors never the grid's own list (the Lua would append that
 * list to itself for ever; the instruction budget stops it, in C nothing
 * would). */
static int plain(lua_State *L, int grid, int cur, int usage)
{
    if (!lua_istable(L, cur) || !nil_or_table(L, cur, "anchors") ||
        !nil_or_table(L, usage, "anchors"))
        return 0;
    lua_getfield(L, usage, "anchors");
    lua_getfield(L, grid, "anchors");
    int ok = lua_isnil(L, -2) || (lua_istable(L, -1) &&
                                  !lua_rawequal(L, -1, -2));
    lua_pop(L, 2);
    return ok;
}

/* set_usage(usage_grid, x, y, usage) */
static int l_set_usage(lua_State *L)
{
    int cell = vf_bind_usage_cell(L);         /* 6: current */
    if (cell <= 0) return cell < 0 ? vf_bind_call_lua(L, 4) : 1;
    if (!plain(L, 1, 6, 4)) return vf_bind_call_lua(L, 4);
    leave_eligibles(L, 1, 6);
    if (!vf_lua_equal(L, 6, 4)) drop_anchors(L, 1, 6);
    if (!truthy(L, 4, "vault") &&
        (truthy(L, 4, "carvable") || !truthy(L, 4, "solid"))) {
        vf_bind_usage_spot(L);
        const char *which = truthy(L, 4, "solid") ? "closed" : "open";
        lua_getfield(L, 1, "eligibles");
        lua_getfield(L, -1, which);
        if (!lua_istable(L, -1)) return luaL_error(L, "bad argument #1 to "
                                                   "'insert' (table "
                                                   "expected)");
        vf_bind_list_append(L, lua_gettop(L), 4);
        lua_pop(L, 2);
        lua_pushstring(L, which);
        lua_setfield(L, 4, "eligibles_which");
    }
    if (field(L, 4, "anchors")) {
        int anchors = lua_gettop(L);
        lua_getfield(L, 1, "anchors");
        int to = lua_gettop(L);
        if (!lua_istable(L, to))   /* util.remove ran in between */
            return luaL_error(L, "bad argument #1 to 'insert' (table "
                              "expected)");
        for (int i = 1;; i++) {
            lua_rawgeti(L, anchors, i);
            if (lua_isnil(L, -1)) break;
            vf_bind_table_append(L, to, lua_gettop(L));
            lua_pop(L, 1);
        }
    }
    vf_bind_usage_store(L);
    return 0;
}

void vf_bind_hyperusage_install(lua_State *L)
{
    int top = lua_gettop(L);
    lua_getglobal(L, "hyper");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "usage");
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "set_usage");
            if (lua_isfunction(L, -1) && !lua_iscfunction(L, -1)) {
                lua_pushcclosure(L, l_set_usage, 1);
                lua_setfield(L, -2, "set_usage");
            }
        }
    }
    lua_settop(L, top);
}
