/* Keyed specs (KFEAT, KMONS, KITEM, KMASK), per-cell overlays (KPROP,
 * COLOUR, FHEIGHT, tiles) and markers: parsing and the game's messages,
 * ':' against '=' over 10,000 seeds, call-time overlays, and everything
 * following the grid through mirroring and rotation. */
#include "tests.h"
#include "vf_engine.h"
#include "vf_feature.h"
#include "vf_tagstr.h"

#include <stdlib.h>
#include <string.h>

#define SEEDS 10000

/* ---- helpers ------------------------------------------------------------ */

typedef vf_t_eng eng;

static void eng_open(eng *x, const char *des)
{
    vf_t_eng_open(x, des, 5000000UL);
}

#define eng_close vf_t_eng_close

#define resolve(x, map, i) vf_t_resolve(x, map, 11, i)
#define resolve_ok(x, map, i) vf_t_resolve_ok(x, map, 11, i)
#define raised(x, map) vf_t_raised(x, map, 11)

/* A map without Lua: rows of glyphs, for calling the rmap API directly. */
static void plain_map(vf_rmap *m, vf_rng *r, const char *rows)
{
    vf_rmap_init(m, NULL, r);
    for (const char *s = rows; *s;) {
        size_t n = strcspn(s, "\n");
        vf_grid_add_line(&m->grid, s, n);
        s += n + (s[n] == '\n');
    }
    vf_grid_normalise(&m->grid, ' ');
}

static const char *feature_at(vf_rmap *m, int x, int y)
{
    vf_cell c;
    ck_assert_int_eq(vf_rmap_cell(m, x, y, &c), 0);
    ck_assert_ptr_nonnull(c.feat);
    ck_assert_int_eq(c.feat->kind, VF_FK_FEATURE);
    return vf_feature_name(c.feat->feature);
}

/* The first cell holding glyph g, or 0 when there is none. */
static int find_glyph(const vf_rmap *m, int g, int *x, int *y)
{
    for (*y = 0; *y < m->grid.h; (*y)++)
        for (*x = 0; *x < m->grid.w; (*x)++)
            if (vf_grid_get(&m->grid, *x, *y) == g) return 1;
    return 0;
}

/* ---- KFEAT: ':' against '=' ------------------------------------------- */

#define ROOM "MAP\nAAAAAAAAAAAA\nAAAAAAAAAAAA\n@@@@@@@@@@@@\nENDMAP\n"

START_TEST(kfeat_fixed_is_one_draw_per_case)
{
    eng x;
    eng_open(&x, "NAME: fix\nKFEAT: A : lava w:30 / deep_water\n" ROOM);
    int lava = 0;
    for (int i = 0; i < SEEDS; i++) {
        resolve_ok(&x, "fix", i);
        const char *first = NULL;
        int cells = 0, cx, cy;
        for (cy = 0; cy < x.m.grid.h; cy++)
            for (cx = 0; cx < x.m.grid.w; cx++) {
                if (vf_grid_get(&x.m.grid, cx, cy) != 'A') continue;
                const char *f = feature_at(&x.m, cx, cy);
                if (!first) first = f;
                ck_assert_str_eq(f, first);   /* every cell the same */
                cells++;
            }
        ck_assert_int_eq(cells, 24);
        lava += !strcmp(first, "lava");
    }
    /* 30:10 across cases, within 2 %. */
    ck_assert_msg(abs(lava - SEEDS * 3 / 4) <= SEEDS / 50, "lava %d", lava);
    eng_close(&x);
}
END_TEST

START_TEST(kfeat_per_cell_draws_each_cell)
{
    eng x;
    eng_open(&x, "NAME: per\nKFEAT: A = lava w:30 / deep_water\n" ROOM);
    long lava = 0, cells = 0;
    int mixed = 0;
    for (int i = 0; i < SEEDS; i++) {
        resolve_ok(&x, "per", i);
        int here = 0, n = 0;
        for (int cy = 0; cy < x.m.grid.h; cy++)
            for (int cx = 0; cx < x.m.grid.w; cx++) {
                if (vf_grid_get(&x.m.grid, cx, cy) != 'A') continue;
                here += !strcmp(feature_at(&x.m, cx, cy), "lava");
                n++;
            }
        mixed += here > 0 && here < n;
        lava += here;
        cells += n;
    }
    /* 24 cells at 3:1: all alike in about 1 case in 1000. */
    ck_assert_msg(mixed >= SEEDS - SEEDS / 100, "mixed %d", mixed);
    ck_assert_msg(labs(lava - cells * 3 / 4) <= cells / 50, "lava %ld of %ld",
                  lava, cells);
    eng_close(&x);
}
END_TEST

