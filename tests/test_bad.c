/* Bad input never crashes and never hides: corpus/bad/ (each file names the
 * exact messages it must give and the maps that must still load), and
 * inputs made here (empty, a 10 MB line, missing or unreadable paths). */
#include "tests.h"
#include "vf_fs.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Lines of text that start with prefix, without it. */
static void lines_with(const char *text, size_t len, const char *prefix,
                       vf_strlist *out)
{
    size_t pl = strlen(prefix);
    const char *s = text, *end = text + len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        if ((size_t)(e - s) >= pl && !memcmp(s, prefix, pl))
            vf_strlist_push(out, vf_xstrndup(s + pl, (size_t)(e - s - pl)));
        s = e + 1;
    }
}

static void check_bad_file(const char *path)
{
    char *text, err[256];
    size_t len;
    ck_assert_int_eq(vf_fs_read(path, 1 << 20, &text, &len, err, sizeof err),
                     0);
    vf_strlist want = {0}, loads = {0};
    lines_with(text, len, "# expect: ", &want);
    lines_with(text, len, "# loads:", &loads);
    ck_assert_msg(want.n > 0, "%s has no '# expect:' line", path);

    vf_t_loaded l;
    vf_t_init(&l);
    vf_des_load_file(&l.set, path, &l.d);
    vf_des_compile(&l.set, &l.d, NULL);
    ck_assert_msg(l.d.n == want.n, "%s: %zu messages, expected %zu", path,
                  l.d.n, want.n);
    for (size_t i = 0; i < want.n; i++)
        ck_assert_str_eq(vf_t_msg(&l, i), want.v[i]);
    ck_assert_uint_ge(l.d.errors, 1);

    /* "# loads: a b" names every map that must load; nothing else may. */
    size_t named = 0;
    for (size_t i = 0; i < loads.n; i++) {
        char *save, *w = strtok_r(loads.v[i], " ", &save);
        for (; w; w = strtok_r(NULL, " ", &save), named++)
            ck_assert_msg(vf_desset_find(&l.set, w) != NULL,
                          "%s: map %s did not load", path, w);
    }
    ck_assert_uint_eq(l.set.nmaps, named);
    vf_t_free(&l);
    vf_strlist_free(&want);
    vf_strlist_free(&loads);
    free(text);
}

START_TEST(bad_corpus_files)
{
    DIR *d = opendir("corpus/bad");
    ck_assert_ptr_nonnull(d);
    vf_strlist files = {0};
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n > 8 && !strcmp(de->d_name + n - 8, ".des.bad")) {
            vf_sbuf p = VF_SBUF_INIT;
            vf_sbuf_printf(&p, "corpus/bad/%s", de->d_name);
            vf_strlist_push(&files, vf_sbuf_take(&p));
        }
    }
    closedir(d);
    ck_assert_uint_ge(files.n, 11);
    for (size_t i = 0; i < files.n; i++) check_bad_file(files.v[i]);
    vf_strlist_free(&files);
}
END_TEST

