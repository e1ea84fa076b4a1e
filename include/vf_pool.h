/* vf_pool: worker processes that run tasks, and survive their deaths.
 *
 * vf_pool_new forks n workers from the calling process, so each starts
 * with a copy of everything the caller set up (the loaded maps, an engine)
 * and goes on with its own. A task is one line of text; a worker runs its
 * tasks in order with fn and answers each with one line. The caller hands
 * a worker a batch of tasks when it is idle and collects events one at a
 * time: a reply, or the death of a worker -- killed by a signal, exited,
 * or killed by the pool for passing the time limit on one task. A dead
 * worker is replaced at once; the task it was running comes back with the
 * event, and the rest of its batch as a list to hand out again.
 *
 * The pool talks to each worker over a socket pair and never takes
 * signals: a worker that dies is seen as the end of its socket. */
#ifndef VF_POOL_H
#define VF_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "vf_sbuf.h"

/* Runs in a worker: answers task (one line, no '\n') in reply (one line,
 * no '\n'). */
typedef void (*vf_pool_fn)(void *ctx, const char *task, vf_sbuf *reply);

typedef struct vf_pool vf_pool;

typedef enum vf_pool_kind {
    VF_POOL_REPLY,     /* a task answered */
    VF_POOL_DIED,      /* the worker died running task */
    VF_POOL_TIMEOUT,   /* the worker passed the time limit on task */
} vf_pool_kind;

typedef struct vf_pool_event {
    vf_pool_kind kind;
    uint64_t task;            /* the task's id */
    const char *reply;        /* VF_POOL_REPLY: borrowed until the next
                               * vf_pool_wait */
    int status;               /* VF_POOL_DIED: as from waitpid */
    int worker;               /* DIED, TIMEOUT: the slot where a fresh
                               * worker runs now (for vf_pool_send) */
    double seconds;           /* how long the task ran (about) */
    const uint64_t *requeue;  /* DIED, TIMEOUT: the rest of the worker's */
    size_t nrequeue;          /*   batch, not run; borrowed likewise */
} vf_pool_event;

/* Starts n workers running fn(ctx, ...), each task limited to timeout
 * seconds (0: no limit). Returns NULL with a message in err if a worker
 * cannot start. */
vf_pool *vf_pool_new(int n, double timeout, vf_pool_fn fn, void *ctx,
                     vf_sbuf *err);
/* Stops the workers (killing any still busy) and frees the pool. */
void vf_pool_free(vf_pool *p);

/* The live worker with the fewest tasks, if it has fewer than low; else
 * -1. Handing out more before a worker runs dry keeps it busy while the
 * caller is slow to come back. */
int vf_pool_hungry(const vf_pool *p, size_t low);
/* Tasks not yet answered. */
size_t vf_pool_busy(const vf_pool *p);
/* 1 when an answer is already read and waiting: vf_pool_wait will return
 * at once. */
int vf_pool_ready(const vf_pool *p);

/* Hands worker w the n tasks ids[i] with the text lines[i] (one line
 * each, no '\n'). */
void vf_pool_send(vf_pool *p, int w, const uint64_t *ids,
                  char *const *lines, size_t n);

/* Waits up to ms milliseconds for an event. Returns 1 with *ev set, 0
 * when the time passed with none, -1 with a message when a worker cannot
 * be replaced. While every worker has at least two tasks the pool lets
 * answers gather for a moment before reading them, so that one wake-up
 * serves many. */
int vf_pool_wait(vf_pool *p, int ms, vf_pool_event *ev, vf_sbuf *err);

#endif
