/* The real DCSS corpus (../shared/dcss-des, or $VF_REAL_DES): the figures
 * dcss-compat.md §1.1 and §8 measured with the game's own parser. */
#define _XOPEN_SOURCE 700   /* mkdtemp */
#include "tests.h"
#include "vf_engine.h"
#include "vf_mapcheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

static const char *real_dir(void)
{
    const char *d = getenv("VF_REAL_DES");
    return d && *d ? d : "../shared/dcss-des";
}

static int have_real(void)
{
    struct stat st;
    if (stat(real_dir(), &st) == 0 && S_ISDIR(st.st_mode)) return 1;
    printf("realcorpus: skipped, no corpus at %s\n", real_dir());
    return 0;
}

static void load_real(vf_t_loaded *l)
{
    char *paths[] = {(char *)real_dir()};
    vf_t_init(l);
    l->errors = vf_des_load_paths(&l->set, paths, 1, &l->d);
}

/* The game's own vaults under its own Lua library: $VF_CRAWL_DIR, a crawl
 * checkout (make check-real CRAWL_DIR=...). Every map runs as at load and
 * resolves at placement for seeds 1..10; the goal is Lua errors in at
 * most 0.5 % of maps, those needing a running game. */
START_TEST(trunk_resolves_with_game_library)
{
    vf_t_loaded l;
    char *dat = vf_t_crawl_load(&l, "realcorpus: game library");
    if (!dat) return;
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_uint_eq(l.set.nmaps, 6264);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.crawl_dat = dat;
    vf_engine *e = vf_engine_new(&l.set, &cfg, &l.d, &err);
    ck_assert_msg(e != NULL, "%s", vf_sbuf_str(&err));
    vf_rmap m;
    vf_rmap_init(&m, NULL, NULL);
    vf_sbuf failing = VF_SBUF_INIT, unloadable = VF_SBUF_INIT;
    size_t bad = 0, refused = 0;
    for (size_t i = 0; i < l.set.nmaps; i++) {
        const vf_mapdef *def = &l.set.maps[i];
        int failed = 0;
        vf_engine_set_place(e, &cfg.place);
        for (unsigned s = 0; s <= 10 && !failed; s++) {
            vf_sbuf_reset(&err);
            if (s == 1) {   /* as lint: where the game builds the map */
                vf_place p;
                vf_engine_map_place(e, def, &p);
                vf_engine_set_place(e, &p);
            }
            vf_resolve_req rq = {.def = def,
                                 .seed = vf_seed_case(s, def->name, 0),
                                 .validating = s == 0};
            failed = vf_engine_resolve(e, &rq, &m, &err) == VF_LUA_ERROR;
            /* The game loads every trunk map: none fails its checks. */
            if (s == 0 && !failed && vf_mapcheck(&m, vf_engine_is_flag, e,
                                                 &err) && refused++ < 40)
                vf_sbuf_printf(&unloadable, "  %s: %s\n", def->name,
                               vf_sbuf_str(&err));
        }
        if (failed && bad++ < 40)
            vf_sbuf_printf(&failing, "  %s: %s\n", def->name,
                           vf_sbuf_str(&err));
        /* Their validate chunks ask about the map's own connectivity. */
        static const char *const conn[] = {
            "minmay_lair_entry_grove", "hall_of_Zot",
            "grunt_lair_entry_orc_guard_hut", "grunt_house_of_mirrors",
            "gauntlet_exit_mini_maze", "elwin_shoals_entry_rooms",
            "due_lair_maze_entry_diamond", NULL};
        for (int k = 0; conn[k]; k++)
            ck_assert_msg(!failed || strcmp(def->name, conn[k]), "%s: %s",
                          def->name, vf_sbuf_str(&err));
    }
    ck_assert_msg(refused == 0, "%zu maps fail the load checks:\n%s",
                  refused, vf_sbuf_str(&unloadable));
    printf("realcorpus: %zu of %zu maps with a Lua error (seeds 1..10)\n%s",
           bad, l.set.nmaps, vf_sbuf_str(&failing));
    ck_assert_msg(bad * 200 <= l.set.nmaps, "%zu maps fail:\n%s", bad,
                  vf_sbuf_str(&failing));
    vf_rmap_free(&m);
    vf_engine_free(e);
    vf_sbuf_free(&failing);
    vf_sbuf_free(&unloadable);
    vf_sbuf_free(&err);
    free(dat);
    vf_t_free(&l);
}
END_TEST

