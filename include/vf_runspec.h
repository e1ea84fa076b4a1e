/* vf_runspec: what a run does -- its cases and how they replay.
 *
 * A run's cases are (map, layout, iteration) for every map it runs (in
 * load order), every layout (mode) asked for and iterations 0..count-1,
 * under one base seed. A case's seed is vf_seed_case(seed, map name,
 * iteration) (vf_rng.h), whatever else runs, so its result never depends
 * on -j, the shard, the order of maps or which other maps ran. Numbering
 * the cases of the maps that run in that order, shard i of n takes the
 * cases numbered k with k % n == i - 1. */
#ifndef VF_RUNSPEC_H
#define VF_RUNSPEC_H

#include <stdint.h>

#include "vf_case.h"
#include "vf_sbuf.h"
#include "vf_severity.h"

#define VF_RUN_MAX_MODES VF_MODE_COUNT   /* at most 8: VF_CASE_ID */

enum { VF_EXPLAIN_NONE, VF_EXPLAIN_FIRST, VF_EXPLAIN_ALL };

typedef struct vf_run_spec {
    uint64_t seed;             /* base seed */
    uint32_t count;            /* iterations per map and layout */
    uint32_t settle;           /* --until-settled: iterations per layout
                                * added to a map whose count leaves its
                                * verdict unsettled (vf_tally_unsettled);
                                * 0: none */
    int nmodes;
    vf_mode modes[VF_RUN_MAX_MODES];
    vf_case_opts opts;         /* rotation and opacity (its mode unused) */
    int force;                 /* run the maps placement.lua skips */
    int explain;               /* VF_EXPLAIN_FIRST: each map's first case
                                * at its worst (warning or worse) explained
                                * (vf_explain.h) once every case is done;
                                * VF_EXPLAIN_ALL: each of its cases at its
                                * worst (up to a cap, vf_tally.h); 0: none */
    vf_grade_opts grade;       /* the shares of vetoed builds that make a
                              * warning or an error (0s: the defaults) */
    vf_sev fail_on;            /* the least severity that fails the run
                                * (exit status 1, a failed JUnit case);
                                * VF_SEV_OK: error */
    const char *const *tags;   /* --tag: only maps with one of these */
    size_t ntags;
    int dump_all;              /* a dump for every case, not only failing */
    int shard_i, shard_n;      /* this slice, 1-based; 1 of 1: all */
    const char *command;       /* the run as a command line, no --shard
                                * (borrowed) */
    const char *world;         /* the options a case replays with besides
                                * --des: --place, --game-version,
                                * --game-names, --crawl-dir... (shell
                                * words, borrowed) */
    const char *des;           /* its --des options (shell words) */
    const char *game;          /* the game version the maps were read as,
                                * and the Lua their vault Lua ran under
                                * ("5.4"), or NULL: not recorded
                                * (borrowed) */
    const char *lua;
    /* Paths the run made absolute, and as the user gave them: the text
     * reports show a path under shown_from[i] under shown_to[i]
     * (vf_run_path_shown); nshown 0 after a resume (run.txt keeps the
     * absolute ones). Borrowed. */
    const char *const *shown_from, *const *shown_to;
    size_t nshown;
} vf_run_spec;

/* path as the text reports show it, appended to out: its longest
 * shown_from prefix (a whole directory) put back as the user gave it. */
void vf_run_path_shown(const vf_run_spec *s, const char *path, vf_sbuf *out);

/* The severity that fails the run (fail_on, or error when unset). */
static inline vf_sev vf_run_fail_on(const vf_run_spec *s)
{
    return s->fail_on == VF_SEV_OK ? VF_SEV_ERROR : s->fail_on;
}

/* Iterations a map can have per layout: count, plus settle. */
static inline uint32_t vf_run_max_iter(const vf_run_spec *s)
{
    return s->count + s->settle;
}

/* Index of mode in s->modes, or -1. */
int vf_run_mode_index(const vf_run_spec *s, vf_mode mode);

/* The command that replays one case: "vaultfuzz repro MAP --seed S --iter
 * I --mode M [--no-rotate] [--opacity] WORLD DES". */
void vf_run_repro(const vf_run_spec *s, const char *map, vf_mode mode,
                  uint32_t iter, vf_sbuf *out);
/* The same, with why: "--why" for a case the run explained, whose dump
 * says why it fails (repro then explains it too). */
void vf_run_repro_why(const vf_run_spec *s, const char *map, vf_mode mode,
                      uint32_t iter, int why, vf_sbuf *out);

/* The command that shows a map's Lua errors at load: "vaultfuzz lint
 * WORLD --des FILE". */
void vf_run_lint_command(const vf_run_spec *s, const char *file,
                         vf_sbuf *out);

/* Where a case's dump goes, relative to the report directory:
 * "dumps/NAME.LAYOUT.ITER.txt.gz". A name with characters other than
 * letters, digits and "_-." has them replaced by '_' and its hash added,
 * so names stay distinct and safe as file names. */
void vf_run_dump_path(const char *map, vf_mode mode, uint32_t iter,
                      vf_sbuf *out);

#endif
