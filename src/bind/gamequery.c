/* Bindings that ask about the game in progress, which the game registers
 * for map Lua at every release: travel.find_deepest_explored (l-travel.cc),
 * dgn.stash_items (l-dgnit.cc) and crawl.unavailable_god (l-crawl.cc).
 * There is no game here, so each answers as a new character arriving at
 * the case's place would be answered (as level.c does for `you`), with the
 * game's own argument checks and messages. */
#include "bind_int.h"
#include "vf_gamever.h"
#include "vf_place.h"

#include <ctype.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

/* travel.find_deepest_explored(branch): the deepest level of the branch
 * (named by abbreviation, exactly) the player has been on. The only level
 * a new arrival has seen is the one being built, so: its depth in its own
 * branch, 0 (unknown) in every other. */
static int l_find_deepest_explored(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    int branch = -1;
    const vf_game *g = vf_bind_game_of(L);
    for (size_t i = 0; i < vf_branch_count(g) && branch < 0; i++)
        if (!strcmp(vf_branch_get(g, (int)i)->abbrev, name)) branch = (int)i;
    if (branch < 0) return luaL_error(L, "Bad branch name: '%s'", name);
    const vf_place *p = vf_bind_place(L);
    lua_pushinteger(L, p->branch == branch ? p->depth : 0);
    return 1;
}

/* dgn.stash_items([min_value [, skip_stackable]]): the floor items and
 * the shop items the player's stash tracker knows of, two arrays; a new
 * game has seen none. Its arguments are optional filters, never checked. */
static int l_stash_items(lua_State *L)
{
    lua_newtable(L);
    lua_newtable(L);
    return 2;
}

/* crawl.unavailable_god(name): whether the god (str_to_god: its name,
 * trimmed, any case) cannot be met in this game. A god the version does
 * not know is an argument error, as in the game. */
static int l_unavailable_god(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    size_t n = strlen(name);
    while (n && isspace((unsigned char)name[n - 1])) n--;
    while (n && isspace((unsigned char)*name)) name++, n--;
    char *low = malloc(n + 1);
    if (!low) return luaL_error(L, "out of memory");
    for (size_t i = 0; i < n; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[n] = 0;
    int god = vf_gamever_god(low, vf_game_ver(vf_bind_game_of(L)));
    free(low);
    if (god < 0) {
        lua_pushfstring(L, "'%s' matches no god.", lua_tostring(L, 1));
        return luaL_argerror(L, 1, lua_tostring(L, -1));
    }
    lua_pushboolean(L, god);
    return 1;
}

static void set_fn(lua_State *L, const char *table, const char *name,
                   lua_CFunction f)
{
    vf_bind_global_table(L, table);
    lua_pushcfunction(L, f);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void vf_bind_open_gamequery(lua_State *L)
{
    set_fn(L, "travel", "find_deepest_explored", l_find_deepest_explored);
    set_fn(L, "dgn", "stash_items", l_stash_items);
    set_fn(L, "crawl", "unavailable_god", l_unavailable_god);
}
