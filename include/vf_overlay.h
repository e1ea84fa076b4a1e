/* vf_overlay: per-cell properties a vault writes beside its glyphs
 * (dcss-compat.md §5.5): KPROP feature properties, COLOUR, FHEIGHT and the
 * TILE / FTILE / RTILE tile names.
 *
 * Each call "KEYS = v1 / v2:w" (or "KEYS : ...") writes a value onto the
 * cells holding one of KEYS *at call time*: the overlay is a matrix beside
 * the grid, so a later SUBST does not move it, and mirroring or rotating
 * the map moves it with the glyphs. KPROP ORs its flag in; the others
 * overwrite. '=' draws a value per cell, ':' once per call -- except that,
 * as in the game, a ':' draw of the "nothing" value (KPROP "nothing",
 * COLOUR "none"/"black") is not kept, so the next cell draws again.
 *
 * Values: KPROP flags are the game's FPROP bits (VF_FPROP_*); colours are
 * indices into vf_colour_name's table (0 = black, which the game treats as
 * "no colour"); heights are ints (VF_NO_HEIGHT = unset); tiles are indices
 * into the overlay's own name list (0 = unset). Tile names are kept as
 * written, lower-cased; we have no tile table, so any non-empty name is
 * accepted (the game also checks it names a real tile). */
#ifndef VF_OVERLAY_H
#define VF_OVERLAY_H

#include <stddef.h>
#include <stdint.h>

#include "vf_fs.h"
#include "vf_gamever.h"
#include "vf_grid.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

/* The game's feature property bits that vaults may set. */
enum {
    VF_FPROP_BLOODY = 1u << 3,
    VF_FPROP_HIGHLIGHT = 1u << 5,
    VF_FPROP_NO_CLOUD_GEN = 1u << 7,
    VF_FPROP_NO_TELE_INTO = 1u << 8,
    VF_FPROP_NO_TIDE = 1u << 10,
    VF_FPROP_NO_SUBMERGE = 1u << 11,   /* 0.25 only */
    VF_FPROP_NO_JIYVA = 1u << 14,
    VF_FPROP_NO_AUTOMAP = 1u << 22,
    VF_FPROP_OTHER = 1u << 30,   /* one of a fork's own (its fprop.cc,
                                  * vf_gamesrc.h): accepted, no effect */
};

#define VF_NO_HEIGHT (-31999)   /* the game's INVALID_HEIGHT */

typedef enum vf_ovkind {
    VF_OV_KPROP, VF_OV_COLOUR, VF_OV_FHEIGHT,
    VF_OV_FTILE, VF_OV_RTILE, VF_OV_TILE,
} vf_ovkind;

/* One cell's overlay. */
typedef struct vf_ovcell {
    uint32_t props;          /* VF_FPROP_* bits, ORed by each KPROP */
    int colour;              /* vf_colour_name index; 0 = none */
    int height;              /* VF_NO_HEIGHT when unset */
    int floortile, rocktile, tile;   /* vf_overlay_tile_name index; 0 unset */
    unsigned char no_random, last_tile;  /* tile flags of the last TILE */
    /* A cell merged from a subvault (vf_rmap.h): its extended spec (index
     * + 1 into the map's xspec; 0 = none) and its glyph in the subvault.
     * Kept here because they follow the cell through every transform, as
     * the overlay does (the game keeps the index in its overlay too). */
    int xspec;
    unsigned char glyph;
} vf_ovcell;

/* The overlay of a map: a matrix the size of the grid, made by the first
 * overlay call (until then every cell reads as vf_ovcell_none). Owns its
 * cells and tile names. */
typedef struct vf_overlay {
    vf_ovcell *cells;        /* w * h, row-major; NULL until bound */
    int w, h;
    vf_strlist tiles;        /* tile names; index i is tiles.v[i - 1] */
} vf_overlay;

extern const vf_ovcell vf_ovcell_none;

void vf_overlay_init(vf_overlay *ov);
void vf_overlay_free(vf_overlay *ov);   /* back to unbound; reusable */

/* One call: its kind and its argument, the n bytes at spec, as the header
 * generated it ("KEYS = values"). The caller owns spec. */
typedef struct vf_ovcall {
    vf_ovkind kind;
    const char *spec;
    size_t n;
    const vf_game *game;   /* whose KPROP names (borrowed; NULL: trunk) */
} vf_ovcall;

/* Applies call to the cells of g holding a key glyph now. Draws from r.
 * An empty (all-blank) spec does nothing, as in the game. Returns 0, or
 * -1 with the game's message appended to err (the overlay may then be
 * partly written: the map fails anyway). */
int vf_overlay_apply(vf_overlay *ov, const vf_ovcall *call,
                     const vf_grid *g, vf_rng *r, vf_sbuf *err);

/* The overlay at (x, y): vf_ovcell_none outside the bound matrix. */
const vf_ovcell *vf_overlay_at(const vf_overlay *ov, int x, int y);

/* The cell (x, y) for writing, after growing the matrix to at least w x h
 * (the grid's size); (x, y) must lie inside that. */
vf_ovcell *vf_overlay_cell(vf_overlay *ov, int w, int h, int x, int y);
/* Copies from, a cell of src's (vf_overlay_at), onto dst's cell to
 * (vf_overlay_cell), its tile names entered in dst's list. */
void vf_overlay_copy_cell(vf_overlay *dst, vf_ovcell *to,
                          const vf_overlay *src, vf_ovcell from);

/* Mirrors and rotations, with vf_grid's formulas. Before each, the matrix
 * grows (never shrinks) to w x h, the grid's size, so it keeps lining up
 * with the grid even if rows were added after the first overlay call. */
void vf_overlay_hmirror(vf_overlay *ov, int w, int h);
void vf_overlay_vmirror(vf_overlay *ov, int w, int h);
void vf_overlay_rotate(vf_overlay *ov, int w, int h, int clockwise);

/* A tile name by index (borrowed), or NULL for 0 / out of range. */
const char *vf_overlay_tile_name(const vf_overlay *ov, int index);

/* A colour index's name ("black", "lightgreen", "fire", ...), or NULL. */
const char *vf_colour_name(int colour);
/* The index of a colour name as COLOUR accepts it (lower case; the two
 * "-gray" spellings too), or -1. */
int vf_colour_by_name(const char *name);

/* A KPROP property's name ("no_tele_into"; "the checkout's own" for
 * VF_FPROP_OTHER), or NULL if bit is not one of VF_FPROP_*; and the bit
 * for a name game g knows (NULL: trunk), or 0. */
const char *vf_fprop_name(uint32_t bit);
uint32_t vf_fprop_by_name(const vf_game *g, const char *name);

#endif
