/* Layout mode game: layout maps drawn by the game's rules, built by the
 * engine, the vault placed with them, a cut layout rebuilt, the layout
 * map named in the case's record. The layout maps here are our own, so
 * the suite needs no checkout. */
#include "tests.h"
#include "vf_case.h"
#include "vf_catalog.h"
#include "vf_gamelayout.h"
#include "vf_journal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* An encompass layout map: rock with floor where fill says. */
static void layout_map(vf_sbuf *b, const char *name, const char *header,
                       int (*floor)(int x, int y))
{
    vf_sbuf_printf(b, "NAME: %s\nORIENT: encompass\n%s\nMAP\n", name, header);
    for (int y = 0; y < VF_GYM; y++) {
        for (int x = 0; x < VF_GXM; x++)
            vf_sbuf_addc(b, floor(x, y) ? '.' : 'x');
        vf_sbuf_addc(b, '\n');
    }
    vf_sbuf_adds(b, "ENDMAP\n");
}

static int open_floor(int x, int y)
{
    return x >= 3 && x < VF_GXM - 3 && y >= 3 && y < VF_GYM - 3;
}

/* One corridor a cell wide, right across the centre row. */
static int corridor(int x, int y)
{
    return y == VF_GYM / 2 && x >= 3 && x < VF_GXM - 3;
}

static int no_floor(int x, int y)
{
    (void)x;
    (void)y;
    return 0;
}

static char *des_text(void)
{
    vf_sbuf b = VF_SBUF_INIT;
    layout_map(&b, "lay_open", "DEPTH: D\nWEIGHT: 10\nTAGS: overwritable "
               "layout allow_dup unrand layout_type_open", open_floor);
    layout_map(&b, "lay_corridor", "DEPTH: D\nWEIGHT: 10\nTAGS: overwritable"
               " layout allow_dup unrand layout_type_narrow", corridor);
    /* Never at D:8. */
    layout_map(&b, "lay_deep", "DEPTH: Zot\nWEIGHT: 1000\nTAGS: "
               "overwritable layout allow_dup unrand layout_type_open",
               open_floor);
    /* Below D:8 only, where it nearly always wins. */
    layout_map(&b, "lay_lower", "DEPTH: D:9-15\nWEIGHT: 1000\nTAGS: "
               "overwritable layout allow_dup unrand layout_type_open",
               open_floor);
    /* The only one in the Lair, and it draws nothing. */
    layout_map(&b, "lay_blank", "DEPTH: Lair\nWEIGHT: 10\nTAGS: "
               "overwritable layout allow_dup unrand layout_type_open",
               no_floor);
    /* Never round a primary vault. */
    layout_map(&b, "lay_noprimary", "DEPTH: D\nWEIGHT: 30\nTAGS: "
               "overwritable layout allow_dup unrand no_primary_vault "
               "layout_type_open", open_floor);
    vf_sbuf_adds(&b,
        "NAME: pv_room\nDEPTH: D\nORIENT: float\nTAGS: no_rotate\n"
        "MAP\nxxxxx\nx...x\nx...@\nxxxxx\nENDMAP\n"
        "NAME: pv_narrow\nDEPTH: D\nORIENT: float\nTAGS: layout_narrow "
        "no_rotate\nMAP\nxxxxx\nx...x\nx...@\nxxxxx\nENDMAP\n"
        "NAME: pv_not_narrow\nDEPTH: D\nORIENT: float\nTAGS: "
        "nolayout_narrow no_rotate\nMAP\nxxxxx\nx...x\nx...@\nxxxxx\n"
        "ENDMAP\n"
        "NAME: pv_city\nDEPTH: D\nORIENT: float\nTAGS: layout_city\n"
        "MAP\nx@x\nENDMAP\n"
        /* A block of rock at the centre, in a corridor layout only: it
         * parts the corridor every time. */
        "NAME: pv_block\nDEPTH: D\nORIENT: centre\nTAGS: layout_narrow "
        "no_rotate\nMAP\nxxx\nxxx\nxxx\nENDMAP\n"
        "NAME: mv\nDEPTH: D\nTAGS: no_rotate\nMAP\n...\n.b.\n...\nENDMAP\n"
        /* Drawn cell by cell as it is written, after its layout was
         * chosen (and maybe built). */
        "NAME: pv_drawn\nDEPTH: D\nORIENT: float\nTAGS: no_rotate\n"
        "KFEAT: A = deep_water / floor\nMAP\nxxxxxx\nxAAAAx\nxAAAA@\n"
        "xxxxxx\nENDMAP\n"
        /* A ring round a hole the layout's floor keeps: a zone of its
         * own on any open layout. */
        "NAME: mv_ring\nDEPTH: D\nTAGS: layout_open no_rotate\nMAP\n"
        "ccccccccccccccc\n"
        "c             c\nc             c\nc             c\n"
        "c             c\nc             c\nc             c\n"
        "c             c\nc             c\nc             c\n"
        "c             c\nc             c\nc             c\n"
        "c             c\nccccccccccccccc\nENDMAP\n"
        /* Its only exit on the level's top edge: it never connects. */
        "NAME: pv_walled\nDEPTH: D\nORIENT: north\nTAGS: no_rotate "
        "no_hmirror no_vmirror\nMAP\nxx@xx\nx...x\nxxxxx\nENDMAP\n");
    return vf_sbuf_take(&b);
}

