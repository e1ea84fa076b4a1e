/* Placement (§6): positions by orientation, exits, masks, connection. */
#include "tests.h"
#include "vf_case.h"
#include "vf_glyph.h"
#include "place/place_int.h"

#include <stdlib.h>
#include <string.h>

static const char des[] =
    "NAME: north_room\nORIENT: north\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "MAP\nxx@xx\nx...x\nxx+xx\nENDMAP\n"
    "NAME: see_through\nORIENT: float\nTAGS: transparent no_rotate "
    "no_hmirror no_vmirror\nMAP\n...\n.G.\n...\nENDMAP\n"
    "NAME: closed_box\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "MAP\nxxxxx\nx...x\nx...x\nxxxxx\nENDMAP\n"
    "NAME: dwellers\nORIENT: north\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "KMONS: L = lava snake\nKMONS: E = electric eel\nMONS: kraken\n"
    "KMONS: Z = kraken zombie\n"
    "MAP\nxxxxxx\nxLEZ1x\nxxxxxx\nENDMAP\n"
    "NAME: masked\nORIENT: south\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "KMASK: a = !opaque\nKFEAT: b = lava\n"
    "MAP\nxa.ax\nxbbbx\nx.@.x\nENDMAP\n"
    "NAME: ragged\nTAGS: no_rotate no_hmirror no_vmirror\n"
    "MAP\n x.x  \n..  . \n .+.  \n     x\nx     \nENDMAP\n";

/* Resolves name for seed and places it on a fresh empty level. */
static vf_place_status place(vf_t_eng *x, vf_level *l, const char *name,
                             vf_place_opts o, uint64_t seed, vf_placed *p)
{
    const vf_mapdef *def = vf_t_map(&x->l, name);
    vf_resolve_req rq = {.def = def, .seed = seed};
    vf_resolve_status st = vf_engine_resolve(x->e, &rq, &x->m, &x->err);
    ck_assert_msg(st == VF_RESOLVED, "%s", vf_sbuf_str(&x->err));
    vf_place pl;
    char why[64];
    ck_assert_int_eq(vf_place_parse(NULL, "D:3", &pl, why, sizeof why), 0);
    vf_level_init_empty(l, NULL, &pl);
    vf_rng r;
    vf_rng_seed(&r, seed);
    return vf_place_map(l, &x->m, &o, &r, p);
}

