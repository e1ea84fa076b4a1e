/* Snapshot and restore of the tables vault code can change in place.
 *
 * A read-only proxy cannot stand in for a table that is used raw: in Lua
 * 5.1 #t, ipairs, rawget, next and the lookup of a metamethod
 * (setmetatable(obj, Class) with Class.__index = Class) all bypass
 * __index. So the tables reachable from vault code stay themselves, and
 * each one's contents are kept once the library has loaded and put back
 * before a case that may find them changed.
 *
 * What is reachable is found by walking, not listed: the next version of
 * the library brings tables of its own. The walk follows keys, values,
 * metatables and, under Lua 5.1, Lua functions' environments --
 * everything vault code gets at with pairs, getmetatable and getfenv
 * (5.4 has no getfenv: a function's globals are its _ENV upvalue).
 * Upvalues are not kept: without the debug library (not opened) vault
 * code cannot name them.
 *
 * Checking every kept table before every case costs most of a small case
 * (2500 entries in 450 tables for the game's library), so only the
 * tables a case may have reached are checked before the next: those of
 * each global it read (fresh.c leaves every global read in the global
 * table, which the next case empties) and of the string metatable. A
 * global's tables are all those reachable from it, through Lua
 * functions' upvalues too, since a library function may hand out a table
 * it holds in one. */
#include "snapshot.h"
#include "lua_int.h"
#include "vf_sbuf.h"

#include <stdlib.h>
#include <string.h>

/* snaps_slot is an array of SLOTS entries per kept table: the table,
 * the copy of its pairs, their count, its metatable (false: none).
 * deps_slot maps a global's name to the kept tables reachable from it (a
 * deps userdata); always_slot holds those of the string metatable;
 * stamps_slot the case each kept table was last checked in; reads_slot
 * the names of the globals read since the last restore
 * (vf_lua_snapshot_reads). */
static const vf_lua_slot snaps_slot = {"the kept tables and their copies"};
static const vf_lua_slot deps_slot = {"each global's kept tables"};
static const vf_lua_slot always_slot = {"the string metatable's tables"};
static const vf_lua_slot stamps_slot = {"when each was last checked"};
static const vf_lua_slot reads_slot = {"the globals read"};
enum { SLOTS = 4 };

/* Marks the main walk leaves: met and kept; met as a root, kept only if
 * also reached from elsewhere (a library table behind a read-only view is
 * changed only through such a second way in). */
#define MET 3
#define MET_ROOT 4

typedef struct deps {
    size_t n;
    int tn[];          /* kept tables' numbers, from 0 */
} deps;

typedef struct stamps {
    unsigned now;
    unsigned at[];     /* per kept table */
} stamps;

typedef struct walk {
    int seen, queue, snaps, num;   /* absolute stack indexes */
    int head, tail;                /* queue: table, keep? pairs from 1 */
    int kept;                      /* tables kept */
    int upvalues;                  /* follow Lua functions' upvalues */
    int gen;                       /* deps walks: the mark of this one */
    int *found;                    /* deps walks: kept tables met */
    size_t nfound, cap;
} walk;

static void enqueue(lua_State *L, walk *w, int idx, int keep)
{
    lua_pushvalue(L, idx);
    lua_rawseti(L, w->queue, ++w->tail);
    lua_pushboolean(L, keep);
    lua_rawseti(L, w->queue, ++w->tail);
}

static void set_mark(lua_State *L, int seen, int idx, int mark)
{
    lua_pushvalue(L, idx);
    lua_pushinteger(L, mark);
    lua_rawset(L, seen);
}

static int get_mark(lua_State *L, int seen, int idx)
{
    lua_pushvalue(L, idx);
    lua_rawget(L, seen);
    int mark = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return mark;
}

int vf_lua_copy_pairs(lua_State *L, int from, int to)
{
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, from)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, to);
        n++;
    }
    return n;
}

/* Deps walk: notes the table at idx if it is kept. */
static void note_found(lua_State *L, walk *w, int idx)
{
    lua_pushvalue(L, idx);
    lua_rawget(L, w->num);
    if (lua_isnumber(L, -1)) {
        if (w->nfound == w->cap) {
            w->cap = w->cap ? 2 * w->cap : 64;
            w->found = vf_xrealloc(w->found, w->cap * sizeof *w->found);
        }
        w->found[w->nfound++] = (int)lua_tointeger(L, -1);
    }
    lua_pop(L, 1);
}

static void keep(lua_State *L, walk *w, int t);

/* Queues the value at idx (absolute) -- a table to keep (main walk) and
 * walk, a userdata or Lua function to look into -- unless met or marked
 * skip. */
