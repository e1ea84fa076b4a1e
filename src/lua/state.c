/* The sandboxed Lua state: allocator with a cap, instruction and CPU-time
 * budgets, trimmed libraries. */
#define _GNU_SOURCE   /* SIGEV_THREAD_ID: a timer that signals one thread */
#include "vf_lua.h"
#include "blocks.h"
#include "lua_int.h"
#include "supervise.h"
#include "vf_esc.h"

#include <lauxlib.h>
#include <lualib.h>
#include <pthread.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct vf_lua {
    lua_State *L;
    vf_lua_limits limits;
    size_t used;              /* bytes Lua holds now */
    size_t cap;               /* bytes it may hold during this case */
    unsigned long count;      /* instructions run in this case, in steps */
    int over_memory;          /* the last failure was the cap */
    int alloc_failed;         /* ... or an allocation that failed */
    unsigned long allocs;     /* allocations in protected calls */
    vf_blocks blocks;         /* where Lua's memory comes from */
    double deadline;          /* thread CPU seconds the case must end by */
    unsigned ticks;           /* count hooks since the clock was read */
    /* The case's budget ran out: every instruction, call and return
     * raises msg again, and every protected call fails with it, so no
     * pcall, xpcall or nested resolve of the vault's keeps the case
     * going. Cleared when the next case begins. */
    int exhausted;
    char exhausted_msg[160];
    int timed_out;            /* ... and it was the CPU-time last resort */
    /* The CPU-time timer (timer_create), for the thread that made it:
     * remade when another thread or a forked child runs the state. */
    timer_t timer;
    pid_t timer_tid;          /* 0: none */
    pid_t timer_pid;
    pthread_t timer_thread;   /* the tid's thread, compared without a
                               * system call */
    unsigned timer_forks;     /* forks_seen when it was made */
    double timer_seconds;     /* the period it is armed with */
    /* Set by the timer's signal handler, read by the hook and by the
     * handler itself; running counts the vf_lua_pcall calls under way. */
    volatile sig_atomic_t expired;
    volatile sig_atomic_t running;
    /* What runs ("map", its name, where), for the last resort's message:
     * borrowed strings, written out by the signal handler as they are. */
    const char *what, *name, *file;
    int line;
    int skipped;              /* the supervisor said not to run it */
    void *host;               /* what the state works for, not owned */
};

#define HOOK_STEP 1000
/* Bytes a state's memory grows by in the time of one instruction, about:
 * what an allocation counts against the instruction budget. */
#define VF_LUA_BYTES_PER_STEP 32
/* The CPU clock is read every this many count hooks (a system call
 * costs about what 200 instructions do). */
#define CLOCK_EVERY 16

/* Whether a growth of the state's memory is refused: past the case's cap,
 * or the allocation fail_alloc names. Only inside vf_lua_pcall, where Lua
 * turns the refusal into an error: the engine's own API calls between
 * protected calls have nothing to catch it (Lua would abort), and they
 * take little. */
static int refused(vf_lua *lua, size_t osize, size_t nsize)
{
    if (nsize <= osize || !lua->running) return 0;
    if (lua->cap && lua->used + (nsize - osize) > lua->cap) {
        lua->over_memory = 1;
        return 1;
    }
    if (++lua->allocs == lua->limits.fail_alloc) {
        lua->alloc_failed = 1;
        return 1;
    }
    return 0;
}

static void *alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    vf_lua *lua = ud;
    /* A new block: 5.4 passes the object's type as osize, 5.1 zero. */
    if (!ptr) osize = 0;
    if (nsize == 0) {
        vf_blocks_realloc(&lua->blocks, ptr, osize, 0);
        lua->used -= osize;
        return NULL;
    }
    if (refused(lua, osize, nsize)) return NULL;  /* "not enough memory" */
    /* Bytes made are work done in C (string.rep, gsub, concatenation):
     * counted, so the deterministic budget ends such a loop before the
     * CPU clock does. */
    if (lua->running && nsize > osize)
        lua->count += (nsize - osize) / VF_LUA_BYTES_PER_STEP;
    void *p = vf_blocks_realloc(&lua->blocks, ptr, osize, nsize);
    if (!p) {
        lua->alloc_failed = 1;
        return NULL;
    }
    lua->used = lua->used - osize + nsize;
    return p;
}

