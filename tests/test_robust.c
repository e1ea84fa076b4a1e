/* Hostile vault Lua and odd inputs: each is contained, with a
 * clear message, and leaves the rest as it was. */
#define _XOPEN_SOURCE 700   /* mkdtemp, symlink, mkfifo */
#include "tests.h"
#include "cli.h"
#include "engine/engine_int.h"
#include "lua/lua_int.h"
#include "vf_lua.h"

#include <lauxlib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef vf_t_eng eng;

/* ---- numbers into the bindings ------------------------------------------- */

/* One map per call: the message it raises. */
static const char *raised(const char *lua)
{
    static char msg[512];
    char des[1024];
    snprintf(des, sizeof des, "NAME: m\nTAGS: t\n: %s\nMAP\n@\nENDMAP\n", lua);
    eng x;
    vf_t_eng_open(&x, des, 5000000UL);
    snprintf(msg, sizeof msg, "%s", vf_t_raised(&x, "m", 1));
    vf_t_eng_close(&x);
    return msg;
}

START_TEST(random_numbers_past_int_are_errors)
{
    /* The game raises SIGFPE on these; here they are the map's error. */
    ck_assert_str_eq(raised("crawl.div_rand_round(-2^31, -1)"),
                     "t.des:3: div_rand_round: -2147483648 / -1 is past "
                     "2147483647");
    ck_assert_str_eq(raised("crawl.div_rand_round(5, 0)"),
                     "t.des:3: div_rand_round: division by zero");
    ck_assert_str_eq(raised("crawl.random2avg(10, 0)"),
                     "t.des:3: random2avg: 0 rolls");
    ck_assert_str_eq(raised("crawl.random_range(-2^31, 2^31 - 1)"),
                     "t.des:3: random_range: -2147483648..2147483647 is "
                     "wider than 2147483647");
    ck_assert_str_eq(raised("crawl.roll_dice(3, 2^31 - 1)"),
                     "t.des:3: roll_dice: 3 dice of 2147483647 can sum past "
                     "2147483647");
    ck_assert_str_eq(raised("crawl.roll_dice(2^31 - 1, 1)"),
                     "t.des:3: roll_dice: 2147483647 dice is too many (at "
                     "most 1048576)");
    /* 2^31 is a float under 5.4, and printed as one. */
    ck_assert_str_eq(raised("crawl.random2(2^31)"),
                     VF_T_LUA("t.des:3: bad argument #1 to 'random2' (number "
                              "2147483648 is not an int)",
                              "t.des:3: bad argument #1 to 'random2' (number "
                              "2147483648.0 is not an int)"));
    ck_assert_str_eq(raised("crawl.random2(1/0)"),
                     "t.des:3: bad argument #1 to 'random2' (number inf is "
                     "not an int)");
    ck_assert_str_eq(raised("crawl.worley(0/0, 1, 2)"),
                     "t.des:3: bad argument #1 to 'worley' (a finite number "
                     "expected)");
    ck_assert_str_eq(raised("crawl.simplex(1, -1/0)"),
                     "t.des:3: bad argument #2 to 'simplex' (a finite number "
                     "expected)");
}
END_TEST

/* The edges that fit an int give the game's answers, without UB. */
START_TEST(random_numbers_at_int_edges)
{
    eng x;
    vf_t_eng_open(&x, "NAME: m\nTAGS: t\n{{\n"
        "local big, small = 2^31 - 1, -2^31\n"
        "local function is(v, lo, hi, what)\n"
        "  if v < lo or v > hi or v ~= math.floor(v) then\n"
        "    error(what .. ' gave ' .. v) end end\n"
        "for i = 1, 20 do\n"
        "  is(crawl.random2avg(big, 3), 0, big - 1, 'random2avg')\n"
        "  is(crawl.random_range(small, -2), small, -2, 'random_range')\n"
        "  is(crawl.random_range(1, big), 1, big, 'random_range 1')\n"
        "  is(crawl.random_range(big, small), big, big, 'random_range hi<lo')\n"
        "  is(crawl.random2(big), 0, big - 1, 'random2')\n"
        "  is(crawl.roll_dice(1, big), 1, big, 'roll_dice')\n"
        "  is(crawl.roll_dice(big), 1, big, 'roll_dice one')\n"
        "  is(crawl.div_rand_round(small, 1), small, small, 'drr 1')\n"
        "  is(crawl.div_rand_round(small, -2), 2^30, 2^30, 'drr -2')\n"
        "  is(crawl.div_rand_round(big, -1), -big, -big, 'drr -1')\n"
        "  is(crawl.div_rand_round(7.9, 2.5), 3, 4, 'drr truncates')\n"
        "end\n"
        "local a, b, c, d = crawl.split_bytes(-1)\n"
        "if a + b + c + d ~= 4 * 255 then error('split_bytes -1') end\n"
        "a, b, c, d = crawl.split_bytes(2^40 + 258)\n"
        "if a ~= 0 or b ~= 0 or c ~= 1 or d ~= 2 then error('2^40') end\n"
        "local d1 = crawl.worley(1e300, -1e300, 2^60)\n"
        "if not (d1 >= 0) then error('worley far') end\n"
        "local s = crawl.simplex(1e300, -1e300, 2^60, 5)\n"
        "if not (s >= -1 and s <= 1) then error('simplex far') end\n"
        "}}\nMAP\n@\nENDMAP\n", 5000000UL);
    vf_t_resolve_ok(&x, "m", 1, 0);
    vf_t_eng_close(&x);
}
END_TEST

/* Every function of crawl, dgn and you, called with the numbers that break
 * C conversions and int arithmetic, with and without the map first: under
 * the sanitizers any undefined behaviour aborts the test. Each call is
 * protected; only the absence of a crash is asked for. */
