/* libFuzzer target: the transforms and placement of a resolved map (make
 * fuzz). The input's first byte picks the case (layout, rotation, the
 * iteration); each later line that starts with a transform or key
 * directive (SUBST, NSUBST, SHUFFLE, KFEAT, ...) goes into the map's
 * header, every other line is a row of its MAP block. The map is resolved
 * (the directives run as the game's generated Lua), rotated or mirrored,
 * placed on a level and judged. */
#include "fuzz_map.h"
#include "vf_sbuf.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ROWS 40
#define MAX_WIDTH 60

static int is_directive(const char *s, size_t n)
{
    static const char *const names[] = {
        "SUBST:", "NSUBST:", "SHUFFLE:", "KFEAT:", "KMONS:", "KITEM:",
        "KMASK:", "KPROP:", "CLEAR:", "COLOUR:", "FHEIGHT:", "ORIENT:",
        "TAGS:", NULL};
    for (int i = 0; names[i]; i++) {
        size_t k = strlen(names[i]);
        if (n >= k && !memcmp(s, names[i], k)) return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    vf_sbuf head = VF_SBUF_INIT, rows = VF_SBUF_INIT, des = VF_SBUF_INIT;
    const char *s = (const char *)data + 1, *end = (const char *)data + size;
    int nrows = 0;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *eol = nl ? nl : end;
        const char *nul = memchr(s, '\0', (size_t)(eol - s));
        size_t n = (size_t)((nul ? nul : eol) - s);
        if (is_directive(s, n)) {
            vf_sbuf_add(&head, s, n);
            vf_sbuf_addc(&head, '\n');
        } else if (nrows < MAX_ROWS && n) {
            vf_sbuf_add(&rows, s, n < MAX_WIDTH ? n : MAX_WIDTH);
            vf_sbuf_addc(&rows, '\n');
            nrows++;
        }
        s = eol + 1;
    }
    vf_sbuf_printf(&des, "NAME: fuzz_place\n%sMAP\n%sENDMAP\n",
                   vf_sbuf_str(&head), nrows ? vf_sbuf_str(&rows) : ".@.\n");
    /* In the fuzzer's own process: the directives' Lua is the game's
     * generated calls, never stuck in C; four times the inputs a second
     * of a forked child. */
    vf_fuzz_run_des(vf_sbuf_str(&des), des.len, data[0], 0);
    vf_sbuf_free(&head);
    vf_sbuf_free(&rows);
    vf_sbuf_free(&des);
    return 0;
}
