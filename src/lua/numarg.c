/* Numbers from vault Lua into C ints. The game converts with a C cast
 * (luaL_safe_checkint: (int)(lua_Integer)n), which is undefined for NaN,
 * infinities and numbers past the type's range; vault code comes from
 * anyone, so such a number is an argument error instead, and every other
 * number truncates toward zero as the game's cast does. */
#include "lua_int.h"

#include <lauxlib.h>
#include <math.h>

/* n truncated, when it lies in int's range. */
static int fits_int(lua_Number n, int *out)
{
    double t = trunc(n);    /* NaN stays NaN and fails both tests */
    if (!(t >= -2147483648.0 && t <= 2147483647.0)) return 0;
    *out = (int)t;
    return 1;
}

static int range_error(lua_State *L, int i, lua_Number n)
{
    const char *what = lua_pushfstring(L, "number %f is not an int", n);
    return luaL_argerror(L, i, what);
}

int vf_lua_checkint(lua_State *L, int i)
{
    lua_Number n = luaL_checknumber(L, i);
    int v = 0;
    if (!fits_int(n, &v)) range_error(L, i, n);
    return v;
}

int vf_lua_toint(lua_State *L, int i)
{
    lua_Number n = lua_tonumber(L, i);
    int v = 0;
    if (!fits_int(n, &v)) range_error(L, i, n);
    return v;
}

int vf_lua_optint(lua_State *L, int i, int def)
{
    return lua_isnoneornil(L, i) ? def : vf_lua_checkint(L, i);
}
