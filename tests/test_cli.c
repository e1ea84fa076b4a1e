/* The commands, run through vf_cli_main with output captured. */
#define _GNU_SOURCE
#include "tests.h"
#include "cli.h"
#include "vf_case.h"
#include "vf_verdict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef vf_t_run run;

/* vaultfuzz with up to five arguments; the first NULL ends the list. */
static run vf5(const char *a1, const char *a2, const char *a3, const char *a4,
               const char *a5)
{
    return vf_t_vaultfuzz(a1, a2, a3, a4, a5, NULL);
}

static run vf(const char *a1, const char *a2, const char *a3, const char *a4)
{
    return vf5(a1, a2, a3, a4, NULL);
}

static void done(run *r)
{
    vf_t_run_free(r);
}

/* lint's line saying which Lua ran the maps, without a checkout (read
 * as trunk, whose game runs Lua 5.4): in-process, this binary's Lua. */
static const char *interpreter_line(void)
{
    static char line[160];
    snprintf(line, sizeof line, "interpreter: %s (the game at trunk runs Lua "
             "5.4%s)\n", vf_lua_release(),
             VF_LUA_54 ? "" : "; this process has only its own");
    return line;
}

START_TEST(lint_default_corpus_is_clean)
{
    run r = vf("lint", NULL, NULL, NULL);
    ck_assert_int_eq(r.rc, 0);
    char want[512];
    snprintf(want, sizeof want, "lua: 52 maps run as at load, with our dlua/ "
             "at D:1; 0 placement resolves: 0 lua errors, 0 validate "
             "failures, 0 vetoes\n%s"
             "lint: 9 files, 52 maps, 104 chunks, 0 errors, 0 warnings\n",
             interpreter_line());
    ck_assert_str_eq(r.out, want);
    done(&r);
}
END_TEST

/* Writes text to a fresh temporary .des file; returns its path (static). */
static const char *temp_des(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/vf_test_%d.des", (int)getpid());
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static const char runtime_des[] =
    "NAME: vf_load_error\n"
    "TAGS: transparent\n"
    ": local t = nil\n"
    ": t.x = 1\n"
    "MAP\n"
    "x@x\n"
    "ENDMAP\n"
    "\n"
    "NAME: vf_placement_error\n"
    "TAGS: transparent vf_test\n"
    "{{\n"
    "  if not is_validating() and crawl.coinflip() then\n"
    "    error(\"unlucky\")\n"
    "  end\n"
    "}}\n"
    "MAP\n"
    "x@x\n"
    "ENDMAP\n";

START_TEST(check_prints_verdict_and_level)
{
    run r = vf("check", "vf_bad_sealed_room", NULL, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "verdict: "));
    ck_assert_ptr_nonnull(strstr(r.out, "interior_pocket"));
    /* The finding's cell is lettered on the level, with a legend line. */
    /* One region, one finding: the closets and the pocket share it. */
    ck_assert_ptr_nonnull(strstr(r.out, "A tele_closet_walk+tele_closet_fly"
                                        "+interior_pocket: 1 cells"));
    done(&r);
    r = vf("check", "vf_bad_veto", NULL, NULL);
    ck_assert_int_eq(r.rc, 1);
    /* A veto is the game's weight control: a note in one case (the run
     * makes it an error when every case is vetoed). */
    ck_assert_ptr_nonnull(strstr(r.out, "verdict: note (vetoed note)\n"));
    done(&r);
    r = vf("check", "vf_bad_fly_closet", "--mode", "cave");
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "unknown mode 'cave'"));
    done(&r);
}
END_TEST

/* Without --place, lint, show and check run each map where the game
 * builds it; lint's load-time runs stay at D:1 (the game's start-up)
 * whatever map came before. */
static const char places_des[] =
    "NAME: vf_in_lair\n"
    "TAGS: transparent\n"
    "DEPTH: Lair\n"
    ": if not is_validating() and not you.in_branch('Lair') then\n"
    ":   error('not in the Lair')\n"
    ": end\n"
    "MAP\n"
    "x@x\n"
    "ENDMAP\n"
    "\n"
    "NAME: vf_loads_at_d1\n"
    "TAGS: transparent\n"
    "DEPTH: D\n"
    ": if is_validating() and you.depth() ~= 1 then\n"
    ":   error('loaded at depth ' .. you.depth())\n"
    ": end\n"
    "MAP\n"
    "x@x\n"
    "ENDMAP\n";

