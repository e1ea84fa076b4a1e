/* Resolving maps through Lua, end to end. */
#include "tests.h"
#include "vf_engine.h"

#include <stdlib.h>
#include <string.h>

typedef vf_t_eng eng;

static void eng_open(eng *x, const char *des)
{
    vf_t_eng_open(x, des, 5000000UL);
}

#define eng_close vf_t_eng_close

static vf_resolve_status resolve(eng *x, const char *map, uint64_t seed)
{
    vf_sbuf_reset(&x->err);
    vf_resolve_req rq = {.def = vf_t_map(&x->l, map), .seed = seed};
    return vf_engine_resolve(x->e, &rq, &x->m, &x->err);
}

static const char *row(eng *x, int y)
{
    static char buf[256];
    memcpy(buf, vf_grid_row(&x->m.grid, y), (size_t)x->m.grid.len[y]);
    buf[x->m.grid.len[y]] = 0;
    return buf;
}

START_TEST(subst_through_lua_distribution)
{
    eng x;
    eng_open(&x, "NAME: dist\nTAGS: transparent\nSUBST: T = T:20 U V\n"
                 "MAP\nT@\nENDMAP\n");
    int count[256] = {0};
    for (int i = 0; i < 10000; i++) {
        ck_assert_int_eq(resolve(&x, "dist", vf_seed_case(7, "dist", i)),
                         VF_RESOLVED);
        const char *r = row(&x, 0);   /* 2x1 or 1x2: the other cell is @ */
        int g = r[0] == '@' ? (x.m.grid.h > 1 ? row(&x, 1)[0] : r[1]) : r[0];
        count[g]++;
    }
    ck_assert_msg(abs(count['T'] - 5000) <= 200, "T %d", count['T']);
    ck_assert_msg(abs(count['U'] - 2500) <= 200, "U %d", count['U']);
    ck_assert_msg(abs(count['V'] - 2500) <= 200, "V %d", count['V']);
    /* No ORIENT: fixup made it a float minivault. */
    ck_assert_str_eq(x.m.orient, "float");
    ck_assert(vf_rmap_has_tag(&x.m, "minivault"));
    ck_assert(vf_rmap_has_tag(&x.m, "transparent"));
    eng_close(&x);
}
END_TEST

START_TEST(same_seed_same_map_and_order_independent)
{
    eng x;
    eng_open(&x, "NAME: a\n: n = (n or 0) + 1\nSUBST: A = xyz.\n"
                 "MAP\nAAAAAAAAAAAA\nENDMAP\n"
                 "NAME: b\nORIENT: north\nTAGS: no_hmirror no_vmirror "
                 "no_rotate\nSHUFFLE: abcdef\n"
                 ": if crawl.coinflip() then\nSUBST: a = Q\n: end\n"
                 "MAP\nabcdef\nENDMAP\n");
    ck_assert_int_eq(resolve(&x, "b", 99), VF_RESOLVED);
    char alone[64];
    strcpy(alone, row(&x, 0));
    ck_assert_str_eq(x.m.orient, "north");
    for (int i = 0; i < 5; i++) resolve(&x, "a", 1000 + i);
    ck_assert_int_eq(resolve(&x, "b", 99), VF_RESOLVED);
    ck_assert_str_eq(row(&x, 0), alone);
    /* Different seeds give different maps. */
    int differ = 0;
    char first[64];
    resolve(&x, "a", 1);
    strcpy(first, row(&x, 0));
    for (int s = 2; s < 12; s++) {
        resolve(&x, "a", (uint64_t)s);
        differ += strcmp(first, row(&x, 0)) != 0;
    }
    ck_assert_int_ge(differ, 9);
    eng_close(&x);
}
END_TEST

