/* Golden chunks for the examples the seed documents walk through
 * (003: statue_in_pool; 002/004: random_test, contrived_001). */
#include "tests.h"

START_TEST(statue_in_pool)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: statue_in_pool\n"
        "TAGS: no_rotate no_pool_fixup\n"
        " : if you.absdepth() < 7 then\n"
        "MONS: plant\n"
        " : else\n"
        "MONS: oklob plant\n"
        " : end\n"
        "MAP\n"
        "1...1\n"
        ".www.\n"
        ".wGw.\n"
        ".www.\n"
        "1...1\n"
        "ENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    const vf_mapdef *m = vf_t_map(&l, "statue_in_pool");
    /* main(): tags, tags, if ... mons ... else ... mons ... end */
    ck_assert_str_eq(vf_t_chunk(&l, "statue_in_pool", VF_CHUNK_MAIN),
        " tags(\"no_rotate\") tags(\"no_pool_fixup\")\n"
        "  if you.absdepth() < 7 then\n"
        " mons(\"plant\")\n"
        "  else\n"
        " mons(\"oklob plant\")\n"
        "  end");
    ck_assert_int_eq(m->chunk[VF_CHUNK_MAIN].first, 2);
    ck_assert_str_eq(vf_t_chunk(&l, "statue_in_pool", VF_CHUNK_MAP),
        " map(\"1...1\")\n map(\".www.\")\n map(\".wGw.\")\n"
        " map(\".www.\")\n map(\"1...1\")");
    ck_assert_int_eq(m->chunk[VF_CHUNK_MAP].first, 9);
    /* "The prelude and validation chunks are empty unless specified." */
    ck_assert(vf_chunk_empty(&m->chunk[VF_CHUNK_PRELUDE]));
    ck_assert(vf_chunk_empty(&m->chunk[VF_CHUNK_VALIDATE]));
    ck_assert_int_eq(m->width, 5);
    ck_assert_int_eq(m->height, 5);
    vf_t_free(&l);
}
END_TEST

START_TEST(statue_in_pool_global_prelude)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "{{\n"
        "  function statue_pool_map(e)\n"
        "    e.tags(\"no_rotate\")\n"
        "  end\n"
        "}}\n"
        "\n"
        "NAME: statue_in_pool\n"
        "# Pass in the Lua environment global _G to the prelude function.\n"
        " : statue_pool_map(_G)\n"
        "MAP\n"
        "1...1\n"
        "ENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    const vf_desfile *f = &l.set.files[0];
    ck_assert_str_eq(vf_sbuf_str(&f->prelude.text),
        "   function statue_pool_map(e)\n"
        "     e.tags(\"no_rotate\")\n"
        "   end");
    ck_assert_int_eq(f->prelude.first, 2);
    ck_assert_str_eq(vf_t_chunk(&l, "statue_in_pool", VF_CHUNK_MAIN),
                     "  statue_pool_map(_G)");
    ck_assert_int_eq(vf_t_map(&l, "statue_in_pool")->chunk[VF_CHUNK_MAIN].first,
                     9);
    vf_t_free(&l);
}
END_TEST

START_TEST(random_test)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: random_test\n"
        "# Put it on D:1 so it's easy to test.\n"
        "PLACE: D:1\n"
        "ORIENT: float\n"
        ": local asolid, csolid\n"
        ": if crawl.random2(2) == 0 then\n"
        ": asolid = true\n"
        ": subst(\"A = x\")\n"
        ": else\n"
        ": subst(\"A = .\")\n"
        ": end\n"
        "MAP\n"
        "xxxxxxxxxxxxxxxxxxx\n"
        "x........{........x\n"
        "xxxAxxxxxBxxxxxCxxx\n"
        "xxx.xxxxx.xxxxx.xxx\n"
        "xxx@xxxxx@xxxxx@xxx\n"
        "ENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(vf_t_chunk(&l, "random_test", VF_CHUNK_MAIN),
        " place(\"D:1\")\n"
        " orient(\"float\")\n"
        "  local asolid, csolid\n"
        "  if crawl.random2(2) == 0 then\n"
        "  asolid = true\n"
        "  subst(\"A = x\")\n"
        "  else\n"
        "  subst(\"A = .\")\n"
        "  end");
    ck_assert_int_eq(vf_t_map(&l, "random_test")->chunk[VF_CHUNK_MAIN].first,
                     3);
    ck_assert_int_eq(vf_t_map(&l, "random_test")->width, 19);
    vf_t_free(&l);
}
END_TEST

START_TEST(contrived_001)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: contrived_001\n"
        "PLACE: D:2\n"
        "ORIENT: float\n"
        "TAGS: no_pool_fixup\n"
        "SUBST: .=.w\n"
        "SUBST: c=x.\n"
        "validate {{ return has_exit_from_glyph('{') }}\n"
        "MAP\n"
        "xxxxxx\n"
        "x{.+.c\n"
        "x..+>x\n"
        "xxxxxx\n"
        "ENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(vf_t_chunk(&l, "contrived_001", VF_CHUNK_MAIN),
        " place(\"D:2\")\n"
        " orient(\"float\")\n"
        " tags(\"no_pool_fixup\")\n"
        " subst(\".=.w\")\n"
        " subst(\"c=x.\")");
    ck_assert_str_eq(vf_t_chunk(&l, "contrived_001", VF_CHUNK_VALIDATE),
                     "  return has_exit_from_glyph('{') ");
    ck_assert_int_eq(
        vf_t_map(&l, "contrived_001")->chunk[VF_CHUNK_VALIDATE].first, 7);
    vf_t_free(&l);
}
END_TEST

/* §2.1's illustration: several pieces from one line share a chunk line. */
START_TEST(spec_demo)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: demo\n"
        "TAGS: transparent extra\n"
        "ORIENT: float\n"
        ": if crawl.coinflip() then\n"
        "SUBST: D = x., E : lW\n"
        ": end\n"
        "MARKER: F = lua:fog_machine{}\n"
        "MAP\n"
        "xx@xx\n"
        "xDFEx\n"
        "ENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(vf_t_chunk(&l, "demo", VF_CHUNK_MAIN),
        " tags(\"transparent\") tags(\"extra\")\n"
        " orient(\"float\")\n"
        "  if crawl.coinflip() then\n"
        " subst(\"D = x.\") subst(\"E : lW\")\n"
        "  end\n"
        " lua_marker(\"F\", function ()   return fog_machine{} end)");
    ck_assert_str_eq(vf_t_chunk(&l, "demo", VF_CHUNK_MAP),
                     " map(\"xx@xx\")\n map(\"xDFEx\")");
    vf_t_free(&l);
}
END_TEST

Suite *vf_test_golden_suite(void)
{
    Suite *s = suite_create("golden");
    TCase *tc = tcase_create("seeds");
    tcase_add_test(tc, statue_in_pool);
    tcase_add_test(tc, statue_in_pool_global_prelude);
    tcase_add_test(tc, random_test);
    tcase_add_test(tc, contrived_001);
    tcase_add_test(tc, spec_demo);
    suite_add_tcase(s, tc);
    return s;
}
