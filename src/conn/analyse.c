/* The full analysis: passable zones and what they hold, then the
 * findings of §4.4 (and interior pockets, pocket.c), each with its cells. */
#include "conn_int.h"

#include <string.h>

static void stats_init(vf_conn_stats *s)
{
    memset(s, 0, sizeof *s);
    s->x0 = VF_GXM;
    s->y0 = VF_GYM;
    s->x1 = s->y1 = -1;
}

/* How many cells of row y of h are in m. */
static inline int count_in(const cn_bits *h, int y, const uint64_t m[2])
{
    return cn_popcount(h->w[y][0] & m[0]) + cn_popcount(h->w[y][1] & m[1]);
}

static inline int any_in(const cn_bits *h, int y, const uint64_t m[2])
{
    return ((h->w[y][0] & m[0]) | (h->w[y][1] & m[1])) != 0;
}

/* Adds cells x0..x1 of rows y0..y1: counts from the bitmaps of what cells
 * hold, vaults cell by cell only where there are any. */
static void stats_add_rows(const cn_ctx *x, vf_conn_stats *s, int y0, int y1,
                           int x0, int x1)
{
    const cn_bits *h = x->holds;
    uint64_t m[2];
    cn_row_range(x0, x1, m);
    s->size += (x1 - x0 + 1) * (y1 - y0 + 1);
    if (x0 < s->x0) s->x0 = x0;
    if (x1 > s->x1) s->x1 = x1;
    if (y0 < s->y0) s->y0 = y0;
    if (y1 > s->y1) s->y1 = y1;
    for (int y = y0; y <= y1; y++) {
        if (any_in(&h[CN_H_ANY], y, m)) {
            s->exits += count_in(&h[CN_H_EXIT], y, m);
            s->exits_no_hatch += count_in(&h[CN_H_EXIT_NH], y, m);
            s->hatches += count_in(&h[CN_H_HATCH], y, m);
            s->stairs += count_in(&h[CN_H_STAIR], y, m);
            s->altars += count_in(&h[CN_H_ALTAR], y, m);
            s->portals += count_in(&h[CN_H_PORTAL], y, m);
            s->items += count_in(&h[CN_H_ITEM], y, m);
            s->monsters += count_in(&h[CN_H_MONSTER], y, m);
        }
        if (!any_in(&h[CN_H_NEAR], y, m)) continue;
        uint64_t in[2];
        cn_nonzero_row(x->l->vault[y], in);
        for (int i = 0; i < 2; i++) {
            for (uint64_t w = in[i] & m[i]; w; w &= w - 1) {
                int v = x->l->vault[y][64 * i + __builtin_ctzll(w)];
                if (v <= 32) s->vaults_in |= (uint32_t)1 << (v - 1);
            }
            for (uint64_t w = h[CN_H_NEAR].w[y][i] & m[i]; w; w &= w - 1)
                s->vaults_near |= x->near[y][64 * i + __builtin_ctzll(w)];
        }
    }
}

/* near[][]: for each cell, the vaults it is in or next to; and the cells
 * with any, as a bitmap. A vault's cells are spread to their neighbours
 * across, then down; near[][] is written only where the bitmap is set,
 * so it needs no clearing. */