START_TEST(lua_marker_takes_function_or_table)
{
    eng x;
    eng_open(&x, "NAME: fn\nTAGS: t\n: calls = 0\n"
                 ": lua_marker('A', function () calls = calls + 1\n"
                 ":   return { n = calls } end)\n"
                 ": if calls ~= 3 then error('made ' .. calls) end\n"
                 "MAP\nA@A\n.A.\nENDMAP\n"
                 "NAME: tab\nTAGS: t\n: lua_marker('A', { kind = 'fog' })\n"
                 "MAP\nA@\nENDMAP\n"
                 "NAME: num\nTAGS: t\n: lua_marker('A', 5)\n"
                 "MAP\nA@\nENDMAP\n"
                 "NAME: notab\nTAGS: t\n: lua_marker('A', function () end)\n"
                 "MAP\nA@\nENDMAP\n"
                 "NAME: text\nTAGS: t\nMARKER: A = lua:no_such_maker{}\n"
                 "MAP\nA@\nENDMAP\n"
                 "NAME: textok\nTAGS: t\nMARKER: A = lua:{ k = x_marked }\n"
                 ": x_marked = 1\nMAP\nA@\nENDMAP\n");
    /* A function runs once per marked cell, in the map environment. */
    ck_assert_int_eq(resolve(&x, "fn", 1), VF_RESOLVED);
    ck_assert_uint_eq(x.m.nmarkers, 3);
    ck_assert_int_eq(resolve(&x, "tab", 1), VF_RESOLVED);
    ck_assert_int_eq(resolve(&x, "num", 1), VF_LUA_ERROR);
    ck_assert_str_eq(x.err.s, "t.des:19: Expected marker key and marker "
                     "function/table.");
    ck_assert_int_eq(resolve(&x, "notab", 1), VF_LUA_ERROR);
    /* Under 5.4 a function naming no global has no _ENV for the game's
     * crawl.setfenv (dungeon.lua's dgn_run_map) to set. */
    ck_assert_str_eq(x.err.s, VF_T_LUA("t.des:25: lua_marker: Expected table, "
                                       "didn't get it.",
                                       "t.des:25: dlua/dungeon.lua:96: "
                                       "crawl.setfenv: the function names no "
                                       "global, so it has no _ENV to set "
                                       "(Lua 5.4)"));
    /* "lua:" marker text is run too, where the MARKER line is. */
    ck_assert_int_eq(resolve(&x, "text", 1), VF_LUA_ERROR);
    ck_assert_ptr_nonnull(strstr(x.err.s, "t.des:31: "));
    ck_assert_ptr_nonnull(strstr(x.err.s, "no_such_maker"));
    ck_assert_int_eq(resolve(&x, "textok", 1), VF_RESOLVED);
    eng_close(&x);
}
END_TEST

START_TEST(each_case_is_a_new_game)
{
    eng x;
    eng_open(&x, "NAME: game\nTAGS: t\n"
                 ": local sw, sh = dgn.br_exists('Swamp'), "
                 "dgn.br_exists('Shoals')\n"
                 ": local sn, sp = dgn.br_exists('Snake'), "
                 "dgn.br_exists('Spider')\n"
                 ": if sw == sh or sn == sp then error('pairs') end\n"
                 ": tags((dgn.zot_orb_type():gsub(' ', '_')))\n"
                 ": if sw then tags('has_swamp') end\n"
                 ": if sp then tags('has_spider') end\n"
                 ": local orc = dgn.level_name(dgn.br_entrance('Orc'))\n"
                 ": tags('orc_' .. orc:gsub(':', '_'))\n"
                 ": local off = sw and 'Shoals' or 'Swamp'\n"
                 ": tags('off_' .. dgn.level_name(dgn.br_entrance(off)))\n"
                 ": if you.uniques('Sigmund') then tags('met') end\n"
                 "MAP\n.\nENDMAP\n"
                 "NAME: picky\nveto {{ return you.uniques('Sigmund') }}\n"
                 "MAP\n.\nENDMAP\n");
    int swamp = 0, spider = 0, fire = 0, winter = 0, entropy = 0, met = 0;
    int orc[16] = {0};
    for (uint64_t s = 1; s <= 200; s++) {
        ck_assert_int_eq(resolve(&x, "game", s), VF_RESOLVED);
        /* ng-init-branches.cc: Orc's entrance is one of D:9-12 a game;
         * the Lair branch a game leaves out has none (D:-1). */
        for (int d = 0; d < 16; d++) {
            char tag[32];
            snprintf(tag, sizeof tag, "orc_D_%d", d);
            orc[d] += vf_rmap_has_tag(&x.m, tag);
        }
        ck_assert(vf_rmap_has_tag(&x.m, "off_D:-1"));
        met += vf_rmap_has_tag(&x.m, "met");
        swamp += vf_rmap_has_tag(&x.m, "has_swamp");
        spider += vf_rmap_has_tag(&x.m, "has_spider");
        fire += vf_rmap_has_tag(&x.m, "orb_of_fire");
        winter += vf_rmap_has_tag(&x.m, "orb_of_winter");
        entropy += vf_rmap_has_tag(&x.m, "orb_of_entropy");
    }
    /* Each choice goes both ways, about evenly. */
    ck_assert(swamp > 60 && swamp < 140);
    ck_assert(spider > 60 && spider < 140);
    ck_assert_int_eq(fire + winter + entropy, 200);
    ck_assert(fire > 35 && winter > 35 && entropy > 35);
    ck_assert(met > 60 && met < 140);
    for (int d = 0; d < 16; d++)
        ck_assert_msg(d >= 9 && d <= 12 ? orc[d] > 25 : orc[d] == 0,
                      "Orc at D:%d in %d games", d, orc[d]);
    /* A veto that asked about the game says what it asked. */
    int vetoes = 0;
    for (uint64_t s = 1; s <= 20; s++) {
        if (resolve(&x, "picky", s) != VF_VETOED) continue;
        vetoes++;
        ck_assert_msg(strstr(x.err.s, "; it asks about the game, drawn once "
                             "per game: you.uniques"), "%s", x.err.s);
    }
    ck_assert_int_gt(vetoes, 0);
    eng_close(&x);
}
END_TEST

