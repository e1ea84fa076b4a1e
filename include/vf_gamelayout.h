/* vf_gamelayout: the layouts of layout mode game, the checkout's own
 * layout maps (dat/des/builder, tagged layout), kept as built levels.
 *
 * A case of mode game draws one layout map for its place by the game's
 * rules and one of VF_GAMELAYOUT_POOL seeds for it (both from the case
 * seed, so a case replays alone); the map is resolved by the engine at
 * the case's place, written on a rock level as the game writes an
 * overwritable layout, and kept: every case drawing the same (layout map,
 * seed) at that level copies it instead of resolving it again -- at any
 * level of the branch when the build read nothing of the place but its
 * branch (vf_engine_place_reads). What a cache holds never changes a
 * case (a build inside a case leaves the vault's own draws alone). */
#ifndef VF_GAMELAYOUT_H
#define VF_GAMELAYOUT_H

/* Layout seeds per layout map and run. Four: on trunk at --count 100 a
 * pool of 8 takes 40% more time and warns on no more maps than the
 * sampling noise of rare failures (README). */
#define VF_GAMELAYOUT_POOL 4

typedef struct vf_gamelayouts vf_gamelayouts;

/* An empty cache, in memory shared with the processes forked after this
 * call: what one worker of a run builds, the others copy (a run makes it
 * before its workers start). Up to 8,192 built layouts of 11 kB, mapped
 * as used. The caller frees it. */
vf_gamelayouts *vf_gamelayouts_new(void);
void vf_gamelayouts_free(vf_gamelayouts *g);

/* How many layouts this process resolved and how many of its draws found
 * one built (by it or another worker). */
void vf_gamelayouts_stats(const vf_gamelayouts *g, unsigned long *resolved,
                          unsigned long *reused);

#endif
