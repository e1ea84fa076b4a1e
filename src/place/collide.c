/* The collision rules (§6.2: dungeon.cc _map_safe_vault_place) and the
 * minivault's touch test (§6.3: _connected_minivault_place), cell by cell,
 * and as row bitsets for the minivault search's many tries on one level. */
#include "place_int.h"

#include <string.h>

static int map_w(const vf_rmap *m) { return m->grid.w; }
static int map_h(const vf_rmap *m) { return m->grid.h; }

static int cell(const vf_rmap *m, int x, int y)
{
    return vf_grid_get(&m->grid, x, y);
}

/* _may_overwrite_feature: walls and trees only when wall_ok; deep water
 * only when water_ok; floor, shallow water and doors always; nothing
 * else that is see-through (statues, altars, stairs, lava ...). */
static int may_overwrite(vf_feat f, int water_ok, int wall_ok)
{
    unsigned p = vf_feature_props(f);
    if (f == VF_F_DEEP_WATER) return water_ok;
    int door = (p & VF_FP_DOOR) || f == VF_F_OPEN_DOOR ||
               f == VF_F_OPEN_CLEAR_DOOR || f == VF_F_BROKEN_DOOR ||
               f == VF_F_BROKEN_CLEAR_DOOR;
    if (!(p & VF_FP_OPAQUE) && f != VF_F_FLOOR && f != VF_F_SHALLOW_WATER &&
        !door)
        return 0;
    if (p & (VF_FP_WALL | VF_FP_TREE)) return wall_ok;
    return 1;
}

static int next_to_vault(const vf_level *l, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && vf_level_in_bounds(x + dx, y + dy) &&
                (l->mask[y + dy][x + dx] & VF_MMT_VAULT))
                return 1;
    return 0;
}

static int next_to_stair(const vf_level *l, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (vf_level_in_bounds(x + dx, y + dy) &&
                (vf_feature_props(l->feat[y + dy][x + dx]) & VF_FP_STAIR))
                return 1;
    return 0;
}

/* Whether any cell of the box (clipped to the level) has the vault mask:
 * one read a cell, against next_to_vault's eight for every map cell (a
 * primary vault's first test is on a level with no vault yet). */
static int vault_in_box(const vf_level *l, int x0, int y0, int x1, int y1)
{
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > VF_GXM - 1) x1 = VF_GXM - 1;
    if (y1 > VF_GYM - 1) y1 = VF_GYM - 1;
    uint16_t any = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) any |= l->mask[y][x];
    return (any & VF_MMT_VAULT) != 0;
}

void vf_place_rules_of(const vf_level *l, const vf_rmap *m,
                       vf_place_rules *out)
{
    out->overwritable = vf_rmap_has_tag(m, "overwritable");
    out->water_ok = vf_rmap_has_tag(m, "water_ok") ||
                    l->place.branch == vf_branch_find(l->game, "Swamp");
    out->overwrite_cell = vf_rmap_has_tag(m, "overwrite_floor_cell");
    out->slime = l->place.branch == vf_branch_find(l->game, "Slime");
}

/* near_vaults: whether a vault cell is next to the rectangle or in it
 * (else next_to_vault need not be asked). */
static int cell_is_safe(const vf_level *l, int x, int y,
                        const vf_place_rules *s, int near_vaults)
{
    if (!s->overwrite_cell) {
        if (near_vaults && next_to_vault(l, x, y)) return 0;
    } else if (l->feat[y][x] != VF_F_FLOOR ||
               (l->prop[y][x] & VF_FPROP_NO_TELE_INTO)) {
        return 0;
    }
    if (!may_overwrite(l->feat[y][x], s->water_ok, 1)) return 0;
    if (l->content[y][x]) return 0;
    return !(s->slime && next_to_stair(l, x, y));
}

