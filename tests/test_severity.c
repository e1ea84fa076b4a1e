/* Severities: each rule of vf_severity.h on findings made by hand, so a
 * rule that changes shows here whatever the analysis finds. */
#include "tests.h"
#include "vf_case.h"
#include "vf_severity.h"

#include <stdlib.h>
#include <string.h>

/* A finding of kind k: size cells, what it holds, in a vault or not. */
static vf_conn_finding finding(vf_conn_kind k, int size, int vault_cells,
                               int items, int exits)
{
    vf_conn_finding f;
    memset(&f, 0, sizeof f);
    f.kind = k;
    f.vault = -1;
    f.s.size = size;
    f.s.vaults_in = vault_cells ? 1 : 0;
    f.s.items = items;
    f.s.exits = f.s.exits_no_hatch = exits;
    return f;
}

/* A checked branch of trunk, which masks closets; the same for a
 * minivault. */
static const vf_sev_ctx trunk_d = {.checked = 1, .closets_masked = 1};
static const vf_sev_ctx trunk_mini = {.checked = 1, .closets_masked = 1,
                                      .minivault = 1};

static vf_sev sev(vf_conn_finding f, const vf_sev_ctx *c)
{
    const char *why = NULL;
    vf_sev s = vf_sev_finding(&f, c, &why);
    ck_assert_ptr_nonnull(why);
    return s;
}

/* Whether trunk's branch named name is checked. */
static int checked(const char *name)
{
    return vf_branch_checked(vf_branch_get(NULL, vf_branch_find(NULL, name)));
}

/* dungeon.cc _dgn_verify_connectivity: a stairless area vetoes the level
 * unless it is small and holds no vault cell (then it is filled). */
START_TEST(stairless_areas_follow_the_fill_limit)
{
    vf_conn_kind kinds[] = {VF_CONN_STAIRLESS_ZONE, VF_CONN_ISOLATED_AREA,
                            VF_CONN_TRAP_POCKET};
    for (int i = 0; i < 3; i++) {
        /* 11: _dgn_fill_zone leaves out its seed from the count. */
        ck_assert_int_eq(sev(finding(kinds[i], 12, 0, 0, 0), &trunk_d),
                         VF_SEV_ERROR);
        ck_assert_int_eq(sev(finding(kinds[i], 3, 1, 0, 0), &trunk_d),
                         VF_SEV_ERROR);
        ck_assert_int_eq(sev(finding(kinds[i], 11, 0, 0, 0), &trunk_d),
                         VF_SEV_NOTE);
        ck_assert_int_eq(sev(finding(kinds[i], 11, 0, 1, 0), &trunk_d),
                         VF_SEV_WARNING);
    }
}
END_TEST

/* Where the game does not look (Pan, portals, Tomb) the player meets
 * what the vault left: a closet strands them (an error), a sealed area
 * keeps its loot. The Abyss reshapes itself: notes at most. */
START_TEST(unchecked_branches_rank_what_the_player_meets)
{
    vf_sev_ctx abyss = {.closets_masked = 1, .abyss = 1};
    vf_sev_ctx pan = {.closets_masked = 1};
    ck_assert_int_eq(sev(finding(VF_CONN_STAIRLESS_ZONE, 40, 1, 0, 0),
                         &abyss), VF_SEV_OK);
    ck_assert_int_eq(sev(finding(VF_CONN_STAIRLESS_ZONE, 40, 1, 1, 0),
                         &abyss), VF_SEV_OK);
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 40, 1, 1, 0),
                         &abyss), VF_SEV_OK);
    ck_assert_int_eq(sev(finding(VF_CONN_INTERIOR_POCKET, 4, 1, 1, 0),
                         &abyss), VF_SEV_NOTE);
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 6, 1, 0, 0),
                         &pan), VF_SEV_ERROR);
    ck_assert_int_eq(sev(finding(VF_CONN_STAIRLESS_ZONE, 40, 1, 1, 0),
                         &pan), VF_SEV_WARNING);
    ck_assert_int_eq(sev(finding(VF_CONN_STAIRLESS_ZONE, 40, 1, 0, 0),
                         &pan), VF_SEV_NOTE);
    /* In a layout, a piece with no vault cell is the layout's own. */
    vf_sev_ctx pan_layout = {.closets_masked = 1, .layout = 1};
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 6, 0, 0, 0),
                         &pan_layout), VF_SEV_NOTE);
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 6, 1, 0, 0),
                         &pan_layout), VF_SEV_ERROR);
    /* But Pandemonium vetoes a level in more than one zone. */
    vf_sev_ctx pan_zones = {.closets_masked = 1, .pan = 1};
    vf_conn_finding apart = finding(VF_CONN_ISOLATED_ZONES, 40, 1, 0, 0);
    ck_assert(vf_sev_finding_grade(&apart, &pan_zones).veto);
    /* Nothing else there is a veto: the game builds the level as it is. */
    vf_conn_finding f = finding(VF_CONN_STAIRLESS_ZONE, 40, 1, 1, 0);
    ck_assert(!vf_sev_finding_grade(&f, &pan).veto);
    /* The branch table says which branches those are. */
    ck_assert(checked("D"));
    ck_assert(checked("Zot"));
    ck_assert(!checked("Abyss"));
    ck_assert(!checked("Tomb"));
    ck_assert(!checked("Sewer"));
}
END_TEST

