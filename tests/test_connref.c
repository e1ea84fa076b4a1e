/* vf_conn_analyse against a reference written the plain way: one cell at
 * a time, every flood a queue over vf_conn_cell, no bitmaps, no labelling
 * shared between floods, no shortcut. The random levels are made so that
 * each shortcut of the analysis (a flood whose cells equal an earlier
 * one's, a vault with nowhere to land) is taken on some and missed on
 * others. */
#include "tests.h"
#include "vf_conn.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t cells[VF_GYM][VF_GXM];
typedef uint16_t comps[VF_GYM][VF_GXM];

static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int upto(uint32_t *s, int n)   /* 0..n-1 */
{
    return (int)(rnd(s) % (uint32_t)n);
}

static int chance(uint32_t *s, int n)   /* 1 in n */
{
    return upto(s, n) == 0;
}

/* ---- the reference ------------------------------------------------------ */

static void pred_cells(const vf_level *l, vf_conn_pred p, cells out)
{
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            out[y][x] = (uint8_t)vf_conn_cell(l, p, x, y);
}

/* The components of in, numbered from 1 by their first cell in row-major
 * order (the game's seed order); returns how many. */
static int flood(const cells in, comps out)
{
    static int queue[VF_GYM * VF_GXM];
    int n = 0;
    memset(out, 0, sizeof(comps));
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            if (!in[y][x] || out[y][x]) continue;
            int head = 0, tail = 0;
            out[y][x] = (uint16_t)++n;
            queue[tail++] = y * VF_GXM + x;
            while (head < tail) {
                int cx = queue[head] % VF_GXM, cy = queue[head++] / VF_GXM;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int nx = cx + dx, ny = cy + dy;
                        if (!vf_level_in_bounds(nx, ny) || !in[ny][nx]
                            || out[ny][nx])
                            continue;
                        out[ny][nx] = (uint16_t)n;
                        queue[tail++] = ny * VF_GXM + nx;
                    }
            }
        }
    return n;
}

/* What the reference knows of the level besides its floods. */
typedef struct ref {
    const vf_level *l;      /* the level after the game's filling */
    vf_level filled;
    vf_level any_exit;      /* the level off its branch's bottom, so an
                             * exit is any exit stair or hatch */
    cells pass, walk, exit_any, land_walk, land_fly;
    comps zone;
    int nzones;
    uint32_t near[VF_GYM][VF_GXM];
} ref;

/* A closet's way out: any exit stair or hatch, a permanent teleport
 * trap, and on a portal level its exits (which the level's own rule
 * counts there). */
static int is_exit_any(ref *rf, int x, int y)
{
    return vf_conn_exit_at(&rf->any_exit, VF_CE_HATCHES, x, y)
           || vf_conn_exit_at(rf->l, VF_CE_HATCHES, x, y)
           || rf->l->feat[y][x] == VF_F_TRAP_TELEPORT_PERMANENT;
}

/* near[][]: the vaults (of the first 32) with a cell of theirs, inside
 * their rectangle, at or next to each cell. */
static void ref_near(ref *rf)
{
    const vf_level *l = rf->l;
    memset(rf->near, 0, sizeof rf->near);
    for (int i = 0; i < l->nvaults && i < 32; i++) {
        const vf_level_vault *v = &l->vaults[i];
        for (int y = v->y; y < v->y + v->h; y++)
            for (int x = v->x; x < v->x + v->w; x++) {
                if (!vf_level_in_bounds(x, y) || l->vault[y][x] != i + 1)
                    continue;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        if (vf_level_in_bounds(x + dx, y + dy))
                            rf->near[y + dy][x + dx] |= 1u << i;
            }
    }
}

static void stats_empty(vf_conn_stats *s)
{
    memset(s, 0, sizeof *s);
    s->x0 = VF_GXM;
    s->y0 = VF_GYM;
    s->x1 = s->y1 = -1;
}

static void stats_cell(const ref *rf, vf_conn_stats *s, int x, int y)
{
    const vf_level *l = rf->l;
    unsigned p = vf_feature_props(l->feat[y][x]);
    s->size++;
    if (x < s->x0) s->x0 = x;
    if (x > s->x1) s->x1 = x;
    if (y < s->y0) s->y0 = y;
    if (y > s->y1) s->y1 = y;
    s->exits += vf_conn_exit_at(l, VF_CE_HATCHES, x, y);
    s->exits_no_hatch += vf_conn_exit_at(l, VF_CE_NO_HATCHES, x, y);
    s->hatches += !!(p & VF_FP_HATCH);
    s->stairs += !!(p & VF_FP_STAIR);
    const char *name = vf_feature_name(l->feat[y][x]);
    s->altars += !strncmp(name, "altar_", 6) || !strcmp(name, "unknown_altar");
    s->portals += (p & VF_FP_STAIR) && !strncmp(name, "enter_", 6);
    s->items += !!(l->content[y][x] & VF_CELL_ITEM);
    s->monsters += !!(l->content[y][x] & VF_CELL_MONSTER);
    int v = l->vault[y][x];
    if (v > 0 && v <= 32) s->vaults_in |= 1u << (v - 1);
    s->vaults_near |= rf->near[y][x];
}

