/* DEPTH/PLACE ranges: every form of piece, deny pieces, the game's
 * messages for bad ones, depth-dependent values. */
#include "tests.h"
#include "vf_depth.h"

#include <string.h>

static vf_place at(const char *s)
{
    vf_place p;
    char why[128];
    ck_assert_msg(vf_place_parse(NULL, s, &p, why, sizeof why) == 0, "%s", why);
    return p;
}

/* Whether ranges (which must parse) allow place. */
static int allows(const char *ranges, const char *place)
{
    vf_depths d = {0};
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_msg(vf_depths_add(NULL, &d, ranges, &err) == 0, "%s: %s", ranges,
                  vf_sbuf_str(&err));
    vf_place p = at(place);
    int ok = vf_depths_match(NULL, &d, &p);
    vf_depths_free(&d);
    vf_sbuf_free(&err);
    return ok;
}

/* The message for ranges that must not parse (static buffer). */
static const char *refused(const char *ranges)
{
    static char msg[256];
    vf_depths d = {0};
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_msg(vf_depths_add(NULL, &d, "D:1", &err) == 0, "setup");
    ck_assert_msg(vf_depths_add(NULL, &d, ranges, &err) != 0, "%s parsed",
                  ranges);
    ck_assert_int_eq(d.n, 1);   /* nothing of the bad list was added */
    snprintf(msg, sizeof msg, "%s", vf_sbuf_str(&err));
    vf_depths_free(&d);
    vf_sbuf_free(&err);
    return msg;
}

START_TEST(star_and_branch)
{
    ck_assert(allows("*", "D:1"));
    ck_assert(allows("*", "Zot:5"));
    ck_assert(allows("*", "Bazaar"));
    ck_assert(allows("Lair", "Lair:1"));
    ck_assert(allows("Lair", "Lair:5"));
    ck_assert(!allows("Lair", "D:5"));
}
END_TEST

START_TEST(unknown_branch_br)
{
    ck_assert_str_eq(refused("Br:*"), "Unknown branch: 'Br'");
}
END_TEST

START_TEST(levels_of_a_branch)
{
    ck_assert(allows("D:3", "D:3"));
    ck_assert(!allows("D:3", "D:4"));
    ck_assert(allows("D:2-4", "D:2"));
    ck_assert(allows("D:2-4", "D:4"));
    ck_assert(!allows("D:2-4", "D:5"));
    ck_assert(!allows("D:2-4", "D:1"));
    ck_assert(allows("D:12-", "D:15"));
    ck_assert(!allows("D:12-", "D:11"));
    ck_assert(allows("D:12-$", "D:13"));
    ck_assert(allows("Elf:*", "Elf:2"));
    ck_assert(!allows("Elf:*", "D:2"));
}
END_TEST

START_TEST(bottom_level)
{
    ck_assert(allows("D:$", "D:15"));
    ck_assert(!allows("D:$", "D:14"));
    ck_assert(allows("Zot:$", "Zot:5"));
    ck_assert(!allows("Zot:$", "Zot:4"));
    ck_assert(allows("Temple:$", "Temple"));
}
END_TEST

START_TEST(absolute_depths)
{
    /* D:8 is absolute depth 8; Lair:1 is 11; Zot:1 is 28. */
    ck_assert(allows("8", "D:8"));
    ck_assert(!allows("8", "D:9"));
    ck_assert(allows("10-12", "Lair:1"));
    ck_assert(allows("10-12", "Orc:2"));
    ck_assert(!allows("10-12", "D:13"));
    ck_assert(allows("25-", "Zot:1"));
    ck_assert(allows("any:8", "D:8"));
    ck_assert(allows("Any:7-9", "D:8"));
    ck_assert(!allows("any:8", "Lair:1"));
}
END_TEST

START_TEST(deny_pieces)
{
    ck_assert(allows("D, !D:$", "D:14"));
    ck_assert(!allows("D, !D:$", "D:15"));
    ck_assert(!allows("!D:$, D", "D:15"));   /* order does not matter */
    ck_assert(allows("Depths, !Depths:$", "Depths:3"));
    ck_assert(!allows("Depths, !Depths:$", "Depths:4"));
    ck_assert(!allows("!Lair", "D:3"));      /* deny alone allows nothing */
    ck_assert(allows("D:2-, ! D:10-12", "D:9"));
    ck_assert(!allows("D:2-, ! D:10-12", "D:11"));
}
END_TEST