/* With no game set up (anchors: placement.lua runs under -script) no
 * unique was ever made: you.uniques is false in every case. */
START_TEST(no_game_no_uniques)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: met\n: if you.uniques('Sigmund') then "
                  "tags('met') end\nMAP\n.\nENDMAP\n");
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.no_game = 1;
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine *e = vf_engine_new(&l.set, &cfg, &l.d, &err);
    ck_assert_msg(e != NULL, "%s", vf_sbuf_str(&err));
    vf_rmap m;
    vf_rmap_init(&m, NULL, NULL);
    for (uint64_t s = 1; s <= 40; s++) {
        vf_resolve_req rq = {.def = vf_t_map(&l, "met"), .seed = s};
        ck_assert_int_eq(vf_engine_resolve(e, &rq, &m, &err), VF_RESOLVED);
        ck_assert(!vf_rmap_has_tag(&m, "met"));
    }
    vf_rmap_free(&m);
    vf_engine_free(e);
    vf_sbuf_free(&err);
    vf_t_free(&l);
}
END_TEST

/* dungeon.cc _build_overflow_temples places an overflow temple under the
 * tag it drew it by, which the map reads (get_overflow_altar_count); the
 * load-time run has none, and a map drawn by no such tag none either. */
START_TEST(drawn_by_tag_with_parameter)
{
    eng x;
    eng_open(&x, "NAME: overflow\n"
                 "TAGS: temple_overflow_generic_3 temple_overflow_generic_5\n"
                 ": local p = dgn.map_parameters()\n"
                 ": tags('n' .. #p .. '_' .. (p[1] or 'none'))\n"
                 "MAP\n.\nENDMAP\n"
                 "NAME: plain\nTAGS: t\n"
                 ": tags('n' .. #dgn.map_parameters())\n"
                 "MAP\n.\nENDMAP\n");
    int three = 0, five = 0;
    for (uint64_t s = 1; s <= 60; s++) {
        ck_assert_int_eq(resolve(&x, "overflow", s), VF_RESOLVED);
        three += vf_rmap_has_tag(&x.m, "n1_temple_overflow_generic_3");
        five += vf_rmap_has_tag(&x.m, "n1_temple_overflow_generic_5");
        ck_assert_int_eq(resolve(&x, "plain", s), VF_RESOLVED);
        ck_assert(vf_rmap_has_tag(&x.m, "n0"));
    }
    ck_assert_int_eq(three + five, 60);
    ck_assert(three > 10 && five > 10);
    vf_sbuf_reset(&x.err);
    vf_resolve_req load = {.def = vf_t_map(&x.l, "overflow"), .seed = 1,
                           .validating = 1};
    ck_assert_int_eq(vf_engine_resolve(x.e, &load, &x.m, &x.err),
                     VF_RESOLVED);
    ck_assert(vf_rmap_has_tag(&x.m, "n0_none"));
    eng_close(&x);
}
END_TEST

