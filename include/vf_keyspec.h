/* vf_keyspec: the keyed specs of one glyph -- KFEAT, KMONS, KITEM and KMASK
 * (dcss-compat.md §5.5; the game's keyed_mapspec).
 *
 * Parsing follows mapdef.cc: KFEAT is a "/"-separated list of weighted
 * alternatives, each a single glyph, "any trap"/"random trap", a shop
 * ("any shop", "general shop type:X count:7 ; items") or a feature name
 * (vf_feature.h); "w:N"/"weight:N" gives the weight (default 10; a weight
 * that is missing, bad or not positive is 10, as in the game), "mimic[:N]"
 * and "no_mimic" the mimic options. KMONS and KITEM are comma-separated
 * slots, each a "/"-separated list of weighted alternatives; we have no
 * monster or item tables, so an alternative is kept as its text and only
 * its weight and shape are checked. KMASK is "/"-separated mask flag names
 * (§4.2), "!" clearing.
 *
 * The ':' form fixes the random choice at the call, once for all the cells
 * of the glyph (the game draws it then, so the draw happens in call order);
 * the '=' form draws again for every cell at placement.
 *
 * Ownership: every structure owns the strings and arrays it points to;
 * vf_keyspec_free releases them. Nothing here keeps a pointer to its
 * input. */
#ifndef VF_KEYSPEC_H
#define VF_KEYSPEC_H

#include <stddef.h>

#include "vf_gamever.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

/* ---- KFEAT -------------------------------------------------------------- */

typedef enum vf_featkind {
    VF_FK_GLYPH,     /* a one-character alternative: that glyph's meaning */
    VF_FK_FEATURE,   /* a feature by name */
    VF_FK_TRAP,      /* "any trap" / "random trap": a random trap for the
                      * place (the game picks it when parsing; we leave it
                      * to placement, which knows the place) */
    VF_FK_SHOP,      /* a shop */
} vf_featkind;

typedef struct vf_featalt {
    vf_featkind kind;
    int glyph;       /* VF_FK_GLYPH */
    int feature;     /* VF_FK_FEATURE: a vf_feature.h id */
    char *shop;      /* VF_FK_SHOP: the spec after "shop" ("any",
                      * "general type:Blood count:8 ; items") */
    int weight;
    int mimic;       /* > 0: one chance in mimic of a mimic */
    int no_mimic;
} vf_featalt;

#define VF_UNDRAWN (-2)   /* a ':' spec not drawn yet / a '=' spec */

typedef struct vf_featspec {
    vf_featalt *alt;
    int n;
    int fixed;       /* ':' form */
    int pick;        /* ':' form: the alternative drawn at the call (-1 =
                      * none, the default glyph '.'); else VF_UNDRAWN */
    int line;        /* .des line of the KFEAT call (0: not known), for
                      * the choices it makes (vf_choice.h) */
} vf_featspec;

/* How a KFEAT spec is read: the names of which game, and in the ':' form
 * (fixed), its pick drawn at once with rng. */
typedef struct vf_featread {
    const vf_game *game;   /* borrowed; NULL: trunk (vf_gamever.h) */
    int fixed;
    vf_rng *rng;
} vf_featread;

/* Parses s (n bytes) into f as how says, replacing what f held. Errors
 * are the game's: "no features matching \"ALT\"", "bad shop type:
 * '...'", "too many semi-colons for '...' spec". Returns 0 or -1 with the
 * message in err. */
int vf_featspec_parse(vf_featspec *f, const char *s, size_t n,
                      const vf_featread *how, vf_sbuf *err);
/* The game's feature_slot::get_feat: a weighted draw over the
 * alternatives; returns an index, or -1 when there is none (the cell keeps
 * the default glyph '.'). A fixed spec returns its pick, drawing it on the
 * first call. */