START_TEST(kfeat_weights)
{
    /* weight:N and w:N; a weight that is not positive is the default 10. */
    vf_rng r;
    vf_rmap m;
    plain_map(&m, &r, "A");
    vf_sbuf err = VF_SBUF_INIT;
    const char *spec = "A = lava weight:5 / floor w:15 / x / deep_water w:0";
    ck_assert_int_eq(vf_rmap_kfeat(&m, spec, strlen(spec), &err), 0);
    const vf_featspec *f = &vf_rmap_keyspec(&m, 'A')->feat;
    ck_assert_int_eq(f->n, 4);
    ck_assert_int_eq(f->alt[0].weight, 5);
    ck_assert_int_eq(f->alt[1].weight, 15);
    ck_assert_int_eq(f->alt[2].kind, VF_FK_GLYPH);
    ck_assert_int_eq(f->alt[2].glyph, 'x');
    ck_assert_int_eq(f->alt[3].weight, 10);
    int count[4] = {0};
    for (int i = 0; i < SEEDS; i++) {
        vf_rng_seed(&r, vf_seed_case(5, "kfeat_weights", (uint32_t)i));
        vf_cell c;
        ck_assert_int_eq(vf_rmap_cell(&m, 0, 0, &c), 0);
        count[c.feat - f->alt]++;
    }
    int want[4] = {5, 15, 10, 10};
    for (int k = 0; k < 4; k++)
        ck_assert_msg(abs(count[k] - SEEDS * want[k] / 40) <= SEEDS / 50,
                      "alternative %d: %d", k, count[k]);
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
}
END_TEST

START_TEST(kfeat_alternative_kinds)
{
    vf_rng r;
    vf_rng_seed(&r, 3);
    vf_featspec f = {0};
    vf_sbuf err = VF_SBUF_INIT, d = VF_SBUF_INIT;
    const char *s = "W / any trap w:2 / general shop type:Blood count:8 ; "
                    "potion|scroll / altar_zin mimic:3 / enter_shop mimic / "
                    "granite_statue no_mimic / altar_pakellas";
    vf_featread how = {.rng = &r};
    ck_assert_int_eq(vf_featspec_parse(&f, s, strlen(s), &how, &err), 0);
    ck_assert_int_eq(f.n, 7);
    ck_assert_int_eq(f.alt[0].kind, VF_FK_GLYPH);
    ck_assert_int_eq(f.alt[1].kind, VF_FK_TRAP);
    ck_assert_int_eq(f.alt[1].weight, 2);
    ck_assert_int_eq(f.alt[2].kind, VF_FK_SHOP);
    ck_assert_str_eq(f.alt[2].shop, "general type:Blood count:8 ; "
                     "potion|scroll");
    ck_assert_int_eq(f.alt[3].mimic, 3);
    ck_assert_int_eq(f.alt[4].mimic, 1);
    ck_assert_int_eq(f.alt[5].no_mimic, 1);
    /* A disabled god's altar is looked up as floor, as in the game. */
    ck_assert_str_eq(vf_feature_name(f.alt[6].feature), "floor");
    for (int i = 0; i < 7; i++) {
        if (i) vf_sbuf_adds(&d, " | ");
        vf_featalt_describe(&f.alt[i], &d);
    }
    ck_assert_str_eq(d.s, "glyph W | any trap | shop general type:Blood "
                     "count:8 ; potion|scroll | altar_zin | enter_shop | "
                     "granite_statue | floor");
    ck_assert_int_eq(f.pick, VF_UNDRAWN);
    vf_featspec_free(&f);
    vf_sbuf_free(&err);
    vf_sbuf_free(&d);
    ck_assert_int_eq(vf_feature_count(), 212);
    ck_assert_int_eq(vf_feature_by_name(NULL, "unseen"), 0);
    ck_assert_str_eq(vf_feature_name(vf_feature_by_name(NULL, "orb dais")),
                     "orb dais");
}
END_TEST

/* ---- errors, with the vault's line -------------------------------------- */

