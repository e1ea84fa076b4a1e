/* The game's load-time checks (vf_mapcheck, §5.7): every rule with a map
 * that breaks it and one that just passes, run after the load-time Lua as
 * lint does; and lint's report. */
#include "tests.h"
#include "vf_mapcheck.h"
#include "vf_place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- building the test file --------------------------------------------- */

/* A w x h room: rock border, floor inside, an '@' in the top border (a
 * 1-wide or 1-high map is all floor). */
static void room(vf_sbuf *d, int w, int h)
{
    vf_sbuf_adds(d, "MAP\n");
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            char c = w == 1 || h == 1 ? '.'
                   : y == 0 && x == 1 ? '@' : edge ? 'x' : '.';
            vf_sbuf_addc(d, c);
        }
        vf_sbuf_addc(d, '\n');
    }
    vf_sbuf_adds(d, "ENDMAP\n\n");
}

/* A map of the given size. */
static void sized(vf_sbuf *d, const char *name, const char *headers, int w,
                  int h)
{
    vf_sbuf_printf(d, "NAME: %s\n%s", name, headers);
    room(d, w, h);
}

/* A map with its MAP rows given ("/" between rows). */
static void drawn(vf_sbuf *d, const char *name, const char *headers,
                  const char *rows)
{
    vf_sbuf_printf(d, "NAME: %s\n%sMAP\n", name, headers);
    for (const char *s = rows; *s; s++)
        vf_sbuf_addc(d, *s == '/' ? '\n' : *s);
    vf_sbuf_adds(d, "\nENDMAP\n\n");
}

/* A row of n altars in a room with an exit. */
static void altars(vf_sbuf *d, const char *name, const char *headers, int n)
{
    vf_sbuf_printf(d, "NAME: %s\n%sMAP\nx@", name, headers);
    for (int i = 0; i < n; i++) vf_sbuf_addc(d, 'x');
    vf_sbuf_adds(d, "x\nx.");
    for (int i = 0; i < n; i++) vf_sbuf_addc(d, 'B');
    vf_sbuf_adds(d, "x\nENDMAP\n\n");
}

#define FLOAT "ORIENT: float\n"
#define D "DEPTH: D:2\n"

/* Each case: a map and what the checks say about it ("" = it loads). */
typedef struct want {
    const char *map, *msg;
} want;

