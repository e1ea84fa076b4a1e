/* The parent of a run: dispatch, journal, deaths, progress. */
#include "vf_lua.h"
#include "vf_run.h"
#include "vf_gamelayout.h"
#include "vf_layout.h"
#include "vf_pool.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHECKPOINT_EVERY 10.0  /* seconds between checkpoints */
#define PROGRESS_EVERY 0.5

/* Tasks not handed out: those sent back by a dead worker first. */
typedef struct queue {
    uint64_t *v;
    size_t head, n;
    uint64_t *back;            /* returned by a dead worker */
    size_t nback, back_cap;
} queue;

typedef struct state {
    vf_run *r;
    vf_pool *pool;
    queue q;
    double t0, last_checkpoint, last_progress;
    unsigned long done_here;   /* results this process received */
    vf_sbuf pending;           /* journal lines not written yet */
} state;

/* The signal that asked the run to stop, or 0. A handler can only set a
 * flag, so this is the one piece of state outside vf_run: it is set while
 * vf_run_execute runs and read by its loop (workers inherit the handler
 * and ignore the flag: the parent kills them). */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

/* Installs on_stop for SIGINT and SIGTERM, without SA_RESTART so the
 * pool's poll returns at once; old receives the handlers it replaced. */
static void catch_stops(struct sigaction old[2])
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    stop_signal = 0;
    sigaction(SIGINT, &sa, &old[0]);
    sigaction(SIGTERM, &sa, &old[1]);
}

