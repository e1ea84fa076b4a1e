/* vf_glyph: what a map glyph means by default (dcss-compat.md §3).
 *
 * Placement turns a cell's glyph into a feature with these rules unless a
 * keyed spec replaces the glyph (vf_rmap_cell). The Lua helpers that judge
 * a map grid (has_exit_from, points_connected) and the load-time checks use
 * them too. Pure functions of the glyph: no state. */
#ifndef VF_GLYPH_H
#define VF_GLYPH_H

#include "vf_feature.h"

enum {
    VF_GL_EXIT = 1 << 0,     /* '@', '=', '+': an exit on the map's edge */
    VF_GL_TRAP = 1 << 1,     /* '^': floor, then a random trap for the place */
    VF_GL_ALTAR = 1 << 2,    /* 'B' temple altar, 'C' random altar */
    VF_GL_MONSTER = 1 << 3,  /* '0'-'9': floor with a monster */
    VF_GL_ITEM = 1 << 4,     /* 'd'-'k', '$', '%', '*', '|': floor, an item */
    VF_GL_SOLID_BORDER = 1 << 5, /* 'x' 'c' 'b' 'v' 't' 'X': docking floats */
    VF_GL_TRAVERSABLE = 1 << 6,  /* the builder functions' default
                                  * passable set ("traversable_glyphs") */
    VF_GL_PLAIN = 1 << 7,    /* no meaning of its own: floor, expecting a
                              * SUBST or KFEAT */
};

/* The feature a glyph becomes: VF_F_NONE for ' ' (not part of the map);
 * an altar glyph gives VF_F_UNKNOWN_ALTAR (which god is placement's
 * choice), 't' a plain tree (the branch's tree is placement's), '^'
 * floor. */
vf_feat vf_glyph_feature(int glyph);

/* The VF_GL_* bits of a glyph. */
unsigned vf_glyph_flags(int glyph);

#endif