START_TEST(errors_name_the_des_line)
{
    eng x;
    eng_open(&x,
        "NAME: feat\nTAGS: t\nKFEAT: A = lava / bogus_feature w:5\n"
        "MAP\nA@\nENDMAP\n"
        "NAME: unseen\nKFEAT: A = unseen\nMAP\nA@\nENDMAP\n"
        "NAME: shop\nKFEAT: A = weird shop\nMAP\nA@\nENDMAP\n"
        "NAME: semis\nKFEAT: A = any shop ; a ; b\nMAP\nA@\nENDMAP\n"
        "NAME: mask\nKMASK: A = no_monster_gen / !opak\nMAP\nA@\nENDMAP\n"
        "NAME: item\nKITEM: d = dagger w:0\nMAP\nd@\nENDMAP\n"
        "NAME: mons\nKMONS: 1 = orc ; club ; axe\nMAP\n1@\nENDMAP\n"
        "NAME: prop\nKPROP: A = bloody / sticky\nMAP\nA@\nENDMAP\n"
        "NAME: weight\nCOLOUR: A = red:x\nMAP\nA@\nENDMAP\n"
        "NAME: height\nFHEIGHT: A = tall\nMAP\nA@\nENDMAP\n"
        "NAME: feat_marker\nMARKER: A = feat:no_such\nMAP\nA@\nENDMAP\n"
        "NAME: odd_marker\nMARKER: A = what\nMAP\nA@\nENDMAP\n"
        "NAME: no_key\n: kfeat('lava')\nMAP\nA@\nENDMAP\n"
        "NAME: lua_marker\n: lua_marker('A')\nMAP\nA@\nENDMAP\n"
        "NAME: no_args\n: kprop()\nMAP\nA@\nENDMAP\n");
    ck_assert_str_eq(raised(&x, "feat"),
                     "t.des:3: no features matching \"bogus_feature w:5\"");
    ck_assert_str_eq(raised(&x, "unseen"),
                     "t.des:8: no features matching \"unseen\"");
    ck_assert_str_eq(raised(&x, "shop"),
                     "t.des:13: bad shop type: 'weird'");
    ck_assert_str_eq(raised(&x, "semis"),
                     "t.des:18: too many semi-colons for 'any ; a ; b' spec");
    ck_assert_str_eq(raised(&x, "mask"),
                     "t.des:23: Unknown flag: 'opak'");
    ck_assert_str_eq(raised(&x, "item"),
                     "t.des:28: Error parsing 'dagger w:0':\\n"
                     "Bad item generation weight: '0'");   /* one line */
    ck_assert_str_eq(raised(&x, "mons"),
                     "t.des:33: Too many semi-colons for 'orc' spec.");
    ck_assert_str_eq(raised(&x, "prop"),
                     "t.des:38: bad spec: 'sticky' in 'bloody / sticky'");
    ck_assert_str_eq(raised(&x, "weight"),
                     "t.des:43: Invalid weight specifier in \"red:x\"");
    ck_assert_str_eq(raised(&x, "height"),
                     "t.des:48: bad spec: 'tall' in 'tall'");
    ck_assert_str_eq(raised(&x, "feat_marker"),
                     "t.des:53: Bad feature marker: feat:no_such (unknown "
                     "feature 'no_such')");
    ck_assert_str_eq(raised(&x, "odd_marker"),
                     "t.des:58: Unable to parse marker from what");
    ck_assert_str_eq(raised(&x, "no_key"),
                     "t.des:63: malformed declaration - must use = or : in "
                     "'lava'");
    ck_assert_str_eq(raised(&x, "lua_marker"),
                     "t.des:68: Expected marker key and marker "
                     "function/table.");
    ck_assert_str_eq(raised(&x, "no_args"),
                     "t.des:73: Expected args, got none.");
    eng_close(&x);
}
END_TEST

START_TEST(what_is_not_an_error)
{
    /* Weights KFEAT forgives, an empty overlay spec, a marker whose key is
     * nowhere (whatever its spec), any tile name, element colours. */
    eng x;
    eng_open(&x, "NAME: fine\nKFEAT: A = lava w:-3 / floor w:x\n"
                 ": colour('   ')\nMARKER: Q = nonsense\n"
                 "TILE: A = some_tile_we_cannot_check / none\n"
                 "COLOUR: A = Fire / LightGray:5 / none w:2\n"
                 "KMONS: 1 = rat w:0 / bat\nMAP\nA1@\nENDMAP\n");
    resolve_ok(&x, "fine", 0);
    const vf_featspec *f = &vf_rmap_keyspec(&x.m, 'A')->feat;
    ck_assert_int_eq(f->alt[0].weight, 10);
    ck_assert_int_eq(f->alt[1].weight, 10);
    ck_assert_int_eq(x.m.nmarkers, 0);
    const vf_speclist *mons = &vf_rmap_keyspec(&x.m, '1')->mons;
    ck_assert_int_eq(mons->slot[0].alt[0].weight, 0);   /* never drawn */
    ck_assert_int_eq(vf_colour_by_name("lightgray"),
                     vf_colour_by_name("lightgrey"));
    eng_close(&x);
}
END_TEST

/* ---- KMONS / KITEM ------------------------------------------------------ */

