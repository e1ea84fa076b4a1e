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

/* Adds cells x0..x1 of row y: counts from the bitmaps of what cells hold,
 * vaults cell by cell only where there are any. */
static void stats_add_run(const cn_ctx *x, vf_conn_stats *s, int y, int x0,
                          int x1)
{
    s->size += x1 - x0 + 1;
    if (x0 < s->x0) s->x0 = x0;
    if (x1 > s->x1) s->x1 = x1;
    if (y < s->y0) s->y0 = y;
    if (y > s->y1) s->y1 = y;
    if (!cn_row_any(x->holds[CN_H_ANY].w[y], x0, x1)) return;
    s->exits += cn_row_count(x->holds[CN_H_EXIT].w[y], x0, x1);
    s->exits_no_hatch += cn_row_count(x->holds[CN_H_EXIT_NH].w[y], x0, x1);
    s->hatches += cn_row_count(x->holds[CN_H_HATCH].w[y], x0, x1);
    s->stairs += cn_row_count(x->holds[CN_H_STAIR].w[y], x0, x1);
    s->items += cn_row_count(x->holds[CN_H_ITEM].w[y], x0, x1);
    s->monsters += cn_row_count(x->holds[CN_H_MONSTER].w[y], x0, x1);
    if (!cn_row_any(x->holds[CN_H_NEAR].w[y], x0, x1)) return;
    for (int cx = x0; cx <= x1; cx++) {
        int v = x->l->vault[y][cx];
        if (v > 0 && v <= 32) s->vaults_in |= (uint32_t)1 << (v - 1);
        s->vaults_near |= x->near[y][cx];
    }
}

/* near[][]: for each cell, the vaults it is in or next to; and the cells
 * with any, as a bitmap. */
static void vault_neighbours(cn_ctx *x)
{
    const vf_level *l = x->l;
    memset(x->near, 0, sizeof x->near);
    memset(&x->holds[CN_H_NEAR], 0, sizeof x->holds[CN_H_NEAR]);
    for (int i = 0; i < l->nvaults && i < 32; i++) {
        const vf_level_vault *v = &l->vaults[i];
        uint32_t bit = (uint32_t)1 << i;
        for (int y = v->y; y < v->y + v->h; y++)
            for (int cx = v->x; cx < v->x + v->w; cx++) {
                if (!vf_level_in_bounds(cx, y) || l->vault[y][cx] != i + 1)
                    continue;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        if (vf_level_in_bounds(cx + dx, y + dy)) {
                            x->near[y + dy][cx + dx] |= bit;
                            cn_set(&x->holds[CN_H_NEAR], cx + dx, y + dy);
                        }
            }
    }
}

/* The cells whose content has any of bits. */
static void content_bits(const vf_level *l, unsigned bits, cn_bits *out)
{
    memset(out, 0, sizeof *out);
    for (int y = 0; y < VF_GYM; y++)
        for (int cx = 0; cx < VF_GXM; cx += 8) {
            uint64_t w;
            memcpy(&w, &l->content[y][cx], 8);
            if (!w) continue;   /* most of a level holds nothing */
            for (int i = 0; i < 8; i++)
                if (l->content[y][cx + i] & bits) cn_set(out, cx + i, y);
        }
}

static void what_cells_hold(cn_ctx *x)
{
    cn_build(&x->k, x->l, VF_CP_COUNT, NULL, x->exit_h,
             &x->holds[CN_H_EXIT]);
    cn_build(&x->k, x->l, VF_CP_COUNT, NULL, x->exit_nh,
             &x->holds[CN_H_EXIT_NH]);
    cn_build(&x->k, x->l, VF_CP_COUNT, NULL, CN_HATCH,
             &x->holds[CN_H_HATCH]);
    cn_build(&x->k, x->l, VF_CP_COUNT, NULL, CN_STAIR,
             &x->holds[CN_H_STAIR]);
    content_bits(x->l, VF_CELL_ITEM, &x->holds[CN_H_ITEM]);
    content_bits(x->l, VF_CELL_MONSTER, &x->holds[CN_H_MONSTER]);
    vault_neighbours(x);
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++) {
            uint64_t any = 0;
            for (int h = 0; h < CN_H_ANY; h++) any |= x->holds[h].w[y][i];
            x->holds[CN_H_ANY].w[y][i] = any;
        }
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
    f->vault = -1;
    stats_init(&f->s);
    x->serial++;
    return f;
}

