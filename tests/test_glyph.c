/* The glyph table (§3) and the feature properties (§4.1). */
#include "tests.h"
#include "vf_glyph.h"

#include <string.h>

START_TEST(glyphs_become_their_features)
{
    static const struct { int g; vf_feat f; } want[] = {
        {'x', VF_F_ROCK_WALL}, {'X', VF_F_PERMAROCK_WALL},
        {'c', VF_F_STONE_WALL}, {'v', VF_F_METAL_WALL},
        {'b', VF_F_CRYSTAL_WALL}, {'m', VF_F_CLEAR_ROCK_WALL},
        {'n', VF_F_CLEAR_STONE_WALL}, {'o', VF_F_CLEAR_PERMAROCK_WALL},
        {'t', VF_F_TREE}, {'+', VF_F_CLOSED_DOOR},
        {'=', VF_F_RUNED_CLEAR_DOOR}, {'w', VF_F_DEEP_WATER},
        {'W', VF_F_SHALLOW_WATER}, {'l', VF_F_LAVA},
        {'<', VF_F_ESCAPE_HATCH_UP}, {'>', VF_F_ESCAPE_HATCH_DOWN},
        {'{', VF_F_STONE_STAIRS_UP_I}, {']', VF_F_STONE_STAIRS_DOWN_III},
        {'A', VF_F_STONE_ARCH}, {'I', VF_F_ORCISH_IDOL},
        {'G', VF_F_GRANITE_STATUE}, {'V', VF_F_DRY_FOUNTAIN},
        {'^', VF_F_FLOOR}, {'@', VF_F_FLOOR}, {'1', VF_F_FLOOR},
        {'d', VF_F_FLOOR}, {'D', VF_F_FLOOR}, {'~', VF_F_FLOOR},
        {' ', VF_F_NONE},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        ck_assert_msg(vf_glyph_feature(want[i].g) == want[i].f, "glyph %c",
                      want[i].g);
}
END_TEST

START_TEST(glyph_sets)
{
    /* The builder functions' passable set, exactly (§3). */
    const char *trav = ".+=w@{}()[]<>BC^TUVYO$%*|defghijk0123456789";
    for (int g = 1; g < 256; g++) {
        int in = strchr(trav, g) != NULL;
        ck_assert_msg(!!(vf_glyph_flags(g) & VF_GL_TRAVERSABLE) == in,
                      "glyph %d", g);
        int border = strchr("xcbvtX", g) != NULL;
        ck_assert_int_eq(!!(vf_glyph_flags(g) & VF_GL_SOLID_BORDER), border);
        int exit = strchr("@=+", g) != NULL;
        ck_assert_int_eq(!!(vf_glyph_flags(g) & VF_GL_EXIT), exit);
    }
    ck_assert(vf_glyph_flags('D') & VF_GL_PLAIN);
    ck_assert(vf_glyph_flags('O') & VF_GL_PLAIN);
    ck_assert(!(vf_glyph_flags('x') & VF_GL_PLAIN));
    ck_assert(!(vf_glyph_flags('1') & VF_GL_PLAIN));
}
END_TEST

START_TEST(feature_properties)
{
    ck_assert(vf_feature_traversable(VF_F_FLOOR));
    ck_assert(vf_feature_traversable(VF_F_SHALLOW_WATER));
    ck_assert(vf_feature_traversable(VF_F_CLOSED_DOOR));
    ck_assert(vf_feature_traversable(VF_F_RUNED_CLEAR_DOOR));
    ck_assert(vf_feature_traversable(VF_F_PASSAGE_OF_GOLUBRIA));
    ck_assert(vf_feature_traversable(VF_F_STONE_STAIRS_UP_I));
    ck_assert(!vf_feature_traversable(VF_F_SEALED_DOOR));
    ck_assert(!vf_feature_traversable(VF_F_DEEP_WATER));
    ck_assert(!vf_feature_traversable(VF_F_LAVA));
    ck_assert(!vf_feature_traversable(VF_F_TRAP_NET));
    ck_assert(!vf_feature_traversable(VF_F_GRANITE_STATUE));
    ck_assert(!vf_feature_traversable(VF_F_ROCK_WALL));
    ck_assert(!vf_feature_traversable(VF_F_TELEPORTER));
    /* Crystal walls are opaque in this version; clear walls are not. */
    ck_assert(vf_feature_props(VF_F_CRYSTAL_WALL) & VF_FP_OPAQUE);
    ck_assert(!(vf_feature_props(VF_F_CLEAR_ROCK_WALL) & VF_FP_OPAQUE));
    ck_assert(!(vf_feature_props(VF_F_CLOSED_CLEAR_DOOR) & VF_FP_OPAQUE));
    ck_assert(vf_feature_props(VF_F_EXIT_DUNGEON) & VF_FP_EXIT);
    ck_assert(!(vf_feature_props(VF_F_EXIT_HELL) & VF_FP_EXIT));
    ck_assert(vf_feature_props(VF_F_EXIT_HELL) & VF_FP_STAIR);
    ck_assert(vf_feature_props(VF_F_TRAP_TELEPORT_PERMANENT) &
              VF_FP_NO_TRAVEL);
    /* Names and ids agree both ways. */
    for (int id = 1; id <= vf_feature_count(); id++) {
        int back = vf_feature_by_name(NULL, vf_feature_name(id));
        ck_assert_msg(back == id || id == VF_F_ALTAR_PAKELLAS, "%s",
                      vf_feature_name(id));
    }
    ck_assert_int_eq(vf_feature_count(), VF_F_COUNT - 1);
}
END_TEST

Suite *vf_test_glyph_suite(void)
{
    Suite *s = suite_create("glyph");
    TCase *tc = tcase_create("glyph");
    tcase_add_test(tc, glyphs_become_their_features);
    tcase_add_test(tc, glyph_sets);
    tcase_add_test(tc, feature_properties);
    suite_add_tcase(s, tc);
    return s;
}