/* One expected finding. */
typedef struct ref_finding {
    vf_conn_kind kind;
    unsigned kinds;
    cells in;
    int landings, vault;
    int zone0;      /* a trap pocket's: the zone named first, or -1 */
    int extra;      /* a zone named though not among the cells, or -1 */
} ref_finding;

typedef struct ref_report {
    int n, dropped;
    int count[VF_CONN_KIND_COUNT];
    ref_finding f[VF_CONN_MAX_FINDINGS];
} ref_report;

static ref_finding *add(ref_report *e, vf_conn_kind k)
{
    e->count[k]++;
    if (e->n == VF_CONN_MAX_FINDINGS) {
        e->dropped++;
        return NULL;
    }
    ref_finding *f = &e->f[e->n++];
    memset(f, 0, sizeof *f);
    f->kind = k;
    f->kinds = 1u << k;
    f->vault = -1;
    f->zone0 = f->extra = -1;
    return f;
}

/* The finding just made (NULL: dropped) joins an earlier one with the
 * same cells, if any. */
static void done(ref_report *e, ref_finding *f)
{
    if (!f) return;
    for (ref_finding *g = e->f; g < f; g++) {
        if (memcmp(g->in, f->in, sizeof g->in)) continue;
        g->kinds |= f->kinds;
        if (f->landings > g->landings) g->landings = f->landings;
        if (g->vault < 0) g->vault = f->vault;
        if (f->zone0 >= 0 && g->zone0 != f->zone0) g->extra = f->zone0;
        e->n--;
        return;
    }
}

/* Cells of component c of cm into f (NULL: dropped); the cells where
 * skip says go are left out. */
static void add_comp(ref_finding *f, const comps cm, int c, const comps skip,
                     int skipc)
{
    if (!f) return;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            f->in[y][x] = cm[y][x] == c && !(skip && skip[y][x] == skipc);
}

/* Per component of cm (1..n): its cells, and those where what is set. */
typedef struct comp_sums {
    int size[VF_CONN_MAX_ZONES + 1], count[VF_CONN_MAX_ZONES + 1];
} comp_sums;

static void sum_comps(const comps cm, const cells what, comp_sums *out)
{
    memset(out, 0, sizeof *out);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            out->size[cm[y][x]]++;
            out->count[cm[y][x]] += what && what[y][x];
        }
}

static void zones_findings(ref *rf, ref_report *e)
{
    static cells exit_h;
    static comp_sums sum;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            exit_h[y][x] =
                (uint8_t)vf_conn_exit_at(rf->l, VF_CE_HATCHES, x, y);
    sum_comps(rf->zone, exit_h, &sum);
    if (rf->nzones == 0) done(e, add(e, VF_CONN_ISOLATED_ZONES));
    int big = 1;
    for (int z = 2; z <= rf->nzones; z++)
        if (sum.size[z] > sum.size[big]) big = z;
    for (int z = 1; z <= rf->nzones && rf->nzones > 1; z++)
        if (z != big) {
            ref_finding *f = add(e, VF_CONN_ISOLATED_ZONES);
            add_comp(f, rf->zone, z, NULL, 0);
            done(e, f);
        }
    for (int z = 1; z <= rf->nzones; z++)
        if (!sum.count[z]) {
            ref_finding *f = add(e, VF_CONN_STAIRLESS_ZONE);
            add_comp(f, rf->zone, z, NULL, 0);
            done(e, f);
        }
}

static void areas_findings(ref *rf, ref_report *e)
{
    static cells ever, exit_nh;
    static comps cm;
    static comp_sums pass, exits;
    pred_cells(rf->l, VF_CP_EVER_PASSABLE, ever);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            exit_nh[y][x] =
                (uint8_t)vf_conn_exit_at(rf->l, VF_CE_NO_HATCHES, x, y);
    int n = flood(ever, cm);
    sum_comps(cm, rf->pass, &pass);
    sum_comps(cm, exit_nh, &exits);
    for (int c = 1; c <= n; c++)
        if (pass.count[c] && !exits.count[c]) {
            ref_finding *f = add(e, VF_CONN_ISOLATED_AREA);
            add_comp(f, cm, c, NULL, 0);
            done(e, f);
        }
}