static void vault_neighbours(cn_ctx *x)
{
    const vf_level *l = x->l;
    cn_bits *nb = &x->holds[CN_H_NEAR];
    memset(nb, 0, sizeof *nb);
    for (int i = 0; i < l->nvaults && i < 32; i++) {
        const vf_level_vault *v = &l->vaults[i];
        uint32_t bit = (uint32_t)1 << i;
        int y0 = v->y < 0 ? 0 : v->y;
        int y1 = v->y + v->h > VF_GYM ? VF_GYM : v->y + v->h;
        uint64_t across[VF_GYM + 4][2];   /* row y at y + 2 */
        if (y0 >= y1) continue;
        memset(across[y0], 0, 2 * sizeof *across);   /* rows y0 - 2, -1 */
        memset(across[y1 + 2], 0, 2 * sizeof *across);   /* y1, y1 + 1 */
        for (int y = y0; y < y1; y++) {
            uint64_t in[2];
            cn_vault_row(l, i, y, in);
            cn_row_spread(in, across[y + 2]);
        }
        for (int y = y0 > 0 ? y0 - 1 : 0; y <= y1 && y < VF_GYM; y++)
            for (int h = 0; h < 2; h++) {
                uint64_t d = across[y + 1][h] | across[y + 2][h]
                             | across[y + 3][h];
                for (uint64_t w = d; w; w &= w - 1) {
                    int cx = 64 * h + __builtin_ctzll(w);
                    uint32_t had = cn_has(nb, cx, y) ? x->near[y][cx] : 0;
                    x->near[y][cx] = had | bit;
                }
                nb->w[y][h] |= d;
            }
    }
}

/* The classes a cell's content is counted under, one pass over the
 * planes; the vaults' neighbourhoods from vault_neighbours. */
static void what_cells_hold(cn_ctx *x)
{
    static const int plane_of[] = {
        [CN_H_HATCH] = CN_B_HATCH, [CN_H_STAIR] = CN_B_STAIR,
        [CN_H_ALTAR] = CN_B_ALTAR, [CN_H_PORTAL] = CN_B_PORTAL,
        [CN_H_ITEM] = CN_PL_ITEM, [CN_H_MONSTER] = CN_PL_MONSTER,
    };
    cn_class_set(&x->pl, x->exit_h, &x->holds[CN_H_EXIT]);
    cn_class_set(&x->pl, x->exit_nh, &x->holds[CN_H_EXIT_NH]);
    vault_neighbours(x);
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++) {
            for (int h = CN_H_HATCH; h <= CN_H_MONSTER; h++)
                x->holds[h].w[y][i] = x->pl.w[y][plane_of[h]][i];
            uint64_t any = 0;
            for (int h = 0; h < CN_H_NEAR; h++) any |= x->holds[h].w[y][i];
            x->holds[CN_H_ANY].w[y][i] = any;
        }
}

const cn_lab *cn_labelled(cn_ctx *x, const cn_bits *set)
{
    const cn_lab *kept = cn_memo_find(x->memo, set);
    if (kept) return kept;
    for (int i = 0; i < CN_LAB_SLOTS; i++)
        if (x->labok[i] && cn_same(&x->labset[i], set)) return &x->lab[i];
    int i = x->labnext;
    x->labnext = (i + 1) % CN_LAB_SLOTS;
    x->labset[i] = *set;
    x->labok[i] = 1;
    cn_label(&x->lab[i], set);
    return &x->lab[i];
}

