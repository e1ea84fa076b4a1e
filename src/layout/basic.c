/* The rooms-and-corridors level (dgn_build_basic_level). */
#include "layout_int.h"

/* How a trail wanders: corridor lengths, how often it runs through
 * another corridor, and how many legs it walks. */
typedef struct trail {
    int corr_length, intersect_chance, legs;
} trail;

/* +1 or -1, pushed back from within margin of either edge. */
static int trail_dir(lay *l, int pos, int bound, int margin)
{
    int dir = pos < margin ? 1 : pos > bound - margin ? -1 : 0;
    if (dir == 0 || vf_x_chance_in_y(l->r, 2, 5))
        dir = vf_random2(l->r, 2) ? 1 : -1;
    return dir;
}

/* Rock or floor next to rock inside the level. */
static int viable_start(const lay *l, int x, int y)
{
    int c = lay_get(l, x, y);
    if (c != ROCK && c != FLOOR) return 0;
    static const int d[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    for (int i = 0; i < 4; i++) {
        int ax = x + d[i][0], ay = y + d[i][1];
        if (ax > 0 && ay > 0 && ax < GXM - 1 && ay < GYM - 1 &&
            lay_get(l, ax, ay) == ROCK)
            return 1;
    }
    return 0;
}

/* Walks one leg of length cells from *at along (dx, dy), turning back
 * from the edges and stopping short of floor two cells ahead (unless it
 * runs through); carves rock to floor. */
static void walk_leg(lay *l, const trail *t, lay_pt *at, int dx, int dy,
                     int length)
{
    int *x = &at->x, *y = &at->y;
    for (int i = 0; i < length; i++) {
        if (*x < 4) dx = 1, dy = 0;
        if (*x > GXM - 1 - 4) dx = -1, dy = 0;
        if (*y < 4) dx = 0, dy = 1;
        if (*y > GYM - 1 - 4) dx = 0, dy = -1;
        if (lay_get(l, *x + 2 * dx, *y + 2 * dy) == FLOOR &&
            !vf_one_chance_in(l->r, t->intersect_chance))
            break;
        *x += dx, *y += dy;
        if (lay_get(l, *x, *y) == ROCK) lay_set(l, *x, *y, FLOOR);
    }
}

/* A trail starting in the box {x0, xr, y0, yr}, (x0, y0)+(xr, yr); 1
 * with its two ends, 0 when it found no start or gave up after 200
 * legs. */
static int make_trail(lay *l, const trail *t, const int box[4], int end[4])
{
    int tries = 200, length = 0, finish = 0;
    lay_pt at;
    do {
        at.x = box[0] + vf_random2(l->r, box[1]);
        at.y = box[2] + vf_random2(l->r, box[3]);
    } while (!viable_start(l, at.x, at.y) && tries-- > 0);
    if (tries < 0) return 0;
    end[0] = at.x, end[1] = at.y;
    for (tries = 200; finish < t->legs; finish++) {
        if (!tries--) return 0;
        int dx = 0, dy = 0;
        if (vf_coinflip(l->r)) dx = trail_dir(l, at.x, GXM, 15);
        else dy = trail_dir(l, at.y, GYM, 15);
        if (dx == 0 || length == 0)
            length = vf_random2(l->r, t->corr_length) + 2;
        walk_leg(l, t, &at, dx, dy, length);
        /* The last leg must end on floor. */
        if (finish == t->legs - 1 && lay_get(l, at.x, at.y) != FLOOR)
            finish -= 2;
    }
    end[2] = at.x, end[3] = at.y;
    return 1;
}

/* Three trails, each with a down stair at its start and an up stair at
 * its end; the starts are then joined up. */
static void trails(lay *l)
{
    static const int box[3][4] = {
        {35, 30, 35, 20}, {10, 15, 10, 15}, {50, 20, 10, 15}};
    static const char down[3] = {'}', ')', ']'}, up[3] = {'{', '(', '['};
    trail t;
    t.corr_length = 2 + vf_random2(l->r, 14);
    t.legs = vf_one_chance_in(l->r, 100) ? 500 + vf_random2(l->r, 500)
                                         : 30 + vf_random2(l->r, 200);
    t.intersect_chance = vf_one_chance_in(l->r, 20) ? 400
                                                    : vf_random2(l->r, 20);
    int starts[3][2], n = 0;
    for (int i = 0; i < 3; i++) {
        int e[4];
        if (!make_trail(l, &t, box[i], e)) continue;
        lay_set(l, e[0], e[1], down[i]);
        lay_set(l, e[2], e[3], up[i]);
        starts[n][0] = e[0], starts[n++][1] = e[1];
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            lay_join(l, starts[i][0], starts[i][1], starts[j][0], starts[j][1],
                     lay_wall_floor_liquid);
}

/* Liquids: sometimes pools, else rivers and lakes with depth. */
static void extras(lay *l)
{
    int level = l->level;
    if (level > 6 && vf_one_chance_in(l->r, 10)) {
        int pool = level < 11 || vf_coinflip(l->r) ? DEEP : LAVA;
        if (vf_one_chance_in(l->r, 15)) pool = TREE;
        lay_many_pools(l, pool);
        return;
    }
    int river = vf_one_chance_in(l->r, 5 + level) ? SHALLOW : DEEP;
    if (level > 11 && (vf_one_chance_in(l->r, 5) ||
                       (level > 15 && !vf_one_chance_in(l->r, 5))))
        river = LAVA;
    if (lay_in_branch(l, "Geh") || lay_in_branch(l, "Coc")) {
        river = lay_in_branch(l, "Geh") ? LAVA : DEEP;
        if (vf_coinflip(l->r)) lay_river(l, river);
        else lay_lake(l, river);
    }
    if (level > 8 && vf_one_chance_in(l->r, 16))
        lay_river(l, river);
    else if (level > 8 && vf_one_chance_in(l->r, 12))
        lay_lake(l, river != SHALLOW ? river : DEEP);
}

int vf_layout_basic(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    trails(&l);
    if (l.level > 1 && vf_one_chance_in(r, 16)) lay_big_room(&l);
    if (vf_random2(r, l.level) > 6 && vf_one_chance_in(r, 3))
        lay_diamond_rooms(&l);
    int door_level = vf_random2(r, 11);
    int room_size = 4 + vf_random2(r, 5);
    room_size += vf_random2(r, 6);
    static const int w[] = {636, 49, 15};
    int many = 5 + vf_random2avg(r, 29, 2);
    int counts[] = {many, 100, 1};
    int rooms = counts[lay_weighted(r, w, 3)];
    lay_rooms many_rooms = {.num = rooms, .max_doors = 2 + vf_random2(r, 8),
                            .door_level = door_level, .max_x = 50,
                            .max_y = 40, .max_size = room_size};
    lay_random_rooms(&l, &many_rooms);
    lay_rooms few = {.num = 1 + vf_random2(r, 3), .max_doors = 1,
                     .door_level = door_level, .max_x = 55, .max_y = 45,
                     .max_size = 6};
    lay_random_rooms(&l, &few);
    extras(&l);
    lay_connect(&l, 0);
    return 0;
}
