/* vf_case: one case from start to verdict -- resolve a map for a seed,
 * build the level for a mode, place the map, judge the level
 * (dcss-compat.md §4, §6; the modes of placement.lua).
 *
 * A case is (map, mode, iteration) under a base seed; its seed is
 * vf_seed_case(base, map name, iteration) (vf_rng.h), and placement draws
 * from a second generator seeded from the case seed, so a case replays
 * alone whatever ran before it. The caller owns the engine, the level and
 * the resolved map (reused across cases); nothing here allocates beyond
 * what the resolved map grows. */
#ifndef VF_CASE_H
#define VF_CASE_H

#include <stdint.h>

#include "vf_conn.h"
#include "vf_engine.h"
#include "vf_level.h"
#include "vf_placement.h"

typedef enum vf_mode {
    VF_MODE_EMPTY,   /* placement.lua's level: floor inside a rock border */
    VF_MODE_FILL,    /* all rock (its -fill) */
} vf_mode;

const char *vf_mode_name(vf_mode m);
int vf_mode_parse(const char *s, vf_mode *out);   /* 0, or -1 */

typedef struct vf_case_opts {
    vf_mode mode;
    int no_rotate;   /* placement.lua's tags: no_rotate no_vmirror
                      * no_hmirror no_pool_fixup */
    int opacity;     /* every vault transparent (its -opacity) */
} vf_case_opts;

/* What went wrong, as bits: a case may fail several ways. */
enum {
    VF_V_LUA_ERROR = 1 << 0,
    VF_V_VALIDATE_FAILED = 1 << 1,
    VF_V_VETOED = 1 << 2,
    VF_V_PLACE_FAILED = 1 << 3,
    VF_V_EXIT_UNCONNECTED = 1 << 4,
    VF_V_ISOLATED_ZONES = 1 << 5,
    VF_V_STAIRLESS_ZONE = 1 << 6,
    VF_V_ISOLATED_AREA = 1 << 7,
    VF_V_TRAP_POCKET = 1 << 8,
    VF_V_TELE_CLOSET_WALK = 1 << 9,
    VF_V_TELE_CLOSET_FLY = 1 << 10,
    VF_V_INTERIOR_POCKET = 1 << 11,
    VF_V_COUNT_KINDS = 12,
};

/* The name of one verdict bit ("isolated_zones"), or NULL. */
const char *vf_verdict_kind_name(unsigned bit);

typedef struct vf_verdict {
    unsigned kinds;          /* VF_V_* bits; 0 = ok */
    uint64_t seed;           /* the case's seed */
    int attempts;            /* resolve attempts (validate, placement) */
    vf_placed placed;
    int zones;               /* passable zones once the vault is placed,
                              * before the stair goes in: placement.lua's
                              * count_disconnected_zones (-1 if not placed) */
    char message[512];       /* Lua error or placement failure, if any */
} vf_verdict;

/* Runs one case of def into *v. l, m and r are the caller's workspace;
 * after the call they hold the level (with the stair the checks put at
 * (1,1)), the resolved map and the connectivity report (its findings are
 * the verdict's zones; when the map was not placed, r->nzones is 0 and r
 * holds no findings).
 *
 * The verdict's bits: isolated_zones when the placed level has more than
 * one passable zone (placement.lua's test; a level with none, as an
 * opaque vault in fill mode gives, is not isolated); exit_unconnected
 * when none of the vault's exits could reach floor; the others from the
 * findings of vf_conn_analyse once an up staircase stands at (1,1). */
void vf_case_run(vf_engine *e, const vf_mapdef *def, uint64_t base_seed,
                 uint32_t iter, const vf_case_opts *o, vf_level *l,
                 vf_rmap *m, vf_conn_report *r, vf_verdict *v);

#endif
