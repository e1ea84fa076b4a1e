/* Worker processes over socket pairs. */
#define _GNU_SOURCE   /* MSG_NOSIGNAL on older C libraries */
#include "vf_pool.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct worker {
    pid_t pid;
    int fd;                 /* our end of its socket */
    int eof;                /* its end is closed: it died */
    vf_sbuf in;             /* bytes read from it ... */
    size_t off;             /* ... of which this many are consumed */
    uint64_t *q;            /* its tasks not answered, oldest first */
    size_t qh, qn, qcap;    /* head, count, capacity (a ring) */
    double started;         /* when the oldest task started */
} worker;

struct vf_pool {
    int n;
    double timeout;
    vf_pool_fn fn;
    void *ctx;
    worker *w;
    vf_sbuf reply;          /* the last reply handed out */
    uint64_t *requeue;
    size_t requeue_cap;
    int next;               /* where the search for a reply starts */
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int send_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t k = send(fd, s, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

/* ---- the worker side --------------------------------------------------- */

/* Answers tasks until the socket closes; never returns. */
static void serve(vf_pool *p, int fd)
{
    vf_sbuf in = VF_SBUF_INIT, reply = VF_SBUF_INIT;
    char buf[4096];
    for (;;) {
        size_t off = 0;
        char *nl;
        while (in.len > off && (nl = memchr(in.s + off, '\n', in.len - off))) {
            *nl = '\0';
            vf_sbuf_reset(&reply);
            p->fn(p->ctx, in.s + off, &reply);
            vf_sbuf_addc(&reply, '\n');
            if (send_all(fd, reply.s, reply.len)) _exit(0);
            off = (size_t)(nl + 1 - in.s);
        }
        if (off) {
            memmove(in.s, in.s + off, in.len - off);
            in.len -= off;
        }
        ssize_t k = read(fd, buf, sizeof buf);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) _exit(0);
        vf_sbuf_add(&in, buf, (size_t)k);
    }
}

static int spawn(vf_pool *p, int i, vf_sbuf *err)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
        vf_sbuf_printf(err, "socketpair: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        vf_sbuf_printf(err, "fork: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    if (pid == 0) {
        /* Other workers' sockets must close when they die, not live on
         * here. */
        for (int j = 0; j < p->n; j++)
            if (p->w[j].fd >= 0) close(p->w[j].fd);
        close(sv[0]);
        serve(p, sv[1]);
    }
    close(sv[1]);
    worker *w = &p->w[i];
    w->pid = pid;
    w->fd = sv[0];
    w->eof = 0;
    vf_sbuf_reset(&w->in);
    w->off = 0;
    w->qh = w->qn = 0;
    return 0;
}

/* ---- the caller's side ------------------------------------------------- */

vf_pool *vf_pool_new(int n, double timeout, vf_pool_fn fn, void *ctx,
                     vf_sbuf *err)
{
    vf_pool *p = vf_xcalloc(1, sizeof *p);
    p->n = n < 1 ? 1 : n;
    p->timeout = timeout;
    p->fn = fn;
    p->ctx = ctx;
    p->w = vf_xcalloc((size_t)p->n, sizeof *p->w);
    for (int i = 0; i < p->n; i++) p->w[i].fd = -1;
    for (int i = 0; i < p->n; i++)
        if (spawn(p, i, err)) {
            vf_pool_free(p);
            return NULL;
        }
    return p;
}

static void reap(worker *w, int kill_it, int *status)
{
    if (w->fd >= 0) close(w->fd);
    w->fd = -1;
    if (w->pid <= 0) return;
    if (kill_it) kill(w->pid, SIGKILL);
    int st = 0;
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
    if (status) *status = st;
    w->pid = 0;
}

void vf_pool_free(vf_pool *p)
{
    if (!p) return;
    for (int i = 0; i < p->n; i++) {
        reap(&p->w[i], p->w[i].qn > 0, NULL);
        vf_sbuf_free(&p->w[i].in);
        free(p->w[i].q);
    }
    free(p->w);
    vf_sbuf_free(&p->reply);
    free(p->requeue);
    free(p);
}

int vf_pool_hungry(const vf_pool *p, size_t low)
{
    int best = -1;
    for (int i = 0; i < p->n; i++) {
        const worker *w = &p->w[i];
        if (w->fd < 0 || w->eof || w->qn >= low) continue;
        if (best < 0 || w->qn < p->w[best].qn) best = i;
    }
    return best;
}

static int has_line(const worker *w)
{
    return w->qn && w->in.len > w->off
           && memchr(w->in.s + w->off, '\n', w->in.len - w->off);
}

int vf_pool_ready(const vf_pool *p)
{
    for (int i = 0; i < p->n; i++)
        if (has_line(&p->w[i]) || p->w[i].eof) return 1;
    return 0;
}

size_t vf_pool_busy(const vf_pool *p)
{
    size_t n = 0;
    for (int i = 0; i < p->n; i++) n += p->w[i].qn;
    return n;
}

static void push(worker *w, uint64_t id)
{
    if (w->qn == w->qcap) {
        size_t cap = w->qcap ? w->qcap * 2 : 16;
        uint64_t *q = vf_xmalloc(cap * sizeof *q);
        for (size_t i = 0; i < w->qn; i++) q[i] = w->q[(w->qh + i) % w->qcap];
        free(w->q);
        w->q = q;
        w->qh = 0;
        w->qcap = cap;
    }
    w->q[(w->qh + w->qn++) % w->qcap] = id;
}

static uint64_t pop(worker *w)
{
    uint64_t id = w->q[w->qh];
    w->qh = (w->qh + 1) % w->qcap;
    w->qn--;
    return id;
}

void vf_pool_send(vf_pool *p, int i, const uint64_t *ids, char *const *lines,
                  size_t n)
{
    worker *w = &p->w[i];
    vf_sbuf out = VF_SBUF_INIT;
    if (!w->qn) w->started = now_s();
    for (size_t k = 0; k < n; k++) {
        vf_sbuf_printf(&out, "%s\n", lines[k]);
        push(w, ids[k]);
    }
    /* A worker that died meanwhile is seen at its socket's end, and these
     * tasks come back with that event. */
    (void)send_all(w->fd, out.s ? out.s : "", out.len);
    vf_sbuf_free(&out);
}

/* A whole reply buffered from w: moved to p->reply. */
static int take_line(vf_pool *p, worker *w)
{
    if (!w->qn || w->in.len <= w->off) return 0;
    char *s = w->in.s + w->off;
    char *nl = memchr(s, '\n', w->in.len - w->off);
    if (!nl) return 0;
    vf_sbuf_reset(&p->reply);
    vf_sbuf_add(&p->reply, s, (size_t)(nl - s));
    w->off = (size_t)(nl + 1 - w->in.s);
    if (w->off == w->in.len) {
        vf_sbuf_reset(&w->in);
        w->off = 0;
    }
    return 1;
}

/* The worker is gone: the event for its task, then a new worker. */
static int replace(vf_pool *p, int i, vf_pool_kind kind, vf_pool_event *ev,
                   vf_sbuf *err)
{
    worker *w = &p->w[i];
    int status = 0;
    reap(w, kind == VF_POOL_TIMEOUT, &status);
    ev->kind = kind;
    ev->status = status;
    ev->worker = i;
    ev->seconds = now_s() - w->started;
    ev->task = pop(w);
    if (w->qn > p->requeue_cap) {
        p->requeue_cap = w->qn;
        p->requeue = vf_xrealloc(p->requeue, w->qn * sizeof *p->requeue);
    }
    ev->nrequeue = 0;
    while (w->qn) p->requeue[ev->nrequeue++] = pop(w);
    ev->requeue = p->requeue;
    return spawn(p, i, err);
}

/* Every worker has a task after the one it is running. */
static int all_fed(const vf_pool *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->w[i].qn < 2) return 0;
    return 1;
}

