/* The height map the swamp and the shoals are shaped on (dgn-height.cc). */
#include "layout_int.h"

void lay_heights_fill(lay_heights *hm, int height)
{
    for (int i = 0; i < GXM * GYM; i++) hm->h[i] = height;
}

void lay_island(lay *l, lay_heights *hm, const lay_hill *h)
{
    int radius = h->radius;
    if (h->atoll) {
        lay_hill inside = *h;
        inside.lo = -h->hi;
        inside.hi = -h->lo;
        inside.atoll = 0;
        lay_island(l, hm, &inside);
        radius += 3;
    }
    for (int i = 0; i < h->n_points; i++) {
        int rad = vf_random2(l->r, 1 + radius);
        lay_pt p;
        if (lay_point_from(l, (lay_pt){h->x, h->y}, rad, h->margin, &p))
            *lay_height(hm, p.x, p.y) += vf_random_range(l->r, h->lo, h->hi);
    }
}

/* Inside the level's outer ring. */
static int inner(int x, int y)
{
    return x > 0 && y > 0 && x < GXM - 1 && y < GYM - 1;
}

/* The weighted mean of the 3x3 round (x, y): 4 for the centre, 3 beside,
 * 2 on the diagonals. */
static void smooth_at(lay_heights *hm, int x, int y)
{
    if (!inner(x, y)) return;
    int total = 0, divisor = 0;
    for (int py = y - 1; py <= y + 1; py++)
        for (int px = x - 1; px <= x + 1; px++) {
            if (!inner(px, py)) continue;
            int weight = 4 - ((px - x) * (px - x) + (py - y) * (py - y));
            divisor += weight;
            total += *lay_height(hm, px, py) * weight;
        }
    *lay_height(hm, x, y) = total / divisor;
}

/* In place, from the middle out to the four corners at once, as the game
 * goes (the order shapes the result). */
void lay_smooth(lay_heights *hm)
{
    int xs = GXM / 2, ys = GYM / 2;
    for (int y = ys - 1; y >= 0; y--)
        for (int x = xs - 1; x >= 0; x--) {
            smooth_at(hm, x, y);
            smooth_at(hm, 2 * xs - x - 1, y);
            smooth_at(hm, x, 2 * ys - y - 1);
            smooth_at(hm, 2 * xs - x - 1, 2 * ys - y - 1);
        }
}
