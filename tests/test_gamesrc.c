/* A checkout's own name tables, read from its C++ source (vf_gamesrc.h):
 * a fork's names from tests/fork (features in rows and through macros,
 * tag-version blocks, traps, shops, KPROP names, branches), lint with
 * them, and, when the game's extracted sources are on this machine
 * (../crawlsrc*, as VF_CRAWL_SOURCES says), the tables read from trunk,
 * 0.34.1 and 0.30.0 agree with our built-in ones for those versions;
 * names declared in a file (--game-names) on top of either. Every test
 * puts the built-in tables and trunk back. */
#include "tests.h"
#include "vf_feature.h"
#include "vf_gamesrc.h"
#include "vf_gamever.h"
#include "vf_overlay.h"
#include "vf_place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FORK VF_SOURCE_DIR "/tests/fork/crawl-ref/source"

static vf_gamesrc *read_fork(vf_sbuf *note)
{
    vf_gamesrc *s = vf_gamesrc_read(FORK, note);
    ck_assert_ptr_nonnull(s);
    return s;
}

START_TEST(fork_tables_are_read)
{
    vf_sbuf note = VF_SBUF_INIT;
    vf_gamesrc *s = read_fork(&note);
    ck_assert_str_eq(note.s, "features, traps, shops, fprops, branches "
                     "from the checkout's source");
    for (int t = 0; t < VF_GS_COUNT; t++)
        ck_assert(vf_gamesrc_has(s, (vf_gs_table)t));
    const char *id;
    unsigned fft;
    ck_assert(vf_gamesrc_feature(s, "glass_thicket", &id, &fft));
    ck_assert_str_eq(id, "DNGN_GLASS_THICKET");
    ck_assert_uint_eq(fft, VF_GS_FFT_SOLID | VF_GS_FFT_WALL);
    /* Through a macro with ## and #: "stone_stairs_up_" "i". */
    ck_assert(vf_gamesrc_feature(s, "stone_stairs_up_i", &id, &fft));
    ck_assert_str_eq(id, "DNGN_STONE_STAIRS_UP_I");
    ck_assert(vf_gamesrc_feature(s, "altar_moss", &id, NULL));
    ck_assert_str_eq(id, "DNGN_ALTAR_MOSS");
    /* Left out by a TAG_MAJOR_VERSION 34 build. */
    ck_assert(!vf_gamesrc_feature(s, "future_thing", NULL, NULL));
    ck_assert(vf_gamesrc_lists(s, VF_GS_TRAPS, "zot"));    /* lower-cased */
    ck_assert(vf_gamesrc_lists(s, VF_GS_TRAPS, "spear"));  /* == 34 kept */
    ck_assert(vf_gamesrc_lists(s, VF_GS_TRAPS, "gloom"));
    ck_assert(!vf_gamesrc_lists(s, VF_GS_TRAPS, "net"));
    ck_assert(vf_gamesrc_lists(s, VF_GS_SHOPS, "trinket"));
    ck_assert(vf_gamesrc_lists(s, VF_GS_FPROPS, "no_glow"));
    ck_assert(!vf_gamesrc_lists(s, VF_GS_FPROPS, "FPROP_NONE"));
    size_t n;
    const vf_branch *b = vf_gamesrc_branches(s, &n);
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(b[1].abbrev, "Grove");
    ck_assert_str_eq(b[1].longname, "the Glass Grove");
    ck_assert_int_eq(b[1].parent, 0);
    ck_assert_int_eq(b[1].depth, 2);
    ck_assert_int_eq(b[1].absdepth, 6);
    ck_assert_int_eq(b[0].parent, -1);
    ck_assert(b[2].portal && !b[1].portal && !b[2].islanded);
    vf_sbuf_free(&note);
    vf_gamesrc_free(s);
}
END_TEST

/* What the fork's game allows beyond the name tables: a global require
 * (clua.cc), crawl.random_element (l_crawl.cc) and CHANCE's "priority :
 * chance" (util/levcomp.ypp); with them in force a map using all three
 * loads and resolves, and without them each is an error, as in today's
 * game. */