/* Reads what is there from every worker; returns -1 on a poll error. */
static int gather(vf_pool *p, int ms)
{
    struct pollfd *fds = vf_xcalloc((size_t)p->n, sizeof *fds);
    for (int i = 0; i < p->n; i++) {
        fds[i].fd = p->w[i].eof ? -1 : p->w[i].fd;
        fds[i].events = POLLIN;
    }
    int r = poll(fds, (nfds_t)p->n, ms);
    if (r > 0 && all_fed(p)) {
        /* Nobody starves: let more answers come before reading. */
        struct timespec ts = {0, 500000};
        nanosleep(&ts, NULL);
    }
    for (int i = 0; r > 0 && i < p->n; i++) {
        if (!fds[i].revents) continue;
        char buf[65536];
        ssize_t k = read(p->w[i].fd, buf, sizeof buf);
        if (k > 0) vf_sbuf_add(&p->w[i].in, buf, (size_t)k);
        else if (k == 0 || errno != EINTR) p->w[i].eof = 1;
    }
    free(fds);
    return r < 0 && errno != EINTR ? -1 : 0;
}

int vf_pool_wait(vf_pool *p, int ms, vf_pool_event *ev, vf_sbuf *err)
{
    double t0 = now_s(), end = t0 + ms / 1e3;
    for (;;) {
        double now = now_s(), wake = end;
        for (int k = 0; k < p->n; k++) {
            int i = (p->next + k) % p->n;
            worker *w = &p->w[i];
            if (take_line(p, w)) {
                p->next = (i + 1) % p->n;
                ev->kind = VF_POOL_REPLY;
                ev->worker = i;
                ev->task = pop(w);
                ev->reply = p->reply.s;
                ev->seconds = now - w->started;
                ev->requeue = NULL;
                ev->nrequeue = 0;
                w->started = now;
                return 1;
            }
            if (w->eof && !w->qn) {   /* died between tasks: no loss */
                reap(w, 0, NULL);
                if (spawn(p, i, err)) return -1;
            } else if (w->eof) {
                return replace(p, i, VF_POOL_DIED, ev, err) ? -1 : 1;
            }
            if (w->qn && p->timeout > 0) {
                if (now - w->started >= p->timeout)
                    return replace(p, i, VF_POOL_TIMEOUT, ev, err) ? -1 : 1;
                if (w->started + p->timeout < wake)
                    wake = w->started + p->timeout;
            }
        }
        if (now >= end) return 0;
        if (gather(p, (int)((wake - now) * 1e3) + 1)) {
            vf_sbuf_printf(err, "poll: %s", strerror(errno));
            return -1;
        }
    }
}