int vf_place_safe_by_rules(const vf_level *l, const vf_rmap *m,
                           const vf_place_rules *s, int x0, int y0)
{
    int w = map_w(m), h = map_h(m);
    if (!w || !h || s->overwritable) return 1;
    if (x0 < 0 || y0 < 0 || x0 + w > VF_GXM || y0 + h > VF_GYM) return 0;
    int near = vault_in_box(l, x0 - 1, y0 - 1, x0 + w, y0 + h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (cell(m, x, y) != ' ' &&
                !cell_is_safe(l, x0 + x, y0 + y, s, near))
                return 0;
    return 1;
}

int vf_place_is_safe(const vf_level *l, const vf_rmap *m, int x0, int y0)
{
    vf_place_rules s;
    vf_place_rules_of(l, m, &s);
    return vf_place_safe_by_rules(l, m, &s, x0, y0);
}

int vf_place_touches_floor(const vf_level *l, const vf_rmap *m, int x0,
                           int y0)
{
    int w = map_w(m), h = map_h(m);
    if (!w || !h) return 1;
    /* A map too big for the level at this position has cells off it:
     * those touch nothing (and are never read). */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (cell(m, x, y) != ' ' &&
                vf_level_in_bounds(x0 + x, y0 + y) &&
                may_overwrite(l->feat[y0 + y][x0 + x], 0, 0))
                return 1;
    return 0;
}

/* ---- row bitsets ------------------------------------------------------- */

/* Cells as bits: bit x & 63 of w[y][x >> 6]. */
static void set_bit(vf_place_rows *r, int x, int y)
{
    r->w[y][x >> 6] |= (uint64_t)1 << (x & 63);
}

/* Bits 0..VF_GXM-1 of the high word. */
#define HI_MASK (((uint64_t)1 << (VF_GXM - 64)) - 1)

/* Each bit moved one column right (x + 1), or left (x - 1). */
static void east(const uint64_t in[2], uint64_t out[2])
{
    out[1] = (in[1] << 1 | in[0] >> 63) & HI_MASK;
    out[0] = in[0] << 1;
}

static void west(const uint64_t in[2], uint64_t out[2])
{
    out[0] = in[0] >> 1 | in[1] << 63;
    out[1] = in[1] >> 1;
}

/* The cells next to a set cell (with the set cells themselves when
 * centre), ORed into out: the level's 3x3 neighbourhood by words. */
static void or_around(const vf_place_rows *in, int centre, vf_place_rows *out)
{
    for (int y = 0; y < VF_GYM; y++) {
        for (int dy = -1; dy <= 1; dy++) {
            if (y + dy < 0 || y + dy >= VF_GYM) continue;
            const uint64_t *r = in->w[y + dy];
            uint64_t e[2], w[2];
            east(r, e);
            west(r, w);
            int mid = dy || centre;
            out->w[y][0] |= e[0] | w[0] | (mid ? r[0] : 0);
            out->w[y][1] |= e[1] | w[1] | (mid ? r[1] : 0);
        }
    }
}

/* Per feature: what cell_is_safe asks of the cell's own feature. */
static void feature_tables(const vf_place_rules *s, uint8_t bad[256],
                           uint8_t stair[256])
{
    for (int f = 0; f < 256; f++) {
        bad[f] = !may_overwrite((vf_feat)f, s->water_ok, 1) ||
                 (s->overwrite_cell && f != VF_F_FLOOR);
        stair[f] = (vf_feature_props(f) & VF_FP_STAIR) != 0;
    }
}

/* The cells cell_is_safe refuses. */
static void forbidden_rows(const vf_level *l, const vf_place_rules *s,
                           vf_place_rows *out)
{
    uint8_t bad[256], stair[256];
    vf_place_rows vault, stairs;
    feature_tables(s, bad, stair);
    memset(out, 0, sizeof *out);
    memset(&vault, 0, sizeof vault);
    memset(&stairs, 0, sizeof stairs);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++) {
            uint8_t f = l->feat[y][x];
            if (bad[f] || l->content[y][x] ||
                (s->overwrite_cell &&
                 (l->prop[y][x] & VF_FPROP_NO_TELE_INTO)))
                set_bit(out, x, y);
            if (l->mask[y][x] & VF_MMT_VAULT) set_bit(&vault, x, y);
            if (stair[f]) set_bit(&stairs, x, y);
        }
    if (!s->overwrite_cell) or_around(&vault, 0, out);
    if (s->slime) or_around(&stairs, 1, out);
}

