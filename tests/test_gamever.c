/* Game versions: parsing and detection, the names each release accepts
 * (features, trap names, shop types, KPROP names, gods), KFEAT and KPROP
 * read as each release reads them, and the bindings that ask about the
 * game in progress; two versions side by side in one process. */
#include "tests.h"
#include "vf_feature.h"
#include "vf_gamever.h"
#include "vf_keyspec.h"
#include "vf_overlay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* KFEAT alternative s parsed at ver: the alternative (kind, feature), or
 * the message in err. Returns the parse status. */
static int kfeat_at(int ver, const char *s, vf_featalt *out, vf_sbuf *err)
{
    vf_rng r;
    vf_rng_seed(&r, 1);
    vf_featspec f = {0};
    vf_game g = {ver, NULL};
    vf_featread how = {.game = &g, .rng = &r};
    int rc = vf_featspec_parse(&f, s, strlen(s), &how, err);
    if (!rc) *out = f.alt[0], out->shop = NULL;
    vf_featspec_free(&f);
    return rc;
}

START_TEST(versions_parse_and_name)
{
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(vf_gamever_parse("0.34.1", &err), 34);
    ck_assert_int_eq(vf_gamever_parse("0.30", &err), 30);
    ck_assert_int_eq(vf_gamever_parse("25", &err), 25);
    ck_assert_int_eq(vf_gamever_parse("trunk", &err), VF_GV_TRUNK);
    ck_assert_int_eq(err.len, 0);
    ck_assert_int_eq(vf_gamever_parse("0.24", &err), 0);
    ck_assert_str_eq(err.s, "unknown game version '0.24' (give 0.25 to "
                     "0.34, or trunk)");
    vf_sbuf_reset(&err);
    ck_assert_int_eq(vf_gamever_parse("0.3x", &err), 0);
    ck_assert_str_eq(vf_gamever_name(30), "0.30");
    ck_assert_str_eq(vf_gamever_name(VF_GV_TRUNK), "trunk");
    ck_assert_int_eq(vf_game_ver(NULL), VF_GV_TRUNK);
    ck_assert_int_eq(VF_GAME_TRUNK.ver, VF_GV_TRUNK);
    vf_sbuf_free(&err);
}
END_TEST

/* A dat/ holding the given files (paths under dat/, contents). */
static char *fake_dat(const char *const *files)
{
    char tmpl[] = "/tmp/vf_gamever_XXXXXX";
    char *dir = mkdtemp(tmpl);
    ck_assert_ptr_nonnull(dir);
    for (int i = 0; files[i]; i += 2) {
        char path[512], err[128];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        *strrchr(path, '/') = 0;
        ck_assert_int_eq(vf_fs_mkdirs(path, err, sizeof err), 0);
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fputs(files[i + 1], f);
        fclose(f);
    }
    return strdup(dir);
}

static int detect(const char *const *files, const char *why)
{
    char *dir = fake_dat(files);
    vf_sbuf w = VF_SBUF_INIT;
    int v = vf_gamever_detect(dir, &w);
    ck_assert_str_eq(vf_sbuf_str(&w), why);
    vf_sbuf_free(&w);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    free(dir);
    return v;
}

START_TEST(versions_told_from_the_checkout)
{
    const char *none[] = {"des/a.des", "", NULL};
    ck_assert_int_eq(detect(none, "none of the later releases' files"), 25);
    const char *v29[] = {"des/serial/demonic.des", "",
                         "des/altar/overflow.des", "NAME: other", NULL};
    ck_assert_int_eq(detect(v29, "told by des/serial/demonic.des"), 29);
    const char *v30[] = {"des/serial/demonic.des", "",
                         "des/altar/overflow.des",
                         "NAME: hellmonk_okawaru_the_only_friend_you_need",
                         NULL};
    ck_assert_int_eq(detect(v30, "told by des/altar/overflow.des, which holds "
                            "hellmonk_okawaru_the_only_friend_you_need"), 30);
    const char *v34[] = {"des/variable/wad_woods.des", "",
                         "des/portals/crucible.des", "", NULL};
    ck_assert_int_eq(detect(v34, "told by des/variable/wad_woods.des"), 34);
    const char *trunk[] = {"des/portals/gulch.des", "",
                           "des/variable/wad_woods.des", "", NULL};
    ck_assert_int_eq(detect(trunk, "told by des/portals/gulch.des"),
                     VF_GV_TRUNK);
}
END_TEST

