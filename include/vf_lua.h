/* vf_lua: the sandboxed Lua state vault code runs in, under Lua 5.1 or
 * Lua 5.4: the sources build against either (src/lua/lua_compat.h), and
 * each binary links one (vf_lua_version).
 *
 * One state per worker, reused across cases. Vault Lua gets the base
 * library without load/dofile/loadfile (loadstring refuses bytecode, and
 * the game registers one under 5.4 too), string, table, math, coroutine
 * (and utf8 under 5.4), and no io, os, debug or require. crawl.setfenv is
 * the game's (5.4: it sets a chunk's _ENV); under 5.1 table.unpack is
 * added beside unpack.
 *
 * Each case runs under an instruction budget, a CPU-time budget and a
 * memory cap: going past one raises an ordinary Lua error naming the limit
 * ("instruction budget exceeded ..."), so an endless loop or a memory bomb
 * fails that case and the next case runs normally. The instruction budget
 * decides, the same on every machine: C work counts in it (bytes
 * allocated, and what the string functions that scan or repeat are
 * given: lua_int.h vf_lua_charge). The CPU-time budget is the last resort
 * for what no count sees, and says so (vf_lua_timed_out). It counts
 * the thread's CPU time from vf_lua_case_begin, C functions included: it
 * is checked in the instruction hook and by a timer on the thread's CPU
 * clock (a real-time signal, SIGRTMIN + 1, whose handler the first state
 * installs for the process) that makes the next Lua instruction, call or
 * return raise it. Lua 5.1 runs no hook inside a C function or a __gc
 * finalizer: one that never comes back (string.find with a pathological
 * pattern runs for ever in C) is the only thing the timer cannot turn into
 * an error; one budget after the deadline it prints why on stderr and
 * exits the process with status 2 (in 'run', the worker dies and its case
 * is recorded as a timeout, with its repro; in a command's own process, its
 * supervisor runs the command again without that map: vf_lua_supervise).
 * Vault code gets no newproxy, so it cannot make finalizers of its own. */
#ifndef VF_LUA_H
#define VF_LUA_H

#include <stddef.h>

#include <lua.h>

#include "vf_sbuf.h"

typedef struct vf_lua vf_lua;

typedef struct vf_lua_limits {
    unsigned long instructions;  /* per case; 0 = no limit */
    size_t memory;               /* bytes a case may add; 0 = no limit */
    double seconds;              /* CPU seconds per case; 0 = the default,
                                    negative = no limit */
    unsigned long fail_alloc;    /* testing: the Nth allocation Lua makes
                                    in a protected call fails (1: the
                                    first); 0 = none */
} vf_lua_limits;

/* Default limits: generous for any real vault (the heaviest corpus maps
 * run well under a tenth of them). */
#define VF_LUA_DEFAULT_INSTRUCTIONS 200000000UL
#define VF_LUA_DEFAULT_MEMORY ((size_t)256 << 20)
/* The heaviest corpus map resolves in well under 0.1 s. */
#define VF_LUA_DEFAULT_SECONDS 5.0

/* The status a process exits with when vault Lua is past its time limit
 * and stuck where no hook reaches (a C function, a finalizer): the last
 * resort, so a run can say why its worker died. */
#define VF_LUA_EXIT_STUCK 2

/* Creates a state; returns NULL with a message in err. Caller frees. */
vf_lua *vf_lua_new(const vf_lua_limits *limits, vf_sbuf *err);
void vf_lua_free(vf_lua *lua);
lua_State *vf_lua_state(vf_lua *lua);
/* Names the host the state works for (the engine, not owned): what
 * vf_lua_host gives the bindings. */
void vf_lua_set_host(vf_lua *lua, void *host);

/* Allocations Lua made in protected calls since the state was made: what
 * fail_alloc counts. */
unsigned long vf_lua_allocations(const vf_lua *lua);

/* Starts a case: resets the instruction count and the memory allowance. */
void vf_lua_case_begin(vf_lua *lua);

/* Names what the state runs now -- what ("map"), name (or NULL), at
 * file:line when file is not NULL -- for the last-resort message. The
 * strings are borrowed (a signal handler cannot copy or format them) and
 * must live until the next call or vf_lua_free. */
void vf_lua_set_subject(vf_lua *lua, const char *what, const char *name,
                        const char *file, int line);

/* Whether the case's last error was the CPU-time last resort (not the
 * instruction budget, which is the same on every machine): a result that
 * depends on the machine, reported as such, not as the map's Lua error. */
int vf_lua_timed_out(const vf_lua *lua);

/* Calls the function on top of the stack with nargs arguments below it,
 * leaving nresults. Returns 0, or -1 with Lua's message (and traceback
 * position) in err; the stack is then as before the function was pushed. */
int vf_lua_pcall(vf_lua *lua, int nargs, int nresults, vf_sbuf *err);

/* ---- supervision ----------------------------------------------------------
 *
 * A command that runs vault Lua runs in a child of the process the user
 * started (harness/guard.c), so Lua stuck where no hook reaches ends the
 * child, not the command. The child's last resort tells the supervisor
 * what was stuck -- the subject vf_lua_set_subject named -- and the
 * supervisor runs the command again with that subject skipped: every
 * vf_lua_pcall under it fails at once with a message saying why, so the
 * map is that command's error at its own file and line, and every other
 * map is judged as it would have been. */

/* A subject as the last resort reported it; strings owned. */
typedef struct vf_lua_subject {
    char *what, *name, *file;   /* name and file may be NULL */
    int line;
} vf_lua_subject;

/* Makes this process supervised: the last resort writes its record to
 * report_fd (only this process's own, not its workers'), and the subjects
 * in skip (borrowed; they must outlive the process's Lua) are never run.
 * Process-wide, like the signal handler it informs: call it once, in the
 * child, before any state is made. */
void vf_lua_supervise(int report_fd, const vf_lua_subject *skip,
                      size_t nskip);

/* Finds process pid's stuck record in what the supervisor read from the
 * pipe and fills out (free it with vf_lua_subject_free). Returns 1 if
 * found, else 0. */
int vf_lua_stuck_record(const char *buf, size_t len, long pid,
                        vf_lua_subject *out);
void vf_lua_subject_free(vf_lua_subject *s);
/* Whether s names that subject (NULL name or file: none). */
int vf_lua_subject_is(const vf_lua_subject *s, const char *what,
                      const char *name, const char *file, int line);

/* A supervised command's process whose game runs its vault Lua under the
 * other interpreter says so (version: 51 or 54) before any state exists;
 * the supervisor runs the command again with the binary that has it
 * (harness/lua_choice.c). Returns 1 if it did, 0 when there is no
 * supervisor to tell. */
int vf_lua_report_handover(int version);
/* The version process pid asked for in what the supervisor read, or 0. */
int vf_lua_handover_record(const char *buf, size_t len, long pid);

/* The interpreter this binary has: 51 or 54, and its release text
 * ("Lua 5.4.6"). */
int vf_lua_version(void);
const char *vf_lua_release(void);

/* Loads a chunk of source (never bytecode) as a function on the stack.
 * Returns 0, or -1 with the message in err. */
int vf_lua_load(vf_lua *lua, const char *src, size_t len, const char *name,
                vf_sbuf *err);

#endif