vf_conn_finding *cn_finding_new(cn_ctx *x, vf_conn_kind kind)
{
    vf_conn_report *r = x->r;
    r->count[kind]++;
    if (r->nfindings == VF_CONN_MAX_FINDINGS) {
        r->dropped++;
        return NULL;
    }
    vf_conn_finding *f = &r->findings[r->nfindings++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->kinds = 1u << kind;
    f->vault = -1;
    stats_init(&f->s);
    x->serial++;
    return f;
}

static int same_cells(const vf_conn_finding *a, const vf_conn_finding *b)
{
    if (a->s.size != b->s.size || a->s.x0 != b->s.x0 || a->s.y0 != b->s.y0
        || a->s.x1 != b->s.x1 || a->s.y1 != b->s.y1)
        return 0;
    for (int y = a->s.y0; y <= a->s.y1; y++)
        if (a->cells[y][0] != b->cells[y][0]
            || a->cells[y][1] != b->cells[y][1])
            return 0;
    return 1;
}

/* The zones f names, when more than e names: the cells being the same,
 * so are the zones among them, and f names one besides (a trap pocket
 * names the zone the traps join it to, which is not among its cells). */
static void merge_zones(vf_conn_finding *e, const vf_conn_finding *f)
{
    if (f->nzones <= e->nzones) return;
    e->nzones = f->nzones;
    memcpy(e->zone, f->zone, sizeof e->zone);
}

/* One region, one finding: a zone that is at once isolated, stairless,
 * an isolated area and a closet is one thing to fix. The earlier finding
 * (the first kind) keeps its place and takes the later one's kinds; the
 * landings are the most any of its kinds counts (flying lands on more). */
void cn_finding_done(cn_ctx *x, vf_conn_finding *f)
{
    vf_conn_report *r = x->r;
    if (!f) return;
    for (vf_conn_finding *e = r->findings; e < f; e++) {
        if (!same_cells(e, f)) continue;
        e->kinds |= f->kinds;
        if (f->landings > e->landings) {
            e->landings = f->landings;
            e->held = f->held;
            e->occupied = f->occupied;
        }
        if (e->vault < 0) e->vault = f->vault;
        merge_zones(e, f);
        r->nfindings--;   /* f is the last one */
        return;
    }
}

/* Names zone z (zones[] index) in f, once. */
static void note_zone(cn_ctx *x, vf_conn_finding *f, int z)
{
    if (x->stamp[z] == x->serial) return;
    x->stamp[z] = (uint16_t)x->serial;
    if (f->nzones < VF_CONN_FINDING_ZONES) f->zone[f->nzones] = z;
    f->nzones++;
}

/* Names the zones of row y's passable cells in r: a run of passable
 * cells lies in one zone, so one look-up a run. */
static void note_row_zones(cn_ctx *x, vf_conn_finding *f, int y,
                           const uint64_t r[2])
{
    uint64_t p0 = x->pass.w[y][0] & r[0], p1 = x->pass.w[y][1] & r[1];
    uint64_t st[2] = {p0 & ~(p0 << 1), p1 & ~((p1 << 1) | (p0 >> 63))};
    for (int i = 0; i < 2; i++)
        for (uint64_t w = st[i]; w; w &= w - 1) {
            int z = x->r->zone_at[y][64 * i + __builtin_ctzll(w)];
            if (z) note_zone(x, f, z - 1);
        }
}

/* Adds cells x0..x1 of rows y0..y1 to f (NULL: nothing). */
static void add_rows(cn_ctx *x, vf_conn_finding *f, int y0, int y1, int x0,
                     int x1)
{
    uint64_t r[2];
    if (!f) return;
    cn_row_range(x0, x1, r);
    for (int y = y0; y <= y1; y++) {
        f->cells[y][0] |= r[0];
        f->cells[y][1] |= r[1];
    }
    stats_add_rows(x, &f->s, y0, y1, x0, x1);
    for (int y = y0; y <= y1; y++) {
        /* Passable where the row above is: the same zones, named. */
        const uint64_t *p = x->pass.w[y], *up = x->pass.w[y - (y > y0)];
        if (y > y0 && !(((p[0] ^ up[0]) & r[0]) | ((p[1] ^ up[1]) & r[1])))
            continue;
        note_row_zones(x, f, y, r);
    }
}

void cn_finding_add_comp(cn_ctx *x, vf_conn_finding *f, const cn_lab *b,
                         int c)
{
    if (!f) return;
    for (int s = b->first[c]; s != CN_NONE; s = b->next[s])
        add_rows(x, f, b->y0[s], b->y1[s], b->x0[s], b->x1[s]);
}

/* A finding of kind made of component c of b: made, filled, ended. */
static vf_conn_finding *comp_finding(cn_ctx *x, vf_conn_kind kind,
                                     const cn_lab *b, int c)
{
    vf_conn_finding *f = cn_finding_new(x, kind);
    cn_finding_add_comp(x, f, b, c);
    return f;
}

/* Where a teleport lands, walking or flying, into out: the game's
 * _dgn_square_is_tele_target less the cells masked allow_tele_closets
 * (MMT_NO_TELE_CLOSET), as _count_tele_closets counts them. Monsters do
 * not count: the game's search ignores them, and one standing on the
 * only landing does not stand there for good (water_boxes_lemuel's
 * fungi on the loot of sealed boxes: a closet its maintainers fixed). */
static void landings(const cn_ctx *x, int fly, cn_bits *out)
{
    cn_pred_set(&x->pl, x->l,
                fly ? VF_CP_TELE_TARGET_FLY : VF_CP_TELE_TARGET_WALK, out);
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++)
            out->w[y][i] &= ~x->pl.w[y][CN_PL_NOCLOSET][i];
}

