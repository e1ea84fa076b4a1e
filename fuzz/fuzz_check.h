/* What every report file must be, whatever the vault files held
 * (fuzz_check.c): the pipeline target checks each file it wrote. */
#ifndef VF_FUZZ_CHECK_H
#define VF_FUZZ_CHECK_H

#include <stddef.h>

/* The rules a file is held to. */
enum {
    VF_FUZZ_UTF8 = 1,       /* well-formed UTF-8 throughout (JSON, SARIF) */
    VF_FUZZ_NO_CMD = 2,     /* no line starts with "::" (a CI log's
                             * workflow command): what a terminal shows */
    VF_FUZZ_NO_ESC = 4,     /* no ESC byte (a terminal escape) */
};

/* Checks text (n bytes, named name in the message) against rules. Aborts
 * with the offending line on stderr when it breaks one. */
void vf_fuzz_check_text(const char *name, const char *text, size_t n,
                        unsigned rules);

/* The same for the file dir/name (which must exist). */
void vf_fuzz_check_file(const char *dir, const char *name, unsigned rules);

#endif