/* Per trap-joined area: unless it holds exactly one zone, the area less
 * its largest zone (the first of the largest), which it names first. */
static void trap_findings(ref *rf, ref_report *e)
{
    static cells traps;
    static comps cm;
    static comp_sums zsum;
    static int area_of[VF_CONN_MAX_ZONES + 1];
    pred_cells(rf->l, VF_CP_PASSABLE_TRAPS, traps);
    int n = flood(traps, cm);
    sum_comps(rf->zone, NULL, &zsum);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            if (rf->zone[y][x]) area_of[rf->zone[y][x]] = cm[y][x];
    for (int a = 1; a <= n; a++) {
        int nz = 0, big = 0;
        for (int z = 1; z <= rf->nzones; z++)
            if (area_of[z] == a && (!nz++ || zsum.size[z] > zsum.size[big]))
                big = z;
        if (nz == 1) continue;
        ref_finding *f = add(e, VF_CONN_TRAP_POCKET);
        add_comp(f, cm, a, big ? rf->zone : NULL, big);
        if (f) f->zone0 = big - 1;
        done(e, f);
    }
}

/* The game's flood from the ways out (_dgn_fill_zone with
 * follow_transporters): cell by cell, and on reaching a transporter's
 * destination, the transporters leading there. reached gets 1s. */
static void flood_out(const ref *rf, const cells set, const cells seeds,
                      cells reached)
{
    static int queue[VF_GYM * VF_GXM];
    const vf_level *l = rf->l;
    int head = 0, tail = 0;
    memset(reached, 0, sizeof(cells));
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            if (seeds[y][x] && set[y][x]) {
                reached[y][x] = 1;
                queue[tail++] = y * VF_GXM + x;
            }
    while (head < tail) {
        int cx = queue[head] % VF_GXM, cy = queue[head++] / VF_GXM;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = cx + dx, ny = cy + dy;
                if (!vf_level_in_bounds(nx, ny) || reached[ny][nx]
                    || !set[ny][nx])
                    continue;
                reached[ny][nx] = 1;
                queue[tail++] = ny * VF_GXM + nx;
            }
        for (int i = 0; i < l->ntransporters; i++) {
            const vf_level_transporter *t = &l->transporters[i];
            if (t->dest || !t->to) continue;
            const vf_level_transporter *d = &l->transporters[t->to - 1];
            if (d->x != cx || d->y != cy || reached[t->y][t->x]
                || !set[t->y][t->x]
                || l->feat[t->y][t->x] != VF_F_TRANSPORTER)
                continue;
            reached[t->y][t->x] = 1;
            queue[tail++] = t->y * VF_GXM + t->x;
        }
    }
}

static void closet_findings(ref *rf, ref_report *e, int fly)
{
    static cells set, reached;
    static comps cm;
    static comp_sums land, out;
    pred_cells(rf->l, fly ? VF_CP_CLOSET_FLY : VF_CP_CLOSET_WALK, set);
    flood_out(rf, set, rf->exit_any, reached);
    int n = flood(set, cm);
    sum_comps(cm, fly ? rf->land_fly : rf->land_walk, &land);
    sum_comps(cm, reached, &out);
    for (int c = 1; c <= n; c++) {
        if (out.count[c] || !land.count[c]) continue;
        ref_finding *f = add(e, fly ? VF_CONN_TELE_CLOSET_FLY
                                    : VF_CONN_TELE_CLOSET_WALK);
        add_comp(f, cm, c, NULL, 0);
        if (f) f->landings = land.count[c];
        done(e, f);
    }
}

/* dgn_count_tele_zones, both ways. */
static void tele_counts(ref *rf, int *zones, int *stairless)
{
    static cells tele, exit_h;
    static comps cm;
    static comp_sums exits;
    pred_cells(rf->l, VF_CP_TELE_CONNECTED, tele);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            exit_h[y][x] =
                (uint8_t)vf_conn_exit_at(rf->l, VF_CE_HATCHES, x, y);
    *zones = flood(tele, cm);
    sum_comps(cm, exit_h, &exits);
    *stairless = 0;
    for (int c = 1; c <= *zones; c++) *stairless += !exits.count[c];
}

/* Whether a cell of vault v at (x, y) is next to a passable cell of no
 * vault v. */
static int opening(const ref *rf, int v, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if (vf_level_in_bounds(nx, ny) && rf->l->vault[ny][nx] != v + 1
                && rf->pass[ny][nx])
                return 1;
        }
    return 0;
}

