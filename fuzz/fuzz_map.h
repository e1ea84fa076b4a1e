/* What the fuzz targets for whole maps share (fuzz_map.c). */
#ifndef VF_FUZZ_MAP_H
#define VF_FUZZ_MAP_H

#include <stddef.h>

/* Loads text (n bytes) as a .des file, makes an engine over it (the
 * project's dlua/, instruction, memory and seconds budgets small enough
 * for fuzzing) and runs one case of each of its first maps -- resolved,
 * rotated or mirrored, placed on the empty level and judged -- in the
 * layout and iteration picked by `pick`. Everything is freed again. */
void vf_fuzz_run_des(const char *text, size_t n, unsigned pick);

#endif
