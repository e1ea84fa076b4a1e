/* Builder bindings that connect rooms and tidy their walls: openings
 * between adjacent rooms, doors that lead nowhere, windows, paths joining
 * two points, and the cell farthest from some glyphs (the game's
 * l-dgnbld.cc). */
#include "dgn_build.h"
#include "vf_sbuf.h"

#include <stdlib.h>

/* ---- connect_adjacent_rooms ---------------------------------------------- */

/* What connect_adjacent_rooms takes for wall and floor on g, and how far
 * along a wall it looks. */
typedef struct walls {
    const vf_grid *g;
    const char *wall, *floor;
    int max_check;
} walls;

/* Walking along the wall from (x, y) both ways, while floor lies on both
 * faces (the normal direction), is every cell wall? Stops at a corner, or
 * after max_check cells. Horizontal: the wall runs along x. */
static int wall_is_empty(const walls *w, int x, int y, int horiz)
{
    const vf_grid *g = w->g;
    const char *wall = w->wall, *floor = w->floor;
    int max_check = w->max_check;
    int nx = horiz ? 0 : 1, ny = horiz ? 1 : 0;
    for (int d = 1; d >= -1; d -= 2) {
        int lx = horiz ? d : 0, ly = horiz ? 0 : d;
        for (int n = 1; n <= max_check; n++) {
            int px = x + lx * n, py = y + ly * n;
            if (!vf_bld_in(floor, vf_bld_at(g, px + nx, py + ny)) ||
                !vf_bld_in(floor, vf_bld_at(g, px - nx, py - ny)))
                break;
            if (!vf_bld_in(wall, vf_bld_at(g, px, py))) return 0;
        }
    }
    return 1;
}

/* Opens between min and max (random) of the cells looked at, in random
 * order: a wall cell with floor on both faces is opened when its stretch
 * of wall is plain wall to the next corner. */
static int l_connect_adjacent_rooms(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "connect_adjacent_rooms");
    const char *wall = vf_bld_str(&b, "wall", VF_WALLS);
    const char *floor = vf_bld_str(&b, "floor", ".");
    char replace = vf_bld_char(&b, "replace", '.');
    int max = vf_bld_int(&b, "max", 1);
    int min = vf_bld_int(&b, "min", max);
    int check = vf_bld_int(&b, "check_distance", 9999);
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_bld_off_border(b.g, &r);
    if (min < 0) vf_bld_error(&b, "Invalid min connections: %d", min);
    if (max < min)
        vf_bld_error(&b, "Invalid max connections: %d (min is %d)", max, min);
    /* The game's random_rectangle_iterator takes the corners in order. */
    vf_box o = {r.x1 < r.x2 ? r.x1 : r.x2, r.y1 < r.y2 ? r.y1 : r.y2,
                r.x1 < r.x2 ? r.x2 : r.x1, r.y1 < r.y2 ? r.y2 : r.y1};
    vf_bld_need_inside(&b, &o);
    const vf_grid *g = b.g;
    walls ws = {.g = g, .wall = wall, .floor = floor, .max_check = check};
    int count = vf_random_range(b.m->rng, min, max);
    vf_ptvec cells = {0};
    for (int y = o.y1; y <= o.y2; y++)
        for (int x = o.x1; x <= o.x2; x++) vf_ptvec_push(&cells, x, y);
    size_t cur = (size_t)vf_random2(b.m->rng, (int)cells.n);
    while (cells.n && count > 0) {
        int x = cells.v[cur].x, y = cells.v[cur].y;
        if (vf_bld_in(wall, vf_bld_at(g, x, y)) &&
            ((vf_bld_in(floor, vf_bld_at(g, x, y - 1)) &&
              vf_bld_in(floor, vf_bld_at(g, x, y + 1)) &&
              wall_is_empty(&ws, x, y, 1)) ||
             (vf_bld_in(floor, vf_bld_at(g, x - 1, y)) &&
              vf_bld_in(floor, vf_bld_at(g, x + 1, y)) &&
              wall_is_empty(&ws, x, y, 0))))
            vf_grid_row(b.g, y)[x] = replace;   /* a wall on the grid */
        count--;
        vf_ptvec_take(&cells, cur);
        if (cells.n) cur = (size_t)vf_random2(b.m->rng, (int)cells.n);
    }
    vf_ptvec_free(&cells);
    return 0;
}

/* ---- doors and windows --------------------------------------------------- */

/* Which of the eight cells around (x, y) hold a glyph of set. */
typedef struct around {
    int n, s, e, w, ne, nw, se, sw;
} around;

static around look_around(const vf_grid *g, int x, int y, const char *set)
{
    around a;
    a.n = vf_bld_in(set, vf_bld_at(g, x, y - 1));
    a.s = vf_bld_in(set, vf_bld_at(g, x, y + 1));
    a.e = vf_bld_in(set, vf_bld_at(g, x + 1, y));
    a.w = vf_bld_in(set, vf_bld_at(g, x - 1, y));
    a.ne = vf_bld_in(set, vf_bld_at(g, x + 1, y - 1));
    a.nw = vf_bld_in(set, vf_bld_at(g, x - 1, y - 1));
    a.se = vf_bld_in(set, vf_bld_at(g, x + 1, y + 1));
    a.sw = vf_bld_in(set, vf_bld_at(g, x - 1, y + 1));
    return a;
}