START_TEST(kmons_kitem_make_floor)
{
    vf_rng r;
    vf_rng_seed(&r, 9);
    vf_rmap m;
    plain_map(&m, &r, "12dAW");
    vf_sbuf err = VF_SBUF_INIT;
    ck_assert_int_eq(vf_rmap_kmons(&m, "1 = rat, goblin / orc w:5", 25, &err),
                     0);
    ck_assert_int_eq(vf_rmap_kitem(&m, "d = dagger, potion of curing", 28,
                                   &err), 0);
    ck_assert_int_eq(vf_rmap_kmask(&m, "A = no_trap_gen", 15, &err), 0);
    ck_assert_int_eq(vf_rmap_kfeat(&m, "W = 2", 5, &err), 0);
    vf_cell c;
    vf_rmap_cell(&m, 0, 0, &c);          /* KMONS only: floor + monsters */
    ck_assert_int_eq(c.glyph, '1');
    ck_assert_int_eq(c.base, '.');
    ck_assert_ptr_null(c.feat);
    ck_assert_ptr_nonnull(c.mons);
    ck_assert_int_eq(c.mons->n, 2);
    ck_assert_str_eq(c.mons->slot[1].alt[1].text, "orc w:5");
    ck_assert_int_eq(c.mons->slot[1].alt[1].weight, 5);
    ck_assert_ptr_null(c.items);
    vf_rmap_cell(&m, 1, 0, &c);          /* no spec: its own meaning */
    ck_assert_int_eq(c.base, '2');
    ck_assert_ptr_null(c.mons);
    vf_rmap_cell(&m, 2, 0, &c);          /* KITEM only: floor + items */
    ck_assert_int_eq(c.base, '.');
    ck_assert_int_eq(c.items->n, 2);
    vf_rmap_cell(&m, 3, 0, &c);          /* KMASK alone does not replace */
    ck_assert_int_eq(c.base, 'A');
    ck_assert_uint_eq(c.mask.set, VF_MMT_NO_TRAP);
    vf_rmap_cell(&m, 4, 0, &c);          /* KFEAT glyph: that glyph's rules */
    ck_assert_int_eq(c.base, '2');
    ck_assert_int_eq(c.feat->kind, VF_FK_GLYPH);
    ck_assert_int_eq(vf_rmap_cell(&m, 5, 0, &c), -1);
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
}
END_TEST

START_TEST(kmons_fixed_slots)
{
    /* ':' draws each slot once, at the call; '=' draws again each time. */
    vf_rng r;
    int rat = 0, varied = 0;
    for (int i = 0; i < SEEDS; i++) {
        vf_rng_seed(&r, vf_seed_case(6, "kmons", (uint32_t)i));
        vf_rmap m;
        plain_map(&m, &r, "12");
        vf_sbuf err = VF_SBUF_INIT;
        const char *fix = "1 : rat / bat w:30, goblin";
        const char *per = "2 = rat / bat w:30";
        ck_assert_int_eq(vf_rmap_kmons(&m, fix, strlen(fix), &err), 0);
        ck_assert_int_eq(vf_rmap_kmons(&m, per, strlen(per), &err), 0);
        vf_speclist *l = &m.keyspec['1']->mons;
        int pick = l->slot[0].pick;
        ck_assert(pick == 0 || pick == 1);
        for (int k = 0; k < 5; k++)
            ck_assert_int_eq(vf_speclist_draw(l, 0, &r), pick);
        ck_assert_int_eq(l->slot[1].pick, 0);
        rat += pick == 0;
        vf_speclist *p = &m.keyspec['2']->mons;
        int first = vf_speclist_draw(p, 0, &r), differ = 0;
        for (int k = 0; k < 8; k++)
            differ |= vf_speclist_draw(p, 0, &r) != first;
        varied += differ;
        vf_sbuf_free(&err);
        vf_rmap_free(&m);
    }
    ck_assert_msg(abs(rat - SEEDS / 4) <= SEEDS / 50, "rat %d", rat);
    ck_assert_int_ge(varied, SEEDS * 8 / 10);
}
END_TEST

/* ---- several keys, KMASK ------------------------------------------------ */

START_TEST(several_keys_share_the_first_keys_result)
{
    eng x;
    eng_open(&x, "NAME: two\nKFEAT: AB : lava / deep_water / shallow_water\n"
                 "MAP\nAB@\nENDMAP\n");
    for (int i = 0; i < 300; i++) {
        resolve_ok(&x, "two", i);
        int ax, ay, bx, by;
        ck_assert(find_glyph(&x.m, 'A', &ax, &ay));
        ck_assert(find_glyph(&x.m, 'B', &bx, &by));
        ck_assert_str_eq(feature_at(&x.m, ax, ay), feature_at(&x.m, bx, by));
    }
    eng_close(&x);
}
END_TEST