static const want wants[] = {
    /* Temples. */
    {"temple_ok", ""},
    {"temple_empty", "Temple vault must contain at least one altar."},
    {"temple_by_range", "Temple vault must contain at least one altar."},
    {"temple_kfeat", "Can't change feat 'B' in temple (KFEAT)"},
    {"temple_22", ""},
    {"temple_23", "Temple vault has too many altars"},
    {"temple_generic_ok", ""},
    {"temple_generic_wrong",
     "Temple ('allow_dup temple_overflow_generic_2') has 3 altars and a "
     "'temple_overflow_generic_' tag, but does not match the number of "
     "altars: should have at least 'temple_overflow_generic_3'."},
    {"temple_generic_empty", "Temple vault must contain at least one altar."},
    {"temple_special", ""},
    {"not_temple", ""},
    {"not_temple_denied", ""},
    /* overwrite_floor_cell. */
    {"floor_cell_ok", ""},
    {"floor_cell_wide", "Map tagged 'overwrite_floor_cell' must be 1x1"},
    /* The Abyss. */
    {"abyss_encompass",
     "Map 'abyss_encompass' cannot use 'encompass' orientation in the "
     "abyss"},
    {"abyss_wide", "Map 'abyss_wide' is too big for the Abyss: 29x5 - max "
                   "28x23"},
    {"abyss_tall", "Map 'abyss_tall' is too big for the Abyss: 5x24 - max "
                   "28x23"},
    {"abyss_rune_tall", "Map 'abyss_rune_tall' is too big for the Abyss: "
                        "5x24 - max 28x23"},
    {"abyss_largest", ""},
    {"abyss_square", ""},
    /* Size by orientation. */
    {"float_wide", "Float 'float_wide' is too big: 77x3 - max 76x66"},
    {"minivault_tall", "Minivault 'minivault_tall' is too big: 3x67 - max "
                       "76x66"},
    {"minivault_north", "Minivault 'minivault_north' is too big: 77x5 - max "
                        "76x66"},
    {"float_two_thirds", "Map too large - 54x3 (max 53x46)"},
    {"float_largest", ""},
    {"encompass_big", "Map 'encompass_big' is too big: 81x3 - max 80x70"},
    {"encompass_largest", ""},
    {"north_tall", "Map too large - height 47 (max 46)"},
    {"north_largest", ""},
    {"east_wide", "Map too large - width 54 (max 53)"},
    {"east_largest", ""},
    {"corner_wide", "Map too large - 54x5 (max 53x46)"},
    {"centre_tall", "Map too large - 10x47 (max 53x46)"},
    /* Exits. */
    {"closed", "Map 'closed' has no (possible) exits; use TAGS: no_exits "
               "if this is intentional"},
    {"closed_no_exits", ""},
    {"closed_unrand", ""},
    {"closed_dummy", ""},
    {"closed_encompass", ""},
    {"closed_stair", ""},
    {"closed_hatch", "Map 'closed_hatch' has no (possible) exits; use TAGS: "
                     "no_exits if this is intentional"},
    {"inner_space", ""},
    {"inner_space_diagonal", "Map 'inner_space_diagonal' has no (possible) "
                             "exits; use TAGS: no_exits if this is "
                             "intentional"},
    {"water_edge", ""},
    {"door_edge", ""},
    {"statue_edge", "Map 'statue_edge' has no (possible) exits; use TAGS: "
                    "no_exits if this is intentional"},
    {"clear_wall_edge", "Map 'clear_wall_edge' has no (possible) exits; use "
                        "TAGS: no_exits if this is intentional"},
    {"kfeat_opens", ""},
    {"kfeat_closes", "Map 'kfeat_closes' has no (possible) exits; use TAGS: "
                     "no_exits if this is intentional"},
    {"kfeat_keeps_at", ""},
    {"kmask_floor", ""},
    {"subst_closes", "Map 'subst_closes' has no (possible) exits; use TAGS: "
                     "no_exits if this is intentional"},
    /* Placeable. */
    {"flags_only", "Map 'flags_only' has no DEPTH, no PLACE and no "
                   "selectable tag in 'allow_dup minivault transparent'"},
    {"no_tags", "Map 'no_tags' has no DEPTH, no PLACE and no selectable tag "
                "in ''"},
    {"prefixed_only", "Map 'prefixed_only' has no DEPTH, no PLACE and no "
                      "selectable tag in 'chance_x luniq_a ruin_b uniq_c'"},
    {"registered_flag", "Map 'registered_flag' has no DEPTH, no PLACE and no "
                        "selectable tag in 'vf_my_flag'"},
    {"selectable_tag", ""},
    {"with_place", ""},
    {"with_depth", ""},
    /* Only the first problem is reported. */
    {"first_only", "Float 'first_only' is too big: 77x3 - max 76x66"},
    {"defaulted", ""},
};