/* Does a door with these open neighbours sit in a wall, straight or
 * diagonal, with a way through? */
static int door_connects(const around *o)
{
    /* in a north-south wall, open to east and west */
    if (!o->s && !o->n && (o->e || o->w) && (o->e || o->se || o->ne) &&
        (o->w || o->sw || o->nw))
        return 1;
    /* in an east-west wall, open to north and south */
    if (!o->e && !o->w && (o->s || o->n) && (o->s || o->ne || o->nw) &&
        (o->n || o->se || o->sw))
        return 1;
    /* in a diagonal wall running NW-SE */
    if (o->se && o->nw && o->s == o->e && o->n == o->w &&
        (o->s != o->w || (!o->s && !o->w && !o->sw && !o->ne)))
        return 1;
    /* in a diagonal wall running SW-NE */
    if (o->sw && o->ne && o->s == o->w && o->n == o->e &&
        (o->s != o->e || (!o->s && !o->e && !o->se && !o->nw)))
        return 1;
    return 0;
}

/* Replaces door glyphs that do not connect two open cells (gates, doors
 * side by side, are removed too, as in the game). */
static int l_remove_disconnected_doors(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "remove_disconnected_doors");
    const char *door = vf_bld_str(&b, "door", "+");
    const char *open = vf_bld_str(&b, "open", VF_TRAVERSABLE);
    char replace = vf_bld_char(&b, "replace", '.');
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_bld_off_border(b.g, &r);
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++) {
            if (!vf_bld_in(door, vf_bld_at(b.g, x, y))) continue;
            around o = look_around(b.g, x, y, open);
            if (!door_connects(&o)) vf_bld_put(&b, x, y, replace);
        }
    return 0;
}

/* Is the wall cell with these open (o) and wall (w) neighbours one a
 * window can go in: a straight wall, a bend, or a 2- or 3-thick diagonal,
 * with open cells on both faces? */
static int window_fits(const around *o, const around *w)
{
    if (o->s && o->n && w->e && w->w) return 1;
    if (o->e && o->w && w->s && w->n) return 1;
    if (w->e && w->w && ((o->se && o->nw && w->sw && w->ne) ||
                         (o->sw && o->ne && w->se && w->nw)))
        return 1;
    if (w->s && w->n && w->e && w->w &&
        ((o->se && o->nw) || (o->sw && o->ne)))
        return 1;
    return (w->s && w->e && o->n && o->w && o->se) ||
           (w->s && w->w && o->n && o->e && o->sw) ||
           (w->n && w->w && o->s && o->e && o->nw) ||
           (w->n && w->e && o->s && o->w && o->ne);
}

/* Turns wall cells between open cells into windows; in place, so a window
 * is a non-wall for the cells after it. */
static int l_add_windows(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "add_windows");
    const char *wall = vf_bld_str(&b, "wall", VF_WALLS);
    const char *open = vf_bld_str(&b, "open", VF_TRAVERSABLE);
    char window = vf_bld_char(&b, "window", 'm');
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_bld_off_border(b.g, &r);
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++) {
            if (!vf_bld_in(wall, vf_bld_at(b.g, x, y))) continue;
            around o = look_around(b.g, x, y, open);
            around w = look_around(b.g, x, y, wall);
            if (window_fits(&o, &w)) vf_bld_put(&b, x, y, window);
        }
    return 0;
}

/* ---- join_the_dots ------------------------------------------------------- */

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* A path of single steps from a to b: straight (diagonal first, when
 * allowed) or wandering, with each axis stepped in proportion to the
 * distance left on it. The game also steers round vaults already on the
 * level; here there is none. */
static void dot_path(vf_rng *rng, vf_pt a, vf_pt b, int straight, int diag,
                     vf_ptvec *out)
{
    vf_pt at = a;
    for (;;) {
        vf_ptvec_push(out, at.x, at.y);
        if (at.x == b.x && at.y == b.y) return;
        int mx = sign(b.x - at.x), my = sign(b.y - at.y);
        int gx = mx != 0, gy = my != 0, gxy = gx && gy && diag;
        int step_xy, step_x;
        if (straight) {
            step_xy = gxy;
            step_x = gx;
        } else {
            int dx = abs(at.x - b.x), dy = abs(at.y - b.y);
            int sum = dx + dy, lo = dx < dy ? dx : dy, hi = sum - lo;
            step_xy = gxy && (vf_x_chance_in_y(rng, lo, hi * 2) ||
                              (!gx && !gy));
            step_x = !step_xy && gx &&   /* the game's else-if: no draw */
                     (vf_x_chance_in_y(rng, dx, sum) || !gy);
        }
        if (step_xy) at.x += mx, at.y += my;
        else if (step_x) at.x += mx;
        else at.y += my;
    }
}

/* Joins two points with a path of fill, thickness wide, over every
 * non-passable cell off the map's outer ring. */