START_TEST(maps_run_at_their_own_place)
{
    const char *p = temp_des(places_des);
    run r = vf5("lint", "--des", p, "--seeds", "2");
    ck_assert_msg(r.rc == 0, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "4 placement resolves (each map at "
                                 "a level its PLACE or DEPTH admits): 0 lua "
                                 "errors"));
    done(&r);
    r = vf_t_vaultfuzz("lint", "--des", p, "--seeds", "2", "--place", "D:3",
                       NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "map vf_in_lair: warning: fails at "
                                 "placement, not at load (2 of 2 seeds, "
                                 "first seed 1): "));
    done(&r);
    r = vf5("show", "vf_in_lair", "--des", p, NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\nplace: Lair:1\n"));
    done(&r);
    r = vf5("check", "vf_in_lair", "--des", p, NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "\nplace: Lair:1\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "verdict: ok\n"));
    done(&r);
    unlink(p);
}
END_TEST

START_TEST(lint_runs_map_lua)
{
    const char *p = temp_des(runtime_des);
    run r = vf("lint", "--des", p, NULL);
    ck_assert_int_eq(r.rc, 1);
    char want[512];
    snprintf(want, sizeof want,
             "%s:4: map vf_load_error: %s\n"
             "lua: 2 maps run as at load, with our dlua/ at D:1; 0 placement "
             "resolves: 1 lua errors, 0 validate failures, 0 vetoes\n%s"
             "lint: 1 files, 2 maps, 4 chunks, 1 errors, 0 warnings\n", p,
             VF_T_LUA("attempt to index local 't' (a nil value)",
                      "attempt to index a nil value (local 't')"),
             interpreter_line());
    ck_assert_str_eq(r.out, want);
    done(&r);

    /* At placement, half the seeds fail: reported once, with the count,
     * as a warning (the game loads the map; lint's exit status is about
     * what the game refuses at load, vf_load_error alone here). */
    r = vf5("lint", "--des", p, "--seeds", "40");
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, ":13: map vf_placement_error: "
                                 "warning: fails at placement, not at load ("));
    ck_assert_ptr_nonnull(strstr(r.out, " 1 errors, 1 warnings\n"));
    /* The map the game refuses at load is not placed. */
    ck_assert_ptr_null(strstr(r.out, "vf_load_error: warning"));
    ck_assert_ptr_nonnull(strstr(r.out, " seeds, first seed "));
    ck_assert_ptr_nonnull(strstr(r.out, "): unlucky\n"));
    ck_assert_ptr_nonnull(strstr(r.out, " 40 placement resolves (each map "
                                 "at a level its PLACE or DEPTH admits): "));
    done(&r);

    r = vf5("lint", "--des", p, "--no-lua", NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, "lint: 1 files, 2 maps, 4 chunks, 0 errors, "
                     "0 warnings\n");
    done(&r);

    r = vf5("lint", "--des", p, "--place", "Nowhere:3");
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz lint: --place: no branch \"Nowhere\" "
                     "in place \"Nowhere:3\"\n");
    done(&r);
    r = vf5("lint", "--des", p, "--place", "Lair:9");
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz lint: --place: Lair has levels 1 to "
                     "5, not 9\n");
    done(&r);
    r = vf5("lint", "--des", p, "--crawl-dir", "/nonexistent");
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "not a crawl checkout"));
    done(&r);
    remove(p);
}
END_TEST

/* A fake crawl checkout under root: dat/dlua holds the boot files, its
 * dungeon.lua ours plus game_only(), which the one map of dat/des calls. */
