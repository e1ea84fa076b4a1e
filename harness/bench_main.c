/* make bench: load and compile figures for a .des tree, on one core, and
 * 'vaultfuzz run' throughput at -j 1 and -j 2.
 *
 * Every figure is printed beside a baseline measured in the same run
 * (reading the same files and nothing else; a memset; a CPU-bound loop
 * in one and two processes), so a busy shared machine shows up in both. */
#define _XOPEN_SOURCE 700   /* mkdtemp */
#include "cli.h"
#include "vf_explain.h"
#include "vf_catalog.h"
#include "vf_case.h"
#include "vf_conn.h"
#include "vf_des.h"
#include "vf_engine.h"
#include "vf_fs.h"
#include "vf_work.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RUNS 7

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum stage { READ_ONLY, PARSE, PARSE_COMPILE };

/* One pass over the files; returns milliseconds. */
static double pass(const vf_strlist *files, enum stage st, size_t *maps,
                   size_t *bytes)
{
    vf_desset set;
    vf_diag d;
    vf_desset_init(&set);
    vf_diag_init(&d);
    double t0 = now_ms();
    *bytes = 0;
    for (size_t i = 0; i < files->n; i++) {
        char *text, err[256];
        size_t len;
        if (vf_fs_read(files->v[i], VF_DES_MAX_FILE, &text, &len, err,
                       sizeof err))
            continue;
        *bytes += len;
        if (st != READ_ONLY)
            vf_des_load_buffer(&set, files->v[i], text, len, &d);
        free(text);
    }
    if (st == PARSE_COMPILE) vf_des_compile(&set, &d, NULL);
    double t = now_ms() - t0;
    *maps = set.nmaps;
    vf_desset_free(&set);
    vf_diag_free(&d);
    return t;
}

static double median(enum stage st, const vf_strlist *files, size_t *maps,
                     size_t *bytes)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) t[r] = pass(files, st, maps, bytes);
    qsort(t, RUNS, sizeof *t, cmp_double);
    return t[RUNS / 2];
}

/* Resolves per second for each map of dir, on one core: the median and
 * the slowest map, beside an empty map's rate measured in the same run as
 * the baseline. With a crawl checkout, the game's own library runs them. */
static double rate(vf_engine *e, const vf_mapdef *def, int cases,
                   size_t *failed)
{
    vf_rmap m;
    vf_rmap_init(&m, def, NULL);
    vf_sbuf err = VF_SBUF_INIT;
    double t0 = now_ms();
    for (int i = 0; i < cases; i++) {
        vf_sbuf_reset(&err);
        vf_resolve_req rq = {.def = def,
                             .seed = vf_seed_case(1, def->name, (uint32_t)i)};
        if (vf_engine_resolve(e, &rq, &m, &err) == VF_LUA_ERROR)
            (*failed)++;
    }
    double t = now_ms() - t0;
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
    return cases / (t / 1e3);
}

/* w's next cases in mode m, rotated or not. */
static void in_mode(vf_case *w, vf_mode m, int no_rotate)
{
    w->opts.mode = m;
    w->opts.no_rotate = no_rotate;
}

/* Whole cases per second (resolve, place on placement.lua's empty level,
 * judge), for one map. */
static double case_rate(vf_case *w, const vf_mapdef *def, int cases)
{
    vf_verdict v;
    in_mode(w, VF_MODE_EMPTY, 1);
    double t0 = now_ms();
    for (int i = 0; i < cases; i++)
        vf_case_run(w, def, (uint32_t)i, &v);
    return cases / ((now_ms() - t0) / 1e3);
}

/* Each synthetic layout: levels built per second (the layout and its
 * stairs, no vault), and whole cases per second in it over every map of
 * the set (a few cases each; maps its tags keep out count as cases). */