static void release_stops(const struct sigaction old[2])
{
    sigaction(SIGINT, &old[0], NULL);
    sigaction(SIGTERM, &old[1], NULL);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static size_t queued(const queue *q)
{
    return q->n - q->head + q->nback;
}

static uint64_t take(queue *q)
{
    return q->nback ? q->back[--q->nback] : q->v[q->head++];
}

static void give_back(queue *q, const uint64_t *ids, size_t n)
{
    if (q->nback + n > q->back_cap) {
        q->back_cap = (q->nback + n) * 2;
        q->back = vf_xrealloc(q->back, q->back_cap * sizeof *q->back);
    }
    for (size_t i = n; i-- > 0;) q->back[q->nback++] = ids[i];
}

/* Every selected map not known yet is examined here, from the maps'
 * index: it holds each map's load-time run already, so no worker runs a
 * map's Lua twice. Into the tally and the journal. */
static int examine_all(state *s, vf_sbuf *err)
{
    vf_run *r = s->r;
    int rc = 0;
    for (size_t i = 0; i < r->nselected && rc >= 0; i++) {
        if (r->tally->maps[r->selected[i]].known) continue;
        vf_map_rec m;
        vf_work_examine(&r->work, r->selected[i], &m);
        rc = vf_tally_add_map(r->tally, &m);
        if (rc < 0)
            vf_sbuf_printf(err, "examining %s: not in the tally", m.name);
        else
            vf_journal_map_line(&s->pending, &m);
        vf_map_rec_free(&m);
    }
    return rc < 0 ? -1 : 0;
}

/* A run of the case list: one map's cases in one layout, and the place
 * they run at. */
typedef struct block {
    size_t from, n;
    uint64_t key;              /* vf_layout_place_key of the place */
    vf_place place;
} block;

static int cmp_block(const void *pa, const void *pb)
{
    const block *a = pa, *b = pb;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    if (a->place.branch != b->place.branch)
        return a->place.branch < b->place.branch ? -1 : 1;
    if (a->place.depth != b->place.depth)
        return a->place.depth < b->place.depth ? -1 : 1;
    return (a->from > b->from) - (a->from < b->from);
}

static int is_game(const state *s, uint64_t id)
{
    return s->r->work.spec->modes[VF_CASE_MODE(id)] == VF_MODE_GAME;
}

/* Whether case i of v starts a run: the cases of one map in one layout
 * are together in the list (vf_tally_cases). */
static int starts_run(const uint64_t *v, size_t i)
{
    return !i || VF_CASE_MAP(v[i]) != VF_CASE_MAP(v[i - 1]) ||
           VF_CASE_MODE(v[i]) != VF_CASE_MODE(v[i - 1]);
}

/* The case list's runs: mode game's from the front of b, in order, the
 * other layouts' from the back, sorted by place. */
typedef struct split {
    block *b;
    size_t ng, no;             /* runs of game, of the others */
    size_t gall;               /* cases of game */
} split;

static void split_runs(state *s, split *sp)
{
    const uint64_t *v = s->q.v;
    size_t runs = 0;
    for (size_t i = 0; i < s->q.n; i++) runs += starts_run(v, i);
    sp->b = vf_xmalloc(runs * sizeof *sp->b);
    sp->ng = sp->no = sp->gall = 0;
    block *cur = NULL;
    int game = 0;
    for (size_t i = 0; i < s->q.n; i++) {
        if (starts_run(v, i)) {
            game = is_game(s, v[i]);
            cur = game ? &sp->b[sp->ng++] : &sp->b[runs - ++sp->no];
            *cur = (block){i, 0, 0, {0, 0}};
            if (!game) {
                vf_work_map_place(&s->r->work, VF_CASE_MAP(v[i]),
                                  &cur->place);
                cur->key = vf_layout_place_key(
                    vf_engine_game(s->r->work.engine), &cur->place);
            }
        }
        cur->n++;
        sp->gall += game;
    }
    /* The others went in last first: the sort's tie-break on from puts
     * the maps of one place back in their order. */
    qsort(sp->b + sp->ng, sp->no, sizeof *sp->b, cmp_block);
}

/* The cases of v (n of them) in sp's order, game's and the others' runs
 * merged evenly: the list behind in its share of its cases goes next.
 * The caller frees the list. */
static uint64_t *merge_runs(const uint64_t *v, size_t n, const split *sp)
{
    const block *g = sp->b, *o = sp->b + sp->ng;
    uint64_t *out = vf_xmalloc(n * sizeof *out);
    size_t gdone = 0, odone = 0, gi = 0, oi = 0, k = 0, gall = sp->gall;
    while (gi < sp->ng || oi < sp->no) {
        int take_g = oi == sp->no ||
                     (gi < sp->ng && gdone * (n - gall) <= odone * gall);
        const block *r = take_g ? &g[gi++] : &o[oi++];
        memcpy(out + k, v + r->from, r->n * sizeof *out);
        k += r->n;
        *(take_g ? &gdone : &odone) += r->n;
    }
    return out;
}

/* Orders the case list: our layouts' cases by the place their maps run
 * at (maps of one place in their own order), mode game's in the maps'
 * order, the two merged evenly. A worker keeps a few hundred built
 * layouts per (layout, place) and sixteen thousand in all
 * (layout_cache.c); in the maps' own order the places of a whole-trunk
 * run with every layout would come round again after their layouts were
 * put out, and be built again. Mode game's store keeps every build, and
 * by place the workers would meet the same new level at once and build
 * the same layouts twice. Results do not depend on the order. */
static void by_place(state *s)
{
    if (!s->r->work.map_places || s->q.n < 2) return;
    split sp;
    split_runs(s, &sp);
    uint64_t *out = merge_runs(s->q.v, s->q.n, &sp);
    free(sp.b);
    free(s->q.v);
    s->q.v = out;
}

/* Once every map is examined, the cases of this shard not done yet (a
 * new list each time: --until-settled adds cases once the first round's
 * results are in), by place; once they are all done, the explanations
 * wanted. */
static void list_cases(state *s)
{
    free(s->q.v);
    s->q.v = NULL;
    s->q.head = 0;
    vf_tally_cases(s->r->tally, &s->q.v, &s->q.n);
    by_place(s);
    if (s->q.n) return;
    free(s->q.v);
    vf_tally_explains(s->r->tally, &s->q.v, &s->q.n);
}

/* The task line a worker reads (vf_work.h): a case, or its explanation,
 * and the attempt. */
static void task_line(uint64_t id, char *buf, size_t len)
{
    /* 'e': an explanation without its rule over the layout's cases. */
    char kind = !(id & VF_EXPLAIN_TASK) ? 'C'
              : id & VF_EXPLAIN_NO_RULE ? 'e' : 'E';
    int retry = id & VF_RETRY_TASK ? 1 : 0;
    id &= ~(VF_EXPLAIN_TASK | VF_EXPLAIN_NO_RULE | VF_RETRY_TASK);
    snprintf(buf, len, "%c %zu %d %lu %d", kind, VF_CASE_MAP(id),
             VF_CASE_MODE(id), (unsigned long)VF_CASE_ITER(id), retry);
}

/* Small batches near the end keep every worker busy to the last case. */
static size_t batch_size(const state *s)
{
    size_t left = queued(&s->q), per = left / ((size_t)s->r->jobs * 4);
    return per < 1 ? 1 : per > 64 ? 64 : per;
}

/* Workers get more before they run dry: a batch whenever they hold less
 * than one, so a worker has a whole batch ahead while the parent waits
 * for the CPU (it shares the cores with the workers). */
static void dispatch(state *s)
{
    int w;
    while (queued(&s->q)
           && (w = vf_pool_hungry(s->pool, batch_size(s))) >= 0) {
        uint64_t ids[64];
        char text[64][64], *lines[64];
        size_t n = batch_size(s), k = 0;
        for (; k < n && queued(&s->q); k++) {
            ids[k] = take(&s->q);
            task_line(ids[k], text[k], sizeof text[k]);
            lines[k] = text[k];
        }
        vf_pool_send(s->pool, w, ids, lines, k);
    }
}

/* Writes the journal lines received; called whenever no other answer is
 * waiting, so a kill loses only results that arrived together with the
 * one being handled. */
static int flush(state *s, vf_sbuf *err)
{
    const char *line = s->pending.s;
    size_t len = s->pending.len;
    while (len) {
        ssize_t k = write(s->r->journal_fd, line, len);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            vf_sbuf_printf(err, "writing the journal: %s", strerror(errno));
            return -1;
        }
        line += k;
        len -= (size_t)k;
    }
    vf_sbuf_reset(&s->pending);
    return 0;
}

