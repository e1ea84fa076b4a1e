/* Each resolve starts from the globals the engine started with.
 *
 * At start-up every global moves into a backing table that the global
 * table reads through (__index); the global table itself is left empty,
 * so whatever a case wrote into it -- by assignment or by rawset -- is
 * exactly what is in it, and starting a case sweeps just that: the cost
 * follows what earlier cases wrote, not how many files were loaded (a
 * sweep of every global cost a third of a trunk case).
 *
 * The standard tables, the string metatable and the game's library tables
 * (dgn, crawl, util, ...) are shared too, and a write to one of their
 * fields meets no global: they are frozen instead, read-only proxies over
 * the real tables, and setfenv may not replace the shared globals (level
 * 0) or a library function's. The few fields the game's own library
 * writes while maps run (dungeon.lua: dgn.persist, dgn._map_envs,
 * dgn.MAP_GLOBAL_HOOKS; lm_replica.lua, lm_mslav.lua: lmark.replica_cookie,
 * lmark.slave_cookie) are let through into the proxy, where they last one
 * case, as a rawset does: a cookie no longer counts on across cases.
 *
 * A proxy cannot stand in for the tables inside those, nor for the tables
 * of other globals (a class is looked up raw, a list is counted raw):
 * they stay writable, and each is put back before the next case from a
 * snapshot taken here (snapshot.c). The global table's __index notes
 * which globals a case read, which says what the next restore checks. */
#include "lua_int.h"
#include "snapshot.h"

#include <lauxlib.h>

static const vf_lua_slot backing_slot = {"the globals the library left"};
static const vf_lua_slot frozen_slot = {"the read-only views"};

/* What each frozen table's proxy refuses: every write but to the fields
 * the game's library itself writes while maps run. */
typedef struct frozen_table {
    const char *name;
    const char *const *writes;    /* NULL-terminated, or NULL */
} frozen_table;

static const char *const dgn_writes[] = {"persist", "_map_envs",
                                         "MAP_GLOBAL_HOOKS", NULL};
static const char *const lmark_writes[] = {"replica_cookie", "slave_cookie",
                                           NULL};

/* The standard tables, then the game's library namespaces (its dlua files
 * and the bindings). Not frozen: callback (the game's .des files add
 * their trigger functions to it), chk_startgame, and the marker classes,
 * whose :new() sets self.__index on the class. */
static const frozen_table frozen[] = {
    {"string", NULL}, {"table", NULL}, {"math", NULL},
    {"coroutine", NULL},
    {"dgn", dgn_writes}, {"lmark", lmark_writes},
    {"crawl", NULL}, {"util", NULL}, {"iter", NULL}, {"you", NULL},
    {"travel", NULL}, {"items", NULL}, {"mons", NULL}, {"view", NULL},
    {"file", NULL}, {"feat", NULL}, {"colour", NULL}, {"wiz", NULL},
    {"debug", NULL},
};

/* __newindex of a frozen table: (view, k, v). Upvalue 1 names the table,
 * upvalue 2 is the set of keys let through into the view. */
static int guard_write(lua_State *L)
{
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    int allowed = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (allowed) {
        lua_rawset(L, 1);
        return 0;
    }
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2)
                      : luaL_typename(L, 2);
    return luaL_error(L, "%s.%s: the shared Lua library is read-only to "
                      "vault code (one map's change would reach every map "
                      "after it)", lua_tostring(L, lua_upvalueindex(1)),
                      key);
}

/* Pushes an empty view of the table on top of the stack: reads go
 * through to it, writes are refused (but for the keys in writes), and
 * getmetatable on the view answers "read-only", so its metatable cannot
 * be changed either. */
static void push_read_only_view(lua_State *L, const char *name,
                                const char *const *writes)
{
    lua_newtable(L);                      /* the view */
    lua_newtable(L);                      /* its metatable */
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_newtable(L);
    for (int i = 0; writes && writes[i]; i++) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, writes[i]);
    }
    lua_pushcclosure(L, guard_write, 2);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "read-only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* Lists the view on top of the stack in the registry, so what gets into
 * it can be undone per case. */
static void list_view(lua_State *L)
{
    vf_lua_slot_get(L, &frozen_slot);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, (int)vf_lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
}

/* Replaces the table at backing[t->name] (if a table) with a read-only
 * view, listed in the registry so what gets into it can be undone per
 * case, and in behind (view -> table) for pairs and next. */
static void freeze(lua_State *L, int backing, int behind,
                   const frozen_table *t)
{
    lua_getfield(L, backing, t->name);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    push_read_only_view(L, t->name, t->writes);
    lua_pushvalue(L, -1);
    lua_pushvalue(L, -3);
    lua_rawset(L, behind);
    list_view(L);
    lua_setfield(L, backing, t->name);
    lua_pop(L, 1);
}

/* The string metatable, shared by every string: getmetatable("") gets a
 * read-only view of it, so no map can change what "x":upper() means. */
