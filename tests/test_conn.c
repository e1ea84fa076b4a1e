/* Connectivity (§4): predicates, zone counts, findings, rendering. */
#include "tests.h"
#include "vf_conn.h"

#include <stdlib.h>
#include <string.h>

#define ROWS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Reports are too big for Check's default stack comfort; one per test. */
static vf_conn_report *report(const vf_level *l)
{
    static vf_conn_report r;
    memset(&r, 0xa5, sizeof r);   /* nothing may be left unwritten */
    vf_conn_analyse(l, &r);
    return &r;
}

static const vf_conn_finding *first_of(const vf_conn_report *r,
                                       vf_conn_kind k)
{
    for (int i = 0; i < r->nfindings; i++)
        if (r->findings[i].kinds & (1u << k)) return &r->findings[i];
    return NULL;
}

/* Every cell masked MMT_VAULT, as an encompass vault masks the level: the
 * analysis then fills no small zone (the game fills none with a vault
 * cell), and the small levels below keep what they are about. */
static void all_vault(vf_level *l)
{
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) l->mask[y][x] |= VF_MMT_VAULT;
}

static int has(const vf_conn_finding *f, int x, int y)
{
    return (int)(f->cells[y][x >> 6] >> (x & 63)) & 1;
}

static void set(vf_level *l, int x, int y, const char *feature)
{
    int f = vf_feature_by_name(NULL, feature);
    ck_assert_msg(f, "%s", feature);
    l->feat[y][x] = (uint8_t)f;
}

START_TEST(one_zone)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxx", "x{..dx", "x..1.x", "xxxxxx"),
               NULL);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 1);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 0);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nzones, 1);
    ck_assert_int_eq(r->nfindings, 0);
    ck_assert(!vf_conn_failed(r));
    const vf_conn_zone *z = &r->zones[0];
    ck_assert_int_eq(z->s.size, 8);
    ck_assert_int_eq(z->seed_x, 1);
    ck_assert_int_eq(z->seed_y, 1);
    ck_assert_int_eq(z->s.exits, 1);
    ck_assert_int_eq(z->s.stairs, 1);
    ck_assert_int_eq(z->s.items, 1);
    ck_assert_int_eq(z->s.monsters, 1);
    ck_assert(z->s.x0 == 1 && z->s.y0 == 1 && z->s.x1 == 4 && z->s.y1 == 2);
    ck_assert_int_eq(r->zone_at[2][4], 1);
    ck_assert_int_eq(r->zone_at[0][0], 0);
}
END_TEST

START_TEST(wall_splits_zones)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxx", "x{..x.x", "x...x.x", "xxxxxxx"),
               NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 1);
    vf_conn_report *r = report(&l);
    ck_assert(vf_conn_failed(r));
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_ZONES], 1);
    ck_assert_int_eq(r->count[VF_CONN_STAIRLESS_ZONE], 1);
    ck_assert_int_eq(r->stairless, 1);
    /* The smaller zone is the isolated one. */
    const vf_conn_finding *f = first_of(r, VF_CONN_ISOLATED_ZONES);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->s.size, 2);
    ck_assert(has(f, 5, 1) && has(f, 5, 2) && !has(f, 1, 1));
    ck_assert_int_eq(f->nzones, 1);
    ck_assert_int_eq(f->zone[0], 1);
    ck_assert_int_eq(r->findings[0].kind, VF_CONN_ISOLATED_ZONES);
}
END_TEST

/* A layout's pieces: zones of passable cells with more than the small
 * count of cells outside vaults; diagonal steps join, as the game's
 * flood. */
START_TEST(zones_beyond_vaults)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxxxxxxxxxxx",
                               "x......xx......x",
                               "x......xx......x",
                               "xxxxxxxxxxxxxx.x",
                               "x.............xx",
                               "xxxxxxxxxxxxxxxx"), NULL);
    /* Left: 12 cells. Right: 12 + 1, then a diagonal step to 13 more. */
    ck_assert_int_eq(vf_conn_zones_beyond_vaults(&l, 10, NULL), 2);
    ck_assert_int_eq(vf_conn_zones_beyond_vaults(&l, 12, NULL), 1);
    ck_assert_int_eq(vf_conn_zones_beyond_vaults(&l, 26, NULL), 0);
    /* Eight of the left zone's cells in a vault: four stay outside. */
    for (int y = 1; y <= 2; y++)
        for (int x = 1; x <= 4; x++) l.vault[y][x] = 1;
    ck_assert_int_eq(vf_conn_zones_beyond_vaults(&l, 10, NULL), 1);
    ck_assert_int_eq(vf_conn_zones_beyond_vaults(&l, 3, NULL), 2);
}
END_TEST

START_TEST(diagonal_steps_connect)
{
    vf_level l;
    vf_t_level(&l, "D:8",
               ROWS("xxxxxx", "x{.xxx", "x..xxx", "xxx..x", "xxx..x",
                    "xxxxxx"), NULL);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 1);
    set(&l, 3, 3, "rock_wall");   /* now nothing touches, even corners */
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);
}
END_TEST

START_TEST(nothing_passable)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxx"), NULL);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 0);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nzones, 0);
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_ZONES], 1);
    ck_assert_int_eq(r->findings[0].s.size, 0);
    ck_assert(vf_conn_failed(r));
}
END_TEST