static void pocket_findings(ref *rf, ref_report *e)
{
    static cells in, entry, land;
    static comps cm;
    const vf_level *l = rf->l;
    for (int v = 0; v < l->nvaults; v++) {
        const vf_level_vault *vt = &l->vaults[v];
        if (vt->transparent) continue;
        memset(in, 0, sizeof in);
        memset(entry, 0, sizeof entry);
        memset(land, 0, sizeof land);
        for (int y = vt->y; y < vt->y + vt->h; y++)
            for (int x = vt->x; x < vt->x + vt->w; x++) {
                if (!vf_level_in_bounds(x, y) || l->vault[y][x] != v + 1
                    || !rf->walk[y][x])
                    continue;
                in[y][x] = 1;
                entry[y][x] = !vt->nexits && opening(rf, v, x, y);
                land[y][x] = rf->land_walk[y][x] && !vt->no_tele_into;
            }
        for (int i = 0; i < vt->nexits; i++) {
            int x = vt->exits[i].x, y = vt->exits[i].y;
            if (vf_level_in_bounds(x, y) && l->vault[y][x] == v + 1
                && rf->walk[y][x])
                entry[y][x] = 1;
        }
        static comp_sums nland, nentry, nout;
        static uint8_t reached[VF_GYM * VF_GXM + 1];
        int n = flood(in, cm);
        sum_comps(cm, land, &nland);
        sum_comps(cm, entry, &nentry);
        sum_comps(cm, rf->exit_any, &nout);
        for (int c = 1; c <= n; c++)
            reached[c] = nentry.count[c] || nout.count[c];
        /* Transporters out of the vault, or into a part reached. */
        for (int more = 1; more;) {
            more = 0;
            for (int i = 0; i < l->ntransporters; i++) {
                const vf_level_transporter *t = &l->transporters[i];
                if (t->dest || !t->to || !in[t->y][t->x]
                    || l->feat[t->y][t->x] != VF_F_TRANSPORTER
                    || reached[cm[t->y][t->x]])
                    continue;
                const vf_level_transporter *d = &l->transporters[t->to - 1];
                if (!in[d->y][d->x] || reached[cm[d->y][d->x]])
                    reached[cm[t->y][t->x]] = more = 1;
            }
        }
        for (int c = 1; c <= n; c++) {
            if (reached[c] || !nland.count[c]) continue;
            ref_finding *f = add(e, VF_CONN_INTERIOR_POCKET);
            add_comp(f, cm, c, NULL, 0);
            if (f) {
                f->landings = nland.count[c];
                f->vault = v;
            }
            done(e, f);
        }
    }
}

/* The game's _fill_small_disconnected_zones on a copy: stairless
 * passable zones of up to 11 cells (its count leaves out the seed) with
 * no MMT_VAULT cell become rock wall, but for monsters not firewood. */
static void ref_fill(ref *rf, const vf_level *l)
{
    static cells pass;
    static comps cm;
    static int size[VF_GYM * VF_GXM + 1], bad[VF_GYM * VF_GXM + 1];
    vf_level *f = &rf->filled;
    *f = *l;
    if (l->place.branch == vf_branch_find(NULL, "Abyss")) return;
    pred_cells(l, VF_CP_PASSABLE, pass);
    int n = flood(pass, cm);
    memset(size, 0, (size_t)(n + 1) * sizeof *size);
    memset(bad, 0, (size_t)(n + 1) * sizeof *bad);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            int c = cm[y][x];
            size[c]++;
            bad[c] |= vf_conn_exit_at(l, VF_CE_HATCHES, x, y)
                      || (l->mask[y][x] & VF_MMT_VAULT);
        }
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            int c = cm[y][x];
            if (!c || bad[c] || size[c] > 11
                || (l->content[y][x] & (VF_CELL_MONSTER | VF_CELL_FIREWOOD))
                       == VF_CELL_MONSTER)
                continue;
            f->feat[y][x] = VF_F_ROCK_WALL;
            f->content[y][x] = 0;
        }
}

static void ref_prepare(ref *rf, const vf_level *l)
{
    ref_fill(rf, l);
    l = rf->l = &rf->filled;
    rf->any_exit = *l;
    rf->any_exit.place.branch = 0;   /* D:1, not a branch's last level */
    rf->any_exit.place.depth = 1;
    pred_cells(l, VF_CP_PASSABLE, rf->pass);
    pred_cells(l, VF_CP_CLOSET_WALK, rf->walk);
    pred_cells(l, VF_CP_TELE_TARGET_WALK, rf->land_walk);
    pred_cells(l, VF_CP_TELE_TARGET_FLY, rf->land_fly);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            rf->exit_any[y][x] = (uint8_t)is_exit_any(rf, x, y);
            if (l->mask[y][x] & VF_MMT_NO_TELE_CLOSET)
                rf->land_walk[y][x] = rf->land_fly[y][x] = 0;
        }
    rf->nzones = flood(rf->pass, rf->zone);
    ref_near(rf);
}