/* A vault that replaces a library function's environment (under 5.4 its
 * whole file's _ENV) spoils it for itself only: the next case meets the
 * library as loaded. */
START_TEST(setfenv_undone_between_cases)
{
    eng x;
    eng_open(&x, "NAME: spoiler\n: crawl.setfenv(dgn.find_map, {})\n"
                 "MAP\n.\nENDMAP\n"
                 "NAME: user\n"
                 ": if not dgn.find_map{name = 'user'} then error('no') end\n"
                 "MAP\n.\nENDMAP\n");
    resolve(&x, "spoiler", 1);
    ck_assert_msg(resolve(&x, "user", 2) == VF_RESOLVED, "%s", x.err.s);
    eng_close(&x);
}
END_TEST

START_TEST(mons_and_item_slots)
{
    eng x;
    eng_open(&x, "NAME: slots\nTAGS: t\nMONS: rat, bat\n: mons(nil)\n"
                 ": mons('orc')\n: mons(3, 'gnoll')\nITEM: dagger\n"
                 ": item(nil)\n: item('club')\n"
                 ": if crawl.roll_dice(1) ~= 1 then error('one die') end\n"
                 "MAP\n1@\nENDMAP\n");
    ck_assert_int_eq(resolve(&x, "slots", 1), VF_RESOLVED);
    ck_assert_uint_eq(x.m.mons.n, 2);
    ck_assert_str_eq(x.m.mons.v[0], "orc");
    ck_assert_str_eq(x.m.mons.v[1], "3");
    ck_assert_uint_eq(x.m.items.n, 1);
    ck_assert_str_eq(x.m.items.v[0], "club");
    eng_close(&x);
}
END_TEST

START_TEST(lua_errors_at_des_lines)
{
    eng x;
    eng_open(&x, "NAME: boom\nTAGS: t\n\n: local x = nil\n: x.y = 1\n"
                 "MAP\n@\nENDMAP\n"
                 "NAME: bad_subst\nSUBST: nonsense\nMAP\n@\nENDMAP\n"
                 "NAME: bad_arg\nMAP\n@\nENDMAP\n: local t = {}\n"
                 ": kfeat(t)\n"
                 "NAME: helper\n: function helper(e) e.nsubst(nil) end\n"
                 ": helper(_G)\nMAP\n@\nENDMAP\n");
    ck_assert_int_eq(resolve(&x, "boom", 1), VF_LUA_ERROR);
    ck_assert_str_eq(x.err.s, VF_T_LUA("t.des:5: attempt to index local 'x' "
                                       "(a nil value)", "t.des:5: attempt to "
                                       "index a nil value (local 'x')"));
    ck_assert_int_eq(resolve(&x, "bad_subst", 1), VF_LUA_ERROR);
    ck_assert_str_eq(x.err.s, "t.des:10: malformed declaration - must use = "
                     "or : in 'nonsense'");
    /* A binding's argument error names it, at the vault's line. */
    ck_assert_int_eq(resolve(&x, "bad_arg", 1), VF_LUA_ERROR);
    ck_assert_str_eq(x.err.s, "t.des:19: bad argument #2 to 'kfeat' (string "
                     "expected, got table)");
    ck_assert_int_eq(resolve(&x, "helper", 1), VF_LUA_ERROR);
    ck_assert_str_eq(x.err.s, "t.des:21: bad argument #2 to 'nsubst' "
                     "(string expected, got nil)");
    eng_close(&x);
}
END_TEST