static void bench_layouts(const vf_desset *set, vf_case *w, int cases)
{
    static const vf_mode kinds[] = {VF_MODE_EMPTY, VF_MODE_ROOMS,
                                    VF_MODE_CAVES, VF_MODE_CITY,
                                    VF_MODE_OPEN, VF_MODE_CROSS};
    vf_place p = {0, 8};
    vf_sbuf err = VF_SBUF_INIT;
    printf("    layouts (D:8; levels alone, then %d cases per map):\n",
           cases);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        vf_mode m = kinds[k];
        double levels = 0;
        if (vf_mode_is_layout(m)) {
            double t0 = now_ms();
            for (int i = 0; i < 300; i++)
                vf_case_layout_level(w->level, NULL, m, &p, (uint64_t)i + 1,
                                     &err);
            levels = 300 / ((now_ms() - t0) / 1e3);
        }
        vf_verdict v;
        in_mode(w, m, 1);
        size_t n = 0;
        double t0 = now_ms();
        for (size_t i = 0; i < set->nmaps; i++)
            for (int c = 0; c < cases; c++, n++)
                vf_case_run(w, &set->maps[i], (uint32_t)c, &v);
        double placed = n / ((now_ms() - t0) / 1e3);
        if (levels > 0)
            printf("      %-6s %8.0f layouts/s  %8.0f cases/s\n",
                   vf_mode_name(m), levels, placed);
        else
            printf("      %-6s %8s            %8.0f cases/s\n",
                   vf_mode_name(m), "-", placed);
    }
    vf_sbuf_free(&err);
}

/* r[i] is the rate of names[i]. */
static void print_rates(const char *what, double *r, const char **names,
                        size_t n, double base, const char *unit)
{
    size_t worst = 0;
    for (size_t i = 1; i < n; i++)
        if (r[i] < r[worst]) worst = i;
    const char *slow = n ? names[worst] : "-";
    double slowest = n ? r[worst] : 0;
    qsort(r, n, sizeof *r, cmp_double);
    printf("    %s:\n", what);
    printf("      baseline (1x1 map, no Lua)  %9.0f %s\n", base, unit);
    printf("      median map                  %9.0f %s  (goal >= 20000)\n",
           n ? r[n / 2] : 0, unit);
    printf("      slowest map                 %9.0f %s  (%s)\n", slowest,
           unit, slow);
}

/* Each map runs where the game builds it, as lint, show and run do. */
static void at_own_place(vf_engine *e, const vf_place *dflt,
                         const vf_mapdef *def)
{
    vf_place p;
    vf_engine_set_place(e, dflt);
    vf_engine_map_place(e, def, &p);
    vf_engine_set_place(e, &p);
}

/* The first case (of 20, mode empty) at warning or worse, or -1. */
static int failing_iter(vf_case *w, const vf_mapdef *def)
{
    in_mode(w, VF_MODE_EMPTY, 0);
    for (int it = 0; it < 20; it++) {
        vf_verdict v;
        vf_case_run(w, def, (uint32_t)it, &v);
        if (vf_sev_of(v.kinds, v.warning, v.error) >= VF_SEV_WARNING)
            return it;
    }
    return -1;
}

/* explain (as run's --explain: VF_WORK_EXPLAIN_BUDGET replays at most) on
 * the first failing case of up to 40 failing maps: time per explanation. */
static void bench_explain(const vf_desset *set, vf_case *w)
{
    enum { MAPS = 40 };
    double ms[MAPS];
    size_t n = 0, replays = 0;
    for (size_t i = 0; i < set->nmaps && n < MAPS; i++) {
        const vf_mapdef *def = &set->maps[i];
        int it = failing_iter(w, def);
        if (it < 0) continue;
        vf_explanation x;
        double t0 = now_ms();
        vf_explain(w, def, (uint32_t)it, VF_WORK_EXPLAIN_BUDGET, &x);
        ms[n++] = now_ms() - t0;
        replays += x.replays;
        vf_explanation_free(&x);
    }
    if (!n) return;
    qsort(ms, n, sizeof *ms, cmp_double);
    double total = 0;
    for (size_t i = 0; i < n; i++) total += ms[i];
    printf("    explain (the first failing case of %zu failing maps, %d "
           "replays at most): median %.1f ms, slowest %.1f ms, %.2f ms a "
           "replay\n", n, VF_WORK_EXPLAIN_BUDGET, ms[n / 2], ms[n - 1],
           replays ? total / replays : 0.0);
}