/* ---- the game's filling of small zones (§4.4 step 1) -------------------- */


static int in_abyss(const vf_level *l)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    return b && !strcmp(b->abbrev, "Abyss");
}

/* Cells of component c of b, counted up to a little past max. */
static int comp_size_upto(const cn_lab *b, int c, int max)
{
    int n = 0;
    for (int s = b->first[c]; s != CN_NONE && n <= max; s = b->next[s])
        n += (b->x1[s] - b->x0[s] + 1) * (b->y1[s] - b->y0[s] + 1);
    return n;
}

/* Turns cells of row y into rock in the planes: rock's class, nothing on
 * them (items are lost, and firewood dies in rock). */
static void rock_row(cn_ctx *x, int y, const uint64_t fill[2])
{
    static const int held[] = {CN_PL_ITEM, CN_PL_MONSTER, CN_PL_STATIC,
                               CN_PL_FIREWOOD};
    unsigned rock = cn_class(&x->k, VF_F_ROCK_WALL);
    uint64_t (*pw)[2] = x->pl.w[y];
    for (int i = 0; i < 2; i++) {
        for (int b = 0; b < CN_NCLASS; b++)
            pw[b][i] = (pw[b][i] & ~fill[i])
                       | (rock & (1u << b) ? fill[i] : 0);
        for (size_t h = 0; h < sizeof held / sizeof *held; h++)
            pw[held[h]][i] &= ~fill[i];
    }
}

/* Fills component c of b as the game's _fill_zone does with
 * _dgn_square_is_boring: each passable cell without a monster, or with
 * firewood only. */
static void fill_comp(cn_ctx *x, const cn_lab *b, int c)
{
    vf_conn_report *r = x->r;
    for (int s = b->first[c]; s != CN_NONE; s = b->next[s]) {
        uint64_t m[2];
        cn_row_range(b->x0[s], b->x1[s], m);
        for (int y = b->y0[s]; y <= b->y1[s]; y++) {
            uint64_t fill[2];
            for (int i = 0; i < 2; i++)
                fill[i] = m[i] & ~(x->pl.w[y][CN_PL_MONSTER][i]
                                   & ~x->pl.w[y][CN_PL_FIREWOOD][i]);
            r->filled_cells += cn_popcount(fill[0]) + cn_popcount(fill[1]);
            rock_row(x, y, fill);
        }
    }
    r->filled++;
}

/* §4.4 step 1, the game's _fill_small_disconnected_zones: outside the
 * Abyss, every stairless passable zone (hatches count, the branch-bottom
 * rule too: _process_disconnected_zones) of at most VF_CONN_FILL_MAX cells
 * with no cell masked MMT_VAULT becomes rock, in the planes: everything
 * after reads the level as the game leaves it. The game does this only
 * when vaults came after the level's layout; here always, since a vault
 * that leaves such a scrap would get it filled. */
static void fill_small_zones(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    r->filled = r->filled_cells = 0;
    if (in_abyss(x->l)) return;
    cn_pred_set(&x->pl, x->l, VF_CP_PASSABLE, &x->pass);
    const cn_lab *b = cn_labelled(x, &x->pass);
    uint16_t small[CN_MAX_SPANS];
    int n = 0;
    for (int c = 0; c < b->ncomp; c++)
        if (comp_size_upto(b, c, VF_CONN_FILL_MAX) <= VF_CONN_FILL_MAX)
            small[n++] = (uint16_t)c;
    if (!n) return;
    cn_class_set(&x->pl, x->exit_h, &x->exits);
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++)
            x->set.w[y][i] = x->pl.w[y][CN_PL_VAULTMASK][i];
    for (int j = 0; j < n; j++)
        if (!cn_comp_hits(b, small[j], &x->exits)
            && !cn_comp_hits(b, small[j], &x->set))
            fill_comp(x, b, small[j]);
}

