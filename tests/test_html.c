/* report.html: escaping, pictures, the page a run writes, html and
 * repro --html. (The browser test is harness/check-html.sh.) */
#define _XOPEN_SOURCE 700   /* nftw */
#include "tests.h"
#include "vf_dumpread.h"
#include "vf_esc.h"
#include "vf_gz.h"
#include "vf_svg.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *s = strstr(text, what); s; s = strstr(s + 1, what)) n++;
    return n;
}

/* ---- escaping ------------------------------------------------------------ */

START_TEST(escapes_vault_text)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_esc_markup(&b, "<script>alert('x')</script> & \"q\"");
    ck_assert_str_eq(b.s, "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"
                          " &amp; &quot;q&quot;");
    vf_sbuf_reset(&b);
    /* UTF-8 kept; control bytes, stray and overlong bytes, surrogates
     * and a sequence cut by the end become '?'. */
    vf_esc_markup(&b, "caf\xc3\xa9 \xe2\x9c\x93\x01\x7f\xff\xc0\xaf"
                      "\xed\xa0\x80\tx\n\xe2\x9c");
    ck_assert_str_eq(b.s, "caf\xc3\xa9 \xe2\x9c\x93????????\tx\n??");
    vf_sbuf_free(&b);
}
END_TEST

/* ---- pictures ------------------------------------------------------------ */

/* A 5x3 picture: walls round two floor cells and a monster; finding 1
 * (letter A) on the floor cells, the vault's rectangle at (1,0) 3x3. */
static void small_pic(vf_pic *p)
{
    static const char cells[] = "wwwww" "wffmw" "wwwww";
    vf_pic_init(p, 5, 3);
    for (int i = 0; i < 15; i++)
        p->cat[i] = cells[i] == 'w' ? VF_PC_WALL
                    : cells[i] == 'f' ? VF_PC_FLOOR : VF_PC_MONSTER;
    p->mark[6] = p->mark[7] = 1;
    p->nfind = 1;
    p->find[0].letter = 'A';
    p->find[0].label = vf_xstrdup("stairless_zone: 2 cells");
    p->vx = 1;
    p->vw = p->vh = 3;
}

START_TEST(svg_draws_cells_as_rectangles)
{
    vf_pic p;
    small_pic(&p);
    vf_sbuf b = VF_SBUF_INIT;
    vf_svg_pic(&b, &p, 10, "map <x>");
    /* Walls, the commonest, are the background; the floor run is one
     * rectangle, the monster another. */
    ck_assert_ptr_nonnull(strstr(b.s, "viewBox=\"0 0 5 3\" width=\"50\" "
                                 "height=\"30\"><title>map &lt;x&gt;"
                                 "</title>"));
    ck_assert_ptr_nonnull(strstr(b.s, "<rect class=\"c1\" width=\"5\" "
                                 "height=\"3\"/>"));
    ck_assert_ptr_nonnull(strstr(b.s, "<path class=\"c2\" d=\"M1 1h2v1H1z"
                                 "\"/>"));
    ck_assert_ptr_nonnull(strstr(b.s, "<path class=\"c15\" d=\"M3 1h1v1H3z"
                                 "\"/>"));
    ck_assert_int_eq(count(b.s, "class=\"c1\""), 1);
    /* The finding: tinted, outlined (top and bottom edges, then left and
     * right), lettered, titled with its kinds; the vault framed. */
    ck_assert_ptr_nonnull(strstr(b.s, "<title>A stairless_zone</title>"
                                 "<path class=\"fz\" d=\""
                                 "M1 1h2v1H1z\"/><path class=\"fo\" d=\""
                                 "M1 1h2M1 2h2M1 1v1M3 1v1\"/><text "
                                 "class=\"fl\" x=\"1.5\" y=\"1.8\">A</text>"));
    ck_assert_ptr_nonnull(strstr(b.s, "<rect class=\"vr\" x=\"1\" y=\"0\" "
                                 "width=\"3\" height=\"3\"/>"));
    vf_sbuf_free(&b);
    vf_pic_free(&p);
}
END_TEST