/* ---- comparing ---------------------------------------------------------- */

/* Check records every assertion it passes, so the loops below look for
 * the first difference and assert once. */
static int same_stats(const vf_conn_stats *got, const vf_conn_stats *want)
{
    return !memcmp(got, want, sizeof *got);
}

static void check_stats(const vf_conn_stats *got, const vf_conn_stats *want,
                        const char *what, int i)
{
    ck_assert_msg(same_stats(got, want),
                  "%s %d: size %d/%d exits %d/%d nh %d/%d hatches %d/%d "
                  "stairs %d/%d items %d/%d mons %d/%d box (%d,%d)-(%d,%d)/"
                  "(%d,%d)-(%d,%d) in %x/%x near %x/%x", what, i,
                  got->size, want->size, got->exits, want->exits,
                  got->exits_no_hatch, want->exits_no_hatch, got->hatches,
                  want->hatches, got->stairs, want->stairs, got->items,
                  want->items, got->monsters, want->monsters, got->x0,
                  got->y0, got->x1, got->y1, want->x0, want->y0, want->x1,
                  want->y1, got->vaults_in, want->vaults_in,
                  got->vaults_near, want->vaults_near);
}

static void check_zones(const ref *rf, const vf_conn_report *r)
{
    static vf_conn_stats s[VF_CONN_MAX_ZONES];
    static int seed[VF_CONN_MAX_ZONES];
    ck_assert_int_eq(r->nzones, rf->nzones);
    for (int z = 0; z < rf->nzones; z++) {
        stats_empty(&s[z]);
        seed[z] = -1;
    }
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            int z = rf->zone[y][x] - 1;
            if (z < 0) continue;
            if (seed[z] < 0) seed[z] = y * VF_GXM + x;
            stats_cell(rf, &s[z], x, y);
        }
    for (int z = 0; z < rf->nzones; z++)
        if (!same_stats(&r->zones[z].s, &s[z])
            || r->zones[z].seed_x != seed[z] % VF_GXM
            || r->zones[z].seed_y != seed[z] / VF_GXM) {
            check_stats(&r->zones[z].s, &s[z], "zone", z);
            ck_assert_msg(0, "zone %d: seed (%d,%d), want (%d,%d)", z,
                          r->zones[z].seed_x, r->zones[z].seed_y,
                          seed[z] % VF_GXM, seed[z] / VF_GXM);
        }
    ck_assert(!memcmp(r->zone_at, rf->zone, sizeof r->zone_at));
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void check_finding(const ref *rf, const vf_conn_finding *f,
                          const ref_finding *w, int i)
{
    vf_conn_stats s;
    int zones[VF_CONN_MAX_ZONES] = {0}, nz = 0;
    uint8_t seen[VF_CONN_MAX_ZONES + 1] = {0};
    ck_assert_msg(f->kind == w->kind, "finding %d: %s, want %s", i,
                  vf_conn_kind_name(f->kind), vf_conn_kind_name(w->kind));
    ck_assert_msg(f->kinds == w->kinds, "finding %d: kinds %x, want %x", i,
                  f->kinds, w->kinds);
    stats_empty(&s);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            int got = (int)(f->cells[y][x >> 6] >> (x & 63)) & 1;
            if (got != w->in[y][x])
                ck_assert_msg(0, "finding %d (%s): cell (%d,%d) %d, want "
                              "%d", i, vf_conn_kind_name(w->kind), x, y,
                              got, w->in[y][x]);
            if (!got) continue;
            stats_cell(rf, &s, x, y);
            int z = rf->zone[y][x];
            if (z && !seen[z]) { seen[z] = 1; zones[nz++] = z - 1; }
        }
    check_stats(&f->s, &s, "finding", i);
    ck_assert_int_eq(f->landings, w->landings);
    ck_assert_int_eq(f->vault, w->vault);
    if (w->zone0 >= 0) {   /* named first, whether or not in the cells */
        ck_assert_int_eq(f->zone[0], w->zone0);
        if (!seen[w->zone0 + 1]) zones[nz++] = w->zone0;
    }
    if (w->extra >= 0 && !seen[w->extra + 1]) zones[nz++] = w->extra;
    ck_assert_int_eq(f->nzones, nz);
    if (nz > VF_CONN_FINDING_ZONES) return;   /* which ones: any order */
    int got[VF_CONN_FINDING_ZONES];
    memcpy(got, f->zone, (size_t)nz * sizeof *got);
    qsort(got, (size_t)nz, sizeof *got, cmp_int);
    qsort(zones, (size_t)nz, sizeof *zones, cmp_int);
    ck_assert(!memcmp(got, zones, (size_t)nz * sizeof *got));
}