/* An explanation's answer: into the tally and the journal. */
static int explained(state *s, const char *text, vf_sbuf *err)
{
    vf_explain_rec x;
    if (!vf_journal_parse_explain(text, &x)
        || vf_tally_add_explain(s->r->tally, &x) < 0) {
        vf_sbuf_printf(err, "a worker answered '%.200s'", text);
        return -1;
    }
    vf_explain_rec_free(&x);
    vf_sbuf_printf(&s->pending, "%s\n", text);
    return 0;
}

/* A worker's answer: into the tally and the journal. */
static int reply(state *s, const char *text, vf_sbuf *err)
{
    if (text[0] == 'X') return explained(s, text, err);
    vf_map_rec m;
    vf_case_rec c;
    int kind = vf_journal_parse(text, &m, &c), rc = 0;
    if (kind == 'M') rc = vf_tally_add_map(s->r->tally, &m);
    else if (kind == 'C') rc = vf_tally_add_case(s->r->tally, &c);
    if (!kind || rc < 0) {
        vf_sbuf_printf(err, "a worker answered '%.200s'", text);
        rc = -1;
    } else {
        vf_sbuf_printf(&s->pending, "%s\n", text);
        s->done_here++;
    }
    if (kind == 'M') vf_map_rec_free(&m);
    if (kind == 'C') vf_case_rec_free(&c);
    return rc;
}

static void death_message(const vf_pool_event *ev, double timeout,
                          vf_sbuf *b)
{
    if (ev->kind == VF_POOL_TIMEOUT)
        vf_sbuf_printf(b, "no result within %g s (--timeout): the worker "
                       "was killed", timeout);
    else if (WIFSIGNALED(ev->status))
        vf_sbuf_printf(b, "the worker was killed by signal %d",
                       WTERMSIG(ev->status));
    else if (WEXITSTATUS(ev->status) == VF_LUA_EXIT_STUCK)
        vf_sbuf_printf(b, "the vault's Lua was past its time limit in a C "
                       "function or a finalizer (a pathological string "
                       "pattern?), where it cannot be stopped safely: the "
                       "worker exited (status %d)", VF_LUA_EXIT_STUCK);
    else
        vf_sbuf_printf(b, "the worker exited with status %d",
                       WEXITSTATUS(ev->status));
}

