/* Rooms the builders carve: octagons, boxes with doors, the big room,
 * diamond rooms and random rooms (dgn-layouts.cc). */
#include "layout_int.h"

/* Crypt, Tomb and Cocytus get shallow water where lava was asked for. */
static int no_lava_here(const lay *l, int with_cocytus)
{
    return lay_in_branch(l, "Crypt") || lay_in_branch(l, "Tomb") ||
           (with_cocytus && lay_in_branch(l, "Coc"));
}

void lay_octa_room(lay *l, const lay_box *b, int oblique_max, int floor)
{
    if (floor == LAVA && no_lava_here(l, 1)) floor = SHALLOW;
    int x2 = b->x + b->w - 1, y2 = b->y + b->h - 1, oblique = oblique_max;
    for (int x = b->x; x < x2; x++) {
        for (int y = b->y + oblique; y < y2 - oblique; y++) {
            int c = lay_get(l, x, y);
            if (lay_is_wall(c)) lay_set(l, x, y, c = floor);
            if (c == FLOOR && floor == SHALLOW) lay_set(l, x, y, SHALLOW);
            if (c == DOOR && !lay_is_solid(floor)) lay_set(l, x, y, FLOOR);
        }
        if (x > x2 - oblique_max) oblique += 2;
        if (oblique > 0) oblique--;
    }
}

int lay_random_wall(lay *l)
{
    /* The game draws from metal..stone in its feature order, rerolling
     * slimy walls. */
    static const char walls[] = {METAL, CRYSTAL, ROCK, 0, STONE};
    int i;
    do i = vf_random_range(l->r, 0, 4); while (!walls[i]);
    return walls[i];
}

static void chequerboard(lay *l, const lay_box *b, int target, int f1, int f2)
{
    for (int y = b->y; y < b->y + b->h; y++)
        for (int x = b->x; x < b->x + b->w; x++)
            if (lay_get(l, x, y) == target)
                lay_set(l, x, y, (x + y) % 2 ? f2 : f1);
}

/* ---- box rooms ----------------------------------------------------------- */

static int wall_at(const lay *l, int x, int y)
{
    return lay_is_wall(lay_get(l, x, y));
}

/* A door in rock beside (x, y) forces a door here, so it is not walled
 * off (2); otherwise 1 when walls are on two opposite sides only. */
static int door_spot(lay *l, int x, int y)
{
    if ((lay_get(l, x - 1, y) == DOOR && wall_at(l, x - 1, y - 1) &&
         wall_at(l, x - 1, y + 1)) ||
        (lay_get(l, x + 1, y) == DOOR && wall_at(l, x + 1, y - 1) &&
         wall_at(l, x + 1, y + 1)) ||
        (lay_get(l, x, y - 1) == DOOR && wall_at(l, x - 1, y - 1) &&
         wall_at(l, x + 1, y - 1)) ||
        (lay_get(l, x, y + 1) == DOOR && wall_at(l, x - 1, y + 1) &&
         wall_at(l, x + 1, y + 1))) {
        lay_set(l, x, y, DOOR);
        return 2;
    }
    int n = wall_at(l, x, y - 1), s = wall_at(l, x, y + 1);
    int e = wall_at(l, x - 1, y), w = wall_at(l, x + 1, y);
    return n == s && e == w && n != e;
}

/* The outline's cells in the game's order: top and bottom in turn along x,
 * then left and right in turn along y. */
static int outline(int x1, int x2, int y1, int y2, int (*cell)[2])
{
    int n = 0;
    for (int x = x1 + 1; x < x2; x++) {
        cell[n][0] = x, cell[n++][1] = y1;
        cell[n][0] = x, cell[n++][1] = y2;
    }
    for (int y = y1 + 1; y < y2; y++) {
        cell[n][0] = x1, cell[n++][1] = y;
        cell[n][0] = x2, cell[n++][1] = y;
    }
    return n;
}

/* Puts up to want doors on good spots; with want 0, returns how many the
 * outline was forced to take. */