static void fake_checkout(const char *root)
{
    static const char *const boot[] = {"util", "iter", "init", "luamark",
                                       "mapinit", NULL};
    char path[256], *ours;
    size_t len;
    char why[128];
    snprintf(path, sizeof path, "mkdir -p %s/dat/dlua %s/dat/des", root,
             root);
    ck_assert_int_eq(system(path), 0);
    for (int i = 0; boot[i]; i++) {
        snprintf(path, sizeof path, "%s/dat/dlua/%s.lua", root, boot[i]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
    }
    ck_assert_int_eq(vf_fs_read(VF_SOURCE_DIR "/dlua/dungeon.lua", 1 << 22,
                                &ours, &len, why, sizeof why), 0);
    snprintf(path, sizeof path, "%s/dat/dlua/dungeon.lua", root);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s\nfunction game_only() return 1 end\n", ours);
    fclose(f);
    free(ours);
    snprintf(path, sizeof path, "%s/dat/des/a.des", root);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("NAME: vf_calls_game\nDEPTH: D\n: game_only()\nMAP\nx@x\n"
          "ENDMAP\n", f);
    fclose(f);
}

/* --des CHECKOUT/dat/des runs the maps with that checkout's dat/dlua, as
 * --crawl-dir does; the same files elsewhere get our dlua/; a library
 * that does not load is said to have run no map. */
START_TEST(des_of_a_checkout_uses_its_library)
{
    char root[64], des[96], copy[96], cmd[256];
    snprintf(root, sizeof root, "/tmp/vf_checkout_%d", (int)getpid());
    fake_checkout(root);
    snprintf(des, sizeof des, "%s/dat/des", root);
    run r = vf("lint", "--des", des, NULL);
    ck_assert_msg(r.rc == 0, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "with the game's library"));
    done(&r);
    snprintf(copy, sizeof copy, "%s/elsewhere", root);
    snprintf(cmd, sizeof cmd, "cp -r %s %s", des, copy);
    ck_assert_int_eq(system(cmd), 0);
    r = vf("lint", "--des", copy, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "with our dlua/"));
    done(&r);
    /* A library that fails to load: said loudly, no map counted as run. */
    snprintf(cmd, sizeof cmd, "echo 'error(\"broken\")' >> "
             "%s/dat/dlua/dungeon.lua", root);
    ck_assert_int_eq(system(cmd), 0);
    r = vf("lint", "--des", des, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_msg(strstr(r.out, "no map's Lua ran: the game's Lua library "
                         "did not load, so none of the 1 maps was checked"),
                  "%s", r.out);
    done(&r);
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Without the game's library, maps and preludes that need it are one
 * error saying so; a name the library does not define stays its own
 * error; a path is printed once, whole, however long. */
START_TEST(lint_without_the_game_library)
{
    char dir[160], path[224], cmd[256];
    snprintf(dir, sizeof dir, "/tmp/vf_lib_%d/a/rather/long/directory/name"
             "/to/pass/fifty/two/characters", (int)getpid());
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(path, sizeof path, "%s/game.des", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(": crawl_require('dlua/vault.lua')\n: function mine() end\n"
          "NAME: vf_zig\nDEPTH: D\n: ziggurat_level(_G)\nMAP\nx@x\n"
          "ENDMAP\n\n"
          "NAME: vf_own_prelude\nDEPTH: D\n: mine()\nMAP\nx@x\n"
          "ENDMAP\n", f);
    fclose(f);
    /* A file with no prelude of the library's: its maps' own mistakes. */
    snprintf(path, sizeof path, "%s/typo.des", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("NAME: vf_typo\nDEPTH: D\n: no_such_function_anywhere()\nMAP\n"
          "x@x\nENDMAP\n", f);
    fclose(f);
    run r = vf("lint", "--des", dir, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "\n2 maps and 1 file preludes need "
                                 "the game's Lua library (its dat/dlua: "
                                 "dlua/vault.lua, ziggurat_level), which is "
                                 "not loaded: give the crawl checkout with "
                                 "--crawl-dir\n"));
    char want[512];
    snprintf(want, sizeof want, "%s:3: map vf_typo: %s\n", path,
             VF_T_LUA("attempt to call global 'no_such_function_anywhere' "
                      "(a nil value)", "attempt to call a nil value (global "
                      "'no_such_function_anywhere')"));
    ck_assert_msg(!strncmp(r.out, want, strlen(want)), "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, " 2 errors, 0 warnings\n"));
    ck_assert_ptr_null(strstr(r.out, "..."));
    done(&r);
    snprintf(cmd, sizeof cmd, "rm -rf /tmp/vf_lib_%d", (int)getpid());
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* The game's load-time checks (§5.7) run on what the load-time Lua built;
 * a map whose Lua fails is reported for that alone. */
START_TEST(lint_applies_load_checks)
{
    const char *p = temp_des(
        "NAME: vf_fine\nDEPTH: D\nMAP\nx@x\nENDMAP\n\n"
        "NAME: vf_closed\nDEPTH: D\nSUBST: a = x\nMAP\nxax\nENDMAP\n\n"
        "NAME: vf_nowhere\nMAP\nx@x\nENDMAP\n\n"
        "NAME: vf_broken\n: error('first')\nMAP\nxxx\nENDMAP\n");
    run r = vf("lint", "--des", p, NULL);
    ck_assert_int_eq(r.rc, 1);
    char want[1024];
    snprintf(want, sizeof want,
             "%s:7: map vf_closed: Map 'vf_closed' has no (possible) exits; "
             "use TAGS: no_exits if this is intentional\n"
             "%s:14: map vf_nowhere: Map 'vf_nowhere' has no DEPTH, no PLACE "
             "and no selectable tag in 'minivault'\n"
             "%s:20: map vf_broken: first\n"
             "lua: 4 maps run as at load, with our dlua/ at D:1; 0 placement "
             "resolves: 1 lua errors, 0 validate failures, 0 vetoes\n%s"
             "lint: 1 files, 4 maps, 7 chunks, 3 errors, 0 warnings\n",
             p, p, p, interpreter_line());
    ck_assert_str_eq(r.out, want);
    done(&r);
    /* Without the Lua run there is nothing to check. */
    r = vf5("lint", "--des", p, "--no-lua", NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, "lint: 1 files, 4 maps, 7 chunks, 0 errors, "
                     "0 warnings\n");
    done(&r);
    remove(p);
}
END_TEST

START_TEST(lint_reports_errors_and_exit_status)
{
    run r = vf("lint", "--des", "corpus/bad/lua_syntax.des.bad", NULL);
    ck_assert_int_eq(r.rc, 1);
    char want[1024];
    snprintf(want, sizeof want,
        "corpus/bad/lua_syntax.des.bad:10: map vf_bad_lua: Lua error in the "
        "main chunk: 'then' expected near 'subst'\n"
        "corpus/bad/lua_syntax.des.bad:13: map vf_bad_lua: Lua error in the "
        "veto chunk: unexpected symbol near '='\n"
        "lua: 1 maps run as at load, with our dlua/ at D:1; 0 placement "
        "resolves: 0 lua errors, 0 validate failures, 0 vetoes\n%s"
        "lint: 1 files, 2 maps, 5 chunks, 2 errors, 0 warnings\n",
        interpreter_line());
    ck_assert_str_eq(r.out, want);
    done(&r);

    r = vf("lint", "--des=nowhere", NULL, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_str_eq(r.out, "nowhere: No such file or directory\n"
                     "lint: 0 files, 0 maps, 0 chunks, 1 errors, 0 warnings\n");
    done(&r);
}
END_TEST

START_TEST(lint_stats)
{
    run r = vf("lint", "--stats", "--des", "corpus/syntax/crlf.des");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\n  subst         1\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "\n  map           3\n"));
    done(&r);
}
END_TEST

START_TEST(list_text_and_json)
{
    run r = vf("list", "--des", "corpus/syntax/crlf.des", NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, "vf_crlf_room\tcorpus/syntax/crlf.des:3\t-\t"
                     "transparent\t5x3\n");
    done(&r);

    r = vf5("list", "--des", "corpus/syntax/map_blocks.des", "--format",
            "json");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out,
        "[\n"
        "  {\"name\": \"vf_map_ragged\", \"file\": "
        "\"corpus/syntax/map_blocks.des\", \"line\": 8, \"orient\": "
        "\"float\", \"tags\": [], \"width\": 8, \"height\": 5},\n"
        "  {\"name\": \"vf_map_lexer_quirks\", \"file\": "
        "\"corpus/syntax/map_blocks.des\", \"line\": 20, \"orient\": null, "
        "\"tags\": [], \"width\": 9, \"height\": 3},\n"
        "  {\"name\": \"vf_map_indented_headers\", \"file\": "
        "\"corpus/syntax/map_blocks.des\", \"line\": 28, \"orient\": "
        "\"float\", \"tags\": [\"transparent\"], \"width\": 3, "
        "\"height\": 3}\n"
        "]\n");
    done(&r);
}
END_TEST

START_TEST(list_load_errors_go_to_stderr)
{
    run r = vf("list", "--des", "corpus/bad/duplicate_name.des.bad", NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.err, "name already used"));
    ck_assert_ptr_null(strstr(r.out, "already"));
    ck_assert_ptr_nonnull(strstr(r.out, "vf_bad_twice_survivor\t"));
    done(&r);
}
END_TEST

START_TEST(usage_and_help)
{
    run r = vf(NULL, NULL, NULL, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "usage: vaultfuzz COMMAND"));
    done(&r);
    r = vf("frobnicate", NULL, NULL, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "unknown command 'frobnicate'"));
    done(&r);
    r = vf("lint", "--bogus", NULL, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz lint: unknown option '--bogus' "
                     "(see --help)\n");
    done(&r);
    r = vf("list", "--format", "xml", NULL);
    ck_assert_int_eq(r.rc, 2);
    done(&r);
    r = vf("lint", "--des", NULL, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz lint: --des needs a value\n");
    done(&r);
    r = vf("lint", "--help", NULL, NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "usage: vaultfuzz lint"));
    done(&r);
    r = vf("help", "list", NULL, NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "usage: vaultfuzz list"));
    done(&r);
    /* Help of help is the usage (it once recursed until the stack ran
     * out). */
    static const char *const selves[][2] = {
        {"help", "--help"}, {"help", "-h"}, {"--help", "--help"},
        {"-h", "help"}, {"help", "help"}};
    for (size_t i = 0; i < sizeof selves / sizeof *selves; i++) {
        r = vf(selves[i][0], selves[i][1], NULL, NULL);
        ck_assert_int_eq(r.rc, 0);
        ck_assert_ptr_nonnull(strstr(r.out, "usage: vaultfuzz COMMAND"));
        done(&r);
    }
    /* A case not tried is no pass: mode game with no layout map loaded. */
    run nt = vf_t_vaultfuzz("check", "vf_bad_side_room", "--mode", "game",
                            "--des", VF_SOURCE_DIR
                            "/corpus/verdicts/known_bad.des", NULL);
    ck_assert_int_eq(nt.rc, 3);
    ck_assert_ptr_nonnull(strstr(nt.out, "verdict: not tried\n"));
    done(&nt);
    /* A dump that is not there is said so, not taken for a map name. */
    r = vf("explain", "/nonexistent/x.txt.gz", NULL, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz explain: /nonexistent/x.txt.gz: no "
                     "such dump file\n");
    done(&r);
    /* help kinds: every kind of the table, with its rule and rank. */
    r = vf("help", "kinds", NULL, NULL);
    ck_assert_int_eq(r.rc, 0);
    for (int i = 0; i < VF_V_COUNT_KINDS; i++)
        ck_assert_msg(strstr(r.out, vf_verdict_kind_at(i)->name),
                      "help kinds lacks %s", vf_verdict_kind_at(i)->name);
    ck_assert_ptr_nonnull(strstr(r.out, "_count_tele_closets"));
    done(&r);
}
END_TEST

