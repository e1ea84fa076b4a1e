/* vf_grid: a map's glyphs, as the game's map_lines holds them.
 *
 * Rows may be ragged while a map is being built (map("...") appends a row);
 * vf_grid_normalise pads them all to the widest with a fill glyph, as the
 * game does after the mapchunk and again in fixup. */
#ifndef VF_GRID_H
#define VF_GRID_H

#include <stddef.h>

typedef struct vf_grid {
    char *cells;     /* row y starts at cells + y * stride */
    int *len;        /* length of each row */
    int w, h;        /* w: the longest row */
    int stride;      /* bytes per row in cells (>= w) */
    int rows_cap;
} vf_grid;

void vf_grid_init(vf_grid *g);
void vf_grid_free(vf_grid *g);
void vf_grid_clear(vf_grid *g);        /* no rows; keeps the memory */
void vf_grid_add_line(vf_grid *g, const char *s, size_t n);
void vf_grid_normalise(vf_grid *g, char fill);
/* Geometry (§5.6); each normalises first. Rotation swaps w and h:
 * clockwise, new (x, y) = old (y, h-1-x); anticlockwise, old (w-1-y, x). */
void vf_grid_hmirror(vf_grid *g);
void vf_grid_vmirror(vf_grid *g);
void vf_grid_rotate(vf_grid *g, int clockwise);

/* Glyph at (x, y), or -1 when (x, y) is past its row or outside. */
int vf_grid_get(const vf_grid *g, int x, int y);
static inline char *vf_grid_row(const vf_grid *g, int y)
{
    return g->cells + (size_t)y * (size_t)g->stride;
}

#endif