START_TEST(kmask_flags_and_clearing)
{
    vf_rng r;
    vf_rng_seed(&r, 1);
    vf_rmap m;
    plain_map(&m, &r, "ABC");
    vf_sbuf err = VF_SBUF_INIT;
    const char *a1 = "A = no_monster_gen / !opaque / vault";
    const char *a2 = "A = opaque/!vault";
    const char *b = "BC = no_item_gen";
    const char *c = "A = allow_tele_closets";
    ck_assert_int_eq(vf_rmap_kmask(&m, a1, strlen(a1), &err), 0);
    const vf_keyspec *k = vf_rmap_keyspec(&m, 'A');
    ck_assert_uint_eq(k->mask.set, VF_MMT_NO_MONS | VF_MMT_VAULT);
    ck_assert_uint_eq(k->mask.unset, VF_MMT_OPAQUE);
    /* KMASK accumulates; a later flag wins over an earlier one. */
    ck_assert_int_eq(vf_rmap_kmask(&m, a2, strlen(a2), &err), 0);
    ck_assert_uint_eq(k->mask.set, VF_MMT_NO_MONS | VF_MMT_OPAQUE);
    ck_assert_uint_eq(k->mask.unset, VF_MMT_VAULT);
    /* The second key of a call copies the first key's whole mask. */
    ck_assert_int_eq(vf_rmap_kmask(&m, b, strlen(b), &err), 0);
    ck_assert_int_eq(vf_rmap_kmask(&m, c, strlen(c), &err), 0);
    ck_assert_int_eq(vf_rmap_kmask(&m, "CA = no_pool_fixup", 18, &err), 0);
    ck_assert_uint_eq(vf_rmap_keyspec(&m, 'A')->mask.set,
                      VF_MMT_NO_ITEM | VF_MMT_NO_POOL);
    ck_assert_uint_eq(vf_rmap_keyspec(&m, 'B')->mask.set, VF_MMT_NO_ITEM);
    ck_assert_str_eq(vf_kmask_flag_name(VF_MMT_NO_TELE_CLOSET),
                     "allow_tele_closets");
    ck_assert_int_eq(vf_rmap_kmask(&m, "A = !", 5, &err), -1);
    ck_assert_str_eq(err.s, "Unknown flag: ''");
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
}
END_TEST

/* ---- overlays ----------------------------------------------------------- */

START_TEST(kprop_is_written_at_call_time)
{
    eng x;
    eng_open(&x, "NAME: prop\nTAGS: no_hmirror no_vmirror no_rotate\n"
                 "KPROP: A = no_tele_into\nSUBST: A = B, C = A\n"
                 "KPROP: B = bloody\nKPROP: B : nothing\n"
                 "COLOUR: C = red\nCOLOUR: A = blue\nFHEIGHT: B = 3\n"
                 "FHEIGHT: B = -2\n"
                 "MAP\nAC@\nENDMAP\n");
    resolve_ok(&x, "prop", 0);
    /* The first cell was A at the KPROP; SUBST made it B, and the C cell
     * became A too late: the property stays where it was written. */
    ck_assert_str_eq(vf_sbuf_str(&x.err), "");
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 0, 0), 'B');
    ck_assert_int_eq(vf_grid_get(&x.m.grid, 1, 0), 'A');
    vf_cell c;
    vf_rmap_cell(&x.m, 0, 0, &c);
    ck_assert_uint_eq(c.overlay.props,
                      VF_FPROP_NO_TELE_INTO | VF_FPROP_BLOODY);   /* ORed */
    ck_assert_int_eq(c.overlay.colour, 0);
    ck_assert_int_eq(c.overlay.height, -2);   /* overwritten */
    vf_rmap_cell(&x.m, 1, 0, &c);
    ck_assert_uint_eq(c.overlay.props, 0);
    ck_assert_str_eq(vf_colour_name(c.overlay.colour), "blue");   /* over red */
    ck_assert_int_eq(c.overlay.height, VF_NO_HEIGHT);
    vf_rmap_cell(&x.m, 2, 0, &c);
    ck_assert_uint_eq(c.overlay.props, 0);
    ck_assert_str_eq(vf_fprop_name(VF_FPROP_NO_TELE_INTO), "no_tele_into");
    eng_close(&x);
}
END_TEST

