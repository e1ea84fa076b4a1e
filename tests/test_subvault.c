/* SUBVAULT (§5.8) and maps as Lua objects: exact fits, rotation, "Could
 * not fit", nesting, immunity to the parent's later transforms, mask
 * shapes and the mask questions, depth-checked and unique choices, the
 * parent's environment across the re-entrant resolve, markers, tags;
 * map_by_tag, map_by_name, resolve_map, inspect_map, place_map. */
#include "tests.h"
#include "vf_catalog.h"
#include "vf_feature.h"

#include <stdlib.h>
#include <string.h>

typedef vf_t_eng eng;
#define eng_close vf_t_eng_close

static void eng_open(eng *x, const char *des)
{
    vf_t_eng_open(x, des, 20000000UL);
}

#define resolve(x, map, i) vf_t_resolve(x, map, 5, i)
#define resolve_ok(x, map, i) vf_t_resolve_ok(x, map, 5, i)
#define raised(x, map) vf_t_raised(x, map, 5)

/* The .des line (1-based) of the first line of text containing needle. */
static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    ck_assert_ptr_nonnull(at);
    int line = 1;
    for (const char *p = text; p < at; p++) line += *p == '\n';
    return line;
}

/* Row y of the map as shown (merged cells with their subvault's glyph). */
static const char *shown_row(const vf_rmap *m, int y)
{
    static char row[256];
    int x = 0;
    for (; x < m->grid.w && x < 255; x++) row[x] = (char)vf_rmap_glyph(m, x, y);
    row[x] = 0;
    return row;
}

static int merged(const vf_rmap *m, int x, int y)
{
    return vf_grid_get(&m->grid, x, y) == VF_SUBVAULT_GLYPH;
}

/* ---- fitting ------------------------------------------------------------- */

static const char fit_des[] =
    "NAME: parent_exact\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: X : sv_exact\n"
    "MAP\n"
    "xxxxx\n"
    "xXXXx\n"
    "xXXXx\n"
    "xxxxx\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_exact\n"
    "TAGS: sv_exact no_hmirror no_vmirror no_rotate\n"
    "MAP\n"
    "a b\n"
    "cde\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_tall\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: X : sv_wide\n"
    "MAP\n"
    "xxxx\n"
    "xXXx\n"
    "xXXx\n"
    "xXXx\n"
    "xxxx\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_wide\n"
    "TAGS: sv_wide\n"
    "MAP\n"
    "abc\n"
    "def\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_no_room\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: X : sv_stiff\n"
    "MAP\n"
    "xxxx\n"
    "xXXx\n"
    "xXXx\n"
    "xXXx\n"
    "xxxx\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_stiff\n"
    "TAGS: sv_stiff no_rotate\n"
    "MAP\n"
    "abc\n"
    "def\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_roomy\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: X : sv_small\n"
    "MAP\n"
    "xxxxxx\n"
    "xXXXXx\n"
    "xXXXXx\n"
    "xXXXXx\n"
    "xxxxxx\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_small\n"
    "TAGS: sv_small no_rotate\n"
    "MAP\n"
    "ab\n"
    "ENDMAP\n";

START_TEST(exact_fit)
{
    eng x;
    eng_open(&x, fit_des);
    resolve_ok(&x, "parent_exact", 0);
    /* The subvault's space kept the parent's glyph, unmerged. */
    ck_assert_str_eq(shown_row(&x.m, 1), "xaXbx");
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 2, 1), 'X');
    ck_assert(merged(&x.m, 1, 1) && merged(&x.m, 3, 1));
    ck_assert_str_eq(shown_row(&x.m, 2), "xcdex");
    ck_assert_int_eq((int)x.m.nsvplaces, 1);
    ck_assert_str_eq(x.m.svplaces[0].name, "sub_exact");
    ck_assert_int_eq(x.m.svplaces[0].x, 1);
    ck_assert_int_eq(x.m.svplaces[0].y, 1);
    eng_close(&x);
}
END_TEST

