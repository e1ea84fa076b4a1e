/* make_irregular_box: a box room whose walls are pushed in by random
 * amounts between random divisions along each side (the game's
 * dgn-irregular-box.cc).
 *
 * The room is drawn on a scratch grid first; a draw whose walls cross
 * themselves leaves cells that are neither inside nor outside, and is
 * drawn again. Boxes smaller than 5x5 are plain boxes. */
#include "dgn_build.h"
#include "vf_sbuf.h"

#include <stdlib.h>

#define MIN_SEPARATION 2                       /* less can cut the box */
#define MIN_IRREGULAR (MIN_SEPARATION * 2 + 1)
#define UNSET '\0'
#define OUTSIDE '\a'
/* The game redraws for ever; a draw that fails this often never will. */
#define MAX_DRAWS 10000

typedef struct ivec {
    int *v;
    size_t n, cap;
} ivec;

static void ivec_push(ivec *a, int v)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = vf_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = v;
}

typedef struct ibox {
    int sx, sy;
    char *c;                 /* c[y * sx + x] */
    vf_ptvec walls;          /* wall cells other than corners: door places */
    ivec di[4], in[4];       /* per side (top, bottom, left, right) */
} ibox;

enum { TOP, BOTTOM, LEFT, RIGHT };

#define AT(b, x, y) ((b)->c[(size_t)(y) * (size_t)(b)->sx + (size_t)(x)])

/* ---- the plain box ------------------------------------------------------- */

static void simple_box(vf_bld *b, const vf_box *r, char floor, char wall,
                       char door, int door_count)
{
    for (int x = r->x1 + 1; x < r->x2; x++)
        for (int y = r->y1 + 1; y < r->y2; y++) vf_bld_put(b, x, y, floor);
    for (int x = r->x1; x <= r->x2; x++) {
        vf_bld_put(b, x, r->y1, wall);
        vf_bld_put(b, x, r->y2, wall);
    }
    for (int y = r->y1 + 1; y < r->y2; y++) {
        vf_bld_put(b, r->x1, y, wall);
        vf_bld_put(b, r->x2, y, wall);
    }
    if (door_count <= 0) return;
    /* Every cell listed was just written as wall, so is on the grid. */
    vf_ptvec cells = {0};
    for (int x = r->x1; x <= r->x2; x++) {
        vf_ptvec_push(&cells, x, r->y1);
        vf_ptvec_push(&cells, x, r->y2);
    }
    for (int y = r->y1 + 1; y < r->y2; y++) {
        vf_ptvec_push(&cells, r->x1, y);
        vf_ptvec_push(&cells, r->x2, y);
    }
    for (int i = 0; i < door_count && cells.n; i++) {
        vf_pt p = vf_ptvec_take(&cells,
                                (size_t)vf_random2(b->m->rng, (int)cells.n));
        vf_grid_row(b->g, p.y)[p.x] = door;
    }
    vf_ptvec_free(&cells);
}

/* ---- choosing the shape -------------------------------------------------- */

/* Shrinks a or b at random until a + b < sum. */
static void force_sum_below(vf_rng *rng, int *a, int *b, int sum)
{
    if (sum <= 0) return;
    while (*a + *b >= sum) {
        if (vf_random2(rng, 2) == 0) *a = vf_random2(rng, *a);
        else *b = vf_random2(rng, *b);
    }
}

/* lo, hi and up to max_count random values between, sorted, none closer
 * than sep to another (the ends excepted). */
static void random_values(vf_rng *rng, ivec *out, int lo, int hi,
                          int max_count, int sep)
{
    out->n = 0;
    ivec_push(out, lo);
    ivec_push(out, hi);
    for (int i = 0; i < max_count; i++) {
        int chosen = vf_random_range(rng, lo, hi);
        for (size_t j = 0; j < out->n; j++) {
            if (chosen >= out->v[j] + sep) continue;
            if (chosen > out->v[j] - sep) break;        /* too close */
            ivec_push(out, out->v[out->n - 1]);         /* insert at j */
            for (size_t k = out->n - 2; k > j; k--) out->v[k] = out->v[k - 1];
            out->v[j] = chosen;
            break;
        }
    }
}

/* count distances in from the box's edge: first, random ones below max,
 * last; then one of them, at random, is zeroed. */
static void wall_distances(vf_rng *rng, ivec *out, int first, int last,
                           int max, int count)
{
    if (count < 1) count = 1;
    out->n = 0;
    ivec_push(out, first);
    for (int i = 1; i < count; i++) ivec_push(out, vf_random2(rng, max));
    out->v[count - 1] = last;
    out->v[vf_random2(rng, count)] = 0;
}