typedef struct fixture {
    vf_t_eng x;
    vf_level *l;             /* the last case's level */
    vf_gamelayouts *g;
    vf_case c;               /* mode game, base seed 7, with g */
    char *des;
} fixture;

/* A case of mode game under base seed 7 on x's engine, with store g
 * (NULL: its own). */
static void game_case(vf_case *c, vf_t_eng *x, vf_gamelayouts *g)
{
    vf_case_opts o = {.mode = VF_MODE_GAME, .seed = 7, .game_layouts = g};
    vf_case_init(c, x->e, &o);
}

static void open_fixture(fixture *f)
{
    f->des = des_text();
    vf_t_eng_open(&f->x, f->des, 0);
    f->l = malloc(sizeof *f->l);
    f->g = vf_gamelayouts_new();
    game_case(&f->c, &f->x, f->g);
}

static void close_fixture(fixture *f)
{
    vf_case_release(&f->c);
    vf_gamelayouts_free(f->g);
    free(f->l);
    vf_t_eng_close(&f->x);
    free(f->des);
}

/* Case (map, iter) into *v, its level into f->l: with f's store of built
 * layouts when shared, else in a case with a store of its own. */
static void run_game(fixture *f, const char *map, uint32_t iter, int shared,
                     vf_verdict *v)
{
    vf_case own, *c = &f->c;
    if (!shared) game_case(c = &own, &f->x, NULL);
    vf_case_run(c, vf_t_map(&f->x.l, map), iter, v);
    memcpy(f->l, c->level, sizeof *f->l);
    if (!shared) vf_case_release(&own);
}

START_TEST(layouts_follow_depth_weight_and_primary_rules)
{
    fixture f;
    open_fixture(&f);
    int open = 0, narrow = 0;
    for (uint32_t it = 0; it < 40; it++) {
        vf_verdict v;
        run_game(&f, "pv_room", it, 1, &v);
        ck_assert_msg(!v.kinds, "#%u: %x %s", it, v.kinds, v.message);
        ck_assert(v.placed.vault >= 0);
        open += !strcmp(v.layout, "lay_open");
        narrow += !strcmp(v.layout, "lay_corridor");
        ck_assert_msg(strcmp(v.layout, "lay_deep") &&
                      strcmp(v.layout, "lay_noprimary"), "%s", v.layout);
    }
    ck_assert_int_eq(open + narrow, 40);
    ck_assert(open > 5 && narrow > 5);
    /* A minivault goes on any layout of the level, no_primary_vault too. */
    int noprimary = 0;
    for (uint32_t it = 0; it < 40; it++) {
        vf_verdict v;
        run_game(&f, "mv", it, 1, &v);
        ck_assert_msg(!(v.kinds & VF_V_PLACE_FAILED) || !strcmp(v.layout,
                      "lay_corridor"), "%s: %s", v.layout, v.message);
        ck_assert(strcmp(v.layout, "lay_deep"));
        noprimary += !strcmp(v.layout, "lay_noprimary");
    }
    ck_assert_int_gt(noprimary, 5);
    close_fixture(&f);
}
END_TEST

/* The layout maps a vault may draw are listed once per place and kept
 * (gamelayout.c): one set of layouts serves D:8, then D:10, then D:8
 * again, and each level draws from its own maps. */