/* Trap names: every release reads "X trap" (and "web") by str_to_trap;
 * trunk since its rename knows none of them. */
START_TEST(trap_names_by_version)
{
    vf_featalt a;
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(kfeat_at(34, "alarm trap", &a, &err), 0);
    ck_assert_int_eq(a.kind, VF_FK_FEATURE);
    ck_assert_int_eq(a.feature, VF_F_TRAP_ALARM);
    ck_assert_int_eq(kfeat_at(34, "Zot trap w:2", &a, &err), 0);
    ck_assert_int_eq(a.feature, VF_F_TRAP_ZOT);
    ck_assert_int_eq(a.weight, 2);
    ck_assert_int_eq(kfeat_at(34, "web", &a, &err), 0);
    ck_assert_int_eq(a.feature, VF_F_WEB);
    ck_assert_int_eq(kfeat_at(30, "shaft trap mimic", &a, &err), 0);
    ck_assert_int_eq(a.feature, VF_F_SHAFT);
    ck_assert_int_eq(a.mimic, 0);   /* dropped for traps */
    ck_assert_int_eq(kfeat_at(30, "any trap", &a, &err), 0);
    ck_assert_int_eq(a.kind, VF_FK_TRAP);
    ck_assert_int_eq(kfeat_at(34, "tyrant's trap", &a, &err), 0);
    ck_assert_int_eq(a.feature, VF_F_TRAP_TYRANT);
    /* The named traps came in 0.33, in place of dart, arrow, blade and
     * needle. */
    ck_assert_int_eq(kfeat_at(32, "tyrant's trap", &a, &err), -1);
    ck_assert_str_eq(err.s, "bad trap name: 'tyrant's'");
    ck_assert_int_eq(kfeat_at(32, "dart trap", &a, &err), 0);
    ck_assert_int_eq(a.feature, VF_F_TRAP_MECHANICAL);
    /* "known" was stripped in 0.25 only. */
    ck_assert_int_eq(kfeat_at(25, "known alarm trap", &a, &err), 0);
    vf_sbuf_reset(&err);
    ck_assert_int_eq(kfeat_at(26, "known alarm trap", &a, &err), -1);
    ck_assert_str_eq(err.s, "bad trap name: 'known alarm'");
    /* Trunk: strict. */
    vf_sbuf_reset(&err);
    ck_assert_int_eq(kfeat_at(VF_GV_TRUNK, "alarm trap", &a, &err), -1);
    ck_assert_str_eq(err.s, "no features matching \"alarm trap\"");
    ck_assert_int_eq(kfeat_at(VF_GV_TRUNK, "web", &a, &err), 0);
    ck_assert_int_eq(a.feature, VF_F_WEB);
    vf_sbuf_free(&err);
}
END_TEST

static int feature_at(int ver, const char *name)
{
    return vf_feature_by_name(&(vf_game){ver, NULL}, name);
}

START_TEST(feature_names_by_version)
{
    ck_assert_int_eq(feature_at(34, "trap_web"), VF_F_WEB);
    ck_assert_int_eq(feature_at(VF_GV_TRUNK, "trap_web"), 0);
    ck_assert_int_eq(feature_at(34, "web"), 0);
    /* trap_net had no name of its own before the rename: the releases'
     * "trap_mechanical" rows include it. */
    ck_assert_int_eq(feature_at(34, "trap_net"), 0);
    ck_assert_int_eq(feature_at(34, "trap_mechanical"), VF_F_TRAP_MECHANICAL);
    ck_assert_int_eq(feature_at(30, "mud"), 0);
    ck_assert_int_eq(feature_at(31, "mud"), VF_F_MUD);
    ck_assert_int_eq(feature_at(27, "altar_ignis"), 0);
    ck_assert_int_eq(feature_at(28, "altar_ignis"), VF_F_ALTAR_IGNIS);
    ck_assert_int_eq(feature_at(33, "cache of fruit"), VF_F_CACHE_OF_FRUIT);
    ck_assert_int_eq(feature_at(34, "cache of fruit"), 0);
    ck_assert_int_eq(feature_at(34, "cache_of_fruit"), VF_F_CACHE_OF_FRUIT);
    ck_assert_int_eq(feature_at(34, "enter_gulch"), 0);
    ck_assert_int_eq(feature_at(VF_GV_TRUNK, "enter_gulch"),
                     VF_F_ENTER_GULCH);
    ck_assert_int_eq(feature_at(25, "altar_pakellas"), VF_F_FLOOR);
}
END_TEST