START_TEST(deep_water_and_hatches)
{
    vf_level l;
    /* Water splits the zones, not the area; stairs both sides. */
    vf_t_level(&l, "D:8", ROWS("xxxxxxxx", "x{.w..}x", "x..w...x",
                               "xxxxxxxx"), NULL);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nzones, 2);
    ck_assert_int_eq(r->count[VF_CONN_STAIRLESS_ZONE], 0);
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_AREA], 0);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 0);
    /* A hatch is enough for a zone, and water joins it to the stair. */
    set(&l, 6, 1, "escape_hatch_down");
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_STAIRLESS_ZONE], 0);
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_AREA], 0);
    ck_assert_int_eq(vf_conn_zones(&l, VF_CP_EVER_PASSABLE, VF_CP_PASSABLE,
                                   VF_CE_NO_HATCHES), 0);
    /* Behind a wall the hatch still saves the zone, not the area. */
    set(&l, 3, 1, "rock_wall");
    set(&l, 3, 2, "rock_wall");
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_STAIRLESS_ZONE], 0);
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_AREA], 1);
    const vf_conn_finding *f = first_of(r, VF_CONN_ISOLATED_AREA);
    ck_assert_int_eq(f->s.size, 6);
    ck_assert_int_eq(f->s.hatches, 1);
    ck_assert_int_eq(f->s.exits_no_hatch, 0);
    ck_assert(has(f, 6, 1) && !has(f, 1, 1));
    ck_assert_int_eq(vf_conn_zones(&l, VF_CP_EVER_PASSABLE, VF_CP_PASSABLE,
                                   VF_CE_NO_HATCHES), 1);
    /* Deep water alone seeds nothing: a pool cut off is no area. */
    vf_t_level(&l, "D:8", ROWS("xxxxxxx", "x{.xwwx", "xxxxxxx"), NULL);
    ck_assert_int_eq(report(&l)->count[VF_CONN_ISOLATED_AREA], 0);
}
END_TEST

START_TEST(trap_pockets)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxxxx", "x{..x.xxx", "x...^.x^x",
                               "xxxxxxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);
    ck_assert_int_eq(vf_conn_zones(&l, VF_CP_PASSABLE_TRAPS,
                                   VF_CP_PASSABLE_TRAPS, VF_CE_ALL_ZONES),
                     2);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TRAP_POCKET], 2);
    const vf_conn_finding *f = first_of(r, VF_CONN_TRAP_POCKET);
    /* The room behind the trap, with the trap; the main zone named. */
    ck_assert_int_eq(f->s.size, 3);
    ck_assert(has(f, 4, 2) && has(f, 5, 1) && has(f, 5, 2));
    ck_assert(!has(f, 1, 1));
    ck_assert_int_eq(f->nzones, 2);
    ck_assert_int_eq(f->zone[0], 0);
    ck_assert_int_eq(f->zone[1], 1);
    /* A trap touching no floor is a pocket of its own. */
    const vf_conn_finding *g = f + 1;
    ck_assert_int_eq(g->kind, VF_CONN_TRAP_POCKET);
    ck_assert_int_eq(g->s.size, 1);
    ck_assert(has(g, 7, 2));
    ck_assert_int_eq(g->nzones, 0);
    /* Floor instead of the trap: one zone, no pocket. */
    set(&l, 4, 2, "floor");
    r = report(&l);
    ck_assert_int_eq(r->nzones, 1);
    ck_assert_int_eq(r->count[VF_CONN_TRAP_POCKET], 1);
}
END_TEST

START_TEST(closet_walk_not_fly)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxxxx", "x{..wwwxx", "x...w..xx",
                               "x...wwwxx", "xxxxxxxxx"), NULL);
    all_vault(&l);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_FLY], 0);
    const vf_conn_finding *f = first_of(r, VF_CONN_TELE_CLOSET_WALK);
    ck_assert_int_eq(f->landings, 2);
    ck_assert_int_eq(f->s.size, 2);
    ck_assert(has(f, 5, 2) && has(f, 6, 2));
    ck_assert_int_eq(f->nzones, 1);
    ck_assert_int_eq(f->zone[0], 1);
    /* Walled in instead: a closet either way. */
    for (int x = 4; x <= 6; x++) {
        set(&l, x, 1, "rock_wall");
        set(&l, x, 3, "rock_wall");
    }
    set(&l, 4, 2, "rock_wall");
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_FLY], 1);
    /* A permanent teleport trap is a way out. */
    set(&l, 6, 2, "trap_teleport_permanent");
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 0);
}
END_TEST

START_TEST(no_tele_into_and_allow_closets)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxxx", "x{..xxxx", "x...x..x",
                               "xxxxxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(report(&l)->count[VF_CONN_TELE_CLOSET_WALK], 1);
    ck_assert_int_eq(vf_conn_count_tele_zones(&l, 1), 1);
    ck_assert_int_eq(vf_conn_count_tele_zones(&l, 0), 2);
    /* allow_tele_closets on one cell: it lands no more. */
    l.mask[2][5] |= VF_MMT_NO_TELE_CLOSET;
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    ck_assert_int_eq(first_of(r, VF_CONN_TELE_CLOSET_WALK)->landings, 1);
    l.mask[2][6] |= VF_MMT_NO_TELE_CLOSET;
    ck_assert_int_eq(report(&l)->count[VF_CONN_TELE_CLOSET_WALK], 0);
    /* no_tele_into instead: no landing, and no teleport zone. */
    l.mask[2][5] = l.mask[2][6] = 0;
    l.prop[2][5] = l.prop[2][6] = VF_FPROP_NO_TELE_INTO;
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 0);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_FLY], 0);
    ck_assert_int_eq(vf_conn_count_tele_zones(&l, 1), 0);
    ck_assert_int_eq(r->tele_stairless, 0);
    ck_assert_int_eq(r->tele_zones, 1);
}
END_TEST

