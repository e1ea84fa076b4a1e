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

int lay_begin(lay *l, vf_grid *g, vf_rng *r, const vf_game *game,
              const vf_place *p, vf_sbuf *err)
{
    if (g->w != GXM || g->h != GYM) {
        vf_sbuf_printf(err, "a layout needs an %dx%d grid, not %dx%d", GXM, GYM,
                       g->w, g->h);
        return -1;
    }
    vf_grid_normalise(g, ROCK);
    l->g = g;
    l->r = r;
    l->game = game;
    l->p = p;
    l->level = vf_place_absdepth(game, p) - 1;
    l->depth = p->depth;
    memset(l->floor, 0, sizeof l->floor);
    for (int y = 0; y < GYM; y++)
        for (int x = 0; x < GXM; x++)
            if (lay_get(l, x, y) == FLOOR)
                l->floor[y][x >> 6] |= (uint64_t)1 << (x & 63);
    return 0;
}

int lay_in_branch(const lay *l, const char *abbrev)
{
    const vf_branch *b = vf_branch_get(l->game, l->p->branch);
    return b && !strcasecmp(b->abbrev, abbrev);
}

/* Every branch a builder asks lay_in_branch about. */
static const char *const named_branches[] = {
    "Geh", "Coc", "Dis", "Tar", "Crypt", "Tomb", "Slime",
};

uint64_t vf_layout_place_key(const vf_game *game, const vf_place *p)
{
    const vf_branch *b = vf_branch_get(game, p->branch);
    uint64_t named = 0;
    for (size_t i = 0; b && i < sizeof named_branches / sizeof *named_branches;
         i++)
        if (!strcasecmp(b->abbrev, named_branches[i])) named = i + 1;
    return (uint64_t)(uint32_t)vf_place_absdepth(game, p) << 8 | named;
}

int lay_in_hell(const lay *l)
{
    return lay_in_branch(l, "Geh") || lay_in_branch(l, "Coc") ||
           lay_in_branch(l, "Dis") || lay_in_branch(l, "Tar");
}

/* Glyph tables of the predicates. A glyph's entry is 1 when it is in the
 * set: walls "xXcvbmno"; solid: walls and "t+=GI"; stairs "{}()[]<>";
 * not walkable: ' ' and "xXcvbmnotwlGI". */
#define WALLS ['x'] = 1, ['X'] = 1, ['c'] = 1, ['v'] = 1, ['b'] = 1, \
              ['m'] = 1, ['n'] = 1, ['o'] = 1
const unsigned char lay_wall_glyphs[256] = {WALLS};
const unsigned char lay_solid_glyphs[256] = {
    WALLS, ['t'] = 1, ['+'] = 1, ['='] = 1, ['G'] = 1, ['I'] = 1,
};
const unsigned char lay_stair_glyphs[256] = {
    ['{'] = 1, ['}'] = 1, ['('] = 1, [')'] = 1, ['['] = 1, [']'] = 1,
    ['<'] = 1, ['>'] = 1,
};
const unsigned char lay_unwalkable_glyphs[256] = {
    WALLS, [' '] = 1, ['t'] = 1, ['w'] = 1, ['l'] = 1, ['G'] = 1, ['I'] = 1,
};

void lay_replace_area(lay *l, lay_area a, int find, int repl)
{
    for (int y = a.y1; y <= a.y2; y++)
        for (int x = a.x1; x <= a.x2; x++)
            if (lay_get(l, x, y) == find) lay_set(l, x, y, repl);
}

/* Bits x0..x1 (inclusive) of a row's two words. */
static void row_bits(int x0, int x1, uint64_t m[2])
{
    for (int w = 0; w < 2; w++) {
        int lo = x0 - 64 * w, hi = x1 - 64 * w;
        if (hi < 0 || lo > 63) {
            m[w] = 0;
            continue;
        }
        if (lo < 0) lo = 0;
        if (hi > 63) hi = 63;
        uint64_t upto = hi == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1;
        m[w] = upto & (~(uint64_t)0 << lo);
    }
}

/* The callers only ask whether the count is zero, so the first row with
 * a cell that is not floor answers: a city tries thousands of boxes on a
 * grid that fills up, and most are refused within a few rows. */
int lay_all_floor(const lay *l, int x0, int y0, int x1, int y1)
{
    if (x1 <= x0 || y1 <= y0) return 1;
    if (x0 < 0 || y0 < 0 || x1 > GXM || y1 > GYM) return 0;
    uint64_t m[2];
    row_bits(x0, x1 - 1, m);
    for (int y = y0; y < y1; y++)
        if ((l->floor[y][0] & m[0]) != m[0] || (l->floor[y][1] & m[1]) != m[1])
            return 0;
    return 1;
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

int lay_point_from(const lay *l, lay_pt at, int radius, int margin,
                   lay_pt *out)
{
    for (int tries = 0; tries < 70; tries++) {
        double a = lay_radians(vf_random2(l->r, 360));
        int px = at.x + (int)(radius * cos(a));
        int py = at.y + (int)(radius * sin(a));
        if (px >= margin && px <= GXM - 1 - margin && py >= margin &&
            py <= GYM - 1 - margin) {
            *out = (lay_pt){px, py};
            return 1;
        }
    }
    *out = (lay_pt){0, 0};
    return 0;
}

void lay_point_in_margin(const lay *l, int margin, int *ox, int *oy)
{
    *ox = vf_random_range(l->r, margin, GXM - margin - 1);
    *oy = vf_random_range(l->r, margin, GYM - margin - 1);
}
