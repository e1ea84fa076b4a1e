/* vf_case: one case from start to verdict -- resolve a map for a seed,
 * build the level for a mode, place the map, judge the level
 * (dcss-compat.md §4, §6; the modes of placement.lua).
 *
 * A case is (map, mode, iteration) under a base seed; its seed is
 * vf_seed_layout_case(base, map name, mode name, iteration) (vf_rng.h),
 * so each layout of an iteration is a case of its own, and placement draws
 * from a second generator seeded from the case seed, so a case replays
 * alone whatever ran before it. A vf_case holds what its cases share:
 * the engine (borrowed), the options, the workspace and the caches. */
#ifndef VF_CASE_H
#define VF_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "vf_conn.h"
#include "vf_engine.h"
#include "vf_level.h"
#include "vf_placement.h"
#include "vf_sbuf.h"
#include "vf_severity.h"
#include "vf_verdict.h"

typedef enum vf_mode {
    VF_MODE_EMPTY,   /* placement.lua's level: floor inside a rock border */
    VF_MODE_FILL,    /* all rock (its -fill) */
    /* Synthetic layouts (vf_layout.h), built around the primary vault the
     * way the game builds a level: */
    VF_MODE_ROOMS,   /* rooms and corridors (vf_layout_basic) */
    VF_MODE_CAVES,   /* cellular caves */
    VF_MODE_CITY,    /* chaotic city */
    VF_MODE_OPEN,    /* one open cavern (vf_layout_bigger_room) */
    VF_MODE_CROSS,   /* two wide corridors crossing in rock */
    /* One of the game's own layout maps (dat/des/builder, tagged layout),
     * drawn for the vault's place by the game's rules and resolved by the
     * engine (vf_gamelayout.h): */
    VF_MODE_GAME,
    VF_MODE_COUNT,
} vf_mode;

const char *vf_mode_name(vf_mode m);
int vf_mode_parse(const char *s, vf_mode *out);   /* 0, or -1 */
/* A synthetic layout rather than one of placement.lua's levels. */
int vf_mode_is_layout(vf_mode m);
/* The game's layout type a layout mode stands for ("rooms", "open_caves",
 * "city", "open"): what a vault's layout_* and nolayout_* tags name.
 * NULL for empty and fill, and for game, whose layout maps carry their
 * own types. */
const char *vf_mode_layout_type(vf_mode m);
/* May a map with these tags (" a b ", as vf_rmap and vf_mapdef hold
 * them) be tried in mode m: the game's _map_matches_layout_type. Empty
 * and fill admit every map. */
int vf_mode_admits(vf_mode m, const char *tags);
/* May a vault with these tags go on a layout map with layout_tags (its
 * layout_type_* tags, in order): dungeon.cc _vault_can_use_layout. */
int vf_layout_admits(const char *tags, const char *layout_tags);

typedef struct vf_gamelayouts vf_gamelayouts;   /* vf_gamelayout.h */

/* ---- layouts built once, copied into many cases ---------------------- */

/* The layouts one run draws: each layout has a pool of VF_LAYOUT_POOL
 * layout seeds under the run's base seed, and a case (each of its tries)
 * takes the one its own seed picks. So the layouts of a night are
 * VF_LAYOUT_POOL per layout and place, a map's 100 iterations meet about
 * 83 different ones of them (a fresh one each would give 100), the vault's
 * position is still drawn per case, and the next night's base seed draws
 * a new pool. A smaller pool would be cheaper to fill and miss more: at
 * 64 a map's 100 iterations would meet about 51. */
#define VF_LAYOUT_POOL 256

/* A worker's built layouts (its own: no other thread or process reads
 * it), keyed by layout, place and layout seed, so a layout is built once
 * and copied into each case that draws it. Giving one to a case changes
 * nothing but the time: a case builds the same level with or without it.
 * vf_layout_cache_new allocates it (the caller frees it with
 * vf_layout_cache_free); it keeps at most 16,384 layouts of about 5.6 KB
 * (92 MB), allocated as first used. */