static const char habits_des[] =
    "NAME: t_fork_habits\nDEPTH: D\nCHANCE: 0 : 90%\n"
    ": if type(require) ~= 'function' then error('no require') end\n"
    ": local k = crawl.random_element({ a = 1, b = 0 })\n"
    ": if k ~= 'a' then error('drew ' .. tostring(k)) end\n"
    "MAP\nx@x\nENDMAP\n";

START_TEST(fork_habits_are_read)
{
    vf_sbuf note = VF_SBUF_INIT;
    vf_gamesrc *s = read_fork(&note);
    ck_assert(vf_gamesrc_registers(s, "require"));
    ck_assert(vf_gamesrc_registers(s, "crawl.random_element"));
    ck_assert(!vf_gamesrc_registers(s, "crawl.no_such_name"));
    ck_assert(vf_gamesrc_chance_priority(s));
    ck_assert(!vf_gamesrc_registers(NULL, "require"));
    vf_game fork = {VF_GV_TRUNK, s};
    vf_t_eng x;
    vf_t_eng_open_game(&x, habits_des, 0, &fork);
    for (uint64_t seed = 1; seed <= 5; seed++)
        vf_t_resolve_ok(&x, "t_fork_habits", seed, 0);
    ck_assert_int_eq(x.m.chance, 9000);
    vf_t_eng_close(&x);
    vf_t_loaded l;
    vf_t_load(&l, habits_des);
    ck_assert_uint_gt(l.d.n, 0);   /* the priority form: today's error */
    vf_t_free(&l);
    vf_sbuf_free(&note);
    vf_gamesrc_free(s);
}
END_TEST

/* The fork's tables win over ours in a game that has them, and only
 * there. */
START_TEST(fork_names_win_over_ours)
{
    vf_sbuf note = VF_SBUF_INIT;
    vf_gamesrc *s = read_fork(&note);
    vf_game at30 = {30, NULL}, fork = {30, s};
    ck_assert_int_eq(vf_feature_by_name(NULL, "glass_thicket"), 0);
    ck_assert_int_eq(vf_branch_find(NULL, "Grove"), -1);
    ck_assert(!vf_gamever_shop_type(&at30, "trinket"));
    ck_assert(vf_gamever_trap(&at30, "net") != 0);
    /* A feature of its own stands in as ours of its kind. */
    ck_assert_int_eq(vf_feature_by_name(&fork, "glass_thicket"),
                     VF_F_CLEAR_ROCK_WALL);
    ck_assert_int_eq(vf_feature_by_name(&fork, "rock_wall"), VF_F_ROCK_WALL);
    ck_assert_int_eq(vf_feature_by_name(&fork, "stone_stairs_up_i"),
                     VF_F_STONE_STAIRS_UP_I);
    ck_assert_int_eq(vf_feature_by_name(&fork, "altar_zin"), VF_F_ALTAR_ZIN);
    ck_assert_int_eq(vf_feature_by_name(&fork, "altar_moss"), VF_F_FLOOR);
    ck_assert_int_eq(vf_feature_by_name(&fork, "unseen"), 0);
    /* Not the fork's: */
    ck_assert_int_eq(vf_feature_by_name(&fork, "lava"), 0);
    ck_assert_int_eq(vf_gamever_trap(&fork, "gloom"), VF_F_TRAP_MECHANICAL);
    ck_assert_int_eq(vf_gamever_trap(&fork, "alarm"), VF_F_TRAP_ALARM);
    ck_assert_int_eq(vf_gamever_trap(&fork, "net"), 0);
    ck_assert(vf_gamever_shop_type(&fork, "trinket"));
    ck_assert(vf_gamever_shop_type(&fork, "random"));
    ck_assert(!vf_gamever_shop_type(&fork, "book"));
    ck_assert(vf_gamever_fprop(&fork, "no_glow"));
    ck_assert_uint_eq(vf_fprop_by_name(&fork, "no_glow"), VF_FPROP_OTHER);
    ck_assert_str_eq(vf_fprop_name(VF_FPROP_OTHER), "the checkout's own");
    ck_assert(!vf_gamever_fprop(&fork, "no_tide"));
    ck_assert_int_eq(vf_branch_count(&fork), 3);
    ck_assert_int_eq(vf_branch_find(&fork, "Grove"), 1);
    vf_place p;
    char why[128];
    ck_assert_int_eq(vf_place_parse(&fork, "Grove:2", &p, why, sizeof why), 0);
    ck_assert_int_eq(vf_place_absdepth(&fork, &p), 8);
    ck_assert_int_ne(vf_place_parse(&fork, "Grove:3", &p, why, sizeof why), 0);
    /* The game without the fork's tables is ours again. */
    ck_assert_int_eq(vf_feature_by_name(&at30, "glass_thicket"), 0);
    ck_assert_int_eq(vf_branch_find(&at30, "Grove"), -1);
    vf_sbuf_free(&note);
    vf_gamesrc_free(s);
}
END_TEST