/* ---- zones -------------------------------------------------------------- */

/* Returns the labelling of the passable cells, zones[] in its order. */
static const cn_lab *passable_zones(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    cn_pred_set(&x->pl, x->l, VF_CP_PASSABLE, &x->pass);
    const cn_lab *b = cn_labelled(x, &x->pass);
    r->nzones = b->ncomp;
    memset(r->zone_at, 0, sizeof r->zone_at);
    for (int z = 0; z < r->nzones; z++) {
        vf_conn_zone *zn = &r->zones[z];
        int s = b->first[z];
        stats_init(&zn->s);
        zn->seed_x = b->x0[s];
        zn->seed_y = b->y0[s];
        for (; s != CN_NONE; s = b->next[s]) {
            /* Locals: the run's bytes could alias zone_at. */
            int x0 = b->x0[s], x1 = b->x1[s], y0 = b->y0[s], y1 = b->y1[s];
            for (int cx = x0; cx <= x1; cx++)
                r->zone_at[y0][cx] = (uint16_t)(z + 1);
            for (int y = y0 + 1; y <= y1; y++)
                memcpy(&r->zone_at[y][x0], &r->zone_at[y0][x0],
                       (size_t)(x1 - x0 + 1) * sizeof **r->zone_at);
            stats_add_rows(x, &zn->s, y0, y1, x0, x1);
        }
    }
    return b;
}

static int largest_zone(const vf_conn_report *r)
{
    int best = 0;
    for (int z = 1; z < r->nzones; z++)
        if (r->zones[z].s.size > r->zones[best].s.size) best = z;
    return best;
}

/* placement.lua's test: exactly one zone. b: the zones' labelling. */
static void isolated_zones(cn_ctx *x, const cn_lab *b)
{
    vf_conn_report *r = x->r;
    if (r->nzones == 0) {
        cn_finding_done(x, cn_finding_new(x, VF_CONN_ISOLATED_ZONES));
        return;
    }
    if (r->nzones == 1) return;
    int main = largest_zone(r);
    for (int z = 0; z < r->nzones; z++)
        if (z != main)
            cn_finding_done(x, comp_finding(x, VF_CONN_ISOLATED_ZONES, b, z));
}

static void stairless_zones(cn_ctx *x, const cn_lab *b)
{
    vf_conn_report *r = x->r;
    r->stairless = 0;
    for (int z = 0; z < r->nzones; z++)
        if (!r->zones[z].s.exits) {
            r->stairless++;
            cn_finding_done(x, comp_finding(x, VF_CONN_STAIRLESS_ZONE, b, z));
        }
}

/* ---- the other floods --------------------------------------------------- */

/* Each flood labels its set through cn_labelled: on a level without
 * deep water, lava or traps outside opaque masks, the first two give the
 * passable cells again and cost no labelling. */

/* §4.4 step 5: grown through deep water and lava, seeded by passable
 * cells, hatches do not count. */
static void isolated_areas(cn_ctx *x)
{
    const cn_bits *exits = &x->holds[CN_H_EXIT_NH];
    cn_pred_set(&x->pl, x->l, VF_CP_EVER_PASSABLE, &x->set);
    const cn_lab *b = cn_labelled(x, &x->set);
    for (int c = 0; c < b->ncomp; c++)
        if (cn_comp_hits(b, c, &x->pass) && !cn_comp_hits(b, c, exits))
            cn_finding_done(x, comp_finding(x, VF_CONN_ISOLATED_AREA, b, c));
}