/* The cells vf_place_touches_floor looks for. */
static void touch_rows(const vf_level *l, vf_place_rows *out)
{
    uint8_t ok[256];
    for (int f = 0; f < 256; f++) ok[f] = (uint8_t)may_overwrite(f, 0, 0);
    memset(out, 0, sizeof *out);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            if (ok[l->feat[y][x]]) set_bit(out, x, y);
}

/* The map's cells that count: its non-space ones. */
static void shape_rows(const vf_rmap *m, vf_place_rows *out)
{
    memset(out, 0, sizeof *out);
    for (int y = 0; y < map_h(m) && y < VF_GYM; y++)
        for (int x = 0; x < map_w(m) && x < VF_GXM; x++)
            if (cell(m, x, y) != ' ') set_bit(out, x, y);
}

/* in moved s columns right (0 <= s < VF_GXM, no bit past the level). */
static void shifted(const uint64_t in[2], int s, uint64_t out[2])
{
    if (s >= 64) {
        out[1] = in[0] << (s - 64);
        out[0] = 0;
    } else if (s) {
        out[1] = in[1] << s | in[0] >> (64 - s);
        out[0] = in[0] << s;
    } else {
        out[0] = in[0];
        out[1] = in[1];
    }
}

/* ---- the search -------------------------------------------------------- */

/* Tries tested cell by cell before the bitsets are built: on most levels
 * the first try fits, and building them costs about as much as a few
 * dozen tries of a small map. */
#define DIRECT_TRIES 4

void vf_place_search_init(vf_place_search *s, const vf_level *l,
                          const vf_rmap *m, int check)
{
    s->l = l;
    s->m = m;
    s->check = check;
    s->tries = 0;
    s->built = 0;
    vf_place_rules_of(l, m, &s->rules);
}

static int fits_directly(const vf_place_search *s, int x, int y)
{
    return vf_place_touches_floor(s->l, s->m, x, y) &&
           (!s->check || vf_place_safe_by_rules(s->l, s->m, &s->rules, x, y));
}

static void build_rows(vf_place_search *s)
{
    shape_rows(s->m, &s->shape);
    touch_rows(s->l, &s->touch);
    if (s->check && !s->rules.overwritable)
        forbidden_rows(s->l, &s->rules, &s->forbidden);
    else
        memset(&s->forbidden, 0, sizeof s->forbidden);
    s->built = 1;
}

int vf_place_search_fits(vf_place_search *s, int x0, int y0)
{
    int w = map_w(s->m), h = map_h(s->m);
    /* The bitsets answer for a map with cells wholly on the level;
     * anything else goes cell by cell, as it always did. */
    if (s->tries++ < DIRECT_TRIES || !w || !h || x0 < 0 || y0 < 0 ||
        x0 + w > VF_GXM || y0 + h > VF_GYM)
        return fits_directly(s, x0, y0);
    if (!s->built) build_rows(s);
    uint64_t touched = 0;
    for (int y = 0; y < h; y++) {
        uint64_t f[2];
        const uint64_t *no = s->forbidden.w[y0 + y];
        const uint64_t *ok = s->touch.w[y0 + y];
        shifted(s->shape.w[y], x0, f);
        if ((f[0] & no[0]) | (f[1] & no[1])) return 0;
        touched |= (f[0] & ok[0]) | (f[1] & ok[1]);
    }
    return touched != 0;
}
