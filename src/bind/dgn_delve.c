/* delve: digs a cave of '.' into the map's 'x' cells by growing from the
 * floor already there (the game's dgn-delve.cc, after Kusigrosz's
 * algorithm).
 *
 * A store holds wall cells next to floor. Repeatedly one is pulled (at
 * random from the newest `top`) and dug when it has between ngb_min and
 * ngb_max floor neighbours and digging it joins no two separate openings
 * (unless connchance allows), until cellnum cells are dug or the store is
 * empty. The first few cells are dug close to a starting cell so the cave
 * has room to grow; a stuck dig starts again, up to 50 times. */
#include "dgn_build.h"
#include "vf_sbuf.h"

#include <limits.h>
#include <stdlib.h>

/* The game's compass: N, NE, E, SE, S, SW, W, NW. */
static const vf_pt compass[8] = {{0, -1}, {1, -1}, {1, 0}, {1, 1},
                                 {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};

typedef struct delver {
    vf_grid *g;
    vf_rng *rng;
    vf_ptvec store;
} delver;

static int in_map(const vf_grid *g, int x, int y)
{
    int c = vf_bld_at(g, x, y);
    return c > 0 && c != ' ';
}

static int diggable(const vf_grid *g, int x, int y)
{
    return in_map(g, x, y) && vf_bld_at(g, x, y) == 'x';
}

static int dug(const vf_grid *g, int x, int y)
{
    return in_map(g, x, y) && vf_bld_in(VF_TRAVERSABLE, vf_bld_at(g, x, y));
}

/* A cell from the newest top entries, removed; (0, 0) when empty, which
 * the game also takes for "nothing" (so a stored (0, 0) ends a loop). */
static vf_pt pull(delver *d, int top)
{
    vf_pt none = {0, 0};
    vf_ptvec *s = &d->store;
    if (!s->n) return none;
    if ((size_t)top > s->n) top = (int)s->n;
    size_t i = s->n - 1 - (size_t)vf_random2(d->rng, top);
    vf_pt c = s->v[i];
    memmove(s->v + i, s->v + i + 1, (s->n - i - 1) * sizeof *s->v);
    s->n--;
    return c;
}

static int is_none(vf_pt c)
{
    return c.x == 0 && c.y == 0;
}

/* Digs c and stores its diggable neighbours in random order. */
static void dig(delver *d, vf_pt c)
{
    if (!diggable(d->g, c.x, c.y)) return;
    vf_grid_row(d->g, c.y)[c.x] = '.';
    int order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    for (int n = 8; n > 0; n--) {
        int k = vf_random2(d->rng, n);
        vf_pt nb = {c.x + compass[order[k]].x, c.y + compass[order[k]].y};
        order[k] = order[n - 1];
        if (diggable(d->g, nb.x, nb.y)) vf_ptvec_push(&d->store, nb.x, nb.y);
    }
}

static int floor_neighbours(const vf_grid *g, vf_pt c)
{
    int n = 0;
    for (int k = 0; k < 8; k++)
        n += dug(g, c.x + compass[k].x, c.y + compass[k].y);
    return n;
}

/* Separate runs of floor around c; diagonal neighbours join a run, but a
 * diagonal only links to the cell before it when that one is beside c. */
static int floor_groups(const vf_grid *g, vf_pt c)
{
    int prev2 = 0, prev = dug(g, c.x + compass[0].x, c.y + compass[0].y);
    int n = 0;
    for (int k = 7; k >= 0; k--) {
        int cur = dug(g, c.x + compass[k].x, c.y + compass[k].y);
        if (cur && !prev && ((k & 1) || !prev2)) n++;
        prev2 = prev;
        prev = cur;
    }
    return prev && !n ? 1 : n;   /* floor all round: one group */
}

static int next_to_floor(const vf_grid *g, int x, int y)
{
    for (int k = 0; k < 8; k++)
        if (dug(g, x + compass[k].x, y + compass[k].y)) return 1;
    return 0;
}

/* Stores every diggable cell next to floor; with none, the diggable cell
 * nearest their mean. Returns how many diggable cells there are. */
static int make_seed(delver *d)
{
    const vf_grid *g = d->g;
    long long sx = 0, sy = 0;
    int count = 0;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (diggable(g, x, y)) {
                if (next_to_floor(g, x, y)) vf_ptvec_push(&d->store, x, y);
                sx += x, sy += y, count++;
            }
    if (d->store.n || !count) return count;
    int cx = (int)(sx / count), cy = (int)(sy / count);
    long long best = LLONG_MAX;
    vf_pt at = {0, 0};
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            long long dx = x - cx, dy = y - cy;
            if (diggable(g, x, y) && dx * dx + dy * dy < best) {
                best = dx * dx + dy * dy;
                at.x = x, at.y = y;
            }
        }
    vf_ptvec_push(&d->store, at.x, at.y);
    return count;
}