/* Names zone z (zones[] index) in f, once. */
static void note_zone(cn_ctx *x, vf_conn_finding *f, int z)
{
    if (x->stamp[z] == x->serial) return;
    x->stamp[z] = (uint16_t)x->serial;
    if (f->nzones < VF_CONN_FINDING_ZONES) f->zone[f->nzones] = z;
    f->nzones++;
}

void cn_finding_add_run(cn_ctx *x, vf_conn_finding *f, int y, int x0,
                        int x1)
{
    uint64_t r[2], pass[2];
    if (!f) return;
    cn_row_range(x0, x1, r);
    f->cells[y][0] |= r[0];
    f->cells[y][1] |= r[1];
    stats_add_run(x, &f->s, y, x0, x1);
    /* A run of passable cells lies in one zone: one look-up each. */
    pass[0] = x->pass.w[y][0] & r[0] & ~(x->pass.w[y][0] << 1);
    pass[1] = x->pass.w[y][1] & r[1]
              & ~((x->pass.w[y][1] << 1) | (x->pass.w[y][0] >> 63));
    pass[x0 >> 6] |= x->pass.w[y][x0 >> 6] & ((uint64_t)1 << (x0 & 63));
    for (int i = 0; i < 2; i++)
        for (uint64_t w = pass[i]; w; w &= w - 1) {
            int z = x->r->zone_at[y][64 * i + __builtin_ctzll(w)];
            if (z) note_zone(x, f, z - 1);
        }
}

void cn_finding_add_comp(cn_ctx *x, vf_conn_finding *f, const cn_lab *b,
                         int c)
{
    if (!f) return;
    for (int s = b->first[c]; s != CN_NONE; s = b->next[s])
        for (int y = b->y0[s]; y <= b->y1[s]; y++)
            cn_finding_add_run(x, f, y, b->x0[s], b->x1[s]);
}

void cn_landings(cn_ctx *x, int fly)
{
    cn_bits allow;
    cn_build(&x->k, x->l,
             fly ? VF_CP_TELE_TARGET_FLY : VF_CP_TELE_TARGET_WALK,
             &x->land, 0, NULL);
    cn_mask_plane(x->l, VF_MMT_NO_TELE_CLOSET, &allow);
    for (int y = 0; y < VF_GYM; y++)
        for (int i = 0; i < 2; i++) x->land.w[y][i] &= ~allow.w[y][i];
}

/* ---- zones -------------------------------------------------------------- */

static void passable_zones(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    cn_lab *b = &x->lab;
    cn_build(&x->k, x->l, VF_CP_PASSABLE, &x->pass, 0, NULL);
    r->nzones = cn_label(b, &x->pass);
    memset(r->zone_at, 0, sizeof r->zone_at);
    for (int z = 0; z < r->nzones; z++) {
        vf_conn_zone *zn = &r->zones[z];
        int s = b->first[z];
        stats_init(&zn->s);
        zn->seed_x = b->x0[s];
        zn->seed_y = b->y0[s];
        for (; s != CN_NONE; s = b->next[s])
            for (int y = b->y0[s]; y <= b->y1[s]; y++) {
                for (int cx = b->x0[s]; cx <= b->x1[s]; cx++)
                    r->zone_at[y][cx] = (uint16_t)(z + 1);
                stats_add_run(x, &zn->s, y, b->x0[s], b->x1[s]);
            }
    }
}

static int largest_zone(const vf_conn_report *r)
{
    int best = 0;
    for (int z = 1; z < r->nzones; z++)
        if (r->zones[z].s.size > r->zones[best].s.size) best = z;
    return best;
}

/* placement.lua's test: exactly one zone. The zones[] labelling is still
 * in x->lab for this and the next step. */
static void isolated_zones(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    if (r->nzones == 0) {
        cn_finding_new(x, VF_CONN_ISOLATED_ZONES);
        return;
    }
    if (r->nzones == 1) return;
    int main = largest_zone(r);
    for (int z = 0; z < r->nzones; z++)
        if (z != main)
            cn_finding_add_comp(x, cn_finding_new(x, VF_CONN_ISOLATED_ZONES),
                                &x->lab, z);
}