START_TEST(loads_whole_corpus_clean)
{
    if (!have_real()) return;
    vf_t_loaded l;
    load_real(&l);
    size_t chunks;
    vf_des_compile(&l.set, &l.d, &chunks);
    ck_assert_msg(l.d.n == 0, "%s", l.d.n ? vf_t_msg(&l, 0) : "");
    ck_assert_uint_eq(l.set.nfiles, 144);
    ck_assert_uint_eq(l.set.nmaps, 6264);
    /* §1: 6517 main/validate/veto/epilogue chunks and global preludes,
     * plus one mapchunk for each of the 6057 maps with a MAP block. */
    ck_assert_uint_eq(chunks, 6517 + 6057);
    vf_t_free(&l);
}
END_TEST

START_TEST(header_call_totals)
{
    if (!have_real()) return;
    static const struct { vf_call call; unsigned n; } want[] = {
        {VF_CALL_TAGS, 13629}, {VF_CALL_SUBST, 13586}, {VF_CALL_MONS, 5497},
        {VF_CALL_NSUBST, 5428}, {VF_CALL_KMONS, 3915}, {VF_CALL_KFEAT, 2915},
        {VF_CALL_SHUFFLE, 2915}, {VF_CALL_DEPTH, 2140},
        {VF_CALL_ORIENT, 1671}, {VF_CALL_KITEM, 1326},
        {VF_CALL_WEIGHT, 1222}, {VF_CALL_FTILE, 1236}, {VF_CALL_TILE, 1083},
        {VF_CALL_ITEM, 946}, {VF_CALL_COLOUR, 907}, {VF_CALL_SUBVAULT, 927},
        {VF_CALL_LUA_MARKER, 734}, {VF_CALL_KPROP, 532},
        {VF_CALL_KMASK, 490}, {VF_CALL_CLEAR, 252}, {VF_CALL_PLACE, 238},
        {VF_CALL_DEPTH_WEIGHT, 231}, {VF_CALL_MARKER, 73},
        {VF_CALL_CHANCE, 52}, {VF_CALL_DEPTH_CHANCE, 42},
        {VF_CALL_DESC, 14}, {VF_CALL_ORDER, 14}, {VF_CALL_WELCOME, 0},
        {VF_CALL_MAP, 88418},
    };
    vf_t_loaded l;
    load_real(&l);
    unsigned total[VF_CALL_KINDS] = {0};
    for (size_t i = 0; i < l.set.nmaps; i++)
        for (int k = 0; k < VF_CALL_KINDS; k++)
            total[k] += l.set.maps[i].calls[k];
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        ck_assert_msg(total[want[i].call] == want[i].n, "%s: %u, want %u",
                      vf_call_names[want[i].call], total[want[i].call],
                      want[i].n);
    vf_t_free(&l);
}
END_TEST

START_TEST(structure_figures)
{
    if (!have_real()) return;
    vf_t_loaded l;
    load_real(&l);
    size_t preludes = 0, no_map = 0, defaults = 0, validate = 0, veto = 0,
           epilogue = 0;
    for (size_t f = 0; f < l.set.nfiles; f++)
        preludes += !vf_chunk_empty(&l.set.files[f].prelude);
    for (size_t i = 0; i < l.set.nmaps; i++) {
        const vf_mapdef *m = &l.set.maps[i];
        no_map += m->height == 0;
        defaults += m->default_depth && !m->calls[VF_CALL_DEPTH];
        validate += !vf_chunk_empty(&m->chunk[VF_CHUNK_VALIDATE]);
        veto += !vf_chunk_empty(&m->chunk[VF_CHUNK_VETO]);
        epilogue += !vf_chunk_empty(&m->chunk[VF_CHUNK_EPILOGUE]);
    }
    ck_assert_uint_eq(preludes, 125);   /* §1.4 */
    ck_assert_uint_eq(no_map, 207);     /* §1.3.11 */
    ck_assert_uint_eq(validate, 23);    /* §2.1 */
    ck_assert_uint_eq(veto, 41);
    ck_assert_uint_eq(epilogue, 65);
    ck_assert_uint_eq(defaults, 1802);  /* §1.4: rely on default-depth */
    /* The one map row that starts with a UTF-8 no-break space. */
    ck_assert_ptr_nonnull(strstr(vf_t_chunk(&l,
        "shapermc_ecumenical_altar_petra", VF_CHUNK_MAP), "map(\"\xc2\xa0"));
    vf_t_free(&l);
}
END_TEST

