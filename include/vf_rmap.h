/* vf_rmap: a map being resolved for one case: its grid and everything its
 * Lua set (tags, orientation, depths, keyed specs, slots, overlays,
 * markers).
 *
 * Written by the dgn bindings while the map's chunks run, in call order
 * (§5.1); read by placement. Keyed specs are parsed when set (vf_keyspec.h)
 * and looked up by a cell's final glyph; overlays and markers are written
 * onto the cells holding their key glyph at call time (vf_overlay.h) and
 * follow the grid through mirroring and rotation. The map owns all of it;
 * vf_rmap_reset and vf_rmap_free release it. */
#ifndef VF_RMAP_H
#define VF_RMAP_H

#include "vf_depth.h"
#include "vf_des.h"
#include "vf_fs.h"
#include "vf_grid.h"
#include "vf_keyspec.h"
#include "vf_overlay.h"
#include "vf_choice.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

/* A marker on one cell (MARKER, lua_marker): one per cell holding the key
 * glyph when it was set. */
typedef struct vf_marker {
    int x, y;        /* the cell; moved by mirroring and rotation */
    char *spec;      /* marker(): the text after the key ("feat:lava",
                      * "lua:..."), owned; NULL for lua_marker() */
    int feature;     /* a "feat:" marker's feature (vf_feature.h), else 0 */
    char *transp;    /* a Lua marker's _transporter_name or
                      * _transporter_dest_name property (lm_trans.lua's
                      * transp_loc, transp_dest_loc), owned; else NULL */
    int transp_dest; /* transp is a destination's name */
    int on_death;    /* a Lua marker running the map's Lua when its
                      * monster dies (props.monster_dies_lua_key) */
    int props;       /* a Lua marker with properties (props_marker) */
} vf_marker;

/* The glyph byte of a cell merged from a subvault (or a placed map): what
 * the cell is lives in an extended keyed spec named by the cell's overlay,
 * so the parent's later SUBST, KFEAT ... cannot touch it (§5.8). */
#define VF_SUBVAULT_GLYPH 1

/* Which cells of a rectangle of the parent a subvault may write: the
 * bounding box (x, y, w, h) of the cells holding the SUBVAULT keys, and a
 * flag per cell of it (row-major). Owned by whoever made it. */
typedef struct vf_svmask {
    int x, y, w, h;
    unsigned char *on;
} vf_svmask;

/* A map merged into this one (a subvault, or a map place_map wrote): its
 * name and rectangle, which follow mirroring and rotation. */
typedef struct vf_svplace {
    char *name;       /* owned */
    int x, y, w, h;
} vf_svplace;