START_TEST(chunks_shows_generated_lua)
{
    run r = vf("chunks", "--des", "corpus/syntax/crlf.des", "vf_crlf_room");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out,
        "@@ map vf_crlf_room corpus/syntax/crlf.des:3\n"
        "@@ chunk mapchunk 10\n"
        " map(\"xxxxx\")\n map(\"xa..@\")\n map(\"xxxxx\")\n"
        "@@ end\n"
        "@@ chunk main 4\n"
        " tags(\"transparent\")\n subst(\"a = x.\")\n\n"
        "     local crlf_block = 1\n"
        "@@ end\n");
    done(&r);
    r = vf("chunks", "--des", "corpus/syntax/crlf.des", "nope");
    ck_assert_int_eq(r.rc, 1);
    ck_assert_str_eq(r.err, "vaultfuzz chunks: no map named 'nope'\n");
    done(&r);
}
END_TEST

static const char subvault_des[] =
    "NAME: vf_show_parent\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: X : vf_show_sub\n"
    "MAP\n"
    "xxxx\n"
    "xXX@\n"
    "xxxx\n"
    "ENDMAP\n"
    "\n"
    "NAME: vf_show_sub\n"
    "TAGS: vf_show_sub no_hmirror no_vmirror no_rotate\n"
    "MAP\n"
    "TW\n"
    "ENDMAP\n";