/* An opaque vault is wall to the zone count; its exits are not. */
START_TEST(opaque_vault_masked_out)
{
    static const char *const rows[] = {
        "xxxxxxxxx", "x{......x", "x.......x", "x.......x", "xxxxxxxxx",
        NULL};
    vf_level l;
    vf_t_level(&l, "D:8", rows, ROWS(".........", "....a....", "....a....",
                                     "....a....", "........."));
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->zone_at[2][4], 0);
    ck_assert_uint_eq(r->zones[0].s.vaults_in, 0);
    ck_assert_uint_eq(r->zones[0].s.vaults_near, 1);
    const vf_conn_finding *f = first_of(r, VF_CONN_ISOLATED_ZONES);
    ck_assert_uint_eq(f->s.vaults_near, 1);
    vf_t_level(&l, "D:8", rows, ROWS(".........", "....a....", "....1....",
                                     "....a....", "........."));
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 1);
    vf_t_level(&l, "D:8", rows, ROWS(".........", "....A....", "....A....",
                                     "....A....", "........."));
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 1);
    r = report(&l);
    ck_assert_uint_eq(r->zones[0].s.vaults_in, 1);
    /* The Vaults branch's passable vaults count as passable, walls too. */
    vf_t_level(&l, "D:8", ROWS("xxxxx", "x.x.x", "xxxxx"),
               ROWS(".....", "..a..", "....."));
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);
    l.mask[1][2] |= VF_MMT_PASSABLE;
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 1);
}
END_TEST

/* KMASK: X = !opaque opens part of an opaque vault. */
START_TEST(kmask_not_opaque)
{
    static const char *const rows[] = {
        "xxxxxxxx", "x{.....x", "x......x", "x......x", "xxxxxxxx", NULL};
    vf_level l;
    vf_t_level(&l, "D:8", rows, ROWS("........", "...aa...", "...aa...",
                                     "...aa...", "........"));
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);
    vf_t_level(&l, "D:8", rows, ROWS("........", "...aa...", "...AA...",
                                     "...aa...", "........"));
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 1);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->zone_at[2][3], 1);
    ck_assert_int_eq(r->zone_at[1][3], 0);
}
END_TEST

/* A vault in two parts: one behind its exit, one behind a gap in its wall
 * that is not an exit. The game sees nothing wrong; the pocket check
 * does. */
START_TEST(interior_pocket)
{
    static const char *const rows[] = {
        "xxxxxxxxxxxxx",
        "x{..........x",
        "x..ccccccc..x",
        "x..c..c..c..x",
        "x..c..c.....x",
        "x..c..c..c..x",
        "x..cc+cccc..x",
        "x...........x",
        "xxxxxxxxxxxxx", NULL};
    static const char *const marks[] = {
        ".............",
        ".............",
        "...aaaaaaa...",
        "...aaaaaaa...",
        "...aaaaaaa...",
        "...aaaaaaa...",
        "...aa1aaaa...",
        NULL};
    vf_level l;
    vf_t_level(&l, "D:8", rows, marks);
    all_vault(&l);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nzones, 1);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 0);
    ck_assert_int_eq(r->count[VF_CONN_INTERIOR_POCKET], 1);
    ck_assert_int_eq(r->nfindings, 1);
    const vf_conn_finding *f = &r->findings[0];
    ck_assert_int_eq(f->vault, 0);
    ck_assert_int_eq(f->landings, 7);
    ck_assert(has(f, 7, 3) && has(f, 9, 4) && !has(f, 4, 3));
    ck_assert_uint_eq(f->s.vaults_in, 1);
    /* A transparent vault is not searched. */
    l.vaults[0].transparent = 1;
    ck_assert_int_eq(report(&l)->count[VF_CONN_INTERIOR_POCKET], 0);
    l.vaults[0].transparent = 0;
    /* Nor is a no_tele_into one: nothing lands there. */
    l.vaults[0].no_tele_into = 1;
    ck_assert_int_eq(report(&l)->count[VF_CONN_INTERIOR_POCKET], 0);
    l.vaults[0].no_tele_into = 0;
    /* A stair in the far part is a way out. */
    set(&l, 8, 5, "stone_stairs_down_i");
    ck_assert_int_eq(report(&l)->count[VF_CONN_INTERIOR_POCKET], 0);
    set(&l, 8, 5, "floor");
    /* Without exits the vault is entered through the gap: the door's
     * part, walled in now, is the pocket, and a closet too. */
    set(&l, 5, 6, "stone_wall");
    l.vaults[0].nexits = 0;
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_INTERIOR_POCKET], 1);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    f = first_of(r, VF_CONN_INTERIOR_POCKET);
    ck_assert_int_eq(f->landings, 6);
    ck_assert(has(f, 4, 3) && !has(f, 7, 3));
}
END_TEST