START_TEST(shop_types_and_kprops_by_version)
{
    vf_featalt a;
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(kfeat_at(26, "food shop", &a, &err), 0);
    ck_assert_int_eq(a.kind, VF_FK_SHOP);
    ck_assert_int_eq(kfeat_at(25, "gadget shop", &a, &err), 0);
    ck_assert_int_eq(kfeat_at(27, "food shop", &a, &err), -1);
    ck_assert_str_eq(err.s, "bad shop type: 'food'");
    ck_assert_int_eq(kfeat_at(27, "removed food shop", &a, &err), 0);
    ck_assert_int_eq(kfeat_at(VF_GV_TRUNK, "removed gadget shop", &a, &err),
                     0);
    /* A bare "shop" is a bad type (its empty type must not be read past
     * its end). */
    vf_sbuf_reset(&err);
    ck_assert_int_eq(kfeat_at(VF_GV_TRUNK, "shop", &a, &err), -1);
    ck_assert_str_eq(err.s, "bad shop type: ''");
    vf_sbuf_free(&err);
    vf_game at25 = {25, NULL}, at33 = {33, NULL};
    ck_assert_uint_eq(vf_fprop_by_name(&at25, "no_submerge"),
                      VF_FPROP_NO_SUBMERGE);
    ck_assert_uint_eq(vf_fprop_by_name(&at25, "no_automap"), 0);
    ck_assert_uint_eq(vf_fprop_by_name(&at33, "no_submerge"), 0);
    ck_assert_uint_eq(vf_fprop_by_name(&at33, "no_automap"),
                      VF_FPROP_NO_AUTOMAP);
    ck_assert_uint_eq(vf_fprop_by_name(NULL, "no_submerge"), 0);
    ck_assert_int_eq(vf_gamever_god("pakellas", 30), 1);
    ck_assert_int_eq(vf_gamever_god("zin", 30), 0);
    ck_assert_int_eq(vf_gamever_god("ignis", 27), -1);
    ck_assert_int_eq(vf_gamever_god("ignis", 28), 0);
}
END_TEST

/* A whole map read as 0.30 reads it: its old trap names place traps. */
START_TEST(a_release_vault_resolves_at_its_version)
{
    const char *des = "NAME: old\nKFEAT: A = alarm trap / shaft trap\n"
                      "KPROP: A = no_tele_into\nMAP\nA@\nENDMAP\n";
    vf_game at30 = {30, NULL};
    vf_t_eng x;
    vf_t_eng_open_game(&x, des, 5000000UL, &at30);
    vf_t_resolve_ok(&x, "old", 1, 0);
    vf_cell c;
    ck_assert_int_eq(vf_rmap_cell(&x.m, 0, 0, &c), 0);
    ck_assert_ptr_nonnull(c.feat);
    ck_assert(vf_feature_props(c.feat->feature) & VF_FP_TRAP);
    vf_t_eng_close(&x);
    vf_t_eng_open(&x, des, 5000000UL);
    ck_assert_str_eq(vf_t_raised(&x, "old", 1),
                     "t.des:2: no features matching \"alarm trap\"");
    vf_t_eng_close(&x);
}
END_TEST

/* Two games in one process: engines at 0.30 and at trunk over the same
 * vault, resolved in turn, each reads KFEAT with its own version's names
 * (the 0.30 one places the alarm trap, trunk refuses the name), and so
 * do the bare lookups with either game interleaved. */
