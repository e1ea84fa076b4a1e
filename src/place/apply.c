/* Writing a vault onto the level: features from glyphs and keyed specs
 * (§3, §5.5), exits (§6.4) and vault masks (§4.2). */
#include "vf_placement.h"
#include "vf_glyph.h"
#include "place_int.h"

#include <string.h>

static int branch_is(const vf_level *l, const char *abbrev)
{
    return l->place.branch == vf_branch_find(l->game, abbrev);
}

/* The tree of the level's branch, chosen when the cell is written. */
static vf_feat branch_tree(const vf_level *l)
{
    if (branch_is(l, "Swamp")) return VF_F_MANGROVE;
    if (branch_is(l, "Abyss") || branch_is(l, "Pan"))
        return VF_F_DEMONIC_TREE;
    return VF_F_TREE;
}

/* random_trap_for_place, simplified: the checks only care that it is a
 * trap, and whether it is a permanent teleport (a closet's way out). */
static vf_feat trap_for_place(vf_rng *r)
{
    static const vf_feat traps[] = {
        VF_F_TRAP_NET, VF_F_TRAP_ALARM, VF_F_TRAP_TELEPORT,
        VF_F_TRAP_DISPERSAL, VF_F_SHAFT, VF_F_TRAP_ZOT,
    };
    return traps[vf_random2(r, (int)(sizeof traps / sizeof *traps))];
}

/* An ITEM slot "nothing" places no item (mapdef.cc item_list's
 * "nothing": OBJ_UNASSIGNED), so nothing there is a player's loss. */
static int is_nothing(const char *spec)
{
    while (*spec == ' ') spec++;
    size_t n = strlen(spec);
    while (n && spec[n - 1] == ' ') n--;
    return n == 7 && !strncmp(spec, "nothing", 7);
}

static int is_item_glyph(const vf_rmap *m, int g)
{
    if (g >= 'd' && g <= 'k')
        return (size_t)(g - 'd') < m->items.n
               && !is_nothing(m->items.v[g - 'd']);
    return (vf_glyph_flags(g) & VF_GL_ITEM) != 0;
}

/* The MONS slots of a vault (glyphs 1-7), parsed once per vault. */
typedef struct mons_slots {
    vf_speclist slot[7];
    int n;
} mons_slots;

/* What a glyph writes. */
typedef struct glyph_look {
    unsigned flags;
    vf_feat feat;
    int item;
} glyph_look;

/* One vault being written: where, from what, and what a glyph writes,
 * looked up once a vault (a vault has a handful of glyphs and many
 * cells, and the look-ups compare strings). Per call of vf_place_write,
 * so nothing outlives the vault (m's items included). */
typedef struct writer {
    vf_level *l;
    const vf_rmap *m;
    vf_rng *r;
    const vf_level_vault *v;
    uint8_t known[256];
    glyph_look at[256];
    mons_slots slots;
} writer;

static glyph_look look_up(writer *w, int g)
{
    int memo = g >= 0 && g < 256;
    if (memo && w->known[g]) return w->at[g];
    glyph_look k = {
        .flags = vf_glyph_flags(g),
        .feat = g == 't' ? branch_tree(w->l) : vf_glyph_feature(g),
        .item = is_item_glyph(w->m, g),
    };
    if (!memo) return k;
    w->known[g] = 1;
    w->at[g] = k;
    return k;
}

/* Writes glyph g's meaning at level cell (x, y); returns 1 if it is an
 * exit glyph. */
static int write_glyph(writer *w, int x, int y, int g)
{
    glyph_look k = look_up(w, g);
    vf_level *l = w->l;
    if (k.flags & VF_GL_TRAP) k.feat = trap_for_place(w->r);
    l->feat[y][x] = (uint8_t)k.feat;
    if (k.flags & VF_GL_MONSTER) l->content[y][x] |= VF_CELL_MONSTER;
    if (k.item) l->content[y][x] |= VF_CELL_ITEM;
    return (k.flags & VF_GL_EXIT) != 0;
}