START_TEST(branch_bottom_wants_up)
{
    vf_level l;
    vf_t_level(&l, "D:5", ROWS("xxxxx", "x}..x", "xxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 0);
    vf_t_level(&l, "D:15", ROWS("xxxxx", "x}..x", "xxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 1);
    ck_assert_int_eq(report(&l)->count[VF_CONN_STAIRLESS_ZONE], 1);
    vf_t_level(&l, "D:15", ROWS("xxxxx", "x<..x", "xxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 1);
    vf_t_level(&l, "D:5", ROWS("xxxxx", "x<..x", "xxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 0);
    vf_t_level(&l, "D:15", ROWS("xxxxx", "x{..x", "xxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 0);
    set(&l, 1, 1, "exit_lair");
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 0);
    /* A one-level portal branch is always at its bottom. */
    vf_t_level(&l, "Bazaar", ROWS("xxxxx", "x}..x", "xxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 1);
}
END_TEST

START_TEST(exit_stairs_are_the_games)
{
    static const char *const exits[] = {
        "stone_stairs_down_i", "stone_stairs_down_ii",
        "stone_stairs_down_iii", "stone_stairs_up_i", "stone_stairs_up_ii",
        "stone_stairs_up_iii", "exit_dungeon", "exit_temple",
        "exit_orcish_mines", "exit_elven_halls", "exit_dwarven_hall",
        "exit_lair", "exit_swamp", "exit_shoals", "exit_snake_pit",
        "exit_spider_nest", "exit_slime_pits", "exit_vaults",
        "exit_hall_of_blades", "exit_crypt", "exit_tomb", "exit_depths",
        "exit_dis", "exit_gehenna", "exit_cocytus", "exit_tartarus",
        "exit_zot", "exit_forest", "exit_pandemonium",
        "transit_pandemonium", "exit_abyss", NULL};
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxx", "x.x", "xxx"), NULL);
    int n = 0;
    for (int id = 1; id <= vf_feature_count(); id++) {
        l.feat[1][1] = (uint8_t)id;
        const char *name = vf_feature_name(id);
        int want = 0;
        for (int i = 0; exits[i]; i++) want |= !strcmp(exits[i], name);
        n += want;
        int hatch = !strncmp(name, "escape_hatch", 12);
        ck_assert_msg(vf_conn_exit_at(&l, VF_CE_NO_HATCHES, 1, 1) == want,
                      "%s", name);
        ck_assert_msg(vf_conn_exit_at(&l, VF_CE_HATCHES, 1, 1)
                      == (want || hatch), "%s", name);
        ck_assert(!vf_conn_exit_at(&l, VF_CE_ALL_ZONES, 1, 1));
    }
    ck_assert_int_eq(n, 31);
}
END_TEST

START_TEST(cell_predicates)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("x.w"), NULL);
    ck_assert(vf_conn_cell(&l, VF_CP_PASSABLE, 1, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE, 0, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE, -1, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE, VF_GXM, 0));
    /* Deep water: ever passable unless masked, flown over, not landed
     * on walking. */
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE, 2, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_EVER_PASSABLE, 2, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_CLOSET_WALK, 2, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_CLOSET_FLY, 2, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_TELE_TARGET_WALK, 2, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_TELE_TARGET_FLY, 2, 0));
    l.mask[0][2] = VF_MMT_OPAQUE;
    ck_assert(!vf_conn_cell(&l, VF_CP_EVER_PASSABLE, 2, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_CLOSET_FLY, 2, 0));   /* no masks */
    /* Open sea is solid: never ever passable, never landed on. */
    set(&l, 2, 0, "open_sea");
    l.mask[0][2] = 0;
    ck_assert(!vf_conn_cell(&l, VF_CP_EVER_PASSABLE, 2, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_CLOSET_FLY, 2, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_TELE_TARGET_FLY, 2, 0));
    /* Masks: opaque floor, passable wall. */
    l.mask[0][1] = VF_MMT_OPAQUE;
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE, 1, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_TRAVEL_OK, 1, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_CLOSET_WALK, 1, 0));
    l.mask[0][0] = VF_MMT_PASSABLE | VF_MMT_OPAQUE;
    ck_assert(vf_conn_cell(&l, VF_CP_PASSABLE, 0, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_TRAVEL_OK, 0, 0));
    /* Traps. */
    set(&l, 1, 0, "trap_net");
    l.mask[0][1] = 0;
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE, 1, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_PASSABLE_TRAPS, 1, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_CLOSET_WALK, 1, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_TELE_TARGET_WALK, 1, 0));
    l.mask[0][1] = VF_MMT_OPAQUE;
    ck_assert(!vf_conn_cell(&l, VF_CP_PASSABLE_TRAPS, 1, 0));
    set(&l, 1, 0, "trap_teleport_permanent");
    l.mask[0][1] = 0;
    ck_assert(!vf_conn_cell(&l, VF_CP_TRAVEL_OK, 1, 0));
    ck_assert(vf_conn_cell(&l, VF_CP_CLOSET_WALK, 1, 0));
    set(&l, 1, 0, "sealed_door");
    ck_assert(!vf_conn_cell(&l, VF_CP_TRAVEL_OK, 1, 0));
    /* no_tele_into: floor is cut off; a door is not, unless its whole
     * vault is no_tele_into. */
    set(&l, 1, 0, "floor");
    l.prop[0][1] = VF_FPROP_NO_TELE_INTO;
    ck_assert(!vf_conn_cell(&l, VF_CP_TELE_CONNECTED, 1, 0));
    ck_assert(!vf_conn_cell(&l, VF_CP_TELE_TARGET_FLY, 1, 0));
    set(&l, 1, 0, "closed_door");
    ck_assert(vf_conn_cell(&l, VF_CP_TELE_CONNECTED, 1, 0));
    l.nvaults = 1;
    l.vault[0][1] = 1;
    l.vaults[0].no_tele_into = 1;
    ck_assert(!vf_conn_cell(&l, VF_CP_TELE_CONNECTED, 1, 0));
    ck_assert_int_eq(vf_conn_zones(&l, VF_CP_TELE_CONNECTED,
                                   VF_CP_TELE_CONNECTED, VF_CE_ALL_ZONES),
                     0);
    l.vaults[0].no_tele_into = 0;
    ck_assert_int_eq(vf_conn_zones(&l, VF_CP_TELE_CONNECTED,
                                   VF_CP_TELE_CONNECTED, VF_CE_ALL_ZONES),
                     1);
}
END_TEST

/* ---- the floods against a plain flood over vf_conn_cell ---------------- */

static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* Runs of features, with masks, properties and vaults sprinkled. */
static void random_level(vf_level *l, uint32_t *s)
{
    static const char *const names[] = {
        "floor", "floor", "floor", "rock_wall", "rock_wall", "deep_water",
        "lava", "trap_mechanical", "trap_teleport_permanent", "closed_door",
        "stone_stairs_up_i", "escape_hatch_down", "open_sea",
        "shallow_water", "sealed_door", "granite_statue", "exit_lair"};
    int n = sizeof names / sizeof *names;
    vf_place p = {0, 1 + (int)(rnd(s) % 15)};
    vf_level_init(l, NULL, &p, VF_F_ROCK_WALL);
    l->nvaults = 3;
    l->vaults[1].no_tele_into = 1;
    for (int y = 0; y < VF_GYM; y++) {
        if (y && rnd(s) % 3 == 0) {   /* rows repeat, as on real levels */
            memcpy(l->feat[y], l->feat[y - 1], sizeof l->feat[y]);
            memcpy(l->mask[y], l->mask[y - 1], sizeof l->mask[y]);
            memcpy(l->prop[y], l->prop[y - 1], sizeof l->prop[y]);
            memcpy(l->vault[y], l->vault[y - 1], sizeof l->vault[y]);
            continue;
        }
        for (int x = 0; x < VF_GXM;) {
            int f = vf_feature_by_name(NULL, names[rnd(s) % n]);
            int run = 1 + (int)(rnd(s) % 12);
            for (; run-- && x < VF_GXM; x++) {
                l->feat[y][x] = (uint8_t)f;
                uint32_t r = rnd(s) % 64;
                if (r == 0) l->mask[y][x] = VF_MMT_OPAQUE;
                if (r == 1) l->mask[y][x] = VF_MMT_PASSABLE;
                if (r == 2) l->prop[y][x] = VF_FPROP_NO_TELE_INTO;
                if (r == 3) l->prop[y][x] = VF_FPROP_BLOODY;
                if (r < 8) l->vault[y][x] = (uint8_t)(r % 4);
            }
        }
    }
}

/* Components of cells satisfying grow that hold a seed cell, as the
 * game's flood finds them, one cell at a time. */
static int plain_zones(const vf_level *l, vf_conn_pred grow,
                       vf_conn_pred seed, vf_conn_exits e)
{
    static uint8_t seen[VF_GYM][VF_GXM];
    static int queue[VF_GYM * VF_GXM];
    memset(seen, 0, sizeof seen);
    int zones = 0;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            if (seen[y][x] || !vf_conn_cell(l, seed, x, y)) continue;
            int head = 0, tail = 0, exit = 0;
            queue[tail++] = y * VF_GXM + x;
            seen[y][x] = 1;
            while (head < tail) {
                int cx = queue[head] % VF_GXM, cy = queue[head++] / VF_GXM;
                exit |= vf_conn_exit_at(l, e, cx, cy);
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int nx = cx + dx, ny = cy + dy;
                        if (!vf_level_in_bounds(nx, ny) || seen[ny][nx]
                            || !vf_conn_cell(l, grow, nx, ny))
                            continue;
                        seen[ny][nx] = 1;
                        queue[tail++] = ny * VF_GXM + nx;
                    }
            }
            zones += !exit;
        }
    return zones;
}

START_TEST(floods_match_a_plain_flood)
{
    static vf_level l;
    uint32_t s = 0x9e3779b9u + (uint32_t)_i;
    random_level(&l, &s);
    for (int p = 0; p < VF_CP_COUNT; p++)
        for (int e = VF_CE_ALL_ZONES; e <= VF_CE_NO_HATCHES; e++)
            ck_assert_msg(vf_conn_zones(&l, p, p, e)
                          == plain_zones(&l, p, p, e), "pred %d exits %d",
                          p, e);
    ck_assert_int_eq(vf_conn_zones(&l, VF_CP_EVER_PASSABLE, VF_CP_PASSABLE,
                                   VF_CE_NO_HATCHES),
                     plain_zones(&l, VF_CP_EVER_PASSABLE, VF_CP_PASSABLE,
                                 VF_CE_NO_HATCHES));
    /* The report agrees with the counts, cell for cell, in the Abyss,
     * where the analysis fills no small zone as the game would. */
    l.place.branch = vf_branch_find(NULL, "Abyss");
    l.place.depth = 1 + l.place.depth % 7;
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nzones, vf_conn_count_zones(&l, 0));
    ck_assert_int_eq(r->stairless, vf_conn_count_zones(&l, 1));
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_AREA],
                     vf_conn_zones(&l, VF_CP_EVER_PASSABLE, VF_CP_PASSABLE,
                                   VF_CE_NO_HATCHES));
    ck_assert_int_eq(r->tele_stairless, vf_conn_count_tele_zones(&l, 1));
    int cells = 0, sizes = 0;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            int in = vf_conn_cell(&l, VF_CP_PASSABLE, x, y);
            cells += in;
            ck_assert_int_eq(in, r->zone_at[y][x] != 0);
        }
    for (int z = 0; z < r->nzones; z++) sizes += r->zones[z].s.size;
    ck_assert_int_eq(cells, sizes);
}
END_TEST