START_TEST(validate_veto_and_attempts)
{
    eng x;
    eng_open(&x,
        "NAME: never\nvalidate {{ return false }}\nMAP\n@\nENDMAP\n"
        "NAME: vetoed\nveto {{ return true }}\nMAP\n@\nENDMAP\n"
        "NAME: retry\nSUBST: A = x.\nTAGS: no_hmirror no_vmirror no_rotate\n"
        "validate {{ return is_validating() or glyph_ok() }}\n"
        ": function glyph_ok() return map():sub(1, 1) == 'x' end\n"
        "MAP\nA@\nENDMAP\n");
    ck_assert_int_eq(resolve(&x, "never", 1), VF_VALIDATE_FAILED);
    ck_assert_int_eq(x.m.attempts, VF_RESOLVE_ATTEMPTS);
    ck_assert_int_eq(resolve(&x, "vetoed", 1), VF_VETOED);
    ck_assert_int_eq(x.m.attempts, 1);
    int retried = 0;
    for (int s = 0; s < 200; s++) {
        ck_assert_int_eq(resolve(&x, "retry", (uint64_t)s), VF_RESOLVED);
        ck_assert_str_eq(row(&x, 0), "x@");
        retried += x.m.attempts > 1;
    }
    ck_assert_int_gt(retried, 50);   /* about half need a second try */
    /* The load-time run: is_validating() is true, validate's answer is
     * ignored. */
    vf_sbuf_reset(&x.err);
    vf_resolve_req load = {.def = vf_t_map(&x.l, "never"), .seed = 1,
                           .validating = 1};
    ck_assert_int_eq(vf_engine_resolve(x.e, &load, &x.m, &x.err),
                     VF_RESOLVED);
    eng_close(&x);
}
END_TEST

START_TEST(environment_prelude_and_hooks)
{
    eng x;
    eng_open(&x,
        "{{\n"
        "function vf_setup(e)\n"
        "  e.tags('from_helper')\n"
        "  e.subst('B = W')\n"
        "end\n"
        "}}\n"
        "NAME: env\nTAGS: no_hmirror no_vmirror no_rotate\n"
        ": vf_setup(_G)\n"
        ": hook('post_main', function() tags('from_hook') end)\n"
        ": local_global = 5\n"
        ": assert(_G.local_global == 5 and name() == 'env')\n"
        ": orient('centre')\n"
        "MAP\nB@\nENDMAP\n"
        "NAME: other\n: assert(local_global == nil)\nMAP\n@\nENDMAP\n");
    ck_assert_int_eq(resolve(&x, "env", 3), VF_RESOLVED);
    ck_assert_str_eq(row(&x, 0), "W@");
    ck_assert(vf_rmap_has_tag(&x.m, "from_helper"));
    ck_assert(vf_rmap_has_tag(&x.m, "from_hook"));
    ck_assert(!vf_rmap_has_tag(&x.m, "minivault"));
    ck_assert_str_eq(x.m.orient, "centre");
    /* Globals set by one map's code stay in its environment. */
    ck_assert_int_eq(resolve(&x, "other", 3), VF_RESOLVED);
    eng_close(&x);
}
END_TEST

/* Library code (file-level functions, whose environment is the global
 * table) that adds or changes globals must not carry them into the next
 * case, nor may dgn.persist; a start-up global read after a case that
 * changed it has its start-up value. */
START_TEST(cases_start_from_start_up_globals)
{
    eng x;
    eng_open(&x,
        "{{\n"
        "vf_count = 0\n"
        "function vf_bump()\n"
        "  vf_count = vf_count + 1\n"
        "  vf_added = (vf_added or 0) + 1\n"
        "  dgn.persist.vf_seen = (dgn.persist.vf_seen or 0) + 1\n"
        "  return vf_count == 1 and vf_added == 1\n"
        "    and dgn.persist.vf_seen == 1\n"
        "end\n"
        "}}\n"
        "NAME: bump\n"
        ": if not vf_bump() then error('leaked from an earlier case') end\n"
        "MAP\n@\nENDMAP\n"
        "NAME: look\n"
        ": if vf_count ~= 0 or vf_added ~= nil then error('leaked') end\n"
        "MAP\n@\nENDMAP\n");
    for (uint64_t s = 1; s <= 3; s++) {
        ck_assert_msg(resolve(&x, "bump", s) == VF_RESOLVED, "%s",
                      x.err.s ? x.err.s : "");
        ck_assert_msg(resolve(&x, "look", s) == VF_RESOLVED, "%s",
                      x.err.s ? x.err.s : "");
    }
    eng_close(&x);
}
END_TEST

/* Hook runs are skipped only when no hook can exist: a global hook
 * registered while the library loaded runs in every case, a map's own
 * hook in each of its cases, and a map without hooks gets none. */