static void parse_slots(mons_slots *ms, const vf_rmap *m)
{
    memset(ms, 0, sizeof *ms);
    for (size_t i = 0; i < m->mons.n && i < 7; i++) {
        vf_sbuf err = VF_SBUF_INIT;
        const char *s = m->mons.v[i];
        vf_speclist_parse(&ms->slot[i], s, strlen(s), 0, NULL, &err);
        ms->slot[i].line = m->mons_line[i];
        vf_sbuf_free(&err);
        ms->n = (int)i + 1;
    }
}

static void free_slots(mons_slots *ms)
{
    for (int i = 0; i < ms->n; i++) vf_speclist_free(&ms->slot[i]);
}

/* The monster the map's cell (vx, vy), c, gets, drawn as the game draws
 * it: its KMONS first slot, or the MONS slot of its digit glyph; NULL
 * for none or a random monster. A '=' KMONS draw of the cell, or a MONS
 * slot's, is a choice (vf_rmap_kmons_choice). */
static const char *cell_monster(writer *w, const vf_cell *c, int glyph,
                                int vx, int vy)
{
    const vf_rmap *m = w->m;
    vf_speclist *l = c->mons;
    if (!l && glyph >= '1' && glyph <= '7' && glyph - '1' < w->slots.n)
        l = &w->slots.slot[glyph - '1'];
    if (!l || l->n < 1) return NULL;
    int i = vf_speclist_draw(l, 0, w->r);
    if (l != c->mons)
        i = vf_rmap_kmons_choice(m, VF_CHOICE_MONS, l, i,
                                 (vf_key_at){.key = (char)glyph, .x = vx,
                                             .y = vy});
    else if (!l->fixed && vf_grid_get(&m->grid, vx, vy) != VF_SUBVAULT_GLYPH)
        i = vf_rmap_kmons_choice(m, VF_CHOICE_KMONS, l, i,
                                 (vf_key_at){.key = (char)c->glyph, .x = vx,
                                             .y = vy});
    return i >= 0 ? l->slot[0].alt[i].text : NULL;
}

/* The level's cell from the map's cell (vx, vy), c; returns 1 if it is
 * an exit glyph. */
static int write_cell(writer *w, int vx, int vy, const vf_cell *c)
{
    vf_level *l = w->l;
    vf_rng *r = w->r;
    int x = w->v->x + vx, y = w->v->y + vy;
    int exit = 0;
    if (!c->feat || c->feat->kind == VF_FK_GLYPH) {
        exit = write_glyph(w, x, y, c->base);
    } else if (c->feat->kind == VF_FK_FEATURE) {
        l->feat[y][x] = (uint8_t)c->feat->feature;
    } else if (c->feat->kind == VF_FK_TRAP) {
        l->feat[y][x] = (uint8_t)trap_for_place(r);
    } else {
        l->feat[y][x] = VF_F_ENTER_SHOP;
    }
    /* A feature mimic (KFEAT "... mimic[:N]": one chance in N) is a
     * monster standing on floor: the game's checks read the cell through
     * feat_at_no_mimic, as floor (dungeon.cc _vault_grid_mapspec). */
    if (c->feat && c->feat->mimic > 0 && vf_one_chance_in(r, c->feat->mimic))
        l->feat[y][x] = VF_F_FLOOR;
    if (c->mons) l->content[y][x] |= VF_CELL_MONSTER;
    if (c->items) l->content[y][x] |= VF_CELL_ITEM;
    l->prop[y][x] |= c->overlay.props;
    int glyph = !c->feat || c->feat->kind == VF_FK_GLYPH ? c->base : 0;
    const char *mon = cell_monster(w, c, glyph, vx, vy);
    if (mon) {
        l->feat[y][x] = (uint8_t)vf_place_monster_terrain(mon, l->feat[y][x]);
        l->content[y][x] |= (uint8_t)vf_place_monster_stays(mon);
    }
    return exit;
}

/* The vault's transporter markers onto the level, as the game adds a
 * placed map's markers to the level's (the pairing is the level's:
 * vf_level_add_transporter). */
