/* Builder bindings that draw shapes: circles, diamonds, squares, boxes and
 * their doors, round boxes and octagonal rooms (the game's l-dgnbld.cc). */
#include "dgn_build.h"
#include "vf_sbuf.h"

#include <limits.h>
#include <stdlib.h>

/* ---- shapes around a centre ---------------------------------------------- */

typedef struct shape {
    int x, y, r;
    char fill;
} shape;

/* Is offset (rx, ry) part of a shape of radius r? */
typedef int (*shape_fn)(int rx, int ry, int r);

static void read_shape(vf_bld *b, shape *s)
{
    s->x = vf_bld_int(b, "x", -1);
    s->y = vf_bld_int(b, "y", -1);
    s->r = vf_bld_int(b, "radius", 1);
    s->fill = vf_bld_char(b, "fill", 'x');
    vf_bld_coord(b, s->x, s->y);
}

/* Every shape of radius 1 or more holds the four points radius away along
 * the axes, so it fits exactly when its bounding square does: checked
 * first, so a huge radius costs nothing. At radius 0 it is the centre, or
 * (the rounded square) nothing. */
static void draw(vf_bld *b, const shape *s, shape_fn in)
{
    if (s->r < 0) return;
    vf_box r = {s->x - s->r, s->y - s->r, s->x + s->r, s->y + s->r};
    if (s->r > 0 || in(0, 0, 0)) vf_bld_need_inside(b, &r);
    for (int ry = -s->r; ry <= s->r; ry++)
        for (int rx = -s->r; rx <= s->r; rx++)
            if (in(rx, ry, s->r)) vf_bld_put(b, s->x + rx, s->y + ry, s->fill);
}

/* As the game: in float, radius + 0.5 so the rim is not ragged. */
static int in_circle(int rx, int ry, int r)
{
    float max = ((float)r + 0.5f) * ((float)r + 0.5f);
    return (float)(rx * rx + ry * ry) < max;
}

static int in_diamond(int rx, int ry, int r)
{
    return abs(rx) + abs(ry) <= r;
}

static int in_rounded_square(int rx, int ry, int r)
{
    return abs(rx) != r || abs(ry) != r;
}

static int in_square(int rx, int ry, int r)
{
    (void)rx, (void)ry, (void)r;
    return 1;
}

static int make_shape(lua_State *L, const char *fn, shape_fn in)
{
    vf_bld b;
    shape s;
    vf_bld_start(&b, L, fn);
    read_shape(&b, &s);
    draw(&b, &s, in);
    return 0;
}

static int l_make_circle(lua_State *L)
{
    return make_shape(L, "make_circle", in_circle);
}

static int l_make_rounded_square(lua_State *L)
{
    return make_shape(L, "make_rounded_square", in_rounded_square);
}

static int l_make_square(lua_State *L)
{
    return make_shape(L, "make_square", in_square);
}

/* The diamond alone has the game's own size checks. */
static int l_make_diamond(lua_State *L)
{
    vf_bld b;
    shape s;
    vf_bld_start(&b, L, "make_diamond");
    read_shape(&b, &s);
    if (s.r > s.x || s.r > s.y)
        vf_bld_error(&b, "make_diamond arguments too large: (%d, %d, %d)",
                     s.x, s.y, s.r);
    if (s.x + s.r > b.g->w || s.y + s.r > b.g->h)
        vf_bld_error(&b, "make_diamond arguments too large: (%d, %d, %d) on "
                     "map size (%d, %d)", s.x, s.y, s.r, b.g->w, b.g->h);
    draw(&b, &s, in_diamond);
    return 0;
}

/* ---- boxes --------------------------------------------------------------- */

static void fill_box(vf_bld *b, int x1, int y1, int x2, int y2, char c)
{
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++) vf_bld_put(b, x, y, c);
}

static int l_make_box(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "make_box");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    if (r.x2 >= b.g->w || r.y2 >= b.g->h)
        vf_bld_error(&b, "make_box arguments too large: (%d, %d) on map size "
                     "(%d, %d)", r.x2, r.y2, b.g->w, b.g->h);
    char floor = vf_bld_char(&b, "floor", '.');
    char wall = vf_bld_char(&b, "wall", 'x');
    int t = vf_bld_int(&b, "thickness", 1);
    vf_bld_need_inside(&b, &r);
    fill_box(&b, r.x1, r.y1, r.x2, r.y2, wall);
    fill_box(&b, r.x1 + t, r.y1 + t, r.x2 - t, r.y2 - t, floor);
    return 0;
}

