/* libFuzzer target: the .des loader -- lexer, parser and the Lua chunks it
 * generates, compiled (make fuzz). Any input must give messages, never a
 * crash, a leak or undefined behaviour. */
#include "fuzz_map.h"
#include "vf_des.h"
#include "vf_diag.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = vf_fuzz_text(data, size);
    if (!text) return 0;
    vf_desset set;
    vf_diag d;
    vf_desset_init(&set);
    vf_diag_init(&d);
    vf_des_load_buffer(&set, "fuzz.des", text, size, &d);
    size_t chunks = 0;
    vf_des_compile(&set, &d, &chunks);
    vf_diag_free(&d);
    vf_desset_free(&set);
    free(text);
    return 0;
}
