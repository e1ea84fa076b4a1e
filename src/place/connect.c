/* Connecting a vault's exits to the level (§6.4): the game's
 * _connect_vault_exit and join_the_dots. */
#include "vf_placement.h"

#include <stdlib.h>
#include <string.h>

typedef struct { int8_t x, y; } step;

/* The nearest floor from (x, y): breadth-first in 8 directions through
 * cells with no mask bit (the start itself may be masked), terrain not
 * considered. Returns 0 and the target, or -1. */
static int nearest_floor(const vf_level *l, int x, int y, int *tx, int *ty)
{
    static const int d[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1},
                                {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    uint64_t seen[VF_GYM][(VF_GXM + 63) / 64];   /* a bit a cell */
    int queue[VF_GXM * VF_GYM], head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    seen[y][x >> 6] |= (uint64_t)1 << (x & 63);
    queue[tail++] = y * VF_GXM + x;
    while (head < tail) {
        int cx = queue[head] % VF_GXM, cy = queue[head] / VF_GXM;
        head++;
        for (int i = 0; i < 8; i++) {
            int nx = cx + d[i][0], ny = cy + d[i][1];
            if (!vf_level_in_builder(nx, ny) ||
                (seen[ny][nx >> 6] >> (nx & 63) & 1) || l->mask[ny][nx])
                continue;
            seen[ny][nx >> 6] |= (uint64_t)1 << (nx & 63);
            if (l->feat[ny][nx] == VF_F_FLOOR) {
                *tx = nx;
                *ty = ny;
                return 0;
            }
            queue[tail++] = ny * VF_GXM + nx;
        }
    }
    return -1;
}

static int manhattan(int x, int y, int tx, int ty)
{
    return abs(x - tx) + abs(y - ty);
}

/* The game's greedy search keeps a set ordered by distance to the target
 * (tx, ty) in which two cells at the same distance count as one: a cell
 * is only queued when no queued cell has its distance. We keep that
 * quirk, since it decides which path gets cut. dir[y][x] is the step
 * that reached a cell (0 = not reached). */
typedef struct {
    const vf_level *l;
    int tx, ty;
    vf_rng *r;
    int slot[VF_GXM + VF_GYM];  /* by distance: cell index + 1, or 0 */
    uint8_t dir[VF_GYM][VF_GXM];
} jtd;

static void queue_around(jtd *j, int cx, int cy)
{
    const vf_level *l = j->l;
    vf_rng *r = j->r;
    int tx = j->tx, ty = j->ty;
    static const int d[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    int order[4], n = 0;
    for (int i = 0; i < 4; i++) {
        int nx = cx + d[i][0], ny = cy + d[i][1];
        if (!vf_level_in_builder(nx, ny) || j->dir[ny][nx] ||
            (l->mask[ny][nx] & VF_MMT_VAULT))
            continue;
        int at = vf_random2(r, n + 1);   /* a random visiting order */
        memmove(order + at + 1, order + at, (size_t)(n - at) * sizeof *order);
        order[at] = i;
        n++;
    }
    for (int k = 0; k < n; k++) {
        int nx = cx + d[order[k]][0], ny = cy + d[order[k]][1];
        int dist = manhattan(nx, ny, tx, ty);
        if (!j->slot[dist]) j->slot[dist] = ny * VF_GXM + nx + 1;
        j->dir[ny][nx] = (uint8_t)(order[k] + 1);
    }
}

static int take_nearest(jtd *j)
{
    for (int d = 0; d < VF_GXM + VF_GYM; d++)
        if (j->slot[d]) {
            int c = j->slot[d] - 1;
            j->slot[d] = 0;
            return c;
        }
    return -1;
}

static int cuttable(vf_feat f)
{
    unsigned p = vf_feature_props(f);
    return f == VF_F_FLOOR ||
           (p & (VF_FP_WALL | VF_FP_TREE | VF_FP_WATER | VF_FP_LAVA));
}

static int join_the_dots(vf_level *l, int x, int y, int tx, int ty,
                         vf_rng *r)
{
    static const int d[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    jtd j;
    memset(&j, 0, sizeof j);
    j.l = l;
    j.tx = tx;
    j.ty = ty;
    j.r = r;
    int cx = x, cy = y;
    j.dir[cy][cx] = 5;   /* the start */
    while (cx != tx || cy != ty) {
        queue_around(&j, cx, cy);
        int c = take_nearest(&j);
        if (c < 0) return 0;
        cx = c % VF_GXM;
        cy = c / VF_GXM;
    }
    /* Walk back, cutting every unmasked cell. */
    while (1) {
        if (!(l->mask[cy][cx] & VF_MMT_VAULT) && cuttable(l->feat[cy][cx]))
            l->feat[cy][cx] = VF_F_FLOOR;
        int s = j.dir[cy][cx];
        if (s == 5) break;
        cx -= d[s - 1][0];
        cy -= d[s - 1][1];
    }
    return 1;
}

int vf_place_exit_reaches_floor(const vf_level *l, int x, int y)
{
    int tx, ty;
    return nearest_floor(l, x, y, &tx, &ty) == 0;
}

int vf_place_connect_exit(vf_level *l, int x, int y, vf_rng *r)
{
    int tx, ty;
    if (nearest_floor(l, x, y, &tx, &ty)) return 0;
    return join_the_dots(l, x, y, tx, ty, r);
}