static void add_transporters(vf_level *l, const vf_rmap *m,
                             const vf_level_vault *v)
{
    for (size_t i = 0; i < m->nmarkers; i++) {
        const vf_marker *mk = &m->markers[i];
        if (mk->transp)
            vf_level_add_transporter(l, v->x + mk->x, v->y + mk->y,
                                     mk->transp_dest,
                                     vf_level_transporter_name(mk->transp));
    }
}

/* A map whose monster's death runs the map's Lua (a MonPropsMarker with
 * monster_dies_lua_key) and that marks solid cells with props markers is
 * written to open them when it dies: pan_captured_pigsty's swineherd
 * raises the pigsty's grate. Such a cell is a way through, as a mimic is
 * (the checks cannot kill the monster, the player will). */
static int opened_by_a_death(const vf_rmap *m)
{
    for (size_t i = 0; i < m->nmarkers; i++)
        if (m->markers[i].on_death) return 1;
    return 0;
}

static void open_death_gates(vf_level *l, const vf_rmap *m,
                             const vf_level_vault *v)
{
    if (!opened_by_a_death(m)) return;
    for (size_t i = 0; i < m->nmarkers; i++) {
        const vf_marker *mk = &m->markers[i];
        int x = v->x + mk->x, y = v->y + mk->y;
        if (mk->props && !mk->on_death
            && (vf_feature_props(l->feat[y][x]) & VF_FP_SOLID))
            l->feat[y][x] = VF_F_FLOOR;
    }
}

/* _map_feat_is_on_edge: in the map and orthogonally next to a space or
 * the rectangle's edge. */
int vf_place_on_edge(const vf_rmap *m, int x, int y)
{
    static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    if (vf_grid_get(&m->grid, x, y) == ' ') return 0;
    for (int i = 0; i < 4; i++) {
        int g = vf_grid_get(&m->grid, x + d[i][0], y + d[i][1]);
        if (g < 0 || g == ' ') return 1;
    }
    return 0;
}

static void add_exit(vf_level_vault *v, int x, int y)
{
    if (v->nexits >= VF_LEVEL_MAX_EXITS) return;
    v->exits[v->nexits].x = x;
    v->exits[v->nexits].y = y;
    v->nexits++;
}

void vf_place_write(vf_level *l, vf_rmap *m, vf_rng *r, vf_level_vault *v)
{
    int layout = vf_rmap_has_tag(m, "overwritable");
    int clear = !vf_rmap_has_tag(m, "overwrite_floor_cell");
    writer w = {.l = l, .m = m, .r = r, .v = v};
    parse_slots(&w.slots, m);
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w; x++) {
            int lx = v->x + x, ly = v->y + y;
            vf_cell c;
            if (vf_rmap_cell(m, x, y, &c) || c.glyph == ' ') continue;
            if (layout && (l->mask[ly][lx] & VF_MMT_VAULT)) continue;
            if (clear) l->prop[ly][lx] = 0;
            l->content[ly][lx] = 0;
            if (write_cell(&w, x, y, &c) && vf_place_on_edge(m, x, y))
                add_exit(v, lx, ly);
        }
    free_slots(&w.slots);
    add_transporters(l, m, v);
    open_death_gates(l, m, v);
}

/* ---- float exits (_pick_float_exits) ------------------------------------ */

static int needs_exit(vf_feat f)
{
    unsigned p = vf_feature_props(f);
    return !(p & VF_FP_SOLID) || (p & VF_FP_DOOR);
}

void vf_place_float_exits(const vf_level *l, const vf_rmap *m, vf_rng *r,
                          vf_level_vault *v)
{
    int cand[VF_GXM * 4 + VF_GYM * 4][2], n = 0;
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w; x++)
            if (vf_place_on_edge(m, x, y) &&
                needs_exit(l->feat[v->y + y][v->x + x]) &&
                n < (int)(sizeof cand / sizeof *cand)) {
                cand[n][0] = v->x + x;
                cand[n][1] = v->y + y;
                n++;
            }
    int want = n < 6 ? n : n / 8 + 1;
    if (want > 10) want = 10;
    while (want-- > 0) {
        int i = vf_random2(r, n);
        add_exit(v, cand[i][0], cand[i][1]);
        memmove(cand[i], cand[i + 1], (size_t)(n - i - 1) * sizeof cand[0]);
        n--;
    }
}

