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
 * where the stairs are and what a zone holds, not which monster; only
 * whether it ever leaves its cell, and whether the game's builder counts
 * it as scenery. */
enum {
    VF_CELL_MONSTER = 1 << 0,
    VF_CELL_ITEM = 1 << 1,
    /* The monster never moves (the game's M_STATIONARY: plants, fungi,
     * statues that are monsters...); always with VF_CELL_MONSTER. */
    VF_CELL_STATIC_MONSTER = 1 << 2,
    /* The monster is firewood (mons_class_is_firewood: stationary, no
     * threat, not a tentacle); always with VF_CELL_STATIC_MONSTER. */
    VF_CELL_FIREWOOD = 1 << 3,
};

#define VF_LEVEL_MAX_VAULTS 32
#define VF_LEVEL_MAX_EXITS 64
#define VF_LEVEL_MAX_TRANSPORTERS 64

/* A vault placed on the level. */
typedef struct vf_level_vault {
    char name[80];               /* the map's NAME (cut to fit) */
    int x, y, w, h;              /* its rectangle on the level */
    int transparent;             /* tagged transparent */
    int no_tele_into;            /* tagged no_tele_into (§4.1 tele) */
    int minivault;               /* placed on the built level, where its
                                  * edge meets whatever floor is there,
                                  * diagonally too (§6.3), not only its
                                  * exits */
    int nexits;                  /* the exits placement chose (§6.4) */
    struct { int x, y; } exits[VF_LEVEL_MAX_EXITS];
} vf_level_vault;

/* One end of a transporter, from a vault's marker: a transporter
 * (transp_loc) or a destination (transp_dest_loc), named alike. The names
 * are kept as hashes, so the level stays a plain value. */
typedef struct vf_level_transporter {
    uint64_t name;      /* vf_level_transporter_name() of the marker's */
    uint8_t x, y;
    uint8_t dest;       /* 1: a destination; 0: a transporter */
    uint8_t to;         /* a transporter: index + 1 of the destination it
                         * leads to, once one is known; else 0 */
} vf_level_transporter;

typedef struct vf_level {
    uint8_t feat[VF_GYM][VF_GXM];      /* vf_feat */
    uint16_t mask[VF_GYM][VF_GXM];     /* VF_MMT_* */
    uint32_t prop[VF_GYM][VF_GXM];     /* VF_FPROP_* */
    uint8_t content[VF_GYM][VF_GXM];   /* VF_CELL_* */
    uint8_t vault[VF_GYM][VF_GXM];     /* 0, or index + 1 into vaults */
    const vf_game *game;               /* whose branches place names
                                        * (borrowed; NULL: trunk) */
    vf_place place;                    /* the level's branch and depth */
    int nvaults;
    vf_level_vault vaults[VF_LEVEL_MAX_VAULTS];
    int ntransporters;                 /* ends, in the order placed */
    vf_level_transporter transporters[VF_LEVEL_MAX_TRANSPORTERS];
} vf_level;

/* Every cell fill, nothing else: the game's reset level is all rock. A
 * level of game g (borrowed) at p. */
void vf_level_init(vf_level *l, const vf_game *g, const vf_place *p,
                   vf_feat fill);

/* placement.lua's level: rock with floor over 1..GXM-2 x 1..GYM-2. */
void vf_level_init_empty(vf_level *l, const vf_game *g, const vf_place *p);

/* The hash a transporter's name is kept as (64-bit FNV-1a). */
uint64_t vf_level_transporter_name(const char *name);

/* Adds a transporter end at (x, y) (ignored when the table is full or the
 * cell is off the level), then pairs the ends as the game's
 * dgn_make_transporters_from_markers does once the level is built: each
 * transporter leads to the first destination of its name, and a paired
 * transporter's cell becomes a transporter, its destination's a
 * transporter landing (dgn_place_transporter). Ends without a partner
 * stay unpaired (the game would veto the level). */
void vf_level_add_transporter(vf_level *l, int x, int y, int dest,
                              uint64_t name);

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