/* No .cc beside dat/: no tables (ours stay); a source without some
 * tables: those fall back, and the note says so. */
START_TEST(missing_source_and_tables_fall_back)
{
    char tmpl[] = "/tmp/vf_gamesrc_XXXXXX";
    char *dir = mkdtemp(tmpl), path[512];
    ck_assert_ptr_nonnull(dir);
    vf_sbuf note = VF_SBUF_INIT;
    ck_assert_ptr_null(vf_gamesrc_read(dir, &note));
    ck_assert_ptr_null(vf_gamesrc_read("/nonexistent/vf", &note));
    ck_assert_int_eq(note.len, 0);
    snprintf(path, sizeof path, "%s/shopping.cc", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    /* Broken on purpose: an open table, an unterminated string. */
    fputs("static const char *shop_types[] = { \"weapon\", \"bad", f);
    fclose(f);
    vf_gamesrc *s = vf_gamesrc_read(dir, &note);
    ck_assert_ptr_nonnull(s);
    ck_assert_str_eq(note.s, "no table found in the checkout's source; "
                     "no feat_defs[]: ours; no trap_names[]: ours; "
                     "no shop_types[]: ours; no str_to_fprop(): ours; "
                     "no branches[]: ours");
    vf_game g = {VF_GV_TRUNK, s};
    ck_assert_int_eq(vf_feature_by_name(&g, "rock_wall"), VF_F_ROCK_WALL);
    ck_assert(vf_gamever_shop_type(&g, "book"));
    unlink(path);
    rmdir(dir);
    vf_sbuf_free(&note);
    vf_gamesrc_free(s);
}
END_TEST

/* The directory of the game's extracted sources for tree, or NULL. */
static const char *real_source(const char *tree, char *buf, size_t n)
{
    const char *root = getenv("VF_CRAWL_SOURCES");
    snprintf(buf, n, "%s/%s/crawl-ref/source",
             root ? root : VF_SOURCE_DIR "/..", tree);
    struct stat st;
    char probe[600];
    snprintf(probe, sizeof probe, "%s/feature-data.h", buf);
    return stat(probe, &st) == 0 ? buf : NULL;
}

/* Every feature name ours accepts at ver the source's table accepts, and
 * the other way round; the same for the shop types and KPROP names we
 * know, and every branch of ours is the source's with its depths. */
static void agrees_with_ours(const char *tree, int ver)
{
    char buf[512];
    const char *dir = real_source(tree, buf, sizeof buf);
    if (!dir) {
        fprintf(stderr, "gamesrc: %s sources absent, skipped\n", tree);
        return;
    }
    vf_sbuf note = VF_SBUF_INIT;
    vf_gamesrc *s = vf_gamesrc_read(dir, &note);
    ck_assert_ptr_nonnull(s);
    ck_assert_msg(vf_gamesrc_has(s, VF_GS_FEATURES) &&
                  vf_gamesrc_has(s, VF_GS_SHOPS) &&
                  vf_gamesrc_has(s, VF_GS_FPROPS) &&
                  vf_gamesrc_has(s, VF_GS_BRANCHES), "%s: %s", tree, note.s);
    ck_assert_int_eq(vf_gamesrc_has(s, VF_GS_TRAPS), ver < VF_GV_TRUNK);
    vf_game ours_g = {ver, NULL}, src_g = {ver, s};
    int ours[VF_F_COUNT];
    for (int id = 1; id < VF_F_COUNT; id++)
        ours[id] = vf_feature_by_name(&ours_g, vf_feature_name(id));
    static const char *const shops[] = {"weapon", "gadget", "food",
        "removed food", "distillery", "general", "scroll", NULL};
    static const char *const fprops[] = {"bloody", "no_submerge",
        "no_automap", "no_tide", "no_jiyva", NULL};
    static const char *const traps[] = {"dart", "spear", "alarm", "zot",
        "tyrant's", "web", "dispersal", "teleport", NULL};
    int shop[8], fprop[8], trap[8];
    for (int i = 0; shops[i]; i++)
        shop[i] = vf_gamever_shop_type(&ours_g, shops[i]);
    for (int i = 0; fprops[i]; i++)
        fprop[i] = vf_gamever_fprop(&ours_g, fprops[i]);
    for (int i = 0; traps[i]; i++) trap[i] = vf_gamever_trap(&ours_g, traps[i]);
    size_t nours = vf_branch_count(&ours_g);
    vf_branch our_br[64];
    for (size_t i = 0; i < nours && i < 64; i++)
        our_br[i] = *vf_branch_get(&ours_g, (int)i);
    for (int id = 1; id < VF_F_COUNT; id++) {
        int theirs = vf_feature_by_name(&src_g, vf_feature_name(id));
        ck_assert_msg(theirs == ours[id],
                      "%s: feature %s: ours %d, the source's %d", tree,
                      vf_feature_name(id), ours[id], theirs);
    }
    for (int i = 0; shops[i]; i++)
        ck_assert_msg(vf_gamever_shop_type(&src_g, shops[i]) == shop[i],
                      "%s: shop %s", tree, shops[i]);
    for (int i = 0; fprops[i]; i++)
        ck_assert_msg(vf_gamever_fprop(&src_g, fprops[i]) == fprop[i],
                      "%s: fprop %s", tree, fprops[i]);
    for (int i = 0; traps[i]; i++)
        ck_assert_msg(vf_gamever_trap(&src_g, traps[i]) == trap[i],
                      "%s: trap %s", tree, traps[i]);
    /* Ours is trunk's table: an older tree lacks its newest branches. */
    for (size_t i = 0; i < nours && i < 64; i++) {
        int j = vf_branch_find(&src_g, our_br[i].abbrev);
        ck_assert_msg(j >= 0 || ver < VF_GV_TRUNK, "%s: branch %s", tree,
                      our_br[i].abbrev);
        if (j < 0) continue;
        const vf_branch *b = vf_branch_get(&src_g, j);
        ck_assert_msg(!strcmp(b->abbrev, our_br[i].abbrev) &&
                      b->depth == our_br[i].depth &&
                      b->absdepth == our_br[i].absdepth &&
                      b->portal == our_br[i].portal &&
                      b->islanded == our_br[i].islanded,
                      "%s: branch %s", tree, our_br[i].abbrev);
    }
    vf_sbuf_free(&note);
    vf_gamesrc_free(s);
}

START_TEST(real_trunk_tables_agree)
{
    agrees_with_ours("crawlsrc", VF_GV_TRUNK);
}
END_TEST

START_TEST(real_0_34_tables_agree)
{
    agrees_with_ours("crawlsrc-0.34.1", 34);
}
END_TEST

START_TEST(real_0_30_tables_agree)
{
    agrees_with_ours("crawlsrc-0.30.0", 30);
}
END_TEST

/* lint on a checkout of the fork (its source, its vault, the game's own
 * library from the extracted trunk sources when present): the fork's
 * names load, and lint says where they came from. */
START_TEST(lint_reads_a_fork)
{
    char buf[512];
    const char *trunk = real_source("crawlsrc", buf, sizeof buf);
    if (!trunk) {
        fprintf(stderr, "gamesrc: no game library for the fork, skipped\n");
        return;
    }
    char tmpl[] = "/tmp/vf_fork_XXXXXX", cmd[2048];
    char *dir = mkdtemp(tmpl);
    ck_assert_ptr_nonnull(dir);
    snprintf(cmd, sizeof cmd, "cp -r '%s' '%s/source' && ln -s '%s/dat/dlua' "
             "'%s/source/dat/dlua'", FORK, dir, trunk, dir);
    ck_assert_int_eq(system(cmd), 0);
    char src[600];
    snprintf(src, sizeof src, "%s/source", dir);
    vf_t_run r = vf_t_vaultfuzz("lint", "--crawl-dir", src, NULL);
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "; features, traps, shops, fprops, "
                                 "branches from the checkout's source\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "1 maps, 2 chunks, 0 errors"));
    vf_t_run_free(&r);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* ---- names declared in a file (--game-names) ---------------------------- */

/* A scratch directory holding name = text; the path of name in *path. */
static char *names_file(char *tmpl, const char *text, char *path, size_t n)
{
    char *dir = mkdtemp(tmpl);
    ck_assert_ptr_nonnull(dir);
    vf_t_put(dir, "names.txt", text);
    snprintf(path, n, "%s/names.txt", dir);
    return dir;
}

static const char names_text[] =
    "# a fork's names\n"
    "\n"
    "feature runelight like fountain_blue   # a fountain that glows\n"
    "feature glass pillar  like rock_wall\n"
    "feature afterglow like runelight\n"
    "trap Gloom\n"
    "shop trinket\n"
    "fprop no_glow\n";

/* Without a source, the names stand alone in an otherwise empty set
 * (no table, so every other name is ours), each behaving as its like;
 * trap, shop and KPROP names are known where those are looked up. */
START_TEST(names_file_declares_beyond_ours)
{
    char tmpl[] = "/tmp/vf_names_XXXXXX", path[256];
    char *dir = names_file(tmpl, names_text, path, sizeof path);
    vf_game at28 = {28, NULL};
    ck_assert_int_eq(vf_feature_by_name(&at28, "runelight"), 0);
    ck_assert(!vf_gamever_trap(&at28, "gloom"));
    ck_assert(!vf_gamever_shop_type(&at28, "trinket"));
    ck_assert(!vf_gamever_fprop(&at28, "no_glow"));
    vf_gamesrc *s = NULL;
    vf_sbuf note = VF_SBUF_INIT, err = VF_SBUF_INIT;
    ck_assert_int_eq(vf_gamesrc_read_names(&s, 28, path, &note, &err), 0);
    ck_assert_ptr_nonnull(s);
    char want[512];
    snprintf(want, sizeof want, "3 features, 1 trap, 1 shop type, 1 fprop "
             "declared in %s", path);
    ck_assert_str_eq(note.s, want);
    for (int t = 0; t < VF_GS_COUNT; t++)
        ck_assert(!vf_gamesrc_has(s, (vf_gs_table)t));
    vf_game names = {28, s};
    int rune = vf_feature_by_name(&names, "runelight");
    ck_assert_int_eq(rune, VF_F_FOUNTAIN_BLUE);
    ck_assert(vf_feature_traversable(rune));   /* passable, as its like */
    ck_assert_int_eq(vf_feature_by_name(&names, "afterglow"),
                     VF_F_FOUNTAIN_BLUE);
    int pillar = vf_feature_by_name(&names, "glass pillar");
    ck_assert_int_eq(pillar, VF_F_ROCK_WALL);
    ck_assert(!vf_feature_traversable(pillar));
    ck_assert_int_eq(vf_feature_by_name(&names, "rock_wall"), VF_F_ROCK_WALL);
    /* 0.31's: not 0.28 */
    ck_assert_int_eq(vf_feature_by_name(&names, "mud"), 0);
    ck_assert_int_eq(vf_gamever_trap(&names, "gloom"), VF_F_TRAP_MECHANICAL);
    ck_assert_int_eq(vf_gamever_trap(&names, "net"), VF_F_TRAP_NET);
    ck_assert(vf_gamever_shop_type(&names, "trinket"));
    ck_assert(vf_gamever_shop_type(&names, "book"));
    ck_assert_uint_eq(vf_fprop_by_name(&names, "no_glow"), VF_FPROP_OTHER);
    ck_assert_uint_eq(vf_fprop_by_name(&names, "bloody"), VF_FPROP_BLOODY);
    vf_sbuf_free(&note);
    vf_sbuf_free(&err);
    vf_gamesrc_free(s);
    ck_assert_int_eq(vf_feature_by_name(&at28, "glass pillar"), 0);
    vf_t_rm_tree(dir);
}
END_TEST

/* On top of a checkout's source, like names a feature of its tables
 * (not ours), and the note follows the source's. */
START_TEST(names_file_adds_to_the_source)
{
    char tmpl[] = "/tmp/vf_names_XXXXXX", path[256];
    char *dir = names_file(tmpl, "feature glint like glass_thicket\n", path,
                           sizeof path);
    vf_sbuf note = VF_SBUF_INIT, err = VF_SBUF_INIT;
    vf_gamesrc *s = read_fork(&note), *was = s;
    vf_game fork = {VF_GV_TRUNK, s};
    ck_assert_int_eq(vf_gamesrc_read_names(&s, VF_GV_TRUNK, path, &note,
                                           &err), 0);
    ck_assert_ptr_eq(s, was);
    ck_assert_ptr_nonnull(strstr(note.s, "from the checkout's source; 1 "
                                 "feature declared in "));
    ck_assert_int_eq(vf_feature_by_name(&fork, "glint"), VF_F_CLEAR_ROCK_WALL);
    /* Not the fork's: */
    ck_assert_int_eq(vf_feature_by_name(&fork, "lava"), 0);
    vf_t_put(dir, "names.txt", "feature ember like lava\n");
    ck_assert_int_eq(vf_gamesrc_read_names(&s, VF_GV_TRUNK, path, &note,
                                           &err), -1);
    ck_assert_ptr_nonnull(strstr(err.s, ":1: feature ember: like 'lava': "
                                 "the game has no such feature"));
    vf_sbuf_free(&note);
    vf_sbuf_free(&err);
    vf_gamesrc_free(s);
    vf_t_rm_tree(dir);
}
END_TEST

/* The names file shipped for bcrawl reads, and makes its runelight
 * known to the release bcrawl's dat/ is told as. */
START_TEST(shipped_bcrawl_names_read)
{
    const char *path = VF_SOURCE_DIR "/tests/fork/bcrawl-names.txt";
    vf_gamesrc *s = NULL;
    vf_sbuf note = VF_SBUF_INIT, err = VF_SBUF_INIT;
    ck_assert_msg(!vf_gamesrc_read_names(&s, 25, path, &note, &err), "%s",
                  vf_sbuf_str(&err));
    ck_assert_str_eq(note.s, "1 feature declared in " VF_SOURCE_DIR
                     "/tests/fork/bcrawl-names.txt");
    vf_game at25 = {25, NULL}, names = {25, s};
    ck_assert_int_eq(vf_feature_by_name(&at25, "runelight"), 0);
    ck_assert_int_eq(vf_feature_by_name(&names, "runelight"),
                     VF_F_FOUNTAIN_BLUE);
    vf_sbuf_free(&note);
    vf_sbuf_free(&err);
    vf_gamesrc_free(s);
}
END_TEST

/* Each mistake in a names file is said with the file and line. */
START_TEST(bad_names_files_say_where)
{
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"# ok\nfeature a like floor\nwall b\n",
         ":3: unknown kind 'wall' (feature, trap, shop or fprop)"},
        {"feature runelight\n",
         ":1: feature runelight: no 'like KNOWN' (the game's feature it "
         "behaves as)"},
        {"\n\nfeature runelight like\n",
         ":3: feature runelight: no 'like KNOWN' (the game's feature it "
         "behaves as)"},
        {"feature like floor\n", ":1: feature: no name"},
        {"feature x like fountain_bleu\n",
         ":1: feature x: like 'fountain_bleu': the game has no such "
         "feature"},
        {"shop\n", ":1: shop: no name"},
        {"trap gloom like net\n", ":1: trap: 'like' is for features only"},
    };
    char tmpl[] = "/tmp/vf_names_XXXXXX", path[256], want[512];
    char *dir = names_file(tmpl, "", path, sizeof path);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        vf_t_put(dir, "names.txt", bad[i].text);
        vf_gamesrc *s = NULL;
        vf_sbuf note = VF_SBUF_INIT, err = VF_SBUF_INIT;
        ck_assert_int_eq(vf_gamesrc_read_names(&s, VF_GV_TRUNK, path, &note,
                                               &err), -1);
        snprintf(want, sizeof want, "%s%s", path, bad[i].why);
        ck_assert_str_eq(vf_sbuf_str(&err), want);
        ck_assert_int_eq(note.len, 0);
        vf_gamesrc_free(s);
        vf_sbuf_free(&err);
        vf_sbuf_free(&note);
    }
    vf_gamesrc *s = NULL;
    vf_sbuf note = VF_SBUF_INIT, err = VF_SBUF_INIT;
    snprintf(path, sizeof path, "%s/absent.txt", dir);
    ck_assert_int_eq(vf_gamesrc_read_names(&s, VF_GV_TRUNK, path, &note,
                                           &err), -1);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory",
             path);
    ck_assert_str_eq(vf_sbuf_str(&err), want);
    ck_assert_ptr_null(s);
    vf_sbuf_free(&err);
    vf_sbuf_free(&note);
    vf_t_rm_tree(dir);
}
END_TEST

