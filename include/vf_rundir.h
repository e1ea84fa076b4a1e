/* vf_rundir: a report directory's own files, from which --resume, merge
 * and compare rebuild a run:
 *
 *   run.txt      the run's parameters, written once when it starts: the
 *                vaultfuzz version, a fingerprint of the maps loaded and
 *                a hash of the Lua library, their number, how many
 *                were selected, the run's options (one per "arg" line,
 *                paths made absolute) and the problems loading them
 *   journal.tsv  the results so far (vf_journal.h)
 *   dumps/       the dumps of failing cases
 *
 * In run.txt, text after the keyword has \\ and newlines escaped as \\\\
 * and \\n. */
#ifndef VF_RUNDIR_H
#define VF_RUNDIR_H

#include <stddef.h>
#include <stdint.h>

#include "vf_des.h"
#include "vf_fs.h"
#include "vf_tally.h"

#define VF_RUNDIR_RUN "run.txt"
#define VF_RUNDIR_JOURNAL "journal.tsv"
#define VF_RUNDIR_DUMPS "dumps"

typedef struct vf_rundir {
    char version[32];          /* the vaultfuzz that made it (VF_VERSION;
                                * "" before versions were recorded) */
    uint64_t fingerprint;      /* vf_rundir_fingerprint of the maps */
    uint64_t library;          /* vf_rundir_library_hash of the Lua library
                                * the maps ran with (0: not recorded) */
    size_t nmaps;              /* maps loaded */
    size_t nselected;          /* maps the run examines */
    vf_strlist args;           /* the run's options, --shard included */
    vf_strlist input;          /* problems loading the .des files */
    char game[16];             /* the game version the maps were read as
                                * (vf_gamever_name; "": not recorded) */
    char lua[16];              /* the Lua their vault Lua ran under ("5.4";
                                * "": not recorded) */
} vf_rundir;

void vf_rundir_free(vf_rundir *d);

/* dir/run.txt, written atomically. Returns 0, or -1 with a message. */
int vf_rundir_write(const char *dir, const vf_rundir *d, vf_sbuf *err);
/* Reads dir/run.txt into *d (zeroed first; the caller frees it). Returns 0,
 * or -1 with a message. */
int vf_rundir_read(const char *dir, vf_rundir *d, vf_sbuf *err);

/* A hash of every file's name (not its directory: machines running
 * shards may keep the checkout in different places) and prelude, and
 * every map's name, file and chunks: runs resumed or merged must have
 * loaded the same maps. */
uint64_t vf_rundir_fingerprint(const vf_desset *set);

/* A hash of the .lua files under dir (names and contents, in the walk's
 * order): which library the maps ran with. 0 when there are none. */
uint64_t vf_rundir_library_hash(const char *dir);

/* Reads dir's journal into t (initialised for the run). *valid receives
 * the length of its whole lines. Returns 0, or -1 with a message (a
 * record that does not fit the run included). */
int vf_rundir_load(const char *dir, vf_tally *t, size_t *valid,
                   vf_sbuf *err);

#endif
