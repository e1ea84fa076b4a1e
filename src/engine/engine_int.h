/* Internal to src/engine and src/bind: the engine as bindings see it, for
 * resolving other maps inside the running case (SUBVAULT, dgn.resolve_map,
 * place_map), and the engine's library loader (library.c). The engine opens
 * the bindings and the bindings that resolve maps call back into it here:
 * the two rooms stand on one level (harness/layers.txt). */
#ifndef VF_ENGINE_INT_H
#define VF_ENGINE_INT_H

#include "vf_catalog.h"
#include "vf_engine.h"

#include <lua.h>

/* How deep resolves may nest in one case (a subvault's subvault ...). */
#define VF_NEST_MAX 8

struct vf_engine {
    vf_lua *lua;
    const vf_desset *set;
    vf_rng rng;
    vf_engine_config cfg;       /* as given (its strings borrowed) */
    vf_catalog *own_catalog;    /* when cfg has none */
    int closets;                /* vf_engine_closets_masked: 0 unknown,
                                 * 1 masked, 2 open */
    int loading;                /* this engine builds a catalogue: no map
                                 * index exists yet, as while the game
                                 * loads its maps */
    /* The running case. */
    vf_rmap *current;           /* the map whose Lua runs now */
    int depth;                  /* resolves nested inside the case */
    vf_used used;               /* subvaults chosen in this attempt */
    vf_strlist nested;          /* maps resolved inside it: their
                                 * environments go when the case ends */
    double resolve_seq;         /* vf_lua_hook_seq when the resolve began */
    /* While post_place hooks run (postplace.c). */
    const vf_engine_level *level;   /* where dgn.place_map places */
    vf_used level_used;         /* the maps on the level, for map_by_tag */
    int hook_depth;             /* hooks of placed maps running inside */
    int hooks_deep;             /* hooks left unrun past VF_HOOK_NEST_MAX */
    vf_sbuf hook_err;           /* the first error in a placed map's hook */
};

/* The engine whose state L is. */
vf_engine *vf_engine_of(lua_State *L);


/* def's entry; NULL while loading, or with a message in err. */
const vf_mapinfo *vf_engine_mapinfo(vf_engine *e, const vf_mapdef *def,
                                    vf_sbuf *err);

/* Resolves m (its def, and its rng and validating flag set by the caller)
 * inside the running case, as the game resolves a subvault or a map for
 * resolve_map: up to attempts times veto, then the Lua with m starting
 * from seed's tags, orientation and depths (the game keeps those of the
 * map's index entry), then validate. as_vault: as the game's vault_main
 * (subvault choices cleared each try, the _resolve_map flips after);
 * else as a subvault. The map that was current, and its environment, are
 * as they were afterwards; m's environment stays until the case ends (a
 * subvault's hooks are copied from it). On VF_LUA_ERROR err holds the
 * message. */
vf_resolve_status vf_engine_nested(vf_engine *e, vf_rmap *m,
                                   const vf_rmap *seed, int attempts,
                                   int as_vault, vf_sbuf *err);

/* Appends the hook functions of kind hook that map from registered to the
 * current map's (the game's copy_hooks_from); quiet when there are none. */
void vf_engine_copy_hooks(vf_engine *e, const char *from, const char *hook);

/* Calls the global Lua function name with the nargs values on the stack
 * top, keeping nres results; an error (or no such function) in err. */
int vf_engine_call(vf_engine *e, const char *name, int nargs, int nres,
                   vf_sbuf *err);
/* Makes m the map the chunks and bindings work on. */
int vf_engine_set_map(vf_engine *e, vf_rmap *m, vf_sbuf *err);
/* How many hooks called hook (the game's names: "post_place") the map's
 * environment holds, with the global ones; 0 when the library keeps
 * none, or none was added since the case's resolve began. */
int vf_engine_hook_count(vf_engine *e, const vf_mapdef *def,
                         const char *hook);
/* err's "NAME:LINE: text", NAME path's chunk name (cut for Lua), as
 * "PATH:LINE: text": the file whole, as every other message names it. */
void vf_engine_whole_path(vf_sbuf *err, const char *path);
/* The path of the set's file whose Lua chunk name (cut for Lua) is chunk,
 * or chunk itself when none is. */
const char *vf_engine_chunk_file(const vf_engine *e, const char *chunk);
/* Drops the environment of the map named name. */
void vf_engine_flush_env(vf_engine *e, const char *name);

/* Keeps the environment of the map named name and dgn.persist as its
 * resolve left them, for vf_engine_post_place (in place of what was kept
 * before). */
void vf_engine_keep_hooks(vf_engine *e, const char *name);

/* Whether dgn.place_map and dgn.map_by_tag act on the level: post_place
 * hooks run, and no map is being resolved inside them. */
int vf_engine_on_level(const vf_engine *e);
/* dgn.place_map on the level: places resolved m with the case's level
 * (vf_engine_level), records it as on the level and runs its own
 * post_place hooks. 1 when placed, 0 when the game's place_map would give
 * nil (no room, no exit connected, its hook failed). */
int vf_engine_place_child(vf_engine *e, vf_rmap *m, const vf_engine_spot *s);

/* Appends to out the map parameter the game places a map with tags
 * (" a b ") under when it draws the map by them (drawn.c), the number
 * among its tags chosen by game: 1 when there is one. */
int vf_engine_drawn_param(const char *tags, uint64_t game, vf_sbuf *out);

/* crawl_require, loadfile and dofile, reading files under root only; a
 * global require too when game g's own source registers one. */
void vf_engine_open_library(lua_State *L, const char *root,
                            const vf_game *g);
/* Pushes crawl_require and name, ready for a protected call (1 arg). */
void vf_engine_push_require(lua_State *L, const char *name);

#endif
