/* The layout's walking zones joined again round a primary vault. The
 * layout is drawn without knowing where the vault stands, so the vault may
 * cut a corridor in two; the game rejects such a level and builds another,
 * which is no fault of the vault. Here the pieces are joined by floor paths
 * round the vault instead, so what the checks find is the vault's doing. */
#include "case_int.h"

#include <stdlib.h>

#define CELLS (VF_GXM * VF_GYM)
#define SMALL_ZONE 10   /* as the layouts fill their small zones */

typedef struct rejoin {
    int zone[CELLS];     /* 0 off the walking cells, else 1..n */
    int size[CELLS + 1];
    int from[CELLS];     /* BFS: the cell a step came from, -1 at a root */
    int dist[CELLS];     /* BFS distance from the main zone, -1 unreached */
    int queue[CELLS];
    int n;
} rejoin;

static int outside_vault(const vf_level *l, int x, int y)
{
    return vf_level_in_builder(x, y) && !l->vault[y][x] && !l->mask[y][x];
}

static int walk(const vf_level *l, int x, int y)
{
    return outside_vault(l, x, y) && vf_conn_cell(l, VF_CP_PASSABLE, x, y);
}

static void flood(const vf_level *l, rejoin *j, int start)
{
    int k = ++j->n, head = 0, tail = 0;
    j->size[k] = 0;
    j->zone[start] = k;
    j->queue[tail++] = start;
    while (head < tail) {
        int c = j->queue[head++];
        j->size[k]++;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = c % VF_GXM + dx, y = c / VF_GXM + dy;
                int n = y * VF_GXM + x;
                if (!walk(l, x, y) || j->zone[n]) continue;
                j->zone[n] = k;
                j->queue[tail++] = n;
            }
    }
}

/* Orthogonal steps out of the main zone through every cell outside the
 * vaults, so a path never enters one. */
static void spread(const vf_level *l, rejoin *j, int main)
{
    int head = 0, tail = 0;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    for (int c = 0; c < CELLS; c++) {
        j->dist[c] = -1;
        j->from[c] = -1;
        if (j->zone[c] == main) j->dist[c] = 0, j->queue[tail++] = c;
    }
    while (head < tail) {
        int c = j->queue[head++];
        for (int i = 0; i < 4; i++) {
            int x = c % VF_GXM + dx[i], y = c / VF_GXM + dy[i];
            int n = y * VF_GXM + x;
            if (!outside_vault(l, x, y) || j->dist[n] >= 0) continue;
            j->dist[n] = j->dist[c] + 1;
            j->from[n] = c;
            j->queue[tail++] = n;
        }
    }
}

/* Floor from zone k's cell nearest the main zone back to it. */
static void carve(vf_level *l, const rejoin *j, int k)
{
    int best = -1;
    for (int c = 0; c < CELLS; c++)
        if (j->zone[c] == k && j->dist[c] >= 0 &&
            (best < 0 || j->dist[c] < j->dist[best]))
            best = c;
    for (int c = best; c >= 0 && j->dist[c] > 0; c = j->from[c])
        if (!vf_conn_cell(l, VF_CP_PASSABLE, c % VF_GXM, c / VF_GXM))
            l->feat[c / VF_GXM][c % VF_GXM] = VF_F_FLOOR;
}

void case_rejoin_layout(vf_level *l)
{
    rejoin *j = vf_xmalloc(sizeof *j);
    j->n = 0;
    for (int c = 0; c < CELLS; c++) j->zone[c] = 0;
    for (int c = 0; c < CELLS; c++)
        if (!j->zone[c] && walk(l, c % VF_GXM, c / VF_GXM)) flood(l, j, c);
    int main = 1;
    for (int k = 2; k <= j->n; k++)
        if (j->size[k] > j->size[main]) main = k;
    if (j->n > 1) spread(l, j, main);
    for (int k = 1; k <= j->n; k++) {
        if (k == main) continue;
        if (j->size[k] > SMALL_ZONE) {
            carve(l, j, k);
            continue;
        }
        for (int c = 0; c < CELLS; c++)
            if (j->zone[c] == k)
                l->feat[c / VF_GXM][c % VF_GXM] = VF_F_ROCK_WALL;
    }
    free(j);
}
