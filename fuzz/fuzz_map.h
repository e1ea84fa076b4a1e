/* What the fuzz targets for whole maps share (fuzz_map.c). */
#ifndef VF_FUZZ_MAP_H
#define VF_FUZZ_MAP_H

#include <stddef.h>

#include "vf_engine.h"

/* Fuzzing wants many inputs a second: a case may run for a tenth of a
 * second at most (the last resort comes at twice that), and only the
 * first few maps of an input run. */
#define VF_FUZZ_SECONDS 0.1
#define VF_FUZZ_INSTRUCTIONS 2000000UL
#define VF_FUZZ_MEMORY ((size_t)16 << 20)
#define VF_FUZZ_MAPS 3

/* The engine configuration of every target: the game's own library when
 * $VF_FUZZ_CRAWL_DIR names a crawl checkout (its crawl-ref/source or
 * dat; read as that game version), else the project's dlua/; the fuzzing
 * budgets above. The paths live as long as the process. */
void vf_fuzz_engine_config(vf_engine_config *cfg);

/* The checkout's dat directory, or NULL (no $VF_FUZZ_CRAWL_DIR). */
const char *vf_fuzz_crawl_dat(void);
/* Its game (version and name tables), trunk without one; kept for the
 * process. */
const vf_game *vf_fuzz_game(void);

/* The input as a .des file's text: NUL-terminated, as vf_fs_read hands a
 * file over. malloc'd (the caller frees it); NULL when out of memory. */
char *vf_fuzz_text(const unsigned char *data, size_t size);

/* Loads text (n bytes) as a .des file, makes an engine over it and runs
 * one case of each of its first maps -- resolved, rotated or mirrored,
 * placed on a level and judged -- in the layout (empty, fill or one of
 * the synthetic layouts), flips and iteration picked by `pick`; with
 * isolate, in a forked child (fuzz_fork.h: for vault Lua of the input's
 * own, which may get stuck in C). Everything is freed again. */
void vf_fuzz_run_des(const char *text, size_t n, unsigned pick, int isolate);

#endif