static void bench_resolve(const char *dir, const char *crawl_dat, int cases)
{
    vf_desset set;
    vf_diag d;
    vf_sbuf err = VF_SBUF_INIT;
    vf_desset_init(&set);
    vf_diag_init(&d);
    char *paths[] = {(char *)dir};
    vf_des_load_paths(&set, paths, 1, &d);
    static const char empty[] = "NAME: vf_bench_empty\nMAP\n@\nENDMAP\n";
    vf_des_load_buffer(&set, "baseline.des", empty, strlen(empty), &d);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.crawl_dat = crawl_dat;
    /* The maps' index up front, so no map's figure carries its making. */
    double t0 = now_ms();
    cfg.catalog = vf_catalog_build(&set, &cfg, 1, &err);
    double index_ms = now_ms() - t0;
    vf_engine *e = cfg.catalog ? vf_engine_new(&set, &cfg, &d, &err) : NULL;
    const vf_mapdef *baseline = vf_desset_find(&set, "vf_bench_empty");
    if (!e || !baseline) {
        printf("  resolve: %s\n", vf_sbuf_str(&err));
        return;
    }
    double *r = vf_xmalloc(set.nmaps * sizeof *r);
    double *c = vf_xmalloc(set.nmaps * sizeof *c);
    const char **names = vf_xmalloc(set.nmaps * sizeof *names);
    vf_case w;
    vf_case_opts o = {.mode = VF_MODE_EMPTY, .seed = 1};
    vf_case_init(&w, e, &o);
    size_t n = 0, failed = 0;
    double base = rate(e, baseline, cases, &failed);
    double cbase = case_rate(&w, baseline, cases);
    for (size_t i = 0; i < set.nmaps; i++) {
        if (!strcmp(set.maps[i].name, "vf_bench_empty")) continue;
        at_own_place(e, &cfg.place, &set.maps[i]);
        r[n] = rate(e, &set.maps[i], cases, &failed);
        c[n] = case_rate(&w, &set.maps[i], cases);
        names[n++] = set.maps[i].name;
    }
    printf("  %s with %s (%zu maps x %d cases, %zu lua errors):\n", dir,
           crawl_dat ? "the game's library" : "our dlua/", n, cases, failed);
    printf("    map index (every map's load-time run, once) %8.0f ms\n",
           index_ms);
    print_rates("resolve only", r, names, n, base, "resolves/s");
    print_rates("whole cases: resolve, place (mode empty), judge", c, names,
                n, cbase, "cases/s");
    bench_layouts(&set, &w, cases > 4 ? 2 : cases);
    bench_explain(&set, &w);
    vf_case_release(&w);
    free(c);
    free(r);
    free(names);
    vf_engine_free(e);
    vf_catalog_free(cfg.catalog);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
}

/* ---- connectivity ------------------------------------------------------ */