static int box_doors(lay *l, int x1, int x2, int y1, int y2, int want)
{
    int cell[200][2], spot[200];
    if (2 * (x2 - x1 + y2 - y1) > 200) return 0;
    int n = outline(x1, x2, y1, y2, cell), forced = 0, good = 0;
    for (int i = 0; i < n; i++) {
        spot[i] = door_spot(l, cell[i][0], cell[i][1]);
        forced += spot[i] == 2;
        good += spot[i] == 1;
    }
    if (!want) return forced;
    if (want > good) want = good;
    while (want > 0 && n > 0) {
        int i = vf_random2(l->r, n);
        if (spot[i] != 1) continue;
        lay_set(l, cell[i][0], cell[i][1], DOOR);
        spot[i] = 2;
        want--;
    }
    return 0;
}

void lay_box_room(lay *l, int x1, int x2, int y1, int y2, int wall)
{
    if (wall == LAVA && no_lava_here(l, 0)) wall = SHALLOW;
    lay_replace_area(l, (lay_area){x1, y1, x2, y1}, FLOOR, wall);
    lay_replace_area(l, (lay_area){x1, y2, x2, y2}, FLOOR, wall);
    lay_replace_area(l, (lay_area){x1, y1 + 1, x1, y2 - 1}, FLOOR, wall);
    lay_replace_area(l, (lay_area){x2, y1 + 1, x2, y2 - 1}, FLOOR, wall);
    int placed = box_doors(l, x1, x2, y1, y2, 0);
    static const int w[] = {54, 23, 23};
    static const int doors[] = {2, 1, 3};
    int want = doors[lay_weighted(l->r, w, 3)];
    if ((x2 - x1) * (y2 - y1) < 36 && want > 1) want--;
    want -= placed;
    if (want > 0) box_doors(l, x1, x2, y1, y2, want);
}

/* ---- the big room and diamond rooms -------------------------------------- */

static void big_box(lay *l, lay_box *b)
{
    b->x = 8 + vf_random2(l->r, 30);
    b->y = 8 + vf_random2(l->r, 22);
    b->w = 21 + vf_random2(l->r, 10);
    b->h = 21 + vf_random2(l->r, 8);
}

static int water_or_lava(lay *l)
{
    return vf_x_chance_in_y(l->r, 14, l->level) ? DEEP : LAVA;
}

/* Stone boxes nested inside b until they get too small. */
static void nested_boxes(lay *l, const lay_box *b)
{
    int x1 = b->x, y1 = b->y, x2 = b->x + b->w - 1, y2 = b->y + b->h - 1;
    for (;;) {
        x1 += 2 + vf_random2(l->r, 3);
        y1 += 2 + vf_random2(l->r, 3);
        x2 -= 2 + vf_random2(l->r, 3);
        y2 -= 2 + vf_random2(l->r, 3);
        if (x1 >= x2 - 3 || y1 >= y2 - 3) return;
        lay_box_room(l, x1, x2, y1, y2, STONE);
    }
}

void lay_big_room(lay *l)
{
    int floor = FLOOR, other = FLOOR;
    lay_box b;
    if (vf_one_chance_in(l->r, 4)) {
        int oblique = 5 + vf_random2(l->r, 20);
        big_box(l, &b);
        if (!vf_one_chance_in(l->r, 5) ||
            l->level < 8 + vf_random2(l->r, 8)) {
            lay_octa_room(l, &b, oblique, FLOOR);
            return;
        }
        floor = l->level > 7 ? water_or_lava(l) : LAVA;
        lay_octa_room(l, &b, oblique, floor);
    }
    big_box(l, &b);
    if (l->level > 7 && vf_one_chance_in(l->r, 4)) floor = water_or_lava(l);
    lay_area all = {b.x, b.y, b.x + b.w - 1, b.y + b.h - 1};
    lay_replace_area(l, all, ROCK, floor);
    lay_replace_area(l, all, DOOR, floor);
    if (floor == FLOOR) other = lay_random_wall(l);
    if (no_lava_here(l, 0)) {
        if (floor == LAVA) floor = SHALLOW;
        if (other == LAVA) other = SHALLOW;
    }
    if (vf_one_chance_in(l->r, 4))
        chequerboard(l, &b, floor, floor, other);
    else if (vf_one_chance_in(l->r, 6))
        nested_boxes(l, &b);
}

