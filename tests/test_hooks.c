/* post_place hooks run once the case's map is on its level: the maps
 * they place are vaults of the level, judged with it and named by the
 * findings; a hook's error is the case's, at the hook's line. */
#include "tests.h"
#include "vf_case.h"
#include "vf_catalog.h"
#include "vf_explain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A map whose post_place hook runs call (14 lines, the hook's body on
 * the sixth). Each call names a global: under Lua 5.4 a hook naming none
 * has no _ENV, which the game's crawl.setfenv cannot set. */
#define PARENT(name, call)                                                  \
    "NAME: " name "\nTAGS: transparent\nDEPTH: D\n"                         \
    "{{\n  hook(\"post_place\", function()\n    " call "\n  end)\n}}\n"    \
    "MAP\n...\n.@.\n...\nENDMAP\n\n"

static const char des[] =
    PARENT("t_seals", "dgn.place_maps{tag=\"t_sealer\", count=1}")
    PARENT("t_harmless", "dgn.place_maps{tag=\"t_pillar\", count=2}")
    PARENT("t_raises", "local _ = dgn; local x = nil; return x.field")
    PARENT("t_must_place",
           "dgn.place_maps{tag=\"t_never\", die_on_error=true}")
    PARENT("t_at", "dgn.place_map(dgn.map_by_name(\"t_pillar_one\"), "
           "true, false, 10, 10)")
    "NAME: t_persists\nTAGS: transparent\nDEPTH: D\n"
    "{{\n  dgn.persist.t_count = (dgn.persist.t_count or 0) + 1\n"
    "  hook(\"post_place\", function()\n"
    "    assert(dgn.persist.t_count == 1, 'persist ' .. dgn.persist.t_count)\n"
    "  end)\n}}\n"
    "MAP\n.@.\nENDMAP\n\n"
    "NAME: t_primary\nTAGS: transparent\nDEPTH: D\nORIENT: float\n"
    "{{\n  hook(\"post_place\", function()\n"
    "    dgn.place_maps{tag=\"t_pillar\", count=2}\n  end)\n}}\n"
    "MAP\n..@..\n.....\n.....\nENDMAP\n\n"
    "NAME: t_sealer\nTAGS: t_sealer transparent no_exits\nDEPTH: D\n"
    "MAP\nxxxxx\nx...x\nx...x\nxxxxx\nENDMAP\n\n"
    "NAME: t_pillar_one\nTAGS: t_pillar transparent allow_dup\nDEPTH: D\n"
    "MAP\n...\n.x.\n...\nENDMAP\n\n"
    "NAME: t_never\nTAGS: t_never transparent\nDEPTH: D\n"
    "validate {{ return false }}\nMAP\n.@.\nENDMAP\n\n"
    PARENT("t_maybe", "dgn.place_maps{tag=\"t_maybe_sealer\"}")
    PARENT("t_picks", "dgn.place_maps{tag=\"t_pick\"}")
    "NAME: t_pick_sealed\nTAGS: t_pick transparent no_exits\nDEPTH: D\n"
    "MAP\nxxxxx\nx...x\nx...x\nxxxxx\nENDMAP\n\n"
    "NAME: t_pick_open\nTAGS: t_pick transparent\nDEPTH: D\n"
    "MAP\n...\n.x.\n...\nENDMAP\n\n"
    PARENT("t_loops", "local _ = dgn; while true do end")
    "NAME: t_maybe_sealer\nTAGS: t_maybe_sealer transparent\nDEPTH: D\n"
    "SUBST: A = x.\nMAP\nxxxxx\nx...x\nx...A\nxxxxx\nENDMAP\n";

typedef struct hook_case {
    vf_t_eng x;
    vf_level *l;             /* x.c's, the last case's */
    vf_conn_report *r;
    vf_verdict v;
} hook_case;

static hook_case *open_cases(void)
{
    hook_case *h = calloc(1, sizeof *h);
    vf_t_eng_open(&h->x, des, 10000000);
    h->l = h->x.c.level;
    h->r = h->x.c.report;
    return h;
}