START_TEST(svg_merges_rows_and_keeps_blanks)
{
    /* A 4x4 block of floor is one rectangle; a vault's blank cells are
     * not drawn (no background then). */
    vf_pic p;
    vf_pic_init(&p, 5, 4);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) p.cat[y * 5 + x] = VF_PC_FLOOR;
    vf_sbuf b = VF_SBUF_INIT;
    vf_svg_pic(&b, &p, 1, "t");
    ck_assert_ptr_nonnull(strstr(b.s, "<path class=\"c2\" d=\"M0 0h4v4H0z"
                                 "\"/>"));
    ck_assert_ptr_null(strstr(b.s, "<rect"));
    vf_sbuf_free(&b);
    vf_pic_free(&p);
}
END_TEST

START_TEST(legend_names_every_class)
{
    vf_sbuf b = VF_SBUF_INIT, style = VF_SBUF_INIT;
    vf_svg_legend(&b);
    vf_svg_style(&style);
    static const char *const names[] = {"wall", "floor", "shallow water",
        "deep water", "lava", "tree", "door", "stairs", "item", "monster"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char li[64];
        snprintf(li, sizeof li, "</svg> %s</li>", names[i]);
        ck_assert_msg(strstr(b.s, li), "legend lacks %s", names[i]);
    }
    for (int c = 1; c < VF_PC_COUNT; c++) {
        char cls[32];
        snprintf(cls, sizeof cls, "<rect class=\"c%d\"", c);
        ck_assert_ptr_nonnull(strstr(b.s, cls));
        snprintf(cls, sizeof cls, ".c%d{fill:#", c);
        ck_assert_ptr_nonnull(strstr(style.s, cls));
    }
    vf_sbuf_free(&b);
    vf_sbuf_free(&style);
}
END_TEST

START_TEST(feature_and_glyph_classes)
{
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_ROCK_WALL), VF_PC_WALL);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_FLOOR), VF_PC_FLOOR);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_DEEP_WATER), VF_PC_DEEP);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_SHALLOW_WATER), VF_PC_WATER);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_LAVA), VF_PC_LAVA);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_TREE), VF_PC_TREE);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_CLOSED_DOOR), VF_PC_DOOR);
    ck_assert_int_eq(vf_pic_feature_cat(VF_F_STONE_STAIRS_UP_I),
                     VF_PC_STAIRS);
    ck_assert_int_eq(vf_pic_glyph_cat('1'), VF_PC_MONSTER);
    ck_assert_int_eq(vf_pic_glyph_cat('$'), VF_PC_ITEM);
    ck_assert_int_eq(vf_pic_glyph_cat('@'), VF_PC_EXIT);
    ck_assert_int_eq(vf_pic_glyph_cat(' '), VF_PC_NONE);
}
END_TEST

/* ---- a dump read back ---------------------------------------------------- */

/* A dump as src/run/dump.c writes one: a closet of floor at (40..42,
 * 30..31) in rock, a monster at (41,30), finding A on the closet. */