static double thread_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Raises "where: msg" (in a hook, level 0 is the running function). */
static void hook_error(lua_State *L, const char *msg)
{
    luaL_where(L, 0);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
    lua_error(L);
}

/* Past the deadline: every instruction, call and return comes back here,
 * so a vault pcall that catches the error cannot keep the loop going. */
static void time_error(lua_State *L, vf_lua *lua);

/* The vf_lua of a state vf_lua_new made (its allocator's data), else
 * NULL. */
static vf_lua *lua_of(lua_State *L)
{
    void *ud;
    return lua_getallocf(L, &ud) == alloc ? ud : NULL;
}

static void count_hook(lua_State *L, lua_Debug *ar);

/* The budget is spent: the case is over (see exhausted). */
static void exhaust(lua_State *L, vf_lua *lua, const char *msg)
{
    lua->exhausted = 1;
    snprintf(lua->exhausted_msg, sizeof lua->exhausted_msg, "%s", msg);
    lua_sethook(L, count_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* Past the instruction budget: deterministic, the same on every machine
 * and every run, unlike the CPU clock. */
static void budget_error(lua_State *L, vf_lua *lua)
{
    /* Lua 5.1's own formatter has no %lu. */
    char msg[96];
    snprintf(msg, sizeof msg, "instruction budget exceeded (%lu "
             "instructions): an endless loop?", lua->limits.instructions);
    exhaust(L, lua, msg);
    hook_error(L, msg);
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    vf_lua *lua = lua_of(L);
    if (lua->exhausted) {
        lua_pushstring(L, lua->exhausted_msg);
        lua_error(L);
    }
    if (lua->expired || (lua->deadline > 0 && ++lua->ticks >= CLOCK_EVERY)) {
        lua->ticks = 0;
        if (thread_cpu_seconds() >= lua->deadline) time_error(L, lua);
        if (lua->expired) {  /* a stale signal: back to counting */
            lua->expired = 0;
            lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
        }
    }
    lua->count += HOOK_STEP;
    if (lua->limits.instructions && lua->count > lua->limits.instructions)
        budget_error(L, lua);
}

static void time_error(lua_State *L, vf_lua *lua)
{
    lua->expired = 0;
    char msg[160];
    snprintf(msg, sizeof msg, "CPU-time last resort of %g s reached before "
             "the instruction budget (slow C functions: how far it gets "
             "depends on the machine)", lua->limits.seconds);
    lua->timed_out = 1;
    exhaust(L, lua, msg);
    /* No position of its own: where the clock ran out (often the library,
     * or a C function) says little; the message handler puts the vault's
     * line in front. */
    lua_pushstring(L, msg);
    lua_error(L);
}

/* ---- the CPU-time timer ---------------------------------------------------
 *
 * The hook runs only between Lua instructions: Lua stuck in one C function
 * (string.find on a pathological pattern) or in a __gc finalizer (Lua 5.1
 * turns hooks off there) never reaches it. A timer on the thread's CPU
 * clock signals the thread at the deadline; the handler does what lua.c
 * does for SIGINT -- sets a hook on every instruction, call and return, so
 * the first Lua the thread reaches raises the error. The timer repeats: if
 * at the next expiry the hook still has not run (expired still set) while
 * Lua is running, nothing in the process can stop that C function safely,
 * and the last resort is to say so and exit with status 2. The handler's
 * only state is the vf_lua in the signal's value. */

#define TIMER_SIGNAL (SIGRTMIN + 1)

/* Writes s to stderr: async-signal-safe (no strlen, no stdio). */
static void put(const char *s)
{
    size_t n = 0;
    while (s[n]) n++;
    ssize_t k = write(2, s, n);
    (void)k;
}

static void put_int(int v)
{
    char buf[16], *p = buf + sizeof buf;
    unsigned u = v < 0 ? 0u : (unsigned)v;
    *--p = '\0';
    do *--p = (char)('0' + u % 10); while ((u /= 10) && p > buf);
    put(p);
}

/* " in map NAME (FILE:LINE)", as much as is known. */
static void put_subject(const vf_lua *lua)
{
    if (!lua->what) return;
    put(" in ");
    put(lua->what);
    if (lua->name) {
        put(" ");
        put(lua->name);
    }
    if (lua->file) {
        put(" (");
        put(lua->file);
        put(":");
        put_int(lua->line);
        put(")");
    }
}

static void on_timer(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    vf_lua *lua = si->si_value.sival_ptr;
    if (si->si_code != SI_TIMER || !lua || !lua->running) return;
    if (lua->expired) {
        if (vf_lua_report_stuck(lua->what, lua->name, lua->file, lua->line))
            _exit(VF_LUA_EXIT_STUCK);   /* the supervisor says the rest */
        static const char head[] = "vaultfuzz: vault Lua";
        static const char tail[] = " is past its time limit and has not "
            "come back from a C function or a __gc finalizer (a "
            "pathological string pattern?); it cannot be stopped safely: "
            "exiting with status 2\n";
        /* write(2) only: nothing else is safe in a signal handler. */
        put(head);
        put_subject(lua);
        put(tail);
        _exit(VF_LUA_EXIT_STUCK);
    }
    lua->expired = 1;
    lua_sethook(lua->L, count_hook,
                LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* Forks this process went through (a child's timers are not the
 * parent's): bumped in the child by pthread_atfork. Only ever written in
 * a freshly forked child, before any thread of its own exists. */
static volatile unsigned forks_seen;

static void after_fork(void)
{
    forks_seen++;
}

static void install_handler(void)
{
    pthread_atfork(NULL, NULL, after_fork);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_timer;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(TIMER_SIGNAL, &sa, NULL);
}

/* A timer on this thread's CPU clock signalling this thread; 0, or -1
 * when the system has none (the hook's clock checks still apply). */
static int make_timer(vf_lua *lua)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_handler);
    if (lua->timer_tid && lua->timer_forks == forks_seen
        && pthread_equal(lua->timer_thread, pthread_self()))
        return 0;
    pid_t tid = (pid_t)syscall(SYS_gettid);
    if (lua->timer_tid && getpid() == lua->timer_pid)
        timer_delete(lua->timer);
    lua->timer_tid = 0;
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD_ID;
    sev.sigev_signo = TIMER_SIGNAL;
    sev.sigev_value.sival_ptr = lua;
    sev._sigev_un._tid = tid;
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &lua->timer)) return -1;
    lua->timer_tid = tid;
    lua->timer_pid = getpid();
    lua->timer_thread = pthread_self();
    lua->timer_forks = forks_seen;
    lua->timer_seconds = -1;
    return 0;
}

/* Arms the timer to signal every `seconds` of the thread's CPU time, or
 * disarms it (seconds 0) -- once, not per case: a signal that comes
 * before the running case's deadline is found stale by the hook (which
 * reads the clock) and undone, so a case gets its budget and at most as
 * much again before the signal reaches it. */
static void arm_timer(vf_lua *lua, double seconds)
{
    if (make_timer(lua) || lua->timer_seconds == seconds) return;
    lua->timer_seconds = seconds;
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    if (seconds > 0) {
        its.it_value.tv_sec = (time_t)seconds;
        its.it_value.tv_nsec = (long)((seconds - (double)(time_t)seconds)
                                      * 1e9);
        if (!its.it_value.tv_sec && !its.it_value.tv_nsec)
            its.it_value.tv_nsec = 1;
        its.it_interval = its.it_value;
    }
    timer_settime(lua->timer, 0, &its, NULL);
}

/* loadstring that refuses precompiled chunks, as the game's does. */
static int safe_loadstring(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    const char *name = luaL_optstring(L, 2, s);
    if (n && s[0] == LUA_SIGNATURE[0]) {
        lua_pushnil(L);
        lua_pushstring(L, "loadstring: precompiled (bytecode) chunks are "
                          "not allowed");
        return 2;
    }
    if (luaL_loadbuffer(L, s, n, name)) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

#if VF_LUA_54
/* Lua 5.4 runs __gc finalizers with hooks off, as 5.1 does: no budget
 * could stop one that loops. A table gets one when setmetatable gives it a
 * metatable with __gc, so that is refused; neither the game's library nor
 * any vault uses __gc. Upvalue 1: the original setmetatable. */
static int no_finalizer(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        lua_rawget(L, 2);
        if (!lua_isnil(L, -1))
            return luaL_error(L, "setmetatable: a __gc finalizer is not "
                                 "available to vault code (it could not be "
                                 "time-limited)");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* What a 5.4 game has and 5.1 had not (//, goto, utf8, table.move, integer
 * maths) comes with the interpreter. What it no longer has goes: Debian
 * builds its 5.4 with LUA_COMPAT_5_3, which keeps the old maths names
 * (math.pow, math.atan2, ...) that Lua 5.4 itself has not. */
static void open_54(lua_State *L)
{
    static const char *const old_math[] = {"atan2", "cosh", "sinh", "tanh",
                                           "pow", "frexp", "ldexp", "log10",
                                           NULL};
    lua_getglobal(L, "math");
    for (int i = 0; old_math[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, old_math[i]);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, no_finalizer, 1);
    lua_setglobal(L, "setmetatable");
}
#else
/* newproxy is the only way vault code could give an object a __gc
 * finalizer, and Lua 5.1 runs finalizers with hooks off: no budget could
 * stop one that loops. Neither the game's library nor any vault uses it. */
static int no_newproxy(lua_State *L)
{
    return luaL_error(L, "newproxy is not available to vault code (a __gc "
                         "finalizer could not be time-limited)");
}

/* Under 5.1, table.unpack (5.2+) beside unpack: the game's library of a
 * checkout read under 5.1 (--lua 5.1) calls it, as does ours. */
static void open_51(lua_State *L)
{
    lua_pushcfunction(L, no_newproxy);
    lua_setglobal(L, "newproxy");
    lua_getglobal(L, "table");
    lua_getglobal(L, "unpack");
    lua_setfield(L, -2, "unpack");
    lua_pop(L, 1);
}
#endif

/* The environments crawl.setfenv replaced this case, to put back before
 * the next (vf_lua_undo_setfenv): a list of {function, old env}. Under
 * 5.4 a function's _ENV is its chunk's, shared by every function of a
 * library file, so a vault that set one would change the library for
 * every case after it. */
static const vf_lua_slot setfenv_undo = {"environments to put back"};

/* Pushes what crawl.setfenv would replace in the function at idx. */
static void push_env_of(lua_State *L, int idx)
{
#if VF_LUA_54
    if (!lua_getupvalue(L, idx, 1)) lua_pushnil(L);
#else
    lua_getfenv(L, idx);
#endif
}

/* Records the function at 1 and its environment now. */
static void remember_env(lua_State *L)
{
    vf_lua_slot_table(L, &setfenv_undo);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    push_env_of(L, 1);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, (int)vf_lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
}

void vf_lua_forget_setfenv(lua_State *L)
{
    lua_newtable(L);
    vf_lua_slot_set(L, &setfenv_undo);
}

void vf_lua_undo_setfenv(lua_State *L)
{
    vf_lua_slot_table(L, &setfenv_undo);
    for (int i = (int)vf_lua_rawlen(L, -1); i >= 1; i--) {
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        if (!lua_isnil(L, -1)) vf_lua_setfuncenv(L, -2);
        else lua_pop(L, 1);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    vf_lua_forget_setfenv(L);
}

/* crawl.setfenv(f, env): the game's, for its library's map environments:
 * 5.1's setfenv, or under 5.4 the function's _ENV. A C function's is
 * refused: its first upvalue is no environment, and it is shared. */
static int crawl_setfenv(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checktype(L, 2, LUA_TTABLE);
    if (lua_iscfunction(L, 1))
        return luaL_error(L, "crawl.setfenv: a library function's "
                             "environment is not the vault's to replace");
    remember_env(L);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    if (!vf_lua_setfuncenv(L, -2))
        return luaL_error(L, "crawl.setfenv: %s", VF_LUA_54
                          ? "the function names no global, so it has no "
                            "_ENV to set (Lua 5.4)"
                          : "cannot set the environment");
    return 1;
}

static void open_sandbox(lua_State *L)
{
    luaL_openlibs(L);
    /* The game opens base, table, string, math and coroutine only
     * (clua.cc): no io, no os (its clock would make a case depend on the
     * machine), no package. No gcinfo either: the game's Lua 5.4 has
     * none, and its answer differs from worker to worker. */
    static const char *const drop[] = {"io", "os", "debug", "package",
                                       "require", "dofile", "loadfile",
                                       "load", "module", "gcinfo", NULL};
    for (int i = 0; drop[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, drop[i]);
    }
    /* The game registers a loadstring of its own under 5.4 too
     * (clua.cc). */
    lua_pushcfunction(L, safe_loadstring);
    lua_setglobal(L, "loadstring");
#if VF_LUA_54
    open_54(L);
#else
    open_51(L);
#endif

#if VF_LUA_54
    vf_lua_ordered_pairs(L);   /* before table.sort is wrapped */
#endif
    vf_lua_charge_c_work(L);
    vf_lua_plain_ids(L);

    /* crawl.setfenv; the crawl table gets its other members elsewhere. */
    lua_newtable(L);
    lua_pushcfunction(L, crawl_setfenv);
    lua_setfield(L, -2, "setfenv");
    lua_setglobal(L, "crawl");
}

vf_lua *vf_lua_new(const vf_lua_limits *limits, vf_sbuf *err)
{
    vf_lua *lua = vf_xcalloc(1, sizeof *lua);
    if (limits) lua->limits = *limits;
    else lua->limits = (vf_lua_limits){VF_LUA_DEFAULT_INSTRUCTIONS,
                                       VF_LUA_DEFAULT_MEMORY, 0, 0};
    if (lua->limits.seconds == 0) lua->limits.seconds = VF_LUA_DEFAULT_SECONDS;
    lua->L = lua_newstate(alloc, lua);
    if (!lua->L) {
        vf_sbuf_adds(err, "cannot create a Lua state");
        vf_blocks_free(&lua->blocks);
        free(lua);
        return NULL;
    }
    open_sandbox(lua->L);
    lua_sethook(lua->L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
    vf_lua_case_begin(lua);
    return lua;
}

void vf_lua_free(vf_lua *lua)
{
    if (!lua) return;
    if (lua->timer_tid && getpid() == lua->timer_pid)
        timer_delete(lua->timer);
    lua_close(lua->L);
    vf_blocks_free(&lua->blocks);
    free(lua);
}

void vf_lua_charge(lua_State *L, double steps)
{
    if (steps < 1) return;   /* most calls: short strings, no look-up */
    vf_lua *lua = lua_of(L);
    if (!lua || !lua->running) return;
    double room = (double)(ULONG_MAX / 2) - (double)lua->count;
    lua->count += steps < room ? (unsigned long)steps : (unsigned long)room;
    if (lua->limits.instructions && lua->count > lua->limits.instructions)
        budget_error(L, lua);
}

int vf_lua_version(void)
{
    return VF_LUA_54 ? 54 : 51;
}

const char *vf_lua_release(void)
{
    return LUA_RELEASE;
}

int vf_lua_timed_out(const vf_lua *lua)
{
    return lua->timed_out;
}

unsigned long vf_lua_allocations(const vf_lua *lua)
{
    return lua->allocs;
}

lua_State *vf_lua_state(vf_lua *lua)
{
    return lua->L;
}

void vf_lua_set_host(vf_lua *lua, void *host)
{
    lua->host = host;
}

void *vf_lua_host(lua_State *L)
{
    vf_lua *lua = lua_of(L);
    return lua ? lua->host : NULL;
}

void vf_lua_case_begin(vf_lua *lua)
{
    /* No full collection here: the incremental collector keeps up, and a
     * full one per case costs more than the case on a large library. */
    lua->count = 0;
    lua->over_memory = 0;
    lua->exhausted = 0;
    lua->timed_out = 0;
    vf_lua_ids_reset(lua->L);
    double s = lua->limits.seconds > 0 ? lua->limits.seconds : 0;
    lua->expired = 0;
    lua->ticks = 0;
    lua_sethook(lua->L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
    lua->deadline = s > 0 ? thread_cpu_seconds() + s : 0;
    arm_timer(lua, s);
    lua->cap = lua->limits.memory ? lua->used + lua->limits.memory : 0;
}

void vf_lua_set_subject(vf_lua *lua, const char *what, const char *name,
                        const char *file, int line)
{
    /* Set before the Lua it names runs: the handler reads it only while
     * a vf_lua_pcall is under way. */
    lua->what = what;
    lua->name = name;
    lua->file = file;
    lua->line = line;
    lua->skipped = vf_lua_skipped(what, name, file, line);
}

/* Instead of running Lua the supervisor said to skip: the error says why,
 * at the subject's own line. */
static int refuse_skipped(vf_lua *lua, int base, vf_sbuf *err)
{
    lua_settop(lua->L, base - 1);
    if (lua->file) vf_sbuf_printf(err, "%s:%d: ", lua->file, lua->line);
    vf_sbuf_adds(err, "timeout: its Lua ran past the time limit inside a C "
                 "function or a __gc finalizer (a pathological string "
                 "pattern?), where nothing can stop it, so it was not run "
                 "again (the game would hang on it)");
    return -1;
}

/* A .des chunk's source name: "@path" not ending in ".lua". */
static int is_des_source(const char *src)
{
    size_t n = strlen(src);
    return src[0] == '@' && !(n > 4 && !strcmp(src + n - 4, ".lua"));
}

/* Message handler: an error raised inside the library or a binding is
 * positioned at the vault line that led to it, which is what a vault
 * author needs; the library's own position stays in the text. A binding
 * wrapper's position ("dgn.name:2: ") says nothing and is dropped. */
static int position_at_des(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        /* error({...}) or error(nil): no text of its own, but still the
         * vault's line to point at. */
        lua_pushfstring(L, "(error object is a %s value)",
                        luaL_typename(L, 1));
        lua_replace(L, 1);
        msg = lua_tostring(L, 1);
    }
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline <= 0 || !is_des_source(ar.source)) continue;
        size_t n = strlen(ar.source + 1);
        if (!strncmp(msg, ar.source + 1, n) && msg[n] == ':') return 1;
        if (!strncmp(msg, "dgn.", 4)) {
            const char *rest = strstr(msg, ": ");
            if (rest) msg = rest + 2;
        }
        lua_pushfstring(L, "%s:%d: %s", ar.source + 1, ar.currentline, msg);
        return 1;
    }
    return 1;
}

int vf_lua_pcall(vf_lua *lua, int nargs, int nresults, vf_sbuf *err)
{
    lua_State *L = lua->L;
    lua->over_memory = lua->alloc_failed = 0;
    int base = lua_gettop(L) - nargs;   /* the function's slot */
    if (lua->skipped) return refuse_skipped(lua, base, err);
    lua_pushcfunction(L, position_at_des);
    lua_insert(L, base);
    lua->running++;
    int rc = lua_pcall(L, nargs, nresults, base);
    lua->running--;
    lua_remove(L, base);
    if (rc == 0 && lua->exhausted) {
        /* The vault caught the budget's error in a pcall of its own and
         * went on: the case is over all the same. */
        lua_settop(L, base - 1);   /* its results */
        lua_pushstring(L, lua->exhausted_msg);
        rc = LUA_ERRRUN;
    }
    if (rc == 0) return 0;
    /* The message is the vault's text: one visible line, whatever bytes
     * it holds (vf_esc_visible), wherever it is printed later. */
    size_t len = 0;
    const char *msg = lua_tolstring(L, -1, &len);
    if (lua->over_memory)
        vf_sbuf_printf(err, "memory cap exceeded (%zu MiB for one case): ",
                       lua->limits.memory >> 20);
    else if (lua->alloc_failed)
        vf_sbuf_adds(err, "out of memory (an allocation failed): ");
    if (msg) vf_esc_visible(err, msg, len);
    else vf_sbuf_adds(err, "(error object is not a string)");
    lua_pop(L, 1);
    /* After a memory bomb, give the memory back so the next case starts
     * clean (only then: a full collection of a large library is slow). */
    if (lua->over_memory) lua_gc(L, LUA_GCCOLLECT, 0);
    return -1;
}

int vf_lua_load(vf_lua *lua, const char *src, size_t len, const char *name,
                vf_sbuf *err)
{
    if (len && src[0] == LUA_SIGNATURE[0]) {
        vf_sbuf_adds(err, "precompiled (bytecode) chunks are not allowed");
        return -1;
    }
    if (luaL_loadbuffer(lua->L, src, len, name) == 0) return 0;
    size_t n = 0;
    const char *msg = lua_tolstring(lua->L, -1, &n);
    vf_esc_visible(err, msg ? msg : "", msg ? n : 0);
    lua_pop(lua->L, 1);
    return -1;
}

