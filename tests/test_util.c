/* sbuf, diag, json, fs. */
#include "tests.h"
#include "vf_fs.h"
#include "vf_json.h"

#include <stdlib.h>
#include <string.h>

START_TEST(sbuf_grows_and_formats)
{
    vf_sbuf b = VF_SBUF_INIT;
    ck_assert_str_eq(vf_sbuf_str(&b), "");
    for (int i = 0; i < 1000; i++) vf_sbuf_printf(&b, "%d,", i % 10);
    ck_assert_uint_eq(b.len, 2000);
    ck_assert(!strncmp(b.s, "0,1,2,", 6));
    char *t = vf_sbuf_take(&b);
    ck_assert_ptr_null(b.s);
    free(t);
}
END_TEST

START_TEST(diag_formats_file_line_map)
{
    vf_diag d;
    vf_diag_init(&d);
    vf_diag_add(&d, VF_ERROR,
                &(vf_diag_where){.file = "a.des", .line = 12, .map = "m1"},
                "bad %s", "thing");
    vf_diag_add(&d, VF_WARNING, &(vf_diag_where){.file = "a.des"}, "odd");
    vf_sbuf b = VF_SBUF_INIT;
    vf_diag_format(&d.v[0], &b);
    ck_assert_str_eq(b.s, "a.des:12: map m1: bad thing");
    vf_sbuf_reset(&b);
    vf_diag_format(&d.v[1], &b);
    ck_assert_str_eq(b.s, "a.des: warning: odd");
    ck_assert_uint_eq(d.errors, 1);
    ck_assert_uint_eq(d.warnings, 1);
    vf_sbuf_free(&b);
    vf_diag_free(&d);
}
END_TEST

START_TEST(json_escapes)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_json_str(&b, "a\"b\\c\n\x01", 7);
    ck_assert_str_eq(b.s, "\"a\\\"b\\\\c\\n\\u0001\"");
    /* Vault bytes that are not UTF-8 become U+FFFD; UTF-8 stays. */
    vf_sbuf_reset(&b);
    vf_json_cstr(&b, "bad \xff\xfe \xc3\xa9 \xe2\x82 \xed\xa0\x80 \x7f");
    ck_assert_str_eq(b.s, "\"bad \\ufffd\\ufffd \xc3\xa9 \\ufffd\\ufffd "
                     "\\ufffd\\ufffd\\ufffd \\u007f\"");
    vf_sbuf_free(&b);
}
END_TEST

START_TEST(fs_missing_path_is_reported)
{
    vf_diag d;
    vf_strlist l = {0};
    vf_diag_init(&d);
    ck_assert_int_eq(vf_fs_expand("no/such/dir", ".des", &l, &d), 1);
    ck_assert_uint_eq(l.n, 0);
    ck_assert_str_eq(d.v[0].file, "no/such/dir");
    ck_assert_str_eq(d.v[0].msg, "No such file or directory");
    vf_diag_free(&d);
}
END_TEST

Suite *vf_test_util_suite(void)
{
    Suite *s = suite_create("util");
    TCase *tc = tcase_create("util");
    tcase_add_test(tc, sbuf_grows_and_formats);
    tcase_add_test(tc, diag_formats_file_line_map);
    tcase_add_test(tc, json_escapes);
    tcase_add_test(tc, fs_missing_path_is_reported);
    suite_add_tcase(s, tc);
    return s;
}
