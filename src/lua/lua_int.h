/* Internal to src/lua, src/bind and src/engine: what the sandbox gives the
 * rooms above it that work on its lua_State directly -- numbers from vault
 * Lua into C ints for the bindings, and the engine's case isolation and
 * hook counting. */
#ifndef VF_LUA_INT_H
#define VF_LUA_INT_H

#include <lua.h>

#include "lua_compat.h"

/* Argument i as an int (numarg.c): checked as luaL_checknumber does,
 * truncated toward zero like the game's cast; NaN, an infinity or a number
 * past int's range is an argument error (the game's cast is undefined).
 * toint reads a non-number as 0, as lua_tonumber does; optint gives def
 * for none or nil. */
int vf_lua_checkint(lua_State *L, int i);
int vf_lua_toint(lua_State *L, int i);
int vf_lua_optint(lua_State *L, int i, int def);

/* Puts back every environment crawl.setfenv replaced since the last call
 * (state.c), newest first: the next case meets the library as loaded. */
void vf_lua_undo_setfenv(lua_State *L);
/* Keeps what crawl.setfenv did so far (the library's load): nothing to
 * put back. */
void vf_lua_forget_setfenv(lua_State *L);

/* A slot in a state's registry (slot.c). Its key is the slot's address,
 * not a string: a look-up hashes and compares no text, which matters to
 * the bindings that look one up on every call, and two modules' slots
 * cannot clash. One per use: `static const vf_lua_slot X = {"what"};`. */
typedef struct vf_lua_slot {
    const char *what;   /* what it holds, for a reader of the code */
} vf_lua_slot;

/* Pushes the slot's value: nil while unset. */
void vf_lua_slot_get(lua_State *L, const vf_lua_slot *slot);
/* Pops the top of the stack into the slot. */
void vf_lua_slot_set(lua_State *L, const vf_lua_slot *slot);
/* Pushes the slot's table, made empty on first use. */
void vf_lua_slot_table(lua_State *L, const vf_lua_slot *slot);

/* Pushes the globals as vf_lua_keep_globals kept them (fresh.c): the
 * names a map starts a case with, for tests. */
void vf_lua_push_kept_globals(lua_State *L);

/* The host the state works for (the engine), or NULL for a state
 * vf_lua_new did not make. Kept beside the state's allocator, so the
 * bindings reach their engine without a look-up (state.c). */
void *vf_lua_host(lua_State *L);

/* Counts steps of work done in C against the case's instruction budget
 * (state.c); past it, raises the budget's error as the count hook does.
 * Only while vault or library Lua runs (inside vf_lua_pcall). */
void vf_lua_charge(lua_State *L, double steps);

/* Wraps the standard functions whose one call can do unbounded work
 * (string.rep, find, match, gmatch, gsub, table.sort, collectgarbage) so
 * that they charge it first (charge.c). Called on the fresh state, before
 * any library. */
void vf_lua_charge_c_work(lua_State *L);

/* tostring of a table, function, coroutine or userdata names it by the
 * order the case first asked ("table: 0x00000001"), not by its address,
 * which differs from run to run and worker to worker (ids.c). plain_ids
 * wraps tostring on the fresh state; ids_reset starts a case's count. */
void vf_lua_plain_ids(lua_State *L);
void vf_lua_ids_reset(lua_State *L);
/* The case's number for the object at idx (given on first asking). */
lua_Integer vf_lua_id(lua_State *L, int idx);

/* pairs in one order on every machine (order.c): Lua 5.4 seeds its
 * string hashes from addresses and the clock, so the order of a table's
 * keys, which vault Lua may pick by, changes from process to process. */
void vf_lua_ordered_pairs(lua_State *L);

/* Case isolation (fresh.c): the globals as the engine's start-up left
 * them are kept; each resolve first drops every global written since --
 * added or changed by earlier vault Lua (gauntlet_arena_tier set by one
 * map and read by another) -- and empties dgn.persist, the game's
 * saved-game table. A start-up global set to nil reads as its start-up
 * value again (the global table reads through to them). The standard
 * tables, the string metatable and the game's library tables (dgn, crawl,
 * util, you, ...) become read-only proxies: a write to one of their fields
 * is a Lua error at the writer's line. Every other table vault code can
 * reach (callback, marker classes, tables inside dgn, a prelude's tables)
 * is kept as it was here and put back before the next case that may find
 * it changed (snapshot.c); tables held only in upvalues are not. */
void vf_lua_keep_globals(lua_State *L);

/* Hook runs that can be skipped (hooks.c). vf_lua_track_hooks, once the
 * library is loaded, makes dgn.hook and dgn.global_hook count; a map's
 * hooks need running only if vf_lua_hooks_since(the count when its
 * attempt began). vf_lua_hook_added counts hooks added from C. */
void vf_lua_track_hooks(lua_State *L);
double vf_lua_hook_seq(lua_State *L);
void vf_lua_hook_added(lua_State *L);
int vf_lua_hooks_since(lua_State *L, double seq);
void vf_lua_fresh_globals(lua_State *L);

#endif