START_TEST(hooks_run_when_registered)
{
    eng x;
    eng_open(&x,
        "{{\n"
        "dgn.global_hook('pre_main', function() tags('from_global') end)\n"
        "}}\n"
        "NAME: with_hook\n"
        ": hook('post_main', function() tags('from_own') end)\n"
        "MAP\n@\nENDMAP\n"
        "NAME: without\n"
        "MAP\n@\nENDMAP\n");
    for (uint64_t s = 1; s <= 3; s++) {
        ck_assert_int_eq(resolve(&x, "without", s), VF_RESOLVED);
        ck_assert(vf_rmap_has_tag(&x.m, "from_global"));
        ck_assert(!vf_rmap_has_tag(&x.m, "from_own"));
        ck_assert_int_eq(resolve(&x, "with_hook", s), VF_RESOLVED);
        ck_assert(vf_rmap_has_tag(&x.m, "from_global"));
        ck_assert(vf_rmap_has_tag(&x.m, "from_own"));
    }
    eng_close(&x);
}
END_TEST

START_TEST(endless_loop_in_a_map)
{
    eng x;
    eng_open(&x, "NAME: spin\n: while true do end\nMAP\n@\nENDMAP\n"
                 "NAME: fine\nMAP\n@\nENDMAP\n");
    ck_assert_int_eq(resolve(&x, "spin", 1), VF_LUA_ERROR);
    ck_assert_str_eq(x.err.s, "t.des:2: instruction budget exceeded (5000000 "
                     "instructions): an endless loop?");
    ck_assert_int_eq(resolve(&x, "fine", 1), VF_RESOLVED);
    eng_close(&x);
}
END_TEST

START_TEST(flips_and_rotation)
{
    eng x;
    eng_open(&x, "NAME: geo\nORIENT: northwest\nMAP\nab\ncd\nef\nENDMAP\n"
                 "NAME: fixed\nTAGS: no_hmirror no_vmirror no_rotate\n"
                 "MAP\nab\ncd\nENDMAP\n"
                 "NAME: dot\nMAP\nx\nENDMAP\n");
    /* Each of the 8 results of (hmirror, vmirror, rotation) appears: count
     * the distinct first rows and orientations over many seeds. */
    int hmirrored = 0, rotated = 0, n = 10000;
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(resolve(&x, "geo", vf_seed_case(3, "geo", i)),
                         VF_RESOLVED);
        const char *r0 = row(&x, 0);
        int rot = x.m.grid.w == 3;
        rotated += rot;
        if (!rot) hmirrored += r0[0] == 'b' || r0[0] == 'f';
        /* Whatever happened, the orientation followed the grid: 'a' stays in
         * the corner the orientation names. */
        const char *o = x.m.orient;
        int ax = -1, ay = -1;
        for (int y = 0; y < x.m.grid.h; y++)
            for (int c = 0; c < x.m.grid.w; c++)
                if (vf_grid_row(&x.m.grid, y)[c] == 'a') ax = c, ay = y;
        int west = ax == 0, north = ay == 0;
        ck_assert_msg(!strcmp(o, north ? (west ? "northwest" : "northeast")
                                       : (west ? "southwest" : "southeast")),
                      "a at %d,%d but orient %s", ax, ay, o);
    }
    ck_assert_msg(abs(rotated - n / 2) <= n / 50, "rotated %d", rotated);
    ck_assert_msg(abs(hmirrored - (n - rotated) / 2) <= n / 50, "h %d",
                  hmirrored);
    /* Tags forbid; 1x1 maps never change. */
    for (int i = 0; i < 50; i++) {
        resolve(&x, "fixed", (uint64_t)i);
        ck_assert_str_eq(row(&x, 0), "ab");
        resolve(&x, "dot", (uint64_t)i);
        ck_assert_str_eq(row(&x, 0), "x");
    }
    eng_close(&x);
}
END_TEST

/* Where a map runs without --place (vf_engine_map_place): the engine's
 * place when PLACE or DEPTH admit it; else PLACE's first level before
 * DEPTH's; the file's default-depth for a map with neither; a map with
 * neither that the game's Vaults layout draws by tag (v_layouts.lua) on
 * Vaults:1; -1 and the engine's place for a map naming no level. */