/* A worker died explaining a case: the explanation says it was not made. */
static int died_explaining(state *s, uint64_t task, vf_sbuf *err)
{
    vf_explain_rec x;
    memset(&x, 0, sizeof x);
    task &= ~(VF_EXPLAIN_TASK | VF_EXPLAIN_NO_RULE | VF_RETRY_TASK);
    x.map = VF_CASE_MAP(task);
    x.mode = s->r->work.spec->modes[VF_CASE_MODE(task)];
    x.iter = VF_CASE_ITER(task);
    x.nchoices = -1;
    vf_sbuf line = VF_SBUF_INIT;
    vf_journal_explain_line(&line, &x);
    line.s[--line.len] = '\0';
    int rc = explained(s, line.s, err);
    vf_sbuf_free(&line);
    return rc;
}

/* SIGKILL is what the out-of-memory killer or a person sends; a case's
 * own faults raise other signals, and the pool's --timeout kill is an
 * event of its own. So a task whose worker got one runs once more, on the
 * fresh worker in the dead one's place, before it is called a crash.
 * Returns 1 when the task went back. */
static int retry_outside_kill(state *s, const vf_pool_event *ev)
{
    if (ev->kind != VF_POOL_DIED || !WIFSIGNALED(ev->status)
        || WTERMSIG(ev->status) != SIGKILL || (ev->task & VF_RETRY_TASK))
        return 0;
    give_back(&s->q, ev->requeue, ev->nrequeue);
    uint64_t again = ev->task | VF_RETRY_TASK;
    char text[64], *line = text;
    task_line(again, text, sizeof text);
    vf_pool_send(s->pool, ev->worker, &again, &line, 1);
    return 1;
}

/* A worker died on a task: its result says so. A case gets a dump. */
static int died(state *s, const vf_pool_event *ev, vf_sbuf *err)
{
    vf_run *r = s->r;
    if (retry_outside_kill(s, ev)) return 0;
    if (ev->task & VF_EXPLAIN_TASK) {
        give_back(&s->q, ev->requeue, ev->nrequeue);
        return died_explaining(s, ev->task, err);
    }
    vf_sbuf msg = VF_SBUF_INIT, line = VF_SBUF_INIT;
    death_message(ev, r->timeout, &msg);
    if (ev->task & VF_RETRY_TASK)
        vf_sbuf_adds(&msg, ", again when the case ran once more on a fresh "
                     "worker (killed from outside twice -- out of memory? "
                     "-- or by the case itself)");
    give_back(&s->q, ev->requeue, ev->nrequeue);
    size_t map = VF_CASE_MAP(ev->task);
    const char *name = r->work.set->maps[map].name;
    vf_case_rec c = {0};
    c.map = map;
    c.mode = r->work.spec->modes[VF_CASE_MODE(ev->task)];
    c.iter = VF_CASE_ITER(ev->task);
    /* Vault Lua stuck past its time limit is the vault's slowness, a
     * timeout; only what else ends a worker is a crash (a fault of ours
     * or of the machine). */
    int stuck = ev->kind == VF_POOL_DIED && WIFEXITED(ev->status)
                && WEXITSTATUS(ev->status) == VF_LUA_EXIT_STUCK;
    c.kinds = ev->kind == VF_POOL_TIMEOUT || stuck ? VF_R_TIMEOUT
                                                   : VF_R_CRASH;
    c.error = c.kinds;
    c.seed = vf_seed_layout_case(r->work.spec->seed, name,
                                 vf_mode_name(c.mode), c.iter);
    c.message = msg.s;
    vf_sbuf dump = VF_SBUF_INIT;
    char why[512];
    vf_work_dead_dump(&r->work, &c, &dump);
    if (vf_work_write_dump(&r->work, &c, &dump, why, sizeof why))
        vf_sbuf_printf(&msg, " [no dump: %s]", why);
    c.message = msg.s;
    vf_journal_case_line(&line, &c);
    vf_sbuf_free(&dump);
    if (line.len) line.s[--line.len] = '\0';
    int rc = reply(s, line.s, err);
    vf_sbuf_free(&line);
    vf_sbuf_free(&msg);
    return rc;
}

