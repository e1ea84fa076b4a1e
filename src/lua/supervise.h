/* Internal to src/lua: the supervised process's side of vf_lua_supervise
 * (supervise.c), for the state's subject and its last resort. */
#ifndef VF_LUA_SUPERVISE_H
#define VF_LUA_SUPERVISE_H

#include "vf_lua.h"

/* Whether the subject is one the supervisor said not to run again. */
int vf_lua_skipped(const char *what, const char *name, const char *file,
                   int line);

/* Writes the stuck record for the subject to the supervisor: only from
 * the supervised process itself, with write(2) alone (async-signal-safe).
 * Returns 1 if it did, 0 when there is no supervisor to tell. */
int vf_lua_report_stuck(const char *what, const char *name, const char *file,
                        int line);

#endif
