/* Whole maps for the fuzz targets: load, resolve, place, judge. */
#include "fuzz_map.h"
#include "vf_case.h"
#include "vf_conn.h"
#include "vf_des.h"
#include "vf_diag.h"
#include "vf_engine.h"
#include "vf_level.h"
#include "vf_rmap.h"

#include <stdlib.h>

/* Fuzzing wants many inputs a second: a case may run for a tenth of a
 * second at most, and only the first few maps of an input run. */
#define FUZZ_SECONDS 0.1
#define FUZZ_INSTRUCTIONS 2000000UL
#define FUZZ_MEMORY ((size_t)16 << 20)
#define FUZZ_MAPS 3

static void run_maps(const vf_desset *set, vf_engine *e, unsigned pick)
{
    static const vf_mode modes[] = {VF_MODE_EMPTY, VF_MODE_FILL};
    vf_case_opts o = {modes[pick % 2], (pick >> 1) & 1, (pick >> 2) & 1, NULL, NULL, NULL};
    vf_level *l = malloc(sizeof *l);
    vf_conn_report *r = malloc(sizeof *r);
    if (!l || !r) {
        free(l);
        free(r);
        return;
    }
    for (size_t i = 0; i < set->nmaps && i < FUZZ_MAPS; i++) {
        vf_rmap m;
        vf_verdict v;
        vf_rmap_init(&m, &set->maps[i], NULL);
        vf_case_run(e, &set->maps[i], 1, pick >> 3, &o, l, &m, r, &v);
        vf_rmap_free(&m);
    }
    free(l);
    free(r);
}

void vf_fuzz_run_des(const char *text, size_t n, unsigned pick)
{
    vf_desset set;
    vf_diag d;
    vf_desset_init(&set);
    vf_diag_init(&d);
    vf_des_load_buffer(&set, "fuzz.des", text, n, &d);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, VF_SOURCE_DIR "/dlua");
    cfg.limits = (vf_lua_limits){FUZZ_INSTRUCTIONS, FUZZ_MEMORY,
                                 FUZZ_SECONDS, 0};
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine *e = set.nmaps ? vf_engine_new(&set, &cfg, &d, &err) : NULL;
    if (e) run_maps(&set, e, pick);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
}
