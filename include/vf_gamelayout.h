/* vf_gamelayout: the layouts of layout mode game, the checkout's own
 * layout maps (dat/des/builder, tagged layout), kept as built levels.
 *
 * A case of mode game draws one layout map for its place by the game's
 * rules and one of VF_GAMELAYOUT_POOL seeds for it (both from the case
 * seed, so a case replays alone); the map is resolved by the engine at
 * the case's place, written on a rock level as the game writes an
 * overwritable layout, and kept: every case drawing the same (layout map,
 * seed, place) copies it instead of resolving it again. The cache is the
 * caller's (a worker keeps one for all its cases); results never depend
 * on what it held before.
 *
 * Merge note: a per-worker cache local to this mode; a general cache of
 * built layouts (our C ones too) may take it over. */
#ifndef VF_GAMELAYOUT_H
#define VF_GAMELAYOUT_H

#define VF_GAMELAYOUT_POOL 8    /* layout seeds per layout map and run */

typedef struct vf_gamelayouts vf_gamelayouts;

/* An empty cache; each built layout takes 11 kB, up to 4096 of them
 * (a whole trunk run visits some 60 places). The caller frees it. */
vf_gamelayouts *vf_gamelayouts_new(void);
void vf_gamelayouts_free(vf_gamelayouts *g);

/* How many layouts were resolved and how many draws found one built. */
void vf_gamelayouts_stats(const vf_gamelayouts *g, unsigned long *resolved,
                          unsigned long *reused);

#endif