static void freeze_string_meta(lua_State *L)
{
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    push_read_only_view(L, "(string metatable)", NULL);
    list_view(L);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

/* setfenv on anything but a function of the map's own: level 0 (the
 * thread's globals, shared by every map after it) and C functions are
 * refused. */
static int safe_setfenv(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TNUMBER && lua_tointeger(L, 1) == 0)
        return luaL_error(L, "setfenv(0, ...): the globals every map shares "
                          "are not the vault's to replace");
    if (lua_iscfunction(L, 1))
        return luaL_error(L, "setfenv: a library function's environment is "
                          "not the vault's to replace");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* pairs and next on a frozen view walk the table behind it (Lua 5.1's
 * pairs knows no __pairs), so Lua listing crawl's functions still finds
 * them. Upvalue 1: the original function; 2: view -> table. */
static int see_through(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 1);
        lua_rawget(L, lua_upvalueindex(2));
        if (lua_istable(L, -1)) lua_replace(L, 1);
        else lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* backing[name] = fn with the original as upvalue 1 (and the value at
 * index extra, if not 0, as upvalue 2). */
static void wrap_global(lua_State *L, int backing, const char *name,
                        lua_CFunction fn, int extra)
{
    lua_getfield(L, backing, name);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    if (extra) lua_pushvalue(L, extra);
    lua_pushcclosure(L, fn, extra ? 2 : 1);
    lua_setfield(L, backing, name);
}

/* Removes every key of the table at idx (an absolute index). */
static void empty_table(lua_State *L, int idx)
{
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, idx);   /* clearing a field met is allowed mid-walk */
    }
}

/* skip[value at idx] = VF_SNAP_SKIP, and its metatable's too if meta. */
static void mark_skip(lua_State *L, int skip, int idx, int meta)
{
    lua_pushvalue(L, idx);
    lua_pushinteger(L, VF_SNAP_SKIP);
    lua_rawset(L, skip);
    if (meta && lua_getmetatable(L, idx)) {
        mark_skip(L, skip, lua_gettop(L), 0);
        lua_pop(L, 1);
    }
}

/* Keeps every table vault code can reach in place for
 * vf_lua_fresh_globals to put back. Not walked: the registry (the
 * engine's own); the global table (emptied per case) and its metatable
 * (hidden); the read-only views and their metatables (emptied per case,
 * hidden). Per-case state the engine resets is not met: dgn.persist and
 * dgn._map_envs, written while maps run, live in the dgn view (the
 * dgn.persist the library made at load, which pairs(dgn) finds, is kept
 * like any table). */
static void take_snapshot(lua_State *L, int backing, int behind)
{
    lua_newtable(L);
    int skip = lua_gettop(L);
    mark_skip(L, skip, LUA_REGISTRYINDEX, 0);
    vf_lua_pushglobals(L);
    mark_skip(L, skip, lua_gettop(L), 1);
    lua_pop(L, 1);
    vf_lua_slot_get(L, &frozen_slot);
    int n = (int)vf_lua_rawlen(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        mark_skip(L, skip, lua_gettop(L), 1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    vf_lua_snapshot_take(L, backing, behind, skip);
    lua_pop(L, 1);
}

/* __index of the global table: (t, k). The start-up value, its name
 * noted for the next restore, and left in the global table for the rest
 * of the case (the next case starts by emptying it): later reads are
 * plain. Noted first: if memory runs out between the two, a value read
 * is never one the restore does not know of. Upvalue 1: the backing
 * table; 2: the names read. */
static int first_read(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    if (lua_isnil(L, -1)) return 1;
    lua_pushvalue(L, 2);
    lua_rawseti(L, lua_upvalueindex(2),
                (int)vf_lua_rawlen(L, lua_upvalueindex(2)) + 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, 1);
    return 1;
}

void vf_lua_keep_globals(lua_State *L)
{
    vf_lua_forget_setfenv(L);
    vf_lua_pushglobals(L);
    int g = lua_gettop(L);
    lua_newtable(L);                     /* backing */
    int backing = lua_gettop(L);
    vf_lua_copy_pairs(L, g, backing);
    empty_table(L, g);
    /* The global table's metatable is hidden too: through it a map
     * could reach the backing table. */
    lua_newtable(L);                     /* metatable of _G */
    lua_pushvalue(L, backing);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "read-only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, g);
    lua_newtable(L);
    vf_lua_slot_set(L, &frozen_slot);
    lua_newtable(L);                     /* view -> the table behind it */
    int behind = lua_gettop(L);
    for (size_t i = 0; i < sizeof frozen / sizeof *frozen; i++)
        freeze(L, backing, behind, &frozen[i]);
    freeze_string_meta(L);
    wrap_global(L, backing, "setfenv", safe_setfenv, 0);
    wrap_global(L, backing, "pairs", see_through, behind);
    wrap_global(L, backing, "next", see_through, behind);
    take_snapshot(L, backing, behind);
    lua_getmetatable(L, g);
    lua_pushvalue(L, backing);
    vf_lua_snapshot_reads(L);
    lua_pushcclosure(L, first_read, 2);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 2);
    vf_lua_slot_set(L, &backing_slot);
    lua_pop(L, 1);                       /* the global table */
}

/* What got into the frozen views (a rawset, or a field the library
 * writes): gone before the next case. */
static void clear_frozen(lua_State *L)
{
    vf_lua_slot_get(L, &frozen_slot);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    int n = (int)vf_lua_rawlen(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        empty_table(L, lua_gettop(L));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void empty_persist(lua_State *L)
{
    lua_getglobal(L, "dgn");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "persist");
        int has = lua_istable(L, -1);
        lua_pop(L, 1);
        if (has) {
            lua_newtable(L);
            lua_setfield(L, -2, "persist");
        }
    }
    lua_pop(L, 1);
}

void vf_lua_fresh_globals(lua_State *L)
{
    vf_lua_undo_setfenv(L);
    vf_lua_snapshot_restore(L);
    vf_lua_pushglobals(L);
    empty_table(L, lua_gettop(L));
    lua_pop(L, 1);
    clear_frozen(L);
    empty_persist(L);
}

void vf_lua_push_kept_globals(lua_State *L)
{
    vf_lua_slot_get(L, &backing_slot);
}