/* Trunk masks the closets it finds; older games leave them open, and a
 * teleport strands the player there (an error). A masked closet costs
 * only the stairs, altar or portal in it; items there are on show, a
 * monster caged. */
START_TEST(closets_follow_the_game_version)
{
    vf_sev_ctx old = {.checked = 1};
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 6, 1, 0, 0),
                         &trunk_d), VF_SEV_NOTE);
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_FLY, 6, 1, 2, 0),
                         &trunk_d), VF_SEV_NOTE);
    vf_conn_finding way = finding(VF_CONN_TELE_CLOSET_FLY, 6, 1, 0, 0);
    way.s.stairs = 1;
    ck_assert_int_eq(sev(way, &trunk_d), VF_SEV_WARNING);
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 6, 1, 0, 0),
                         &old), VF_SEV_ERROR);
    vf_conn_finding caged = finding(VF_CONN_TELE_CLOSET_WALK, 1, 1, 0, 0);
    caged.s.monsters = 1;
    ck_assert_int_eq(sev(caged, &trunk_d), VF_SEV_NOTE);
    /* An open closet whose every landing a plant stands on strands a
     * player once the plant is killed: an error all the same, said so. */
    caged.landings = caged.held = 1;
    const char *why = NULL;
    ck_assert_int_eq(vf_sev_finding(&caged, &old, &why), VF_SEV_ERROR);
    ck_assert_ptr_nonnull(strstr(why, "once the monster"));
    vf_sev_ctx pan = {.closets_masked = 1};
    ck_assert_int_eq(sev(caged, &pan), VF_SEV_ERROR);
}
END_TEST

/* Levels of their own: a cage walled all round with a monster on every
 * landing is a display (no teleport lands on a monster); in the Gauntlet
 * no teleport lands anywhere, so a closet is only what it holds; the
 * Crucible's exit is made by the game; an encompass map has no outside
 * its exits join. */
START_TEST(portal_levels)
{
    vf_sev_ctx portal = {.closets_masked = 1};
    vf_conn_finding cage = finding(VF_CONN_TELE_CLOSET_WALK, 2, 1, 0, 0);
    cage.kinds = 1u << VF_CONN_TELE_CLOSET_WALK | 1u << VF_CONN_TELE_CLOSET_FLY;
    cage.landings = cage.occupied = 2;
    ck_assert_int_eq(sev(cage, &portal), VF_SEV_NOTE);
    cage.occupied = 1;   /* an empty landing: a teleport strands one */
    ck_assert_int_eq(sev(cage, &portal), VF_SEV_ERROR);
    vf_conn_finding moat = finding(VF_CONN_TELE_CLOSET_WALK, 2, 1, 0, 0);
    moat.kinds = 1u << VF_CONN_TELE_CLOSET_WALK;   /* a flier gets there */
    moat.landings = moat.occupied = moat.held = 2;
    ck_assert_int_eq(sev(moat, &portal), VF_SEV_ERROR);
    vf_sev_ctx gauntlet = {.no_teleport = 1};
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 2, 1, 0, 0),
                         &gauntlet), VF_SEV_NOTE);
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 2, 1, 3, 0),
                         &gauntlet), VF_SEV_WARNING);
    vf_sev_ctx crucible = {.exit_made = 1};
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 300, 1, 3, 0),
                         &crucible), VF_SEV_OK);
    vf_sev_ctx level = {.checked = 1, .closets_masked = 1, .is_level = 1};
    vf_conn_finding pk = finding(VF_CONN_INTERIOR_POCKET, 40, 1, 3, 0);
    pk.kinds = 1u << VF_CONN_INTERIOR_POCKET;
    ck_assert_int_eq(sev(pk, &level), VF_SEV_OK);
    ck_assert_int_eq(sev(pk, &trunk_d), VF_SEV_WARNING);
}
END_TEST