/* Subvault cells print with the subvault's glyphs, not an internal byte,
 * and the merge is listed. */
START_TEST(show_prints_subvault_cells)
{
    const char *p = temp_des(subvault_des);
    run r = vf5("show", "vf_show_parent", "--des", p, NULL);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\nmerged: vf_show_sub at 1,1 "
                                        "(2x1)\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "\n\nxxxx\nxTW@\nxxxx\n"));
    ck_assert_ptr_null(strchr(r.out, VF_SUBVAULT_GLYPH));
    done(&r);
    unlink(p);
}
END_TEST

START_TEST(show_resolves_one_case)
{
    run r = vf5("show", "vf_crlf_room", "--seed", "3", NULL);
    ck_assert_int_eq(r.rc, 0);
    const char *head = "map: vf_crlf_room (corpus/syntax/crlf.des:3)\n"
                       "case: seed 3, iteration 0 (case seed ";
    ck_assert(!strncmp(r.out, head, strlen(head)));
    ck_assert_ptr_nonnull(strstr(r.out,
                                 "\nresult: resolved after 1 attempt\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "\norient: float\n"
                                 "tags: transparent minivault\n"));
    /* The 5x3 room, maybe mirrored or rotated: 15 cells, one exit. */
    const char *grid = strstr(r.out, "\n\n");
    ck_assert_ptr_nonnull(grid);
    int cells = 0, exits = 0;
    for (const char *c = grid + 2; *c; c++) {
        cells += *c != '\n';
        exits += *c == '@';
    }
    ck_assert_int_eq(cells, 15);
    ck_assert_int_eq(exits, 1);
    /* The same case prints the same map. */
    run again = vf5("show", "vf_crlf_room", "--seed", "3", NULL);
    ck_assert_str_eq(again.out, r.out);
    done(&again);
    done(&r);

    r = vf("show", "no_such_map", NULL, NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz show: no map named 'no_such_map'\n");
    done(&r);
    r = vf("show", "vf_crlf_room", "--seed", "x1");
    ck_assert_int_eq(r.rc, 2);
    done(&r);
}
END_TEST

/* A new directory (into dir, a mkdtemp template) holding door.des (its
 * path into path): a room whose door a SUBST sometimes walls up. */
static void door_vault(char *dir, char *path, size_t n)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, n, "%s/door.des", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("NAME: t_door\nDEPTH: D\nTAGS: transparent\nSUBST: A = x..\n"
          "MAP\n.........\n.xxxxxxx.\n.x.....x.\n.x.....A.\n.xxxxxxx.\n"
          ".........\nENDMAP\n", f);
    fclose(f);
}

