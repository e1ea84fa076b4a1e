/* libFuzzer target: the key specs (make fuzz). The first byte picks the
 * parser -- KFEAT, KMONS, KITEM, KMASK or one of the overlays (KPROP,
 * COLOUR, FHEIGHT, FTILE, RTILE, TILE) -- and whether it is the ':' form;
 * the rest is the spec's text. What parses is drawn from a few times. */
#include "vf_grid.h"
#include "vf_keyspec.h"
#include "vf_overlay.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void feat(const char *s, size_t n, int fixed, vf_rng *r, vf_sbuf *e)
{
    vf_featspec f;
    memset(&f, 0, sizeof f);
    vf_featread how = {.fixed = fixed, .rng = r};
    if (vf_featspec_parse(&f, s, n, &how, e) == 0) {
        vf_featspec copy;
        memset(&copy, 0, sizeof copy);
        vf_featspec_copy(&copy, &f);
        for (int i = 0; i < 4; i++) {
            int k = vf_featspec_draw(&copy, r);
            if (k >= 0 && k < copy.n) {
                vf_sbuf out = VF_SBUF_INIT;
                vf_featalt_describe(&copy.alt[k], &out);
                vf_sbuf_free(&out);
            }
        }
        vf_featspec_free(&copy);
    }
    vf_featspec_free(&f);
}

static void list(const char *s, size_t n, int items, int fixed, vf_rng *r,
                 vf_sbuf *e)
{
    vf_speclist l;
    memset(&l, 0, sizeof l);
    unsigned how = (items ? VF_SPEC_ITEMS : 0) | (fixed ? VF_SPEC_FIXED : 0);
    if (vf_speclist_parse(&l, s, n, how, r, e) == 0)
        for (int i = 0; i < l.n; i++) vf_speclist_draw(&l, i, r);
    vf_speclist_free(&l);
}

/* On a small map holding every glyph the spec may name as a key. */
static void overlay(vf_ovkind kind, const char *s, size_t n, vf_rng *r,
                    vf_sbuf *e)
{
    vf_grid g;
    vf_grid_init(&g);
    vf_grid_add_line(&g, "abcxyz.@", 8);
    vf_grid_add_line(&g, "ABCXYZ01", 8);
    vf_grid_add_line(&g, "+=-~|#$%", 8);
    vf_overlay ov;
    vf_overlay_init(&ov);
    vf_ovcall call = {.kind = kind, .spec = s, .n = n};
    vf_overlay_apply(&ov, &call, &g, r, e);
    vf_overlay_rotate(&ov, g.w, g.h, 1);
    vf_overlay_free(&ov);
    vf_grid_free(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int pick = data[0] % 10, fixed = data[0] >= 128;
    const char *s = (const char *)data + 1;
    size_t n = size - 1;
    vf_rng r;
    vf_rng_seed(&r, data[0]);
    vf_sbuf err = VF_SBUF_INIT;
    if (pick == 0) feat(s, n, fixed, &r, &err);
    else if (pick <= 2) list(s, n, pick == 2, fixed, &r, &err);
    else if (pick == 3) {
        vf_kmask m = {0, 0};
        vf_kmask_add(&m, s, n, &err);
    } else {
        overlay((vf_ovkind)(pick - 4), s, n, &r, &err);
    }
    vf_sbuf_free(&err);
    return 0;
}