/* The analysis of l, reusing memo's labelling when it is of one of its
 * sets (memo NULL: none). */
static void check_level(const vf_level *l, const vf_conn_memo *memo)
{
    static ref rf;
    static ref_report e;
    static vf_conn_report r;
    memset(&e, 0, sizeof e);
    ref_prepare(&rf, l);
    zones_findings(&rf, &e);
    areas_findings(&rf, &e);
    trap_findings(&rf, &e);
    closet_findings(&rf, &e, 0);
    closet_findings(&rf, &e, 1);
    pocket_findings(&rf, &e);
    memset(&r, 0xa5, sizeof r);
    vf_conn_analyse_with(l, &r, memo);
    check_zones(&rf, &r);
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
        if (r.count[k] != e.count[k])
            ck_assert_msg(0, "%s: %d, want %d", vf_conn_kind_name(k),
                          r.count[k], e.count[k]);
    ck_assert_int_eq(r.nfindings, e.n);
    ck_assert_int_eq(r.dropped, e.dropped);
    for (int i = 0; i < e.n; i++)
        check_finding(&rf, &r.findings[i], &e.f[i], i);
    int tz, ts;
    tele_counts(&rf, &tz, &ts);
    ck_assert_int_eq(r.stairless, e.count[VF_CONN_STAIRLESS_ZONE]);
    ck_assert_int_eq(r.tele_zones, tz);
    ck_assert_int_eq(r.tele_stairless, ts);
}

/* ---- the levels --------------------------------------------------------- */

/* Features a level may be built from; each level takes some of them, so
 * that some levels have no deep water, lava, traps... at all. */
static const char *const palette[] = {
    "rock_wall", "stone_wall", "deep_water", "lava", "trap_mechanical",
    "trap_teleport_permanent", "trap_net", "shallow_water", "open_sea",
    "closed_door", "sealed_door", "granite_statue", "stone_stairs_up_i",
    "stone_stairs_down_i", "escape_hatch_down", "escape_hatch_up",
    "exit_lair", "exit_ziggurat", "tree", "exit_sewer", "altar_zin",
    "enter_lair", "transporter",
};
#define NPALETTE (int)(sizeof palette / sizeof *palette)

static int pick(uint32_t *s, unsigned have)
{
    if (!have) return VF_F_FLOOR;
    for (;;) {
        int i = upto(s, NPALETTE);
        if (have & (1u << i)) return vf_feature_by_name(NULL, palette[i]);
    }
}

static void fill(vf_level *l, int x0, int y0, int w, int h, int f)
{
    for (int y = y0; y < y0 + h && y < VF_GYM - 1; y++)
        for (int x = x0; x < x0 + w && x < VF_GXM - 1; x++)
            l->feat[y][x] = (uint8_t)f;
}

/* What a cell with a monster holds: now and then one that never moves,
 * firewood or not. */
static uint8_t monster(uint32_t *s)
{
    if (chance(s, 2)) return VF_CELL_MONSTER;
    return VF_CELL_MONSTER | VF_CELL_STATIC_MONSTER
           | (chance(s, 2) ? VF_CELL_FIREWOOD : 0);
}

/* A vault as placement makes one: its cells masked (opaque unless
 * transparent, mostly), walls round a room with things in it, perhaps a
 * gap in the wall, exits on its edge or none. */
static void add_vault(vf_level *l, uint32_t *s, unsigned have)
{
    int i = l->nvaults++, w = 3 + upto(s, 14), h = 3 + upto(s, 12);
    int x0 = 2 + upto(s, VF_GXM - 4 - w), y0 = 2 + upto(s, VF_GYM - 4 - h);
    vf_level_vault *v = &l->vaults[i];
    v->x = x0, v->y = y0, v->w = w, v->h = h;
    v->transparent = chance(s, 3);
    v->no_tele_into = chance(s, 4);
    int opaque = !v->transparent && !chance(s, 6);
    unsigned tmask = chance(s, 4) ? VF_MMT_NO_TELE_CLOSET : 0;
    if (chance(s, 8)) tmask |= VF_MMT_PASSABLE;
    uint32_t tprop = chance(s, 4) ? VF_FPROP_NO_TELE_INTO : 0;
    fill(l, x0, y0, w, h, VF_F_STONE_WALL);
    fill(l, x0 + 1, y0 + 1, w - 2, h - 2, VF_F_FLOOR);
    for (int k = upto(s, 4); k > 0; k--) {   /* inner walls, things */
        int fx = x0 + upto(s, w), fy = y0 + upto(s, h);
        int fw = 1 + upto(s, 4), fh = 1 + upto(s, 4);
        fill(l, fx, fy, fw, fh,
             chance(s, 2) ? VF_F_STONE_WALL : pick(s, have));
    }
    if (chance(s, 2)) l->feat[y0][x0 + 1 + upto(s, w - 2)] = VF_F_FLOOR;
    for (int k = upto(s, 3); k > 0; k--) {
        int ey = y0 + 1 + upto(s, h - 2);
        l->feat[ey][x0] = VF_F_CLOSED_DOOR;
        v->exits[v->nexits].x = x0;
        v->exits[v->nexits].y = ey;
        v->nexits++;
    }
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            l->vault[y][x] = (uint8_t)(i + 1);
            l->mask[y][x] |= (uint16_t)(VF_MMT_VAULT | tmask
                                        | (opaque ? VF_MMT_OPAQUE : 0));
            l->prop[y][x] |= tprop;
            if (chance(s, 12)) l->content[y][x] |= monster(s);
            if (chance(s, 12)) l->content[y][x] |= VF_CELL_ITEM;
        }
}