START_TEST(each_level_draws_from_its_own_layout_maps)
{
    fixture f;
    open_fixture(&f);
    static const char *levels[] = {"D:8", "D:10", "D:8"};
    for (int k = 0; k < 3; k++) {
        vf_place p;
        char why[128];
        ck_assert_int_eq(vf_place_parse(NULL, levels[k], &p, why, sizeof why),
                         0);
        vf_engine_set_place(f.x.e, &p);
        int lower = 0;
        for (uint32_t it = 0; it < 20; it++) {
            vf_verdict v;
            run_game(&f, "pv_room", it, 1, &v);
            lower += !strcmp(v.layout, "lay_lower");
        }
        if (k == 1) ck_assert_int_gt(lower, 15);
        else ck_assert_int_eq(lower, 0);
    }
    close_fixture(&f);
}
END_TEST

START_TEST(layout_tags_choose_the_layout_map)
{
    fixture f;
    open_fixture(&f);
    for (uint32_t it = 0; it < 20; it++) {
        vf_verdict v;
        run_game(&f, "pv_narrow", it, 1, &v);
        ck_assert_str_eq(v.layout, "lay_corridor");
        run_game(&f, "pv_not_narrow", it, 1, &v);
        ck_assert_str_eq(v.layout, "lay_open");
        run_game(&f, "pv_city", it, 1, &v);
        ck_assert(v.not_tried && !v.kinds && v.placed.vault < 0);
    }
    ck_assert(vf_layout_admits(" layout_narrow ", " a layout_type_narrow "));
    ck_assert(!vf_layout_admits(" layout_narrow ", " layout_type_open "));
    ck_assert(!vf_layout_admits(" nolayout_open ", " layout_type_open "));
    ck_assert(vf_layout_admits(" nolayout_open ", " layout_type_narrow "));
    ck_assert(vf_layout_admits(" transparent ", " layout_type_open "));
    /* The layout's first type the vault names decides. */
    ck_assert(vf_layout_admits(" layout_a nolayout_b ",
                               " layout_type_a layout_type_b "));
    close_fixture(&f);
}
END_TEST

/* The game vetoes a level a minivault cut apart and builds another; when
 * every try cuts it, the map fails to place, saying so. A primary vault
 * that parts its layout is not vetoed for it: the zones are first
 * counted once the primary vault and its layout stand (dungeon.cc
 * _build_vault_impl), so the level stays when each part has stairs. */
START_TEST(a_vault_that_cuts_the_layout_fails_to_place)
{
    fixture f;
    open_fixture(&f);
    vf_verdict v;
    run_game(&f, "mv_ring", 0, 1, &v);
    vf_t_vetoed_every_build(&v, "into 2 zones (it has 1 alone)");
    ck_assert(v.error & VF_V_LEVEL_VETOED);
    ck_assert_int_eq(v.attempts, VF_RESOLVE_ATTEMPTS);
    for (uint32_t it = 0; it < 5; it++) {
        run_game(&f, "pv_block", it, 1, &v);
        ck_assert_str_eq(v.layout, "lay_corridor");
        ck_assert_msg(!(v.kinds & VF_V_PLACE_FAILED) && v.placed.vault >= 0,
                      "#%u: %x %s", it, v.kinds, v.message);
    }
    close_fixture(&f);
}
END_TEST

/* A vault none of whose exits connects: the game vetoes the level
 * (dungeon.cc _build_vault_impl) and builds another; when every try
 * does, the map fails to place, saying why. */
START_TEST(unconnected_exits_fail_to_place)
{
    fixture f;
    open_fixture(&f);
    for (uint32_t it = 0; it < 3; it++) {
        vf_verdict v;
        run_game(&f, "pv_walled", it, 1, &v);
        vf_t_vetoed_every_build(&v, "none of the vault's 1 exits connects");
        ck_assert_int_eq(v.attempts, VF_RESOLVE_ATTEMPTS);
    }
    close_fixture(&f);
}
END_TEST

/* A layout map that draws no level (the game's that draw on the level
 * from Lua draw nothing here) judges nothing: the case is not tried and
 * says why. */
START_TEST(a_layout_that_draws_nothing_is_not_tried)
{
    fixture f;
    open_fixture(&f);
    vf_place lair;
    char why[128];
    ck_assert_int_eq(vf_place_parse(NULL, "Lair:2", &lair, why, sizeof why), 0);
    vf_engine_set_place(f.x.e, &lair);
    vf_verdict v;
    run_game(&f, "pv_room", 0, 1, &v);
    ck_assert(v.not_tried && !v.kinds);
    ck_assert_str_eq(v.layout, "lay_blank");
    ck_assert_msg(strstr(v.message, "lay_blank drew no level"), "%s",
                  v.message);
    close_fixture(&f);
}
END_TEST