typedef struct vf_layout_cache vf_layout_cache;

typedef struct vf_layout_cache_stats {
    long hits, builds;   /* layouts copied from it, layouts built into it */
} vf_layout_cache_stats;

vf_layout_cache *vf_layout_cache_new(void);
void vf_layout_cache_free(vf_layout_cache *c);   /* NULL: nothing */
vf_layout_cache_stats vf_layout_cache_counts(const vf_layout_cache *c);

typedef struct vf_case_opts {
    vf_mode mode;
    uint64_t seed;   /* the base seed */
    int no_rotate;   /* placement.lua's tags: no_rotate no_vmirror
                      * no_hmirror no_pool_fixup */
    int opacity;     /* every vault transparent (its -opacity) */
    int keep_layouts;   /* keep the layouts built in the case's own
                         * cache (vf_layout_cache); 0: every layout
                         * built afresh (the same levels) */
    vf_gamelayouts *game_layouts;   /* mode game: a store of built layout
                                     * maps shared with others (borrowed);
                                     * NULL: the case's own */
} vf_case_opts;

/* "game:LAYOUT_MAP" for a game case that drew one, else the mode's name,
 * into buf (size n): the layout a case is reported under. */
const char *vf_case_layout_label(vf_mode m, const char *layout_map,
                                 char *buf, size_t n);

/* The level of layout mode m alone at place p, no vault on it: the layout
 * of layout seed `seed`, then its stairs, drawn from a generator of their
 * own seeded from it. For the layout tests and the benchmark. Returns 0,
 * or -1 with a message in err. */
int vf_case_layout_level(vf_level *l, const vf_game *g, vf_mode m,
                         const vf_place *p, uint64_t seed, vf_sbuf *err);

typedef struct vf_verdict {
    unsigned kinds;          /* VF_V_* bits; 0 = ok */
    unsigned warning, error; /* the kinds that are warnings and errors
                              * (vf_severity.h); the rest are notes */
    vf_sev_ctx judged;       /* what the findings were graded against */
    uint64_t seed;           /* the case's seed */
    int attempts;            /* resolve attempts (validate, placement) */
    int builds;              /* levels built with the vault on them ... */
    int vetoed_builds;       /* ... and those the game would throw away
                              * (level_vetoed when any was) */
    char veto_why[160];      /* why the first of them was vetoed */
    vf_placed placed;
    int not_tried;           /* the map's layout_* or nolayout_* tags keep
                              * it out of this layout (vf_mode_admits): no
                              * level built, kinds 0; or some post_place
                              * hooks were not run and nothing was found */
    int hooks_not_run;       /* post_place hooks of maps placed by hooks
                              * nested past VF_HOOK_NEST_MAX, which place
                              * more in the game and are not run here */
    int zones;               /* passable zones once the vault is placed,
                              * before the stair goes in: placement.lua's
                              * count_disconnected_zones (-1 if not placed) */
    int stair_x, stair_y;    /* the up staircase the checks put in (empty
                              * mode; -1 when none went in) */
    char message[512];       /* Lua error or placement failure, if any */
    char layout[80];         /* mode game: the layout map the case drew
                              * (its last try's), else "" */
} vf_verdict;

/* ---- the case ------------------------------------------------------- */

/* Where cases run, one after another: vf_case_init, any number of
 * vf_case_run, vf_case_release. It owns its workspace (the level, the
 * resolved map, the connectivity report: after a run they hold that
 * case's) and the caches its cases share (built layouts, built layout
 * maps, the connectivity memo), each made on first use; none of them
 * changes a verdict, only the time. The caller may change any of
 * c->opts but game_layouts between runs. One thread or process: nothing
 * in it is shared but a borrowed opts.game_layouts. */