START_TEST(lists_and_blanks)
{
    ck_assert(allows(" D:1 ,, Lair : 2 ", "Lair:2"));
    ck_assert(allows("D:1-3, Elf, Zot:$", "Elf:3"));
    ck_assert(!allows("D:1-3, Elf, Zot:$", "Zot:4"));
    vf_depths d = {0};
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(vf_depths_add(NULL, &d, "", &err), 0);
    ck_assert_int_eq(d.n, 0);
    vf_place p = at("D:1");
    ck_assert(!vf_depths_match(NULL, &d, &p));
    vf_depths_free(&d);
    vf_sbuf_free(&err);
}
END_TEST

START_TEST(bad_pieces)
{
    ck_assert_str_eq(refused("Dungeon:3"), "Unknown branch: 'Dungeon'");
    ck_assert_str_eq(refused("d:3"), "Unknown branch: 'd'");
    ck_assert_str_eq(refused("D:0"), "Bad depth: 0");
    ck_assert_str_eq(refused("D:5-3"), "Bad depth: 5-3");
    ck_assert_str_eq(refused("D:x"), "Bad depth: x");
    ck_assert_str_eq(refused("D:-3"), "Bad depth: -3");
    ck_assert_str_eq(refused("D:3-x"), "Bad depth: 3-x");
    ck_assert_str_eq(refused("4-2"), "Bad depth: 4-2");
    /* The depth is read before the branch, as in the game. */
    ck_assert_str_eq(refused("Nowhere:0"), "Bad depth: 0");
    ck_assert_str_eq(refused("!*"), "Unknown branch: '*'");
    ck_assert_str_eq(refused("$"), "Unknown branch: '$'");
    ck_assert_str_eq(refused("!"), "Unknown branch: ''");
    ck_assert_str_eq(refused("D:2, Lair:7-1, Elf"), "Bad depth: 7-1");
}
END_TEST

/* Ranges as the load-time checks read them (the temple check, the level
 * a map runs at): in is 1 or 0, or -1 when the ranges do not parse. */