START_TEST(compass_position_and_edge_exits)
{
    vf_t_eng x;
    vf_level *l = malloc(sizeof *l);
    vf_placed p;
    vf_t_eng_open(&x, des, 0);
    vf_place_opts o = {0, 1, 0, 0};
    ck_assert_int_eq(place(&x, l, "north_room", o, 1, &p), VF_PLACED);
    /* North: centred across, at the top. */
    ck_assert_int_eq(p.x, (80 - 5) / 2);
    ck_assert_int_eq(p.y, 0);
    /* '@' on the top edge and '+' on the bottom edge are the exits. */
    ck_assert_int_eq(p.exits, 2);
    ck_assert_int_eq(l->vaults[0].exits[0].x, p.x + 2);
    ck_assert_int_eq(l->vaults[0].exits[0].y, 0);
    ck_assert_int_eq(l->feat[2][p.x + 2], VF_F_CLOSED_DOOR);
    ck_assert_int_eq(l->feat[1][p.x + 1], VF_F_FLOOR);
    /* Opaque: every vault cell masked, exits too under make_no_exits. */
    ck_assert(l->mask[1][p.x + 1] & VF_MMT_OPAQUE);
    ck_assert(l->mask[0][p.x + 2] & VF_MMT_OPAQUE);
    ck_assert_int_eq(l->vault[1][p.x + 1], 1);
    ck_assert_int_eq(l->vault[1][p.x + 6], 0);
    /* Without make_no_exits the exits stay unmasked and get connected --
     * except the '@' on the level's top row: the search for floor stays
     * inside the level's one-cell border, as the game's does. */
    o.make_no_exits = 0;
    ck_assert_int_eq(place(&x, l, "north_room", o, 1, &p), VF_PLACED);
    ck_assert(!(l->mask[2][p.x + 2] & VF_MMT_OPAQUE));
    ck_assert_int_eq(p.connected, 1);
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

/* A position asked for (dgn.place_map's x, y): a floating map centred
 * on it and slid onto the level, a minivault off its border; a compass
 * map keeps its place. */
START_TEST(a_position_asked_for)
{
    vf_place_at at = {10, 20};
    vf_place_opts o = {1, 1, 0, 0};
    vf_rng r;
    vf_rng_seed(&r, 1);
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *l = malloc(sizeof *l);
    vf_placed p;
    ck_assert_int_eq(place(&x, l, "see_through", o, 1, &p), VF_PLACED);
    vf_level_init_empty(l, NULL, &l->place);
    ck_assert_int_eq(vf_place_map_at(l, &x.m, &o, &at, &r, &p), VF_PLACED);
    ck_assert_int_eq(p.x, 9);
    ck_assert_int_eq(p.y, 19);
    at.x = 200;
    ck_assert_int_eq(vf_place_map_at(l, &x.m, &o, &at, &r, &p), VF_PLACED);
    ck_assert_int_eq(p.x, 80 - 3);
    /* Over the first one, with the collision check: refused. */
    at.x = 10;
    ck_assert_int_eq(vf_place_map_at(l, &x.m, &o, &at, &r, &p),
                     VF_PLACE_FAILED);
    ck_assert_int_eq(place(&x, l, "closed_box", o, 1, &p), VF_PLACED);
    vf_level_init_empty(l, NULL, &l->place);
    at.x = at.y = 0;
    ck_assert_int_eq(vf_place_map_at(l, &x.m, &o, &at, &r, &p), VF_PLACED);
    ck_assert_int_eq(p.x, 2);
    ck_assert_int_eq(p.y, 2);
    ck_assert_int_eq(place(&x, l, "north_room", o, 1, &p), VF_PLACED);
    vf_level_init_empty(l, NULL, &l->place);
    ck_assert_int_eq(vf_place_map_at(l, &x.m, &o, &at, &r, &p), VF_PLACED);
    ck_assert_int_eq(p.x, (80 - 5) / 2);
    ck_assert_int_eq(p.y, 0);
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

START_TEST(floats_minivaults_and_masks)
{
    vf_t_eng x;
    vf_level *l = malloc(sizeof *l);
    vf_placed p;
    vf_t_eng_open(&x, des, 0);
    vf_place_opts o = {0, 1, 0, 0};
    /* A transparent float: no opaque mask; its floor edge cells are float
     * exits (all 8 of them: fewer than 6 would all be taken, 8 gives
     * 8/8+1 = 2). */
    for (uint64_t s = 1; s <= 50; s++) {
        ck_assert_int_eq(place(&x, l, "see_through", o, s, &p), VF_PLACED);
        ck_assert_int_eq(p.exits, 2);
        ck_assert(!(l->mask[p.y + 1][p.x + 1] & VF_MMT_OPAQUE));
        ck_assert(l->mask[p.y + 1][p.x + 1] & VF_MMT_VAULT);
        ck_assert_int_eq(l->feat[p.y + 1][p.x + 1], VF_F_GRANITE_STATUE);
        /* Random floats keep 13 cells from the edge. */
        ck_assert(p.x >= 13 && p.x + p.w <= 80 - 13);
    }
    /* A minivault (no ORIENT) lands anywhere with margin 4. */
    int xs[80] = {0};
    for (uint64_t s = 1; s <= 200; s++) {
        ck_assert_int_eq(place(&x, l, "closed_box", o, s, &p), VF_PLACED);
        ck_assert(p.x >= 4 && p.x + p.w <= 80 - 4);
        xs[p.x] = 1;
    }
    int distinct = 0;
    for (int i = 0; i < 80; i++) distinct += xs[i];
    ck_assert_int_ge(distinct, 30);
    /* KMASK !opaque unmasks; KFEAT writes the named feature. */
    ck_assert_int_eq(place(&x, l, "masked", o, 3, &p), VF_PLACED);
    ck_assert_int_eq(p.y, 70 - 3);
    ck_assert(!(l->mask[p.y][p.x + 1] & VF_MMT_OPAQUE));
    ck_assert(l->mask[p.y][p.x + 2] & VF_MMT_OPAQUE);
    ck_assert_int_eq(l->feat[p.y + 1][p.x + 2], VF_F_LAVA);
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

START_TEST(monsters_get_their_terrain)
{
    vf_t_eng x;
    vf_level *l = malloc(sizeof *l);
    vf_placed p;
    vf_t_eng_open(&x, des, 0);
    vf_place_opts o = {0, 1, 0, 0};
    ck_assert_int_eq(place(&x, l, "dwellers", o, 1, &p), VF_PLACED);
    /* A monster that cannot live on the floor its glyph gives turns the
     * cell into its own terrain, as the game's placement does. */
    ck_assert_int_eq(l->feat[1][p.x + 1], VF_F_LAVA);
    ck_assert_int_eq(l->feat[1][p.x + 2], VF_F_DEEP_WATER);
    ck_assert_int_eq(l->feat[1][p.x + 3], VF_F_FLOOR);   /* a zombie walks */
    ck_assert_int_eq(l->feat[1][p.x + 4], VF_F_DEEP_WATER);  /* MONS slot */
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

START_TEST(minivaults_need_floor)
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_verdict v;
    vf_case *c = &x.c;
    c->opts.mode = VF_MODE_FILL;
    c->opts.no_rotate = 1;
    /* placement.lua's -fill: a minivault never finds floor. */
    vf_case_run(c, vf_t_map(&x.l, "closed_box"), 0, &v);
    ck_assert_uint_eq(v.kinds, VF_V_PLACE_FAILED);
    ck_assert_ptr_nonnull(strstr(v.message, "600 tries"));
    c->opts.mode = VF_MODE_EMPTY;
    vf_case_run(c, vf_t_map(&x.l, "closed_box"), 0, &v);
    ck_assert_int_eq(v.placed.vault, 0);
    /* The same case twice: the same place. */
    vf_verdict again;
    vf_case_run(c, vf_t_map(&x.l, "closed_box"), 0, &again);
    ck_assert_int_eq(again.placed.x, v.placed.x);
    ck_assert_int_eq(again.placed.y, v.placed.y);
    vf_t_eng_close(&x);
}
END_TEST

/* v.zones counts the level before the stair goes in: in mode fill none
 * goes in (placement.lua's -fill counts the zones alone), so the rock at
 * (1,1) stays; where it stands on floor, the count is the analysis's. */
START_TEST(zone_count_is_before_the_stair)
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_case *c = &x.c;
    vf_level *l = c->level;
    vf_conn_report *r = c->report;
    vf_verdict v;
    c->opts.mode = VF_MODE_FILL;
    c->opts.no_rotate = 1;
    vf_case_run(c, vf_t_map(&x.l, "north_room"), 0, &v);
    ck_assert_int_eq(v.placed.vault, 0);
    ck_assert_int_eq(l->feat[1][1], VF_F_ROCK_WALL);
    ck_assert_int_eq(v.stair_x, -1);
    ck_assert_int_eq(r->nzones, 0);   /* no analysis */
    ck_assert_int_eq(v.zones, 0);     /* all rock, the vault opaque */
    c->opts.mode = VF_MODE_EMPTY;
    vf_case_run(c, vf_t_map(&x.l, "north_room"), 0, &v);
    ck_assert_int_eq(v.zones, r->nzones);
    l->feat[1][1] = VF_F_FLOOR;
    ck_assert_int_eq(v.zones, vf_conn_count_zones(l, 0));
    vf_t_eng_close(&x);
}
END_TEST

START_TEST(exits_are_cut_through_rock)
{
    vf_level *l = malloc(sizeof *l);
    vf_place pl = {0, 1};
    vf_level_init(l, NULL, &pl, VF_F_ROCK_WALL);
    for (int x = 50; x < 60; x++) l->feat[10][x] = VF_F_FLOOR;
    vf_rng r;
    vf_rng_seed(&r, 7);
    ck_assert_int_eq(vf_place_connect_exit(l, 20, 30, &r), 1);
    /* The path is orthogonal floor from the exit to the floor found. */
    int floors = 0;
    for (int y = 0; y < 70; y++)
        for (int x = 0; x < 80; x++) floors += l->feat[y][x] == VF_F_FLOOR;
    ck_assert_int_ge(floors, 10 + 30 + 20);
    ck_assert_int_eq(l->feat[30][20], VF_F_FLOOR);
    /* Nothing to reach: no floor anywhere. */
    vf_level_init(l, NULL, &pl, VF_F_ROCK_WALL);
    ck_assert_int_eq(vf_place_connect_exit(l, 20, 30, &r), 0);
    free(l);
}
END_TEST

START_TEST(stationary_monsters_are_marked)
{
    const unsigned st = VF_CELL_STATIC_MONSTER, fw = VF_CELL_FIREWOOD;
    ck_assert_uint_eq(vf_place_monster_stays("plant"), st | fw);
    ck_assert_uint_eq(vf_place_monster_stays("oklob plant w:5"), st);
    ck_assert_uint_eq(vf_place_monster_stays("generate_awake Fungus "
                                             "att:hostile"), st | fw);
    ck_assert_uint_eq(vf_place_monster_stays("orange_crystal_statue"), st);
    ck_assert_uint_eq(vf_place_monster_stays("human-shaped pillar of salt"),
                      st | fw);
    ck_assert_uint_eq(vf_place_monster_stays("statue ; mace"), st);
    ck_assert_uint_eq(vf_place_monster_stays("goblin"), 0);
    ck_assert_uint_eq(vf_place_monster_stays("ballistomycete spore"), 0);
    ck_assert_uint_eq(vf_place_monster_stays("plant zombie"), 0);
    ck_assert_uint_eq(vf_place_monster_stays(NULL), 0);
}
END_TEST

/* A level of every kind of cell the collision rules tell apart, floor in
 * floors of 6. */
static void busy_level(vf_level *l, vf_rng *r, int floors)
{
    static const vf_feat feats[] = {
        VF_F_ROCK_WALL, VF_F_DEEP_WATER, VF_F_SHALLOW_WATER, VF_F_LAVA,
        VF_F_CLOSED_DOOR, VF_F_OPEN_DOOR, VF_F_TREE, VF_F_GRANITE_STATUE,
        VF_F_STONE_STAIRS_DOWN_I,
    };
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            int n = (int)(sizeof feats / sizeof *feats);
            l->feat[y][x] = (uint8_t)(vf_random2(r, 6) < floors ? VF_F_FLOOR
                                      : feats[vf_random2(r, n)]);
            l->mask[y][x] = vf_one_chance_in(r, 60) ? VF_MMT_VAULT : 0;
            l->content[y][x] = vf_one_chance_in(r, 40) ? VF_CELL_ITEM : 0;
            l->prop[y][x] = vf_one_chance_in(r, 30) ? VF_FPROP_NO_TELE_INTO
                                                    : 0;
        }
}

/* Each position's answer of the bitsets against the cell-by-cell one:
 * how many fit, or -1 at the first that disagrees. */
static int search_fits(const vf_level *l, const vf_rmap *m,
                       const vf_place_rules *rules, int check)
{
    vf_place_search s;
    vf_place_search_init(&s, l, m, check);
    s.rules = *rules;
    int fits = 0;
    /* Past the first few tries the bitsets answer. */
    for (int y = 0; y <= VF_GYM - m->grid.h; y++)
        for (int x = 0; x <= VF_GXM - m->grid.w; x++) {
            int cells = vf_place_touches_floor(l, m, x, y) &&
                        (!check || vf_place_safe_by_rules(l, m, rules, x, y));
            int bits = vf_place_search_fits(&s, x, y);
            if (bits != cells) return -1;
            fits += bits;
        }
    ck_assert(s.built);
    return fits;
}

START_TEST(search_bitsets_agree_with_cells)
{
    vf_t_eng x;
    vf_t_eng_open(&x, des, 0);
    vf_level *l = malloc(sizeof *l);
    vf_placed p;
    vf_place_opts o = {0, 1, 0, 0};
    place(&x, l, "ragged", o, 3, &p);   /* the resolved map in x.m */
    ck_assert_int_eq(x.m.grid.w, 6);   /* with two cells on their own */
    vf_rng r;
    vf_rng_seed(&r, 11);
    int fit[16][2] = {{0}};
    for (int round = 0; round < 4; round++) {
        busy_level(l, &r, round < 2 ? 4 : 1);
        for (int rule = 0; rule < 16; rule++) {
            vf_place_rules rules = {rule & 1, (rule >> 1) & 1,
                                    (rule >> 2) & 1, (rule >> 3) & 1};
            for (int check = 0; check <= 1; check++) {
                int n = search_fits(l, &x.m, &rules, check);
                ck_assert_msg(n >= 0, "round %d rules %d check %d", round,
                              rule, check);
                fit[rule][check] += n;
            }
        }
    }
    /* Each rule told: a rule that changed nothing would not be tested. */
    int all = 4 * (VF_GXM - 5) * (VF_GYM - 4);
    ck_assert_int_gt(fit[0][1], 0);
    ck_assert_int_lt(fit[0][1], fit[0][0]);    /* the checks refuse some */
    ck_assert_int_eq(fit[1][1], fit[1][0]);    /* overwritable: none */
    ck_assert_int_gt(fit[2][1], fit[0][1]);    /* water_ok: more */
    ck_assert_int_gt(fit[4][1], 0);            /* overwrite_floor_cell */
    ck_assert_int_ne(fit[4][1], fit[0][1]);
    ck_assert_int_lt(fit[8][1], fit[0][1]);    /* Slime: fewer */
    ck_assert_int_lt(fit[0][0], all);          /* some touch no floor */
    /* A position with cells off the level: only those on it are read
     * (UBSan's bounds check fails the test otherwise), and in rock they
     * touch nothing. */
    vf_place p0;
    char why[64];
    ck_assert_int_eq(vf_place_parse(NULL, "D:3", &p0, why, sizeof why), 0);
    vf_level_init(l, NULL, &p0, VF_F_ROCK_WALL);
    vf_place_search s;
    vf_place_search_init(&s, l, &x.m, 1);
    for (int i = 0; i < 8; i++)
        ck_assert(!vf_place_search_fits(&s, VF_GXM - 3, VF_GYM - 2));
    ck_assert(!vf_place_touches_floor(l, &x.m, VF_GXM - 2, VF_GYM - 1));
    vf_t_eng_close(&x);
    free(l);
}
END_TEST

Suite *vf_test_place_suite(void)
{
    Suite *s = suite_create("place");
    TCase *tc = tcase_create("place");
    tcase_add_test(tc, compass_position_and_edge_exits);
    tcase_add_test(tc, floats_minivaults_and_masks);
    tcase_add_test(tc, minivaults_need_floor);
    tcase_add_test(tc, search_bitsets_agree_with_cells);
    tcase_add_test(tc, monsters_get_their_terrain);
    tcase_add_test(tc, zone_count_is_before_the_stair);
    tcase_add_test(tc, exits_are_cut_through_rock);
    tcase_add_test(tc, stationary_monsters_are_marked);
    tcase_add_test(tc, a_position_asked_for);
    suite_add_tcase(s, tc);
    return s;
}