/* Digs up to cellnum cells; returns how many. */
static int delve(delver *d, int ngb_min, int ngb_max, int connchance,
                 int cellnum, int top)
{
    int delved = 0;
    for (int retries = 0;; retries++) {
        if (retries) make_seed(d);
        int minseed = delved + 2 * ngb_min;
        vf_pt centre = pull(d, 999999);
        if (is_none(centre)) return delved;
        vf_ptvec_push(&d->store, centre.x, centre.y);
        /* first, a few cells within a step of the centre */
        while (delved < minseed && delved < cellnum) {
            vf_pt c = pull(d, top);
            if (is_none(c)) break;
            if (!diggable(d->g, c.x, c.y)) continue;
            int dx = c.x - centre.x, dy = c.y - centre.y;
            if (dx * dx + dy * dy > 2 ||
                floor_neighbours(d->g, c) > ngb_max ||
                (floor_groups(d->g, c) > 1 &&
                 !vf_x_chance_in_y(d->rng, connchance, 100)))
                continue;
            dig(d, c);
            delved++;
        }
        while (delved < cellnum) {
            vf_pt c = pull(d, top);
            if (is_none(c)) break;
            if (!diggable(d->g, c.x, c.y)) continue;
            int n = floor_neighbours(d->g, c);
            if (n < ngb_min || n > ngb_max ||
                (floor_groups(d->g, c) > 1 &&
                 !vf_x_chance_in_y(d->rng, connchance, 100)))
                continue;
            dig(d, c);
            delved++;
        }
        /* some settings (2,2 and sometimes 3,3) get stuck */
        if (delved >= cellnum || retries >= 50) return delved;
    }
}

/* Positional argument i as the game reads it: absent, the default; else
 * its number (nil or a non-number is 0). */
static int arg_int(vf_bld *b, int i, int def, const char *name)
{
    if (lua_isnone(b->L, i)) return def;
    lua_Number n = lua_tonumber(b->L, i);
    if (!(n >= -1e9 && n <= 1e9)) vf_bld_error(b, "%s is out of range", name);
    return (int)n;
}

/* delve(ngb_min=2, ngb_max=3, connchance=0, cellnum=-1, top=125); cellnum
 * below 0 digs a share of the diggable cells that suits the neighbour
 * limits. The game asserts on the ranges checked here. */
static int l_delve(lua_State *L)
{
    static const int denom[12] = {0, 0, 8, 7, 6, 5, 5, 4, 4, 4, 3, 3};
    vf_bld b;
    vf_bld_start(&b, L, "delve");
    int ngb_min = arg_int(&b, 2, 2, "ngb_min");
    int ngb_max = arg_int(&b, 3, 3, "ngb_max");
    int connchance = arg_int(&b, 4, 0, "connchance");
    int cellnum = arg_int(&b, 5, -1, "cellnum");
    int top = arg_int(&b, 6, 125, "top");
    if (ngb_min < 1 || ngb_min > 3)
        vf_bld_error(&b, "ngb_min %d is not 1 to 3", ngb_min);
    if (ngb_max < ngb_min || ngb_max > 8)
        vf_bld_error(&b, "ngb_max %d is not %d to 8", ngb_max, ngb_min);
    if (connchance < 0 || connchance > 100)
        vf_bld_error(&b, "connchance %d is not 0 to 100", connchance);
    if (b.g->w <= 0 || b.g->h <= 0) vf_bld_error(&b, "the map is empty");

    delver d = {b.g, b.m->rng, {0}};
    int world = make_seed(&d);
    const char *why = NULL;
    if (cellnum < 0) {
        if (world > 0) cellnum = world / denom[ngb_min + ngb_max];
        else why = "no 'x' cell to dig";
    }
    if (!why && cellnum > world) cellnum = world;
    if (!why && cellnum > 0 && top < 1) why = "top must be at least 1";
    if (!why && cellnum > 0) delve(&d, ngb_min, ngb_max, connchance, cellnum,
                                   top);
    vf_ptvec_free(&d.store);
    if (why) vf_bld_error(&b, "%s (the game asserts)", why);
    return 0;
}

const luaL_Reg vf_dgn_delve_fns[] = {
    {"delve", l_delve},
    {NULL, NULL}};