START_TEST(zones_pockets_and_layouts)
{
    /* A zone with its own stairs: the game lets it through, and
     * placement.lua's test fails it. */
    ck_assert_int_eq(sev(finding(VF_CONN_ISOLATED_ZONES, 30, 1, 0, 1),
                         &trunk_d), VF_SEV_WARNING);
    /* Without stairs it is the stairless zone it is. */
    ck_assert_int_eq(sev(finding(VF_CONN_ISOLATED_ZONES, 4, 0, 0, 0),
                         &trunk_d), VF_SEV_NOTE);
    ck_assert_int_eq(sev(finding(VF_CONN_INTERIOR_POCKET, 3, 1, 0, 0),
                         &trunk_d), VF_SEV_NOTE);
    ck_assert_int_eq(sev(finding(VF_CONN_INTERIOR_POCKET, 4, 1, 0, 0),
                         &trunk_d), VF_SEV_WARNING);
    /* A stairless area vetoes the level, in a layout too: the case's
     * cost is then the map's share of vetoed builds (vf_grade_veto). */
    vf_sev_ctx layout = {.checked = 1, .closets_masked = 1, .layout = 1};
    vf_conn_finding st = finding(VF_CONN_STAIRLESS_ZONE, 40, 1, 0, 0);
    ck_assert(vf_sev_finding_grade(&st, &layout).veto);
    ck_assert(vf_sev_finding_grade(&st, &trunk_d).veto);
    vf_conn_finding pk = finding(VF_CONN_INTERIOR_POCKET, 4, 1, 1, 0);
    ck_assert(!vf_sev_finding_grade(&pk, &layout).veto);
    ck_assert_int_eq(sev(finding(VF_CONN_INTERIOR_POCKET, 4, 1, 1, 0),
                         &layout), VF_SEV_WARNING);
    ck_assert_int_eq(vf_sev_plain(VF_V_EXIT_UNCONNECTED, &layout),
                     VF_SEV_NOTE);
    /* A primary vault parting a layout into zones that each have stairs:
     * the game's builder lets the level through. A minivault's extra
     * zone is vetoed (and rebuilt). */
    ck_assert_int_eq(sev(finding(VF_CONN_ISOLATED_ZONES, 30, 1, 0, 1),
                         &layout), VF_SEV_OK);
    vf_sev_ctx mini_layout = {.checked = 1, .closets_masked = 1,
                              .minivault = 1, .layout = 1};
    vf_conn_finding iz = finding(VF_CONN_ISOLATED_ZONES, 30, 1, 0, 1);
    ck_assert_int_eq(sev(iz, &mini_layout), VF_SEV_OK);
    ck_assert(vf_sev_finding_grade(&iz, &trunk_mini).veto);
    /* A minivault the game cannot fit is skipped: in our stress layouts
     * a note, on a level the game builds an error. */
    vf_sev_ctx stress = {.checked = 1, .closets_masked = 1, .minivault = 1,
                         .layout = 1, .stress = 1};
    /* Our stress layouts never make an error alone. */
    vf_sev_ctx pan_stress = {.layout = 1, .stress = 1};
    ck_assert_int_eq(sev(finding(VF_CONN_TELE_CLOSET_WALK, 6, 1, 0, 0),
                         &pan_stress), VF_SEV_WARNING);
    ck_assert_int_eq(vf_sev_plain(VF_V_PLACE_FAILED, &stress), VF_SEV_NOTE);
    ck_assert_int_eq(vf_sev_plain(VF_V_PLACE_FAILED, &mini_layout),
                     VF_SEV_ERROR);
    ck_assert_int_eq(vf_sev_plain(VF_V_EXIT_UNCONNECTED, &trunk_d),
                     VF_SEV_ERROR);
    ck_assert_int_eq(vf_sev_plain(VF_V_VETOED, &trunk_d), VF_SEV_NOTE);
    ck_assert_int_eq(vf_sev_plain(VF_V_LUA_ERROR, &trunk_d), VF_SEV_ERROR);
}
END_TEST

/* A closet or pocket in a rare roll: its errors are warnings; in every
 * case (a split too), its warnings notes. */