/* A layout's pieces: two floor rooms joined only through a vault are two
 * large pieces of one zone with no stairs; the pieces alone agree on the
 * pieces and leave the zones out. */
START_TEST(layout_pieces_with_and_without_zones)
{
    static vf_level l;
    vf_place p = {0, 3};
    vf_level_init(&l, NULL, &p, VF_F_ROCK_WALL);
    for (int y = 10; y < 20; y++)
        for (int x = 10; x < 40; x++) {
            set(&l, x, y, "floor");
            if (x >= 24 && x < 26) l.mask[y][x] |= VF_MMT_VAULT;
        }
    set(&l, 60, 30, "floor");   /* a small piece */
    vf_conn_pieces *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    vf_conn_layout_pieces(&l, 10, a, NULL);
    ck_assert_int_eq(a->large, 2);
    ck_assert_int_eq(a->small, 1);
    ck_assert_int_eq(a->apart, 1);
    ck_assert_int_eq(a->stairless, 1);
    ck_assert(vf_conn_cells_has(&a->small_cells, 60, 30));
    set(&l, 12, 12, "stone_stairs_down_i");
    vf_conn_layout_pieces(&l, 10, a, NULL);
    ck_assert_int_eq(a->stairless, 0);
    for (int i = 0; i < 20; i++) {
        uint32_t s = 0x51ed270bu + (uint32_t)i;
        random_level(&l, &s);
        vf_conn_layout_pieces(&l, 10, a, NULL);
        vf_conn_layout_pieces_only(&l, 10, b);
        ck_assert_int_eq(a->large, b->large);
        ck_assert_int_eq(a->small, b->small);
        ck_assert_int_eq(b->apart, 0);
        ck_assert_int_eq(b->stairless, 0);
        ck_assert(!memcmp(&a->small_cells, &b->small_cells,
                          sizeof a->small_cells));
    }
    free(a);
    free(b);
}
END_TEST