int vf_featspec_draw(vf_featspec *f, vf_rng *r);
void vf_featspec_copy(vf_featspec *dst, const vf_featspec *src);
void vf_featspec_free(vf_featspec *f);
/* Appends the alternative as text, for reports: "altar_zin", "glyph x",
 * "any trap", "shop any". */
void vf_featalt_describe(const vf_featalt *a, vf_sbuf *out);

/* ---- KMONS / KITEM ------------------------------------------------------ */

typedef struct vf_specalt {
    char *text;      /* the alternative as written, trimmed, weight and all */
    int weight;
} vf_specalt;

/* One comma-separated slot: weighted alternatives. */
typedef struct vf_specslot {
    vf_specalt *alt;
    int n;
    int pick;        /* ':' form: drawn at the call; else VF_UNDRAWN */
} vf_specslot;

typedef struct vf_speclist {
    vf_specslot *slot;
    int n;
    int fixed;       /* ':' form */
    int line;        /* .des line of the KMONS/KITEM call (0: not known),
                      * for the choices it makes (vf_choice.h) */
} vf_speclist;

/* How vf_speclist_parse reads a list: as KITEM's (else KMONS's), and in
 * the ':' form (fixed). */
enum { VF_SPEC_ITEMS = 1, VF_SPEC_FIXED = 2 };

/* KMONS: a weight that is not positive makes the alternative never drawn
 * (the game clamps it to 0); errors "Too many semi-colons for '...' spec.".
 * KITEM (how has VF_SPEC_ITEMS): a weight that is not positive is the
 * game's error "Error parsing '...':\nBad item generation weight: 'N'".
 * With VF_SPEC_FIXED, each slot's draw is made now, with r. Returns 0 or
 * -1 with the message in err. */
int vf_speclist_parse(vf_speclist *l, const char *s, size_t n, unsigned how,
                      vf_rng *r, vf_sbuf *err);
/* A weighted draw in slot i: the alternative's index, or -1 when no
 * alternative has weight (the game's default: a random monster). A fixed
 * slot returns its pick. */
int vf_speclist_draw(vf_speclist *l, int i, vf_rng *r);
void vf_speclist_copy(vf_speclist *dst, const vf_speclist *src);
void vf_speclist_free(vf_speclist *l);

/* ---- KMASK -------------------------------------------------------------- */

/* The game's vault mask bits, in KMASK's flag-name order (§4.2). */
enum {
    VF_MMT_VAULT = 0x01, VF_MMT_NO_ITEM = 0x02, VF_MMT_NO_MONS = 0x04,
    VF_MMT_NO_POOL = 0x08, VF_MMT_NO_TELE_CLOSET = 0x10,
    VF_MMT_NO_WALL = 0x20, VF_MMT_OPAQUE = 0x40, VF_MMT_NO_TRAP = 0x80,
};

typedef struct vf_kmask {
    unsigned set, unset;   /* bits to set on the cell; bits to clear */
} vf_kmask;

/* Parses "flag/!flag/..." and merges it into *m (later flags win over
 * earlier ones, as the game's map_flags |=). Error: "Unknown flag:
 * 'NAME'". Returns 0 or -1 with the message in err. */
int vf_kmask_add(vf_kmask *m, const char *s, size_t n, vf_sbuf *err);
/* A mask flag's name by bit ("no_monster_gen"), or NULL. */
const char *vf_kmask_flag_name(unsigned bit);

/* ---- all specs of a glyph ----------------------------------------------- */

typedef struct vf_keyspec {
    vf_featspec feat;
    vf_speclist mons, items;
    vf_kmask mask;
} vf_keyspec;

/* Whether the spec replaces the glyph's own meaning at placement: any
 * KFEAT alternative, KMONS or KITEM slot (KMASK alone does not). */
int vf_keyspec_replaces_glyph(const vf_keyspec *k);
void vf_keyspec_free(vf_keyspec *k);   /* back to empty */
/* dst becomes a deep copy of src (':' draws already made are kept). */
void vf_keyspec_copy(vf_keyspec *dst, const vf_keyspec *src);

#endif