static void progress(state *s, int last)
{
    vf_run *r = s->r;
    double t = now_s();
    if (!r->progress || (!last && t - s->last_progress < PROGRESS_EVERY))
        return;
    s->last_progress = t;
    const vf_tally *ta = r->tally;
    size_t total = vf_tally_cases(ta, NULL, NULL);
    double rate = s->done_here / (t - s->t0 > 1e-3 ? t - s->t0 : 1e-3);
    double eta = rate > 0 ? (total - ta->cases) / rate : 0;
    fprintf(r->progress, "\rcases: %lu of %zu (%.1f%%), %.0f cases/s, "
            "ETA %dm%02ds, %lu failed   ", ta->cases, total,
            total ? 100.0 * ta->cases / total : 100.0, rate,
            (int)eta / 60, (int)eta % 60, ta->failed);
    if (last) fputc('\n', r->progress);
    fflush(r->progress);
}

static int checkpoint(state *s, vf_sbuf *err)
{
    double t = now_s();
    if (!s->r->checkpoint || t - s->last_checkpoint < CHECKPOINT_EVERY)
        return 0;
    s->last_checkpoint = t;
    return s->r->checkpoint(s->r->checkpoint_ctx, err);
}

static int loop(state *s, vf_sbuf *err)
{
    for (;;) {
        if (stop_signal) return flush(s, err);
        dispatch(s);
        if (!queued(&s->q) && !vf_pool_busy(s->pool)) return flush(s, err);
        vf_pool_event ev;
        int got = vf_pool_wait(s->pool, 200, &ev, err);
        if (got < 0) return -1;
        if (got && ev.kind == VF_POOL_REPLY && reply(s, ev.reply, err))
            return -1;
        if (got && ev.kind != VF_POOL_REPLY && died(s, &ev, err)) return -1;
        if (!vf_pool_ready(s->pool) && flush(s, err)) return -1;
        progress(s, 0);
        if (checkpoint(s, err)) return -1;
    }
}

/* Mode game's built layouts, made before the workers fork so that what
 * one builds the others copy (vf_gamelayout.h). */
static void share_game_layouts(vf_work *w)
{
    for (int i = 0; i < w->spec->nmodes && !w->game_layouts; i++)
        if (w->spec->modes[i] == VF_MODE_GAME)
            w->game_layouts = vf_gamelayouts_new();
}

int vf_run_execute(vf_run *r, vf_sbuf *err)
{
    state s;
    memset(&s, 0, sizeof s);
    s.r = r;
    s.t0 = s.last_checkpoint = s.last_progress = now_s();
    struct sigaction old[2];
    catch_stops(old);
    int rc = examine_all(&s, err) || flush(&s, err) ? -1 : 0;
    if (rc == 0) {
        share_game_layouts(&r->work);
        s.pool = vf_pool_new(r->jobs, r->timeout, vf_work_task, &r->work,
                             err);
        rc = s.pool ? 0 : -1;
    }
    /* Rounds until nothing is left: the second, with --until-settled,
     * runs the iterations the first round's results ask for. */
    while (rc == 0 && !stop_signal) {
        list_cases(&s);
        if (!s.q.n) break;
        rc = loop(&s, err);
    }
    progress(&s, 1);
    vf_pool_free(s.pool);    /* kills the workers still on a case */
    r->stopped = stop_signal;
    release_stops(old);
    free(s.q.v);
    free(s.q.back);
    vf_sbuf_free(&s.pending);
    return rc;
}
