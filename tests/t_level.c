/* A level drawn in ASCII, for the tests of what reads levels. */
#include "tests.h"
#include "vf_glyph.h"

#include <stdio.h>

/* Vault i of a mark, and whether it masks opaque or records an exit. */
static int mark_vault(int m, int *opaque, int *exit)
{
    *opaque = *exit = 0;
    if (m >= 'a' && m <= 'h') { *opaque = 1; return m - 'a'; }
    if (m >= 'A' && m <= 'H') return m - 'A';
    if (m >= '1' && m <= '8') { *exit = 1; return m - '1'; }
    return -1;
}

static void add_vault_cell(vf_level *l, int v, int x, int y, int opaque,
                           int exit)
{
    vf_level_vault *vt = &l->vaults[v];
    for (; l->nvaults <= v; l->nvaults++)
        snprintf(l->vaults[l->nvaults].name, sizeof vt->name, "v%d",
                 l->nvaults);
    if (!vt->w) { vt->x = x; vt->y = y; vt->w = vt->h = 1; }
    if (x < vt->x) { vt->w += vt->x - x; vt->x = x; }
    if (y < vt->y) { vt->h += vt->y - y; vt->y = y; }
    if (x >= vt->x + vt->w) vt->w = x - vt->x + 1;
    if (y >= vt->y + vt->h) vt->h = y - vt->y + 1;
    l->vault[y][x] = (uint8_t)(v + 1);
    l->mask[y][x] |= VF_MMT_VAULT | (opaque ? VF_MMT_OPAQUE : 0);
    if (exit && vt->nexits < VF_LEVEL_MAX_EXITS) {
        vt->exits[vt->nexits].x = x;
        vt->exits[vt->nexits].y = y;
        vt->nexits++;
    }
}

void vf_t_level(vf_level *l, const char *place, const char *const *rows,
                const char *const *marks)
{
    vf_place p;
    char why[128];
    ck_assert_msg(!vf_place_parse(NULL, place, &p, why, sizeof why), "%s", why);
    vf_level_init(l, NULL, &p, VF_F_ROCK_WALL);
    for (int y = 0; rows[y]; y++)
        for (int x = 0; rows[y][x]; x++) {
            int g = (unsigned char)rows[y][x];
            ck_assert(vf_level_in_bounds(x, y));
            vf_feat f = g == '^' ? VF_F_TRAP_MECHANICAL : vf_glyph_feature(g);
            l->feat[y][x] = (uint8_t)(f ? f : VF_F_ROCK_WALL);
            unsigned gl = vf_glyph_flags(g);
            if (gl & VF_GL_ITEM) l->content[y][x] |= VF_CELL_ITEM;
            if (gl & VF_GL_MONSTER) l->content[y][x] |= VF_CELL_MONSTER;
        }
    for (int y = 0; marks && marks[y]; y++)
        for (int x = 0; marks[y][x]; x++) {
            int opaque, exit;
            int v = mark_vault((unsigned char)marks[y][x], &opaque, &exit);
            if (v >= 0) add_vault_cell(l, v, x, y, opaque, exit);
        }
}