START_TEST(every_binding_takes_any_number)
{
    eng x;
    vf_t_eng_open(&x, "NAME: m\nTAGS: t\n{{\n"
        "local vals = { 0, -1, 1, 2^31 - 1, -2^31, 2^31, -2^31 - 1, 1e300,\n"
        "  -1e300, 0/0, 1/0, -1/0, 0.5, -7.5, 2^53, 80, 70 }\n"
        "local few = { 0, -1, 2^31 - 1, -2^31, 2^31, 0/0, 1/0, 1e300, 3 }\n"
        "-- these run Lua given to them, or run this map again\n"
        "local skip = { err_trace = true, rng_wrap = true,\n"
        "  resolve_map = true, place_map = true }\n"
        "local map = _G.wrapped_instance\n"
        "local calls = 0\n"
        "local function try(f, ...)\n"
        "  calls = calls + 1\n"
        "  pcall(f, ...)\n"
        "end\n"
        "local function sweep(t)\n"
        "  local names = {}\n"
        "  for k, f in pairs(t) do\n"
        "    if type(f) == 'function' and not skip[k]\n"
        "       and not k:match('^layout_') then\n"
        "      names[#names + 1] = k end end\n"
        "  table.sort(names)\n"
        "  for _, k in ipairs(names) do\n"
        "    local f = t[k]\n"
        "    for _, a in ipairs(vals) do\n"
        "      try(f, a) try(f, map, a) try(f, 'x', a)\n"
        "      for _, b in ipairs(few) do\n"
        "        try(f, a, b) try(f, map, a, b) try(f, a, b, b, b)\n"
        "        try(f, map, a, b, b, b, b)\n"
        "      end\n"
        "    end\n"
        "  end\n"
        "end\n"
        "sweep(crawl) sweep(dgn) sweep(you)\n"
        "-- whole-level builders take long: once each\n"
        "for k, f in pairs(dgn) do\n"
        "  if k:match('^layout_') then\n"
        "    for _, a in ipairs(few) do try(f, map, a) end end end\n"
        "local other = dgn.map_by_name('other')\n"
        "for _, a in ipairs(few) do for _, b in ipairs(few) do\n"
        "  try(dgn.place_map, other, false, false, a, b) end end\n"
        "if calls < 10000 then error('only ' .. calls .. ' calls') end\n"
        "}}\nMAP\n@\nENDMAP\n"
        "NAME: other\nTAGS: t\nMAP\nxx\nENDMAP\n", 400000000UL);
    vf_resolve_status st = vf_t_resolve(&x, "m", 1, 0);
    ck_assert_msg(st == VF_RESOLVED, "%s", vf_sbuf_str(&x.err));
    vf_t_eng_close(&x);
}
END_TEST

/* ---- odd inputs ---------------------------------------------------------- */

static void put(const char *dir, const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* A temporary directory with one good map, a.des, and sub/. */
static void odd_dir(char *dir)
{
    strcpy(dir, "/tmp/vf_robust_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    put(dir, "a.des", "NAME: a_map\nTAGS: t\nMAP\n.@.\nENDMAP\n");
    char sub[512];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0777), 0);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
    return n;
}