START_TEST(two_versions_side_by_side)
{
    const char *des = "NAME: old\nKFEAT: A = alarm trap\nMAP\nA@\nENDMAP\n";
    vf_game at30 = {30, NULL}, trunk = VF_GAME_TRUNK;
    vf_t_eng old, now;
    vf_t_eng_open_game(&old, des, 5000000UL, &at30);
    vf_t_eng_open_game(&now, des, 5000000UL, &trunk);
    for (int round = 0; round < 3; round++) {
        vf_t_resolve_ok(&old, "old", 1, 0);
        vf_cell c;
        ck_assert_int_eq(vf_rmap_cell(&old.m, 0, 0, &c), 0);
        ck_assert_ptr_nonnull(c.feat);
        ck_assert_int_eq(c.feat->feature, VF_F_TRAP_ALARM);
        ck_assert_str_eq(vf_t_raised(&now, "old", 1),
                         "t.des:2: no features matching \"alarm trap\"");
        ck_assert_int_eq(vf_gamever_trap(&at30, "alarm"), VF_F_TRAP_ALARM);
        ck_assert_int_eq(vf_gamever_trap(&trunk, "alarm"), 0);
        ck_assert_int_eq(vf_feature_by_name(&at30, "enter_gulch"), 0);
        ck_assert_int_eq(vf_feature_by_name(&trunk, "enter_gulch"),
                         VF_F_ENTER_GULCH);
    }
    ck_assert_int_eq(vf_engine_game(old.e)->ver, 30);
    ck_assert_int_eq(vf_engine_game(now.e)->ver, VF_GV_TRUNK);
    vf_t_eng_close(&old);
    vf_t_eng_close(&now);
}
END_TEST

/* The bindings about the game in progress, as a new game answers them. */
START_TEST(game_in_progress_bindings)
{
    vf_t_eng x;
    vf_t_eng_open(&x,
        "NAME: deep\nPLACE: Lair:3\n"
        ": if travel.find_deepest_explored('Lair') ~= 3 then "
        "error('lair') end\n"
        ": if travel.find_deepest_explored('D') ~= 0 then error('d') end\n"
        "MAP\n.@\nENDMAP\n"
        "NAME: badbranch\n: travel.find_deepest_explored('Nowhere')\n"
        "MAP\n.@\nENDMAP\n"
        "NAME: stash\n: local f, s = dgn.stash_items(100, true)\n"
        ": if #f ~= 0 or #s ~= 0 then error('stash') end\n"
        "MAP\n.@\nENDMAP\n"
        "NAME: gods\n"
        ": if not crawl.unavailable_god('Pakellas') then error('pak') end\n"
        ": if crawl.unavailable_god(' the Shining One ') then "
        "error('tso') end\n"
        "MAP\n.@\nENDMAP\n"
        "NAME: nogod\n: crawl.unavailable_god('Bob')\nMAP\n.@\nENDMAP\n",
        5000000UL);
    vf_place lair = {vf_branch_find(NULL, "Lair"), 3};
    vf_engine_set_place(x.e, &lair);
    vf_t_resolve_ok(&x, "deep", 1, 0);
    ck_assert_str_eq(vf_t_raised(&x, "badbranch", 1),
                     "t.des:9: Bad branch name: 'Nowhere'");
    vf_t_resolve_ok(&x, "stash", 1, 0);
    vf_t_resolve_ok(&x, "gods", 1, 0);
    ck_assert_str_eq(vf_t_raised(&x, "nogod", 1),
                     "t.des:26: bad argument #1 to 'unavailable_god' "
                     "('Bob' matches no god.)");
    vf_t_eng_close(&x);
}
END_TEST

/* A subvault that fails to load for a name of another version: the
 * parent's error says so, not only that no vault has the tag. */
START_TEST(subvault_load_failure_is_named)
{
    vf_t_eng x;
    vf_t_eng_open(&x,
        "NAME: parent\nSUBVAULT: A : subt\nMAP\nAAA\nA@A\nENDMAP\n"
        "NAME: sub\nTAGS: subt\nKFEAT: B = alarm trap\nMAP\nB\nENDMAP\n",
        5000000UL);
    const char *msg = vf_t_raised(&x, "parent", 1);
    ck_assert_msg(strstr(msg, "No vault found for tag 'subt': map sub, "
                         "tagged so, fails to load: t.des:9: no features "
                         "matching \"alarm trap\"") != NULL, "%s", msg);
    vf_t_eng_close(&x);
}
END_TEST

