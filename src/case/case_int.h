/* Internal to src/case: building a synthetic layout level. */
#ifndef VF_CASE_INT_H
#define VF_CASE_INT_H

#include "vf_case.h"
#include "vf_sbuf.h"

#include <stdatomic.h>

/* What each of a case's generators is seeded with besides its seed. */
#define CASE_SEED_LAYOUT 0x6c61796f7574ULL   /* "layout": the pool slot */
#define CASE_SEED_STAIRS 0x737461697273ULL   /* "stairs" */

#define CASE_SEED_HOOKS 0x686f6f6b73ULL     /* "hooks" */

/* What one try of a case works with, borrowed from vf_case_run. */
typedef struct case_build {
    vf_case *c;              /* its engine, level, map (resolved), options
                              * and caches */
    vf_rng *r;               /* placement's draws */
    vf_verdict *v;
} case_build;

/* What one try of a case on a layout came to. */
typedef enum case_try {
    CASE_TRY_PLACED,         /* on the level, which the game keeps */
    CASE_TRY_NO_POSITION,    /* not placed: v->placed.why says why */
    CASE_TRY_VETOED,         /* the game would veto the level and build
                              * another: v->placed.why says why */
    CASE_TRY_HOOK_ERROR,     /* a hook raised an error (v says it) */
    CASE_TRY_NOT_TRIED,      /* no layout takes the map (v->message) */
} case_try;

/* A layout ready to go on a level: draw writes it on l round every cell
 * a vault holds, returning 0, or -1 with a message in err. */
typedef struct case_drawing {
    int (*draw)(vf_level *l, const void *layout, vf_sbuf *err);
    const void *layout;
} case_drawing;

/* The vault and the layout d in the game's order: a primary vault on
 * rock with the collision check, the layout drawn round it; a minivault
 * by its search on the drawn layout. Its exits are chosen, not yet
 * connected. CASE_TRY_PLACED, or CASE_TRY_NO_POSITION with why in
 * b->v->placed.why (no position, or the layout's message). */
case_try case_place_on_layout(const case_build *b, const case_drawing *d);

/* What running the placed map's post_place hooks came to. */
enum {
    CASE_HOOKS_RAN = 0,      /* ran (or none): the maps they placed are
                              * on the level as vaults of their own */
    CASE_HOOKS_VETOED = 1,   /* a die_on_error placement failed: the game
                              * vetoes the level; b->v->placed.why says so */
    CASE_HOOKS_FAILED = -1,  /* a Lua error: b->v holds lua_error (or
                              * lua_timeout) and the message */
};

/* Runs the post_place hooks the resolve of the case's map left, on its
 * level, as the game does last when it places a map (dungeon.cc
 * _build_vault_impl):
 * the maps they place go on the level with b->r's draws, the hooks' own
 * Lua draws from a generator seeded from seed. */
int case_run_hooks(const case_build *b, uint64_t seed);

/* One layout as built, ready to copy onto a level. */
typedef struct case_layout {
    uint8_t feat[VF_GYM][VF_GXM];  /* vf_feat; the layout's own stairs
                                    * as floor (case_place_stairs puts
                                    * stairs in once the vaults are on) */
    int zones;                     /* its walking zones of more than
                                    * VF_CONN_SMALL_ZONE cells, alone */
} case_layout;

/* Which layout: its mode, drawn for place in game from seed. */
typedef struct case_layout_key {
    vf_mode mode;
    const vf_game *game;
    const vf_place *place;
    uint64_t seed;
} case_layout_key;

/* Builds layout k into *out. Returns 0, or -1 with a message in err. */
int case_layout_build(case_layout *out, const case_layout_key *k,
                      vf_sbuf *err);

/* Layout k from cache c, built and kept there when c does not hold it
 * yet; with c NULL, built into *scratch. The pointer lasts until the
 * next call on c. NULL with a message in err when the build fails. */
const case_layout *case_layout_cached(vf_layout_cache *c, case_layout *scratch,
                                      const case_layout_key *k, vf_sbuf *err);

/* Whether row y of l holds a cell a vault's mask keeps (VF_MMT_VAULT):
 * layouts are copied whole over rows that hold none. */
int case_row_has_vault(const vf_level *l, int y);

