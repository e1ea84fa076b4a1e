/* Open floor crowded with boxes (dgn_build_chaotic_city_level). */
#include "layout_int.h"

static int weighted_wall(vf_rng *r, const int w[3])
{
    static const char walls[3] = {ROCK, STONE, METAL};
    return walls[lay_weighted(r, w, 3)];
}

/* A box of floor w x h somewhere in the city, with a ring of floor round
 * it: solid, or (one time in three) hollow with doors. */
static void city_box(lay *l, char wall, int *drawing)
{
    static const int later[3] = {261, 116, 40};
    int w = 3 + vf_random2(l->r, 7);
    w += vf_random2(l->r, 5);
    int h = 3 + vf_random2(l->r, 7);
    h += vf_random2(l->r, 5);
    int x1 = 11 + vf_random2(l->r, GXM - 21 - w);
    int y1 = 11 + vf_random2(l->r, GYM - 21 - h);
    int x2 = x1 + w, y2 = y1 + h;
    if (!lay_all_floor(l, x1 - 1, y1 - 1, x2 + 2, y2 + 2)) return;
    if (!wall && vf_one_chance_in(l->r, 3))
        *drawing = weighted_wall(l->r, later);
    if (vf_one_chance_in(l->r, 3))
        lay_box_room(l, x1, x2, y1, y2, *drawing);
    else
        lay_replace_area(l, (lay_area){x1, y1, x2, y2}, FLOOR, *drawing);
}

int vf_layout_chaotic_city(vf_grid *g, vf_rng *r, const vf_game *game,
                           const vf_place *p, char wall, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    static const int box_w[] = {32, 24, 16, 8, 1};
    static const int boxes[] = {4000, 3000, 5000, 2000, 1000};
    static const int first[3] = {10, 5, 3};
    int n = boxes[lay_weighted(r, box_w, 5)];
    int drawing = wall ? wall : weighted_wall(r, first);
    lay_replace_area(&l, (lay_area){10, 10, GXM - 10, GYM - 10}, ROCK, FLOOR);
    for (int i = 0; i < n; i++) city_box(&l, wall, &drawing);
    /* A market square, now and then of water or lava. */
    if (vf_one_chance_in(r, 4)) {
        int oblique = 0, floor = FLOOR;
        if (!vf_one_chance_in(r, 4)) oblique = 5 + vf_random2(r, 20);
        if (vf_one_chance_in(r, 10)) floor = vf_random2(r, 2) ? LAVA : DEEP;
        lay_box square = {25, 25, 31, 21};
        lay_octa_room(&l, &square, oblique, floor);
    }
    lay_connect(&l, 0);
    return 0;
}
