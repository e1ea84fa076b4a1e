/* Snapshots of the tables vault code can reach and change in place
 * (snapshot.c), internal to src/lua: taken once the library is loaded,
 * put back before each case where it may have changed. */
#ifndef VF_LUA_SNAPSHOT_H
#define VF_LUA_SNAPSHOT_H

#include <lua.h>

/* Sets to[k] = v (raw) for each pair of the table at from; returns how
 * many. from and to are absolute indexes. */
int vf_lua_copy_pairs(lua_State *L, int from, int to);

/* The mark, in vf_lua_snapshot_take's skip table, of a table (or
 * userdata) neither kept nor walked. */
#define VF_SNAP_SKIP 1

/* Keeps a copy (its pairs, their count, its metatable) of every table
 * reachable from the globals in the table at backing, from the tables
 * behind the read-only views (behind: view -> table) and from the string
 * metatable, through keys, values, metatables and Lua functions'
 * environments; and, for each global, which kept tables it leads to.
 * skip (absolute indexes all) marks what is not walked; the walk adds
 * marks of its own to it. */
void vf_lua_snapshot_take(lua_State *L, int backing, int behind, int skip);

/* Pushes the array the globals' __index appends the name of each global
 * read to (once a case: the global table keeps what was read). */
void vf_lua_snapshot_reads(lua_State *L);

/* Puts back, as they were when the snapshot was taken, the kept tables
 * the globals read since the last restore lead to, and those of the
 * string metatable: keys added since removed, values changed or removed
 * put back, the metatable put back. Cheap when nothing changed: one pass
 * over each of those tables. */
void vf_lua_snapshot_restore(lua_State *L);

#endif