/* A scratch directory under build/ for files made by a test. */
static void scratch(char *dir, size_t n)
{
    snprintf(dir, n, "build/test-scratch-%d", (int)getpid());
    mkdir("build", 0755);
    mkdir(dir, 0755);
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

START_TEST(empty_file)
{
    char dir[128], path[160];
    scratch(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/empty.des", dir);
    write_file(path, "", 0);
    vf_t_loaded l;
    vf_t_init(&l);
    ck_assert_uint_eq(vf_des_load_file(&l.set, path, &l.d), 1);
    char want[256];
    snprintf(want, sizeof want, "%s: file is empty", path);
    ck_assert_str_eq(vf_t_msg(&l, 0), want);
    vf_t_free(&l);
    remove(path);
    rmdir(dir);
}
END_TEST

START_TEST(ten_megabyte_line)
{
    size_t big = 10u << 20;
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_adds(&b, "NAME: vf_long\nDESC: ");
    char *fill = malloc(big);
    memset(fill, 'a', big);
    vf_sbuf_add(&b, fill, big);
    free(fill);
    vf_sbuf_adds(&b, "\nMAP\nx@x\nENDMAP\nNAME: vf_after_long\nMAP\nx@x\n"
                     "ENDMAP\n");
    vf_t_loaded l;
    vf_t_init(&l);
    ck_assert_uint_eq(vf_des_load_buffer(&l.set, "long.des", b.s, b.len,
                                         &l.d), 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "long.des:2: map vf_long: line is "
                     "10485766 bytes long; the limit is 65536");
    ck_assert_uint_eq(l.d.n, 1);
    ck_assert_ptr_null(vf_desset_find(&l.set, "vf_long"));
    vf_t_map(&l, "vf_after_long");
    vf_t_free(&l);
    vf_sbuf_free(&b);
}
END_TEST

START_TEST(missing_paths_and_other_files_still_load)
{
    char *paths[] = {"corpus/syntax/crlf.des", "no/such/file.des",
                     "no/such/dir", "corpus/bad/unknown_keyword.des.bad",
                     "corpus/syntax/unicode.des"};
    vf_t_loaded l;
    vf_t_init(&l);
    size_t errors = vf_des_load_paths(&l.set, paths, 5, &l.d);
    ck_assert_uint_eq(errors, 3);
    ck_assert_str_eq(vf_t_msg(&l, 0),
                     "no/such/file.des: No such file or directory");
    ck_assert_str_eq(vf_t_msg(&l, 1), "no/such/dir: No such file or directory");
    vf_t_map(&l, "vf_crlf_room");
    vf_t_map(&l, "vf_bad_unknown_survivor");
    vf_t_map(&l, "vf_unicode_nbsp");
    ck_assert_uint_eq(l.set.nfiles, 3);
    vf_t_free(&l);
}
END_TEST

START_TEST(unreadable_file_and_directory)
{
    if (geteuid() == 0) {
        /* Root reads anything: check the message for a path that cannot be
         * opened as a file instead. */
        vf_t_loaded l;
        vf_t_init(&l);
        ck_assert_uint_eq(vf_des_load_file(&l.set, "corpus", &l.d), 1);
        ck_assert_str_eq(vf_t_msg(&l, 0), "corpus: is a directory");
        vf_t_free(&l);
        return;
    }
    char dir[128], file[160], sub[160];
    scratch(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/locked.des", dir);
    snprintf(sub, sizeof sub, "%s/locked", dir);
    write_file(file, "NAME: x\n", 8);
    mkdir(sub, 0755);
    chmod(file, 0);
    chmod(sub, 0);
    vf_t_loaded l;
    vf_t_init(&l);
    char *paths[] = {dir};
    ck_assert_uint_eq(vf_des_load_paths(&l.set, paths, 1, &l.d), 2);
    char want[256];
    snprintf(want, sizeof want, "%s: cannot read directory: Permission "
             "denied", sub);
    ck_assert_str_eq(vf_t_msg(&l, 0), want);
    snprintf(want, sizeof want, "%s: cannot open: Permission denied", file);
    ck_assert_str_eq(vf_t_msg(&l, 1), want);
    vf_t_free(&l);
    chmod(sub, 0755);
    rmdir(sub);
    remove(file);
    rmdir(dir);
}
END_TEST

Suite *vf_test_bad_suite(void)
{
    Suite *s = suite_create("bad");
    TCase *tc = tcase_create("bad input");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, bad_corpus_files);
    tcase_add_test(tc, empty_file);
    tcase_add_test(tc, ten_megabyte_line);
    tcase_add_test(tc, missing_paths_and_other_files_still_load);
    tcase_add_test(tc, unreadable_file_and_directory);
    suite_add_tcase(s, tc);
    return s;
}