/* A case is the same whatever the cache held before: a fresh cache and
 * one that built other layouts give the same level byte for byte, also
 * for a vault whose cells are drawn as they are written (a layout built
 * inside the case must not move the vault's draws). */
START_TEST(the_cache_never_changes_a_case)
{
    fixture f;
    open_fixture(&f);
    vf_level *first = malloc(sizeof *first);
    const char *maps[] = {"pv_room", "pv_drawn"};
    for (uint32_t it = 0; it < 24; it++) {
        vf_verdict a, b;
        const char *map = maps[it % 2];
        run_game(&f, map, it, 0, &a);
        memcpy(first, f.l, sizeof *first);
        run_game(&f, "mv", it + 100, 1, &b);
        run_game(&f, map, it, 1, &b);
        ck_assert_str_eq(a.layout, b.layout);
        ck_assert_uint_eq(a.kinds, b.kinds);
        ck_assert_int_eq(a.placed.x, b.placed.x);
        ck_assert_msg(!memcmp(first->feat, f.l->feat, sizeof first->feat),
                      "%s #%u: the level differs", map, it);
    }
    unsigned long resolved, reused;
    vf_gamelayouts_stats(f.g, &resolved, &reused);
    ck_assert_uint_gt(reused, 0);
    ck_assert_uint_le(resolved, 3 * VF_GAMELAYOUT_POOL);
    free(first);
    close_fixture(&f);
}
END_TEST

/* What one worker built, a worker forked after the cache was made finds:
 * the cache's layouts are in memory shared across fork. */
START_TEST(workers_share_built_layouts)
{
    fixture f;
    open_fixture(&f);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        for (uint32_t it = 0; it < 12; it++) {
            vf_verdict v;
            run_game(&f, "pv_room", it, 1, &v);
        }
        _exit(0);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    for (uint32_t it = 0; it < 12; it++) {
        vf_verdict v;
        run_game(&f, "pv_room", it, 1, &v);
        ck_assert_msg(!v.kinds, "#%u: %s", it, v.message);
    }
    unsigned long resolved, reused;
    vf_gamelayouts_stats(f.g, &resolved, &reused);
    ck_assert_uint_eq(resolved, 0);
    ck_assert_uint_ge(reused, 12);
    close_fixture(&f);
}
END_TEST

/* A layout map whose build never asks the depth (only, at most, the
 * branch) is built once for every depth of its branch; one that asks is
 * built per level. */
static char *depth_des(void)
{
    vf_sbuf b = VF_SBUF_INIT;
    layout_map(&b, "dr_plain", "DEPTH: Orc\nWEIGHT: 10\nTAGS: overwritable "
               "layout allow_dup unrand\n"
               "{{ assert(you.in_branch('Orc') or is_validating()) }}",
               open_floor);
    layout_map(&b, "dr_asks", "DEPTH: Lair\nWEIGHT: 10\nTAGS: overwritable "
               "layout allow_dup unrand\n{{ local d = you.depth() }}",
               open_floor);
    layout_map(&b, "dr_zig", "DEPTH: Zig\nWEIGHT: 10\nTAGS: overwritable "
               "layout allow_dup unrand\n{{ local d = you.depth() }}",
               open_floor);
    vf_sbuf_adds(&b, "NAME: dr_mv\nDEPTH: Orc, Lair, Zig\nTAGS: no_rotate\n"
                 "MAP\n...\n...\nENDMAP\n");
    return vf_sbuf_take(&b);
}

/* Layouts built after 16 cases of dr_mv at each place in turn. */
static unsigned long built_after(vf_t_eng *x, vf_case *c, const char *place)
{
    vf_place p;
    char why[128];
    ck_assert_msg(!vf_place_parse(NULL, place, &p, why, sizeof why), "%s", why);
    vf_engine_set_place(x->e, &p);
    for (uint32_t it = 0; it < 16; it++) {
        vf_verdict v;
        vf_case_run(c, vf_t_map(&x->l, "dr_mv"), it, &v);
        ck_assert_msg(!v.kinds && !v.not_tried, "%s #%u: %s", place, it,
                      v.message);
    }
    unsigned long resolved, reused;
    vf_gamelayouts_stats(c->game_layouts, &resolved, &reused);
    return resolved;
}