static int l_join_the_dots(lua_State *L)
{
    vf_bld b;
    vf_bld_start(&b, L, "join_the_dots");
    vf_pt from = {vf_bld_int(&b, "x1", -1), vf_bld_int(&b, "y1", -1)};
    vf_pt to = {vf_bld_int(&b, "x2", -1), vf_bld_int(&b, "y2", -1)};
    const char *passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    char fill = vf_bld_char(&b, "fill", '.');
    int straight = vf_bld_bool(&b, "force_straight", 0);
    int diag = vf_bld_bool(&b, "allow_diagonals", 0);
    int thickness = vf_bld_int(&b, "thickness", 1);
    vf_bld_coord(&b, from.x, from.y);
    vf_bld_coord(&b, to.x, to.y);
    if (from.x == to.x && from.y == to.y) return 0;

    vf_ptvec p1 = {0}, p2 = {0};
    dot_path(b.m->rng, from, to, straight, diag, &p1);
    dot_path(b.m->rng, to, from, straight, diag, &p2);
    /* Neither hits a vault, so the game tosses a coin. */
    const vf_ptvec *path = vf_coinflip(b.m->rng) ? &p1 : &p2;
    vf_grid *g = b.g;
    int lo = -thickness / 2, hi = lo + thickness;
    for (size_t i = 0; i < path->n; i++) {
        vf_pt c = path->v[i];
        int x1 = c.x + lo > 1 ? c.x + lo : 1;
        int x2 = c.x + hi < g->w - 1 ? c.x + hi : g->w - 1;
        int y1 = c.y + lo > 1 ? c.y + lo : 1;
        int y2 = c.y + hi < g->h - 1 ? c.y + hi : g->h - 1;
        for (int x = x1; x < x2; x++)
            for (int y = y1; y < y2; y++)
                if (!vf_bld_in(passable, vf_bld_at(g, x, y)))
                    vf_grid_row(g, y)[x] = fill;
    }
    vf_ptvec_free(&p1);
    vf_ptvec_free(&p2);
    return 0;
}

/* ---- farthest_from ------------------------------------------------------- */

static int in_map(const vf_grid *g, int x, int y)
{
    int c = vf_bld_at(g, x, y);
    return c > 0 && c != ' ';
}

/* A cell (chosen at random among equals) that takes the most steps over
 * passable cells to reach from the nearest beacon glyph; nil, nil when
 * there is no beacon. */
static int l_farthest_from(lua_State *L)
{
    vf_bld b;
    vf_bld_start(&b, L, "farthest_from");
    if (lua_type(L, 2) != LUA_TSTRING && lua_type(L, 2) != LUA_TNUMBER)
        vf_bld_error(&b, "the beacons (argument 1) must be a string, not %s",
                     luaL_typename(L, 2));
    const char *beacons = lua_tostring(L, 2);
    const vf_grid *g = b.g;
    if (g->w > 80 || g->h > 70)
        vf_bld_error(&b, "the %dx%d map is larger than a level (80x70): "
                     "the game asserts", g->w, g->h);
    char *seen = vf_xcalloc((size_t)g->w * (size_t)g->h + 1, 1);
    vf_ptvec layer = {0}, next = {0};
    for (int x = g->w - 1; x >= 0; x--)      /* the game's order */
        for (int y = g->h - 1; y >= 0; y--)
            if (in_map(g, x, y) && vf_bld_in(beacons, vf_bld_at(g, x, y))) {
                vf_ptvec_push(&layer, x, y);
                seen[y * g->w + x] = 1;
            }
    while (layer.n) {
        next.n = 0;
        for (size_t i = 0; i < layer.n; i++)
            for (int k = 0; k < 8; k++) {
                int x = layer.v[i].x + vf_adjacent8[k].x;
                int y = layer.v[i].y + vf_adjacent8[k].y;
                if (!in_map(g, x, y) || seen[y * g->w + x] ||
                    !vf_bld_in(VF_TRAVERSABLE, vf_bld_at(g, x, y)))
                    continue;
                seen[y * g->w + x] = 1;
                vf_ptvec_push(&next, x, y);
            }
        if (!next.n) break;
        vf_ptvec t = layer;
        layer = next;
        next = t;
    }
    int found = layer.n > 0;
    vf_pt at = {0, 0};
    if (found) at = layer.v[vf_random2(b.m->rng, (int)layer.n)];
    vf_ptvec_free(&layer);
    vf_ptvec_free(&next);
    free(seen);
    if (!found) {
        lua_pushnil(L);
        lua_pushnil(L);
    } else {
        lua_pushinteger(L, at.x);
        lua_pushinteger(L, at.y);
    }
    return 2;
}

const luaL_Reg vf_dgn_room_fns[] = {
    {"connect_adjacent_rooms", l_connect_adjacent_rooms},
    {"remove_disconnected_doors", l_remove_disconnected_doors},
    {"add_windows", l_add_windows},
    {"join_the_dots", l_join_the_dots},
    {"farthest_from", l_farthest_from},
    {NULL, NULL}};