/* vaultfuzz test: lint, then every layout within the budget, the
 * failing case cropped to the vault with its cause at its .des cell. */
START_TEST(test_command_shows_the_cause)
{
    char dir[] = "/tmp/vf_test_XXXXXX", path[64];
    door_vault(dir, path, sizeof path);
    FILE *f;
    run r = vf("test", path, "--seconds", "2");
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "lint: 1 files, 1 maps"));
    /* Counted as the cases at that severity of all: a third fail. */
    const char *said = strstr(r.out, "t_door: error in ");
    ck_assert_ptr_nonnull(said);
    unsigned long k, n;
    ck_assert_int_eq(sscanf(said, "t_door: error in %lu of %lu cases", &k, &n),
                     2);
    ck_assert_msg(k > 0 && k < n, "%s", said);
    ck_assert_ptr_nonnull(strstr(said, "95% CI "));
    ck_assert_ptr_nonnull(strstr(r.out, "door.des:9:8: error: SUBST: A = x.. "
                                 "at line 4: choosing 'x' at MAP row 4, "
                                 "column 8 makes it error; '.' makes it ok"));
    ck_assert_ptr_nonnull(strstr(r.out, "    ....xxxxxxx"));   /* cropped */
    done(&r);
    remove(path);
    /* A Lua error: its text at the line it names, not at the MAP. */
    snprintf(path, sizeof path, "%s/lua.des", dir);
    f = fopen(path, "w");
    fputs("NAME: t_lua\nDEPTH: D\nTAGS: transparent\n"
          ": if not is_validating() then\n:   error(\"boom\")\n: end\n"
          "MAP\n...\n.@.\nENDMAP\n", f);
    fclose(f);
    r = vf("test", path, "--seconds", "1");
    char want[160];
    snprintf(want, sizeof want, "%s:5:1: error: t_lua: a Lua error, not a "
             "choice: boom\n", path);
    ck_assert_msg(strstr(r.out, want), "%s", r.out);
    done(&r);
    remove(path);
    /* With no time for a map's cases, it is not tested: never ok. */
    r = vf("test", VF_SOURCE_DIR "/corpus/verdicts/known_bad.des", "--seconds",
           "0.000001");
    ck_assert_int_eq(r.rc, 2);
    ck_assert_msg(strstr(r.out, "vf_bad_veto: not tested: "), "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "ok in 0 cases"));
    done(&r);
    /* A map the game rejects at load is no "ok in N cases". */
    snprintf(path, sizeof path, "%s/load.des", dir);
    f = fopen(path, "w");
    fputs("NAME: t_load\nDEPTH: D\nTAGS: transparent\n"
          ": if is_validating() then error(\"at load\") end\n"
          "MAP\n...\n.@.\nENDMAP\n", f);
    fclose(f);
    r = vf("test", path, "--seconds", "1");
    ck_assert_int_eq(r.rc, 1);
    ck_assert_msg(strstr(r.out, "t_load: error: rejected at load"), "%s",
                  r.out);
    ck_assert_ptr_null(strstr(r.out, "t_load: ok"));
    done(&r);
    remove(path);
    rmdir(dir);
}
END_TEST

/* --seconds bounds the whole of test and explain: test keeps part of
 * each map's time for explaining it and says when none was left; explain
 * replays as many choices as fit and says which it left untried. */
START_TEST(time_budgets_bound_test_and_explain)
{
    char dir[] = "/tmp/vf_budget_XXXXXX", path[64];
    door_vault(dir, path, sizeof path);
    run r = vf_t_vaultfuzz("explain", "t_door", "--des", path, "--iter", "0",
                           "--seconds", "0.000001", NULL);
    ck_assert_msg(strstr(r.out, "(--seconds 1e-06 allowed 0)"), "%s%s",
                  r.out, r.err);
    ck_assert_msg(strstr(r.out, "choices left untried (the budget of "
                         "replays ran out)"), "%s", r.out);
    done(&r);
    r = vf_t_vaultfuzz("explain", "t_door", "--des", path, "--iter", "1",
                       "--seconds", "x", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--seconds needs a number"));
    done(&r);
    remove(path);
    rmdir(dir);
}
END_TEST

/* Whether text holds line as one whole line. */
static int has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)); p++)
        if ((p == text || p[-1] == '\n') && p[n] == '\n') return 1;
    return 0;
}

/* vaultfuzz complete INDEX vaultfuzz WORDS... */
#define COMPLETE(...) vf_t_vaultfuzz("complete", __VA_ARGS__, NULL)

/* The candidates come from the tables the commands parse with: every
 * command of the usage (html too), every mode the code knows, --explain
 * all, run's own options. */