static char *test_des(void)
{
    vf_sbuf d = VF_SBUF_INIT;
    vf_sbuf_adds(&d, "{{ dgn.map_register_flag('vf_my_flag') }}\n");
    drawn(&d, "temple_ok", "PLACE: Temple\n", "x@x/xBx/xxx");
    drawn(&d, "temple_empty", "PLACE: Temple\n", "x@x/x.x/xxx");
    drawn(&d, "temple_by_range", "PLACE: D:3, Temple:$\n", "x@x/x.x/xxx");
    drawn(&d, "temple_kfeat", "PLACE: Temple\nKFEAT: B = altar_zin\n",
          "x@x/xBx/xxx");
    altars(&d, "temple_22", "PLACE: Temple\n", 22);
    altars(&d, "temple_23", "PLACE: Temple\n", 23);
    altars(&d, "temple_generic_ok", "TAGS: temple_overflow_generic_2\n", 2);
    altars(&d, "temple_generic_wrong",
           FLOAT "TAGS: temple_overflow_generic_2 allow_dup\n", 3);
    drawn(&d, "temple_generic_empty", "TAGS: temple_overflow_generic_0\n",
          "x@x/x.x/xxx");
    drawn(&d, "temple_special", "TAGS: temple_overflow_zin\n", "x@x/x.x/xxx");
    drawn(&d, "not_temple", "PLACE: D:3\n", "x@x/x.x/xxx");
    drawn(&d, "not_temple_denied", "PLACE: Temple, !Temple\n",
          "x@x/x.x/xxx");
    drawn(&d, "floor_cell_ok", D "TAGS: overwrite_floor_cell\n", ".");
    drawn(&d, "floor_cell_wide", D "TAGS: overwrite_floor_cell\n", "..");
    sized(&d, "abyss_encompass", "TAGS: abyss\nORIENT: encompass\n", 5, 5);
    sized(&d, "abyss_wide", "TAGS: abyss\n", 29, 5);
    sized(&d, "abyss_tall", "TAGS: abyss\n", 5, 24);
    sized(&d, "abyss_rune_tall", "TAGS: abyss_rune\n", 5, 24);
    sized(&d, "abyss_largest", "TAGS: abyss\n", 28, 23);
    sized(&d, "abyss_square", "TAGS: abyss\n", 23, 23);
    sized(&d, "float_wide", D FLOAT, 77, 3);
    sized(&d, "minivault_tall", D, 3, 67);
    sized(&d, "minivault_north", D "TAGS: minivault\nORIENT: north\n", 77, 5);
    sized(&d, "float_two_thirds", D FLOAT, 54, 3);
    sized(&d, "float_largest", D FLOAT, 53, 46);
    sized(&d, "encompass_big", D "ORIENT: encompass\n", 81, 3);
    sized(&d, "encompass_largest", D "ORIENT: encompass\n", 80, 70);
    sized(&d, "north_tall", D "ORIENT: north\n", 10, 47);
    sized(&d, "north_largest", D "ORIENT: north\n", 80, 46);
    sized(&d, "east_wide", D "ORIENT: east\n", 54, 10);
    sized(&d, "east_largest", D "ORIENT: east\n", 53, 70);
    sized(&d, "corner_wide", D "ORIENT: northwest\n", 54, 5);
    sized(&d, "centre_tall", D "ORIENT: centre\n", 10, 47);
    drawn(&d, "closed", D FLOAT, "xxx/x.x/xxx");
    drawn(&d, "closed_no_exits", D FLOAT "TAGS: no_exits\n", "xxx/x.x/xxx");
    drawn(&d, "closed_unrand", D FLOAT "TAGS: unrand\n", "xxx/x.x/xxx");
    drawn(&d, "closed_dummy", D FLOAT "TAGS: dummy\n", "xxx/x.x/xxx");
    drawn(&d, "closed_encompass", D "ORIENT: encompass\n", "xxx/x.x/xxx");
    drawn(&d, "closed_stair", D FLOAT, "xxx/x{x/xxx");
    drawn(&d, "closed_hatch", D FLOAT, "xxx/x<x/xxx");
    drawn(&d, "inner_space", D FLOAT, "xxxx/x. x/xxxx");
    drawn(&d, "inner_space_diagonal", D FLOAT, "xxxx/x.xx/xx x/xxxx");
    drawn(&d, "water_edge", D FLOAT, "xwx/x.x/xxx");
    drawn(&d, "door_edge", D FLOAT, "x+x/x.x/xxx");
    drawn(&d, "statue_edge", D FLOAT, "xGx/x.x/xxx");
    drawn(&d, "clear_wall_edge", D FLOAT, "xmx/x.x/xxx");
    drawn(&d, "kfeat_opens", D FLOAT "KFEAT: G = floor\n", "xGx/x.x/xxx");
    drawn(&d, "kfeat_closes", D FLOAT "KFEAT: . = rock_wall\n",
          "x.x/x.x/xxx");
    drawn(&d, "kfeat_keeps_at", D FLOAT "KFEAT: @ = rock_wall\n",
          "x@x/x.x/xxx");
    /* A mask alone makes the game judge the glyph as floor. */
    drawn(&d, "kmask_floor", D FLOAT "KMASK: x = vault\n", "xxx/x.x/xxx");
    drawn(&d, "subst_closes", D FLOAT "SUBST: a = x\n", "xax/x.x/xxx");
    drawn(&d, "flags_only", "TAGS: allow_dup transparent\n", "x@x");
    drawn(&d, "no_tags", FLOAT, "x@x");
    drawn(&d, "prefixed_only", FLOAT "TAGS: luniq_a ruin_b uniq_c chance_x\n",
          "x@x");
    drawn(&d, "registered_flag", FLOAT "TAGS: vf_my_flag\n", "x@x");
    drawn(&d, "selectable_tag", FLOAT "TAGS: vf_theme allow_dup\n", "x@x");
    drawn(&d, "with_place", FLOAT "PLACE: Lair:2\n", "x@x");
    drawn(&d, "with_depth", FLOAT "DEPTH: Lair\n", "x@x");
    sized(&d, "first_only", FLOAT, 77, 3);
    /* Last: every map after this line gets the default depth. */
    vf_sbuf_adds(&d, "default-depth: D:4-\n");
    drawn(&d, "defaulted", FLOAT, "x@x");
    return vf_sbuf_take(&d);
}