typedef struct vf_rmap {
    const vf_mapdef *def;
    vf_rng *rng;              /* the case's generator (borrowed) */
    const vf_game *game;      /* the game whose names its specs use
                               * (borrowed; NULL: trunk); set with rng by
                               * the engine that resolves it */
    vf_choices *choices;      /* borrowed; where SUBST, NSUBST and the
                               * flips log their choices (vf_choice.h);
                               * NULL: nowhere. Set by the caller after
                               * vf_rmap_init; kept across resets */
    int validating;           /* is_validating(): the load-time run */
    const char *forced_tags;  /* borrowed; tags the map has before its Lua
                               * runs and keeps through every reset (what
                               * placement.lua adds with dgn.tags) */
    vf_grid grid;
    vf_sbuf tags;             /* " tag1 tag2 " (leading/trailing space) */
    char *orient;             /* NULL = unset */
    vf_sbuf depth;            /* DEPTH ranges as written, comma-joined */
    vf_sbuf place;
    vf_depths depths, places; /* the same, parsed */
    vf_depth_values weights;  /* depth_weight() */
    vf_depth_values chances;  /* depth_chance(), in 1/10000ths */
    int weight, order;
    int chance;               /* CHANCE in 1/10000ths; -1: none (the
                               * game's invalid map_chance) */
    vf_keyspec *keyspec[256]; /* by glyph; NULL until a K* call names it */
    vf_overlay overlay;       /* KPROP, COLOUR, FHEIGHT, tiles */
    vf_marker *markers;       /* in the order the game makes them */
    size_t nmarkers, markers_cap;
    vf_strlist mons, items;   /* MONS (glyphs 1-7) and ITEM (d-k) slots */
    int mons_line[7];         /* .des line of each MONS slot, when choices
                               * are logged (0: not known) */
    vf_strlist subvaults;     /* subvault("...") specs seen at load time */
    /* Merged cells: the specs their overlay names (index + 1), owned. */
    vf_keyspec **xspec;
    int nxspec, xspec_cap;
    vf_svplace *svplaces;     /* what was merged, in order */
    size_t nsvplaces, svplaces_cap;
    /* Set while the map is resolved as a subvault (borrowed; kept by
     * vf_rmap_reset): is_subvault() and the mask questions read it. */
    const vf_svmask *svmask;
    int post_place_hooks;     /* hooks the resolve left for the game to run
                               * once the map is placed (the case runs
                               * them: vf_engine_post_place) */
    int attempts;             /* the attempts its last resolve made
                               * (vf_engine_resolve) */
} vf_rmap;

void vf_rmap_init(vf_rmap *m, const vf_mapdef *def, vf_rng *rng);
/* Back to the state before any Lua ran (the game's reinit), keeping def,
 * rng, validating and svmask. */
void vf_rmap_reset(vf_rmap *m);
void vf_rmap_free(vf_rmap *m);

/* Gives m the metadata the game keeps across a reinit (tags, orientation,
 * DEPTH and PLACE) from src: a map resolved from the index starts from
 * its index entry's values. */
void vf_rmap_seed(vf_rmap *m, const vf_rmap *src);

/* Tags: added in order, once each. */
void vf_rmap_add_tags(vf_rmap *m, const char *words);   /* space-separated */
void vf_rmap_remove_tags(vf_rmap *m, const char *words);
int vf_rmap_has_tag(const vf_rmap *m, const char *tag);

/* ORIENT: encompass: the map covers the whole level. */
int vf_rmap_is_encompass(const vf_rmap *m);

/* After main: pads the grid and, with no orientation, makes the map a
 * float minivault (§2.3 step 4). */
void vf_rmap_fixup(vf_rmap *m);

/* The weight of the map at p: its depth_weight for p, else its WEIGHT. */
int vf_rmap_weight_at(const vf_rmap *m, const vf_place *p);

/* One mirror or rotation of the map_def kind (§5.6): "h", "v", "cw" or
 * "ccw", applied to the grid, overlay, markers, merged rectangles and
 * orientation -- unless a no_hmirror / no_vmirror / no_rotate tag forbids
 * it, or (rotations) the map is wider or taller than 70. Returns 1 when
 * applied. */
int vf_rmap_transform(vf_rmap *m, const char *t);

/* The game's _resolve_map flips (§5.6): unless the map is 1x1, a coin flip
 * each for hmirror, vmirror and rotation (then one for its direction),
 * honouring no_hmirror, no_vmirror, no_rotate and the 70-cell limit on
 * rotation; the orientation, the overlay and the markers follow. The coins
 * are drawn even when a tag forbids the change, as in the game. */
void vf_rmap_flip_rotate(vf_rmap *m);

/* ---- keyed specs, overlays and markers (src/map/keyed.c) ----------------
 *
 * Each takes the argument of its dgn call as the header generated it
 * ("KEYS = spec" / "KEYS : spec"), applies it at once, and returns 0, or -1
 * with the game's message appended to err. */

/* KFEAT, KMONS, KITEM: the spec replaces that kind of spec of every key
 * glyph. As in the game the first key parses (and, with ':', draws) and the
 * others get a copy of its result, so "KFEAT: AB : x / y" gives A and B the
 * same feature. */
