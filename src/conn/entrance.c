/* A branch entrance cut off on foot (dungeon.cc
 * _branch_entrances_are_connected): the game floods from each entrance of
 * a connected branch but Hell's over the cells a player walks (and traps,
 * which its flood_find steps onto) until it meets a stone staircase, and
 * vetoes the level when one meets none. */
#include "vf_conn.h"

#include <string.h>

/* The entry stairs of the connected branches (terrain.cc
 * feat_is_branch_entrance), Hell's left out as the check leaves it. */
static const char *const entrances[] = {
    "enter_temple", "enter_orcish_mines", "enter_elven_halls",
    "enter_dwarven_hall", "enter_lair", "enter_swamp", "enter_shoals",
    "enter_snake_pit", "enter_spider_nest", "enter_slime_pits",
    "enter_vaults", "enter_hall_of_blades", "enter_crypt", "enter_tomb",
    "enter_depths", "enter_zot", "enter_forest", "enter_dis",
    "enter_gehenna", "enter_cocytus", "enter_tartarus", NULL};

static int is_entrance(int feat)
{
    if (!(vf_feature_props(feat) & VF_FP_STAIR)) return 0;
    const char *name = vf_feature_name(feat);
    for (int i = 0; name && entrances[i]; i++)
        if (!strcmp(name, entrances[i])) return 1;
    return 0;
}

static int stone_stair(int feat)
{
    return (vf_feature_props(feat) & (VF_FP_STAIR_UP | VF_FP_STAIR_DOWN)) != 0;
}

static int steps_on(int feat)
{
    return vf_feature_traversable(feat) ||
           (vf_feature_props(feat) & VF_FP_TRAP);
}

/* Where the transporter at (x, y) leads (its marker's destination), as
 * the game's connectivity flood follows it: 1 with the cell, else 0. */
static int transported(const vf_level *l, int x, int y, int *tx, int *ty)
{
    if (l->feat[y][x] != VF_F_TRANSPORTER) return 0;
    for (int i = 0; i < l->ntransporters; i++) {
        const vf_level_transporter *t = &l->transporters[i];
        if (t->dest || !t->to || t->x != x || t->y != y) continue;
        *tx = l->transporters[t->to - 1].x;
        *ty = l->transporters[t->to - 1].y;
        return 1;
    }
    return 0;
}

/* Whether a stone staircase is reached from (x, y), 8-way and through
 * transporters, within the map's bounds; seen is the caller's scratch. */
static int reaches_stairs(const vf_level *l, int x, int y,
                          uint8_t seen[VF_GYM][VF_GXM])
{
    static const int dx[] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static const int dy[] = {-1, -1, -1, 0, 0, 1, 1, 1};
    int queue[VF_GXM * VF_GYM], head = 0, tail = 0;
    memset(seen, 0, VF_GYM * VF_GXM);
    seen[y][x] = 1;
    queue[tail++] = y * VF_GXM + x;
    while (head < tail) {
        int cx = queue[head] % VF_GXM, cy = queue[head] / VF_GXM;
        head++;
        int tx = 0, ty = 0, jump = transported(l, cx, cy, &tx, &ty);
        for (int d = 0; d < 8 + jump; d++) {
            int nx = d < 8 ? cx + dx[d] : tx, ny = d < 8 ? cy + dy[d] : ty;
            if (nx < 1 || ny < 1 || nx >= VF_GXM - 1 || ny >= VF_GYM - 1 ||
                seen[ny][nx])
                continue;
            seen[ny][nx] = 1;
            int f = l->feat[ny][nx];
            if (stone_stair(f)) return 1;
            if (steps_on(f)) queue[tail++] = ny * VF_GXM + nx;
        }
    }
    return 0;
}

int vf_conn_entrance_cut_off(const vf_level *l, int *x, int *y)
{
    uint8_t seen[VF_GYM][VF_GXM];
    for (int cy = 0; cy < VF_GYM; cy++)
        for (int cx = 0; cx < VF_GXM; cx++)
            if (is_entrance(l->feat[cy][cx]) &&
                !reaches_stairs(l, cx, cy, seen)) {
                *x = cx;
                *y = cy;
                return 1;
            }
    return 0;
}