START_TEST(rotated_to_fit)
{
    eng x;
    eng_open(&x, fit_des);
    int cw = 0, ccw = 0;
    for (int i = 0; i < 40; i++) {
        resolve_ok(&x, "parent_tall", i);
        /* The 3x2 subvault must have turned to fill the 2x3 box: the
         * letters of its first row now make one column. */
        char col0[4], col1[4];
        for (int y = 0; y < 3; y++) {
            col0[y] = (char)vf_rmap_glyph(&x.m, 1, y + 1);
            col1[y] = (char)vf_rmap_glyph(&x.m, 2, y + 1);
        }
        col0[3] = col1[3] = 0;
        int abc0 = strspn(col0, "abc") == 3, abc1 = strspn(col1, "abc") == 3;
        ck_assert_msg(abc0 != abc1, "seed %d: %s / %s", i, col0, col1);
        ck_assert_int_eq((int)strspn(abc0 ? col1 : col0, "def"), 3);
        cw += !strcmp(col1, "abc") || !strcmp(col1, "cba");
        ccw += !strcmp(col0, "abc") || !strcmp(col0, "cba");
    }
    ck_assert_int_gt(cw, 0);    /* both turns (and mirrors) happen */
    ck_assert_int_gt(ccw, 0);
    eng_close(&x);
}
END_TEST

START_TEST(could_not_fit)
{
    eng x;
    eng_open(&x, fit_des);
    char want[128];
    snprintf(want, sizeof want, "t.des:%d: Could not fit 'sv_stiff' in "
             "(1,1) to (2, 3).", line_of(fit_des, "SUBVAULT: X : sv_stiff"));
    ck_assert_str_eq(raised(&x, "parent_no_room"), want);
    eng_close(&x);
}
END_TEST

/* A smaller subvault lands anywhere inside the box, every cell masked. */
START_TEST(random_offset)
{
    eng x;
    eng_open(&x, fit_des);
    int seen[3][3] = {{0}};
    for (int i = 0; i < 200; i++) {
        resolve_ok(&x, "parent_roomy", i);
        const vf_svplace *p = &x.m.svplaces[0];
        ck_assert(p->x >= 1 && p->x <= 3 && p->y >= 1 && p->y <= 3);
        seen[p->y - 1][p->x - 1] = 1;
        int letters = 0;
        for (int y = 1; y <= 3; y++)
            for (int xx = 1; xx <= 4; xx++) {
                int g = vf_rmap_glyph(&x.m, xx, y);
                letters += g == 'a' || g == 'b';
                if (!merged(&x.m, xx, y)) ck_assert_int_eq(g, 'X');
            }
        ck_assert_int_eq(letters, 2);
    }
    for (int y = 0; y < 3; y++)
        for (int xx = 0; xx < 3; xx++) ck_assert(seen[y][xx]);
    eng_close(&x);
}
END_TEST

/* ---- what merged cells are ----------------------------------------------- */

static const char meaning_des[] =
    "NAME: parent_later\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "MARKER: X = feat:lava\n"
    "SUBVAULT: X : sv_meaning\n"
    "COLOUR: . = red\n"
    "SUBST: . = W\n"
    "KFEAT: a = altar_zin\n"
    "MAP\n"
    "..X..\n"
    "..XX.\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_meaning\n"
    "TAGS: sv_meaning no_hmirror no_vmirror no_rotate no_monster_gen\n"
    "TAGS: no_tele_into\n"
    "KFEAT: b = lava\n"
    "MONS: orc\n"
    "MARKER: a = feat:deep_water\n"
    "MAP\n"
    ".b\n"
    "a1\n"
    "ENDMAP\n";