/* A cell inside the level's border. */
static void inside(uint32_t *s, int *x, int *y)
{
    *x = 1 + upto(s, VF_GXM - 2);
    *y = 1 + upto(s, VF_GYM - 2);
}

/* placement.lua's empty level with up to four vaults and things strewn
 * about, over (one in four) noise: runs of features on every row. Some
 * levels are a branch's last. */
static void ref_random_level(vf_level *l, uint32_t *s)
{
    unsigned have = 0;
    int x, y;
    for (int i = 0; i < NPALETTE; i++)
        if (chance(s, 3)) have |= 1u << i;
    vf_place p = {0, chance(s, 4) ? 15 : 1 + upto(s, 14)};
    if (chance(s, 6)) p = (vf_place){vf_branch_find(NULL, "Sewer"), 1};
    else if (chance(s, 8)) p = (vf_place){vf_branch_find(NULL, "Abyss"), 3};
    vf_level_init_empty(l, NULL, &p);
    if (chance(s, 4))
        for (y = 1; y < VF_GYM - 1; y++)
            for (x = 1; x < VF_GXM - 1;) {
                int f = chance(s, 2) ? VF_F_FLOOR : pick(s, have);
                for (int run = 1 + upto(s, 12); run-- && x < VF_GXM - 1; x++)
                    l->feat[y][x] = (uint8_t)f;
            }
    for (int k = upto(s, 6); k > 0; k--) {
        inside(s, &x, &y);
        int w = 1 + upto(s, 20), h = 1 + upto(s, 3);
        fill(l, x, y, w, h, pick(s, have));
    }
    for (int k = upto(s, 5); k > 0; k--)   /* walls across */
        if (chance(s, 2))
            fill(l, 1 + upto(s, VF_GXM - 2), 1, 1, VF_GYM, VF_F_ROCK_WALL);
    for (int k = upto(s, 5); k > 0; k--) add_vault(l, s, have);
    for (int k = upto(s, 8); k > 0; k--) {
        inside(s, &x, &y);
        l->content[y][x] |= chance(s, 2) ? VF_CELL_ITEM : monster(s);
    }
    /* Transporters, paired or not, some leading to a shared landing. */
    for (int k = chance(s, 3) ? upto(s, 6) : 0; k > 0; k--) {
        inside(s, &x, &y);
        vf_level_add_transporter(l, x, y, chance(s, 3), (uint64_t)upto(s, 3));
    }
    if (!chance(s, 4)) l->feat[1][1] = VF_F_STONE_STAIRS_UP_I;
}

/* Answers of vf_conn_layout_vetoes: quick ones (all 0 where the full
 * count differs but fires no veto), and the full count's. */
static int vetoes_quick, vetoes_full;

/* The vetoes' count (vf_conn_layout_vetoes) against the full one: the
 * same whenever a veto fires, else the same or all 0. */
static void check_vetoes(const vf_level *l, const vf_conn_pieces *a,
                         int most_apart, vf_conn_memo *memo)
{
    static vf_conn_pieces c, zero;
    vf_conn_layout_vetoes(l, 10, most_apart, &c, memo);
    if (!memcmp(a, &c, sizeof c)) {
        vetoes_full++;
        return;
    }
    ck_assert(!a->stairless && a->apart <= most_apart);
    ck_assert(!memcmp(&c, &zero, sizeof c));
    vetoes_quick++;
}

/* The pieces with and without a memo; the vetoes' quick count as the
 * full one; the zones beyond vaults. Returns the stairless zones. */