static uint32_t xorshift(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void fill(vf_level *l, int x0, int y0, int w, int h, vf_feat f)
{
    for (int y = y0; y < y0 + h && y < VF_GYM - 1; y++)
        for (int x = x0; x < x0 + w && x < VF_GXM - 1; x++)
            l->feat[y][x] = (uint8_t)f;
}

/* A vault on the level: stone walls, a door on its west side (its exit),
 * floor, a monster and an item; opaque unless transparent. */
static void bench_vault(vf_level *l, int x0, int y0, int transparent)
{
    int i = l->nvaults++, w = 9, h = 7;
    vf_level_vault *v = &l->vaults[i];
    snprintf(v->name, sizeof v->name, "bench_%d", i);
    v->x = x0, v->y = y0, v->w = w, v->h = h;
    v->transparent = transparent;
    fill(l, x0, y0, w, h, VF_F_STONE_WALL);
    fill(l, x0 + 1, y0 + 1, w - 2, h - 2, VF_F_FLOOR);
    l->feat[y0 + h / 2][x0] = VF_F_CLOSED_DOOR;
    v->nexits = 1;
    v->exits[0].x = x0, v->exits[0].y = y0 + h / 2;
    l->content[y0 + 2][x0 + 3] = VF_CELL_MONSTER;
    l->content[y0 + 3][x0 + 5] = VF_CELL_ITEM;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            l->vault[y][x] = (uint8_t)(i + 1);
            l->mask[y][x] = VF_MMT_VAULT;
            if (!transparent && (x != x0 || y != y0 + h / 2))
                l->mask[y][x] |= VF_MMT_OPAQUE;
        }
}

/* A level much busier than placement's: twelve vaults, pools, lava,
 * rock pillars, traps, statues, stairs. */
static void busy_level(vf_level *l)
{
    vf_place p = {0, 8};
    uint32_t s = 12345;
    vf_level_init_empty(l, NULL, &p);
    for (int i = 0; i < 12; i++)
        bench_vault(l, 4 + 12 * (i % 6), 6 + 22 * (i / 6), i % 3 == 0);
    fill(l, 10, 50, 20, 8, VF_F_DEEP_WATER);
    fill(l, 40, 52, 25, 3, VF_F_LAVA);
    for (int i = 0; i < 60; i++) {
        int x = 2 + (int)(xorshift(&s) % 76), y = 2 + (int)(xorshift(&s) % 66);
        if (l->vault[y][x]) continue;
        static const vf_feat some[] = {VF_F_ROCK_WALL, VF_F_TRAP_NET,
            VF_F_GRANITE_STATUE, VF_F_SHALLOW_WATER, VF_F_TREE};
        fill(l, x, y, 1 + (int)(xorshift(&s) % 3), 1, some[i % 5]);
    }
    l->feat[1][1] = VF_F_STONE_STAIRS_UP_I;
    l->feat[66][75] = VF_F_STONE_STAIRS_DOWN_I;
}

#define CONN_BATCHES 15

/* Microseconds per call of what, over batches of n calls: the median. */
static double per_call_us(void (*what)(const vf_level *, void *),
                          const vf_level *l, void *arg, int n)
{
    double t[CONN_BATCHES];
    for (int b = 0; b < CONN_BATCHES; b++) {
        double t0 = now_ms();
        for (int i = 0; i < n; i++) what(l, arg);
        t[b] = (now_ms() - t0) * 1e3 / n;
    }
    qsort(t, CONN_BATCHES, sizeof *t, cmp_double);
    return t[CONN_BATCHES / 2];
}

static volatile int conn_sink;

static void do_memset(const vf_level *l, void *arg)
{
    (void)l;
    memset(arg, conn_sink, sizeof l->feat);
    conn_sink += ((unsigned char *)arg)[17];
}

static void do_count(const vf_level *l, void *arg)
{
    (void)arg;
    conn_sink += vf_conn_count_zones(l, 0);
}

static void do_analyse(const vf_level *l, void *arg)
{
    vf_conn_analyse(l, arg);
    conn_sink += ((vf_conn_report *)arg)->nzones;
}