START_TEST(parent_transforms_leave_merged_cells)
{
    eng x;
    eng_open(&x, meaning_des);
    resolve_ok(&x, "parent_later", 0);
    /* Masked cells: (2,0), (2,1), (3,1); the subvault is 2x2 in a 2x2 box
     * at (2,0), so its '.' at (2,0) and 'b', 'a', '1' land; (3,0) is not
     * masked and keeps the parent's glyph, which the SUBST then changed. */
    ck_assert_str_eq(shown_row(&x.m, 0), "WW.WW");
    ck_assert_str_eq(shown_row(&x.m, 1), "WWa1W");
    ck_assert(merged(&x.m, 2, 0) && !merged(&x.m, 3, 0));
    vf_cell c;
    ck_assert_int_eq(vf_rmap_cell(&x.m, 2, 0, &c), 0);
    ck_assert_int_eq(c.glyph, '.');
    ck_assert_int_eq(c.base, '.');           /* not the parent's W */
    ck_assert_int_eq(c.overlay.colour, 0);   /* nor its COLOUR */
    ck_assert(c.mask.set & VF_MMT_NO_MONS);  /* the subvault's tag */
    ck_assert(c.overlay.props & VF_FPROP_NO_TELE_INTO);
    ck_assert_int_eq(vf_rmap_cell(&x.m, 2, 1, &c), 0);
    ck_assert_int_eq(c.glyph, 'a');
    ck_assert_int_eq(c.base, 'a');           /* the parent's KFEAT a: no */
    ck_assert(c.feat != NULL && c.feat->kind == VF_FK_GLYPH);
    ck_assert_int_eq(vf_rmap_cell(&x.m, 3, 1, &c), 0);
    ck_assert_int_eq(c.glyph, '1');
    ck_assert_int_eq(c.base, '.');
    ck_assert_ptr_nonnull(c.mons);          /* MONS slot 1, as KMONS */
    ck_assert_str_eq(c.mons->slot[0].alt[0].text, "orc");
    /* The parent's own '.' cells did take the COLOUR. */
    ck_assert_int_ne(vf_rmap_cell(&x.m, 0, 0, &c), -1);
    ck_assert_int_ne(c.overlay.colour, 0);
    /* Markers: the parent's on masked cells went, the subvault's came. */
    ck_assert_int_eq((int)x.m.nmarkers, 1);
    ck_assert_int_eq(x.m.markers[0].x, 2);
    ck_assert_int_eq(x.m.markers[0].y, 1);
    ck_assert_str_eq(x.m.markers[0].spec, "feat:deep_water");
    eng_close(&x);
}
END_TEST

START_TEST(unmasked_cells_stay_the_parents)
{
    eng x;
    eng_open(&x, meaning_des);
    resolve_ok(&x, "parent_later", 0);
    vf_cell c;
    /* (3,0) is unmasked; the subvault's 'b' fell outside the mask. */
    ck_assert_int_eq(vf_rmap_cell(&x.m, 3, 0, &c), 0);
    ck_assert_int_eq(c.glyph, 'W');
    eng_close(&x);
}
END_TEST

/* ---- masks and the questions a subvault asks ----------------------------- */

