/* One input's work in a forked child, its coverage the parent's. */
#define _GNU_SOURCE   /* MAP_ANONYMOUS, prctl */
#include "fuzz_fork.h"
#include "vf_lua.h"

#include <sanitizer/allocator_interface.h>
#include <sanitizer/lsan_interface.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* libFuzzer's inline 8-bit counters: the linker's bounds of the section
 * the compiler puts them in. */
extern uint8_t __start___sancov_cntrs[] __attribute__((weak));
extern uint8_t __stop___sancov_cntrs[] __attribute__((weak));

/* The child's status when its work leaked (LeakSanitizer said so). */
#define LEAK_EXIT 86

/* The counters' whole pages are remapped as memory the child shares; the
 * bytes at either end that share a page with other data are not (that
 * data must stay the parent's), so the child hands them back here. */
static struct {
    int ready, forking;
    uint8_t *head, *tail;          /* the partial pages' counters ... */
    size_t nhead, ntail;           /* ... and how many */
    uint8_t *back;                 /* shared: the child's values of them */
} cov;

/* Allocations and frees, counted as libFuzzer counts them to decide
 * when to look for leaks. */
static volatile size_t mallocs, frees;

static void on_malloc(const volatile void *p, size_t n)
{
    (void)p;
    (void)n;
    mallocs++;
}

static void on_free(const volatile void *p)
{
    (void)p;
    frees++;
}

static int share_pages(uint8_t *lo, uint8_t *hi)
{
    size_t n = (size_t)(hi - lo);
    uint8_t *copy = malloc(n);
    if (!copy) return -1;
    memcpy(copy, lo, n);
    void *p = mmap(lo, n, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (p != MAP_FAILED) memcpy(lo, copy, n);
    free(copy);
    return p == MAP_FAILED ? -1 : 0;
}

static void setup(void)
{
    cov.ready = 1;
    const char *env = getenv("VF_FUZZ_FORK");
    uint8_t *start = __start___sancov_cntrs, *stop = __stop___sancov_cntrs;
    if ((env && !strcmp(env, "0")) || !start || stop <= start) return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uint8_t *lo = (uint8_t *)(((uintptr_t)start + page - 1) & ~(page - 1));
    uint8_t *hi = (uint8_t *)((uintptr_t)stop & ~(page - 1));
    if (lo >= hi) lo = hi = stop;   /* no whole page: all hand-back */
    cov.head = start;
    cov.nhead = (size_t)(lo - start);
    cov.tail = hi;
    cov.ntail = (size_t)(stop - hi);
    size_t nback = cov.nhead + cov.ntail;
    void *back = mmap(NULL, nback ? nback : 1, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (back == MAP_FAILED || (lo < hi && share_pages(lo, hi))) return;
    cov.back = back;
    __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
    cov.forking = 1;
}

/* The child's end: its partial-page counters handed back, then a leak
 * check when allocations and frees do not match. */
static void child_done(size_t mallocs0, size_t frees0)
{
    if (mallocs - mallocs0 != frees - frees0
        && __lsan_do_recoverable_leak_check())
        _exit(LEAK_EXIT);
    memcpy(cov.back, cov.head, cov.nhead);
    memcpy(cov.back + cov.nhead, cov.tail, cov.ntail);
    _exit(0);
}

static void add_back(void)
{
    for (size_t i = 0; i < cov.nhead + cov.ntail; i++) {
        uint8_t *c = i < cov.nhead ? cov.head + i : cov.tail + i - cov.nhead;
        unsigned sum = *c + cov.back[i];
        *c = (uint8_t)(sum > 255 ? 255 : sum);
    }
}

/* A branch of its own, so the first input that gets stuck is new
 * coverage in the parent whatever the child's counters say. */
__attribute__((noinline)) static vf_fuzz_outcome stuck(void)
{
    static volatile unsigned seen;
    seen++;
    return VF_FUZZ_STUCK;
}

static vf_fuzz_outcome judge(pid_t pid, int status)
{
    if (WIFEXITED(status) && !WEXITSTATUS(status)) {
        add_back();
        return VF_FUZZ_DONE;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == VF_LUA_EXIT_STUCK)
        return stuck();
    if (WIFEXITED(status))
        fprintf(stderr, "fuzz: child %d exited with status %d%s\n", (int)pid,
                WEXITSTATUS(status),
                WEXITSTATUS(status) == LEAK_EXIT ? " (a leak)" : "");
    else
        fprintf(stderr, "fuzz: child %d died of signal %d\n", (int)pid,
                WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    abort();
}

vf_fuzz_outcome vf_fuzz_isolated(void (*fn)(void *), void *ctx)
{
    if (!cov.ready) setup();
    pid_t pid = cov.forking ? fork() : -1;
    if (pid < 0) {
        fn(ctx);
        return VF_FUZZ_DONE;
    }
    if (!pid) {
        /* The fuzzer may die of a timeout while the child runs. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        memset(cov.head, 0, cov.nhead);
        memset(cov.tail, 0, cov.ntail);
        size_t m0 = mallocs, f0 = frees;
        fn(ctx);
        child_done(m0, f0);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) abort();   /* EINTR: libFuzzer's timer */
    return judge(pid, status);
}