static void choose_shape(ibox *b, vf_rng *rng, int div_x, int div_y,
                         int in_x, int in_y)
{
    int tlx = vf_random2(rng, in_x), tly = vf_random2(rng, in_y);
    int trx = vf_random2(rng, in_x), try_ = vf_random2(rng, in_y);
    int blx = vf_random2(rng, in_x), bly = vf_random2(rng, in_y);
    int brx = vf_random2(rng, in_x), bry = vf_random2(rng, in_y);
    force_sum_below(rng, &tlx, &trx, b->sx - MIN_IRREGULAR);
    force_sum_below(rng, &blx, &brx, b->sx - MIN_IRREGULAR);
    force_sum_below(rng, &tly, &bly, b->sy - MIN_IRREGULAR);
    force_sum_below(rng, &try_, &bry, b->sy - MIN_IRREGULAR);

    ivec *di = b->di, *in = b->in;
    random_values(rng, &di[TOP], tlx, b->sx - 1 - trx, div_x, MIN_SEPARATION);
    random_values(rng, &di[BOTTOM], blx, b->sx - 1 - brx, div_x,
                  MIN_SEPARATION);
    random_values(rng, &di[LEFT], tly, b->sy - 1 - bly, div_y, MIN_SEPARATION);
    random_values(rng, &di[RIGHT], try_, b->sy - 1 - bry, div_y,
                  MIN_SEPARATION);
    wall_distances(rng, &in[TOP], tly, try_, in_y, (int)di[TOP].n - 1);
    wall_distances(rng, &in[BOTTOM], bly, bry, in_y, (int)di[BOTTOM].n - 1);
    wall_distances(rng, &in[LEFT], tlx, blx, in_x, (int)di[LEFT].n - 1);
    wall_distances(rng, &in[RIGHT], trx, brx, in_x, (int)di[RIGHT].n - 1);

    /* Corners moved by the zeroing above must meet again. */
    di[TOP].v[0] = in[LEFT].v[0];
    di[TOP].v[di[TOP].n - 1] = b->sx - 1 - in[RIGHT].v[0];
    di[BOTTOM].v[0] = in[LEFT].v[in[LEFT].n - 1];
    di[BOTTOM].v[di[BOTTOM].n - 1] = b->sx - 1 - in[RIGHT].v[in[RIGHT].n - 1];
    di[LEFT].v[0] = in[TOP].v[0];
    di[LEFT].v[di[LEFT].n - 1] = b->sy - 1 - in[BOTTOM].v[0];
    di[RIGHT].v[0] = in[TOP].v[in[TOP].n - 1];
    di[RIGHT].v[di[RIGHT].n - 1] = b->sy - 1 - in[BOTTOM].v[in[BOTTOM].n - 1];
}

/* ---- drawing ------------------------------------------------------------- */

/* A wall cell at (along, across) of a side; record: a door may go here. */
static void wall_at(ibox *b, int vertical, int along, int across, char wall,
                    int record)
{
    int x = vertical ? across : along, y = vertical ? along : across;
    if (x < 0 || y < 0 || x >= b->sx || y >= b->sy) return;  /* never met */
    AT(b, x, y) = wall;
    if (record) vf_ptvec_push(&b->walls, x, y);
}

/* One side: a wall segment per division at its distance in, each joined
 * to the one before by a wall across. Vertical sides run along y; far
 * sides (bottom, right) count their distance in from the far edge. */
static void draw_side(ibox *b, int side, char wall)
{
    const ivec *di = &b->di[side], *in = &b->in[side];
    int vertical = side == LEFT || side == RIGHT;
    int far = side == BOTTOM || side == RIGHT;
    int span = vertical ? b->sx : b->sy;
    for (size_t i = 0; i < in->n; i++) {
        int c = far ? span - 1 - in->v[i] : in->v[i];
        if (i > 0) {
            int p = far ? span - 1 - in->v[i - 1] : in->v[i - 1];
            int lo = c < p ? c : p, hi = c < p ? p : c;
            for (int k = lo + 1; k < hi; k++)
                wall_at(b, vertical, di->v[i], k, wall, 1);
        }
        wall_at(b, vertical, di->v[i], c, wall, 0);
        wall_at(b, vertical, di->v[i + 1], c, wall, 0);
        for (int a = di->v[i] + 1; a < di->v[i + 1]; a++)
            wall_at(b, vertical, a, c, wall, 1);
    }
}

/* Fills the unset cells 4-connected to (x, y) with floor. */
static void flood(ibox *b, int x, int y, char floor)
{
    if (x < 0 || y < 0 || x >= b->sx || y >= b->sy) return;
    if (AT(b, x, y) != UNSET || floor == UNSET) return;
    vf_ptvec stack = {0};
    AT(b, x, y) = floor;
    vf_ptvec_push(&stack, x, y);
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    while (stack.n) {
        vf_pt p = stack.v[--stack.n];
        for (int k = 0; k < 4; k++) {
            int nx = p.x + dx[k], ny = p.y + dy[k];
            if (nx < 0 || ny < 0 || nx >= b->sx || ny >= b->sy ||
                AT(b, nx, ny) != UNSET)
                continue;
            AT(b, nx, ny) = floor;
            vf_ptvec_push(&stack, nx, ny);
        }
    }
    vf_ptvec_free(&stack);
}

static int outside_able(char c)
{
    return c == UNSET || c == OUTSIDE;
}

/* Marks unset cells outside, inward from each edge cell in a straight
 * line until something else (the walls only ever move inward, so there
 * are no hidden nooks). */