/* ---- the checks ---------------------------------------------------------- */

/* The load-time run of map, then the checks: "" or the message. */
static const char *check(vf_t_eng *x, const char *map)
{
    vf_sbuf_reset(&x->err);
    vf_resolve_req load = {.def = vf_t_map(&x->l, map),
                           .seed = vf_seed_case(0, map, 0), .validating = 1};
    vf_resolve_status st = vf_engine_resolve(x->e, &load, &x->m, &x->err);
    ck_assert_msg(st == VF_RESOLVED, "%s: %s", map, vf_sbuf_str(&x->err));
    vf_mapcheck(&x->m, vf_engine_is_flag, x->e, &x->err);
    return vf_sbuf_str(&x->err);
}

START_TEST(load_checks_say_what_the_game_says)
{
    char *des = test_des();
    vf_t_eng x;
    vf_t_eng_open(&x, des, 5000000UL);
    for (size_t i = 0; i < sizeof wants / sizeof *wants; i++)
        ck_assert_msg(!strcmp(check(&x, wants[i].map), wants[i].msg),
                      "%s: got \"%s\"", wants[i].map, vf_sbuf_str(&x.err));
    /* Every map of the file has a case. */
    ck_assert_uint_eq(x.l.set.nmaps, sizeof wants / sizeof *wants);
    vf_t_eng_close(&x);
    free(des);
}
END_TEST

START_TEST(checks_change_the_map_as_the_game)
{
    char *des = test_des();
    vf_t_eng x;
    vf_t_eng_open(&x, des, 5000000UL);
    /* An abyss map wider than 23 cannot rotate there. */
    ck_assert_str_eq(check(&x, "abyss_largest"), "");
    ck_assert(vf_rmap_has_tag(&x.m, "no_rotate"));
    ck_assert_str_eq(check(&x, "abyss_square"), "");
    ck_assert(!vf_rmap_has_tag(&x.m, "no_rotate"));
    /* The file's default-depth becomes the map's DEPTH. */
    ck_assert_str_eq(check(&x, "defaulted"), "");
    ck_assert_str_eq(vf_sbuf_str(&x.m.depth), "D:4-");
    ck_assert_str_eq(check(&x, "with_depth"), "");
    ck_assert_str_eq(vf_sbuf_str(&x.m.depth), "Lair");
    vf_t_eng_close(&x);
    free(des);
}
END_TEST

START_TEST(has_exit_on_plain_grids)
{
    static const struct { const char *rows; int exit; } cases[] = {
        {"xxx/x.x/xxx", 0}, {"x.x/xxx/xxx", 1}, {"xxx/xxx/xx.", 1},
        {"xxx/x}x/xxx", 1}, {"xxx/x>x/xxx", 0}, {"xxx/x=x/xxx", 0},
        {"xx=/xxx/xxx", 1}, {"xlx/xxx/xxx", 1}, {"xxxxx/xx xx/xxxxx", 0},
        {"xxxxx/x. xx/xxxxx", 1}, {"xxxxx/x.x x/xxxxx", 0},
        {"  x  / x.x /  x  ", 0}, {"  x  / x.x / x.x ", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        vf_rng r;
        vf_rng_seed(&r, 1);
        vf_rmap m;
        vf_rmap_init(&m, NULL, &r);
        for (const char *s = cases[i].rows; *s;) {
            size_t n = strcspn(s, "/");
            vf_grid_add_line(&m.grid, s, n);
            s += n + (s[n] == '/');
        }
        vf_grid_normalise(&m.grid, ' ');
        ck_assert_msg(vf_mapcheck_has_exit(&m) == cases[i].exit, "%s",
                      cases[i].rows);
        vf_rmap_free(&m);
    }
}
END_TEST

Suite *vf_test_mapcheck_suite(void)
{
    Suite *s = suite_create("mapcheck");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, load_checks_say_what_the_game_says);
    tcase_add_test(tc, checks_change_the_map_as_the_game);
    tcase_add_test(tc, has_exit_on_plain_grids);
    suite_add_tcase(s, tc);
    return s;
}