typedef struct doors {
    int number, thickness;
    char door, inner, between;
    int veto_gates;
    const char *passable;
} doors;

/* Coordinates computed in 64 bits, brought back into int: anything far off
 * the grid is as good as just off it. */
static int to_cell(long long v)
{
    return v < -2 ? -2 : v > INT_MAX / 2 ? INT_MAX / 2 : (int)v;
}

/* Is the door at (x, y) on side (0 top, 1 bottom, 2 left, 3 right) open on
 * both faces of the wall, and (with veto_gates) not beside another door? */
static int door_ok(const vf_grid *g, const doors *d, int side, int x, int y)
{
    int t = d->thickness;
    if (side < 2) {
        if (!vf_bld_in(d->passable, vf_bld_at(g, x, y - (side == 0 ? 1 : t))) ||
            !vf_bld_in(d->passable, vf_bld_at(g, x, y + (side == 1 ? 1 : t))))
            return 0;
        return !d->veto_gates ||
               (vf_bld_at(g, x - 1, y) != (unsigned char)d->door &&
                vf_bld_at(g, x + 1, y) != (unsigned char)d->door);
    }
    if (!vf_bld_in(d->passable, vf_bld_at(g, x - (side == 2 ? 1 : t), y)) ||
        !vf_bld_in(d->passable, vf_bld_at(g, x + (side == 3 ? 1 : t), y)))
        return 0;
    return !d->veto_gates ||
           (vf_bld_at(g, x, y - 1) != (unsigned char)d->door &&
            vf_bld_at(g, x, y + 1) != (unsigned char)d->door);
}

/* A door, then the cells through the wall behind it. */
static void put_door(vf_bld *b, const doors *d, int side, int x, int y)
{
    vf_bld_put(b, x, y, d->door);
    for (int i = 1; i < d->thickness; i++) {
        switch (side) {
        case 0: y++; break;
        case 1: y--; break;
        case 2: x++; break;
        default: x--; break;
        }
        vf_bld_put(b, x, y, d->between);
    }
    if (d->thickness > 1) vf_bld_put(b, x, y, d->inner);
}

/* Doors at random places along the box's sides (corners excepted); a
 * place that fails is retried, up to 100 times per door wanted. Returns
 * the number placed. */
static int l_make_box_doors(lua_State *L)
{
    vf_bld b;
    vf_box r;
    doors d;
    vf_bld_start(&b, L, "make_box_doors");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    if (r.x2 > b.g->w || r.y2 > b.g->h)
        vf_bld_error(&b, "make_box_doors arguments too large: (%d, %d) on "
                     "map size (%d, %d)", r.x2, r.y2, b.g->w, b.g->h);
    d.number = vf_bld_int(&b, "number", 1);
    d.thickness = vf_bld_int(&b, "thickness", 1);
    d.door = vf_bld_char(&b, "door", '+');
    d.inner = vf_bld_char(&b, "inner_door", '.');
    d.between = vf_bld_char(&b, "between_doors", '.');
    d.veto_gates = vf_bld_bool(&b, "veto_gates", 0);
    d.passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    long long t = d.thickness;
    long long sx = (long long)r.x2 - r.x1 + 1 - 2 * t;
    long long sy = (long long)r.y2 - r.y1 + 1 - 2 * t;
    long long positions = 2 * sx + 2 * sy;
    if (positions > INT_MAX)
        vf_bld_error(&b, "the box is too large");
    long long sanity = 0, max_sanity = (long long)d.number * 100;
    int placed = 0;
    while (placed < d.number) {
        long long p = vf_random2(b.m->rng,
                                 (int)(positions < 0 ? 0 : positions));
        long long x, y;
        int side = p < sx ? 0 : p < 2 * sx ? 1 : p < 2 * sx + sy ? 2 : 3;
        switch (side) {
        case 0: x = r.x1 + t + p, y = r.y1; break;
        case 1: x = r.x1 + t + (p - sx), y = r.y2; break;
        case 2: x = r.x1, y = r.y1 + t + (p - 2 * sx); break;
        default: x = r.x2, y = r.y1 + t + (p - 2 * sx - sy); break;
        }
        if (door_ok(b.g, &d, side, to_cell(x), to_cell(y))) {
            placed++;
            put_door(&b, &d, side, to_cell(x), to_cell(y));
        } else if (++sanity >= max_sanity) {
            break;
        }
    }
    lua_pushinteger(L, placed);
    return 1;
}