int vf_rmap_kfeat(vf_rmap *m, const char *s, size_t n, vf_sbuf *err);
int vf_rmap_kmons(vf_rmap *m, const char *s, size_t n, vf_sbuf *err);
int vf_rmap_kitem(vf_rmap *m, const char *s, size_t n, vf_sbuf *err);
/* KMASK: merged into the first key's mask; the other keys get a copy of
 * that whole mask (the game's copy_mask). */
int vf_rmap_kmask(vf_rmap *m, const char *s, size_t n, vf_sbuf *err);
/* Where a keyed draw is made: for glyph key at the K* call (x and y -1,
 * VF_KEY_AT_CALL) or for the placed vault's cell (x, y). */
typedef struct vf_key_at {
    char key;
    int x, y;
} vf_key_at;
#define VF_KEY_AT_CALL(k) ((vf_key_at){.key = (k), .x = -1, .y = -1})
/* A KMONS draw of l's first slot (drawn: the alternative drawn) as a
 * choice of m's (vf_choice.h) for glyph at.key: at the call (':') or for
 * the placed vault's cell ('='); kind VF_CHOICE_MONS: a MONS slot's draw
 * for digit at.key at its cell. Returns the alternative to use: drawn,
 * or the forced one on a replay. */
int vf_rmap_kmons_choice(const vf_rmap *m, vf_choice_kind kind,
                         const vf_speclist *l, int drawn, vf_key_at at);
/* The specs of a glyph, or NULL when no K* call named it. */
const vf_keyspec *vf_rmap_keyspec(const vf_rmap *m, int glyph);
/* The specs cell (x, y) reads: its glyph's, or a merged cell's own
 * (§5.8); NULL when there are none or (x, y) is outside the grid. */
const vf_keyspec *vf_rmap_spec_at(const vf_rmap *m, int x, int y);

/* KPROP, COLOUR, FHEIGHT, FTILE, RTILE, TILE (vf_overlay_apply on the
 * current grid). */
int vf_rmap_overlay(vf_rmap *m, vf_ovkind kind, const char *s, size_t n,
                    vf_sbuf *err);

/* marker("KEYS = spec"): one marker per cell holding a key glyph now,
 * bottom row first and right to left within a row (the game's order). Only
 * when there is such a cell is the spec checked: "feat:NAME" must name a
 * feature ("Bad feature marker: ... (unknown feature '...')"), "lua:" and
 * "lua_mapless:" are kept as text, anything else is "Unable to parse
 * marker from ...". */
int vf_rmap_marker(vf_rmap *m, const char *s, size_t n, vf_sbuf *err);
/* lua_marker(KEYS, fn): the markers, in the same order, with no spec.
 * Returns the index of the first one added (nmarkers before the call); the
 * caller handles the function for markers [first, nmarkers). */
size_t vf_rmap_lua_marker(vf_rmap *m, const char *keys);
/* A new marker at (x, y), spec NULL and feature 0, after the others. */
vf_marker *vf_rmap_add_marker(vf_rmap *m, int x, int y);
/* marker(nil): drops every marker. */
void vf_rmap_clear_markers(vf_rmap *m);

/* ---- subvaults (src/map/subvault.c) ---------------------------------------
 *
 * §5.8: SUBVAULT takes the cells holding its keys now (vf_svmask_keys),
 * resolves a map as a subvault with that mask, fits it
 * (vf_rmap_fit_subvault) and merges it (vf_rmap_merge). Merged cells get
 * VF_SUBVAULT_GLYPH and an extended spec holding what the subvault's cell
 * was: its own keyed spec (KFEAT/KMONS/KITEM/KMASK), its MONS or ITEM slot,
 * or its plain glyph; the subvault's no_monster_gen, no_item_gen,
 * no_pool_fixup, no_wall_fixup and no_trap_gen tags become KMASK bits of
 * those specs and its feature-property tags (no_tele_into ...) KPROP bits
 * of the cells. */

