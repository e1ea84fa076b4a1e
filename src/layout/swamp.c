/* The Swamp: slushy patches on a height map (dgn_build_swamp_level). */
#include "layout_int.h"

#include <stdlib.h>

/* Patches on a 4-cell lattice, each fuzzed up to 9 cells; those nearer the
 * middle rise higher, deeper levels get fewer points each. */
static void slushy_patches(lay *l, lay_heights *hm, int depth_multiplier)
{
    const int margin = 15, step = 4, fuzz = 9;
    for (int y = margin; y < GYM - margin - 1; y += step)
        for (int x = margin; x < GXM - margin - 1; x += step) {
            lay_pt c;
            lay_point_from(l, (lay_pt){x, y}, fuzz, margin, &c);
            int dx = GXM / 2 - c.x, dy = GYM / 2 - c.y;
            int offset = (1600 - (dx * dx + dy * dy)) * 10 / 1600;
            int points = vf_random_range(l->r, 5, 25 - depth_multiplier / 2);
            int radius = vf_random_range(l->r, 2, 6);
            lay_hill patch = {.x = c.x, .y = c.y, .n_points = points,
                              .radius = radius, .lo = 8 + offset,
                              .hi = 17 + offset, .margin = margin};
            lay_island(l, hm, &patch);
        }
}

static int swamp_glyph(int height, int depth)
{
    return height > 8 - depth * 2 ? SHALLOW
         : height > -8 ? FLOOR
         : height > -10 ? SHALLOW
         : TREE;
}

int vf_layout_swamp(vf_grid *g, vf_rng *r, const vf_game *game,
                    const vf_place *p, vf_sbuf *err)
{
    lay l;
    if (lay_begin(&l, g, r, game, p, err)) return -1;
    lay_heights *hm = vf_xmalloc(sizeof *hm);
    lay_heights_fill(hm, -19);
    slushy_patches(&l, hm, (l.depth - 1) * 3);
    lay_smooth(hm);
    const int edge = 6;
    for (int y = 0; y < GYM; y++)
        for (int x = 0; x < GXM; x++) {
            int rim = x < edge || y < edge || x >= GXM - edge ||
                      y >= GYM - edge;
            lay_set(&l, x, y,
                    rim ? TREE : swamp_glyph(*lay_height(hm, x, y), l.depth));
        }
    free(hm);
    lay_connect(&l, TREE);
    return 0;
}