START_TEST(overlay_fixed_versus_per_cell)
{
    vf_rng r;
    int fixed_red = 0, per_mixed = 0, nothing_mixed = 0;
    for (int i = 0; i < SEEDS; i++) {
        vf_rng_seed(&r, vf_seed_case(4, "overlay", (uint32_t)i));
        vf_rmap m;
        plain_map(&m, &r, "AAAAAAAA\nBBBBBBBB\nCCCCCCCC");
        vf_sbuf err = VF_SBUF_INIT;
        ck_assert_int_eq(vf_rmap_overlay(&m, VF_OV_COLOUR, "A : red / blue",
                                         14, &err), 0);
        ck_assert_int_eq(vf_rmap_overlay(&m, VF_OV_COLOUR, "B = red / blue",
                                         14, &err), 0);
        /* ':' does not keep a draw of "nothing" (the game's quirk). */
        ck_assert_int_eq(vf_rmap_overlay(&m, VF_OV_KPROP,
                                         "C : nothing / bloody", 20, &err), 0);
        int a0 = vf_overlay_at(&m.overlay, 0, 0)->colour, b_red = 0, c_b = 0;
        for (int x = 0; x < 8; x++) {
            ck_assert_int_eq(vf_overlay_at(&m.overlay, x, 0)->colour, a0);
            b_red += vf_overlay_at(&m.overlay, x, 1)->colour == 4;
            c_b += vf_overlay_at(&m.overlay, x, 2)->props != 0;
        }
        fixed_red += a0 == vf_colour_by_name("red");
        per_mixed += b_red > 0 && b_red < 8;
        /* Once bloody is drawn it is kept: the cells after it are bloody. */
        int seen = 0;
        for (int x = 0; x < 8; x++) {
            int b = vf_overlay_at(&m.overlay, x, 2)->props != 0;
            ck_assert(!seen || b);
            seen |= b;
        }
        nothing_mixed += c_b > 0 && c_b < 8;
        vf_sbuf_free(&err);
        vf_rmap_free(&m);
    }
    ck_assert_msg(abs(fixed_red - SEEDS / 2) <= SEEDS / 50, "red %d",
                  fixed_red);
    ck_assert_int_ge(per_mixed, SEEDS * 95 / 100);
    ck_assert_int_ge(nothing_mixed, SEEDS * 45 / 100);
}
END_TEST

START_TEST(tiles_and_their_flags)
{
    vf_rng r;
    vf_rng_seed(&r, 2);
    vf_rmap m;
    plain_map(&m, &r, "ab");
    vf_sbuf err = VF_SBUF_INIT;
    const char *t1 = "no_random a = Floor_Grass / floor_grass w:3";
    ck_assert_int_eq(vf_rmap_overlay(&m, VF_OV_FTILE, t1, strlen(t1), &err),
                     0);
    ck_assert_int_eq(vf_rmap_overlay(&m, VF_OV_RTILE, "ab = wall_x", 11,
                                     &err), 0);
    ck_assert_int_eq(vf_rmap_overlay(&m, VF_OV_TILE, "b = dngn_y last_tile",
                                     20, &err), 0);
    const vf_ovcell *a = vf_overlay_at(&m.overlay, 0, 0);
    const vf_ovcell *b = vf_overlay_at(&m.overlay, 1, 0);
    ck_assert_str_eq(vf_overlay_tile_name(&m.overlay, a->floortile),
                     "floor_grass");
    ck_assert_str_eq(vf_overlay_tile_name(&m.overlay, a->rocktile), "wall_x");
    ck_assert_str_eq(vf_overlay_tile_name(&m.overlay, b->tile), "dngn_y");
    ck_assert_int_eq(a->no_random, 0);   /* the RTILE call reset it */
    ck_assert_int_eq(b->last_tile, 1);
    ck_assert_int_eq(b->floortile, 0);
    ck_assert_ptr_null(vf_overlay_tile_name(&m.overlay, 0));
    vf_sbuf_free(&err);
    vf_rmap_free(&m);
}
END_TEST

/* ---- markers ------------------------------------------------------------ */

START_TEST(markers_per_cell_in_game_order)
{
    eng x;
    eng_open(&x, "NAME: mk\nTAGS: no_hmirror no_vmirror no_rotate\n"
                 "MARKER: A = feat:altar_zin\nSUBST: A = B\n"
                 "MARKER: A = feat:lava\n"
                 ": lua_marker('BZ', function() return assert({}) end)\n"
                 "MAP\nA.A\n.Z@\nENDMAP\n"
                 "NAME: cleared\nMARKER: A = lua:assert({ n = 1 })\n"
                 ": marker(nil)\n"
                 "MAP\nA@\nENDMAP\n");
    resolve_ok(&x, "mk", 0);
    /* Two for the first MARKER, none for the second (no A left), three for
     * lua_marker: bottom row first, right to left. */
    ck_assert_int_eq(x.m.nmarkers, 5);
    int want[5][2] = {{2, 0}, {0, 0}, {1, 1}, {2, 0}, {0, 0}};
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(x.m.markers[i].x, want[i][0]);
        ck_assert_int_eq(x.m.markers[i].y, want[i][1]);
    }
    ck_assert_str_eq(x.m.markers[0].spec, "feat:altar_zin");
    ck_assert_str_eq(vf_feature_name(x.m.markers[0].feature), "altar_zin");
    ck_assert_ptr_null(x.m.markers[2].spec);
    resolve_ok(&x, "cleared", 0);
    ck_assert_int_eq(x.m.nmarkers, 0);
    eng_close(&x);
}
END_TEST

/* ---- mirroring, rotation, reset ----------------------------------------- */