/* ---- round boxes --------------------------------------------------------- */

enum { OUT, WALL, FLOOR, DOOR };

typedef struct rbox {
    int sx, sy;
    unsigned char *c;        /* c[x * sy + y], as the game's [x][y] */
} rbox;

#define RB(b, x, y) ((b)->c[(size_t)(x) * (size_t)(b)->sy + (size_t)(y)])

/* A filled ellipse of wall, hollowed where a wall cell has no outside
 * neighbour. */
static void round_walls(rbox *b)
{
    float rx = ((float)b->sx - 1.0f) * 0.5f, ry = ((float)b->sy - 1.0f) * 0.5f;
    for (int x = 0; x < b->sx; x++)
        for (int y = 0; y < b->sy; y++) {
            float fx = ((float)x - rx) / (rx + 0.5f);
            float fy = ((float)y - ry) / (ry + 0.5f);
            if (fx * fx + fy * fy <= 1.0f) RB(b, x, y) = WALL;
        }
    for (int x = 1; x < b->sx - 1; x++)
        for (int y = 1; y < b->sy - 1; y++) {
            if (RB(b, x, y) != WALL) continue;
            int inner = 1;
            for (int dx = -1; dx <= 1; dx++)
                for (int dy = -1; dy <= 1; dy++)
                    if (RB(b, x + dx, y + dy) == OUT) inner = 0;
            if (inner) RB(b, x, y) = FLOOR;
        }
}

/* The round box b on the map g, its top-left at (x1, y1), and the glyphs
 * its doors may open onto. */
typedef struct rbox_on {
    const vf_grid *g;
    const rbox *b;
    int x1, y1;
    const char *passable;
} rbox_on;

/* Is the map cell beside box cell (x, y) in direction (dx, dy) passable
 * and outside the round box? */
static int opens(const rbox_on *o, int x, int y, int dx, int dy)
{
    const vf_grid *g = o->g;
    const rbox *b = o->b;
    const char *passable = o->passable;
    int mx = o->x1 + x + dx, my = o->y1 + y + dy;
    if (dy && (my < 0 || my >= g->h)) return 0;
    if (dx && (mx < 0 || mx >= g->w)) return 0;
    if (!vf_bld_in(passable, vf_bld_at(g, mx, my))) return 0;
    int bx = x + dx, by = y + dy;
    return bx < 0 || by < 0 || bx >= b->sx || by >= b->sy ||
           RB(b, bx, by) == OUT;
}

/* Wall cells on a straight stretch with a passable cell outside. */
static void door_places(const rbox_on *o, vf_ptvec *out)
{
    const rbox *b = o->b;
    for (int x = 0; x < b->sx; x++)
        for (int y = 0; y < b->sy; y++) {
            if (RB(b, x, y) != WALL) continue;
            int xm = x > 0 && RB(b, x - 1, y) == WALL;
            int xp = x + 1 < b->sx && RB(b, x + 1, y) == WALL;
            int ym = y > 0 && RB(b, x, y - 1) == WALL;
            int yp = y + 1 < b->sy && RB(b, x, y + 1) == WALL;
            if (xm && xp && !ym && !yp &&
                (opens(o, x, y, 0, -1) || opens(o, x, y, 0, 1)))
                vf_ptvec_push(out, x, y);
            if (!xm && !xp && ym && yp &&
                (opens(o, x, y, -1, 0) || opens(o, x, y, 1, 0)))
                vf_ptvec_push(out, x, y);
        }
}