START_TEST(ranges_table)
{
    static const struct { const char *place, *ranges; int in; } cases[] = {
        {"Temple", "Temple", 1}, {"Temple", "Temple:1", 1},
        {"Temple", "Temple:$", 1}, {"Temple", "Temple:*", 1},
        {"Temple", "*", 1}, {"Temple", "D", 0}, {"Temple", "", 0},
        {"Temple", " , Temple ,", 1}, {"Temple", "Temple, !Temple", 0},
        {"Temple", "any:6", 1}, {"Temple", "6", 1}, {"Temple", "5-7", 1},
        {"Temple", "7-", 0},
        {"D:3", "D:2-4", 1}, {"D:5", "D:2-4", 0}, {"D:15", "D:12-", 1},
        {"D:15", "D:$", 1}, {"D:14", "D:$", 0}, {"D:14", "D:12-$", 1},
        {"D:8", "D, !D:8", 0}, {"D:8", "!D:8, D", 0}, {"D:9", "D, !D:8", 1},
        {"Lair:2", "Lair:2, Snake", 1}, {"Snake:1", "Lair:2, Snake", 1},
        {"D:8", "lair", -1}, {"D:8", "Nowhere:2", -1}, {"D:8", "D:0", -1},
        {"D:8", "D:4-2", -1}, {"D:8", "D:x", -1}, {"D:8", "D:2-x", -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        vf_depths d = {0};
        vf_sbuf err = VF_SBUF_INIT;
        vf_place p = at(cases[i].place);
        int in = vf_depths_add(NULL, &d, cases[i].ranges, &err)
                     ? -1 : vf_depths_match(NULL, &d, &p);
        ck_assert_msg(in == cases[i].in, "%s in \"%s\": %d", cases[i].place,
                      cases[i].ranges, in);
        vf_depths_free(&d);
        vf_sbuf_free(&err);
    }
    ck_assert_str_eq(refused("Nowhere:2"), "Unknown branch: 'Nowhere'");
    ck_assert_str_eq(refused("D:4-2"), "Bad depth: 4-2");
}
END_TEST

START_TEST(first_place)
{
    vf_depths d = {0};
    vf_sbuf err = VF_SBUF_INIT;
    vf_place p;
    char buf[32];
    ck_assert_int_eq(vf_depths_add(NULL, &d, "Vaults, !Vaults:1", &err), 0);
    ck_assert_int_eq(vf_depths_first(NULL, &d, &p), 0);
    vf_place_describe(NULL, &p, buf, sizeof buf);
    ck_assert_str_eq(buf, "Vaults:2");
    vf_depths_clear(&d);
    ck_assert_int_eq(vf_depths_add(NULL, &d, "!D", &err), 0);
    ck_assert_int_eq(vf_depths_first(NULL, &d, &p), -1);
    vf_depths_free(&d);
    vf_sbuf_free(&err);
}
END_TEST

START_TEST(depth_values)
{
    vf_depth_values dv = {0}, copy = {0};
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(vf_depth_values_add(NULL, &dv, "D:1-3", 5, &err), 0);
    ck_assert_int_eq(vf_depth_values_add(NULL, &dv, "D, Lair", 30, &err), 0);
    ck_assert_int_ne(vf_depth_values_add(NULL, &dv, "Nowhere", 1, &err), 0);
    ck_assert_str_eq(vf_sbuf_str(&err), "Unknown branch: 'Nowhere'");
    vf_place d2 = at("D:2"), d9 = at("D:9"), elf = at("Elf:1");
    ck_assert_int_eq(vf_depth_values_get(NULL, &dv, &d2, 10), 5);
    ck_assert_int_eq(vf_depth_values_get(NULL, &dv, &d9, 10), 30);
    ck_assert_int_eq(vf_depth_values_get(NULL, &dv, &elf, 10), 10);
    vf_depth_values_copy(&copy, &dv);
    vf_depth_values_free(&dv);
    ck_assert_int_eq(vf_depth_values_get(NULL, &copy, &d2, 10), 5);
    ck_assert_int_eq(vf_depth_values_get(NULL, &copy, &elf, 7), 7);
    vf_depth_values_free(&copy);
    vf_sbuf_free(&err);
}
END_TEST

/* DEPTH:, PLACE: and WEIGHT's ranges raise the game's message at their
 * line when the map's Lua runs. */
START_TEST(headers_report_bad_ranges)
{
    static const char des[] =
        "NAME: bad_depth\n"
        "DEPTH: D:2-4, Lair:0\n"
        "MAP\n"
        "x\n"
        "ENDMAP\n"
        "\n"
        "NAME: bad_place\n"
        "PLACE: Nowhere\n"
        "MAP\n"
        "x\n"
        "ENDMAP\n"
        "\n"
        "NAME: bad_weight\n"
        "WEIGHT: 5 (D:9-2)\n"
        "MAP\n"
        "x\n"
        "ENDMAP\n"
        "\n"
        "NAME: good\n"
        "DEPTH: D:2-, !D:$\n"
        ": if depth() ~= 'D:2-, !D:$' then error(depth()) end\n"
        "MAP\n"
        "x\n"
        "ENDMAP\n";
    vf_t_eng x;
    vf_t_eng_open(&x, des, 1000000UL);
    ck_assert_str_eq(vf_t_raised(&x, "bad_depth", 1),
                     "t.des:2: Bad depth: 0");
    ck_assert_str_eq(vf_t_raised(&x, "bad_place", 1),
                     "t.des:8: Unknown branch: 'Nowhere'");
    ck_assert_str_eq(vf_t_raised(&x, "bad_weight", 1),
                     "t.des:14: Bad depth: 9-2");
    vf_t_resolve_ok(&x, "good", 1, 0);
    vf_place d15, d14;
    char why[64];
    vf_place_parse(NULL, "D:15", &d15, why, sizeof why);
    vf_place_parse(NULL, "D:14", &d14, why, sizeof why);
    ck_assert(!vf_depths_match(NULL, &x.m.depths, &d15));
    ck_assert(vf_depths_match(NULL, &x.m.depths, &d14));
    vf_t_eng_close(&x);
}
END_TEST

Suite *vf_test_depth_suite(void)
{
    Suite *s = suite_create("depth");
    TCase *tc = tcase_create("ranges");
    tcase_add_test(tc, star_and_branch);
    tcase_add_test(tc, unknown_branch_br);
    tcase_add_test(tc, levels_of_a_branch);
    tcase_add_test(tc, bottom_level);
    tcase_add_test(tc, absolute_depths);
    tcase_add_test(tc, deny_pieces);
    tcase_add_test(tc, lists_and_blanks);
    tcase_add_test(tc, bad_pieces);
    tcase_add_test(tc, ranges_table);
    tcase_add_test(tc, first_place);
    tcase_add_test(tc, depth_values);
    tcase_add_test(tc, headers_report_bad_ranges);
    suite_add_tcase(s, tc);
    return s;
}
