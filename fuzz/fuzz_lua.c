/* libFuzzer target: vault Lua thrown at the bindings (make fuzz). The
 * input is the main Lua chunk of a map, run as at load and for a case
 * under small instruction, memory and CPU-time budgets: whatever it calls
 * with whatever arguments, the answer is a Lua error or a result, never a
 * crash, a hang or undefined behaviour; Lua stuck in a C function past
 * its time (the sandbox's last resort) is one more outcome, in a forked
 * child (fuzz_fork.h). The first byte picks the case. */
#include "fuzz_map.h"
#include "vf_sbuf.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *lua = (const char *)data + 1;
    size_t n = size - 1;
    const char *nul = memchr(lua, '\0', n);
    if (nul) n = (size_t)(nul - lua);
    vf_sbuf des = VF_SBUF_INIT;
    vf_sbuf_adds(&des, "NAME: fuzz_lua\nTAGS: t\n{{\n");
    vf_sbuf_add(&des, lua, n);
    vf_sbuf_adds(&des, "\n}}\nMAP\n.x.\nx@x\n.x.\nENDMAP\n"
                       "NAME: fuzz_other\nTAGS: t\nMAP\nxx\nENDMAP\n");
    vf_fuzz_run_des(vf_sbuf_str(&des), des.len, data[0], 1);
    vf_sbuf_free(&des);
    return 0;
}