static void close_cases(hook_case *h)
{
    vf_t_eng_close(&h->x);
    free(h);
}

static void run(hook_case *h, const char *map, vf_mode mode, uint32_t iter)
{
    h->x.c.opts.mode = mode;
    vf_case_run(&h->x.c, vf_t_map(&h->x.l, map), iter, &h->v);
}

/* Whether a vault named name is on the level. */
static int on_level(const vf_level *l, const char *name)
{
    for (int i = 0; i < l->nvaults; i++)
        if (!strcmp(l->vaults[i].name, name)) return 1;
    return 0;
}

/* The child closes a room off: the case fails, and the finding is in
 * the child, which the description of the hooks' maps names. */
START_TEST(child_that_seals_fails_the_case)
{
    hook_case *h = open_cases();
    run(h, "t_seals", VF_MODE_EMPTY, 0);
    ck_assert_msg(h->v.kinds & VF_V_ISOLATED_ZONES, "%s", h->v.message);
    ck_assert(!h->v.not_tried);
    ck_assert(on_level(h->l, "t_sealer"));
    vf_sbuf out = VF_SBUF_INIT;
    vf_conn_render(h->l, h->r, &out);
    ck_assert_msg(strstr(vf_sbuf_str(&out), "in t_sealer"), "%s",
                  vf_sbuf_str(&out));
    vf_sbuf_reset(&out);
    vf_case_describe_children(h->l, &h->v, &out);
    ck_assert_msg(!strncmp(vf_sbuf_str(&out), "hooks placed: t_sealer 5x4",
                           26) ||
                  !strncmp(vf_sbuf_str(&out), "hooks placed: t_sealer 4x5",
                           26), "%s", vf_sbuf_str(&out));
    vf_sbuf_free(&out);
    close_cases(h);
}
END_TEST

/* Harmless children: ok, tried, both on the level, in every layout,
 * placed by a minivault (placed on the layout) or a primary vault (the
 * layout drawn round it, its stairs in before the hooks run). */
START_TEST(harmless_children_are_ok)
{
    hook_case *h = open_cases();
    vf_mode modes[] = {VF_MODE_EMPTY, VF_MODE_ROOMS, VF_MODE_OPEN};
    for (size_t i = 0; i < 2 * sizeof modes / sizeof *modes; i++) {
        run(h, i % 2 ? "t_primary" : "t_harmless", modes[i / 2], 1);
        ck_assert_msg(!h->v.not_tried, "%s", h->v.message);
        ck_assert_msg(!(h->v.error & ~VF_V_LEVEL_VETOED), "%s: %x %s",
                      vf_mode_name(modes[i / 2]), h->v.error, h->v.message);
        ck_assert_int_eq(h->l->nvaults, 3);
        ck_assert(on_level(h->l, "t_pillar_one"));
    }
    close_cases(h);
}
END_TEST

/* The case of map's hook is a Lua error whose message holds want. */
static void hook_fails_with(const char *map, const char *want)
{
    hook_case *h = open_cases();
    run(h, map, VF_MODE_EMPTY, 0);
    ck_assert_msg(h->v.kinds & VF_V_LUA_ERROR, "%x %s", h->v.kinds,
                  h->v.message);
    ck_assert_msg(strstr(h->v.message, want), "%s", h->v.message);
    close_cases(h);
}

/* An error in the hook: a Lua error at the hook's line of the file
 * (t_raises's NAME is line 29; its hook's body line 34). */
START_TEST(hook_error_is_at_its_line)
{
    hook_fails_with("t_raises", "t.des:34: ");
}
END_TEST

/* A hook that never ends meets the budget of the map's own Lua. */
START_TEST(hook_runs_under_the_budget)
{
    hook_fails_with("t_loops", "instruction budget exceeded");
}
END_TEST

/* die_on_error and a map that never resolves: the game's quiet veto,
 * which placement.lua's level reports as a failure to place. */