/* The game's vaults under its library: the same report, dumps included,
 * at -j 1 and -j 2 and from two shards merged -- no case may depend on
 * which maps its worker ran before (the game's library keeps state in
 * globals and dgn.persist). */
START_TEST(trunk_run_independent_of_workers)
{
    const char *crawl = getenv("VF_CRAWL_DIR");
    if (!crawl || !*crawl) {
        printf("realcorpus: run skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    char dir[] = "/tmp/vf_real_XXXXXX", p[4][300];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    const char *name[4] = {"j1", "j2", "s1", "s2"};
    for (int i = 0; i < 4; i++)
        snprintf(p[i], sizeof p[i], "%s/%s", dir, name[i]);
    /* Our own layouts: the game's, slower to build, are checked on a
     * sample by trunk_game_layouts. */
    const char *base[] = {"--crawl-dir", crawl, "--layouts",
                          "empty,rooms,caves,city,open,cross", "--count",
                          "1", "--explain", "none", "--out"};
    vf_t_run r[4];
    r[0] = vf_t_vaultfuzz("run", base[0], base[1], base[2], base[3], base[4],
                          base[5], base[6], base[7], base[8], p[0], "-j", "1",
                          NULL);
    r[1] = vf_t_vaultfuzz("run", base[0], base[1], base[2], base[3], base[4],
                          base[5], base[6], base[7], base[8], p[1], "-j", "2",
                          NULL);
    r[2] = vf_t_vaultfuzz("run", base[0], base[1], base[2], base[3], base[4],
                          base[5], base[6], base[7], base[8], p[2], "-j", "2",
                          "--shard", "1/2", NULL);
    r[3] = vf_t_vaultfuzz("run", base[0], base[1], base[2], base[3], base[4],
                          base[5], base[6], base[7], base[8], p[3], "-j", "2",
                          "--shard", "2/2", NULL);
    for (int i = 0; i < 4; i++) {
        ck_assert_msg(r[i].rc == 1, "%s", r[i].err);
        vf_t_run_free(&r[i]);
    }
    vf_t_same_report(p[0], p[1]);
    char merged[320];
    snprintf(merged, sizeof merged, "%s/merged", dir);
    vf_t_run m = vf_t_vaultfuzz("merge", "--out", merged, p[2], p[3], NULL);
    ck_assert_int_eq(m.rc, 1);
    vf_t_run_free(&m);
    vf_t_same_report(p[0], merged);
    char rm[400];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(rm), 0);
}
END_TEST

/* A number after key in text, or -1. */
static long number_after(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    return p ? strtol(p + strlen(key), NULL, 10) : -1;
}

/* The whole trunk at placement.lua's setting (100 iterations, seed 1000,
 * empty level, no rotation): the maps with errors are, within a handful,
 * those the game's own script fails (../shared/anchors: 65 maps;
 * tests/anchors-trunk.md explains every difference: artefacts of the
 * script's run, sampling, subvault-only maps), plus the whole levels the
 * script skips (encompass maps, about 18 portal levels with errors), 37
 * in all on the shared trunk checkout; errors and warnings together stay
 * a list a maintainer reads (56). Run with the optimised binary (make
 * check-real builds it): ASan would take minutes. */
START_TEST(trunk_severities)
{
    const char *crawl = getenv("VF_CRAWL_DIR");
    if (!crawl || !*crawl) {
        printf("realcorpus: severities skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    char dir[] = "/tmp/vf_sev_XXXXXX", cmd[1024];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "./vaultfuzz run --crawl-dir '%s' --layouts "
             "empty --no-rotate --count 100 --seed 1000 -j 2 --explain none "
             "--out '%s/r' "
             ">/dev/null 2>&1", crawl, dir);
    ck_assert_int_eq(WEXITSTATUS(system(cmd)), 1);
    snprintf(cmd, sizeof cmd, "%s/r/summary.json", dir);
    size_t len;
    char *json, why[256];
    ck_assert_int_eq(vf_fs_read(cmd, 1 << 24, &json, &len, why, sizeof why),
                     0);
    long err = number_after(json, "\"maps_by_severity\": {\"error\": ");
    long warn = number_after(json, "\"warning\": ");
    printf("realcorpus: trunk at placement.lua's setting: %ld errors, %ld "
           "warnings\n", err, warn);
    ck_assert_msg(err >= 25 && err <= 45, "%ld maps with errors", err);
    ck_assert_msg(err + warn <= 150, "%ld errors and warnings", err + warn);
    free(json);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A/A: the unchanged trunk under two seeds. compare must raise no alarm
 * (its false-alarm rate is 0.05 for the whole corpus) and exit 0. */
START_TEST(trunk_compare_without_false_alarms)
{
    const char *crawl = getenv("VF_CRAWL_DIR");
    if (!crawl || !*crawl) {
        printf("realcorpus: A/A skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    char dir[] = "/tmp/vf_aa_XXXXXX", cmd[1200];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    for (int seed = 1; seed <= 2; seed++) {
        snprintf(cmd, sizeof cmd, "./vaultfuzz run --crawl-dir '%s' "
                 "--layouts empty --no-rotate --count 20 --seed %d -j 2 "
                 "--explain none "
                 "--out '%s/s%d' >/dev/null 2>&1", crawl, seed, dir, seed);
        ck_assert_int_eq(WEXITSTATUS(system(cmd)), 1);
    }
    snprintf(cmd, sizeof cmd, "./vaultfuzz compare '%s/s1' '%s/s2' "
             ">'%s/compare.txt'", dir, dir, dir);
    ck_assert_int_eq(WEXITSTATUS(system(cmd)), 0);
    snprintf(cmd, sizeof cmd, "%s/compare.txt", dir);
    char *text, why[256];
    size_t len;
    ck_assert_int_eq(vf_fs_read(cmd, 1 << 24, &text, &len, why, sizeof why),
                     0);
    long alarms = number_after(text, "\nnew failures: ")
                  + number_after(text, "\nfixed: ")
                  + number_after(text, "\nfailing more often: ")
                  + number_after(text, "\nfailing less often: ");
    printf("realcorpus: A/A on trunk: %ld maps called changed\n", alarms);
    ck_assert_msg(alarms <= 2, "%s", text);
    ck_assert_ptr_null(strstr(text, "warning:"));
    free(text);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* ---- layout mode game on trunk ------------------------------------------- */

/* Cases of a run's journal: per map name and layout, how many and how
 * many with a finding. */
typedef struct layout_tally {
    char map[80], layout[96];
    int cases, failed;
    int built;               /* cases whose layout map drew a level */
} layout_tally;

typedef struct journal_tally {
    char names[8192][80];    /* by map index in the loaded set */
    layout_tally t[512];
    int n;
} journal_tally;

static void tally_case(journal_tally *j, const char *line)
{
    unsigned idx;
    char layout[96], kinds[512];
    if (sscanf(line, "C\t%u\t%95[^\t]\t%*u\t%511[^\t]", &idx, layout, kinds)
        != 3 || idx >= 8192)
        return;
    int k = 0;
    while (k < j->n && (strcmp(j->t[k].map, j->names[idx]) ||
                        strcmp(j->t[k].layout, layout)))
        k++;
    if (k == j->n) {
        if (j->n == 512) return;
        memcpy(j->t[k].map, j->names[idx], sizeof j->t[k].map);
        snprintf(j->t[k].layout, sizeof j->t[k].layout, "%s", layout);
        j->n++;
    }
    j->t[k].cases++;
    j->t[k].failed += strcmp(kinds, "ok") != 0;
    /* The message, the line's last field (line runs on to the text's
     * end). */
    const char *end = line + strcspn(line, "\n"), *message = end;
    while (message > line && message[-1] != '\t') message--;
    j->t[k].built += strncmp(message, "not tried", 9) != 0;
}

static void read_journal(const char *dir, journal_tally *j)
{
    char path[400], *text, why[256];
    size_t len;
    snprintf(path, sizeof path, "%s/journal.tsv", dir);
    ck_assert_int_eq(vf_fs_read(path, 1 << 26, &text, &len, why, sizeof why),
                     0);
    memset(j, 0, sizeof *j);
    for (char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l) {
        unsigned idx;
        char name[80];
        if (sscanf(l, "M\t%u\t%*[^\t]\t%*d\t%79[^\t\n]", &idx, name) == 2
            && idx < 8192)
            snprintf(j->names[idx], sizeof j->names[idx], "%s", name);
        else if (!strncmp(l, "C\t", 2))
            tally_case(j, l);
    }
    free(text);
}

/* Distinct game:NAME layouts drawn; with built, only by cases whose
 * layout map drew a level. */
static int distinct_layouts(const journal_tally *j, int built)
{
    int n = 0;
    for (int i = 0; i < j->n; i++) {
        int seen = 0;
        if (built && !j->t[i].built) continue;
        for (int k = 0; k < i && !seen; k++)
            seen = !strcmp(j->t[k].layout, j->t[i].layout) &&
                   (!built || j->t[k].built);
        n += !seen && !strncmp(j->t[i].layout, "game:", 5);
    }
    return n;
}

/* Maps of trunk at places all over the dungeon (altars, Abyss, Crypt,
 * Dis, Elf, Gehenna, Spider, Orc, Pan, Snake, Swamp, Vaults, Lair, Zot,
 * Ziggurat...): in mode game they draw the layout maps of their places. */
static const char *const spread_maps[] = {
    "shapermc_ecumenical_altar_notcrosses",
    "dilly_ecumenical_altar_fadedgnrine",
    "tgw_lugonu_bribe", "lemuel_altar_in_water2", "okawaru_arena_lexackson",
    "lemuel_upstairs_altar", "lemuel_centaur_altar", "lemuel_angel_altar",
    "nicolae_yredelemnul_rated_r_for_profanity", "nicolae_coc_ice_floe",
    "serial_abyss_entrance", "nicolae_crypt_reliquary_box_2",
    "hangedman_dis_decor_blocks_crown", "nicolae_elf_stair_hall",
    "lemuel_hellion_isle", "nicolae_geh_gridlava",
    "nicolae_spider_hilbert_zone_6", "nicolae_orc_tapped_out", "pan_exit",
    "pan_mini_dummy_balancer", "hangedman_snake_thin_pillar_pass",
    "nicolae_large_snake_swirl", "johnstein_snake_rune_scales",
    "swamp_pool_1_2", "lemuel_nasty_pond", "vaults_dpeg_emergency_exit",
    "v_alt_pattern_5", "uniq_frederick", "minmay_haunted_quarter",
    "grunt_cocytus_stairs_refrigerator", "nicolae_dis_pentagon_2",
    "eino_elf_arrival_customs", "nicolae_lair_die-orama",
    "grunt_pan_entry_in_and_out", "evil_forest", "overgrown_tower",
    "minislime_mu", "zot_decor", "enter_ziggurat_f", "uniq_nameless_revenant",
};

static void game_run(const char *crawl, const char *dir, const char *jobs)
{
    char cmd[4096];
    int n = snprintf(cmd, sizeof cmd, "./vaultfuzz run --crawl-dir '%s' "
                     "--layouts game --count 4 --seed 1000 -j %s --explain "
                     "none --out '%s'", crawl, jobs, dir);
    for (size_t i = 0; i < sizeof spread_maps / sizeof *spread_maps; i++)
        n += snprintf(cmd + n, sizeof cmd - (size_t)n, " '%s'",
                      spread_maps[i]);
    snprintf(cmd + n, sizeof cmd - (size_t)n, " >/dev/null 2>&1");
    int rc = WEXITSTATUS(system(cmd));
    ck_assert_msg(rc == 0 || rc == 1, "%s: exit %d", cmd, rc);
}

/* Over trunk, mode game draws 60 or more of the game's layout maps (a
 * spread of places, 4 cases each), and its report does not depend on
 * the workers (each keeps its own built layouts). Those that draw on
 * the level from Lua (the Vaults branch's, the hyper builder's grids,
 * layout_cave_town) get the level grid (dgn_grd.c), so every layout map
 * drawn builds a level (66 of 66 on the shared trunk checkout; which
 * maps this sample draws in the Vaults turns on their rolled CHANCE). */
START_TEST(trunk_game_layouts)
{
    const char *crawl = getenv("VF_CRAWL_DIR");
    if (!crawl || !*crawl) {
        printf("realcorpus: game layouts skipped, VF_CRAWL_DIR not set\n");
        return;
    }
    char dir[] = "/tmp/vf_game_XXXXXX", p[2][300];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(p[0], sizeof p[0], "%s/j2", dir);
    snprintf(p[1], sizeof p[1], "%s/j1", dir);
    game_run(crawl, p[0], "2");
    game_run(crawl, p[1], "1");
    vf_t_same_report(p[0], p[1]);
    journal_tally *j = malloc(sizeof *j);
    read_journal(p[0], j);
    int n = distinct_layouts(j, 0), built = distinct_layouts(j, 1);
    printf("realcorpus: mode game drew %d layout maps of trunk, %d of "
           "them built a level\n", n, built);
    ck_assert_int_ge(n, 60);
    ck_assert_int_ge(built, 60);
    free(j);
    char rm[400];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(rm), 0);
}
END_TEST

/* Our corpus in trunk's layout maps: the vaults known to be good get no
 * finding above a note in any (as in our own layouts); the side room
 * that a narrow corridor leaves sealed (vf_bad_side_room) is found in
 * most cases of the loop layouts, whose corridors are narrow, and in
 * few of the others. */
START_TEST(trunk_game_layouts_judge_corpus)
{
    const char *crawl = getenv("VF_CRAWL_DIR");
    if (!crawl || !*crawl) {
        printf("realcorpus: corpus in game layouts skipped\n");
        return;
    }
    char dir[] = "/tmp/vf_gcorp_XXXXXX", cmd[1400];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "./vaultfuzz run --des corpus/verdicts --des "
             "'%s/dat/des/builder' --crawl-dir '%s' --layouts game --count "
             "200 --seed 5 -j 2 --explain none --out '%s/r' 'vf_ok_*' "
             "vf_bad_side_room >/dev/null 2>&1", crawl, crawl, dir);
    /* The side room vetoes a real share of the game's levels: an error
     * (vf_ok_plant_niche and its kin, transparent one-cell niches, are
     * vetoed by the game's rule too; their closet findings are not). */
    ck_assert_int_eq(WEXITSTATUS(system(cmd)), 1);
    snprintf(cmd, sizeof cmd, "%s/r/summary.txt", dir);
    char *text, why[256];
    size_t len;
    ck_assert_int_eq(vf_fs_read(cmd, 1 << 24, &text, &len, why, sizeof why),
                     0);
    const char *errors = strstr(text, "\nerrors:");
    const char *side = strstr(text, "\n  vf_bad_side_room ");
    const char *warnings = strstr(text, "\nwarnings:");
    ck_assert_msg(errors && side && side > errors
                  && (!warnings || side < warnings), "%s", text);
    ck_assert_msg(!strstr(text, "tele_closet_walk 1 warning")
                  && !strstr(text, "tele_closet_walk 1 error"), "%s", text);
    free(text);
    snprintf(cmd, sizeof cmd, "%s/r", dir);
    journal_tally *j = malloc(sizeof *j);
    read_journal(cmd, j);
    int loops = 0, loops_failed = 0, other = 0, other_failed = 0;
    for (int i = 0; i < j->n; i++) {
        if (strcmp(j->t[i].map, "vf_bad_side_room")) continue;
        int loop = !strncmp(j->t[i].layout, "game:layout_loops_", 18);
        (loop ? &loops : &other)[0] += j->t[i].cases;
        (loop ? &loops_failed : &other_failed)[0] += j->t[i].failed;
    }
    printf("realcorpus: vf_bad_side_room in game layouts: loops %d of %d, "
           "others %d of %d\n", loops_failed, loops, other_failed, other);
    ck_assert_int_ge(loops, 20);
    ck_assert_int_gt(loops_failed * 2, loops);
    ck_assert_int_lt(other_failed * 4, other);
    free(j);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

Suite *vf_test_realcorpus_suite(void)
{
    Suite *s = suite_create("realcorpus");
    TCase *tc = tcase_create("dcss-des");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, loads_whole_corpus_clean);
    tcase_add_test(tc, header_call_totals);
    tcase_add_test(tc, structure_figures);
    tcase_add_test(tc, trunk_resolves_with_game_library);
    tcase_add_test(tc, trunk_run_independent_of_workers);
    tcase_add_test(tc, trunk_severities);
    tcase_add_test(tc, trunk_compare_without_false_alarms);
    suite_add_tcase(s, tc);
    /* Apart, so CK_RUN_CASE=game-layouts runs them alone. */
    TCase *game = tcase_create("game-layouts");
    tcase_set_timeout(game, 600);
    tcase_add_test(game, trunk_game_layouts);
    tcase_add_test(game, trunk_game_layouts_judge_corpus);
    suite_add_tcase(s, game);
    return s;
}