static char *fake_dump(void)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_adds(&b, "vaultfuzz case dump: replay it\nmap: t_closet\n"
                 "place: Lair:2\nplaced: 5x4 at (39,29), 0 exits, 0 "
                 "connected\n\nlevel (80x70):\n");
    for (int pass = 0; pass < 2; pass++) {
        for (int y = 0; y < VF_GYM; y++) {
            for (int x = 0; x < VF_GXM; x++) {
                int in = x >= 40 && x <= 42 && y >= 30 && y <= 31;
                vf_sbuf_addc(&b, !in ? 'x' : pass ? 'A' : '.');
            }
            vf_sbuf_addc(&b, '\n');
        }
        if (!pass)
            vf_sbuf_adds(&b, "\nlegend:\n  .  floor\n  x  rock_wall\n"
                         "monsters: 1 at (41,30)\nitems: none\n\nfindings "
                         "on the level (each lettered):\nzones 2; "
                         "findings: tele_closet_walk 1\n");
    }
    vf_sbuf_adds(&b, "A tele_closet_walk: 6 cells at (40,30)-(42,31)\n"
                 "what each finding means:\n  A  warning: a <closet>\n\n"
                 "resolved vault t_closet (5x4, orient -, tags: ):\n"
                 "xxxxx\nx...x\nx.1.x\nxxxxx\n"
                 /* What follows the vault is not the vault's. */
                 "\nwhy it fails (vaultfuzz explain: 2 choices, 2 "
                 "replays):\nt.des:9:6: SUBST: A = x. chose 'x'\n"
                 "cause cells: 1 at (43,30)\n\nthe vault as its MAP block: "
                 "findings lettered as on the level\n        12345\n"
                 "     5  xxxxx\n     6  xAAA*\n");
    return vf_sbuf_take(&b);
}

START_TEST(dump_read_back)
{
    char *text = fake_dump();
    vf_dumpread d;
    vf_dumpread_text(NULL, text, &d);
    ck_assert(d.has_level && d.placed && d.has_vault);
    ck_assert_str_eq(d.place, "Lair:2");
    ck_assert_int_eq(d.vx, 39);
    ck_assert_int_eq(d.vw, 5);
    ck_assert_int_eq(vf_pic_at(&d.level, 0, 0), VF_PC_WALL);
    ck_assert_int_eq(vf_pic_at(&d.level, 40, 30), VF_PC_FLOOR);
    ck_assert_int_eq(vf_pic_at(&d.level, 41, 30), VF_PC_MONSTER);
    ck_assert_int_eq(d.level.mark[31 * VF_GXM + 42], 1);
    ck_assert_int_eq(d.level.mark[31 * VF_GXM + 43], 0);
    ck_assert_int_eq(d.level.nfind, 1);
    ck_assert_str_eq(d.level.find[0].label, "tele_closet_walk: 6 cells at "
                     "(40,30)-(42,31) -- warning: a <closet>");
    /* The vault at the size its heading gives, whatever follows it,
     * with the level's findings and the causes' cells on it. */
    ck_assert_int_eq(d.vault.w, 5);
    ck_assert_int_eq(d.vault.h, 4);
    ck_assert_int_eq(vf_pic_at(&d.vault, 2, 2), VF_PC_MONSTER);
    ck_assert_int_eq(d.vault.mark[1 * 5 + 1], 1);
    ck_assert_int_eq(d.vault.mark[0], 0);
    ck_assert_int_eq(d.vault.nfind, 1);
    ck_assert_int_eq(d.level.cause[30 * VF_GXM + 43], 1);
    ck_assert_int_eq(d.vault.cause[1 * 5 + 4], 1);
    ck_assert_int_eq(d.vault.cause[1 * 5 + 3], 0);
    /* Cropped round the vault and the finding, 4 cells of margin. */
    vf_pic_rect vault = {.x = d.vx, .y = d.vy, .w = d.vw, .h = d.vh};
    vf_pic_rect shown = vf_pic_focus(&d.level, vault, 4);
    ck_assert_int_eq(shown.x, 35);
    ck_assert_int_eq(shown.y, 25);
    ck_assert_int_eq(shown.w, 13);
    ck_assert_int_eq(shown.h, 12);
    vf_dumpread_free(&d);
    /* Cut anywhere, the text never crashes the reader. */
    size_t n = strlen(text);
    for (size_t cut = 0; cut < n; cut += 97) {
        char *part = vf_xstrndup(text, cut);
        vf_dumpread_text(NULL, part, &d);
        vf_dumpread_free(&d);
        free(part);
    }
    free(text);
}
END_TEST

/* ---- the page a run writes ----------------------------------------------- */