/* Adds cells x0..x1 of row y but those of zone skip - 1 (0: none). */
static void add_run_except(cn_ctx *x, vf_conn_finding *f, int y, int x0,
                           int x1, uint16_t skip)
{
    const uint16_t *at = x->r->zone_at[y];
    for (int cx = x0; cx <= x1;) {
        int end = cx;
        while (end <= x1 && (!skip || at[end] != skip)) end++;
        if (end > cx) add_rows(x, f, y, y, cx, end - 1);
        cx = end + 1;
    }
}

/* Zones that traps join: per trap-joined area, its zones and the largest;
 * the finding is the area less that zone, which it still names first. */
static void trap_pockets(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    cn_pred_set(&x->pl, x->l, VF_CP_PASSABLE_TRAPS, &x->set);
    const cn_lab *b = cn_labelled(x, &x->set);
    int n = b->ncomp;
    int zones[VF_CONN_MAX_ZONES], big[VF_CONN_MAX_ZONES];
    memset(zones, 0, (size_t)n * sizeof *zones);
    for (int z = 0; z < r->nzones; z++) {
        /* A zone lies in one area: the one at its seed. */
        int a = cn_comp_at(b, r->zones[z].seed_x, r->zones[z].seed_y);
        if (a < 0) continue;   /* cannot be: passable cells are in it */
        if (!zones[a]++ || r->zones[z].s.size > r->zones[big[a]].s.size)
            big[a] = z;
    }
    for (int a = 0; a < n; a++) {
        if (zones[a] == 1) continue;
        vf_conn_finding *f = cn_finding_new(x, VF_CONN_TRAP_POCKET);
        if (!f) continue;
        uint16_t skip = 0;
        if (zones[a]) {
            note_zone(x, f, big[a]);
            skip = (uint16_t)(big[a] + 1);
        }
        for (int s = b->first[a]; s != CN_NONE; s = b->next[s])
            for (int y = b->y0[s]; y <= b->y1[s]; y++)
                add_run_except(x, f, y, b->x0[s], b->x1[s], skip);
        cn_finding_done(x, f);
    }
}

/* Of component c's landings, those a monster of plane pl (CN_PL_STATIC:
 * one that never moves; CN_PL_MONSTER: any) stands on. */
static int held_landings(cn_ctx *x, const cn_lab *b, int c,
                         const cn_bits *land, int pl)
{
    cn_bits held;
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++)
            held.w[y][i] = land->w[y][i] & x->pl.w[y][pl][i];
    return cn_comp_count(b, c, &held);
}

/* §4.4 step 6 (_count_tele_closets): regions a teleport can land in but
 * not leave for an exit stair, hatch or permanent teleport trap. set and
 * land: the closet cells and the landings, walking or flying. */
static void tele_closets(cn_ctx *x, int fly, const cn_bits *set,
                         const cn_bits *land)
{
    const cn_lab *b = cn_labelled(x, set);
    vf_conn_kind kind = fly ? VF_CONN_TELE_CLOSET_FLY
                            : VF_CONN_TELE_CLOSET_WALK;
    uint8_t reached[CN_MAX_SPANS];
    for (int c = 0; c < b->ncomp; c++)
        reached[c] = (uint8_t)cn_comp_hits(b, c, &x->seeds);
    cn_follow_transporters(x, b, set, 0, reached);
    for (int c = 0; c < b->ncomp; c++) {
        if (reached[c]) continue;
        int landings = cn_comp_count(b, c, land);
        if (!landings) continue;
        vf_conn_finding *f = comp_finding(x, kind, b, c);
        if (f) {
            f->landings = landings;
            f->held = held_landings(x, b, c, land, CN_PL_STATIC);
            f->occupied = held_landings(x, b, c, land, CN_PL_MONSTER);
        }
        cn_finding_done(x, f);
    }
}


