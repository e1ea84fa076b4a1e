/* corpus/: our own vaults load and compile clean and cover the syntax. */
#include "tests.h"

#include <string.h>

static void load_corpus(vf_t_loaded *l)
{
    char *paths[] = {"corpus"};
    vf_t_init(l);
    l->errors = vf_des_load_paths(&l->set, paths, 1, &l->d);
}

START_TEST(corpus_is_clean)
{
    vf_t_loaded l;
    load_corpus(&l);
    size_t chunks;
    ck_assert_uint_eq(vf_des_compile(&l.set, &l.d, &chunks), 0);
    ck_assert_msg(l.d.n == 0, "%s", l.d.n ? vf_t_msg(&l, 0) : "");
    ck_assert_uint_ge(l.set.nmaps, 10);
    /* The walk takes *.des only: corpus/bad holds *.des.bad. */
    for (size_t i = 0; i < l.set.nfiles; i++)
        ck_assert(!strncmp(l.set.files[i].path, "corpus/syntax/", 14) ||
                  !strncmp(l.set.files[i].path, "corpus/verdicts/", 16));
    vf_t_free(&l);
}
END_TEST

START_TEST(corpus_uses_every_keyword)
{
    vf_t_loaded l;
    load_corpus(&l);
    unsigned total[VF_CALL_KINDS] = {0};
    for (size_t i = 0; i < l.set.nmaps; i++)
        for (int k = 0; k < VF_CALL_KINDS; k++)
            total[k] += l.set.maps[i].calls[k];
    for (int k = 0; k < VF_CALL_KINDS; k++) {
        /* welcome() does not exist in the game: a test covers it instead. */
        if (k == VF_CALL_WELCOME) continue;
        ck_assert_msg(total[k] > 0, "no corpus map generates %s()",
                      vf_call_names[k]);
    }
    vf_t_free(&l);
}
END_TEST

START_TEST(corpus_covers_lexer_corners)
{
    vf_t_loaded l;
    load_corpus(&l);
    int chunk_kinds[VF_CHUNK_KINDS] = {0}, preludes = 0, defaults = 0;
    for (size_t i = 0; i < l.set.nmaps; i++) {
        const vf_mapdef *m = &l.set.maps[i];
        for (int k = 0; k < VF_CHUNK_KINDS; k++)
            chunk_kinds[k] += !vf_chunk_empty(&m->chunk[k]);
        defaults += m->default_depth != NULL;
    }
    for (size_t f = 0; f < l.set.nfiles; f++)
        preludes += !vf_chunk_empty(&l.set.files[f].prelude);
    for (int k = 0; k < VF_CHUNK_KINDS; k++)
        ck_assert_msg(chunk_kinds[k] > 0, "no %s chunk", vf_chunk_names[k]);
    ck_assert_int_gt(preludes, 0);
    ck_assert_int_gt(defaults, 0);
    /* Continuations joined exactly; the '#' map row; the NBSP row. */
    ck_assert_ptr_nonnull(strstr(vf_t_chunk(&l, "vf_cont_every_keyword",
                          VF_CHUNK_MAIN), "kitem(\"d = potion of curing w:5 "
                          "/scroll of teleportation\")"));
    ck_assert_ptr_nonnull(strstr(vf_t_chunk(&l, "vf_map_ragged", VF_CHUNK_MAP),
                                 "map(\"x#.....@\")"));
    ck_assert_int_eq(vf_t_map(&l, "vf_unicode_nbsp")->width, 6);
    vf_t_free(&l);
}
END_TEST

Suite *vf_test_corpus_suite(void)
{
    Suite *s = suite_create("corpus");
    TCase *tc = tcase_create("corpus");
    tcase_add_test(tc, corpus_is_clean);
    tcase_add_test(tc, corpus_uses_every_keyword);
    tcase_add_test(tc, corpus_covers_lexer_corners);
    suite_add_tcase(s, tc);
    return s;
}