/* ---- masks (dgn_register_place) ----------------------------------------- */

static const struct { const char *tag; unsigned bit; } mask_tags[] = {
    {"no_monster_gen", VF_MMT_NO_MONS}, {"no_item_gen", VF_MMT_NO_ITEM},
    {"no_pool_fixup", VF_MMT_NO_POOL}, {"no_wall_fixup", VF_MMT_NO_WALL},
    {"no_trap_gen", VF_MMT_NO_TRAP},
};

static const struct { const char *tag; uint32_t bit; } prop_tags[] = {
    {"bloody", VF_FPROP_BLOODY}, {"highlight", VF_FPROP_HIGHLIGHT},
    {"no_cloud_gen", VF_FPROP_NO_CLOUD_GEN},
    {"no_tele_into", VF_FPROP_NO_TELE_INTO}, {"no_tide", VF_FPROP_NO_TIDE},
    {"no_jiyva", VF_FPROP_NO_JIYVA}, {"no_automap", VF_FPROP_NO_AUTOMAP},
};

static int is_exit(const vf_level_vault *v, int x, int y)
{
    for (int i = 0; i < v->nexits; i++)
        if (v->exits[i].x == x && v->exits[i].y == y) return 1;
    return 0;
}

/* The masks and properties every cell of the vault gets from its tags. */
static void tag_bits(const vf_rmap *m, unsigned *mask, uint32_t *prop)
{
    *mask = 0;
    *prop = 0;
    for (size_t i = 0; i < sizeof mask_tags / sizeof *mask_tags; i++)
        if (vf_rmap_has_tag(m, mask_tags[i].tag)) *mask |= mask_tags[i].bit;
    for (size_t i = 0; i < sizeof prop_tags / sizeof *prop_tags; i++)
        if (vf_rmap_has_tag(m, prop_tags[i].tag)) *prop |= prop_tags[i].bit;
    if (vf_rmap_has_tag(m, "allow_tele_closets"))
        *mask |= VF_MMT_NO_TELE_CLOSET;
}

void vf_place_register(vf_level *l, vf_rmap *m, const vf_place_opts *o,
                       int index, vf_level_vault *v)
{
    int layout = vf_rmap_has_tag(m, "overwritable");
    int passable = vf_rmap_has_tag(m, "passable") &&
                   l->place.branch == vf_branch_find(l->game, "Vaults");
    int opaque = !v->transparent && !passable;
    int no_exits = vf_rmap_has_tag(m, "no_exits") || o->make_no_exits;
    unsigned tmask;
    uint32_t tprop;
    tag_bits(m, &tmask, &tprop);
    if (vf_rmap_is_encompass(m) && !layout)
        for (int y = 0; y < VF_GYM; y++)
            for (int x = 0; x < VF_GXM; x++) l->mask[y][x] |= VF_MMT_VAULT;
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w; x++) {
            int lx = v->x + x, ly = v->y + y;
            int g = vf_grid_get(&m->grid, x, y);
            if (g == ' ' || g < 0) continue;
            l->prop[ly][lx] |= tprop;
            if (layout) continue;
            unsigned mk = VF_MMT_VAULT | tmask;
            if (passable) mk |= VF_MMT_PASSABLE;
            if (opaque && (no_exits || !is_exit(v, lx, ly)))
                mk |= VF_MMT_OPAQUE;
            l->mask[ly][lx] |= (uint16_t)mk;
            l->vault[ly][lx] = (uint8_t)(index + 1);
            const vf_keyspec *k = vf_rmap_spec_at(m, x, y);
            if (k) {
                l->mask[ly][lx] |= (uint16_t)k->mask.set;
                l->mask[ly][lx] &= (uint16_t)~k->mask.unset;
            }
        }
}