START_TEST(complete_from_the_tables)
{
    run r = COMPLETE("1", "vaultfuzz", "");
    ck_assert_int_eq(r.rc, 0);
    for (const vf_cli_cmd *c = vf_cli_commands; c->name; c++)
        ck_assert_msg(has_line(r.out, c->name) == !!c->about, "%s", c->name);
    ck_assert(has_line(r.out, "html"));
    ck_assert(has_line(r.out, "--version") && has_line(r.out, "--help"));
    done(&r);
    r = COMPLETE("3", "vaultfuzz", "run", "--mode", "");
    for (int m = 0; m < VF_MODE_COUNT; m++)
        ck_assert_msg(has_line(r.out, vf_mode_name((vf_mode)m)), "%s",
                      r.out);
    ck_assert(has_line(r.out, "game") && has_line(r.out, "fill"));
    done(&r);
    r = COMPLETE("2", "vaultfuzz", "run", "--layouts=rooms,c");
    ck_assert_str_eq(r.out, "--layouts=rooms,caves\n--layouts=rooms,city\n"
                     "--layouts=rooms,cross\n");
    done(&r);
    r = COMPLETE("3", "vaultfuzz", "run", "--explain", "");
    ck_assert_str_eq(r.out, "first\nall\nnone\n");
    done(&r);
    r = COMPLETE("5", "vaultfuzz", "--color", "always", "run", "--fail-on",
                 "");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, "note\nwarning\nerror\n");
    done(&r);
    r = COMPLETE("2", "vaultfuzz", "run", "--");
    ck_assert(has_line(r.out, "--changed-since"));
    ck_assert(has_line(r.out, "--verbose") && has_line(r.out, "--color"));
    done(&r);
    r = COMPLETE("3", "vaultfuzz", "list", "--format", "");
    ck_assert_str_eq(r.out, "text\njson\n");
    done(&r);
    r = COMPLETE("3", "vaultfuzz", "check", "--color", "n");
    ck_assert_str_eq(r.out, "never\n");
    done(&r);
    r = COMPLETE("3", "vaultfuzz", "run", "--out", "");
    ck_assert_str_eq(r.out, ":files\n");
    done(&r);
    r = COMPLETE("3", "vaultfuzz", "run", "--count", "");
    ck_assert_str_eq(r.out, ":none\n");
    done(&r);
    r = COMPLETE("2", "vaultfuzz", "help", "k");
    ck_assert_str_eq(r.out, "kinds\n");
    done(&r);
    r = COMPLETE("9", "vaultfuzz", "run");
    ck_assert_int_eq(r.rc, 2);
    done(&r);
}
END_TEST

/* Map names are those of the .des set the line's own --des and
 * --crawl-dir load, as the command loads them; nothing goes to stderr,
 * whatever fails to load. */