void lay_diamond_rooms(lay *l)
{
    int n = 1 + vf_random2(l->r, 10), floor = DEEP;
    if (lay_in_branch(l, "Dis") || lay_in_branch(l, "Tar")) return;
    if (l->level > 5 + vf_random2(l->r, 5) && vf_coinflip(l->r))
        floor = SHALLOW;
    if (l->level > 10 + vf_random2(l->r, 5) && vf_coinflip(l->r))
        floor = DEEP;
    if (l->level > 17 && vf_coinflip(l->r)) floor = LAVA;
    if (l->level > 10 && vf_one_chance_in(l->r, 15))
        floor = vf_coinflip(l->r) ? ROCK : STONE;
    if (l->level > 12 && vf_one_chance_in(l->r, 20)) floor = METAL;
    if (lay_in_branch(l, "Geh")) floor = LAVA;
    else if (lay_in_branch(l, "Coc")) floor = DEEP;
    for (int i = 0; i < n; i++) {
        lay_box b;
        b.x = 8 + vf_random2(l->r, 43);
        b.y = 8 + vf_random2(l->r, 35);
        b.w = 6 + vf_random2(l->r, 15);
        b.h = 6 + vf_random2(l->r, 10);
        lay_octa_room(l, &b, b.w / 2, floor);
    }
}

/* ---- random rooms -------------------------------------------------------- */

/* A cell a room may open onto. */
static int door_ok(const lay *l, int x, int y)
{
    int c = lay_get(l, x, y);
    return (!lay_is_solid(c) || c == DOOR) && !lay_is_stair(c);
}

/* A door where a corridor meets the room's side between two solid cells;
 * (ox, oy) steps along the side. */
static void side_door(lay *l, int x, int y, int ox, int oy, int door_level)
{
    if (lay_get(l, x, y) == FLOOR &&
        lay_is_solid(lay_get(l, x - ox, y - oy)) &&
        lay_is_solid(lay_get(l, x + ox, y + oy)) &&
        vf_x_chance_in_y(l->r, door_level, 10))
        lay_set(l, x, y, DOOR);
}

/* A room on r where its outline meets at least one open cell and no more
 * than o->max_doors; 0 when it does not fit. */
static int make_room(lay *l, const lay_rooms *o, lay_area r)
{
    int sx = r.x1, sy = r.y1, ex = r.x2, ey = r.y2;
    int max_doors = o->max_doors, door_level = o->door_level;
    int open = 0, corners = 0;
    for (int x = sx; x <= ex; x++)
        open += door_ok(l, x, sy) + door_ok(l, x, ey);
    for (int y = sy + 1; y < ey; y++)
        open += door_ok(l, sx, y) + door_ok(l, ex, y);
    corners = door_ok(l, sx, sy) + door_ok(l, ex, sy) + door_ok(l, sx, ey) +
              door_ok(l, ex, ey);
    if (corners + open > 1 && max_doors == 1) return 0;
    if (open == 0 || open > max_doors) return 0;
    for (int x = sx; x <= ex; x++)
        for (int y = sy; y <= ey; y++) {
            int c = lay_get(l, x, y);
            /* Only dry floor (floor, stairs) stays. */
            if (lay_is_solid(c) || c == DEEP || c == SHALLOW || c == LAVA)
                lay_set(l, x, y, FLOOR);
        }
    for (int y = sy + 1; y < ey; y++) {
        side_door(l, sx - 1, y, 0, 1, door_level);
        side_door(l, ex + 1, y, 0, 1, door_level);
    }
    for (int x = sx + 1; x < ex; x++) {
        side_door(l, x, sy - 1, 1, 0, door_level);
        side_door(l, x, ey + 1, 1, 0, door_level);
    }
    return 1;
}

void lay_random_rooms(lay *l, const lay_rooms *o)
{
    int misses = 0;
    for (int i = 0; i < o->num; i++) {
        int sx = 8 + vf_random2(l->r, o->max_x);
        int sy = 8 + vf_random2(l->r, o->max_y);
        int ex = sx + 2 + vf_random2(l->r, o->max_size);
        int ey = sy + 2 + vf_random2(l->r, o->max_size);
        if (!make_room(l, o, (lay_area){sx, sy, ex, ey})) {
            misses++;
            i--;
        }
        /* Too many misses: skip a room. */
        if (misses > 30) {
            misses = 0;
            i++;
        }
    }
}