START_TEST(overlays_and_markers_follow_the_grid)
{
    eng x;
    eng_open(&x, "NAME: geo\nKPROP: a = no_tele_into\nCOLOUR: b = green\n"
                 "FHEIGHT: c = 7\nMARKER: d = feat:lava\n"
                 ": lua_marker('e', function() return assert({}) end)\n"
                 "MAP\nabdx\ncexx\nENDMAP\n");
    int green = vf_colour_by_name("green"), shapes[64] = {0}, distinct = 0;
    for (int i = 0; i < 2000; i++) {
        resolve_ok(&x, "geo", i);
        int w = x.m.grid.w, h = x.m.grid.h;
        ck_assert(w * h == 8);
        /* Every overlay is still on the glyph it was written on. */
        for (int y = 0; y < h; y++)
            for (int cx = 0; cx < w; cx++) {
                vf_cell c;
                ck_assert_int_eq(vf_rmap_cell(&x.m, cx, y, &c), 0);
                ck_assert_int_eq(c.overlay.props != 0, c.glyph == 'a');
                ck_assert_int_eq(c.overlay.colour == green, c.glyph == 'b');
                ck_assert_int_eq(c.overlay.height == 7, c.glyph == 'c');
            }
        ck_assert_int_eq(x.m.nmarkers, 2);
        ck_assert_int_eq(vf_grid_get(&x.m.grid, x.m.markers[0].x,
                                     x.m.markers[0].y), 'd');
        ck_assert_int_eq(vf_grid_get(&x.m.grid, x.m.markers[1].x,
                                     x.m.markers[1].y), 'e');
        /* Which of the 8 flips and turns this was: a's and b's cells. */
        int ax, ay, bx, by;
        find_glyph(&x.m, 'a', &ax, &ay);
        find_glyph(&x.m, 'b', &bx, &by);
        int shape = ((ay * w + ax) * 8 + (by * w + bx)) % 64;
        distinct += !shapes[shape]++;
    }
    ck_assert_int_eq(distinct, 8);
    eng_close(&x);
}
END_TEST

START_TEST(reset_between_attempts)
{
    /* Odd attempts set everything, even ones set nothing and pass: what the
     * failed attempt wrote must be gone. */
    eng x;
    eng_open(&x, "NAME: again\n"
                 ": dgn.persist.vf_n = (dgn.persist.vf_n or 0) + 1\n"
                 ": if dgn.persist.vf_n % 2 == 1 then\n"
                 "KFEAT: A = lava\nKMONS: A = rat\nKITEM: A = dagger\n"
                 "KMASK: A = opaque\nKPROP: A = bloody\nCOLOUR: A = red\n"
                 "TILE: A = t\nMARKER: A = feat:lava\n"
                 ": end\n"
                 "validate {{ return dgn.persist.vf_n % 2 == 0 }}\n"
                 "MAP\nA@\nENDMAP\n");
    resolve_ok(&x, "again", 0);
    ck_assert_int_eq(x.m.attempts, 2);
    ck_assert_ptr_null(vf_rmap_keyspec(&x.m, 'A'));
    ck_assert_ptr_null(x.m.overlay.cells);
    ck_assert_uint_eq(x.m.overlay.tiles.n, 0);
    ck_assert_int_eq(x.m.nmarkers, 0);
    vf_cell c;
    int ax, ay;
    ck_assert(find_glyph(&x.m, 'A', &ax, &ay));
    vf_rmap_cell(&x.m, ax, ay, &c);
    ck_assert_int_eq(c.base, 'A');
    ck_assert_uint_eq(c.overlay.props, 0);
    eng_close(&x);
}
END_TEST

/* ---- the tag-word helpers ----------------------------------------------- */

/* Weights whose sum passes INT_MAX would overflow the draw's total
 * (undefined): a parse error; a sum up to INT_MAX draws. */