static int next_to_door(const rbox *b, int x, int y)
{
    return (x > 0 && RB(b, x - 1, y) == DOOR) ||
           (x + 1 < b->sx && RB(b, x + 1, y) == DOOR) ||
           (y > 0 && RB(b, x, y - 1) == DOOR) ||
           (y + 1 < b->sy && RB(b, x, y + 1) == DOOR);
}

/* A round (elliptical) room in the box with door_count doors where the
 * outside is open; with veto_if_no_doors and no door possible, nothing is
 * drawn and it returns false. */
static int l_make_round_box(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "make_round_box");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    char floor = vf_bld_char(&b, "floor", '.');
    char wall = vf_bld_char(&b, "wall", 'x');
    char door = vf_bld_char(&b, "door", '+');
    int door_count = vf_bld_int(&b, "door_count", 1);
    const char *passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    int veto_gates = vf_bld_bool(&b, "veto_gates", 0);
    int veto_if_no_doors = vf_bld_bool(&b, "veto_if_no_doors", 0);
    vf_bld_need_inside(&b, &r);

    rbox rb = {r.x2 - r.x1 + 1, r.y2 - r.y1 + 1, NULL};
    rb.c = vf_xcalloc((size_t)rb.sx * (size_t)rb.sy, 1);
    round_walls(&rb);
    vf_ptvec places = {0};
    rbox_on on = {.g = b.g, .b = &rb, .x1 = r.x1, .y1 = r.y1,
                  .passable = passable};
    door_places(&on, &places);
    int placed = 0;
    while (placed < door_count && places.n) {
        vf_pt p = vf_ptvec_take(&places,
                                (size_t)vf_random2(b.m->rng, (int)places.n));
        if (veto_gates && next_to_door(&rb, p.x, p.y)) continue;
        RB(&rb, p.x, p.y) = DOOR;
        placed++;
    }
    int drawn = placed > 0 || !veto_if_no_doors;
    for (int x = 0; drawn && x < rb.sx; x++)
        for (int y = 0; y < rb.sy; y++) {
            int k = RB(&rb, x, y);   /* outside cells keep their glyph */
            char c = k == WALL ? wall : k == FLOOR ? floor
                   : k == DOOR ? door : 0;
            if (c) vf_grid_row(b.g, r.y1 + y)[r.x1 + x] = c;
        }
    vf_ptvec_free(&places);
    free(rb.c);
    lua_pushboolean(L, drawn);
    return 1;
}

/* ---- octagonal rooms ----------------------------------------------------- */

/* Inside glyphs in the box with its corners cut at 45 degrees, oblique
 * cells deep; outside glyphs in the corners. With replace, only those
 * glyphs change. */
static int l_octa_room(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "octa_room");
    int w = b.g->w, h = b.g->h;
    int oblique = vf_bld_int(&b, "oblique", (w < h ? w : h) / 2 - 1);
    char outside = vf_bld_char(&b, "outside", 'x');
    char inside = vf_bld_char(&b, "inside", '.');
    const char *replace = vf_bld_str(&b, "replace", "");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_box cells = r;
    if (!replace[0]) vf_bld_need_inside(&b, &r);
    else if (!vf_bld_clip(b.g, &cells)) return 0;
    for (int y = cells.y1; y <= cells.y2; y++)
        for (int x = cells.x1; x <= cells.x2; x++) {
            if (replace[0] && !vf_bld_in(replace, vf_bld_at(b.g, x, y)))
                continue;
            long long left = (long long)oblique + r.x1 - x;
            long long right = (long long)oblique + x - r.x2;
            long long ob = (left > 0 ? left : 0) + (right > 0 ? right : 0);
            int in = y >= r.y1 + ob && y <= r.y2 - ob;
            vf_bld_put(&b, x, y, in ? inside : outside);
        }
    return 0;
}

const luaL_Reg vf_dgn_shape_fns[] = {
    {"make_circle", l_make_circle},
    {"make_diamond", l_make_diamond},
    {"make_rounded_square", l_make_rounded_square},
    {"make_square", l_make_square},
    {"make_box", l_make_box},
    {"make_box_doors", l_make_box_doors},
    {"make_round_box", l_make_round_box},
    {"octa_room", l_octa_room},
    {NULL, NULL}};