/* The mask of the cells of m holding one of keys (n bytes). Returns 0 with
 * *out filled (free it with vf_svmask_free), or -1 when no cell does. */
int vf_svmask_keys(const vf_rmap *m, const char *keys, size_t n,
                   vf_svmask *out);
/* Whether (x, y), relative to the box, is in the mask. */
int vf_svmask_on(const vf_svmask *k, int x, int y);
void vf_svmask_free(vf_svmask *k);

/* resolve_subvault's geometry, after the subvault's Lua: rotate when it
 * only fits turned (or, fitting both ways, on a coin flip); then mirror at
 * random, or, when it is exactly the mask's size, pick among the mirror
 * combinations leaving the fewest non-space cells outside the mask.
 * Draws from sub->rng. Returns 1 when sub fits the mask's box, else 0. */
int vf_rmap_fit_subvault(vf_rmap *sub, const vf_svmask *mask);

/* Writes sub's cells into m (§5.8 step 3). With a mask, sub goes at a
 * random offset inside the mask's box and only masked cells are written;
 * without one, sub's top-left goes at (x, y) of m (which may be outside:
 * cells off m's grid are dropped). A space in sub leaves m's cell alone.
 * m's markers on masked cells under sub are dropped and sub's markers on
 * masked cells copied; the merge is recorded in m's svplaces under sub's
 * name. Draws the offset from m->rng. */
void vf_rmap_merge(vf_rmap *m, const vf_rmap *sub, const vf_svmask *mask,
                   int x, int y);

/* The glyph to show for (x, y): a merged cell's own glyph from its
 * subvault, any other cell's glyph; -1 outside the grid. */
int vf_rmap_glyph(const vf_rmap *m, int x, int y);

/* ---- what placement reads ------------------------------------------------ */

/* A cell of the resolved map as placement sees it (§3, §5.5). */
typedef struct vf_cell {
    int glyph;        /* the cell's glyph; ' ' = not part of the map; for a
                       * merged cell, the subvault's glyph (vf_rmap_glyph) */
    /* The feature: when feat is NULL or a VF_FK_GLYPH alternative, the
     * glyph rules of §3 apply to base (the cell's own glyph; '.' -- floor --
     * for a glyph with only KMONS/KITEM, or with a KFEAT that had nothing
     * to draw; or the KFEAT glyph). Otherwise base is -1 and feat says what
     * the cell becomes (a named feature, a random trap or a shop). */
    int base;
    const vf_featalt *feat;
    vf_speclist *mons;    /* KMONS slots (draw with vf_speclist_draw), or
                           * NULL; with a KFEAT glyph alternative that glyph's
                           * own monster also applies, as in the game */
    vf_speclist *items;   /* KITEM slots, all placed; or NULL */
    vf_kmask mask;        /* KMASK bits to set and clear on the cell */
    vf_ovcell overlay;    /* KPROP/COLOUR/FHEIGHT/TILE written on the cell */
} vf_cell;

/* Fills *out for (x, y); a merged cell reads its extended spec. A merged
 * cell whose spec has only KMASK is floor, as in the game (its glyph byte
 * has no meaning of its own). A '=' KFEAT draws its alternative now, from the
 * map's rng, so call it once per cell (the game draws at each look-up; its
 * monster pass draws again -- a quirk we do not copy). Returns 0, or -1
 * when (x, y) is outside the grid. Pointers in *out are borrowed from m. */
int vf_rmap_cell(vf_rmap *m, int x, int y, vf_cell *out);

/* Orientation after a transform: "h" (hmirror), "v" (vmirror), "cw",
 * "ccw". Returns o itself when the orientation has no direction. */
const char *vf_orient_after(const char *o, const char *transform);

#endif
