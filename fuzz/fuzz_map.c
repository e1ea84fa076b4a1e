/* Whole maps for the fuzz targets: load, resolve, place, judge. */
#include "fuzz_map.h"
#include "fuzz_fork.h"
#include "vf_case.h"
#include "vf_conn.h"
#include "vf_des.h"
#include "vf_diag.h"
#include "vf_gamesrc.h"
#include "vf_gamever.h"
#include "vf_level.h"
#include "vf_rmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *crawl_dat;
static int crawl_looked;
static vf_game crawl_game = {VF_GV_TRUNK, NULL};   /* its tables kept */

/* The checkout of $VF_FUZZ_CRAWL_DIR, read once: its version and name
 * tables into crawl_game, as the command line reads them. A bad path
 * stops the fuzzer: a night's fuzzing must not quietly use the wrong
 * library. */
const char *vf_fuzz_crawl_dat(void)
{
    if (crawl_looked) return crawl_dat;
    crawl_looked = 1;
    const char *dir = getenv("VF_FUZZ_CRAWL_DIR");
    if (!dir || !*dir) return NULL;
    vf_sbuf err = VF_SBUF_INIT;
    crawl_dat = vf_engine_find_crawl_dat(dir, &err);
    if (!crawl_dat) {
        fprintf(stderr, "fuzz: VF_FUZZ_CRAWL_DIR %s\n", vf_sbuf_str(&err));
        exit(1);
    }
    crawl_game.ver = vf_gamever_detect(crawl_dat, &err);
    vf_sbuf source = VF_SBUF_INIT;
    vf_sbuf_printf(&source, "%s/..", crawl_dat);
    crawl_game.src = vf_gamesrc_read(source.s, &err);
    vf_sbuf_free(&source);
    vf_sbuf_free(&err);
    return crawl_dat;
}

char *vf_fuzz_text(const unsigned char *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return NULL;
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

const vf_game *vf_fuzz_game(void)
{
    vf_fuzz_crawl_dat();
    return &crawl_game;
}

void vf_fuzz_engine_config(vf_engine_config *cfg)
{
    vf_engine_config_init(cfg, VF_SOURCE_DIR "/dlua");
    cfg->crawl_dat = vf_fuzz_crawl_dat();
    cfg->game = *vf_fuzz_game();
    cfg->limits = (vf_lua_limits){VF_FUZZ_INSTRUCTIONS, VF_FUZZ_MEMORY,
                                  VF_FUZZ_SECONDS, 0};
}

typedef struct job {
    const char *text;
    size_t n;
    unsigned pick;
} job;

/* pick: the low three bits the layout (every mode but game, which needs
 * layout maps: fuzz_pipeline.c), then rotation, opacity, iteration. */
static void run_maps(const vf_desset *set, vf_engine *e, unsigned pick)
{
    vf_case_opts o = {.mode = (vf_mode)(pick % VF_MODE_GAME), .seed = 1,
                      .no_rotate = (pick >> 3) & 1,
                      .opacity = (pick >> 4) & 1};
    vf_case c;
    vf_case_init(&c, e, &o);
    for (size_t i = 0; i < set->nmaps && i < VF_FUZZ_MAPS; i++) {
        vf_verdict v;
        vf_case_run(&c, &set->maps[i], pick >> 5, &v);
    }
    vf_case_release(&c);
}

static void run_job(void *ctx)
{
    const job *j = ctx;
    vf_desset set;
    vf_diag d;
    vf_desset_init(&set);
    set.game = vf_fuzz_game();
    vf_diag_init(&d);
    vf_des_load_buffer(&set, "fuzz.des", j->text, j->n, &d);
    vf_engine_config cfg;
    vf_fuzz_engine_config(&cfg);
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine *e = set.nmaps ? vf_engine_new(&set, &cfg, &d, &err) : NULL;
    if (e) run_maps(&set, e, j->pick);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_diag_free(&d);
    vf_desset_free(&set);
}

void vf_fuzz_run_des(const char *text, size_t n, unsigned pick, int isolate)
{
    job j = {text, n, pick};
    vf_fuzz_crawl_dat();   /* read once, before any child */
    if (isolate) vf_fuzz_isolated(run_job, &j);
    else run_job(&j);
}