static void rm_rf(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* A link back up the tree is walked once, with one warning; a FIFO named
 * *.des is skipped with one (reading it would block lint for ever). */
START_TEST(link_loop_and_fifo_are_walked_once)
{
    char dir[64], p[512];
    odd_dir(dir);
    snprintf(p, sizeof p, "%s/sub/up", dir);
    ck_assert_int_eq(symlink("..", p), 0);
    snprintf(p, sizeof p, "%s/sub/pipe.des", dir);
    ck_assert_int_eq(mkfifo(p, 0666), 0);
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", dir, NULL);
    ck_assert_int_eq(r.rc, 0);
    snprintf(p, sizeof p, "%s/sub/up: warning: a link loop back to %s: not "
             "followed again\n", dir, dir);
    ck_assert_msg(strstr(r.err, p) || strstr(r.out, p), "%s%s", r.out, r.err);
    snprintf(p, sizeof p, "%s/sub/pipe.des: warning: a FIFO, not a file: "
             "skipped\n", dir);
    ck_assert_msg(strstr(r.err, p) || strstr(r.out, p), "%s%s", r.out, r.err);
    ck_assert_int_eq(count(r.out, ": warning:") + count(r.err, ": warning:"),
                     2);
    ck_assert_ptr_nonnull(strstr(r.out, "lint: 1 files, 1 maps"));
    vf_t_run_free(&r);
    /* Named directly, it is an error, and nothing waits on it. */
    snprintf(p, sizeof p, "%s/sub/pipe.des", dir);
    r = vf_t_vaultfuzz("lint", "--des", p, NULL);
    ck_assert_int_eq(r.rc, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "a FIFO, not a file: skipped"));
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

/* The game's .des reader does not skip a byte-order mark: an error naming
 * it, and the file's maps are still read. */
START_TEST(bom_is_named)
{
    char dir[64], p[512];
    odd_dir(dir);
    put(dir, "sub/bom.des", "\xEF\xBB\xBFNAME: bom_map\nTAGS: t\nMAP\n.@.\n"
                            "ENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", dir, NULL);
    ck_assert_int_eq(r.rc, 1);
    snprintf(p, sizeof p, "%s/sub/bom.des:1: the file starts with a UTF-8 "
             "byte-order mark (bytes EF BB BF), which the game does not "
             "accept: save it without one\n", dir);
    ck_assert_msg(strstr(r.out, p), "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "2 maps"));
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

/* Control characters in a .des file or in a file's name never reach a
 * terminal: the file is refused with the byte said, the name skipped
 * with it made visible; the other files load. */
START_TEST(control_bytes_are_refused)
{
    char dir[64], p[512];
    odd_dir(dir);
    put(dir, "esc.des", "NAME: esc_\x1b[31mred\nTAGS: t\nMAP\n.@.\nENDMAP\n");
    put(dir, "x\x1b]0;title\x07.des", "NAME: named\nTAGS: t\nMAP\n.@.\n"
        "ENDMAP\n");
    put(dir, "fine.des", "NAME: fine\nTAGS: t\nMAP\n.@.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", dir, NULL);
    ck_assert_int_eq(r.rc, 1);
    snprintf(p, sizeof p, "%s/esc.des:1: a control character (\\x1b): not "
             "a .des file's text", dir);
    ck_assert_msg(strstr(r.out, p), "%s", r.out);
    ck_assert_msg(strstr(r.out, "'x\\x1b]0;title\\x07.des' has a control "
                         "character in its name: skipped"), "%s", r.out);
    ck_assert_msg(!strchr(r.out, 0x1b) && !strchr(r.err, 0x1b), "%s%s",
                  r.out, r.err);
    ck_assert_msg(strstr(r.out, "2 maps"), "%s", r.out);   /* and odd_dir's */
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

/* Numbers in options: no sign, no wrap, a message with the range. */
START_TEST(bad_numbers_in_options)
{
    static const char *const cases[][5] = {
        {"show", "m", "--iter", "-1",
         "vaultfuzz show: --iter needs a number from 0 to 4294967295, not "
         "'-1'\n"},
        {"check", "m", "--iter", "4294967296",
         "vaultfuzz check: --iter needs a number from 0 to 4294967295, not "
         "'4294967296'\n"},
        {"check", "m", "--seed", " 5",
         "vaultfuzz check: --seed needs a number from 0 to "
         "18446744073709551615, not ' 5'\n"},
        {"repro", "m", "--iter", "-1",
         "vaultfuzz repro: --iter needs a number from 0 to 4294967295, not "
         "'-1'\n"},
        {"lint", "--seeds", "-1", NULL,
         "vaultfuzz lint: --seeds needs a number from 0 to 4294967295, not "
         "'-1'\n"},
        {"show", "m", "--seed", "18446744073709551616",
         "vaultfuzz show: --seed needs a number from 0 to "
         "18446744073709551615, not '18446744073709551616'\n"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        vf_t_run r = vf_t_vaultfuzz(cases[i][0], cases[i][1], cases[i][2],
                                    cases[i][3], NULL);
        ck_assert_int_eq(r.rc, 2);
        ck_assert_str_eq(r.err, cases[i][4]);
        vf_t_run_free(&r);
    }
}
END_TEST

/* A map named like an option: "--" before it, and its repro command puts
 * it there, so the case replays. */
START_TEST(dash_names_replay)
{
    char dir[64], out[600], dump[700];
    odd_dir(dir);
    put(dir, "sub/dash.des", "NAME: -dash\nTAGS: t\nMAP\n.@.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("show", "--des", dir, "--", "-dash", NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "map: -dash ("));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("show", "--des", dir, "-dash", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.err, "vaultfuzz show: unknown option '-dash' (see "
                     "--help)\n");
    vf_t_run_free(&r);
    snprintf(out, sizeof out, "%s/report", dir);
    r = vf_t_vaultfuzz("run", "--des", dir, "--count", "1", "-j", "1",
                       "--layouts", "empty", "--dump", "--out", out, "--",
                       "-dash", NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    vf_t_run_free(&r);
    snprintf(dump, sizeof dump, "%s/dumps/-dash.empty.0.txt.gz", out);
    r = vf_t_vaultfuzz("repro", dump, NULL);
    ck_assert_msg(r.rc == 0, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, " -- -dash\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "the same verdict as the dump"));
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

START_TEST(nothing_to_load_says_so)
{
    vf_t_run r = vf_t_vaultfuzz("run", "--des", "/nonexistent", "--out",
                                "/tmp/vf_robust_none", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "vaultfuzz run: no map loaded (no "
                                        ".des file was found)\n"));
    ck_assert_ptr_nonnull(strstr(r.err, "/nonexistent: No such file or "
                                        "directory"));
    ck_assert_ptr_null(strstr(r.err, "--file"));
    vf_t_run_free(&r);
}
END_TEST

/* ---- stopping a run ------------------------------------------------------ */

/* Lines starting with "C\t" in DIR/journal.tsv. */
static int journal_cases(const char *dir)
{
    char p[600], line[1024];
    snprintf(p, sizeof p, "%s/journal.tsv", dir);
    FILE *f = fopen(p, "r");
    int n = 0;
    while (f && fgets(line, sizeof line, f)) n += !strncmp(line, "C\t", 2);
    if (f) fclose(f);
    return n;
}

/* A child that sends sig to this process once DIR's journal holds n
 * cases (the run is then stuck on its hanging map). */
static pid_t signal_when(const char *dir, int n, int sig)
{
    pid_t parent = getpid(), pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid) return pid;
    struct timespec tick = {0, 10000000};
    for (int i = 0; i < 6000 && journal_cases(dir) < n; i++)
        nanosleep(&tick, NULL);
    nanosleep(&tick, NULL);
    kill(parent, sig);
    _exit(0);
}

/* SIGTERM to a supervised command with no handler of its own (test)
 * reaches the child that runs it: the command ends at once, with the
 * signal said, and no child is left running. */
START_TEST(sigterm_ends_a_supervised_command)
{
    char dir[64], path[128];
    odd_dir(dir);
    put(dir, "slow.des", "NAME: slow_map\nTAGS: t\nDEPTH: D\n"
        ": local n = 0 for i = 1, 1e6 do n = n + i end\nMAP\n.@.\nENDMAP\n");
    snprintf(path, sizeof path, "%s/slow.des", dir);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        /* As a process the user started: the test runner's own handler
         * (which signals its whole group) is not the command's. */
        signal(SIGTERM, SIG_DFL);
        setpgid(0, 0);
        FILE *null = fopen("/dev/null", "w");
        char *argv[] = {"vaultfuzz", "test", path, "--seconds", "60", NULL};
        _exit(vf_cli_main(5, argv, null, null));
    }
    struct timespec tick = {0, 20000000};
    for (int i = 0; i < 50; i++) nanosleep(&tick, NULL);   /* 1 s */
    kill(pid, SIGTERM);
    int st = 0, ended = 0;
    for (int i = 0; i < 500 && !ended; i++) {   /* 10 s at most */
        ended = waitpid(pid, &st, WNOHANG) == pid;
        if (!ended) nanosleep(&tick, NULL);
    }
    if (!ended) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
    ck_assert_msg(ended, "the command went on after SIGTERM");
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 128 + SIGTERM,
                  "status %d", st);
    rm_rf(dir);
}
END_TEST

/* SIGINT or SIGTERM in the middle of a run: workers killed, everything
 * received kept, the report written (incomplete, exit status 2), a line
 * saying how to resume; the resumed run's report is the uninterrupted
 * one. */
static void stop_and_resume(int sig, const char *name)
{
    char dir[64], out[128], whole[128], want[512];
    odd_dir(dir);
    put(dir, "b.des", "NAME: b_map\nTAGS: t\nMAP\n.@.\n...\nENDMAP\n");
    put(dir, "c.des", "NAME: c_hang\nTAGS: t\nMAP\n.@.\nENDMAP\n");
    snprintf(out, sizeof out, "%s/stopped", dir);
    snprintf(whole, sizeof whole, "%s/whole", dir);
    setenv("VAULTFUZZ_TEST_HANG", "c_hang", 1);
    pid_t killer = signal_when(out, 4, sig);
    vf_t_run r = vf_t_vaultfuzz("run", "--des", dir, "--count", "2", "-j",
                                "1", "--layouts", "empty", "--out", out,
                                NULL);
    waitpid(killer, NULL, 0);
    unsetenv("VAULTFUZZ_TEST_HANG");
    ck_assert_msg(r.rc == 2, "%d %s", r.rc, r.err);
    snprintf(want, sizeof want, "vaultfuzz run: stopped by %s: 4 of 6 cases "
             "done and kept in %s; finish with: vaultfuzz run --resume %s\n",
             name, out, out);
    ck_assert_msg(strstr(r.err, want), "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "status: incomplete"));
    ck_assert_int_eq(journal_cases(out), 4);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--resume", out, NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "\nstatus: complete\n"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("run", "--des", dir, "--count", "2", "-j", "2",
                       "--layouts", "empty", "--out", whole, NULL);
    ck_assert_msg(r.rc == 0, "%s", r.err);
    vf_t_run_free(&r);
    vf_t_same_report(out, whole);
    ck_assert_int_eq(journal_cases(out), 6);
    rm_rf(dir);
}

START_TEST(sigterm_stops_a_run_cleanly)
{
    stop_and_resume(SIGTERM, "SIGTERM");
}
END_TEST

START_TEST(sigint_stops_a_run_cleanly)
{
    stop_and_resume(SIGINT, "SIGINT");
}
END_TEST


/* ---- time budget --------------------------------------------------------- */

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

#define TIMED_DES "NAME: m\nTAGS: t\n: %s\nMAP\n@\nENDMAP\n" \
                  "NAME: ok\nTAGS: t\nMAP\n.@.\nENDMAP\n"

/* Map m's Lua under a 0.3 s budget and no instruction budget: the message
 * it raised, after checking it took under 2 s and map ok still resolves
 * on the same engine. */
static const char *timed_raise(const char *lua)
{
    static char msg[512];
    char des[1024];
    snprintf(des, sizeof des, TIMED_DES, lua);
    vf_lua_limits l = {0, (size_t)32 << 20, 0.3, 0};
    eng x;
    vf_t_eng_open_limits(&x, des, &l);
    double t0 = cpu_now();
    snprintf(msg, sizeof msg, "%s", vf_t_raised(&x, "m", 1));
    double took = cpu_now() - t0;
    ck_assert_msg(took < 2.0, "%s: %.2f s", lua, took);
    vf_t_resolve_ok(&x, "ok", 1, 0);
    vf_t_eng_close(&x);
    return msg;
}

#define TIME_MSG "CPU-time last resort of 0.3 s reached before the " \
                 "instruction budget (slow C functions: how far it gets " \
                 "depends on the machine)"

START_TEST(time_budget_stops_lua_loops)
{
    ck_assert_str_eq(timed_raise("while true do end"), "t.des:3: " TIME_MSG);
    /* The error caught by the map's own pcall does not keep it going. */
    ck_assert_str_eq(timed_raise("while true do pcall(function() "
                                 "while true do end end) end"),
                     "t.des:3: " TIME_MSG);
}
END_TEST

/* Time inside C functions (a long gsub over and over: few instructions,
 * each one slow) reaches the budget through the timer. */
START_TEST(time_budget_sees_c_functions)
{
    ck_assert_str_eq(timed_raise("local s = string.rep('ab', 2^20) "
                                 "while true do s:gsub('a', 'b') end"),
                     "t.des:3: " TIME_MSG);
    ck_assert_str_eq(timed_raise("local s = string.rep('ab', 2^20) "
                                 "while true do s = s:rep(1):upper():lower() "
                                 "end"),
                     "t.des:3: " TIME_MSG);
}
END_TEST

/* MAP rows live in C, outside the Lua memory cap: a vault cannot grow
 * them past any level's size (20000 rows of 60000 once took 1.2 GB). */
START_TEST(map_rows_are_bounded)
{
    ck_assert_str_eq(timed_raise("for i = 1, 20000 do map(('x'):rep(60000)) "
                                 "end"),
                     "t.des:3: MAP larger than 1024 rows or columns (a level "
                     "is 80x70): no level holds it");
    ck_assert_str_eq(timed_raise("for i = 1, 2000 do map('x') end"),
                     "t.des:3: MAP larger than 1024 rows or columns (a level "
                     "is 80x70): no level holds it");
}
END_TEST

/* Lua runs __gc finalizers with hooks off: vault code cannot make one
 * (5.1: newproxy; 5.4: a metatable with __gc), and the game's objects
 * keep their metatables to themselves. */
START_TEST(no_finalizers_for_vault_code)
{
    if (VF_LUA_54)
        ck_assert_str_eq(timed_raise("setmetatable({}, {__gc = function() "
                                     "while true do end end})"),
                         "t.des:3: setmetatable: a __gc finalizer is not "
                         "available to vault code (it could not be "
                         "time-limited)");
    else
        ck_assert_str_eq(timed_raise("local p = newproxy(true) "
                                     "getmetatable(p).__gc = function() "
                                     "while true do end end"),
                         "t.des:3: newproxy is not available to vault code "
                         "(a __gc finalizer could not be time-limited)");
}
END_TEST

/* A pattern that keeps string.find in C for ever: the last resort says so
 * and exits with status 2, one budget after the deadline. Only placing
 * gets stuck: the load-time run, which placing asks the index for first,
 * passes. */
START_TEST(stuck_in_c_exits_with_a_message)
{
    char errpath[] = "/tmp/vf_stuckXXXXXX";
    int fd = mkstemp(errpath);
    ck_assert_int_ge(fd, 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd, 2);
        char des[1024];
        snprintf(des, sizeof des, TIMED_DES,
                 "if not is_validating() then "
                 "string.find(string.rep('a', 40), "
                 "string.rep('a?', 40) .. string.rep('a', 40) .. 'b') end");
        vf_lua_limits l = {0, (size_t)32 << 20, 0.3, 0};
        eng x;
        vf_t_eng_open_limits(&x, des, &l);
        vf_t_resolve(&x, "m", 1, 0);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    char buf[512] = "";
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    buf[n > 0 ? n : 0] = 0;
    close(fd);
    unlink(errpath);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    ck_assert_msg(strstr(buf, "vaultfuzz: vault Lua in map m (t.des:1) is "
                              "past its time limit and has not come back "
                              "from a C function"), "%s", buf);
}
END_TEST

/* Lua stuck in a C function where no hook reaches: at load (the maps'
 * index, in the command's own process) and at placement (show, check,
 * test resolve in it too). Each command goes on without the map: the
 * map is an error at its own line, the other maps are judged, and
 * nothing the first attempt printed is printed twice. */
#define STUCK_CALL "string.find(string.rep('a', 40), string.rep('a?', 40) " \
                   ".. string.rep('a', 40) .. 'b')"

START_TEST(stuck_map_is_skipped_not_fatal)
{
    char dir[64], out[128];
    odd_dir(dir);
    put(dir, "a.des", "NAME: a_stuck_at_load\nTAGS: t\n: " STUCK_CALL
        "\nMAP\n.@.\nENDMAP\n\n"
        "NAME: a_stuck_placed\nTAGS: t\n: if not is_validating() then "
        STUCK_CALL " end\nMAP\n.@.\nENDMAP\n");
    put(dir, "b.des", "NAME: b_fine\nTAGS: t\nMAP\n.@.\n...\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", dir, "--lua-seconds",
                                "0.2", NULL);
    ck_assert_msg(r.rc == 1, "%d %s %s", r.rc, r.out, r.err);
    ck_assert_msg(strstr(r.out, "a.des:1: map a_stuck_at_load: timeout: its "
                         "Lua ran past the time limit"), "%s", r.out);
    ck_assert_msg(strstr(r.err, "the command runs again with it skipped"),
                  "%s", r.err);
    ck_assert_ptr_null(strstr(strstr(r.out, "a_stuck_at_load") + 1,
                              "a_stuck_at_load"));
    vf_t_run_free(&r);
    snprintf(out, sizeof out, "%s/out", dir);
    r = vf_t_vaultfuzz("run", "--des", dir, "--lua-seconds", "0.2",
                       "--count", "2", "-j", "2", "--layouts", "empty",
                       "--out", out, NULL);
    ck_assert_msg(r.rc == 1, "%d %s %s", r.rc, r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "status: complete"));
    ck_assert_ptr_nonnull(strstr(r.out, "a_stuck_at_load"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("show", "--des", dir, "--lua-seconds", "0.2",
                       "a_stuck_placed", NULL);
    ck_assert_msg(r.rc != 0 && strstr(r.out, "timeout: its Lua")
                  + !!strstr(r.err, "timeout: its Lua"), "%d %s %s", r.rc,
                  r.out, r.err);
    ck_assert_msg(strstr(r.err, "map a_stuck_placed"), "%s", r.err);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("show", "--des", dir, "--lua-seconds", "0.2",
                       "b_fine", NULL);
    ck_assert_msg(r.rc == 0, "%d %s %s", r.rc, r.out, r.err);
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

/* C work counts against the instruction budget, so it ends such Lua
 * the same way on every machine, with no CPU limit at all: one huge
 * string.rep, big ones in a loop, a long sort, full collections, tags
 * piled up. The item lists' shared metatable is hidden. */
START_TEST(c_work_counts_against_the_budget)
{
    char dir[64];
    odd_dir(dir);
    put(dir, "a.des", "NAME: a_rep\nTAGS: t\n: local s = string.rep('', "
        "2^31 - 1)\nMAP\n.@.\nENDMAP\n\n"
        "NAME: a_reps\nTAGS: t\n: for i = 1, 1e6 do local s = ('x'):rep(1e5) "
        "end\nMAP\n.@.\nENDMAP\n\n"
        "NAME: a_sort\nTAGS: t\n: local t = {} for i = 1, 2e5 do t[i] = -i "
        "end table.sort(t)\nMAP\n.@.\nENDMAP\n\n"
        "NAME: a_gc\nTAGS: t\n: for i = 1, 10 do collectgarbage() end"
        "\nMAP\n.@.\nENDMAP\n\n"
        "NAME: a_tags\nTAGS: t\n: for i = 1, 1e5 do tags('t' .. i) end"
        "\nMAP\n.@.\nENDMAP\n\n"
        "NAME: a_meta\nTAGS: t\n: assert(getmetatable(dgn.item_spec('dagger')) "
        "== 'item_list')\nMAP\n.@.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", dir, "--lua-seconds", "0",
                                "--lua-instructions", "2000000", NULL);
    ck_assert_msg(r.rc == 1, "%d %s %s", r.rc, r.out, r.err);
    static const char *const maps[] = {"a_rep", "a_reps", "a_sort", "a_gc",
                                       "a_tags"};
    for (int i = 0; i < 5; i++) {
        char want[160];
        snprintf(want, sizeof want, "map %s: instruction budget exceeded "
                 "(2000000 instructions)", maps[i]);
        ck_assert_msg(strstr(r.out, want), "%s: %s", maps[i], r.out);
    }
    ck_assert_msg(!strstr(r.out, "a_meta"), "%s", r.out);
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

/* Past the CPU clock before the instruction budget (a pattern that
 * backtracks: few instructions, slow C): its own kind, lua_timeout, not
 * the map's Lua error, and explain does not replay it. */
START_TEST(cpu_last_resort_is_its_own_kind)
{
    char dir[64], out[128];
    odd_dir(dir);
    put(dir, "a.des", "NAME: a_slow\nTAGS: t\n: if not is_validating() then "
        "for i = 1, 1e9 do string.find(('a'):rep(22), ('a?'):rep(22) .. "
        "('a'):rep(22)) end end\nMAP\n.@.\nENDMAP\n");
    snprintf(out, sizeof out, "%s/out", dir);
    vf_t_run r = vf_t_vaultfuzz("run", "--des", dir, "--lua-seconds", "0.3",
                                "--count", "1", "--layouts", "empty",
                                "--out", out, NULL);
    ck_assert_msg(r.rc == 1, "%d %s %s", r.rc, r.out, r.err);
    vf_t_run_free(&r);
    char p[200];
    snprintf(p, sizeof p, "%s/summary.txt", out);
    FILE *f = fopen(p, "r");
    ck_assert_ptr_nonnull(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    ck_assert_msg(strstr(text, "lua_timeout 1 error"), "%s", text);
    ck_assert_msg(strstr(text, "CPU-time last resort of 0.3 s"), "%s", text);
    ck_assert_msg(!strstr(text, "lua_error"), "%s", text);
    rm_rf(dir);
}
END_TEST

/* The budget holds for load-time Lua (the maps' index, on two threads
 * under run -j 2) and for placement: lint and run finish and report the
 * map with the message; the other map is unaffected. The instruction
 * budget decides, the same on every machine. */
START_TEST(time_budget_in_commands)
{
    char dir[64], out[128];
    odd_dir(dir);
    put(dir, "a.des", "NAME: a_loop\nTAGS: t\n: while true do end\n"
                      "MAP\n.@.\nENDMAP\n");
    put(dir, "b.des", "NAME: b_ok\nTAGS: t\nMAP\n.@.\nENDMAP\n");
    put(dir, "c.des", "NAME: c_later\nTAGS: t\n"
                      ": if not is_validating() then while true do end end\n"
                      "MAP\n.@.\nENDMAP\n");
    vf_t_run r = vf_t_vaultfuzz("lint", "--des", dir, "--lua-instructions",
                                "2000000", NULL);
    ck_assert_msg(r.rc == 1, "%d %s", r.rc, r.err);
    ck_assert_msg(strstr(r.out, "a.des:3: map a_loop: instruction budget "
                                "exceeded (2000000 instructions)"),
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "1 errors"), "%s", r.out);
    vf_t_run_free(&r);
    snprintf(out, sizeof out, "%s/out", dir);
    r = vf_t_vaultfuzz("run", "--verbose", "--des", dir, "--lua-instructions",
                       "2000000", "--count", "2", "-j", "2", "--layouts",
                       "empty", "--out", out, NULL);
    ck_assert_msg(r.rc == 1, "%d %s", r.rc, r.err);   /* failures found */
    ck_assert_msg(strstr(r.out, "Lua error at load: ") &&
                  strstr(r.out, "a.des:3: instruction budget exceeded"),
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "c_later") &&
                  strstr(r.out, "lua_error 2"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "cases: 4 run, 2 ok, 2 failed"), "%s", r.out);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("show", "--des", dir, "--lua-instructions", "2000000",
                       "c_later", NULL);
    ck_assert_msg(strstr(r.out, "c.des:3: instruction budget exceeded"),
                  "%s%s", r.out, r.err);
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("lint", "--des", dir, "--lua-seconds", "x", NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--lua-seconds x: not a number"));
    vf_t_run_free(&r);
    r = vf_t_vaultfuzz("lint", "--des", dir, "--lua-instructions", "0",
                       NULL);
    ck_assert_int_eq(r.rc, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--lua-instructions 0: not a "
                                 "number from 1"));
    vf_t_run_free(&r);
    rm_rf(dir);
}
END_TEST

/* ---- one map cannot change another --------------------------------------- */

/* The innocent map leans on what the guilty ones try to change. */
static const char innocent[] =
    "NAME: innocent\nTAGS: t\n"
    ": local t = {}\n"
    ": table.insert(t, ('x'):upper())\n"
    ": assert(t[1] == 'X' and string.format('%d', 7) == '7')\n"
    ": assert(math.floor(2.5) == 2 and crawl.coinflip and dgn.fprop_changed"
    " and next(dgn.persist) == nil)\n"
    "MAP\n@\nENDMAP\n\n";

/* Each attack: the guilty map's error names its own line (13) and says
 * why; the innocent map resolves before and after on the same engine. */
START_TEST(shared_library_is_read_only)
{
    /* The globals: getfenv(0) under 5.1, _G under 5.4 (no getfenv). */
    const struct { const char *lua, *says; } attacks[] = {
        {"table.insert = nil", "read-only"},
        {"getmetatable('').__index = {}", "read-only"},
        {"string.upper = function() return 'no' end", "read-only"},
        {VF_T_LUA("setfenv(0, {})", "crawl.setfenv(print, {})"),
         VF_T_LUA("setfenv(0, ...)", "crawl.setfenv: a library function")},
        {VF_T_LUA("setfenv(print, {})", "crawl.setfenv(string.rep, {})"),
         "setfenv"},
        {"dgn.fprop_changed = nil", "dgn.fprop_changed: the shared Lua "
                                    "library is read-only"},
        {"crawl.coinflip = function() return true end", "crawl.coinflip: "},
        {"you.depth = nil", "you.depth: "},
        {"dgn[1] = 2", "dgn.number: "},
        /* The globals' metatable would lead to the table behind them. */
        {VF_T_LUA("getmetatable(getfenv(0)).__index.crawl = {}",
                  "getmetatable(_G).__index.crawl = {}"),
         "field '__index'"},
    };
    for (size_t k = 0; k < sizeof attacks / sizeof *attacks; k++) {
        char des[1024];
        snprintf(des, sizeof des, "%sNAME: guilty\nTAGS: t\n: %s\nMAP\n@\n"
                 "ENDMAP\n", innocent, attacks[k].lua);
        eng x;
        vf_t_eng_open(&x, des, 5000000UL);
        vf_t_resolve_ok(&x, "innocent", 1, 0);
        const char *msg = vf_t_raised(&x, "guilty", 1);
        ck_assert_msg(strstr(msg, attacks[k].says) && strstr(msg, ":13:"),
                      "%s: %s", attacks[k].lua, msg);
        vf_t_resolve_ok(&x, "innocent", 1, 1);
        vf_t_eng_close(&x);
    }
}
END_TEST

/* rawset gets past the proxy, and dgn.persist is the map's to fill, but
 * only until the next case. */
START_TEST(rawset_into_the_library_is_undone)
{
    eng x;
    char des[1024];
    snprintf(des, sizeof des, "%sNAME: sly\nTAGS: t\n"
             ": if not is_validating() then\n"
             ":   rawset(table, 'insert', false)\n"
             ":   assert(table.insert == false)\n"
             ":   rawset(%s, 'crawl', false)\n"
             ":   rawset(dgn, 'fprop_changed', false)\n"
             ":   dgn.persist.left = 1\n: end\nMAP\n@\nENDMAP\n",
             innocent, VF_T_LUA("getfenv(0)", "_G"));
    vf_t_eng_open(&x, des, 5000000UL);
    vf_t_resolve_ok(&x, "sly", 1, 0);
    vf_t_resolve_ok(&x, "innocent", 1, 0);
    vf_t_eng_close(&x);
}
END_TEST

/* Tables nested in the library and tables of the globals stay themselves
 * (raw access must work on them) but are put back before the next case:
 * a prelude's table, a class and its metatable, tables inside dgn, the
 * string functions behind the string metatable, a global hook. */
static const char nested_prelude[] =
    "{{\n"
    "shared_list = { 1, 2, 3 }\n"
    "Cls = { }\n"
    "Cls.__index = Cls\n"
    "function Cls.m() return 'm' end\n"
    "}}\n";

static const char nested_reader[] =
    "NAME: reader\nTAGS: t\n"
    ": assert(shared_list[1] == 1 and shared_list[2] == 2 and #shared_list"
    " == 3 and shared_list[4] == nil)\n"
    ": assert(Cls.m() == 'm' and rawget(Cls, 'extra') == nil and "
    "getmetatable(Cls) == nil and setmetatable({}, Cls).m() == 'm')\n"
    ": assert(dgn.MAP_HOOK_NAMES[1] == 'pre_main' and #dgn.MAP_HOOK_NAMES "
    "== 5 and dgn.MAP_HOOK_ALIASES.main == 'post_main')\n"
    ": assert(('x'):upper() == 'X' and ('X'):lower() == 'x')\n"
    ": assert(#dgn.MAP_GLOBAL_HOOKS.HOOK_post_place == 0)\n"
    "MAP\n@\nENDMAP\n\n";

START_TEST(nested_tables_are_put_back)
{
    static const char *const poisons[] = {
        "shared_list[1] = 9 shared_list[4] = 4 table.remove(shared_list, 2)",
        "Cls.m = nil Cls.extra = 1 "
        "setmetatable(Cls, { __index = function() return 'x' end })",
        "dgn.MAP_HOOK_NAMES[1] = 'x' table.insert(dgn.MAP_HOOK_NAMES, 'y') "
        "dgn.MAP_HOOK_ALIASES.main = nil",
        "getmetatable('').__index.upper = function() return 'no' end "
        "rawset(getmetatable('').__index, 'lower', nil)",
        "table.insert(dgn.MAP_GLOBAL_HOOKS.HOOK_post_place, "
        "function() error('hook of another map') end)",
        /* The global read, then dropped: still put back. */
        "local l = shared_list shared_list = nil rawset(getfenv(0), "
        "'shared_list', nil) l[1] = 9",
    };
    for (size_t k = 0; k < sizeof poisons / sizeof *poisons; k++) {
        char des[2048];
        snprintf(des, sizeof des, "%s%sNAME: poison\nTAGS: t\n: %s\n"
                 "MAP\n@\nENDMAP\n", nested_prelude, nested_reader,
                 poisons[k]);
        eng x;
        vf_t_eng_open(&x, des, 5000000UL);
        vf_t_resolve_ok(&x, "reader", 1, 0);
        vf_t_resolve(&x, "poison", 1, 0);
        vf_t_resolve_ok(&x, "reader", 1, 1);
        vf_t_resolve(&x, "poison", 1, 1);
        vf_t_resolve(&x, "poison", 1, 2);
        vf_t_resolve_ok(&x, "reader", 1, 2);
        vf_t_eng_close(&x);
    }
}
END_TEST

/* A vault that writes into every table it can reach from the globals it
 * is given (names), through pairs and getmetatable: each key overwritten
 * or removed, a key added, the metatable replaced, each write in a pcall
 * (the read-only views refuse theirs). */
static const char poison_lua[] =
    "local pcall, rawset, pairs, type = pcall, rawset, pairs, type\n"
    "local getmetatable, setmetatable = getmetatable, setmetatable\n"
    "local G, seen, list = getfenv(0), { }, { }\n"
    "local function add(v)\n"
    "  if type(v) == 'table' and not seen[v] then\n"
    "    seen[v] = true list[#list + 1] = v end end\n"
    "for _, n in pairs(vf_names) do add(G[n]) end\n"
    "add(getmetatable(''))\n"
    "local i = 1\n"
    "while i <= #list do\n"
    "  local t = list[i] i = i + 1\n"
    "  for k, v in pairs(t) do add(k) add(v) end\n"
    "  add(getmetatable(t)) end\n"
    "local bait = function() return 'poison' end\n"
    "for _, t in pairs(list) do\n"
    "  local keys = { }\n"
    "  for k in pairs(t) do keys[#keys + 1] = k end\n"
    "  for j, k in pairs(keys) do\n"
    "    local v = j % 2 == 0 and bait or nil\n"
    "    pcall(function() t[k] = v end)\n"
    "    pcall(rawset, t, k, v) end\n"
    "  pcall(rawset, t, 'vf_poison', bait)\n"
    "  pcall(function() t.vf_poison2 = bait end)\n"
    "  pcall(setmetatable, t, { __index = bait }) end\n";

/* The poison map, given the names of every global the engine starts
 * with over the .des files in dir (the library's and the preludes'). */
static char *poison_des(const char *dir)
{
    vf_t_loaded l;
    vf_t_init(&l);
    char *paths[] = {(char *)dir};
    vf_des_load_paths(&l.set, paths, 1, &l.d);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    vf_sbuf err = VF_SBUF_INIT, des = VF_SBUF_INIT;
    vf_engine *e = vf_engine_new(&l.set, &cfg, &l.d, &err);
    ck_assert_msg(e != NULL, "%s", vf_sbuf_str(&err));
    lua_State *L = vf_lua_state(e->lua);
    vf_sbuf_adds(&des, "NAME: aaa_poison\nTAGS: t\n{{\nvf_names = {");
    vf_lua_push_kept_globals(L);
    ck_assert(lua_istable(L, -1));
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING)
            vf_sbuf_printf(&des, " '%s',", lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    vf_sbuf_printf(&des, " }\n%s}}\nMAP\n@\nENDMAP\n", poison_lua);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_t_free(&l);
    return vf_sbuf_take(&des);
}

/* vaults.csv of a run over dir at -j jobs, but the poison map's row. */
static char *innocent_rows(const char *dir, const char *jobs)
{
    char out[600];
    snprintf(out, sizeof out, "%s.out", dir);
    vf_t_run r = vf_t_vaultfuzz("run", "--des", dir, "--count", "3",
                                "--layouts", "empty,rooms", "--explain",
                                "none", "-j", jobs, "--out", out, NULL);
    ck_assert_msg(r.rc == 0 || r.rc == 1, "%d %s", r.rc, r.err);
    vf_t_run_free(&r);
    char csv[700];
    snprintf(csv, sizeof csv, "%s/vaults.csv", out);
    char *text = vf_t_read(csv);
    vf_sbuf rows = VF_SBUF_INIT;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        if (!strstr(line, "aaa_poison")) vf_sbuf_printf(&rows, "%s\n", line);
    free(text);
    rm_rf(out);
    return vf_sbuf_take(&rows);
}

/* Every other map's verdicts are those of a run without the poison, at
 * -j 1 and -j 2. */
START_TEST(poison_every_reachable_table)
{
    char dir[] = "/tmp/vf_poison_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    static const char *const files[] = {
        "verdicts/known_bad.des", "verdicts/known_causes.des",
        "syntax/lua_blocks.des", "syntax/headers.des"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char src[300], *text;
        snprintf(src, sizeof src, "corpus/%s", files[i]);
        text = vf_t_read(src);
        put(dir, strrchr(files[i], '/') + 1, text);
        free(text);
    }
    char *clean = innocent_rows(dir, "1");
    ck_assert_ptr_nonnull(strstr(clean, "vf_bad_subst_pocket"));
    char *poison = poison_des(dir);
    put(dir, "a_poison.des", poison);
    free(poison);
    for (int j = 1; j <= 2; j++) {
        char *rows = innocent_rows(dir, j == 1 ? "1" : "2");
        size_t at = 0, line = 0;
        while (rows[at] && rows[at] == clean[at]) at++;
        while (at && clean[at - 1] != '\n') at--;
        for (size_t i = 0; i < at; i++) line += clean[i] == '\n';
        ck_assert_msg(!strcmp(rows, clean), "-j %d: vaults.csv line %zu: "
                      "%.200s\nwithout the poison: %.200s", j, line + 1,
                      rows + at, clean + at);
        free(rows);
    }
    free(clean);
    rm_rf(dir);
}
END_TEST

/* ---- allocations that fail ----------------------------------------------- */

/* Two small maps with Lua, transforms and keys, one asking for the other. */
static const char alloc_corpus[] =
    "NAME: a_one\nTAGS: t\n"
    ": local t = {} for i = 1, 20 do t[i] = ('x'):rep(i) end\n"
    ": dgn.map_by_name('a_two')\n"
    "SUBST: x = ab\nKFEAT: a = lava\nMAP\nxx@xx\nENDMAP\n\n"
    "NAME: a_two\nTAGS: t\n: crawl.coinflip()\n"
    "NSUBST: . = 1:+ / *:.\nMAP\n...\n.@.\nENDMAP\n";

/* A resolve under a failing allocation: done, or failed with a message
 * that says memory (a validate that raised fails without one). */
static void resolve_or_memory(vf_engine *e, const vf_mapdef *def, int load,
                              unsigned long n)
{
    vf_rmap m;
    vf_rmap_init(&m, NULL, NULL);
    vf_sbuf err = VF_SBUF_INIT;
    vf_resolve_req rq = {.def = def, .seed = 7, .validating = load};
    vf_resolve_status st = vf_engine_resolve(e, &rq, &m, &err);
    ck_assert_msg(st == VF_RESOLVED || st == VF_VALIDATE_FAILED
                  || st == VF_VETOED || strstr(vf_sbuf_str(&err), "memory")
                  || strstr(vf_sbuf_str(&err), "error in error handling"),
                  "allocation %lu: %s: status %d: %s", n, def->name, (int)st,
                  vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
}

/* The corpus loaded with Lua's nth allocation failing, each map resolved
 * as at load and for a case, then again once the failure is past: every
 * step works or says memory, and the maps resolve again after. Returns
 * the allocations made. */
static unsigned long run_failing_at(unsigned long n)
{
    vf_t_loaded l;
    vf_t_load(&l, alloc_corpus);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.limits = (vf_lua_limits){5000000UL, (size_t)32 << 20, 0, n};
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine *e = vf_engine_new(&l.set, &cfg, &l.d, &err);
    unsigned long made = 0;
    if (!e) {
        ck_assert_msg(strstr(vf_sbuf_str(&err), "memory"), "allocation "
                      "%lu: engine: %s", n, vf_sbuf_str(&err));
    } else {
        for (int load = 1; load >= 0; load--) {
            resolve_or_memory(e, vf_t_map(&l, "a_one"), load, n);
            resolve_or_memory(e, vf_t_map(&l, "a_two"), load, n);
        }
        made = vf_engine_lua_allocations(e);
        if (made > n) {   /* the failure is past: all is as before */
            vf_rmap m;
            vf_rmap_init(&m, NULL, NULL);
            vf_resolve_req rq = {.def = vf_t_map(&l, "a_one"), .seed = 7};
            vf_sbuf_reset(&err);
            ck_assert_msg(vf_engine_resolve(e, &rq, &m, &err)
                          == VF_RESOLVED, "allocation %lu: after: %s", n,
                          vf_sbuf_str(&err));
            vf_rmap_free(&m);
        }
        vf_engine_free(e);
    }
    vf_sbuf_free(&err);
    vf_t_free(&l);
    return made;
}

/* Lua's allocations fail one at a time, each index in turn up to 200,
 * then about 400 spread over the rest: no crash, no leak (ASan), a
 * message that says memory. Our own C allocations (vf_xmalloc) end the
 * process with a message by design and are not injected. */
START_TEST(failing_allocations_are_errors)
{
    unsigned long total = run_failing_at(0);
    ck_assert_uint_gt(total, 100);
    unsigned long step = total / 400 ? total / 400 : 1;
    for (unsigned long n = 1; n <= total; n += n < 200 ? 1 : step)
        run_failing_at(n);
}
END_TEST

Suite *vf_test_robust_suite(void)
{
    Suite *s = suite_create("robust");
    TCase *tc = tcase_create("numbers");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, random_numbers_past_int_are_errors);
    tcase_add_test(tc, random_numbers_at_int_edges);
    tcase_add_test(tc, every_binding_takes_any_number);
    suite_add_tcase(s, tc);
    tc = tcase_create("inputs");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, link_loop_and_fifo_are_walked_once);
    tcase_add_test(tc, bom_is_named);
    tcase_add_test(tc, control_bytes_are_refused);
    tcase_add_test(tc, bad_numbers_in_options);
    tcase_add_test(tc, dash_names_replay);
    tcase_add_test(tc, nothing_to_load_says_so);
    suite_add_tcase(s, tc);
    tc = tcase_create("time");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, time_budget_stops_lua_loops);
    tcase_add_test(tc, time_budget_sees_c_functions);
    tcase_add_test(tc, map_rows_are_bounded);
    tcase_add_test(tc, no_finalizers_for_vault_code);
    tcase_add_test(tc, stuck_in_c_exits_with_a_message);
    tcase_add_test(tc, time_budget_in_commands);
    tcase_add_test(tc, stuck_map_is_skipped_not_fatal);
    tcase_add_test(tc, c_work_counts_against_the_budget);
    tcase_add_test(tc, cpu_last_resort_is_its_own_kind);
    suite_add_tcase(s, tc);
    tc = tcase_create("isolation");
    tcase_add_test(tc, shared_library_is_read_only);
    tcase_add_test(tc, rawset_into_the_library_is_undone);
    tcase_add_test(tc, nested_tables_are_put_back);
    tcase_add_test(tc, poison_every_reachable_table);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    tc = tcase_create("alloc");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, failing_allocations_are_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("stop");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, sigterm_stops_a_run_cleanly);
    tcase_add_test(tc, sigint_stops_a_run_cleanly);
    tcase_add_test(tc, sigterm_ends_a_supervised_command);
    suite_add_tcase(s, tc);
    return s;
}
