/* vf_rmap: a map being resolved for one case: its grid and everything its
 * Lua set (tags, orientation, depths, keyed specs, slots, markers).
 *
 * Written by the dgn bindings while the map's chunks run, in call order
 * (§5.1); read by placement. Keyed specs and overlays are kept as the
 * strings the vault gave; placement parses them (§5.5). */
#ifndef VF_RMAP_H
#define VF_RMAP_H

#include "vf_des.h"
#include "vf_fs.h"
#include "vf_grid.h"
#include "vf_rng.h"
#include "vf_sbuf.h"

typedef struct vf_rmap {
    const vf_mapdef *def;
    vf_rng *rng;              /* the case's generator (borrowed) */
    int validating;           /* is_validating(): the load-time run */
    vf_grid grid;
    vf_sbuf tags;             /* " tag1 tag2 " (leading/trailing space) */
    char *orient;             /* NULL = unset */
    vf_sbuf depth;            /* DEPTH ranges, comma-joined */
    vf_sbuf place;
    int weight, chance, order;
    char *kfeat[256], *kmons[256], *kitem[256];  /* "spec" after the key */
    char keyfix[256];         /* bit 1 kfeat, 2 kmons, 4 kitem: ':' form */
    vf_sbuf kmask[256];       /* accumulated KMASK flags */
    vf_strlist mons, items;   /* MONS (glyphs 1-7) and ITEM (d-k) slots */
    vf_strlist markers;       /* "K=spec" per marker call */
    vf_strlist kprops;        /* KPROP specs, in call order */
    vf_strlist subvaults;     /* subvault("...") specs, in order */
} vf_rmap;

void vf_rmap_init(vf_rmap *m, const vf_mapdef *def, vf_rng *rng);
/* Back to the state before any Lua ran (the game's reinit), keeping def. */
void vf_rmap_reset(vf_rmap *m);
void vf_rmap_free(vf_rmap *m);

/* Tags: added in order, once each. */
void vf_rmap_add_tags(vf_rmap *m, const char *words);   /* space-separated */
void vf_rmap_remove_tags(vf_rmap *m, const char *words);
int vf_rmap_has_tag(const vf_rmap *m, const char *tag);

/* After main: pads the grid and, with no orientation, makes the map a
 * float minivault (§2.3 step 4). */
void vf_rmap_fixup(vf_rmap *m);

/* The game's _resolve_map flips (§5.6): unless the map is 1x1, a coin flip
 * each for hmirror, vmirror and rotation (then one for its direction),
 * honouring no_hmirror, no_vmirror, no_rotate and the 70-cell limit on
 * rotation; the orientation follows. The coins are drawn even when a tag
 * forbids the change, as in the game. */
void vf_rmap_flip_rotate(vf_rmap *m);

/* Orientation after a transform: "h" (hmirror), "v" (vmirror), "cw",
 * "ccw". Returns o itself when the orientation has no direction. */
const char *vf_orient_after(const char *o, const char *transform);

#endif