START_TEST(render_letters_and_legend)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxx", "x{..x.x", "x...x.x", "xxxxxxx"),
               NULL);
    all_vault(&l);
    vf_conn_report *r = report(&l);
    vf_sbuf out = VF_SBUF_INIT;
    vf_conn_render(&l, r, &out);
    const char *s = vf_sbuf_str(&out);
    ck_assert_msg(strstr(s, "zones 2, stairless 1") != NULL, "%s", s);
    ck_assert_msg(strstr(s, "\nxxxxxxx") != NULL, "%s", s);
    ck_assert_msg(strstr(s, "\nx{..xAx") != NULL, "%s", s);
    /* One region, one letter: its kinds on one legend line. */
    const char *a = strstr(s, "\nA ");
    ck_assert_ptr_nonnull(a);
    ck_assert_msg(!strncmp(a, "\nA isolated_zones+stairless_zone+"
                           "isolated_area+tele_closet_walk+tele_closet_fly"
                           ": 2 cells at (5,1)-(5,2), 2 landings; zone 2; "
                           "no exit\n", 120), "%.200s", a);
    ck_assert_ptr_null(strstr(s, "\nB "));
    ck_assert_int_eq(vf_conn_letter(0), 'A');
    ck_assert_int_eq(vf_conn_letter(26), 'a');
    vf_sbuf_free(&out);
}
END_TEST

/* ---- the game's rules of connectivity ------------------------------------ */

/* _dgn_fill_zone(follow_transporters) in _count_tele_closets: a flood
 * from the stairs that reaches a transporter's destination reaches the
 * transporter too, so a room left by a transporter is no closet; a
 * transporter only into the room saves nothing. */
START_TEST(transporters_are_followed)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxxx", "x{.x...x", "x..x...x",
                               "xxxxxxxx"), NULL);
    all_vault(&l);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    /* Into the room, from the stairs' side: still a closet. */
    vf_level_add_transporter(&l, 2, 2, 0, 7);
    vf_level_add_transporter(&l, 5, 2, 1, 7);
    ck_assert_int_eq(l.feat[2][2], VF_F_TRANSPORTER);
    ck_assert_int_eq(l.feat[2][5], VF_F_TRANSPORTER_LANDING);
    ck_assert_int_eq(l.transporters[0].to, 2);
    ck_assert_int_eq(report(&l)->count[VF_CONN_TELE_CLOSET_WALK], 1);
    /* Out of the room: a way out. */
    vf_level_add_transporter(&l, 4, 1, 0, 9);
    ck_assert_int_eq(l.transporters[2].to, 0);   /* no destination yet */
    ck_assert_int_eq(report(&l)->count[VF_CONN_TELE_CLOSET_WALK], 1);
    vf_level_add_transporter(&l, 1, 2, 1, 9);
    ck_assert_int_eq(l.transporters[2].to, 4);
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 0);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_FLY], 0);
    /* Written over by something else: not followed. */
    set(&l, 4, 1, "floor");
    ck_assert_int_eq(report(&l)->count[VF_CONN_TELE_CLOSET_WALK], 1);
}
END_TEST

/* The interior-pocket walk follows them the same way: a sealed room of
 * an opaque vault with a transporter out of the vault is no pocket. */