START_TEST(complete_map_names)
{
    run r = COMPLETE("4", "vaultfuzz", "show", "--des",
                     "corpus/verdicts/known_bad.des", "vf_bad_s");
    ck_assert_int_eq(r.rc, 0);
    ck_assert(has_line(r.out, "vf_bad_sealed_room"));
    ck_assert(has_line(r.out, "vf_bad_splits_level"));
    ck_assert_ptr_null(strstr(r.out, "vf_bad_fly_closet"));
    ck_assert_str_eq(r.err, "");
    done(&r);
    /* A dump file, or a map; bash's "--des" "=" "PATH" read as one. */
    r = COMPLETE("5", "vaultfuzz", "repro", "--des", "=",
                 "corpus/syntax/crlf.des", "");
    ck_assert_str_eq(r.out, "vf_crlf_room\n:files\n");
    done(&r);
    r = COMPLETE("2", "vaultfuzz", "test", "");
    ck_assert_str_eq(r.out, ":files\n");
    done(&r);
    r = COMPLETE("4", "vaultfuzz", "run", "--des",
                 "corpus/bad/duplicate_name.des.bad", "");
    ck_assert(has_line(r.out, "vf_bad_twice_survivor"));
    ck_assert_str_eq(r.err, "");
    done(&r);
    r = COMPLETE("4", "vaultfuzz", "check", "--crawl-dir", "/nonexistent",
                 "");
    ck_assert_str_eq(r.out, "");
    ck_assert_str_eq(r.err, "");
    done(&r);
    char root[64];
    snprintf(root, sizeof root, "/tmp/vf_complete_%d", (int)getpid());
    fake_checkout(root);
    r = COMPLETE("4", "vaultfuzz", "check", "--crawl-dir", root, "");
    ck_assert_str_eq(r.out, "vf_calls_game\n");
    ck_assert_str_eq(r.err, "");
    done(&r);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* "CMD OPT [VAL] --help" gets past CMD's parser to its --help. */
static void parses(const vf_cli_cmd *c, const char *o, const char *val)
{
    run r = val ? vf(c->name, o, val, "--help") : vf(c->name, o, "--help",
                                                      NULL);
    ck_assert_msg(r.rc == 0, "%s %s %s: %s", c->name, o, val ? val : "",
                  r.err);
    done(&r);
}

/* Every option of each command's table, with each value completion
 * offers for it (a sample of a free one, a path for :files), gets past
 * its parser: no entry of a table, no value offered, is one the command
 * refuses. */
START_TEST(complete_offers_what_parsers_take)
{
    for (const vf_cli_cmd *c = vf_cli_commands; c->name; c++)
        for (int k = 0; c->opts[k].name; k++) {
            const char *o = c->opts[k].name;
            if (!c->opts[k].value) {
                parses(c, o, NULL);
                continue;
            }
            run v = COMPLETE("3", "vaultfuzz", c->name, o, "");
            ck_assert_msg(*v.out, "%s %s: nothing offered", c->name, o);
            char *save = NULL;
            for (char *line = strtok_r(v.out, "\n", &save); line;
                 line = strtok_r(NULL, "\n", &save))
                parses(c, o, !strcmp(line, ":files") ? "corpus"
                             : !strcmp(o, "--shard") ? "1/2"
                             : !strcmp(line, ":none") ? "1" : line);
            done(&v);
        }
}
END_TEST

/* The shipped bash completion, through ./vaultfuzz complete: words
 * are completed from its candidates, :files as file names. Called as
 * bash calls it: the command, the word completed, the word before. */
static char *bash_complete(const char *words, int cword)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "bash -c '. harness/completion/vaultfuzz.bash"
             " && COMP_WORDS=(%s) && COMP_CWORD=%d && _vaultfuzz "
             "\"${COMP_WORDS[0]}\" \"${COMP_WORDS[COMP_CWORD]}\" "
             "\"${COMP_WORDS[COMP_CWORD-1]}\" && printf \"%%s\\n\" "
             "\"${COMPREPLY[@]}\"'", words, cword);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    vf_sbuf out = VF_SBUF_INIT;
    char buf[256];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p))) vf_sbuf_add(&out, buf, n);
    ck_assert_int_eq(pclose(p), 0);
    return vf_sbuf_take(&out);
}

START_TEST(bash_completion_script)
{
    ck_assert_msg(access("vaultfuzz", X_OK) == 0, "build ./vaultfuzz first "
                  "(make vaultfuzz): the script runs it");
    char *out = bash_complete("./vaultfuzz \"\"", 1);
    ck_assert_msg(has_line(out, "html"), "%s", out);
    free(out);
    out = bash_complete("./vaultfuzz run --mode \"\"", 3);
    ck_assert_msg(has_line(out, "game"), "%s", out);
    free(out);
    out = bash_complete("./vaultfuzz show --des "
                        "corpus/verdicts/known_bad.des vf_bad_sea", 4);
    ck_assert_str_eq(out, "vf_bad_sealed_room\n");
    free(out);
    out = bash_complete("./vaultfuzz explain corpus/verdicts/known_b", 2);
    ck_assert_str_eq(out, "corpus/verdicts/known_bad.des\n");
    free(out);
}
END_TEST

Suite *vf_test_cli_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("commands");
    /* Each runs whole commands in process: past Check's default 4 s on a
     * loaded machine (seen at a load of 9). */
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, lint_default_corpus_is_clean);
    tcase_add_test(tc, lint_reports_errors_and_exit_status);
    tcase_add_test(tc, lint_applies_load_checks);
    tcase_add_test(tc, des_of_a_checkout_uses_its_library);
    tcase_add_test(tc, lint_without_the_game_library);
    tcase_add_test(tc, lint_stats);
    tcase_add_test(tc, list_text_and_json);
    tcase_add_test(tc, list_load_errors_go_to_stderr);
    tcase_add_test(tc, usage_and_help);
    tcase_add_test(tc, chunks_shows_generated_lua);
    tcase_add_test(tc, show_resolves_one_case);
    tcase_add_test(tc, show_prints_subvault_cells);
    tcase_add_test(tc, lint_runs_map_lua);
    tcase_add_test(tc, maps_run_at_their_own_place);
    tcase_add_test(tc, check_prints_verdict_and_level);
    tcase_add_test(tc, test_command_shows_the_cause);
    tcase_add_test(tc, time_budgets_bound_test_and_explain);
    tcase_add_test(tc, complete_from_the_tables);
    tcase_add_test(tc, complete_map_names);
    tcase_add_test(tc, complete_offers_what_parsers_take);
    tcase_add_test(tc, bash_completion_script);
    suite_add_tcase(s, tc);
    return s;
}
