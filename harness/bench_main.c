/* make bench: load and compile figures for a .des tree, on one core.
 *
 * Every figure is the median of several runs, printed beside a baseline
 * measured in the same run (reading the same files and nothing else), so a
 * busy shared machine shows up in both. */
#include "vf_des.h"
#include "vf_fs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/dcss-des";
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
    vf_strlist_free(&files);
    vf_diag_free(&d);
    return 0;
}