/* depth_des() loaded, with a case of mode game. */
typedef struct depth_fix {
    char *des;
    vf_t_eng x;
    vf_case c;               /* mode game with its own store */
} depth_fix;

static void depth_open(depth_fix *f)
{
    f->des = depth_des();
    vf_t_eng_open(&f->x, f->des, 0);
    game_case(&f->c, &f->x, NULL);
}

static void depth_close(depth_fix *f)
{
    vf_case_release(&f->c);
    vf_t_eng_close(&f->x);
    free(f->des);
}

static unsigned long depth_built(depth_fix *f, const char *place)
{
    return built_after(&f->x, &f->c, place);
}

START_TEST(a_layout_blind_to_depth_is_built_once_per_branch)
{
    depth_fix f;
    depth_open(&f);
    unsigned long orc1 = depth_built(&f, "Orc:1");
    ck_assert_uint_gt(orc1, 0);
    ck_assert_uint_eq(depth_built(&f, "Orc:2"), orc1);
    unsigned long lair1 = depth_built(&f, "Lair:1");
    ck_assert_uint_gt(lair1, orc1);
    ck_assert_uint_eq(depth_built(&f, "Lair:2") - lair1, lair1 - orc1);
    depth_close(&f);
}
END_TEST

/* Every level's builds are kept, however many levels the branch has:
 * the 27 of a ziggurat, once built, are all found again. */
START_TEST(every_level_of_a_long_branch_is_kept)
{
    depth_fix f;
    depth_open(&f);
    char place[16];
    unsigned long first = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int d = 1; d <= 27; d++) {
            snprintf(place, sizeof place, "Zig:%d", d);
            unsigned long n = depth_built(&f, place);
            if (pass == 0) first = n;
            else ck_assert_uint_eq(n, first);
        }
    /* One to VF_GAMELAYOUT_POOL builds a level. */
    ck_assert_uint_ge(first, 27);
    ck_assert_uint_le(first, 27 * VF_GAMELAYOUT_POOL);
    depth_close(&f);
}
END_TEST

/* The journal keeps the layout map: game:NAME in the layout field. */
START_TEST(the_journal_names_the_layout_map)
{
    vf_case_rec c, back;
    vf_map_rec m;
    memset(&c, 0, sizeof c);
    c.mode = VF_MODE_GAME;
    vf_case_layout_label(VF_MODE_GAME, "layout_loops_ring", c.layout,
                         sizeof c.layout);
    c.message = "";
    vf_sbuf b = VF_SBUF_INIT;
    vf_journal_case_line(&b, &c);
    ck_assert(strstr(b.s, "\tgame:layout_loops_ring\t"));
    ck_assert_int_eq(vf_journal_parse(b.s, &m, &back), 'C');
    ck_assert_int_eq(back.mode, VF_MODE_GAME);
    ck_assert_str_eq(vf_case_rec_layout(&back), "game:layout_loops_ring");
    vf_case_rec_free(&back);
    ck_assert_int_eq(vf_journal_parse("C\t0\trooms:x\t0\tok\t1\t1\t-\t",
                                      &m, &back), 0);
    ck_assert_int_eq(vf_journal_parse("C\t0\trooms\t0\tok\t1\t1\t-\t",
                                      &m, &back), 'C');
    ck_assert_str_eq(vf_case_rec_layout(&back), "rooms");
    vf_case_rec_free(&back);
    char label[96];
    ck_assert_str_eq(vf_case_layout_label(VF_MODE_GAME, "", label,
                                          sizeof label), "game");
    ck_assert_str_eq(vf_case_layout_label(VF_MODE_CROSS, "x", label,
                                          sizeof label), "cross");
    vf_sbuf_free(&b);
}
END_TEST

/* A layout map that draws on the level from Lua (the Vaults layouts,
 * the hyper builder): its grid becomes the 80x70 level, rock until
 * written; dgn.grid, fill_grd_area and reuse_map write it, and the reads
 * (dgn.grid, feat.*, is_passable) see what was written. A map that is
 * not the level draws nothing. */