START_TEST(weights_past_int_are_errors)
{
    vf_rng r;
    vf_rng_seed(&r, 1);
    vf_sbuf err = VF_SBUF_INIT;
    vf_speclist l = {0};
    const char *m = "orc w:2000000000 / goblin w:2000000000";
    ck_assert_int_eq(vf_speclist_parse(&l, m, strlen(m), VF_SPEC_FIXED, &r,
                                       &err), -1);
    ck_assert_str_eq(err.s, "weights in 'orc w:2000000000 / goblin "
                     "w:2000000000' add up past 2147483647");
    vf_speclist_free(&l);
    vf_sbuf_reset(&err);
    const char *i = "dagger w:2000000000 / club w:147483647";
    ck_assert_int_eq(vf_speclist_parse(&l, i, strlen(i),
                                       VF_SPEC_ITEMS | VF_SPEC_FIXED, &r,
                                       &err), 0);
    vf_speclist_free(&l);
    vf_featspec f = {0};
    const char *k = "lava w:2000000000 / floor w:2000000000";
    vf_featread fixed = {.fixed = 1, .rng = &r};
    ck_assert_int_eq(vf_featspec_parse(&f, k, strlen(k), &fixed, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.s, "add up past 2147483647"));
    vf_featspec_free(&f);
    /* The overlays' lists (KPROP, COLOUR, ...) likewise. */
    vf_grid g;
    vf_grid_init(&g);
    vf_grid_add_line(&g, "A@", 2);
    vf_overlay ov;
    vf_overlay_init(&ov);
    vf_sbuf_reset(&err);
    const char *o = "A = bloody w:2000000000 / no_tele_into w:2000000000";
    vf_ovcall call = {.kind = VF_OV_KPROP, .spec = o, .n = strlen(o)};
    ck_assert_int_eq(vf_overlay_apply(&ov, &call, &g, &r, &err), -1);
    ck_assert_str_eq(err.s, "weights in 'bloody w:2000000000 / no_tele_into "
                     "w:2000000000' add up past 2147483647");
    vf_overlay_free(&ov);
    vf_grid_free(&g);
    vf_sbuf_free(&err);
}
END_TEST

START_TEST(tag_words)
{
    char s[64];
    vf_sbuf arg = VF_SBUF_INIT;
    int v;
    strcpy(s, "any shop");
    ck_assert(vf_tag_strip(s, "shop"));
    ck_assert_str_eq(s, "any");
    strcpy(s, "shop");
    ck_assert(vf_tag_strip(s, "shop"));
    ck_assert_str_eq(s, "");
    strcpy(s, "abandoned_shop");
    ck_assert(!vf_tag_strip(s, "shop"));
    /* An empty string, which a bare "shop" in KFEAT leaves for the shop
     * checks, must not be read past its end. */
    strcpy(s, "");
    ck_assert(!vf_tag_strip(s, "shop"));
    strcpy(s, "a shop b");
    ck_assert(vf_tag_strip(s, "shop"));
    ck_assert_str_eq(s, "a b");
    /* Only the first " tag" may end the string, as in the game. */
    strcpy(s, "x mimicry mimic");
    ck_assert(!vf_tag_strip(s, "mimic"));
    strcpy(s, "lava w:5 mimic:3");
    ck_assert(vf_tag_find_weight(s, &v));
    ck_assert_int_eq(v, 5);
    ck_assert_str_eq(s, "lava mimic:3");
    ck_assert(vf_tag_strip_number(s, "mimic:", &v));
    ck_assert_str_eq(s, "lava");
    strcpy(s, "rw:5 lava");   /* a prefix counts only after a blank */
    ck_assert(!vf_tag_find_weight(s, &v));
    strcpy(s, "lava w:x");    /* found but not a number: gone all the same */
    ck_assert(!vf_tag_find_weight(s, &v));
    ck_assert_str_eq(s, "lava");
    strcpy(s, "name:Zin_Shop type:x");
    ck_assert(vf_tag_strip_prefix(s, "name:", &arg));
    ck_assert_str_eq(arg.s, "Zin_Shop");
    ck_assert_str_eq(s, "type:x");
    ck_assert(vf_tag_parse_int("-12", &v) && v == -12);
    /* strtol's rules: leading blanks pass, trailing ones do not. */
    ck_assert(vf_tag_parse_int(" 1", &v) && v == 1);
    ck_assert(!vf_tag_parse_int("1 ", &v) && !vf_tag_parse_int("", &v));
    vf_sbuf_free(&arg);
}
END_TEST

Suite *vf_test_keyed_suite(void)
{
    Suite *s = suite_create("keyed");
    TCase *tc = tcase_create("keyed");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, kfeat_fixed_is_one_draw_per_case);
    tcase_add_test(tc, kfeat_per_cell_draws_each_cell);
    tcase_add_test(tc, kfeat_weights);
    tcase_add_test(tc, kfeat_alternative_kinds);
    tcase_add_test(tc, errors_name_the_des_line);
    tcase_add_test(tc, what_is_not_an_error);
    tcase_add_test(tc, kmons_kitem_make_floor);
    tcase_add_test(tc, kmons_fixed_slots);
    tcase_add_test(tc, several_keys_share_the_first_keys_result);
    tcase_add_test(tc, kmask_flags_and_clearing);
    tcase_add_test(tc, kprop_is_written_at_call_time);
    tcase_add_test(tc, overlay_fixed_versus_per_cell);
    tcase_add_test(tc, tiles_and_their_flags);
    tcase_add_test(tc, markers_per_cell_in_game_order);
    tcase_add_test(tc, overlays_and_markers_follow_the_grid);
    tcase_add_test(tc, reset_between_attempts);
    tcase_add_test(tc, tag_words);
    tcase_add_test(tc, weights_past_int_are_errors);
    suite_add_tcase(s, tc);
    return s;
}
