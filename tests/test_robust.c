/* Hostile vault Lua and odd inputs (issue 15): each is contained, with a
 * clear message, and leaves the rest as it was. */
#include "tests.h"

#include <string.h>

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
    ck_assert_str_eq(raised("crawl.random2(2^31)"),
                     "t.des:3: bad argument #1 to 'random2' (number "
                     "2147483648 is not an int)");
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

Suite *vf_test_robust_suite(void)
{
    Suite *s = suite_create("robust");
    TCase *tc = tcase_create("numbers");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, random_numbers_past_int_are_errors);
    tcase_add_test(tc, random_numbers_at_int_edges);
    tcase_add_test(tc, every_binding_takes_any_number);
    suite_add_tcase(s, tc);
    return s;
}
