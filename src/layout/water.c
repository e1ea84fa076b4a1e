/* Pools, rivers and lakes poured over a built level (dgn-layouts.cc). */
#include "layout_int.h"

/* A rounded pool of liquid over the floor inside the box. */
static void place_pool(lay *l, int liquid, int x1, int y1, int x2, int y2)
{
    if (liquid == LAVA && (lay_in_branch(l, "Crypt") ||
                           lay_in_branch(l, "Tomb")))
        liquid = SHALLOW;
    if (x1 >= x2 - 4 || y1 >= y2 - 4) return;
    int left = x1 + 2 + vf_random2(l->r, x2 - x1);
    int right = x2 - 2 - vf_random2(l->r, x2 - x1);
    int half = (y2 - y1) / 2;
    for (int y = y1 + 1; y < y2 - 1; y++) {
        for (int x = x1 + 1; x < x2 - 1; x++)
            if (x >= left && x <= right && lay_get(l, x, y) == FLOOR)
                lay_set(l, x, y, liquid);
        /* Widening down to the middle, narrowing after, with wobble. */
        if (y - y1 < half || vf_one_chance_in(l->r, 4)) {
            if (left > x1 + 1) left -= vf_random2(l->r, 3);
            if (right < x2 - 1) right += vf_random2(l->r, 3);
        }
        if (left < x2 - 1 &&
            (y - y1 >= half || left <= x1 + 2 || vf_one_chance_in(l->r, 4)))
            left += vf_random2(l->r, 3);
        if (right > x1 + 1 &&
            (y - y1 >= half || right >= x2 - 2 || vf_one_chance_in(l->r, 4)))
            right -= vf_random2(l->r, 3);
    }
}

void lay_many_pools(lay *l, int pool)
{
    if (lay_in_branch(l, "Coc")) pool = DEEP;
    else if (lay_in_branch(l, "Geh")) pool = LAVA;
    else if (lay_in_branch(l, "Crypt")) return;
    int want = 20 + vf_random2avg(l->r, 9, 2), made = 0;
    for (int tries = 0; made < want && tries < 30000; tries++) {
        int x1 = vf_random_range(l->r, 1, GXM - 1 - 21);
        int y1 = vf_random_range(l->r, 1, GYM - 1 - 21);
        int x2 = x1 + 2 + vf_roll_dice(l->r, 2, 9);
        int y2 = y1 + 2 + vf_roll_dice(l->r, 2, 9);
        if (lay_all_floor(l, x1, y1, x2, y2)) {
            place_pool(l, pool, x1, y1, x2, y2);
            made++;
        }
    }
}

/* Most cells take the liquid; stairs stay, and no vault, monster or item
 * is on the level yet. */
static int may_pour(lay *l, int x, int y)
{
    return !vf_one_chance_in(l->r, 200) && !lay_is_stair(lay_get(l, x, y));
}

static int no_liquids_here(const lay *l)
{
    return lay_in_branch(l, "Crypt") || lay_in_branch(l, "Tomb");
}

void lay_river(lay *l, int liquid)
{
    if (no_liquids_here(l)) return;
    int width = 3 + vf_random2(l->r, 4);
    int y = 10 - width + vf_random2avg(l->r, GYM - 10, 3);
    for (int x = 5; x < GXM - 5; x++) {
        if (vf_one_chance_in(l->r, 3)) y++;
        if (vf_one_chance_in(l->r, 3)) y--;
        if (vf_coinflip(l->r)) width++;
        if (vf_coinflip(l->r)) width--;
        width = width < 2 ? 2 : width > 6 ? 6 : width;
        for (int j = y; j < y + width; j++) {
            if (j < 5 || j > GYM - 5 || !may_pour(l, x, j)) continue;
            /* A narrow deep river is shallow in places. */
            int narrow = width == 2 && liquid == DEEP && vf_coinflip(l->r);
            lay_set(l, x, j, narrow ? SHALLOW : liquid);
        }
    }
}

/* A coin flip for each, then a random nudge of 0-2. */
static int wobble(lay *l, int v, int sign)
{
    return vf_coinflip(l->r) ? v + sign * vf_random2(l->r, 3) : v;
}

void lay_lake(lay *l, int liquid)
{
    if (no_liquids_here(l)) return;
    int x1 = 5 + vf_random2(l->r, GXM - 30);
    int y1 = 5 + vf_random2(l->r, GYM - 30);
    int x2 = x1 + 4 + vf_random2(l->r, 16);
    int y2 = y1 + 8 + vf_random2(l->r, 12);
    int top = y1, half = (y2 - y1) / 2;
    for (int y = y1; y < y2; y++) {
        x1 = wobble(l, x1, 1);
        x1 = wobble(l, x1, -1);
        x2 = wobble(l, x2, 1);
        x2 = wobble(l, x2, -1);
        /* Widening to the middle, narrowing after. */
        int grow = y - top < half ? 1 : -1;
        x2 += grow * vf_random2(l->r, 3);
        x1 -= grow * vf_random2(l->r, 3);
        for (int x = x1; x < x2; x++)
            if (y >= 5 && y <= GYM - 5 && x >= 5 && x <= GXM - 5 &&
                may_pour(l, x, y))
                lay_set(l, x, y, liquid);
    }
}