static void bench_conn(void)
{
    static vf_level empty, busy;
    static vf_conn_report r;
    static unsigned char buf[sizeof empty.feat];
    vf_place p = {0, 8};
    vf_level_init_empty(&empty, NULL, &p);
    busy_level(&busy);
    vf_conn_analyse(&busy, &r);
    printf("  connectivity, 80x70 levels (median of %d batches, one "
           "core):\n", CONN_BATCHES);
    printf("    memset of 80x70 bytes (baseline)  %7.2f us\n",
           per_call_us(do_memset, &empty, buf, 20000));
    printf("    zone count, empty level           %7.2f us  (goal <= 5)\n",
           per_call_us(do_count, &empty, NULL, 5000));
    printf("    zone count, busy level            %7.2f us  (%d zones, %d "
           "vaults)\n", per_call_us(do_count, &busy, NULL, 5000), r.nzones,
           busy.nvaults);
    printf("    full analysis, empty level        %7.2f us\n",
           per_call_us(do_analyse, &empty, &r, 500));
    printf("    full analysis, busy level         %7.2f us  (%d findings)"
           "\n", per_call_us(do_analyse, &busy, &r, 500),
           (vf_conn_analyse(&busy, &r), r.nfindings + r.dropped));
}

/* ---- vaultfuzz run at -j 1 and -j 2 -------------------------------------- */

/* A fixed amount of arithmetic in n processes at once: the machine's own
 * scaling, the ceiling for the run's. Returns seconds. */
static double spin(int n)
{
    double t0 = now_ms();
    for (int i = 0; i < n; i++)
        if (fork() == 0) {
            volatile unsigned long x = 0;
            for (unsigned long k = 0; k < 400000000UL; k++) x += k ^ (x >> 3);
            _exit(0);
        }
    while (wait(NULL) > 0) {}
    return (now_ms() - t0) / 1e3;
}

/* CPU seconds of this process and its waited-for children so far. */
static double cpu_s(void)
{
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    return self.ru_utime.tv_sec + self.ru_stime.tv_sec +
           kids.ru_utime.tv_sec + kids.ru_stime.tv_sec +
           (self.ru_utime.tv_usec + self.ru_stime.tv_usec +
            kids.ru_utime.tv_usec + kids.ru_stime.tv_usec) / 1e6;
}

/* What one 'vaultfuzz run' took. */
typedef struct run_took {
    unsigned long cases;
    double wall, cpu;   /* seconds */
} run_took;

/* The runs' directories, removed once the bench is done (remove_runs):
 * ext4 without a journal passes over the inodes freed in the last
 * seconds to minutes when it makes a file, so a run that followed the
 * removal of the last one's 20,000 dumps paid up to a millisecond a dump
 * for the bench's own clean-up (mode game, with the most dumps, the
 * most). A night's run follows no such removal. */
static vf_strlist kept_runs;

static void remove_runs(void)
{
    for (size_t i = 0; i < kept_runs.n; i++) {
        char rm[128];
        snprintf(rm, sizeof rm, "rm -rf '%s'", kept_runs.v[i]);
        if (system(rm)) {}
    }
    vf_strlist_free(&kept_runs);
}

/* One 'vaultfuzz run' of dir in layouts, count times per map, into a
 * fresh directory. */
static run_took run_once(const char *dir, const char *crawl, int jobs,
                         const char *layouts, int count, int explain)
{
    run_took t = {0, 0, 0};
    char out[] = "/tmp/vf_bench_XXXXXX", j[16], n[16], rep[64];
    if (!mkdtemp(out)) return t;
    snprintf(j, sizeof j, "%d", jobs);
    snprintf(n, sizeof n, "%d", count);
    snprintf(rep, sizeof rep, "%s/r", out);
    char *argv[20] = {"vaultfuzz", "run", "--count", n, "-j", j, "--out",
                      rep, "--des", (char *)dir, "--explain", "none"};
    int argc = explain ? 10 : 12;
    if (layouts) {   /* NULL: the default layouts */
        argv[argc++] = "--layouts";
        argv[argc++] = (char *)layouts;
    }
    if (crawl) {
        argv[argc++] = "--crawl-dir";
        argv[argc++] = (char *)crawl;
    }
    char *text = NULL;
    size_t len;
    FILE *o = open_memstream(&text, &len), *e = fopen("/dev/null", "w");
    double t0 = now_ms(), c0 = cpu_s();
    vf_cli_main(argc, argv, o, e);
    t.wall = (now_ms() - t0) / 1e3;
    t.cpu = cpu_s() - c0;
    fclose(o);
    fclose(e);
    const char *c = strstr(text, "\ncases: ");
    t.cases = c ? strtoul(c + 8, NULL, 10) : 0;
    free(text);
    vf_strlist_push(&kept_runs, vf_xstrdup(out));
    return t;
}