/* lint reads a vault as --game-version says, and says which version. */
START_TEST(lint_takes_and_prints_the_version)
{
    const char *files[] = {"old.des", "NAME: old\nTAGS: allow_dup\n"
                           "DEPTH: D\nKFEAT: A = alarm trap\nMAP\nA@\n"
                           "ENDMAP\n", NULL};
    char *dir = fake_dat(files), path[512];
    snprintf(path, sizeof path, "%s/old.des", dir);
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", path, "--game-version",
                                "0.30", NULL);
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "game version: 0.30 "
                                 "(--game-version)\n"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("lint", "--des", path, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "no features matching"));
    ck_assert_ptr_null(strstr(r.out, "game version"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("lint", "--des", path, "--game-version", "0.2",
                       NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz lint: --game-version: unknown game "
                     "version '0.2' (give 0.25 to 0.34, or trunk)\n");
    vf_t_run_free(&r);
    unlink(path);
    rmdir(dir);
    free(dir);
}
END_TEST

/* ---- the game's Lua at each version, through the real binaries ---------- */

#define CRAWL_TREES VF_SOURCE_DIR "/../shared/crawl"

/* One vault in dir/name.des whose Lua (lines 4 on) is lua; its path into
 * path. */
static void vault(const char *dir, const char *name, const char *lua,
                  char *path, size_t n)
{
    snprintf(path, n, "%s/%s.des", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "NAME: vf_%s\nTAGS: allow_dup\nDEPTH: D\n%sMAP\nx@x\nENDMAP\n",
            name, lua);
    fclose(f);
}

/* ./vaultfuzz (Lua 5.1) with args, its output in *out (freed by the
 * caller); the exit status. The command hands itself over to
 * ./vaultfuzz-lua5.4 when its game runs Lua 5.4. */
static int vaultfuzz_exe(const char *args, char **out)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "./vaultfuzz %s 2>&1", args);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    vf_sbuf b = VF_SBUF_INIT;
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, p)) > 0) vf_sbuf_add(&b, buf, k);
    int st = pclose(p);
    *out = vf_sbuf_take(&b);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A map using unpack and one using // and goto, linted at the checkout
 * of version v (under ../shared/crawl; skipped when absent). Returns 0
 * when there is none; else 1, with lint's statuses and outputs. */
typedef struct both_ways {
    int old_rc, new_rc;
    char *old_out, *new_out;
    char old_path[256], new_path[256];
} both_ways;

static int lint_both_ways(const char *v, const char *extra, both_ways *b)
{
    char tree[256], dir[64], args[1024];
    snprintf(tree, sizeof tree, CRAWL_TREES "/%s/crawl-ref/source", v);
    struct stat st;
    if (stat(tree, &st)) return 0;
    snprintf(dir, sizeof dir, "/tmp/vf_lua_%d", (int)getpid());
    mkdir(dir, 0700);
    vault(dir, "old", ": local t = {1, 2}\n: local a, b = unpack(t)\n"
          ": assert(a == 1 and b == 2)\n", b->old_path, sizeof b->old_path);
    vault(dir, "new", ": local n = 7 // 2\n: for i = 1, 5 do\n"
          ":   if i == n then goto done end\n: end\n: error('no goto')\n"
          ": ::done::\n: assert(math.type(n) == 'integer' and n == 3)\n",
          b->new_path, sizeof b->new_path);
    snprintf(args, sizeof args, "lint --crawl-dir %s --des %s %s", tree,
             b->old_path, extra);
    b->old_rc = vaultfuzz_exe(args, &b->old_out);
    snprintf(args, sizeof args, "lint --crawl-dir %s --des %s %s", tree,
             b->new_path, extra);
    b->new_rc = vaultfuzz_exe(args, &b->new_out);
    return 1;
}

static void both_ways_free(both_ways *b)
{
    free(b->old_out);
    free(b->new_out);
    unlink(b->old_path);
    unlink(b->new_path);
    char *slash = strrchr(b->old_path, '/');
    if (slash) *slash = '\0';
    rmdir(b->old_path);
}

/* Trunk's game runs Lua 5.4: unpack is gone (a Lua error at its line, as
 * in the game), and // and goto work. */
START_TEST(trunk_runs_lua_5_4)
{
    both_ways b;
    if (!lint_both_ways("trunk", "", &b)) return;
    ck_assert_msg(b.old_rc == 1, "%s", b.old_out);
    char want[512];
    snprintf(want, sizeof want, "%s:5: map vf_old: attempt to call a nil "
             "value (global 'unpack')\n", b.old_path);
    ck_assert_msg(strstr(b.old_out, want) != NULL, "%s", b.old_out);
    ck_assert_msg(b.new_rc == 0 && strstr(b.new_out, " 0 errors, "),
                  "%s", b.new_out);
    ck_assert_msg(strstr(b.new_out, "\ninterpreter: Lua 5.4"), "%s",
                  b.new_out);
    both_ways_free(&b);
}
END_TEST