/* Writes layout (m, l's place, seed) on l (from cache c, or built afresh
 * when c is NULL: the same level), leaving every cell with the vault mask
 * as it is (the game's layouts skip vault cells). *zones gets the
 * layout's own count of large walking zones. Returns 0, or -1 with a
 * message in err. */
int case_draw_layout(vf_level *l, vf_layout_cache *c, vf_mode m,
                     uint64_t seed, int *zones, vf_sbuf *err);

/* The game's dgn_place_stone_stairs on a normal level: down stairs I-III
 * and up stairs I-III, each on a random floor cell next to floor outside
 * every vault (1500 tries each; a stair with no cell is left out), each
 * only when no vault brought it. */
void case_place_stairs(vf_level *l, vf_rng *r);

/* Connects the exits of the vault pl placed, now the layout is round it
 * (§6.4): pl->connected counts them. */
void case_connect_exits(vf_level *l, vf_rng *r, vf_placed *pl);

/* Whether the game would ever put def on a layout level at p as a vault
 * of its own (reach.c): 1 if so; 0 with a "not tried: ..." reason in why
 * when it never does (a Vaults room with no DEPTH or PLACE, which only
 * the Vaults layouts place; a weight of 0 at p and no CHANCE; a level it
 * builds from an encompass map). */
int case_layout_reaches(vf_engine *e, const vf_mapdef *def,
                        const vf_place *p, char *why, size_t n);

/* Whether the game vetoes l, a layout level with its vaults and stairs
 * in, for a zone holding a piece of the layout without stairs (dungeon.cc
 * _dgn_verify_connectivity, in the branches it checks): 1 with the reason
 * in why. memo as vf_conn_layout_pieces takes it. */
int case_layout_stairless(const vf_level *l, vf_conn_memo *memo, char *why,
                          size_t n);

/* Whether the game vetoes l for the exits of the vault pl placed: none of
 * them connected (outside the Abyss). 1 with the reason in why. */
int case_exits_vetoed(const vf_level *l, const vf_placed *pl, char *why,
                      size_t n);

/* One try of layout mode game (gamelayout.c): draws a layout map for
 * the level's place that admits the map and a seed of its pool from lr
 * (the pool from the base seed), builds it (or takes it from the case's
 * store), places the map with it in the game's order, connects the exits
 * and puts in the stairs. v->layout names the layout map; the vault's
 * post_place hooks run once it is on the level with its exits connected,
 * a primary vault's once the stairs are in too (case_run_hooks, from
 * try_seed). CASE_TRY_NO_POSITION also when the layout map's resolve
 * failed; CASE_TRY_VETOED for what the vault or its hooks did to the
 * level; CASE_TRY_NOT_TRIED when no layout map admits the map. */
case_try case_game_place(const case_build *b, vf_rng *lr,
                         uint64_t try_seed);

/* One built layout of mode game: what its layout map wrote on a rock
 * level. */
typedef struct case_glslot {
    _Atomic unsigned state; /* glstore.c's; first, the rest is copied */
    const vf_mapdef *def;
    int k;                  /* which seed of the pool */
    uint64_t seed;          /* the run's pool seed it came from */
    vf_place place;         /* where it was built */
    int any_depth;          /* its build read no more of the place than
                             * the branch: it serves every depth there */
    int ok;                 /* resolved; else why says what failed */
    int empty;              /* resolved, but drew no zone to walk */
    int zones;              /* its zones of more than VF_CONN_SMALL_ZONE */
    uint8_t feat[VF_GYM][VF_GXM];
    uint8_t content[VF_GYM][VF_GXM];
    char why[160];
} case_glslot;

/* Built layouts kept for every worker a run forks after making the store
 * (glstore.c: memory mapped shared; each slot written once). */
typedef struct case_glstore case_glstore;

/* A new store; the caller frees it with case_glstore_free. */
case_glstore *case_glstore_new(void);
void case_glstore_free(case_glstore *s);

/* The layout of (def, k, seed) kept for place p (for its level, or for
 * every depth of its branch), or NULL. It never changes once found. */
const case_glslot *case_glstore_find(const case_glstore *s,
                                     const vf_mapdef *def, int k,
                                     uint64_t seed, const vf_place *p);

/* Keeps a copy of built, when the store has room for it. */
void case_glstore_keep(case_glstore *s, const case_glslot *built);

#endif