static void reach(lua_State *L, walk *w, int idx)
{
    int type = lua_type(L, idx);
    if (type != LUA_TTABLE && type != LUA_TUSERDATA
        && (type != LUA_TFUNCTION || lua_iscfunction(L, idx)))
        return;
    int mark = get_mark(L, w->seen, idx);
    if (mark == VF_SNAP_SKIP || mark == MET || (w->gen && mark == w->gen))
        return;
    if (w->gen) {
        set_mark(L, w->seen, idx, w->gen);
        if (type == LUA_TTABLE) note_found(L, w, idx);
        enqueue(L, w, idx, 0);
        return;
    }
    set_mark(L, w->seen, idx, MET);
    if (mark == MET_ROOT) keep(L, w, idx);    /* already queued */
    else enqueue(L, w, idx, type == LUA_TTABLE);
}

/* A userdata's metatable and a Lua function's environment are what
 * getmetatable and getfenv give vault code (getfenv answers the globals
 * for a C function); a Lua function's upvalues, what it may return. */
static void walk_beyond(lua_State *L, walk *w, int idx)
{
    if (lua_type(L, idx) == LUA_TUSERDATA) {
        if (lua_getmetatable(L, idx)) {
            reach(L, w, lua_gettop(L));
            lua_pop(L, 1);
        }
        return;
    }
    vf_lua_pushfuncenv(L, idx);
    reach(L, w, lua_gettop(L));
    lua_pop(L, 1);
    for (int i = 1; w->upvalues && lua_getupvalue(L, idx, i); i++) {
        reach(L, w, lua_gettop(L));
        lua_pop(L, 1);
    }
}

/* Appends the table at t (absolute) and its copy to the snapshot. */
static void keep(lua_State *L, walk *w, int t)
{
    lua_newtable(L);
    int n = vf_lua_copy_pairs(L, t, lua_gettop(L));
    lua_pushvalue(L, t);
    lua_pushinteger(L, w->kept++);
    lua_rawset(L, w->num);
    int at = (w->kept - 1) * SLOTS;
    lua_pushvalue(L, t);
    lua_rawseti(L, w->snaps, at + 1);
    lua_rawseti(L, w->snaps, at + 2);         /* the copy */
    lua_pushinteger(L, n);
    lua_rawseti(L, w->snaps, at + 3);
    if (!lua_getmetatable(L, t)) lua_pushboolean(L, 0);
    lua_rawseti(L, w->snaps, at + 4);
}

/* Reaches on from the table at t (absolute): its keys, values and
 * metatable. */
static void walk_from(lua_State *L, walk *w, int t)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        reach(L, w, lua_gettop(L) - 1);
        reach(L, w, lua_gettop(L));
        lua_pop(L, 1);
    }
    if (lua_getmetatable(L, t)) {
        reach(L, w, lua_gettop(L));
        lua_pop(L, 1);
    }
}

static void drain(lua_State *L, walk *w)
{
    while (w->head < w->tail) {
        lua_rawgeti(L, w->queue, ++w->head);
        lua_rawgeti(L, w->queue, ++w->head);
        int t = lua_gettop(L) - 1;
        if (lua_toboolean(L, -1)) keep(L, w, t);
        if (lua_istable(L, t)) walk_from(L, w, t);
        else walk_beyond(L, w, t);
        lua_pop(L, 2);
    }
}

/* Pushes a deps userdata of the kept tables reachable from the value at
 * idx (absolute), a read-only view standing for the table behind it. */
static void push_deps(lua_State *L, walk *w, int idx, int behind)
{
    lua_pushvalue(L, idx);
    lua_rawget(L, behind);
    int start = lua_istable(L, -1) ? lua_gettop(L) : idx;
    w->gen++;
    w->nfound = 0;
    w->head = w->tail = 0;
    if (start == idx) {
        reach(L, w, start);
    } else {   /* the view's table itself: only as reached from there */
        set_mark(L, w->seen, start, w->gen);
        enqueue(L, w, start, 0);
    }
    drain(L, w);
    lua_pop(L, 1);
    deps *d = lua_newuserdata(L, sizeof *d + w->nfound * sizeof *d->tn);
    d->n = w->nfound;
    if (w->nfound) memcpy(d->tn, w->found, w->nfound * sizeof *d->tn);
}

/* deps_slot[name] for each global of the table at backing that reaches a
 * kept table, and always_slot for the string metatable. */
static void take_deps(lua_State *L, walk *w, int backing, int behind,
                      int skip)
{
    w->upvalues = 1;
    w->gen = MET_ROOT;     /* each walk's mark is above every other */
    w->seen = skip;
    lua_newtable(L);
    int all = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, backing)) {
        push_deps(L, w, lua_gettop(L), behind);
        if (((deps *)lua_touserdata(L, -1))->n) {
            lua_pushvalue(L, -3);
            lua_insert(L, -2);
            lua_rawset(L, all);
        } else {
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    vf_lua_slot_set(L, &deps_slot);
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) lua_pushnil(L);
    push_deps(L, w, lua_gettop(L), behind);
    vf_lua_slot_set(L, &always_slot);
    lua_pop(L, 2);
    free(w->found);
}

