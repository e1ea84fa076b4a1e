/* set_usage of the game's dlua/v_paint.lua (the Vaults branch's layouts),
 * in C.
 *
 * Each call looks for the cell's old usage in the list of eligible cells
 * from its first entry, and the list holds thousands: in trunk that scan,
 * in Lua, is a third of all the Lua a night of mode game runs. The C
 * below makes the same reads and writes in the same order -- the first
 * entry equal to the old usage removed as table.remove does, the new one
 * appended as table.insert does -- only without the Lua interpreter
 * between them, and the old usage looked for in a copy of the list
 * (listcopy.c).
 *
 * set_usage is a local of v_paint.lua: the file's functions share it as
 * an upvalue, so setting it through the global vaults_set_usage sets it
 * for all of them. Only a v_paint.lua whose text we know gets it
 * (gamelib.c); anything else than tables where the Lua indexes goes to
 * the Lua function. */
#include "bind_int.h"

#include <lauxlib.h>
#include <string.h>

static int eligible(lua_State *L, int usage)
{
    lua_getfield(L, usage, "usage");
    const char *u = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                   : "";
    int yes = !strcmp(u, "eligible") || !strcmp(u, "eligible_open") ||
              !strcmp(u, "open");
    lua_pop(L, 1);
    return yes;
}

/* set_usage(usage_grid, x, y, usage) */
static int l_set_usage(lua_State *L)
{
    int cell = vf_bind_usage_cell(L);         /* 6: current */
    if (cell <= 0) return cell < 0 ? vf_bind_call_lua(L, 4) : 1;
    lua_getfield(L, 1, "eligibles");             /* 7 */
    if (!lua_istable(L, 7)) return vf_bind_call_lua(L, 4);
    vf_bind_list_remove(L, 7, 6);
    if (eligible(L, 4)) {
        vf_bind_usage_spot(L);
        lua_getfield(L, 1, "eligibles");
        if (!lua_istable(L, -1)) return luaL_error(L, "eligibles is gone");
        vf_bind_list_append(L, lua_gettop(L), 4);
        lua_pop(L, 1);
    }
    vf_bind_usage_store(L);
    return 0;
}

void vf_bind_vpaint_install(lua_State *L)
{
    vf_bind_replace_local(L, "vaults_set_usage", "set_usage", l_set_usage);
    vf_bind_vpaint_usage_install(L);
}