START_TEST(die_on_error_vetoes)
{
    hook_case *h = open_cases();
    run(h, "t_must_place", VF_MODE_EMPTY, 0);
    ck_assert_msg(h->v.kinds == VF_V_PLACE_FAILED ||
                  (h->v.kinds & VF_V_PLACE_FAILED), "%x %s", h->v.kinds,
                  h->v.message);
    ck_assert_msg(strstr(h->v.message, "Failed to place map 't_never'"),
                  "%s", h->v.message);
    close_cases(h);
}
END_TEST

/* A position given: the floating map goes centred on it. */
START_TEST(place_map_at_a_position)
{
    hook_case *h = open_cases();
    run(h, "t_at", VF_MODE_EMPTY, 0);
    ck_assert_msg(!h->v.kinds, "%x %s", h->v.kinds, h->v.message);
    ck_assert_int_eq(h->l->nvaults, 2);
    ck_assert_int_eq(h->l->vaults[1].x, 9);
    ck_assert_int_eq(h->l->vaults[1].y, 9);
    close_cases(h);
}
END_TEST

/* dgn.persist as the map's resolve left it when its hooks run, and
 * empty again for the next case. */
START_TEST(persist_lasts_one_case)
{
    hook_case *h = open_cases();
    for (uint32_t i = 0; i < 4; i++) {
        run(h, "t_persists", i % 2 ? VF_MODE_ROOMS : VF_MODE_EMPTY, i);
        ck_assert_msg(!(h->v.kinds & VF_V_LUA_ERROR), "%s", h->v.message);
        ck_assert(!h->v.not_tried);
    }
    close_cases(h);
}
END_TEST

/* Explains the first of map's iterations 0..19 that is an error into x
 * (the caller frees it); 0 when none is. */
static int explain_first_error(hook_case *h, const char *map,
                               vf_explanation *x)
{
    const vf_mapdef *def = vf_t_map(&h->x.l, map);
    h->x.c.opts.mode = VF_MODE_EMPTY;
    for (uint32_t i = 0; i < 20; i++) {
        vf_explain(&h->x.c, def, i, 200, x);
        if (x->sev >= VF_SEV_ERROR) return 1;
        vf_explanation_free(x);
    }
    return 0;
}

/* The lines explain prints for x, for map. */
static char *explained_lines(const vf_explanation *x, const char *map)
{
    vf_sbuf out = VF_SBUF_INIT;
    vf_explain_lines(x, "t.des", map, &out);
    return vf_sbuf_take(&out);
}

/* explain reaches into the maps the hooks placed: the child's SUBST that
 * closed its room is the cause, said to be that map's. */
START_TEST(explain_finds_the_cause_in_the_child)
{
    hook_case *h = open_cases();
    vf_explanation x;
    ck_assert(explain_first_error(h, "t_maybe", &x));
    ck_assert_uint_eq(x.ncauses, 1);
    ck_assert_str_eq(x.causes[0].choice.sub, "t_maybe_sealer");
    ck_assert(x.causes[0].choice.hooked);
    ck_assert_int_eq(x.causes[0].fix, '.');
    char *lines = explained_lines(&x, "t_maybe");
    ck_assert_msg(strstr(lines, "in the map its post_place hook placed, "
                         "t_maybe_sealer"), "%s", lines);
    free(lines);
    vf_explanation_free(&x);
    close_cases(h);
}
END_TEST

/* Which map the hook's map_by_tag drew is a choice too: the sealed
 * room drawn is the cause, the open one the fix. */
START_TEST(explain_tries_the_other_map)
{
    hook_case *h = open_cases();
    vf_explanation x;
    ck_assert(explain_first_error(h, "t_picks", &x));
    char *lines = explained_lines(&x, "t_picks");
    ck_assert_msg(strstr(lines, "dgn.map_by_tag(\"t_pick\"): drawing map "
                         "'t_pick_sealed' makes it error; 't_pick_open' "
                         "makes it ok"), "%s", lines);
    free(lines);
    vf_explanation_free(&x);
    close_cases(h);
}
END_TEST

/* The same case twice gives the same level: the hooks' draws come from
 * the case's seed. */