static int check_pieces(const vf_level *l, vf_conn_memo *memo)
{
    static vf_conn_pieces a, b;
    static const int most_apart[] = {INT_MAX, 0, 1, 2};
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    vf_conn_layout_pieces(l, 10, &a, memo);
    vf_conn_layout_pieces(l, 10, &b, NULL);
    ck_assert(!memcmp(&a, &b, sizeof a));
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 4; i++)
            check_vetoes(l, &a, most_apart[i], k ? NULL : memo);
    ck_assert_int_eq(vf_conn_zones_beyond_vaults(l, 10, memo),
                     vf_conn_zones_beyond_vaults(l, 10, NULL));
    return a.stairless;
}

/* A memo carried from level to level: half the levels find their own
 * passable cells kept in it, the others the last level's. */
START_TEST(analysis_matches_reference)
{
    static vf_level l;
    uint32_t s = 0x2545f491u + 977u * (uint32_t)_i;
    vf_conn_memo *memo = vf_conn_memo_new();
    for (int k = 0; k < 10; k++) {
        ref_random_level(&l, &s);
        if (k % 2) check_pieces(&l, memo);
        check_level(&l, memo);
        if (!(k % 2)) check_pieces(&l, memo);
    }
    vf_conn_memo_free(memo);
}
END_TEST

/* The shortcuts are taken and missed: without deep water, lava and traps
 * the analysis must still find what a vault hides. */
START_TEST(reference_sees_findings)
{
    static vf_level l;
    static vf_conn_report r;
    int kinds = 0, stairless = 0;
    uint32_t s = 0x51ed27u;
    vetoes_quick = vetoes_full = 0;
    for (int k = 0; k < 120; k++) {
        ref_random_level(&l, &s);
        check_level(&l, NULL);
        stairless += check_pieces(&l, NULL) > 0;
        vf_conn_analyse(&l, &r);
        for (int i = 0; i < VF_CONN_KIND_COUNT; i++)
            if (r.count[i]) kinds |= 1 << i;
    }
    ck_assert_int_eq(kinds, (1 << VF_CONN_KIND_COUNT) - 1);
    /* Both ways of the vetoes' count are taken. */
    printf("connref: %d of 120 levels with a stairless piece; vetoes "
           "counted quick %d times, in full %d\n", stairless, vetoes_quick,
           vetoes_full);
    ck_assert(stairless > 0 && stairless < 120);
    ck_assert(vetoes_quick > 0 && vetoes_full > 0);
}
END_TEST

/* The pieces against a flood of their own: passable cells inside the
 * builder's area with no vault and no mask bit, on levels with mask bits
 * strewn outside the vaults too (any of the sixteen). */
START_TEST(pieces_match_reference)
{
    static vf_level l;
    static cells in;
    static comps cm;
    static vf_conn_pieces pc;
    static int size[VF_GYM * VF_GXM + 1];
    uint32_t s = 0x9e3779b9u;
    int masked = 0;
    for (int k = 0; k < 60; k++) {
        ref_random_level(&l, &s);
        for (int n = upto(&s, 60); n > 0; n--) {
            int x, y;
            inside(&s, &x, &y);
            l.mask[y][x] |= (uint16_t)(1u << upto(&s, 16));
        }
        pred_cells(&l, VF_CP_PASSABLE, in);
        for (int y = 0; y < VF_GYM; y++)
            for (int x = 0; x < VF_GXM; x++) {
                int open = x >= 1 && x <= VF_GXM - 2 && y >= 1 &&
                           y <= VF_GYM - 2 && !l.vault[y][x];
                masked += open && in[y][x] && l.mask[y][x];
                if (!open || l.mask[y][x]) in[y][x] = 0;
            }
        int n = flood(in, cm), small = 0;
        memset(size, 0, sizeof size);
        for (int y = 0; y < VF_GYM; y++)
            for (int x = 0; x < VF_GXM; x++) size[cm[y][x]]++;
        for (int c = 1; c <= n; c++) small += size[c] <= 10;
        vf_conn_layout_pieces_only(&l, 10, &pc);
        ck_assert_int_eq(pc.small, small);
        ck_assert_int_eq(pc.large, n - small);
        for (int y = 0; y < VF_GYM; y++)
            for (int x = 0; x < VF_GXM; x++)
                ck_assert_int_eq(vf_conn_cells_has(&pc.small_cells, x, y),
                                 cm[y][x] && size[cm[y][x]] <= 10);
    }
    ck_assert_int_gt(masked, 100);
}
END_TEST

Suite *vf_test_connref_suite(void)
{
    Suite *s = suite_create("connref");
    TCase *tc = tcase_create("connref");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, analysis_matches_reference, 0, 20);
    tcase_add_test(tc, reference_sees_findings);
    tcase_add_test(tc, pieces_match_reference);
    suite_add_tcase(s, tc);
    return s;
}