START_TEST(rare_rolls_and_designs)
{
    unsigned long counts[VF_V_COUNT_KINDS] = {0};
    counts[9] = 1;      /* tele_closet_walk: 1 case of 100 */
    counts[11] = 100;   /* interior_pocket: every case */
    ck_assert_uint_eq(vf_grade_rare(counts, VF_V_COUNT_KINDS, 100, NULL),
                      VF_V_TELE_CLOSET_WALK);
    ck_assert_uint_eq(vf_grade_design(counts, VF_V_COUNT_KINDS, 100),
                      VF_V_INTERIOR_POCKET);
    counts[9] = 30;
    ck_assert_uint_eq(vf_grade_rare(counts, VF_V_COUNT_KINDS, 100, NULL), 0);
    counts[5] = 1;      /* isolated_zones: not a kind a player meets */
    ck_assert_uint_eq(vf_grade_rare(counts, VF_V_COUNT_KINDS, 100, NULL), 0);
    /* ...but rooms walled apart, each with its stairs, in every case are
     * what the author drew (minmay_isolated_rectangles_in_corner). */
    counts[5] = 100;
    ck_assert_uint_eq(vf_grade_design(counts, VF_V_COUNT_KINDS, 100),
                      VF_V_INTERIOR_POCKET | VF_V_ISOLATED_ZONES);
}
END_TEST

/* On the empty level, floor outside every vault is the set-up's. */
START_TEST(empty_level_floor_is_the_setups)
{
    vf_sev_ctx empty = {.checked = 1, .closets_masked = 1, .empty = 1};
    vf_conn_finding strip = finding(VF_CONN_STAIRLESS_ZONE, 60, 0, 0, 0);
    ck_assert_int_eq(sev(strip, &empty), VF_SEV_NOTE);
    ck_assert(!vf_sev_finding_grade(&strip, &empty).veto);
    ck_assert(vf_sev_finding_grade(&strip, &trunk_d).veto);
    vf_conn_finding inside = finding(VF_CONN_STAIRLESS_ZONE, 60, 1, 0, 0);
    ck_assert(vf_sev_finding_grade(&inside, &empty).veto);
}
END_TEST

/* A map's level vetoes by their share of its builds, the low end of
 * the interval: rare rebuilds are notes, a large share is an error, and
 * our stress layouts alone never make one. */
START_TEST(veto_shares_grade_the_map)
{
    /* {built}, {vetoed}: empty, game, stress. */
    vf_veto_count none = {{100, 5, 25}, {0, 0, 0}};
    ck_assert_int_eq(vf_grade_veto(&none, NULL), VF_SEV_OK);
    vf_veto_count rare = {{2000, 0, 0}, {1, 0, 0}};   /* 1 in 2000 */
    ck_assert_int_eq(vf_grade_veto(&rare, NULL), VF_SEV_NOTE);
    vf_veto_count some = {{100, 0, 0}, {7, 0, 0}};   /* low end 3.4% */
    ck_assert_int_eq(vf_grade_veto(&some, NULL), VF_SEV_WARNING);
    vf_veto_count few = {{100, 0, 0}, {5, 0, 0}};   /* low end 2.2% */
    ck_assert_int_eq(vf_grade_veto(&few, NULL), VF_SEV_NOTE);
    vf_veto_count many = {{100, 0, 0}, {25, 0, 0}};   /* low end 17.5% */
    ck_assert_int_eq(vf_grade_veto(&many, NULL), VF_SEV_ERROR);
    vf_veto_count dead = {{100, 5, 25}, {100, 5, 25}};
    ck_assert_int_eq(vf_grade_veto(&dead, NULL), VF_SEV_ERROR);
    /* The game's layouts alone: 1 of 5 that our layouts never show is
     * a note, 3 of 5 a warning (L 3/30, low end 3.5%); with ours at 11
     * of 25 too, an error; 5 of 5, an error. */
    vf_veto_count game_once = {{100, 5, 25}, {0, 1, 0}};
    ck_assert_int_eq(vf_grade_veto(&game_once, NULL), VF_SEV_NOTE);
    vf_veto_count game_only = {{100, 5, 25}, {0, 3, 0}};
    ck_assert_int_eq(vf_grade_veto(&game_only, NULL), VF_SEV_WARNING);
    vf_veto_count both = {{100, 5, 25}, {0, 3, 11}};
    ck_assert_int_eq(vf_grade_veto(&both, NULL), VF_SEV_ERROR);
    vf_veto_count most = {{100, 5, 25}, {0, 5, 0}};
    ck_assert_int_eq(vf_grade_veto(&most, NULL), VF_SEV_ERROR);
    vf_veto_count some_layouts = {{100, 5, 25}, {0, 2, 3}};   /* L 5/30 */
    ck_assert_int_eq(vf_grade_veto(&some_layouts, NULL), VF_SEV_WARNING);
    /* Our layouts alone never make an error. */
    vf_veto_count stress = {{100, 5, 25}, {0, 0, 25}};
    ck_assert_int_eq(vf_grade_veto(&stress, NULL), VF_SEV_WARNING);
    vf_veto_count stress_rare = {{100, 5, 25}, {0, 0, 2}};
    ck_assert_int_eq(vf_grade_veto(&stress_rare, NULL), VF_SEV_NOTE);
    /* The thresholds are the caller's to set. */
    vf_grade_opts strict = {0.5, 0.3, 0.9};
    ck_assert_int_eq(vf_grade_veto(&many, &strict), VF_SEV_NOTE);
}
END_TEST