static const char mask_des[] =
    "NAME: parent_l\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: L : sv_shape\n"
    "MAP\n"
    "xxxxx\n"
    "xLxxx\n"
    "xLxxx\n"
    "xLLLx\n"
    "xxxxx\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_shape\n"
    "TAGS: sv_shape no_hmirror no_vmirror no_rotate\n"
    "{{\n"
    "  if is_subvault() then\n"
    "    local w, h = subvault_size()\n"
    "    default_subvault_glyphs()\n"
    "    if w == 3 and h == 3 and subvault_cell_valid(0, 2)\n"
    "       and not subvault_cell_valid(1, 0)\n"
    "       and not subvault_cell_valid(3, 0) then\n"
    "      subst('. = y')\n"
    "    end\n"
    "  end\n"
    "}}\n"
    "MAP\n"
    "ooo\n"
    "ooo\n"
    "ooo\n"
    "ENDMAP\n"
    "\n"
    "NAME: alone\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "{{\n"
    "  local w, h = subvault_size()\n"
    "  if is_subvault() or w ~= 0 or subvault_cell_valid(0, 0) then\n"
    "    error('a map on its own is no subvault')\n"
    "  end\n"
    "  default_subvault_glyphs()\n"
    "}}\n"
    "MAP\n"
    "x.x\n"
    "ENDMAP\n";

START_TEST(mask_shape)
{
    eng x;
    eng_open(&x, mask_des);
    resolve_ok(&x, "parent_l", 0);
    ck_assert_str_eq(shown_row(&x.m, 1), "xyxxx");
    ck_assert_str_eq(shown_row(&x.m, 2), "xyxxx");
    ck_assert_str_eq(shown_row(&x.m, 3), "xyyyx");
    /* Cells of the box outside the mask were not written. */
    ck_assert(!merged(&x.m, 2, 1) && !merged(&x.m, 3, 2));
    ck_assert(merged(&x.m, 3, 3));
    resolve_ok(&x, "alone", 0);
    ck_assert_str_eq(shown_row(&x.m, 0), "x.x");
    eng_close(&x);
}
END_TEST

/* ---- nesting, depth, uniqueness ------------------------------------------ */

static const char choice_des[] =
    "NAME: parent_nest\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: N : sv_outer\n"
    "MAP\n"
    "xNNNx\n"
    "xNNNx\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_outer\n"
    "TAGS: sv_outer no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: I : sv_inner\n"
    "MAP\n"
    "oIo\n"
    "ooo\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_inner\n"
    "TAGS: sv_inner\n"
    "MAP\n"
    "q\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_self\n"
    "TAGS: sv_self\n"
    "SUBVAULT: S : sv_self\n"
    "MAP\n"
    "S\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_depth\n"
    "SUBVAULT: D : sv_depth\n"
    "MAP\n"
    "D\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_lair\n"
    "TAGS: sv_depth\n"
    "DEPTH: Lair\n"
    "MAP\n"
    "l\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_dungeon\n"
    "TAGS: sv_depth\n"
    "DEPTH: D:5-10, !D:9\n"
    "MAP\n"
    "d\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_heavy_elsewhere\n"
    "TAGS: sv_depth\n"
    "WEIGHT: 1000 (Lair), 0\n"
    "MAP\n"
    "h\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_only_lair\n"
    "SUBVAULT: D : sv_lair_only\n"
    "MAP\n"
    "D\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_lair_only\n"
    "TAGS: sv_lair_only\n"
    "DEPTH: Lair\n"
    "MAP\n"
    "l\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_twice\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "SUBVAULT: A : sv_once\n"
    "SUBVAULT: B : sv_once\n"
    "MAP\n"
    "AB\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_once_1\n"
    "TAGS: sv_once\n"
    "MAP\n"
    "1\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_once_2\n"
    "TAGS: sv_once\n"
    "MAP\n"
    "2\n"
    "ENDMAP\n";

START_TEST(nested_subvaults)
{
    eng x;
    eng_open(&x, choice_des);
    resolve_ok(&x, "parent_nest", 0);
    ck_assert_str_eq(shown_row(&x.m, 0), "xoqox");
    ck_assert_str_eq(shown_row(&x.m, 1), "xooox");
    vf_cell c;
    ck_assert_int_eq(vf_rmap_cell(&x.m, 2, 0, &c), 0);
    ck_assert_int_eq(c.base, 'q');
    ck_assert_int_eq(c.glyph, 'q');
    eng_close(&x);
}
END_TEST

START_TEST(nesting_has_a_limit)
{
    eng x;
    eng_open(&x, choice_des);
    const char *msg = raised(&x, "parent_self");
    ck_assert_msg(strstr(msg, "Fatal lua error while resolving subvault "
                              "'sv_self'") != NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "more than 8 deep") != NULL, "%s", msg);
    eng_close(&x);
}
END_TEST

START_TEST(depth_checked_choice)
{
    eng x;
    eng_open(&x, choice_des);
    /* At D:8 only sub_dungeon is allowed; the one weighted only in the
     * Lair has weight 0 here. */
    for (int i = 0; i < 100; i++) {
        resolve_ok(&x, "parent_depth", i);
        ck_assert_int_eq(vf_rmap_glyph(&x.m, 0, 0), 'd');
    }
    char want[128];
    snprintf(want, sizeof want, "t.des:%d: No vault found for tag "
             "'sv_lair_only'", line_of(choice_des, "sv_lair_only\nMAP"));
    ck_assert_str_eq(raised(&x, "parent_only_lair"), want);
    eng_close(&x);
}
END_TEST

START_TEST(chosen_once)
{
    eng x;
    eng_open(&x, choice_des);
    int order[2] = {0, 0};
    for (int i = 0; i < 40; i++) {
        resolve_ok(&x, "parent_twice", i);
        int a = vf_rmap_glyph(&x.m, 0, 0), b = vf_rmap_glyph(&x.m, 1, 0);
        ck_assert_int_ne(a, b);   /* neither is allow_dup */
        order[a == '1']++;
    }
    ck_assert(order[0] && order[1]);
    eng_close(&x);
}
END_TEST

/* ---- the parent's environment, errors, spec syntax ----------------------- */

static const char env_des[] =
    "NAME: parent_env\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    ": own = 'parent'\n"
    ": hook('post_main', function() subst('P = Q') end)\n"
    "SUBVAULT: X : sv_env\n"
    ": if own ~= 'parent' then error('lost: ' .. tostring(own)) end\n"
    ": subst('R = r')\n"
    "MAP\n"
    "PXR\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_env\n"
    "TAGS: sv_env\n"
    ": own = 'sub'\n"
    ": hook('post_main', function() subst('Z = z') end)\n"
    "MAP\n"
    "Z\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_bad_sub\n"
    "SUBVAULT: X : sv_bad\n"
    "MAP\n"
    "X\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_bad\n"
    "TAGS: sv_bad\n"
    ": if not is_validating() then error('broken subvault') end\n"
    "MAP\n"
    "X\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_equals\n"
    "SUBVAULT: X = sv_env\n"
    "MAP\n"
    "X\n"
    "ENDMAP\n"
    "\n"
    "NAME: parent_nothing\n"
    "SUBVAULT: Q : sv_env\n"
    "MAP\n"
    "X\n"
    "ENDMAP\n";

START_TEST(parent_environment_survives)
{
    eng x;
    eng_open(&x, env_des);
    resolve_ok(&x, "parent_env", 0);
    /* The parent's global and hook outlived the subvault's resolve, whose
     * own hook ran on the subvault; later calls went to the parent. */
    ck_assert_str_eq(shown_row(&x.m, 0), "Qzr");
    eng_close(&x);
}
END_TEST

/* A subvault resolves inside its parent's case: the case's globals are
 * the parent's (only a top-level resolve starts from the start-up
 * globals), and the next case starts clean again. vf_note writes a true
 * global: vault Lua's own assignments stay in its map environment. */
static const char case_globals_des[] =
    "{{\n"
    "function vf_note(v)\n"
    "  if v then vf_case_note = v end\n"
    "  return vf_case_note\n"
    "end\n"
    "}}\n"
    "\n"
    "NAME: parent_globals\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    ": vf_note('parent')\n"
    "SUBVAULT: X : sv_globals\n"
    ": if vf_note() ~= 'seen' then\n"
    ":   error('case lost: ' .. tostring(vf_note()))\n"
    ": end\n"
    "MAP\n"
    "X\n"
    "ENDMAP\n"
    "\n"
    "NAME: sub_globals\n"
    "TAGS: sv_globals\n"
    ": if not is_validating() and vf_note() == 'parent' then\n"
    ":   vf_note('seen')\n"
    ": end\n"
    "MAP\n"
    "Z\n"
    "ENDMAP\n"
    "\n"
    "NAME: next_case\n"
    ": if vf_note() ~= nil then error('leaked from the last case') end\n"
    "MAP\n"
    ".\n"
    "ENDMAP\n";

START_TEST(nested_resolves_share_the_case)
{
    eng x;
    eng_open(&x, case_globals_des);
    resolve_ok(&x, "parent_globals", 0);
    ck_assert_str_eq(shown_row(&x.m, 0), "Z");
    resolve_ok(&x, "next_case", 0);
    eng_close(&x);
}
END_TEST

START_TEST(subvault_errors)
{
    eng x;
    eng_open(&x, env_des);
    const char *msg = raised(&x, "parent_bad_sub");
    char want[160];
    snprintf(want, sizeof want, "t.des:%d: Fatal lua error while resolving "
             "subvault 'sv_bad': t.des:%d: broken subvault",
             line_of(env_des, "SUBVAULT: X : sv_bad"),
             line_of(env_des, ": if not is_validating() then error("));
    ck_assert_str_eq(msg, want);
    snprintf(want, sizeof want, "t.des:%d: SUBVAULT does not support '='. "
             "Use ':' instead.", line_of(env_des, "SUBVAULT: X = sv_env"));
    ck_assert_str_eq(raised(&x, "parent_equals"), want);
    /* No cell holds the keys: nothing happens. */
    resolve_ok(&x, "parent_nothing", 0);
    ck_assert_int_eq((int)x.m.nsvplaces, 0);
    eng_close(&x);
}
END_TEST

/* At load time the spec is checked, not applied. */
START_TEST(load_time_only_records)
{
    eng x;
    eng_open(&x, env_des);
    vf_sbuf_reset(&x.err);
    vf_resolve_req load = {.def = vf_t_map(&x.l, "parent_env"), .seed = 1,
                           .validating = 1};
    ck_assert_int_eq(vf_engine_resolve(x.e, &load, &x.m, &x.err),
                     VF_RESOLVED);
    ck_assert_int_eq((int)x.m.subvaults.n, 1);
    ck_assert_int_eq((int)x.m.nsvplaces, 0);
    load.def = vf_t_map(&x.l, "parent_equals");
    ck_assert_int_eq(vf_engine_resolve(x.e, &load, &x.m, &x.err),
                     VF_LUA_ERROR);
    eng_close(&x);
}
END_TEST

/* ---- maps as objects ----------------------------------------------------- */

static const char obj_des[] =
    "NAME: asks\n"
    "{{\n"
    "  local def = dgn.map_by_tag('obj_room')\n"
    "  local before = dgn.tags(def)\n"
    "  dgn.tags(def, 'no_hmirror no_vmirror no_rotate')\n"
    "  local map, vplace = dgn.resolve_map(def, false)\n"
    "  local w, h = dgn.mapsize(map)\n"
    "  local f = dgn.feature_name(dgn.inspect_map(vplace, 0, 0))\n"
    "  local g = dgn.feature_name(dgn.inspect_map(vplace, 1, 0))\n"
    "  local _, exit, space = dgn.inspect_map(vplace, 2, 0)\n"
    "  dgn.tags(def, nil)\n"
    "  local named = dgn.map_by_name('obj_room')\n"
    "  tags('got_' .. dgn.name(map) .. '_' .. w .. 'x' .. h .. '_' .. f\n"
    "       .. '_' .. g .. '_' .. tostring(exit) .. '_' .. tostring(space)\n"
    "       .. '_' .. (dgn.tags(def) == '' and 'cleared' or 'kept')\n"
    "       .. '_' .. (dgn.has_tag(named, 'obj_room') and 'named' or '-')\n"
    "       .. '_' .. (dgn.map_by_name('no_such') == nil and 'nil' or '?'))\n"
    "  if not before:find('obj_room') then error('tags: ' .. before) end\n"
    "}}\n"
    "MAP\n"
    "x\n"
    "ENDMAP\n"
    "\n"
    "NAME: obj_room\n"
    "TAGS: obj_room\n"
    "KFEAT: a = altar_zin\n"
    "MAP\n"
    "xa@ \n"
    "....\n"
    "ENDMAP\n"
    "\n"
    "NAME: wrapper\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "ORIENT: encompass\n"
    ": dgn.place_map(dgn.map_by_name('placed'), false, false)\n"
    "MAP\n"
    "ENDMAP\n"
    "\n"
    "NAME: placed\n"
    "TAGS: no_hmirror no_vmirror no_rotate\n"
    "ORIENT: encompass\n"
    "KFEAT: a = altar_zin\n"
    "MAP\n"
    "xxxx\n"
    "xa.x\n"
    "xxxx\n"
    "ENDMAP\n";

START_TEST(map_objects)
{
    eng x;
    eng_open(&x, obj_des);
    resolve_ok(&x, "asks", 0);
    ck_assert_msg(vf_rmap_has_tag(&x.m, "got_obj_room_4x2_rock_wall_"
                                        "altar_zin_true_false_cleared_named_"
                                        "nil"),
                  "tags: %s", vf_sbuf_str(&x.m.tags));
    eng_close(&x);
}
END_TEST

START_TEST(place_map_writes_into_the_map)
{
    eng x;
    eng_open(&x, obj_des);
    resolve_ok(&x, "wrapper", 0);
    ck_assert_int_eq(x.m.grid.w, 4);
    ck_assert_int_eq(x.m.grid.h, 3);
    ck_assert_str_eq(shown_row(&x.m, 1), "xa.x");
    vf_cell c;
    ck_assert_int_eq(vf_rmap_cell(&x.m, 1, 1, &c), 0);
    ck_assert_ptr_nonnull(c.feat);
    ck_assert_str_eq(vf_feature_name(c.feat->feature), "altar_zin");
    eng_close(&x);
}
END_TEST

/* The catalogue keeps load-time tags and default-depth. */
static const char index_des[] =
    "default-depth: Lair\n"
    "NAME: idx_a\n"
    "TAGS: plain\n"
    ": if is_validating() then tags('added_at_load') end\n"
    "MAP\n"
    "x\n"
    "ENDMAP\n"
    "\n"
    "NAME: idx_b\n"
    "DEPTH: D:3\n"
    "WEIGHT: 7, 3 (D:3)\n"
    "MAP\n"
    "x\n"
    "ENDMAP\n";

START_TEST(catalogue_entries)
{
    vf_t_loaded l;
    vf_t_load(&l, index_des);
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    vf_sbuf err = VF_SBUF_INIT;
    vf_catalog *c = vf_catalog_build(&l.set, &cfg, 1, &err);
    ck_assert_msg(c != NULL, "%s", vf_sbuf_str(&err));
    const vf_mapinfo *a = vf_catalog_info(c, vf_t_map(&l, "idx_a"), &err);
    const vf_mapinfo *b = vf_catalog_info(c, vf_t_map(&l, "idx_b"), &err);
    ck_assert(vf_mapinfo_has_tag(a, "added_at_load", 13));
    vf_place lair, d3, d8, p;
    char why[64];
    vf_place_parse(NULL, "Lair:2", &lair, why, sizeof why);
    vf_place_parse(NULL, "D:3", &d3, why, sizeof why);
    vf_place_parse(NULL, "D:8", &d8, why, sizeof why);
    ck_assert(vf_depths_match(NULL, &a->depths, &lair));   /* default-depth */
    ck_assert(!vf_depths_match(NULL, &b->depths, &lair));
    ck_assert_int_eq(vf_mapinfo_weight(b, &d3), 3);
    ck_assert_int_eq(vf_mapinfo_weight(b, &d8), 7);
    vf_mapinfo_place(a, &d8, &p);
    ck_assert_int_eq(p.branch, lair.branch);
    ck_assert_int_eq(p.depth, 1);
    vf_mapinfo_place(b, &d3, &p);
    ck_assert_int_eq(p.depth, 3);
    vf_catalog_free(c);
    vf_sbuf_free(&err);
    vf_t_free(&l);
}
END_TEST

/* Filled on several threads, the catalogue is the one a single thread
 * makes: each entry comes from its own map's load-time run alone. */
START_TEST(catalogue_on_threads)
{
    vf_sbuf des = VF_SBUF_INIT;
    for (int i = 0; i < 60; i++)
        vf_sbuf_printf(&des,
            "NAME: thr_%d\n"
            ": tags('r' .. crawl.random2(100000))\n"
            ": if crawl.coinflip() then orient('float') end\n"
            "%s"
            "MAP\nx\nENDMAP\n", i,
            i % 7 ? "" : ": error('fails at load')\n");
    vf_t_loaded l;
    vf_t_load(&l, vf_sbuf_str(&des));
    vf_engine_config cfg;
    vf_engine_config_init(&cfg, "dlua");
    vf_sbuf err = VF_SBUF_INIT;
    vf_catalog *one = vf_catalog_build(&l.set, &cfg, 1, &err);
    vf_catalog *four = vf_catalog_build(&l.set, &cfg, 4, &err);
    ck_assert_msg(one && four, "%s", vf_sbuf_str(&err));
    int failed = 0;
    for (size_t k = 0; k < l.set.nmaps; k++) {
        const vf_mapdef *def = &l.set.maps[k];
        const vf_mapinfo *a = vf_catalog_info(one, def, &err);
        const vf_mapinfo *b = vf_catalog_info(four, def, &err);
        ck_assert_str_eq(a->tags, b->tags);
        ck_assert_int_eq(a->loaded, b->loaded);
        ck_assert_int_eq(!a->orient, !b->orient);
        failed += !a->loaded;
    }
    ck_assert_int_eq(failed, 9);
    vf_catalog_free(one);
    vf_catalog_free(four);
    vf_sbuf_free(&err);
    vf_sbuf_free(&des);
    vf_t_free(&l);
}
END_TEST

Suite *vf_test_subvault_suite(void)
{
    Suite *s = suite_create("subvault");
    TCase *tc = tcase_create("subvault");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, exact_fit);
    tcase_add_test(tc, rotated_to_fit);
    tcase_add_test(tc, could_not_fit);
    tcase_add_test(tc, random_offset);
    tcase_add_test(tc, parent_transforms_leave_merged_cells);
    tcase_add_test(tc, unmasked_cells_stay_the_parents);
    tcase_add_test(tc, mask_shape);
    tcase_add_test(tc, nested_subvaults);
    tcase_add_test(tc, nesting_has_a_limit);
    tcase_add_test(tc, depth_checked_choice);
    tcase_add_test(tc, chosen_once);
    tcase_add_test(tc, parent_environment_survives);
    tcase_add_test(tc, nested_resolves_share_the_case);
    tcase_add_test(tc, subvault_errors);
    tcase_add_test(tc, load_time_only_records);
    tcase_add_test(tc, map_objects);
    tcase_add_test(tc, place_map_writes_into_the_map);
    tcase_add_test(tc, catalogue_entries);
    tcase_add_test(tc, catalogue_on_threads);
    suite_add_tcase(s, tc);
    return s;
}