static void fill_outside(ibox *b)
{
    for (int x = 0; x < b->sx; x++) {
        for (int y = 0; y < b->sy && outside_able(AT(b, x, y)); y++)
            AT(b, x, y) = OUTSIDE;
        for (int y = b->sy - 1; y >= 0 && outside_able(AT(b, x, y)); y--)
            AT(b, x, y) = OUTSIDE;
    }
    for (int y = 0; y < b->sy; y++) {
        for (int x = 0; x < b->sx && outside_able(AT(b, x, y)); x++)
            AT(b, x, y) = OUTSIDE;
        for (int x = b->sx - 1; x >= 0 && outside_able(AT(b, x, y)); x--)
            AT(b, x, y) = OUTSIDE;
    }
}

/* One draw; returns 0 when the walls crossed and it must be redrawn. */
static int draw_box(ibox *b, vf_rng *rng, const int div[2], const int in[2],
                    const char glyph[3], int door_count)
{
    memset(b->c, UNSET, (size_t)b->sx * (size_t)b->sy);
    b->walls.n = 0;
    choose_shape(b, rng, div[0], div[1], in[0], in[1]);
    for (int side = TOP; side <= RIGHT; side++) draw_side(b, side, glyph[1]);
    for (int i = 0; i < door_count && b->walls.n; i++) {
        vf_pt p = vf_ptvec_take(&b->walls,
                                (size_t)vf_random2(rng, (int)b->walls.n));
        AT(b, p.x, p.y) = glyph[2];
    }
    flood(b, b->in[LEFT].v[0] + 1, b->in[TOP].v[0] + 1, glyph[0]);
    fill_outside(b);
    return memchr(b->c, UNSET, (size_t)b->sx * (size_t)b->sy) == NULL;
}

static void ibox_free(ibox *b)
{
    free(b->c);
    vf_ptvec_free(&b->walls);
    for (int i = 0; i < 4; i++) {
        free(b->di[i].v);
        free(b->in[i].v);
    }
}

/* Clamps the area and limits the way the game does. */
static void clamp_args(const vf_grid *g, vf_box *r, int div[2], int in[2],
                       int *door_count)
{
    if (r->x1 < 0) r->x1 = 0;
    if (r->x2 < r->x1) r->x2 = r->x1;
    if (r->x2 >= g->w) r->x2 = g->w - 1;
    if (r->y1 < 0) r->y1 = 0;
    if (r->y2 < r->y1) r->y2 = r->y1;
    if (r->y2 >= g->h) r->y2 = g->h - 1;
    for (int i = 0; i < 2; i++) {
        if (div[i] < 0) div[i] = 0;
        if (in[i] < 0) in[i] = 0;
    }
    if (*door_count < 0) *door_count = 0;
    /* room for two walls and a floor on each axis */
    int sx = r->x2 - r->x1 + 1, sy = r->y2 - r->y1 + 1;
    if (in[0] > (sx - 1) / 2 - 1) in[0] = (sx - 1) / 2 - 1;
    if (in[1] > (sy - 1) / 2 - 1) in[1] = (sy - 1) / 2 - 1;
}

static int l_make_irregular_box(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "make_irregular_box");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    char glyph[3];   /* floor, wall, door */
    glyph[0] = vf_bld_char(&b, "floor", '.');
    glyph[1] = vf_bld_char(&b, "wall", 'x');
    glyph[2] = vf_bld_char(&b, "door", '+');
    int door_count = vf_bld_int(&b, "door_count", 1);
    int div[2] = {vf_bld_int(&b, "div_x", 1), vf_bld_int(&b, "div_y", 1)};
    int in[2] = {vf_bld_int(&b, "in_x", 10000), vf_bld_int(&b, "in_y", 10000)};
    if (b.g->w <= 0 || b.g->h <= 0) return 0;
    clamp_args(b.g, &r, div, in, &door_count);
    ibox box;
    memset(&box, 0, sizeof box);
    box.sx = r.x2 - r.x1 + 1;
    box.sy = r.y2 - r.y1 + 1;
    if (box.sx < MIN_IRREGULAR || box.sy < MIN_IRREGULAR) {
        simple_box(&b, &r, glyph[0], glyph[1], glyph[2], door_count);
        return 0;
    }
    box.c = vf_xmalloc((size_t)box.sx * (size_t)box.sy);
    int draws = 0, ok = 0;
    while (!ok && draws++ < MAX_DRAWS)
        ok = draw_box(&box, b.m->rng, div, in, glyph, door_count);
    for (int y = 0; ok && y < box.sy; y++)
        for (int x = 0; x < box.sx; x++)
            if (AT(&box, x, y) != OUTSIDE)
                vf_grid_row(b.g, r.y1 + y)[r.x1 + x] = AT(&box, x, y);
    ibox_free(&box);
    if (!ok)
        vf_bld_error(&b, "no box without crossed walls in %d draws (the "
                     "game would try for ever)", MAX_DRAWS);
    return 0;
}

const luaL_Reg vf_dgn_ibox_fns[] = {
    {"make_irregular_box", l_make_irregular_box},
    {NULL, NULL}};