/* 0.30's game runs Lua 5.1: the other way round. */
START_TEST(release_0_30_runs_lua_5_1)
{
    both_ways b;
    if (!lint_both_ways("0.30.0", "", &b)) return;
    ck_assert_msg(b.old_rc == 0 && strstr(b.old_out, " 0 errors, "), "%s",
                  b.old_out);
    ck_assert_msg(strstr(b.old_out, "\ninterpreter: Lua 5.1"), "%s",
                  b.old_out);
    ck_assert_msg(b.new_rc == 1, "%s", b.new_out);
    char want[512];
    snprintf(want, sizeof want, "%s:4: map vf_new: Lua error in the main "
             "chunk: ", b.new_path);
    ck_assert_msg(strstr(b.new_out, want) != NULL, "%s", b.new_out);
    both_ways_free(&b);
}
END_TEST

/* --lua forces the interpreter: trunk's maps under 5.1. */
START_TEST(lua_option_forces_the_interpreter)
{
    both_ways b;
    if (!lint_both_ways("trunk", "--lua 5.1", &b)) return;
    ck_assert_msg(b.old_rc == 0, "%s", b.old_out);
    ck_assert_msg(strstr(b.old_out, "\ninterpreter: Lua 5.1"), "%s",
                  b.old_out);
    ck_assert_msg(b.new_rc == 1, "%s", b.new_out);
    both_ways_free(&b);
}
END_TEST

/* A checkout whose Makefile builds its game with Lua 5.1 (a fork that
 * kept it) runs its vault Lua under 5.1 whatever its version: trunk's
 * maps with a 5.1 Makefile beside them take unpack. */
START_TEST(checkout_makefile_chooses_the_interpreter)
{
    char trunk[256], dir[64], cmd[1024];
    snprintf(trunk, sizeof trunk, CRAWL_TREES "/trunk/crawl-ref/source");
    struct stat st;
    if (stat(trunk, &st)) return;
    snprintf(dir, sizeof dir, "/tmp/vf_mk_%d", (int)getpid());
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s/source && "
             "ln -s %s/dat %s/source/dat && printf 'ifneq ($(shell "
             "$(PKGCONFIG) lua5.1 --exists || echo no),)\\n' > "
             "%s/source/Makefile", dir, dir, trunk, dir, dir);
    ck_assert_int_eq(system(cmd), 0);
    char path[256], args[1024], *out;
    vault(dir, "old", ": local t = {1, 2}\n: local a, b = unpack(t)\n",
          path, sizeof path);
    snprintf(args, sizeof args, "lint --crawl-dir %s/source --des %s", dir,
             path);
    int rc = vaultfuzz_exe(args, &out);
    ck_assert_msg(rc == 0, "%s", out);
    ck_assert_msg(strstr(out, "\ninterpreter: Lua 5.1.") &&
                  strstr(out, "(the checkout's Makefile builds its game "
                         "with Lua 5.1)\n"), "%s", out);
    free(out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

Suite *vf_test_gamever_suite(void)
{
    Suite *s = suite_create("gamever");
    TCase *t = tcase_create("gamever");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, versions_parse_and_name);
    tcase_add_test(t, versions_told_from_the_checkout);
    tcase_add_test(t, trap_names_by_version);
    tcase_add_test(t, feature_names_by_version);
    tcase_add_test(t, shop_types_and_kprops_by_version);
    tcase_add_test(t, a_release_vault_resolves_at_its_version);
    tcase_add_test(t, two_versions_side_by_side);
    tcase_add_test(t, game_in_progress_bindings);
    tcase_add_test(t, lint_takes_and_prints_the_version);
    tcase_add_test(t, subvault_load_failure_is_named);
    tcase_add_test(t, trunk_runs_lua_5_4);
    tcase_add_test(t, release_0_30_runs_lua_5_1);
    tcase_add_test(t, lua_option_forces_the_interpreter);
    tcase_add_test(t, checkout_makefile_chooses_the_interpreter);
    suite_add_tcase(s, t);
    return s;
}