typedef struct vf_case {
    vf_engine *engine;             /* borrowed */
    vf_case_opts opts;
    vf_level *level;               /* owned */
    vf_rmap map;                   /* owned */
    vf_conn_report *report;        /* owned */
    vf_layout_cache *layouts;      /* owned; NULL until opts.keep_layouts
                                    * and a layout case need it */
    vf_gamelayouts *game_layouts;  /* opts.game_layouts, or owned */
    vf_conn_memo *conn_memo;       /* owned; made for the first case
                                    * that counts zones more than once */
} vf_case;

/* Readies c for cases of e with options o (copied). */
void vf_case_init(vf_case *c, vf_engine *e, const vf_case_opts *o);
/* Frees what c owns; c can be initialised again. */
void vf_case_release(vf_case *c);

/* Runs case (def, c->opts.mode, iter) under c->opts.seed into *v. After
 * the call c->level holds the level (with the stair the checks put in at
 * v->stair_x, v->stair_y), c->map the resolved map and c->report the
 * connectivity report (its findings are the verdict's zones; when the
 * map was not placed, nzones is 0 and it holds no findings). The
 * choices of the resolve go to c->map.choices when the caller set it.
 *
 * Each kind is graded (vf_severity.h) by the worst finding behind it; a
 * finding the game does not look for where the level is (a stairless
 * zone in the Abyss) sets no kind at all.
 *
 * The verdict's bits: isolated_zones when the placed level has more than
 * one passable zone (placement.lua's test; a level with none, as an
 * opaque vault in fill mode gives, is not isolated); exit_unconnected
 * when none of the vault's exits could reach floor; the others from the
 * findings of vf_conn_analyse once an up staircase stands at (1,1), or
 * when a vault is on or next to (1,1), on the first floor cell (row-major)
 * outside every vault.
 *
 * In fill mode only the zone count judges (placement.lua's -fill): no
 * stair, no exit check, c->report holds no findings.
 *
 * In a layout mode the level is built the game's way (a primary vault on
 * rock, the layout round it; a minivault on the layout; collision checked;
 * the layout's walking pieces of at most 10 cells filled; exits
 * connected; six stone stairs outside the vaults), no stair goes in,
 * exit_unconnected says none of the exits was connected, and only
 * findings in or next to a vault count. When the vault parts the layout
 * (more zones hold its large pieces than the layout had alone), the game
 * vetoes the level and builds another (dungeon.cc), and so does the case:
 * the try fails and the next one resolves and builds again, with a new
 * layout; when the last of VF_RESOLVE_ATTEMPTS tries is vetoed too the
 * case is level_vetoed, with the reason (one build, vetoed), and when no
 * try found a position it is place_failed. A level the finished analysis
 * vetoes (a stairless area it does not fill) is one build, vetoed: the
 * case carries level_vetoed and the findings behind it as notes. A map
 * its layout tags keep out is not tried (v->not_tried, kinds 0). The
 * layout of each try is one of VF_LAYOUT_POOL under the base seed,
 * picked by the try's seed, and the stairs draw from a generator seeded
 * from the try's seed, so the case replays alone.
 *
 * In mode game each try draws a layout map of the checkout for the level
 * and one seed of its pool (vf_gamelayout.h); a level the vault cuts into
 * more zones than its layout had is vetoed and built again, within the
 * same tries, then the case is level_vetoed.
 *
 * In every mode, once the map is on the level (and in a layout, its
 * exits connected), the post_place hooks its resolve left run, as the
 * game's last step of placing a map: the maps they place are vaults of
 * the level, judged with it. A Lua error in them is the case's
 * lua_error; a die_on_error placement that fails vetoes the level: on
 * placement.lua's levels (empty, fill) the case is place_failed, in a
 * layout the try is built again. */
void vf_case_run(vf_case *c, const vf_mapdef *def, uint32_t iter,
                 vf_verdict *v);

/* "hooks placed: NAME WxH at (X,Y), ...\n": the maps the case's
 * post_place hooks placed on l (the vaults besides v's own), appended to
 * out; nothing when there are none. */
void vf_case_describe_children(const vf_level *l, const vf_verdict *v,
                               vf_sbuf *out);

#endif