START_TEST(transporters_leave_pockets)
{
    static const char *const rows[] = {
        "xxxxxxxxxxx", "x{........x", "x..ccccc..x", "x..c...c..x",
        "x..c...c..x", "x..c+ccc..x", "x.........x", "xxxxxxxxxxx", NULL};
    static const char *const marks[] = {
        "...........", "...........", "...aaaaa...", "...aaaaa...",
        "...aaaaa...", "...a1aaa...", NULL};
    vf_level l;
    vf_t_level(&l, "D:8", rows, marks);
    set(&l, 4, 5, "rock_wall");   /* the exit is walled: a pocket */
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_INTERIOR_POCKET], 1);
    vf_level_add_transporter(&l, 5, 3, 0, 1);
    vf_level_add_transporter(&l, 1, 6, 1, 1);
    ck_assert_int_eq(report(&l)->count[VF_CONN_INTERIOR_POCKET], 0);
}
END_TEST

/* On a portal level, where the game checks nothing, the portal's exit is
 * the way home; a permanent teleport trap leads out of a pocket as it
 * leads out of a closet (_count_tele_closets' seeds). */
START_TEST(portal_exits_and_teleport_traps)
{
    static const char *const rows[] = {
        "xxxxxxxxx", "x.......x", "x.xxxxx.x", "x.x...x.x", "x.x...x.x",
        "x.x...x.x", "x.xxxxx.x", "x.......x", "xxxxxxxxx", NULL};
    vf_level l;
    vf_t_level(&l, "Sewer", rows, NULL);
    all_vault(&l);
    set(&l, 1, 1, "exit_sewer");
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nzones, 2);
    ck_assert_int_eq(r->stairless, 1);   /* the room alone */
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    ck_assert_int_eq(r->count[VF_CONN_ISOLATED_AREA], 1);
    ck_assert_int_eq(vf_conn_count_zones(&l, 1), 1);
    ck_assert(vf_conn_exit_at(&l, VF_CE_NO_HATCHES, 1, 1));
    ck_assert_int_eq(r->zones[0].s.exits, 1);
    /* The same level in the Dungeon: exit_sewer is no exit there. */
    l.place.branch = vf_branch_find(NULL, "D");
    l.place.depth = 8;
    ck_assert(!vf_conn_exit_at(&l, VF_CE_HATCHES, 1, 1));
    ck_assert_int_eq(report(&l)->stairless, 2);
    /* A pocket with a permanent teleport trap in it is none. */
    static const char *const marks[] = {
        ".........", ".........", "..aaaaa..", "..aaaaa..", "..aaaaa..",
        "..aaaaa..", "..aaaaa..", NULL};
    vf_t_level(&l, "D:8", rows, marks);
    set(&l, 1, 1, "stone_stairs_up_i");
    r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_INTERIOR_POCKET], 1);
    set(&l, 3, 3, "trap_teleport_permanent");
    ck_assert_int_eq(report(&l)->count[VF_CONN_INTERIOR_POCKET], 0);
}
END_TEST

/* The game's closet search does not ask what stands on a cell: a closet
 * whose landings hold monsters, even ones that never move, is a closet
 * with every landing (water_boxes_lemuel's fungi, fixed in the game). */
START_TEST(monsters_do_not_hide_landings)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxxx", "x{.x..xx", "x..xxxxx",
                               "xxxxxxxx"), NULL);
    all_vault(&l);
    ck_assert_int_eq(first_of(report(&l), VF_CONN_TELE_CLOSET_WALK)->landings,
                     2);
    l.content[1][4] = VF_CELL_MONSTER | VF_CELL_STATIC_MONSTER;
    l.content[1][5] = VF_CELL_MONSTER;
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->count[VF_CONN_TELE_CLOSET_WALK], 1);
    ck_assert_int_eq(first_of(r, VF_CONN_TELE_CLOSET_WALK)->landings, 2);
    /* Of them, the one a monster that never moves stands on is held. */
    ck_assert_int_eq(first_of(r, VF_CONN_TELE_CLOSET_WALK)->held, 1);
}
END_TEST

/* _fill_small_disconnected_zones: a stairless zone of up to 11 cells (the
 * game's 10, not counting its flood's first) with no MMT_VAULT cell is
 * rock before anything else is judged. */
START_TEST(small_stairless_zones_are_filled)
{
    vf_level l;
    /* A 2-cell scrap: filled, no finding at all. */
    vf_t_level(&l, "D:8", ROWS("xxxxxxx", "x{..x.x", "x...x.x", "xxxxxxx"),
               NULL);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->filled, 1);
    ck_assert_int_eq(r->filled_cells, 2);
    ck_assert_int_eq(r->nzones, 1);
    ck_assert_int_eq(r->nfindings, 0);
    ck_assert(!vf_conn_failed(r));
    ck_assert_int_eq(vf_conn_count_zones(&l, 0), 2);   /* counts: as is */
    /* A vault cell in it: kept. */
    l.mask[2][5] |= VF_MMT_VAULT;
    r = report(&l);
    ck_assert_int_eq(r->filled, 0);
    ck_assert_int_eq(r->count[VF_CONN_STAIRLESS_ZONE], 1);
    l.mask[2][5] = 0;
    /* A monster stays (and stays a zone); firewood burns with the rest. */
    l.content[2][5] = VF_CELL_MONSTER;
    r = report(&l);
    ck_assert_int_eq(r->filled_cells, 1);
    ck_assert_int_eq(r->nzones, 2);
    ck_assert_int_eq(r->zones[1].s.size, 1);
    l.content[2][5] |= VF_CELL_STATIC_MONSTER | VF_CELL_FIREWOOD;
    ck_assert_int_eq(report(&l)->filled_cells, 2);
    l.content[2][5] = 0;
    /* Not in the Abyss. */
    l.place.branch = vf_branch_find(NULL, "Abyss");
    ck_assert_int_eq(report(&l)->filled, 0);
    /* 11 cells go, 12 stay. */
    vf_t_level(&l, "D:8", ROWS("xxxxxxxxxxxxxxxxxx", "x{..x...........xx",
                               "x...xxxxxxxxxxxxxx", "xxxxxxxxxxxxxxxxxx"),
               NULL);
    ck_assert_int_eq(report(&l)->filled_cells, 11);
    set(&l, 16, 1, "floor");
    r = report(&l);
    ck_assert_int_eq(r->filled, 0);
    ck_assert_int_eq(r->count[VF_CONN_STAIRLESS_ZONE], 1);
    /* Ten cells with a hatch among them: no filling. */
    set(&l, 15, 1, "rock_wall");
    set(&l, 16, 1, "rock_wall");
    ck_assert_int_eq(report(&l)->filled_cells, 10);
    set(&l, 14, 1, "escape_hatch_down");
    ck_assert_int_eq(report(&l)->filled, 0);
}
END_TEST