static const char level_des[] =
    "NAME: lvl_room\nTAGS: allow_dup\nMAP\nccc\nc.c\nccc\nENDMAP\n"
    "NAME: lvl_drawn\nDEPTH: D\nORIENT: encompass\n"
    "TAGS: overwritable layout allow_dup unrand no_hmirror no_vmirror\n"
    "TAGS: no_rotate\n"
    "{{\n"
    "  if is_validating() then return end\n"
    "  local floor = dgn.feature_number('floor')\n"
    "  assert(feat.is_wall(dgn.grid(10, 10)))\n"
    "  dgn.fill_grd_area(0, 0, 20, 10, 'floor')\n"
    "  assert(dgn.grid(30, 30, 'shallow_water') ~= floor)\n"
    "  assert(dgn.is_passable(5, 5) and not dgn.is_passable(40, 40))\n"
    "  assert(feat.has_solid_floor(5, 5) and not feat.is_wall(5, 5))\n"
    "  assert(feat.is_wall('stone_wall') and feat.is_door('open_door'))\n"
    "  local _, vp = dgn.resolve_map(dgn.map_by_name('lvl_room'), false)\n"
    "  dgn.reuse_map(vp, 50, 40, false, false, 0, true, true)\n"
    "}}\nMAP\nENDMAP\n"
    "NAME: lvl_mini\nDEPTH: D\nTAGS: allow_dup\n"
    "{{ if not is_validating() then dgn.grid(1, 1, 'floor') end }}\n"
    "MAP\nx\nENDMAP\n";

START_TEST(layout_lua_draws_on_the_level)
{
    vf_t_eng x;
    vf_t_eng_open(&x, level_des, 0);
    vf_t_resolve_ok(&x, "lvl_drawn", 1, 0);
    ck_assert_int_eq(x.m.grid.w, VF_GXM);
    ck_assert_int_eq(x.m.grid.h, VF_GYM);
    /* Clamped inside the border, as the game's fill_grd_area. */
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 0, 0), 'x');
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 1, 1), '.');
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 20, 10), '.');
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 21, 10), 'x');
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 30, 30), 'W');
    /* The reused room's walls at (50, 40), its floor within. */
    ck_assert_int_ne(vf_grid_get(&x.m.grid, 50, 40), 'x');
    ck_assert_int_ne(vf_grid_get(&x.m.grid, 51, 41), 'x');
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 53, 40), 'x');
    vf_t_resolve_ok(&x, "lvl_mini", 1, 0);
    ck_assert_int_eq(x.m.grid.w, 1);
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 0, 0), 'x');
    vf_t_eng_close(&x);
}
END_TEST

/* CHANCE before weight (maps.cc _random_map_in_list, as the game's
 * layout picks check it): at Orc:1 ch_a's 100% wins every time and,
 * tagged chance_orcs, stands for a roll among the maps so tagged;
 * ch_heavy, by weight alone, never comes up, nor ch_never (CHANCE 0);
 * ch_deep's CHANCE holds at Orc:2 only (depth_chance), where it comes
 * first. Without the check, weight rules. */
static const char chance_des[] =
    "NAME: ch_deep\nDEPTH: Orc\nWEIGHT: 1\nCHANCE: 100% (Orc:2)\n"
    "TAGS: layout\nMAP\nx\nENDMAP\n"
    "NAME: ch_heavy\nDEPTH: Orc\nWEIGHT: 1000\nTAGS: layout\n"
    "MAP\nx\nENDMAP\n"
    "NAME: ch_never\nDEPTH: Orc\nCHANCE: 0\nTAGS: layout\n"
    "MAP\nx\nENDMAP\n"
    "NAME: ch_a\nDEPTH: Orc\nWEIGHT: 1\nCHANCE: 100%\n"
    "TAGS: layout chance_orcs\nMAP\nx\nENDMAP\n"
    "NAME: ch_b\nDEPTH: Orc\nWEIGHT: 1\nTAGS: layout chance_orcs\n"
    "MAP\nx\nENDMAP\n";

static int picks(const vf_catalog *cat, const char *place, int check_chance,
                 const char *name)
{
    vf_place p;
    char why[128];
    ck_assert_int_eq(vf_place_parse(NULL, place, &p, why, sizeof why), 0);
    vf_rng r;
    vf_rng_seed(&r, 42);
    int n = 0;
    for (int i = 0; i < 200; i++) {
        vf_pick_req q = {.tags = "layout", .check_depth = 1,
                         .check_chance = check_chance, .place = &p};
        const vf_mapinfo *m = vf_catalog_pick_if(cat, &q, &r);
        ck_assert_ptr_nonnull(m);
        n += !strcmp(m->def->name, name);
    }
    return n;
}