/* Cases per second of the whole command (loading and report included). */
static double run_rate(const char *dir, const char *crawl, int jobs,
                       unsigned long *cases)
{
    run_took t = run_once(dir, crawl, jobs, "empty", 3, 1);
    *cases = t.cases;
    return t.wall > 0 ? t.cases / t.wall : 0;
}

#define RUN_ROUNDS 3

/* -j 1 and -j 2 in turn, RUN_ROUNDS times: the medians, so a burst of
 * load elsewhere on the machine touches one round, not one side. */
static void bench_run(const char *dir, const char *crawl)
{
    unsigned long cases;
    double s1 = spin(1), s2 = spin(2), r1[RUN_ROUNDS], r2[RUN_ROUNDS];
    for (int i = 0; i < RUN_ROUNDS; i++) {
        r1[i] = run_rate(dir, crawl, 1, &cases);
        r2[i] = run_rate(dir, crawl, 2, &cases);
    }
    qsort(r1, RUN_ROUNDS, sizeof *r1, cmp_double);
    qsort(r2, RUN_ROUNDS, sizeof *r2, cmp_double);
    double m1 = r1[RUN_ROUNDS / 2], m2 = r2[RUN_ROUNDS / 2];
    printf("  run, %s with %s (%lu cases: 3 per map in mode empty; the "
           "whole command: loading, the maps' index, examining, cases, "
           "report; median of %d rounds):\n", dir,
           crawl ? "the game's library" : "our dlua/", cases, RUN_ROUNDS);
    printf("    baseline: CPU loop, 1 process %.2f s, 2 at once %.2f s  "
           "(machine scaling %.2fx)\n", s1, s2, 2 * s1 / s2);
    printf("    -j 1  %8.0f cases/s  (rounds %.0f..%.0f)\n", m1, r1[0],
           r1[RUN_ROUNDS - 1]);
    printf("    -j 2  %8.0f cases/s  (rounds %.0f..%.0f; scaling %.2fx; "
           "goal >= 1.8x on 2 free cores)\n", m2, r2[0], r2[RUN_ROUNDS - 1],
           m1 > 0 ? m2 / m1 : 0);
}

/* ---- each layout over a whole tree, at -j 1 and -j 2 --------------------- */

/* Iterations per map of the two runs a rate comes from: the case rate is
 * what the longer run takes beyond the shorter (loading, the maps' index
 * and the report cancel out). Past the first ten or so iterations a
 * layout's pool of built levels is mostly there, as over most of a
 * night's 100: between 3 and 9 the builds still coming made rooms look
 * 15% slower than it runs over a night. */
#define SHORT_COUNT 9
#define LONG_COUNT 27
#define NIGHTLY_COUNT 100
/* Empty's runs, longer: between 9 and 27 iterations its cases take a
 * second or two, and its rate -- every other one's baseline -- came out
 * anywhere from 21,000 to 30,000 cases/s at -j 2 on one machine in one
 * hour. Between 27 and 100 the difference is tens of seconds. */
#define EMPTY_SHORT_COUNT 27
#define EMPTY_LONG_COUNT 100

typedef struct layout_rate {
    double wall, cpu;        /* cases per second, and per CPU second */
    unsigned long per_iter;  /* cases of one iteration */
    double fixed;            /* seconds of the run beyond its cases */
} layout_rate;

