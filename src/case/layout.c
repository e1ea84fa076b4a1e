/* A synthetic layout on the level, around what is already placed, and
 * the stairs the game adds afterwards. */
#include "case_int.h"
#include "vf_glyph.h"
#include "vf_layout.h"

#include <stdlib.h>
#include <string.h>

static int draw_grid(vf_grid *g, vf_mode m, const vf_game *gm,
                     const vf_place *p, vf_rng *r, vf_sbuf *err)
{
    if (vf_layout_grid(g, err)) return -1;
    switch (m) {
    case VF_MODE_ROOMS: return vf_layout_basic(g, r, gm, p, err);
    case VF_MODE_CAVES: return vf_layout_caves(g, r, gm, p, err);
    case VF_MODE_CITY: return vf_layout_chaotic_city(g, r, gm, p, 0, err);
    case VF_MODE_OPEN: return vf_layout_bigger_room(g, r, gm, p, err);
    case VF_MODE_CROSS: return vf_layout_cross(g, r, gm, p, err);
    default:
        vf_sbuf_printf(err, "mode %s is not a layout", vf_mode_name(m));
        return -1;
    }
}

static vf_feat layout_feature(int glyph)
{
    vf_feat f = vf_glyph_feature(glyph);
    return vf_feature_props(f) & VF_FP_STAIR ? VF_F_FLOOR : f;
}

/* The layout's large walking zones on a level of its own. */
static int own_zones(const case_layout *lay, const vf_game *g,
                     const vf_place *p)
{
    vf_level *l = vf_xmalloc(sizeof *l);
    vf_conn_pieces *pc = vf_xmalloc(sizeof *pc);
    vf_level_init(l, g, p, VF_F_ROCK_WALL);
    memcpy(l->feat, lay->feat, sizeof l->feat);
    vf_conn_layout_pieces_only(l, VF_CONN_SMALL_ZONE, pc);
    int n = pc->large;
    free(pc);
    free(l);
    return n;
}

int case_layout_build(case_layout *out, const case_layout_key *k,
                      vf_sbuf *err)
{
    vf_grid g;
    vf_rng r;
    vf_rng_seed(&r, k->seed);
    vf_grid_init(&g);
    int rc = draw_grid(&g, k->mode, k->game, k->place, &r, err);
    /* A glyph's feature once per glyph, not once per cell. */
    uint8_t feat[256];
    for (int c = 0; c < 256; c++) feat[c] = (uint8_t)layout_feature(c);
    for (int y = 0; !rc && y < VF_GYM; y++) {
        const unsigned char *row = (const unsigned char *)vf_grid_row(&g, y);
        for (int x = 0; x < VF_GXM; x++) out->feat[y][x] = feat[row[x]];
    }
    vf_grid_free(&g);
    if (!rc) out->zones = own_zones(out, k->game, k->place);
    return rc;
}

int case_row_has_vault(const vf_level *l, int y)
{
    unsigned acc = 0;
    for (int x = 0; x < VF_GXM; x++) acc |= l->mask[y][x];
    return (acc & VF_MMT_VAULT) != 0;
}

/* Row y of the layout onto l, but for cells a vault's mask keeps. Most
 * rows hold no such cell: one pass to see that, then a copy. */
static void draw_row(vf_level *l, const case_layout *lay, int y)
{
    if (!case_row_has_vault(l, y)) {
        memcpy(l->feat[y], lay->feat[y], sizeof l->feat[y]);
        return;
    }
    for (int x = 0; x < VF_GXM; x++)
        if (!(l->mask[y][x] & VF_MMT_VAULT)) l->feat[y][x] = lay->feat[y][x];
}

int case_draw_layout(vf_level *l, vf_layout_cache *c, vf_mode m,
                     uint64_t seed, int *zones, vf_sbuf *err)
{
    case_layout *scratch = c ? NULL : vf_xmalloc(sizeof *scratch);
    case_layout_key k = {.mode = m, .game = l->game, .place = &l->place,
                         .seed = seed};
    const case_layout *lay = case_layout_cached(c, scratch, &k, err);
    if (lay) {
        for (int y = 0; y < VF_GYM; y++) draw_row(l, lay, y);
        *zones = lay->zones;
    }
    free(scratch);
    return lay ? 0 : -1;
}

int vf_case_layout_level(vf_level *l, const vf_game *g, vf_mode m,
                         const vf_place *p, uint64_t seed, vf_sbuf *err)
{
    vf_rng r;
    int zones;
    vf_rng_seed(&r, vf_seed_mix(seed ^ CASE_SEED_STAIRS));
    vf_level_init(l, g, p, VF_F_ROCK_WALL);
    if (case_draw_layout(l, NULL, m, seed, &zones, err)) return -1;
    case_place_stairs(l, &r);
    return 0;
}

static int free_floor(const vf_level *l, int x, int y)
{
    return l->feat[y][x] == VF_F_FLOOR && !l->vault[y][x] &&
           !(l->mask[y][x] & VF_MMT_VAULT) && !l->content[y][x];
}

static int floor_beside(const vf_level *l, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && l->feat[y + dy][x + dx] == VF_F_FLOOR) return 1;
    return 0;
}

static void place_stair(vf_level *l, vf_rng *r, vf_feat stair)
{
    for (int tries = 0; tries < 1500; tries++) {
        int x = vf_random_range(r, 2, VF_GXM - 3);
        int y = vf_random_range(r, 2, VF_GYM - 3);
        if (free_floor(l, x, y) && floor_beside(l, x, y)) {
            l->feat[y][x] = (uint8_t)stair;
            return;
        }
    }
}

#define FIRST_STAIR VF_F_STONE_STAIRS_DOWN_I
_Static_assert(VF_F_STONE_STAIRS_UP_III - FIRST_STAIR == 5,
               "the six stone stairs are consecutive features");

static int is_stair(uint8_t f)
{
    return (uint8_t)(f - FIRST_STAIR) < 6;
}

/* Which stone stairs the level holds, bit k for FIRST_STAIR + k. Rows
 * are tested whole first (a loop the compiler does 16 or 32 cells at a
 * time): most hold none. */
static unsigned stairs_present(const vf_level *l)
{
    unsigned present = 0;
    for (int y = 0; y < VF_GYM; y++) {
        int any = 0;
        for (int x = 0; x < VF_GXM; x++) any |= is_stair(l->feat[y][x]);
        if (!any) continue;
        for (int x = 0; x < VF_GXM; x++)
            if (is_stair(l->feat[y][x]))
                present |= 1u << (l->feat[y][x] - FIRST_STAIR);
    }
    return present;
}

void case_place_stairs(vf_level *l, vf_rng *r)
{
    static const vf_feat stairs[6] = {
        VF_F_STONE_STAIRS_DOWN_I, VF_F_STONE_STAIRS_UP_I,
        VF_F_STONE_STAIRS_DOWN_II, VF_F_STONE_STAIRS_UP_II,
        VF_F_STONE_STAIRS_DOWN_III, VF_F_STONE_STAIRS_UP_III,
    };
    /* Only those no vault brought, as the game places the missing ones. */
    unsigned present = stairs_present(l);
    for (int i = 0; i < 6; i++)
        if (!(present >> (stairs[i] - FIRST_STAIR) & 1))
            place_stair(l, r, stairs[i]);
}