/* An interior pocket inside a masked closet: nobody lands there. */
START_TEST(pocket_inside_a_masked_closet)
{
    vf_conn_report *r = calloc(1, sizeof *r);
    vf_level *l = calloc(1, sizeof *l);
    for (int x = 0; x < 10; x++)   /* the vault: rows 4-7, columns 0-9 */
        for (int y = 4; y < 8; y++) l->vault[y][x] = 1;
    r->nfindings = 2;
    r->findings[0] = finding(VF_CONN_TELE_CLOSET_WALK, 8, 1, 0, 0);
    r->findings[1] = finding(VF_CONN_INTERIOR_POCKET, 6, 1, 0, 0);
    r->findings[0].cells[5][0] = 0xff;
    r->findings[1].cells[5][0] = 0x3e;
    r->findings[1].s = (vf_conn_stats){.size = 5, .x0 = 1, .x1 = 5,
                                       .y0 = 5, .y1 = 6, .vaults_in = 1};
    const char *why;
    ck_assert_int_eq(vf_sev_in_report(l, r, 1, &trunk_d, &why), VF_SEV_NOTE);
    r->findings[1].cells[6][0] = 2;   /* one cell outside the closet */
    ck_assert_int_eq(vf_sev_in_report(l, r, 1, &trunk_d, &why),
                     VF_SEV_WARNING);
    /* The vault's padding: next to a cell outside it, a note. */
    r->findings[1].cells[6][0] = 0;
    r->findings[1].cells[7][0] = 0x100;
    r->findings[1].s.y1 = 7;
    r->findings[1].s.x1 = 8;
    l->vault[7][9] = 0;
    ck_assert_int_eq(vf_sev_in_report(l, r, 1, &trunk_d, &why), VF_SEV_NOTE);
    free(l);
    free(r);
}
END_TEST

START_TEST(names_round_trip)
{
    for (int i = 0; i < VF_SEV_COUNT; i++) {
        vf_sev s;
        ck_assert_int_eq(vf_sev_parse(vf_sev_name((vf_sev)i), &s), 0);
        ck_assert_int_eq(s, i);
    }
    vf_sev s;
    ck_assert_int_eq(vf_sev_parse("fatal", &s), -1);
    ck_assert_int_eq(vf_sev_of(0, 0, 0), VF_SEV_OK);
    ck_assert_int_eq(vf_sev_of(3, 0, 0), VF_SEV_NOTE);
    ck_assert_int_eq(vf_sev_of(3, 2, 0), VF_SEV_WARNING);
    ck_assert_int_eq(vf_sev_of(3, 2, 1), VF_SEV_ERROR);
}
END_TEST

Suite *vf_test_severity_suite(void)
{
    Suite *s = suite_create("severity");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, stairless_areas_follow_the_fill_limit);
    tcase_add_test(tc, unchecked_branches_rank_what_the_player_meets);
    tcase_add_test(tc, closets_follow_the_game_version);
    tcase_add_test(tc, zones_pockets_and_layouts);
    tcase_add_test(tc, pocket_inside_a_masked_closet);
    tcase_add_test(tc, veto_shares_grade_the_map);
    tcase_add_test(tc, empty_level_floor_is_the_setups);
    tcase_add_test(tc, rare_rolls_and_designs);
    tcase_add_test(tc, portal_levels);
    tcase_add_test(tc, names_round_trip);
    suite_add_tcase(s, tc);
    return s;
}