static const char places_des[] =
    "NAME: at_d8\nDEPTH: D:2-12\nMAP\nx\nENDMAP\n\n"
    "NAME: v_room\nTAGS: vaults_room\nMAP\nx\nENDMAP\n\n"
    "NAME: v_entry\nTAGS: x vaults_entry_crypt\nMAP\nx\nENDMAP\n\n"
    "NAME: v_oriented\nTAGS: vaults_orient_n\nMAP\nx\nENDMAP\n\n"
    "NAME: v_deep\nTAGS: vaults_empty\nDEPTH: D:3\nMAP\nx\nENDMAP\n\n"
    "NAME: in_lair\nDEPTH: Lair\nMAP\nx\nENDMAP\n\n"
    "NAME: place_first\nPLACE: Temple\nDEPTH: Elf:2\nMAP\nx\nENDMAP\n\n"
    "NAME: nowhere\nMAP\nx\nENDMAP\n\n"
    "default-depth: Orc:2\n\n"
    "NAME: by_default\nMAP\nx\nENDMAP\n";

static const char *map_place(eng *x, const char *map, int rc)
{
    static char buf[32];
    vf_place p;
    ck_assert_int_eq(vf_engine_map_place(x->e, vf_t_map(&x->l, map), &p),
                     rc);
    vf_place_describe(NULL, &p, buf, sizeof buf);
    return buf;
}

START_TEST(maps_run_where_they_are_placed)
{
    eng x;
    eng_open(&x, places_des);
    ck_assert_str_eq(map_place(&x, "at_d8", 0), "D:8");
    ck_assert_str_eq(map_place(&x, "in_lair", 0), "Lair:1");
    ck_assert_str_eq(map_place(&x, "place_first", 0), "Temple");
    ck_assert_str_eq(map_place(&x, "by_default", 0), "Orc:2");
    ck_assert_str_eq(map_place(&x, "nowhere", -1), "D:8");
    ck_assert_str_eq(map_place(&x, "v_room", 0), "Vaults:1");
    ck_assert_str_eq(map_place(&x, "v_entry", 0), "Vaults:1");
    ck_assert_str_eq(map_place(&x, "v_oriented", -1), "D:8");
    ck_assert_str_eq(map_place(&x, "v_deep", 0), "D:3");
    vf_place elf;
    char why[64];
    vf_place_parse(NULL, "Elf:2", &elf, why, sizeof why);
    vf_engine_set_place(x.e, &elf);   /* admitted by DEPTH: kept */
    ck_assert_str_eq(map_place(&x, "place_first", 0), "Elf:2");
    eng_close(&x);
}
END_TEST

START_TEST(grid_geometry)
{
    vf_grid g;
    vf_grid_init(&g);
    vf_grid_add_line(&g, "abc", 3);
    vf_grid_add_line(&g, "de", 2);   /* ragged: padded first */
    vf_grid_rotate(&g, 1);
    ck_assert_int_eq(g.w, 2);
    ck_assert_int_eq(g.h, 3);
    ck_assert(!memcmp(vf_grid_row(&g, 0), "da", 2));
    ck_assert(!memcmp(vf_grid_row(&g, 1), "eb", 2));
    ck_assert(!memcmp(vf_grid_row(&g, 2), " c", 2));
    vf_grid_rotate(&g, 0);            /* and back */
    ck_assert(!memcmp(vf_grid_row(&g, 0), "abc", 3));
    ck_assert(!memcmp(vf_grid_row(&g, 1), "de ", 3));
    vf_grid_hmirror(&g);
    ck_assert(!memcmp(vf_grid_row(&g, 0), "cba", 3));
    vf_grid_vmirror(&g);
    ck_assert(!memcmp(vf_grid_row(&g, 0), " ed", 3));
    vf_grid_free(&g);
    ck_assert_str_eq(vf_orient_after("north", "cw"), "east");
    ck_assert_str_eq(vf_orient_after("northeast", "cw"), "southeast");
    ck_assert_str_eq(vf_orient_after("west", "ccw"), "south");
    ck_assert_str_eq(vf_orient_after("east", "h"), "west");
    ck_assert_str_eq(vf_orient_after("northwest", "v"), "southwest");
    ck_assert_str_eq(vf_orient_after("north", "h"), "north");
    ck_assert_str_eq(vf_orient_after("float", "cw"), "float");
}
END_TEST