/* Maps of a fork's names: a feature, a trap, a shop type, a KPROP. */
static const char fork_names_des[] =
    "NAME: t_rune\nDEPTH: D\nKFEAT: x = runelight\nMAP\nx@x\nENDMAP\n\n"
    "NAME: t_gloom\nDEPTH: D\nKFEAT: ^ = gloom trap\nMAP\n^@.\nENDMAP\n\n"
    "NAME: t_trinket\nDEPTH: D\nKFEAT: s = trinket shop\nMAP\ns@.\nENDMAP\n\n"
    "NAME: t_glow\nDEPTH: D\nKPROP: . = no_glow\nMAP\n.@.\nENDMAP\n";

/* lint with --game-names: the maps using the names load, lint says
 * where they came from; without it each is an error; a bad file stops
 * the command before any map loads. */
START_TEST(lint_takes_game_names)
{
    char tmpl[] = "/tmp/vf_names_XXXXXX", path[256], des[256], want[512];
    char *dir = names_file(tmpl, "feature runelight like fountain_blue\n"
                           "trap gloom\nshop trinket\nfprop no_glow\n", path,
                           sizeof path);
    vf_t_put(dir, "fork.des", fork_names_des);
    snprintf(des, sizeof des, "%s/fork.des", dir);
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", des, "--game-version",
                                "0.28", NULL);
    static const char *const unknown[] = {
        "map t_rune: no features matching \"runelight\"",
        "map t_gloom: bad trap name: 'gloom'",
        "map t_trinket: bad shop type: 'trinket'",
        "map t_glow: bad spec: 'no_glow' in 'no_glow'", "4 errors"};
    ck_assert_int_eq(r.rc, 1);
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++)
        ck_assert_msg(strstr(r.out, unknown[i]), "no %s in:\n%s", unknown[i],
                      r.out);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("lint", "--des", des, "--game-version", "0.28",
                       "--game-names", path, NULL);
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    snprintf(want, sizeof want, "game version: 0.28 (--game-version); 1 "
             "feature, 1 trap, 1 shop type, 1 fprop declared in %s\n", path);
    ck_assert_ptr_nonnull(strstr(r.out, want));
    ck_assert_ptr_nonnull(strstr(r.out, "4 maps, 8 chunks, 0 errors"));
    vf_t_run_free(&r);
    vf_t_put(dir, "names.txt", "feature runelight like fountain_blue\n"
             "tarp gloom\n");
    r = vf_t_vaultfuzz("lint", "--des", des, "--game-names", path, NULL);
    ck_assert_int_eq(r.rc, 2);
    snprintf(want, sizeof want, "vaultfuzz lint: --game-names %s:2: unknown "
             "kind 'tarp' (feature, trap, shop or fprop)\n", path);
    ck_assert_str_eq(r.err, want);
    ck_assert_str_eq(r.out, "");   /* no map loaded */
    vf_t_run_free(&r);
    vf_t_rm_tree(dir);
}
END_TEST