START_TEST(layout_chance_is_rolled_before_weight)
{
    vf_t_eng x;
    vf_t_eng_open(&x, chance_des, 0);
    vf_sbuf err = VF_SBUF_INIT;
    const vf_catalog *cat = vf_engine_catalog(x.e, &err);
    ck_assert_msg(cat != NULL, "%s", vf_sbuf_str(&err));
    int a = picks(cat, "Orc:1", 1, "ch_a"), b = picks(cat, "Orc:1", 1, "ch_b");
    ck_assert_int_eq(a + b, 200);
    ck_assert(a > 50 && b > 50);
    ck_assert_int_eq(picks(cat, "Orc:2", 1, "ch_deep"), 200);
    ck_assert_int_gt(picks(cat, "Orc:1", 0, "ch_heavy"), 190);
    vf_sbuf_free(&err);
    vf_t_eng_close(&x);
}
END_TEST

static int not_heavy(const void *ctx, const vf_mapinfo *i)
{
    (void)ctx;
    return strcmp(i->def->name, "ch_heavy") != 0;
}

/* vf_catalog_list_if then vf_catalog_pick_from, as mode game picks from
 * a list it keeps: the same map as vf_catalog_pick_if at every draw, and
 * the generator left the same, with CHANCE or without, filtered or not;
 * a list longer than its room is counted whole. */
START_TEST(a_kept_list_draws_as_the_whole_pick)
{
    vf_t_eng x;
    vf_t_eng_open(&x, chance_des, 0);
    vf_sbuf err = VF_SBUF_INIT;
    const vf_catalog *cat = vf_engine_catalog(x.e, &err);
    ck_assert_msg(cat != NULL, "%s", vf_sbuf_str(&err));
    static const char *places[] = {"Orc:1", "Orc:2"};
    for (int k = 0; k < 8; k++) {
        vf_place p;
        char why[128];
        ck_assert_int_eq(vf_place_parse(NULL, places[k & 1], &p, why,
                                        sizeof why), 0);
        int chance = k >> 1 & 1;
        vf_map_filter keep = k >> 2 ? not_heavy : NULL;
        vf_pick_cand cand[8];
        vf_pick_req q = {.tags = "layout", .check_depth = 1,
                         .check_chance = chance, .place = &p, .keep = keep};
        size_t n = vf_catalog_list_if(cat, &q, cand, 8);
        ck_assert_uint_eq(n, keep ? 4 : 5);
        ck_assert_uint_eq(vf_catalog_list_if(cat, &q, cand, 2), n);
        n = vf_catalog_list_if(cat, &q, cand, 8);
        vf_rng a, b;
        vf_rng_seed(&a, 7 + (uint64_t)k);
        b = a;
        for (int i = 0; i < 300; i++) {
            const vf_mapinfo *whole = vf_catalog_pick_if(cat, &q, &a);
            const vf_mapinfo *kept = vf_catalog_pick_from(cat, &q, cand, n,
                                                          &b);
            ck_assert_ptr_eq(whole, kept);
        }
        ck_assert_int_eq(vf_random2(&a, 1 << 30), vf_random2(&b, 1 << 30));
    }
    vf_sbuf_free(&err);
    vf_t_eng_close(&x);
}
END_TEST

Suite *vf_test_gamelayout_suite(void)
{
    Suite *s = suite_create("gamelayout");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, layouts_follow_depth_weight_and_primary_rules);
    tcase_add_test(tc, layout_tags_choose_the_layout_map);
    tcase_add_test(tc, each_level_draws_from_its_own_layout_maps);
    tcase_add_test(tc, a_vault_that_cuts_the_layout_fails_to_place);
    tcase_add_test(tc, unconnected_exits_fail_to_place);
    tcase_add_test(tc, a_layout_that_draws_nothing_is_not_tried);
    tcase_add_test(tc, the_cache_never_changes_a_case);
    tcase_add_test(tc, workers_share_built_layouts);
    tcase_add_test(tc, a_layout_blind_to_depth_is_built_once_per_branch);
    tcase_add_test(tc, every_level_of_a_long_branch_is_kept);
    tcase_add_test(tc, the_journal_names_the_layout_map);
    tcase_add_test(tc, layout_lua_draws_on_the_level);
    tcase_add_test(tc, layout_chance_is_rolled_before_weight);
    tcase_add_test(tc, a_kept_list_draws_as_the_whole_pick);
    suite_add_tcase(s, tc);
    return s;
}