static void stairless_zones(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    r->stairless = 0;
    for (int z = 0; z < r->nzones; z++)
        if (!r->zones[z].s.exits) {
            r->stairless++;
            cn_finding_add_comp(x, cn_finding_new(x, VF_CONN_STAIRLESS_ZONE),
                                &x->lab, z);
        }
}

/* ---- the other floods --------------------------------------------------- */

/* §4.4 step 5: grown through deep water and lava, seeded by passable
 * cells, hatches do not count. */
static void isolated_areas(cn_ctx *x)
{
    cn_lab *b = &x->lab;
    cn_build(&x->k, x->l, VF_CP_EVER_PASSABLE, &x->set, x->exit_nh,
             &x->exits);
    int n = cn_label(b, &x->set);
    for (int c = 0; c < n; c++)
        if (cn_comp_hits(b, c, &x->pass) && !cn_comp_hits(b, c, &x->exits))
            cn_finding_add_comp(x, cn_finding_new(x, VF_CONN_ISOLATED_AREA),
                                b, c);
}

/* Adds cells x0..x1 of row y but those of zone skip - 1 (0: none). */
static void add_run_except(cn_ctx *x, vf_conn_finding *f, int y, int x0,
                           int x1, uint16_t skip)
{
    const uint16_t *at = x->r->zone_at[y];
    for (int cx = x0; cx <= x1;) {
        int end = cx;
        while (end <= x1 && (!skip || at[end] != skip)) end++;
        if (end > cx) cn_finding_add_run(x, f, y, cx, end - 1);
        cx = end + 1;
    }
}

/* Zones that traps join: per trap-joined area, its zones and the largest;
 * the finding is the area less that zone, which it still names first. */
static void trap_pockets(cn_ctx *x)
{
    vf_conn_report *r = x->r;
    cn_lab *b = &x->lab;
    cn_build(&x->k, x->l, VF_CP_PASSABLE_TRAPS, &x->set, 0, NULL);
    int n = cn_label(b, &x->set);
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
    }
}

/* §4.4 step 6: regions a teleport can land in but not leave for an exit
 * stair, hatch or permanent teleport trap. Transporters are not followed:
 * the level does not record where they lead. */
static void tele_closets(cn_ctx *x, int fly)
{
    cn_lab *b = &x->lab;
    cn_build(&x->k, x->l, fly ? VF_CP_CLOSET_FLY : VF_CP_CLOSET_WALK,
             &x->set, CN_EXIT | CN_HATCH | CN_PERMTELE, &x->seeds);
    cn_landings(x, fly);
    int n = cn_label(b, &x->set);
    vf_conn_kind kind = fly ? VF_CONN_TELE_CLOSET_FLY
                            : VF_CONN_TELE_CLOSET_WALK;
    for (int c = 0; c < n; c++) {
        if (cn_comp_hits(b, c, &x->seeds)) continue;
        int landings = cn_comp_count(b, c, &x->land);
        if (!landings) continue;
        vf_conn_finding *f = cn_finding_new(x, kind);
        cn_finding_add_comp(x, f, b, c);
        if (f) f->landings = landings;
    }
}

static int tele_zones(cn_ctx *x, unsigned exits)
{
    cn_build(&x->k, x->l, VF_CP_TELE_CONNECTED, &x->set, exits, &x->exits);
    return cn_count(&x->lab, &x->set, NULL, exits ? &x->exits : NULL);
}

void vf_conn_analyse(const vf_level *l, vf_conn_report *r)
{
    cn_ctx x;
    x.l = l;
    x.r = r;
    x.serial = 0;
    memset(x.stamp, 0, sizeof x.stamp);
    cn_classes_init(&x.k, l);
    x.exit_h = cn_exit_bits(&x.k, VF_CE_HATCHES);
    x.exit_nh = cn_exit_bits(&x.k, VF_CE_NO_HATCHES);
    memset(r->count, 0, sizeof r->count);
    r->nfindings = r->dropped = 0;
    what_cells_hold(&x);
    passable_zones(&x);
    isolated_zones(&x);
    stairless_zones(&x);
    isolated_areas(&x);
    trap_pockets(&x);
    tele_closets(&x, 0);
    tele_closets(&x, 1);
    cn_pockets(&x);
    r->tele_zones = tele_zones(&x, 0);
    r->tele_stairless = tele_zones(&x, x.exit_h);
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
