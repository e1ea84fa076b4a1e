/* The eligible lists of the game's usage grids (dlua/v_paint.lua, and
 * dlua/layout/hyper_usage.lua), copied in C as the identities of their
 * entries.
 *
 * set_usage takes the cell's old usage out of a list of thousands
 * ("for i, u in ipairs(list) do if u == old then table.remove(list, i)
 * break end end"), and three times in four the old usage is in no list:
 * the walk read every entry for nothing, a quarter of a Vaults layout's
 * build. A usage is a table without a metatable, so == is identity
 * there (Lua 5.1's lvm.c: tables equal when the same object, else only
 * through an __eq both share), and identities can be looked for in a C
 * array of pointers.
 *
 * A copy is kept per list (a weak-keyed registry table: it goes with the
 * list). Only set_usage writes these lists in the game's files (the two
 * above append and remove through here; the Vaults' rooms only read), so
 * a copy follows every write. Anything else is caught where it can be:
 * a copy whose length is not the list's is made again; one that points
 * at an entry the list does not hold there is dropped for the Lua's walk;
 * and calling any replaced function's Lua (vf_bind_call_lua) drops every
 * copy, since the Lua writes the lists itself. */
#include "bind_int.h"

#include <lauxlib.h>
#include <string.h>

static const vf_lua_slot copies_slot = {"list copies"};
#define MIN_CAP 64

typedef struct copy {
    int n, cap;
    const void *at[];    /* entry i + 1's identity; NULL: not a table */
} copy;

/* Pushes the registry's table of copies, made weak-keyed when new. */
static void push_copies(lua_State *L)
{
    vf_lua_slot_get(L, &copies_slot);
    if (lua_istable(L, -1)) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 4);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    vf_lua_slot_set(L, &copies_slot);
}

static const void *identity(lua_State *L, int idx)
{
    return lua_istable(L, idx) ? lua_topointer(L, idx) : NULL;
}

/* The copy kept for the list at t, or NULL. */
static copy *kept(lua_State *L, int t)
{
    push_copies(L);
    lua_pushvalue(L, t);
    lua_rawget(L, -2);
    copy *c = lua_touserdata(L, -1);
    lua_pop(L, 2);
    return c;
}

/* A new copy of room cap for the list at t, its first n entries those
 * of from (when given), kept in place of the old. May raise a memory
 * error: the old copy, if any, is still the one kept. */
static copy *keep_new(lua_State *L, int t, int cap, const copy *from, int n)
{
    push_copies(L);
    lua_pushvalue(L, t);
    copy *c = lua_newuserdata(L, sizeof *c + (size_t)cap * sizeof *c->at);
    c->n = n;
    c->cap = cap;
    if (from) memcpy(c->at, from->at, (size_t)n * sizeof *c->at);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return c;
}

static void forget(lua_State *L, int t)
{
    push_copies(L);
    lua_pushvalue(L, t);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

void vf_bind_lists_forget(lua_State *L)
{
    lua_pushnil(L);
    vf_lua_slot_set(L, &copies_slot);
}

/* The copy of the list at t, made again when its length is not the
 * list's; NULL when the list has a hole (ipairs would stop short of its
 * length, and a copy could not say where appends go). */
static copy *copy_of(lua_State *L, int t)
{
    int len = (int)vf_lua_rawlen(L, t);
    copy *c = kept(L, t);
    if (c && c->n == len) return c;
    c = keep_new(L, t, len < MIN_CAP / 2 ? MIN_CAP : 2 * len, NULL, 0);
    for (; c->n < len; c->n++) {
        lua_rawgeti(L, t, c->n + 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            forget(L, t);
            return NULL;
        }
        c->at[c->n] = identity(L, -1);
        lua_pop(L, 1);
    }
    return c;
}

/* The Lua's walk: the first entry equal to v (__eq and all) taken out. */
static void walk_remove(lua_State *L, int t, int v)
{
    for (int i = 1;; i++) {
        lua_rawgeti(L, t, i);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            return;
        }
        int same = vf_lua_equal(L, -1, v);
        lua_pop(L, 1);
        if (same) {
            vf_bind_table_remove(L, t, i);
            return;
        }
    }
}

/* Index (from 0) of the first entry of c that is p, or -1. */
static int find(const copy *c, const void *p)
{
    for (int i = 0; i < c->n; i++)
        if (c->at[i] == p) return i;
    return -1;
}

/* A table without a metatable: == on it is identity. */
static int plain_table(lua_State *L, int v)
{
    if (!lua_istable(L, v)) return 0;
    if (!lua_getmetatable(L, v)) return 1;
    lua_pop(L, 1);
    return 0;
}

static int absolute(lua_State *L, int idx)
{
    return idx < 0 ? lua_gettop(L) + idx + 1 : idx;
}

void vf_bind_list_remove(lua_State *L, int t, int v)
{
    t = absolute(L, t);
    v = absolute(L, v);
    copy *c = plain_table(L, v) ? copy_of(L, t) : NULL;
    if (!c) {   /* a copy left behind is made again: the length moved */
        walk_remove(L, t, v);
        return;
    }
    int i = find(c, lua_topointer(L, v));
    if (i < 0) return;
    lua_rawgeti(L, t, i + 1);
    int there = lua_rawequal(L, -1, v);
    lua_pop(L, 1);
    if (!there) {            /* written behind the copy's back */
        forget(L, t);
        walk_remove(L, t, v);
        return;
    }
    vf_bind_table_remove(L, t, i + 1);
    memmove(&c->at[i], &c->at[i + 1], (size_t)(c->n - i - 1) * sizeof *c->at);
    c->n--;
}

void vf_bind_list_append(lua_State *L, int t, int v)
{
    t = absolute(L, t);
    v = absolute(L, v);
    int len = (int)vf_lua_rawlen(L, t);
    vf_bind_table_append(L, t, v);
    copy *c = kept(L, t);
    if (!c) return;
    if (c->n != len) {
        forget(L, t);
        return;
    }
    if (c->n == c->cap) c = keep_new(L, t, 2 * c->cap, c, c->n);
    c->at[c->n++] = identity(L, v);
}