/* One region, one finding, with every kind that applies; the counts stay
 * per kind. */
START_TEST(one_region_one_finding)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxx", "x{..x.x", "x...x.x", "xxxxxxx"),
               NULL);
    all_vault(&l);
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->nfindings, 1);
    const vf_conn_finding *f = &r->findings[0];
    ck_assert_int_eq(f->kind, VF_CONN_ISOLATED_ZONES);
    ck_assert_uint_eq(f->kinds, (1u << VF_CONN_ISOLATED_ZONES)
                                | (1u << VF_CONN_STAIRLESS_ZONE)
                                | (1u << VF_CONN_ISOLATED_AREA)
                                | (1u << VF_CONN_TELE_CLOSET_WALK)
                                | (1u << VF_CONN_TELE_CLOSET_FLY));
    ck_assert_int_eq(f->landings, 2);
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
        ck_assert_int_eq(r->count[k], k != VF_CONN_TRAP_POCKET
                                          && k != VF_CONN_INTERIOR_POCKET);
    /* Deep water in it: the area and the flying closet take the water,
     * the zone and the walking closet do not. */
    set(&l, 5, 2, "deep_water");
    r = report(&l);
    ck_assert_int_eq(r->nfindings, 2);
    ck_assert_uint_eq(r->findings[0].kinds,
                      (1u << VF_CONN_ISOLATED_ZONES)
                      | (1u << VF_CONN_STAIRLESS_ZONE)
                      | (1u << VF_CONN_TELE_CLOSET_WALK));
    ck_assert_uint_eq(r->findings[1].kinds,
                      (1u << VF_CONN_ISOLATED_AREA)
                      | (1u << VF_CONN_TELE_CLOSET_FLY));
}
END_TEST

START_TEST(stats_count_altars_and_portals)
{
    vf_level l;
    vf_t_level(&l, "D:8", ROWS("xxxxxxx", "x{....x", "xxxxxxx"), NULL);
    set(&l, 4, 1, "enter_lair");
    set(&l, 5, 1, "unknown_altar");
    vf_conn_report *r = report(&l);
    ck_assert_int_eq(r->zones[0].s.altars, 1);
    ck_assert_int_eq(r->zones[0].s.portals, 1);
    ck_assert_int_eq(r->zones[0].s.stairs, 2);
    set(&l, 4, 1, "exit_lair");   /* an exit is no entry */
    set(&l, 5, 1, "altar_zin");
    r = report(&l);
    ck_assert_int_eq(r->zones[0].s.portals, 0);
    ck_assert_int_eq(r->zones[0].s.altars, 1);
}
END_TEST

Suite *vf_test_conn_suite(void)
{
    Suite *s = suite_create("conn");
    TCase *tc = tcase_create("conn");
    tcase_add_test(tc, one_zone);
    tcase_add_test(tc, wall_splits_zones);
    tcase_add_test(tc, zones_beyond_vaults);
    tcase_add_test(tc, diagonal_steps_connect);
    tcase_add_test(tc, nothing_passable);
    tcase_add_test(tc, deep_water_and_hatches);
    tcase_add_test(tc, trap_pockets);
    tcase_add_test(tc, closet_walk_not_fly);
    tcase_add_test(tc, no_tele_into_and_allow_closets);
    tcase_add_test(tc, opaque_vault_masked_out);
    tcase_add_test(tc, kmask_not_opaque);
    tcase_add_test(tc, interior_pocket);
    tcase_add_test(tc, branch_bottom_wants_up);
    tcase_add_test(tc, exit_stairs_are_the_games);
    tcase_add_test(tc, cell_predicates);
    tcase_add_loop_test(tc, floods_match_a_plain_flood, 0, 24);
    tcase_add_test(tc, render_letters_and_legend);
    tcase_add_test(tc, transporters_are_followed);
    tcase_add_test(tc, transporters_leave_pockets);
    tcase_add_test(tc, portal_exits_and_teleport_traps);
    tcase_add_test(tc, monsters_do_not_hide_landings);
    tcase_add_test(tc, small_stairless_zones_are_filled);
    tcase_add_test(tc, one_region_one_finding);
    tcase_add_test(tc, layout_pieces_with_and_without_zones);
    tcase_add_test(tc, stats_count_altars_and_portals);
    suite_add_tcase(s, tc);
    return s;
}
