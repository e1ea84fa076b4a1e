/* The level grid, the game's feature predicates on glyphs, and the small
 * random helpers every builder uses. */
#include "layout_int.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#define PI 3.14159265358979323846

int vf_layout_grid(vf_grid *g, vf_sbuf *err)
{
    if (g->w > GXM || g->h > GYM) {
        vf_sbuf_printf(err, "the %dx%d map is larger than a level (%dx%d)",
                       g->w, g->h, GXM, GYM);
        return -1;
    }
    /* Rebuilt row by row: rows only grow through vf_grid_add_line. */
    vf_grid out;
    vf_grid_init(&out);
    for (int y = 0; y < GYM; y++) {
        char row[GXM];
        memset(row, ROCK, sizeof row);
        if (y < g->h) memcpy(row, vf_grid_row(g, y), (size_t)g->len[y]);
        vf_grid_add_line(&out, row, GXM);
    }
    vf_grid_free(g);
    *g = out;
    return 0;
}

int lay_begin(lay *l, vf_grid *g, vf_rng *r, const vf_place *p, vf_sbuf *err)
{
    if (g->w != GXM || g->h != GYM) {
        vf_sbuf_printf(err, "a layout needs an %dx%d grid, not %dx%d", GXM, GYM,
                       g->w, g->h);
        return -1;
    }
    vf_grid_normalise(g, ROCK);
    l->g = g;
    l->r = r;
    l->p = p;
    l->level = vf_place_absdepth(p) - 1;
    l->depth = p->depth;
    return 0;
}

int lay_in_branch(const lay *l, const char *abbrev)
{
    const vf_branch *b = vf_branch_get(l->p->branch);
    return b && !strcasecmp(b->abbrev, abbrev);
}

int lay_in_hell(const lay *l)
{
    return lay_in_branch(l, "Geh") || lay_in_branch(l, "Coc") ||
           lay_in_branch(l, "Dis") || lay_in_branch(l, "Tar");
}

int lay_get(const lay *l, int x, int y)
{
    if (x < 0 || y < 0 || x >= GXM || y >= GYM) return ROCK;
    return (unsigned char)vf_grid_row(l->g, y)[x];
}

void lay_set(lay *l, int x, int y, int c)
{
    if (x < 0 || y < 0 || x >= GXM || y >= GYM) return;
    vf_grid_row(l->g, y)[x] = (char)c;
}

static int in(const char *set, int c)
{
    return c > 0 && strchr(set, c) != NULL;
}

int lay_is_wall(int c)
{
    return in("xXcvbmno", c);
}

int lay_is_solid(int c)
{
    return lay_is_wall(c) || in("t+=GI", c);
}

int lay_is_stair(int c)
{
    return in("{}()[]<>", c);
}

int lay_walkable(int c)
{
    return c != ' ' && !in("xXcvbmnotwlGI", c);
}

void lay_replace_area(lay *l, int x1, int y1, int x2, int y2, int find,
                      int repl)
{
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++)
            if (lay_get(l, x, y) == find) lay_set(l, x, y, repl);
}

int lay_count_not(const lay *l, int x0, int y0, int x1, int y1, int c)
{
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) n += lay_get(l, x, y) != c;
    return n;
}

int lay_has_adjacent(const lay *l, int x, int y, int c)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && lay_get(l, x + dx, y + dy) == c) return 1;
    return 0;
}

int lay_weighted(vf_rng *r, const int *w, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++) total += w[i];
    int pick = vf_random2(r, total);
    for (int i = 0; i < n; i++) {
        if (pick < w[i]) return i;
        pick -= w[i];
    }
    return n - 1;
}

int lay_range(vf_rng *r, int lo, int hi, int rolls)
{
    return lo + vf_random2avg(r, hi - lo + 1, rolls);
}

double lay_radians(int degrees)
{
    return degrees * PI / 180;
}

int lay_point_from(const lay *l, int x, int y, int radius, int margin,
                   int *ox, int *oy)
{
    for (int tries = 0; tries < 70; tries++) {
        double a = lay_radians(vf_random2(l->r, 360));
        int px = x + (int)(radius * cos(a)), py = y + (int)(radius * sin(a));
        if (px >= margin && px <= GXM - 1 - margin && py >= margin &&
            py <= GYM - 1 - margin) {
            *ox = px, *oy = py;
            return 1;
        }
    }
    *ox = *oy = 0;
    return 0;
}

void lay_point_in_margin(const lay *l, int margin, int *ox, int *oy)
{
    *ox = vf_random_range(l->r, margin, GXM - margin - 1);
    *oy = vf_random_range(l->r, margin, GYM - margin - 1);
}