static layout_rate rate_of(const char *dir, const char *crawl, int jobs,
                           const char *layout)
{
    layout_rate r = {0, 0, 0, 0};
    int empty = !strcmp(layout, "empty");
    int shorter = empty ? EMPTY_SHORT_COUNT : SHORT_COUNT;
    int longer = empty ? EMPTY_LONG_COUNT : LONG_COUNT;
    run_took a = run_once(dir, crawl, jobs, layout, shorter, 0);
    run_took b = run_once(dir, crawl, jobs, layout, longer, 0);
    double dc = (double)b.cases - (double)a.cases;
    if (b.wall > a.wall && dc > 0) r.wall = dc / (b.wall - a.wall);
    if (b.cpu > a.cpu && dc > 0) r.cpu = dc / (b.cpu - a.cpu);
    r.per_iter = a.cases / shorter;
    r.fixed = r.wall > 0 ? a.wall - a.cases / r.wall : 0;
    return r;
}

/* Mode game's layout maps cost tens of milliseconds of Lua per build, and
 * a run builds each (layout map, seed, branch or level) once: beyond a
 * few iterations the builds are still coming, so a rate between two
 * short runs would count them against every case. Its night is measured
 * instead, whole: NIGHTLY_COUNT iterations at -j 1 and at -j 2. */
static layout_rate game_night(const char *dir, const char *crawl, int jobs)
{
    layout_rate r = {0, 0, 0, 0};
    run_took t = run_once(dir, crawl, jobs, "game", NIGHTLY_COUNT, 0);
    if (t.wall > 0) r.wall = t.cases / t.wall;
    if (t.cpu > 0) r.cpu = t.cases / t.cpu;
    r.per_iter = t.cases / NIGHTLY_COUNT;
    return r;
}

static void print_rate(const char *name, const layout_rate r[2],
                       const layout_rate e[2], int game)
{
    printf("      %-8s %10.0f %7.2f %10.0f %7.2f %10.0f %7.2f%s\n", name,
           r[0].wall, e[0].wall > 0 ? r[0].wall / e[0].wall : 0, r[1].wall,
           e[1].wall > 0 ? r[1].wall / e[1].wall : 0, r[1].cpu,
           e[1].cpu > 0 ? r[1].cpu / e[1].cpu : 0,
           game ? "  (the whole night, measured)" : "");
}

/* Every layout a run accepts but fill (the default set; a layout mode
 * added to vf_mode shows up here by itself): cases per second over the
 * whole tree at -j 1 and -j 2 and per CPU second (at -j 2), with the
 * ratio to empty in the same run, and the night's whole run (every
 * default layout, NIGHTLY_COUNT iterations) at -j 2: mode game's part
 * measured, the others' worked out from their rates. */
static void bench_run_layouts(const char *dir, const char *crawl)
{
    layout_rate r[VF_MODE_COUNT][2];
    printf("  run, every layout over %s (cases/s of a %d-iteration run "
           "beyond a %d-iteration one, %d beyond %d for empty; wall clock, "
           "and per CPU second at -j 2):\n", dir, LONG_COUNT, SHORT_COUNT,
           EMPTY_LONG_COUNT, EMPTY_SHORT_COUNT);
    printf("      %-8s %10s %7s %10s %7s %10s %7s\n", "layout", "-j 1",
           "ratio", "-j 2", "ratio", "CPU", "ratio");
    double night = 0, loading = 0, builds = 0;
    for (int m = 0; m < VF_MODE_COUNT; m++) {
        if (m == VF_MODE_FILL) continue;
        int game = m == VF_MODE_GAME;
        const char *name = vf_mode_name((vf_mode)m);
        if (game) {
            if (!crawl) continue;
            for (int j = 0; j < 2; j++)
                r[m][j] = game_night(dir, crawl, j + 1);
        } else {
            for (int j = 0; j < 2; j++)
                r[m][j] = rate_of(dir, crawl, j + 1, name);
        }
        print_rate(name, r[m], r[VF_MODE_EMPTY], game);
        if (r[m][1].wall <= 0) continue;
        night += (double)r[m][1].per_iter * NIGHTLY_COUNT / r[m][1].wall;
        /* Loading is done once a night; a layout's own set-up (its
         * builds in the first iterations) once per layout. */
        if (m == VF_MODE_EMPTY) loading = r[m][1].fixed;
        else if (r[m][1].fixed > loading) builds += r[m][1].fixed - loading;
    }
    printf("    whole run, every layout above x %d iterations at -j 2: about "
           "%.0f s worked out (%.0f s of cases at these rates, mode game's "
           "whole night in it + %.0f s of loading and index + %.0f s of the "
           "layouts' first builds)\n", NIGHTLY_COUNT,
           night + loading + builds, night, loading, builds);
    /* And run: the cases of every layout of a run interleave, map by map,
     * which the rates above do not see. */
    run_took t = run_once(dir, crawl, 2, NULL, NIGHTLY_COUNT, 0);
    printf("    whole run, measured: 'vaultfuzz run --count %d -j 2 --explain "
           "none', the default layouts: %.0f s, %.0f s of CPU, %lu cases "
           "(goal < 300 s)\n", NIGHTLY_COUNT, t.wall, t.cpu, t.cases);
}