START_TEST(hooks_replay)
{
    hook_case *h = open_cases();
    run(h, "t_harmless", VF_MODE_EMPTY, 3);
    vf_level *first = malloc(sizeof *first);
    *first = *h->l;
    run(h, "t_seals", VF_MODE_EMPTY, 3);
    run(h, "t_harmless", VF_MODE_EMPTY, 3);
    ck_assert(!memcmp(first->feat, h->l->feat, sizeof first->feat));
    free(first);
    close_cases(h);
}
END_TEST

/* Whether the findings name a map the hooks placed. */
static int names_child(hook_case *h)
{
    vf_sbuf out = VF_SBUF_INIT;
    vf_conn_render(h->l, h->r, &out);
    int named = 0;
    for (int i = 1; i < h->l->nvaults; i++) {
        char in[100];
        snprintf(in, sizeof in, "in %s", h->l->vaults[i].name);
        named |= strstr(vf_sbuf_str(&out), in) != NULL;
    }
    vf_sbuf_free(&out);
    return named;
}

/* The game's own decor container on trunk: its hook places a decor map
 * in nearly every case, and some cases fail in the decor it placed, as
 * the game's placement.lua finds about 1 in 100. Needs $VF_CRAWL_DIR. */
START_TEST(trunk_decor_is_placed_and_judged)
{
    vf_t_loaded *ld = calloc(1, sizeof *ld);
    char *dat = vf_t_crawl_load(ld, "hooks: trunk");
    if (!dat) {
        free(ld);
        return;
    }
    vf_sbuf err = VF_SBUF_INIT;
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    cfg.crawl_dat = dat;
    vf_engine *e = vf_engine_new(&ld->set, &cfg, &ld->d, &err);
    ck_assert_msg(e != NULL, "%s", vf_sbuf_str(&err));
    const vf_mapdef *def = vf_desset_find(&ld->set, "dungeon_decor");
    ck_assert(def != NULL);
    vf_place p;
    vf_engine_map_place(e, def, &p);
    vf_engine_set_place(e, &p);
    hook_case *h = calloc(1, sizeof *h);
    vf_case c;
    vf_case_opts o = {.mode = VF_MODE_EMPTY, .seed = 1};
    vf_case_init(&c, e, &o);
    h->l = c.level;
    h->r = c.report;
    int with_child = 0, failing = 0;
    for (uint32_t i = 0; i < 300; i++) {
        vf_case_run(&c, def, i, &h->v);
        ck_assert_msg(!h->v.not_tried && !(h->v.kinds & VF_V_LUA_ERROR),
                      "%u: %s", i, h->v.message);
        with_child += h->l->nvaults > 1;
        failing += h->r->nfindings && names_child(h);
    }
    ck_assert_msg(with_child > 270, "%d of 300", with_child);
    ck_assert_msg(failing > 0, "no case failed in a decor map");
    vf_case_release(&c);
    free(h);
    vf_engine_free(e);
    vf_t_free(ld);
    free(ld);
    vf_sbuf_free(&err);
    free(dat);
}
END_TEST

Suite *vf_test_hooks_suite(void)
{
    /* The trunk case builds the checkout's whole index first. */
    TCase *tc = tcase_create("post_place");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, child_that_seals_fails_the_case);
    tcase_add_test(tc, harmless_children_are_ok);
    tcase_add_test(tc, hook_error_is_at_its_line);
    tcase_add_test(tc, hook_runs_under_the_budget);
    tcase_add_test(tc, die_on_error_vetoes);
    tcase_add_test(tc, place_map_at_a_position);
    tcase_add_test(tc, hooks_replay);
    tcase_add_test(tc, persist_lasts_one_case);
    tcase_add_test(tc, explain_finds_the_cause_in_the_child);
    tcase_add_test(tc, explain_tries_the_other_map);
    tcase_add_test(tc, trunk_decor_is_placed_and_judged);
    Suite *s = suite_create("hooks");
    suite_add_tcase(s, tc);
    return s;
}
