/* The glyph grid. */
#include "vf_grid.h"
#include "vf_sbuf.h"

#include <stdlib.h>
#include <string.h>

void vf_grid_init(vf_grid *g)
{
    memset(g, 0, sizeof *g);
}

void vf_grid_free(vf_grid *g)
{
    free(g->cells);
    free(g->len);
    vf_grid_init(g);
}

void vf_grid_clear(vf_grid *g)
{
    g->w = g->h = 0;
}

/* Makes room for rows of n bytes, keeping what the rows hold. */
static void widen(vf_grid *g, int n)
{
    if (n <= g->stride) return;
    int stride = g->stride ? g->stride : 16;
    while (stride < n) stride *= 2;
    char *cells = vf_xmalloc((size_t)stride * (size_t)(g->rows_cap ? g->rows_cap
                                                                    : 1));
    for (int y = 0; y < g->h; y++)
        memcpy(cells + (size_t)y * stride, vf_grid_row(g, y),
               (size_t)g->len[y]);
    free(g->cells);
    g->cells = cells;
    g->stride = stride;
}

void vf_grid_add_line(vf_grid *g, const char *s, size_t n)
{
    if (g->h == g->rows_cap) {
        g->rows_cap = g->rows_cap ? g->rows_cap * 2 : 16;
        g->len = vf_xrealloc(g->len, (size_t)g->rows_cap * sizeof *g->len);
        g->cells = vf_xrealloc(g->cells,
                               (size_t)g->rows_cap
                               * (size_t)(g->stride ? g->stride : 1));
    }
    widen(g, (int)n);
    memcpy(vf_grid_row(g, g->h), s, n);
    g->len[g->h++] = (int)n;
    if ((int)n > g->w) g->w = (int)n;
}

void vf_grid_normalise(vf_grid *g, char fill)
{
    for (int y = 0; y < g->h; y++) {
        if (g->len[y] < g->w)
            memset(vf_grid_row(g, y) + g->len[y], fill,
                   (size_t)(g->w - g->len[y]));
        g->len[y] = g->w;
    }
}

int vf_grid_get(const vf_grid *g, int x, int y)
{
    if (y < 0 || y >= g->h || x < 0 || x >= g->len[y]) return -1;
    return (unsigned char)vf_grid_row(g, y)[x];
}

void vf_grid_hmirror(vf_grid *g)
{
    vf_grid_normalise(g, ' ');
    for (int y = 0; y < g->h; y++) {
        char *row = vf_grid_row(g, y);
        for (int x = 0; x < g->w / 2; x++) {
            char t = row[x];
            row[x] = row[g->w - 1 - x];
            row[g->w - 1 - x] = t;
        }
    }
}

void vf_grid_vmirror(vf_grid *g)
{
    vf_grid_normalise(g, ' ');
    char *tmp = vf_xmalloc((size_t)g->w + 1);
    for (int y = 0; y < g->h / 2; y++) {
        char *a = vf_grid_row(g, y), *b = vf_grid_row(g, g->h - 1 - y);
        memcpy(tmp, a, (size_t)g->w);
        memcpy(a, b, (size_t)g->w);
        memcpy(b, tmp, (size_t)g->w);
    }
    free(tmp);
}

void vf_grid_rotate(vf_grid *g, int clockwise)
{
    vf_grid_normalise(g, ' ');
    int w = g->w, h = g->h;
    char *old = vf_xmalloc((size_t)w * (size_t)h + 1);
    for (int y = 0; y < h; y++)
        memcpy(old + (size_t)y * w, vf_grid_row(g, y), (size_t)w);
    vf_grid_clear(g);
    char *line = vf_xmalloc((size_t)h + 1);
    for (int ny = 0; ny < w; ny++) {
        for (int nx = 0; nx < h; nx++)
            line[nx] = clockwise ? old[(size_t)(h - 1 - nx) * w + ny]
                                 : old[(size_t)nx * w + (w - 1 - ny)];
        vf_grid_add_line(g, line, (size_t)h);
    }
    free(line);
    free(old);
}
