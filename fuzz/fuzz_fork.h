/* Running one input's work in a forked child (fuzz_fork.c), so that vault
 * Lua's last resort -- _exit(VF_LUA_EXIT_STUCK) from the CPU timer when a
 * C function such as string.find never comes back -- ends the child, not
 * the fuzzer, and the input is kept like any other.
 *
 * The child's coverage counters are the parent's (shared memory), so
 * libFuzzer sees what the child ran; a stuck exit also takes a branch of
 * its own in the parent. A child that crashes or leaks makes the parent
 * abort, so libFuzzer keeps the input as a crash. VF_FUZZ_FORK=0 runs the
 * work in the fuzzer's own process instead (to debug a crash in gdb). */
#ifndef VF_FUZZ_FORK_H
#define VF_FUZZ_FORK_H

typedef enum vf_fuzz_outcome {
    VF_FUZZ_DONE,     /* the work returned */
    VF_FUZZ_STUCK,    /* vault Lua took the last resort */
} vf_fuzz_outcome;

/* Runs fn(ctx) in a child and waits for it. Never returns when the child
 * crashed, leaked or was killed: the parent aborts. */
vf_fuzz_outcome vf_fuzz_isolated(void (*fn)(void *), void *ctx);

#endif