/* A declared feature is its like where levels are judged: a room whose
 * one way in is a wall-like name is sometimes cut off, one whose way in
 * is a fountain-like name never; test lints with the names and its repro
 * line carries them. */
START_TEST(test_command_judges_names_as_their_like)
{
    char tmpl[] = "/tmp/vf_names_XXXXXX", path[256], des[256], want[600];
    char *dir = names_file(tmpl, "feature gloomwall like rock_wall\n"
                           "feature glowdoor like fountain_blue\n", path,
                           sizeof path);
    static const char room[] =
        "MAP\n.........\n.xxxxxxx.\n.x.....x.\n.x.....A.\n.xxxxxxx.\n"
        ".........\nENDMAP\n\n";
    vf_sbuf text = VF_SBUF_INIT;
    vf_sbuf_printf(&text, "NAME: t_shut\nDEPTH: D\nTAGS: transparent\n"
                   "KFEAT: A = gloomwall / floor\n%s"
                   "NAME: t_lit\nDEPTH: D\nTAGS: transparent\n"
                   "KFEAT: A = glowdoor\n%s", room, room);
    vf_t_put(dir, "rooms.des", text.s);
    snprintf(des, sizeof des, "%s/rooms.des", dir);
    vf_t_run r = vf_t_vaultfuzz("test", des, "--seconds", "2",
                                "--game-names", path, NULL);
    ck_assert_msg(r.rc == 1, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "lint: 1 files, 2 maps, 4 chunks, "
                                 "0 errors"));
    ck_assert_msg(strstr(r.out, "t_shut: error in "), "%s", r.out);
    ck_assert_msg(strstr(r.out, "t_lit: ok in "), "%s", r.out);
    snprintf(want, sizeof want, " --des %s --game-names %s\n", des, path);
    ck_assert_msg(strstr(r.out, want), "no '%s' in %s", want, r.out);
    vf_t_run_free(&r);
    vf_sbuf_free(&text);
    vf_t_rm_tree(dir);
}
END_TEST

Suite *vf_test_gamesrc_suite(void)
{
    Suite *s = suite_create("gamesrc");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fork_tables_are_read);
    tcase_add_test(tc, fork_habits_are_read);
    tcase_add_test(tc, fork_names_win_over_ours);
    tcase_add_test(tc, missing_source_and_tables_fall_back);
    tcase_add_test(tc, real_trunk_tables_agree);
    tcase_add_test(tc, real_0_34_tables_agree);
    tcase_add_test(tc, real_0_30_tables_agree);
    tcase_add_test(tc, lint_reads_a_fork);
    tcase_add_test(tc, names_file_declares_beyond_ours);
    tcase_add_test(tc, names_file_adds_to_the_source);
    tcase_add_test(tc, shipped_bcrawl_names_read);
    tcase_add_test(tc, bad_names_files_say_where);
    tcase_add_test(tc, lint_takes_game_names);
    tcase_add_test(tc, test_command_judges_names_as_their_like);
    suite_add_tcase(s, tc);
    return s;
}