/* bench_vaultfuzz [DES_DIR [CRAWL_DIR [layouts]]]: with "layouts", only
 * the runs of every layout over the checkout's vaults. */
int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/dcss-des";
    char *crawl_dat = NULL;
    if (argc > 2 && *argv[2]) {
        vf_sbuf err = VF_SBUF_INIT;
        crawl_dat = vf_engine_find_crawl_dat(argv[2], &err);
        if (!crawl_dat) fprintf(stderr, "bench: %s\n", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
    }
    if (argc > 3 && !strcmp(argv[3], "layouts") && crawl_dat) {
        vf_sbuf des = VF_SBUF_INIT;
        vf_sbuf_printf(&des, "%s/des", crawl_dat);
        bench_run_layouts(des.s, argv[2]);
        vf_sbuf_free(&des);
        free(crawl_dat);
        remove_runs();
        return 0;
    }
    vf_strlist files = {0};
    vf_diag d;
    vf_diag_init(&d);
    if (vf_fs_expand(dir, ".des", &files, &d)) {
        vf_diag_print(&d, stderr);
        fprintf(stderr, "bench: falling back to corpus/\n");
        vf_diag_free(&d);
        vf_diag_init(&d);
        dir = "corpus";
        vf_fs_expand(dir, ".des", &files, &d);
    }
    size_t maps, bytes;
    double base = median(READ_ONLY, &files, &maps, &bytes);
    double parse = median(PARSE, &files, &maps, &bytes);
    double all = median(PARSE_COMPILE, &files, &maps, &bytes);
    /* make bench runs this once per interpreter, on the same tree. */
    printf("bench: %s: %zu files, %zu maps, %.1f MB; median of %d runs, "
           "one core; vault Lua under %s\n", dir, files.n, maps,
           bytes / 1e6, RUNS, vf_lua_release());
    printf("  read files only (baseline)  %8.1f ms\n", base);
    printf("  load (read + parse)         %8.1f ms  %9.0f maps/s\n", parse,
           maps / (parse / 1e3));
    printf("  load + compile every chunk  %8.1f ms  %9.0f maps/s"
           "  (goal: whole corpus <= 500 ms)\n", all, maps / (all / 1e3));
    printf("  parse cost over baseline    %8.1fx\n", parse / base);
    bench_conn();
    bench_resolve("corpus", NULL, 400);
    if (crawl_dat) {
        vf_sbuf des = VF_SBUF_INIT;
        vf_sbuf_printf(&des, "%s/des", crawl_dat);
        bench_resolve(des.s, crawl_dat, 20);
        bench_run(des.s, argv[2]);
        bench_run_layouts(des.s, argv[2]);
        vf_sbuf_free(&des);
        free(crawl_dat);
    } else {
        bench_run(dir, NULL);
        printf("  (resolves on the game's own vaults: make bench "
               "CRAWL_DIR=<crawl checkout>)\n");
    }
    vf_strlist_free(&files);
    vf_diag_free(&d);
    remove_runs();
    return 0;
}
