/* Floor paths between points, and one walking zone per level. */
#include "layout_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define CELLS (GXM * GYM)
/* The game turns stairless zones up to this size into rock. */
#define SMALL_ZONE 10

int lay_wall_floor_liquid(int c)
{
    return lay_is_wall(c) || c == FLOOR || c == DEEP || c == SHALLOW ||
           c == LAVA;
}

/* The game finds a shortest orthogonal path round the vaults on the level;
 * with none there, any shortest path will do: each step goes along x or y
 * with odds in proportion to the distance left on that axis. */
void lay_join(lay *l, int ax, int ay, int bx, int by, int (*overwritable)(int))
{
    int x = ax, y = ay;
    for (;;) {
        if (overwritable(lay_get(l, x, y))) lay_set(l, x, y, FLOOR);
        if (x == bx && y == by) return;
        int dx = abs(bx - x), dy = abs(by - y);
        if (!dy || (dx && vf_random2(l->r, dx + dy) < dx))
            x += bx > x ? 1 : -1;
        else
            y += by > y ? 1 : -1;
    }
}

/* The walking zones: zone[cell] is 0 off them, else 1..n; zone k's cells
 * are cells[start[k] .. start[k] + size[k]), in the order its flood met
 * them. */
typedef struct zones {
    int zone[CELLS];
    int size[CELLS + 1];
    int stairs[CELLS + 1];   /* holds a stair or hatch */
    int first[CELLS + 1];    /* its first cell in reading order */
    int start[CELLS + 1];
    int cells[CELLS];
    int n, ncells;
    /* Walkable cells, read once: walk[WALK_AT(x, y)], with a border of
     * unwalkable cells so a neighbour needs no bounds test. */
    unsigned char walk[(GXM + 2) * (GYM + 2)];
} zones;

#define WALK_AT(x, y) (((y) + 1) * (GXM + 2) + (x) + 1)

static void flood(const lay *l, zones *z, int start)
{
    int k = ++z->n, head = z->ncells, tail = z->ncells;
    z->size[k] = z->stairs[k] = 0;
    z->first[k] = start;
    z->start[k] = head;
    z->zone[start] = k;
    z->cells[tail++] = start;
    while (head < tail) {
        int c = z->cells[head++], cx = c % GXM, cy = c / GXM;
        z->size[k]++;
        z->stairs[k] |= lay_is_stair(lay_get(l, cx, cy));
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = cx + dx, y = cy + dy, n = y * GXM + x;
                if (!z->walk[WALK_AT(x, y)] || z->zone[n]) continue;
                z->zone[n] = k;
                z->cells[tail++] = n;
            }
    }
    z->ncells = tail;
}

static void find_zones(const lay *l, zones *z)
{
    z->n = z->ncells = 0;
    memset(z->zone, 0, sizeof z->zone);
    memset(z->walk, 0, sizeof z->walk);
    for (int y = 0; y < GYM; y++)
        for (int x = 0; x < GXM; x++)
            z->walk[WALK_AT(x, y)] =
                (unsigned char)lay_walkable(lay_get(l, x, y));
    for (int c = 0; c < CELLS; c++)
        if (!z->zone[c] && z->walk[WALK_AT(c % GXM, c / GXM)]) flood(l, z, c);
}

static void fill_zone(lay *l, const zones *z, int k, int fill)
{
    for (int i = z->start[k]; i < z->start[k] + z->size[k]; i++)
        lay_set(l, z->cells[i] % GXM, z->cells[i] / GXM, fill);
}

/* The cell of zone k nearest to cell from (the first such in reading
 * order). */
static int nearest_in(const zones *z, int k, int from)
{
    int best = -1;
    long best_d = LONG_MAX;
    for (int i = z->start[k]; i < z->start[k] + z->size[k]; i++) {
        int c = z->cells[i];
        long dx = c % GXM - from % GXM, dy = c / GXM - from / GXM;
        long d = dx * dx + dy * dy;
        if (d < best_d || (d == best_d && c < best)) best_d = d, best = c;
    }
    return best;
}

static int not_walkable(int c)
{
    return !lay_walkable(c);
}

void lay_connect(lay *l, int fill)
{
    zones *z = vf_xmalloc(sizeof *z);
    find_zones(l, z);
    int main = 1;
    for (int k = 2; k <= z->n; k++)
        if (z->size[k] > z->size[main]) main = k;
    /* Each zone is filled or given a path into the main one. The fills go
     * first: a path may cross a small zone, and filling it afterwards would
     * cut the path. */
    for (int k = 1; k <= z->n; k++)
        if (k != main && (fill || (z->size[k] <= SMALL_ZONE && !z->stairs[k])))
            fill_zone(l, z, k, fill ? fill : ROCK);
    for (int k = 1; !fill && k <= z->n; k++) {
        if (k == main || (z->size[k] <= SMALL_ZONE && !z->stairs[k]))
            continue;
        int a = z->first[k], b = nearest_in(z, main, a);
        lay_join(l, a % GXM, a / GXM, b % GXM, b / GXM, not_walkable);
    }
    free(z);
}