/* The load-time run is the game's read_maps() at start-up, the player on
 * D:1 (player::init), whatever level the engine is set to; placement
 * runs where it is set, and the load-time run leaves that alone. The Lua
 * is trunk's grunt_hell_horde's: a weight of 5 - depth. */
START_TEST(load_time_run_is_at_depth_1)
{
    eng x;
    eng_open(&x, "NAME: hordeish\nTAGS: transparent\n"
                 ": nsubst('A = 1:x / 1:' .. you.depth() .. ' .:' .. "
                 "5 - you.depth())\n"
                 ": if you.depth() ~= 1 and is_validating() then "
                 "error('load at depth ' .. you.depth()) end\n"
                 "MAP\nAAAAA@\nENDMAP\n");
    ck_assert_int_eq(vf_engine_place(x.e)->depth, 8);
    vf_sbuf_reset(&x.err);
    vf_resolve_req load = {.def = vf_t_map(&x.l, "hordeish"), .seed = 1,
                           .validating = 1};
    ck_assert_msg(vf_engine_resolve(x.e, &load, &x.m, &x.err) == VF_RESOLVED,
                  "%s", vf_sbuf_str(&x.err));
    ck_assert_int_eq(vf_engine_place(x.e)->depth, 8);
    ck_assert_int_eq(resolve(&x, "hordeish", 1), VF_LUA_ERROR);
    ck_assert_ptr_nonnull(strstr(vf_sbuf_str(&x.err), "weight"));
    eng_close(&x);
}
END_TEST

/* dgn.item_spec (trunk's ziggurat.lua at placement): an item list checked
 * as KITEM checks it, handed back for dgn.create_item. */
START_TEST(item_spec_checks_and_returns_a_list)
{
    eng x;
    eng_open(&x, "NAME: loot\nTAGS: transparent\n"
                 ": local l = dgn.item_spec('* no_pickup w:70 / potion of "
                 "magic q:5')\n"
                 ": dgn.create_item(1, 1, l)\n"
                 ": assert(type(l) == 'table' and l.spec)\n"
                 "MAP\nx@x\nENDMAP\n"
                 "NAME: bad_loot\nTAGS: transparent\n"
                 ": dgn.item_spec('* w:0')\n"
                 "MAP\nx@x\nENDMAP\n");
    ck_assert_msg(resolve(&x, "loot", 1) == VF_RESOLVED, "%s",
                  vf_sbuf_str(&x.err));
    ck_assert_int_eq(resolve(&x, "bad_loot", 1), VF_LUA_ERROR);
    ck_assert_ptr_nonnull(strstr(vf_sbuf_str(&x.err), "weight"));
    eng_close(&x);
}
END_TEST

Suite *vf_test_engine_suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("resolve");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, subst_through_lua_distribution);
    tcase_add_test(tc, same_seed_same_map_and_order_independent);
    tcase_add_test(tc, lua_errors_at_des_lines);
    tcase_add_test(tc, lua_marker_takes_function_or_table);
    tcase_add_test(tc, drawn_by_tag_with_parameter);
    tcase_add_test(tc, no_game_no_uniques);
    tcase_add_test(tc, setfenv_undone_between_cases);
    tcase_add_test(tc, mons_and_item_slots);
    tcase_add_test(tc, each_case_is_a_new_game);
    tcase_add_test(tc, validate_veto_and_attempts);
    tcase_add_test(tc, environment_prelude_and_hooks);
    tcase_add_test(tc, cases_start_from_start_up_globals);
    tcase_add_test(tc, hooks_run_when_registered);
    tcase_add_test(tc, endless_loop_in_a_map);
    tcase_add_test(tc, flips_and_rotation);
    tcase_add_test(tc, grid_geometry);
    tcase_add_test(tc, maps_run_where_they_are_placed);
    tcase_add_test(tc, load_time_run_is_at_depth_1);
    tcase_add_test(tc, item_spec_checks_and_returns_a_list);
    suite_add_tcase(s, tc);
    return s;
}