static const char corpus[] =
    "NAME: t_ok\nTAGS: transparent\nDEPTH: D\nMAP\n...\n.@.\n...\nENDMAP\n\n"
    "NAME: t_closet\nDEPTH: D\nMAP\n.......\n.xxxxx.\n.x.$.x.\n.xxxxx.\n"
    ".......\nENDMAP\n\n"
    "NAME: t_unlucky\nTAGS: transparent\nDEPTH: D\n"
    ": if not is_validating() and crawl.one_chance_in(3) then\n"
    ":   error(\"<b>unlucky</b> & 'so'\")\n: end\nMAP\n.....\n..@..\n"
    "ENDMAP\n\n"
    "NAME: t_load_error\nTAGS: transparent\nDEPTH: D\n"
    ": if is_validating() then error(\"fails at load\") end\n"
    "MAP\n.@.\nENDMAP\n";

static int rm_one(const char *p, const struct stat *st, int flag,
                  struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(p);
}

static char *read_text(const char *dir, const char *name)
{
    char p[256], *data, why[256];
    size_t len;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    ck_assert_msg(!vf_gz_read(p, (size_t)1 << 28, &data, &len, why,
                              sizeof why), "%s", why);
    return data;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Failing maps in vaults.csv: rows whose status (4th column) is
 * load_error or whose "failed" column (found in the header) is not 0.
 * The test's paths and messages hold no comma. */
static int csv_failing(const char *csv)
{
    int failed = 0;
    for (const char *h = csv; *h != '\n' && strncmp(h, "failed,", 7);
         h += strcspn(h, ",\n") + 1)
        failed++;
    int n = 0;
    for (const char *s = strchr(csv, '\n'); s && s[1];
         s = strchr(s + 1, '\n')) {
        const char *field[64] = {s + 1};
        for (int col = 1; col <= failed; col++) {
            const char *c = strchr(field[col - 1], ',');
            ck_assert_ptr_nonnull(c);
            field[col] = c + 1;
        }
        n += !strncmp(field[3], "load_error,", 11) || field[failed][0] != '0';
    }
    return n;
}

START_TEST(run_writes_report_html)
{
    char dir[] = "/tmp/vf_html_XXXXXX", des[64], out[64], old[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(des, sizeof des, "%s/t.des", dir);
    snprintf(out, sizeof out, "%s/new", dir);
    snprintf(old, sizeof old, "%s/old", dir);
    write_text(des, "NAME: t_ok\nDEPTH: D\nMAP\n.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("run", "--mode", "empty", "--des", des,
                                "--count", "6", "-j", "1", "--out", old,
                                NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    vf_t_run_free(&r);
    write_text(des, corpus);
    r = vf_t_vaultfuzz("run", "--mode", "empty", "--des", des, "--count",
                       "6", "-j", "2", "--out", out, "--baseline", old, NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    vf_t_run_free(&r);

    char *page = read_text(out, "report.html"), *csv = read_text(out,
                                                                "vaults.csv");
    /* A section per failing map, a picture in each that ran. */
    ck_assert_int_eq(csv_failing(csv), 3);
    ck_assert_int_eq(count(page, "<section class=\"map\""), 3);
    ck_assert_int_eq(count(page, "<figure class=\"level\"><svg"), 2);
    ck_assert_int_eq(count(page, "<figure class=\"vault\"><svg"), 2);
    ck_assert_int_eq(count(page, "data-nopic=\"load_error\""), 1);
    ck_assert_int_eq(count(page, "<tr data-id="), 3);
    /* Each kind a row has is a choice of the kind filter. */
    ck_assert_ptr_nonnull(strstr(page, "data-kinds=\"load_error\""));
    ck_assert_ptr_nonnull(strstr(page, "<option>load_error</option>"));
    ck_assert_ptr_nonnull(strstr(page, "<option>lua_error</option>"));
    /* The Lua error's text is the vault's: escaped. */
    ck_assert_ptr_null(strstr(page, "<b>unlucky"));
    ck_assert_ptr_nonnull(strstr(page, "&lt;b&gt;unlucky&lt;/b&gt; &amp; "
                                 "&apos;so&apos;"));
    /* Against the baseline, where only t_ok ran, the three are new. */
    ck_assert_int_eq(count(page, "<span class=\"new\">new</span>"), 3);
    ck_assert_ptr_nonnull(strstr(page, "<tr><th>new since "));
    /* Self-contained: nothing fetched. */
    ck_assert_ptr_null(strstr(page, "src="));
    ck_assert_ptr_null(strstr(page, "<link"));
    ck_assert_ptr_null(strstr(page, "http:"));
    ck_assert_ptr_nonnull(strstr(page, "vaultfuzz repro t_closet --seed 1 "
                                 "--iter "));
    /* It opens on the errors and warnings; notes are folded. */
    ck_assert_ptr_nonnull(strstr(page, "<option value=\"ew\" selected>"
                                 "errors and warnings</option>"));
    /* Paths are the files' own, relative to their directory: t.des. */
    ck_assert_ptr_nonnull(strstr(page, "<code>t.des:"));

    /* vaultfuzz html writes it again, the same bytes with the same
     * baseline; without one, nothing is new. */
    char path[96];
    snprintf(path, sizeof path, "%s/report.html", out);
    remove(path);
    r = vf_t_vaultfuzz("html", out, "--baseline", old, NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    vf_t_run_free(&r);
    char *again = read_text(out, "report.html");
    ck_assert_str_eq(again, page);
    free(again);
    r = vf_t_vaultfuzz("html", out, NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    vf_t_run_free(&r);
    again = read_text(out, "report.html");
    ck_assert_int_eq(count(again, "<span class=\"new\">new</span>"), 0);
    free(again);
    /* --source-url links each .des line to a code host. */
    r = vf_t_vaultfuzz("html", out, "--source-url",
                       "https://host/x/{path}#L{line}", NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    vf_t_run_free(&r);
    again = read_text(out, "report.html");
    ck_assert_ptr_nonnull(strstr(again, "<a href=\"https://host/x/t.des#L"));
    free(again);

    /* repro --html draws one case. */
    char dump[160], html[96];
    const char *d = strstr(page, "dumps/t_closet.empty.");
    ck_assert_ptr_nonnull(d);
    snprintf(dump, sizeof dump, "%s/%.*s", out, (int)strcspn(d, "<"), d);
    snprintf(html, sizeof html, "%s/case.html", dir);
    r = vf_t_vaultfuzz("repro", dump, "--html", html, NULL);
    ck_assert_msg(r.rc == 1, "%s", r.err);
    vf_t_run_free(&r);
    char *one = read_text(dir, "case.html");
    ck_assert_int_eq(count(one, "<figure class=\"level\"><svg"), 1);
    ck_assert_int_eq(count(one, "<figure class=\"vault\"><svg"), 1);
    ck_assert_ptr_nonnull(strstr(one, "<h1>t_closet</h1>"));
    ck_assert_ptr_nonnull(strstr(one, "<ul class=\"legend\">"));
    free(one);
    free(page);
    free(csv);
    nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

START_TEST(html_refuses_what_is_not_a_report)
{
    vf_t_run r = vf_t_vaultfuzz("html", "/nonexistent/dir", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "vaultfuzz html: "));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("html", NULL);
    ck_assert_int_eq(r.rc, 2);
    vf_t_run_free(&r);
}
END_TEST

Suite *vf_test_html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *tc = tcase_create("html");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, escapes_vault_text);
    tcase_add_test(tc, svg_draws_cells_as_rectangles);
    tcase_add_test(tc, svg_merges_rows_and_keeps_blanks);
    tcase_add_test(tc, legend_names_every_class);
    tcase_add_test(tc, feature_and_glyph_classes);
    tcase_add_test(tc, dump_read_back);
    tcase_add_test(tc, run_writes_report_html);
    tcase_add_test(tc, html_refuses_what_is_not_a_report);
    suite_add_tcase(s, tc);
    return s;
}