void cn_follow_transporters(const cn_ctx *x, const cn_lab *b,
                            const cn_bits *set, int away, uint8_t *reached)
{
    const vf_level *l = x->l;
    /* Each pass reaches at least one more component, or ends. */
    for (int more = l->ntransporters > 0; more;) {
        more = 0;
        for (int i = 0; i < l->ntransporters; i++) {
            const vf_level_transporter *t = &l->transporters[i];
            /* The game follows a transporter still there (a later vault
             * may have written over it) to wherever its marker says. */
            if (t->dest || !t->to || l->feat[t->y][t->x] != VF_F_TRANSPORTER
                || !cn_has(set, t->x, t->y))
                continue;
            const vf_level_transporter *d = &l->transporters[t->to - 1];
            int from = cn_comp_at(b, t->x, t->y);
            if (reached[from]) continue;
            int there = cn_has(set, d->x, d->y)
                            ? reached[cn_comp_at(b, d->x, d->y)]
                            : away;
            if (there) reached[from] = more = 1;
        }
    }
}

static void closets(cn_ctx *x)
{
    cn_class_set(&x->pl, cn_way_out_bits(&x->k), &x->seeds);
    cn_pred_set(&x->pl, x->l, VF_CP_CLOSET_WALK, &x->walk);
    landings(x, 0, &x->land);
    tele_closets(x, 0, &x->walk, &x->land);
    cn_bits fly_land;
    cn_pred_set(&x->pl, x->l, VF_CP_CLOSET_FLY, &x->set);
    landings(x, 1, &fly_land);
    tele_closets(x, 1, &x->set, &fly_land);
}

/* dgn_count_tele_zones, both ways, from one labelling: the components,
 * and those with no exit stair or hatch. */
static void tele_zones(cn_ctx *x)
{
    const cn_bits *exits = &x->holds[CN_H_EXIT];
    cn_pred_set(&x->pl, x->l, VF_CP_TELE_CONNECTED, &x->set);
    const cn_lab *b = cn_labelled(x, &x->set);
    x->r->tele_zones = b->ncomp;
    x->r->tele_stairless = 0;
    for (int c = 0; c < b->ncomp; c++)
        x->r->tele_stairless += !cn_comp_hits(b, c, exits);
}

void vf_conn_analyse(const vf_level *l, vf_conn_report *r)
{
    vf_conn_analyse_with(l, r, NULL);
}

void vf_conn_analyse_with(const vf_level *l, vf_conn_report *r,
                          const vf_conn_memo *memo)
{
    cn_ctx x;
    x.l = l;
    x.r = r;
    x.memo = memo;
    x.serial = 0;
    memset(x.stamp, 0, sizeof x.stamp);
    memset(x.labok, 0, sizeof x.labok);
    x.labnext = 0;
    cn_classes_init(&x.k, l);
    x.exit_h = cn_exit_bits(&x.k, VF_CE_HATCHES);
    x.exit_nh = cn_exit_bits(&x.k, VF_CE_NO_HATCHES);
    cn_planes_build(&x.pl, &x.k, l, ~0u,
                    CN_NEED_MASK | CN_NEED_PROP | CN_NEED_CONTENT);
    memset(r->count, 0, sizeof r->count);
    r->nfindings = r->dropped = 0;
    fill_small_zones(&x);
    what_cells_hold(&x);
    const cn_lab *zones = passable_zones(&x);
    isolated_zones(&x, zones);
    stairless_zones(&x, zones);
    isolated_areas(&x);
    trap_pockets(&x);
    closets(&x);
    /* Before the pockets, which label a set per vault: the teleport
     * zones are often the closet cells again. Neither reads the other. */
    tele_zones(&x);
    cn_pockets(&x);
}

int vf_conn_failed(const vf_conn_report *r)
{
    return r->nfindings + r->dropped > 0;
}

const char *vf_conn_kind_name(vf_conn_kind k)
{
    static const char *const names[VF_CONN_KIND_COUNT] = {
        "isolated_zones", "stairless_zone", "isolated_area", "trap_pocket",
        "tele_closet_walk", "tele_closet_fly", "interior_pocket",
    };
    return (unsigned)k < VF_CONN_KIND_COUNT ? names[k] : "?";
}
