/* make bench: load and compile figures for a .des tree, on one core, and
 * 'vaultfuzz run' throughput at -j 1 and -j 2.
 *
 * Every figure is printed beside a baseline measured in the same run
 * (reading the same files and nothing else; a CPU-bound loop in one and
 * two processes), so a busy shared machine shows up in both. */
#define _XOPEN_SOURCE 700   /* mkdtemp */
#include "cli.h"
#include "vf_des.h"
#include "vf_engine.h"
#include "vf_fs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
        if (vf_engine_resolve(e, def, vf_seed_case(1, def->name, (uint32_t)i),
                              0, &m, NULL, &err) == VF_LUA_ERROR)
            (*failed)++;
    }
    double t = now_ms() - t0;
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
    return cases / (t / 1e3);
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
    vf_engine *e = vf_engine_new(&set, &cfg, &d, &err);
    const vf_mapdef *baseline = vf_desset_find(&set, "vf_bench_empty");
    if (!e || !baseline) {
        printf("  resolve: %s\n", vf_sbuf_str(&err));
        return;
    }
    double *r = vf_xmalloc(set.nmaps * sizeof *r);
    size_t n = 0, slowest = 0, failed = 0;
    double base = rate(e, baseline, cases, &failed);
    for (size_t i = 0; i < set.nmaps; i++) {
        if (!strcmp(set.maps[i].name, "vf_bench_empty")) continue;
        r[n] = rate(e, &set.maps[i], cases, &failed);
        if (!n || r[n] < r[slowest]) slowest = n;
        n++;
    }
    double worst = n ? r[slowest] : 0;
    qsort(r, n, sizeof *r, cmp_double);
    printf("  resolve, %s with %s (%zu maps x %d cases, %zu lua "
           "errors):\n", dir, crawl_dat ? "the game's library" : "our dlua/",
           n, cases, failed);
    printf("    baseline (1x1 map, no Lua)  %9.0f resolves/s\n", base);
    printf("    median map                  %9.0f resolves/s  (goal >= "
           "20000)\n", n ? r[n / 2] : 0);
    printf("    slowest map                 %9.0f resolves/s\n", worst);
    free(r);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
}

/* ---- vaultfuzz run at -j 1 and -j 2 ---------------------------------------- */

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

/* One 'vaultfuzz run' into a fresh directory; returns cases per second. */
static double run_rate(const char *dir, const char *crawl, int jobs,
                       unsigned long *cases)
{
    char out[] = "/tmp/vf_bench_XXXXXX", j[16], rep[64];
    if (!mkdtemp(out)) return 0;
    snprintf(j, sizeof j, "%d", jobs);
    snprintf(rep, sizeof rep, "%s/r", out);
    char *argv[16] = {"vaultfuzz", "run", "--count", "3", "-j", j, "--out",
                      rep, "--des", (char *)dir};
    int argc = 10;
    if (crawl) {
        argv[argc++] = "--crawl-dir";
        argv[argc++] = (char *)crawl;
    }
    char *text = NULL;
    size_t len;
    FILE *o = open_memstream(&text, &len), *e = fopen("/dev/null", "w");
    double t0 = now_ms();
    vf_cli_main(argc, argv, o, e);
    double s = (now_ms() - t0) / 1e3;
    fclose(o);
    fclose(e);
    const char *c = strstr(text, "\ncases: ");
    *cases = c ? strtoul(c + 8, NULL, 10) : 0;
    free(text);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf '%s'", out);
    if (system(rm)) {}
    return s > 0 ? *cases / s : 0;
}

static void bench_run(const char *dir, const char *crawl)
{
    unsigned long cases;
    double s1 = spin(1), s2 = spin(2);
    double r1 = run_rate(dir, crawl, 1, &cases);
    double r2 = run_rate(dir, crawl, 2, &cases);
    printf("  run, %s with %s (%lu cases: 3 per map, the whole run, maps "
           "examined included):\n", dir,
           crawl ? "the game's library" : "our dlua/", cases);
    printf("    baseline: CPU loop, 1 process %.2f s, 2 at once %.2f s  "
           "(machine scaling %.2fx)\n", s1, s2, 2 * s1 / s2);
    printf("    -j 1  %8.0f cases/s\n", r1);
    printf("    -j 2  %8.0f cases/s  (scaling %.2fx; goal >= 1.8x on 2 "
           "free cores)\n", r2, r1 > 0 ? r2 / r1 : 0);
}

/* bench_vaultfuzz [DES_DIR [CRAWL_DIR]] */
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
    printf("bench: %s: %zu files, %zu maps, %.1f MB; median of %d runs, "
           "one core\n", dir, files.n, maps, bytes / 1e6, RUNS);
    printf("  read files only (baseline)  %8.1f ms\n", base);
    printf("  load (read + parse)         %8.1f ms  %9.0f maps/s\n", parse,
           maps / (parse / 1e3));
    printf("  load + compile every chunk  %8.1f ms  %9.0f maps/s"
           "  (goal: whole corpus <= 500 ms)\n", all, maps / (all / 1e3));
    printf("  parse cost over baseline    %8.1fx\n", parse / base);
    bench_resolve("corpus", NULL, 400);
    if (crawl_dat) {
        vf_sbuf des = VF_SBUF_INIT;
        vf_sbuf_printf(&des, "%s/des", crawl_dat);
        bench_resolve(des.s, crawl_dat, 20);
        bench_run(des.s, argv[2]);
        vf_sbuf_free(&des);
        free(crawl_dat);
    } else {
        bench_run(dir, NULL);
        printf("  (resolves on the game's own vaults: make bench "
               "CRAWL_DIR=<crawl checkout>)\n");
    }
    vf_strlist_free(&files);
    vf_diag_free(&d);
    return 0;
}