void vf_lua_snapshot_take(lua_State *L, int backing, int behind, int skip)
{
    walk w = {0};
    lua_newtable(L);
    w.queue = lua_gettop(L);
    lua_newtable(L);
    w.snaps = lua_gettop(L);
    lua_newtable(L);
    w.num = lua_gettop(L);
    /* A copy of the marks to skip, for the deps walks. */
    lua_newtable(L);
    int skip2 = lua_gettop(L);
    vf_lua_copy_pairs(L, skip, skip2);
    set_mark(L, skip2, backing, VF_SNAP_SKIP);
    w.seen = skip;
    set_mark(L, skip, backing, MET);
    enqueue(L, &w, backing, 0);
    lua_pushnil(L);
    while (lua_next(L, behind)) {
        set_mark(L, skip, lua_gettop(L), MET_ROOT);
        enqueue(L, &w, lua_gettop(L), 0);
        lua_pop(L, 1);
    }
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        reach(L, &w, lua_gettop(L));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    drain(L, &w);
    take_deps(L, &w, backing, behind, skip2);
    stamps *s = lua_newuserdata(L, sizeof *s + w.kept * sizeof *s->at);
    memset(s, 0, sizeof *s + w.kept * sizeof *s->at);
    vf_lua_slot_set(L, &stamps_slot);
    lua_newtable(L);
    vf_lua_slot_set(L, &reads_slot);
    lua_pop(L, 2);                            /* skip2, num */
    vf_lua_slot_set(L, &snaps_slot);
    lua_pop(L, 1);                            /* the queue */
}

/* The table at t as its copy says: one pass over the table puts back
 * changed values and drops added keys (clearing or changing a field met
 * is allowed mid-walk); only when fewer of the copy's keys were met than
 * it holds, a pass over the copy adds the missing ones back. */
static void put_back(lua_State *L, int t, int copy, int n)
{
    int met = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {                  /* k v */
        lua_pushvalue(L, -2);
        lua_rawget(L, copy);                  /* k v was */
        if (!lua_isnil(L, -1)) met++;
        if (!lua_rawequal(L, -1, -2)) {
            lua_pushvalue(L, -3);
            lua_insert(L, -2);
            lua_rawset(L, t);                 /* t[k] = was */
            lua_pop(L, 1);
        } else {
            lua_pop(L, 2);
        }
    }
    if (met == n) return;
    lua_pushnil(L);
    while (lua_next(L, copy)) {
        lua_pushvalue(L, -2);
        lua_rawget(L, t);
        int missing = lua_isnil(L, -1);
        lua_pop(L, 1);
        if (missing) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, t);
        } else {
            lua_pop(L, 1);
        }
    }
}

/* The metatable of the table at t is the one at mt (false: none). */
static void put_back_meta(lua_State *L, int t, int mt)
{
    if (lua_getmetatable(L, t)) {
        int same = lua_rawequal(L, -1, mt);
        lua_pop(L, 1);
        if (same) return;
    } else if (!lua_toboolean(L, mt)) {
        return;
    }
    if (lua_toboolean(L, mt)) lua_pushvalue(L, mt);
    else lua_pushnil(L);
    lua_setmetatable(L, t);
}

/* Puts back each kept table the deps userdata at idx names that this
 * restore has not checked yet. */
static void put_back_deps(lua_State *L, int snaps, stamps *s, int idx)
{
    const deps *d = lua_touserdata(L, idx);
    for (size_t i = 0; d && i < d->n; i++) {
        int tn = d->tn[i];
        if (s->at[tn] == s->now) continue;
        s->at[tn] = s->now;
        for (int k = 1; k <= SLOTS; k++) lua_rawgeti(L, snaps, tn * SLOTS + k);
        int t = lua_gettop(L) - SLOTS + 1;
        put_back(L, t, t + 1, (int)lua_tointeger(L, t + 2));
        put_back_meta(L, t, t + 3);
        lua_pop(L, SLOTS);
    }
}

void vf_lua_snapshot_restore(lua_State *L)
{
    vf_lua_slot_get(L, &stamps_slot);
    stamps *s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (!s) return;
    s->now++;
    vf_lua_slot_get(L, &snaps_slot);
    int snaps = lua_gettop(L);
    vf_lua_slot_get(L, &always_slot);
    put_back_deps(L, snaps, s, lua_gettop(L));
    vf_lua_slot_get(L, &deps_slot);
    int all = lua_gettop(L);
    vf_lua_slot_get(L, &reads_slot);
    int reads = lua_gettop(L), n = (int)vf_lua_rawlen(L, reads);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, reads, i);
        lua_rawget(L, all);
        put_back_deps(L, snaps, s, lua_gettop(L));
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_rawseti(L, reads, i);
    }
    lua_settop(L, snaps - 1);
}

void vf_lua_snapshot_reads(lua_State *L)
{
    vf_lua_slot_get(L, &reads_slot);
}
