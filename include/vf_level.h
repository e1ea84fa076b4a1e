/* vf_level: one dungeon level being built, GXM x GYM cells of the game's
 * features, with the per-cell state that placement writes and the
 * connectivity checks read (dcss-compat.md §3, §4).
 *
 * A level is a plain value: no pointers, no allocation, so a worker keeps
 * one per case and resets it, and any number can exist side by side. The
 * vaults placed on it are listed in vaults[]; vault[y][x] says which vault
 * a cell belongs to (0 = none, i + 1 = vaults[i]).
 *
 * Coordinates are (x, y), x across 0..VF_GXM-1, y down 0..VF_GYM-1. */
#ifndef VF_LEVEL_H
#define VF_LEVEL_H

#include <stdint.h>

#include "vf_feature.h"
#include "vf_keyspec.h"   /* VF_MMT_* mask bits */
#include "vf_overlay.h"   /* VF_FPROP_* property bits */
#include "vf_place.h"

#define VF_GXM 80
#define VF_GYM 70
#define VF_MAPGEN_BORDER 2

/* The mask bit KMASK cannot name: every cell of a `passable` vault in the
 * Vaults branch (§4.2). */
#define VF_MMT_PASSABLE 0x100

/* What stands on a cell besides its feature: the checks need to know
 * where the stairs are and what a zone holds, not which monster. */
enum {
    VF_CELL_MONSTER = 1 << 0,
    VF_CELL_ITEM = 1 << 1,
};

#define VF_LEVEL_MAX_VAULTS 32
#define VF_LEVEL_MAX_EXITS 64

/* A vault placed on the level. */
typedef struct vf_level_vault {
    char name[80];               /* the map's NAME (cut to fit) */
    int x, y, w, h;              /* its rectangle on the level */
    int transparent;             /* tagged transparent */
    int no_tele_into;            /* tagged no_tele_into (§4.1 tele) */
    int nexits;                  /* the exits placement chose (§6.4) */
    struct { int x, y; } exits[VF_LEVEL_MAX_EXITS];
} vf_level_vault;

typedef struct vf_level {
    uint8_t feat[VF_GYM][VF_GXM];      /* vf_feat */
    uint16_t mask[VF_GYM][VF_GXM];     /* VF_MMT_* */
    uint32_t prop[VF_GYM][VF_GXM];     /* VF_FPROP_* */
    uint8_t content[VF_GYM][VF_GXM];   /* VF_CELL_* */
    uint8_t vault[VF_GYM][VF_GXM];     /* 0, or index + 1 into vaults */
    vf_place place;                    /* the level's branch and depth */
    int nvaults;
    vf_level_vault vaults[VF_LEVEL_MAX_VAULTS];
} vf_level;

/* Every cell fill, nothing else: the game's reset level is all rock. */
void vf_level_init(vf_level *l, const vf_place *p, vf_feat fill);

/* placement.lua's level: rock with floor over 1..GXM-2 x 1..GYM-2. */
void vf_level_init_empty(vf_level *l, const vf_place *p);

static inline int vf_level_in_bounds(int x, int y)   /* map_bounds */
{
    return x >= 0 && x < VF_GXM && y >= 0 && y < VF_GYM;
}

/* The game's in_bounds: inside the one-cell border. */
static inline int vf_level_in_builder(int x, int y)
{
    return x >= 1 && x < VF_GXM - 1 && y >= 1 && y < VF_GYM - 1;
}

/* The level as ASCII, one line of VF_GXM characters per row plus '\n',
 * into buf (at least VF_LEVEL_ASCII_SIZE bytes, NUL-terminated): the
 * feature glyphs of the glyph table where there is one (walls, doors,
 * water, stairs...), '.' floor, '^' traps, '_' altars, a few more for
 * features without a map glyph (vf_level_feature_char). */
#define VF_LEVEL_ASCII_SIZE (VF_GYM * (VF_GXM + 1) + 1)
void vf_level_ascii(const vf_level *l, char *buf);
int vf_level_feature_char(vf_feat f);

#endif
