/* Internal to src/case: building a synthetic layout level. */
#ifndef VF_CASE_INT_H
#define VF_CASE_INT_H

#include "vf_case.h"
#include "vf_sbuf.h"

/* Draws layout mode m for place p from r and writes it on l, leaving every
 * cell with the vault mask as it is (the game's layouts skip vault cells).
 * The layout's own stairs become floor: case_place_stairs puts them in
 * once every vault is on the level. Allocates a glyph grid for the call
 * and frees it. Returns 0, or -1 with a message in err. */
int case_draw_layout(vf_level *l, vf_mode m, const vf_place *p, vf_rng *r,
                     vf_sbuf *err);

/* Joins the walking zones outside the vaults once more, by floor paths
 * that go round every vault, as the layout joined them before the vault
 * cut any: zones of at most 10 cells become rock, the others get a path
 * to the largest. */
void case_rejoin_layout(vf_level *l);

/* The game's dgn_place_stone_stairs on a normal level: down stairs I-III
 * and up stairs I-III, each on a random floor cell next to floor outside
 * every vault (1500 tries each; a stair with no cell is left out), each only when no
 * vault brought it. */
void case_place_stairs(vf_level *l, vf_rng *r);

/* Connects the exits of the vault pl placed, now the layout is round it
 * (§6.4): pl->connected counts them. */
void case_connect_exits(vf_level *l, vf_rng *r, vf_placed *pl);

/* One try of layout mode game (gamelayout.c): draws a layout map for l's
 * place that admits m and a seed of its pool from lr (the pool from
 * base_seed), builds it (or takes it from g), places m with it in the
 * game's order, connects the exits and puts in the stairs. v->layout
 * names the layout map. Returns 0 when placed; -1 when this try failed
 * (v->placed.why says why: no position, the layout map's resolve
 * failed, the vault cut the layout); 1 when no layout map admits m (the
 * reason in v->message). */
int case_game_place(vf_engine *e, vf_gamelayouts *g, uint64_t base_seed,
                    vf_level *l, vf_rmap *m, const vf_case_opts *o,
                    vf_rng *r, vf_rng *lr, vf_verdict *v);

#endif
