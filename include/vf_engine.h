/* vf_engine: resolves maps, one Lua state per engine (one per worker).
 *
 * An engine holds a sandboxed state with the dgn/crawl bindings, the map
 * environment library (our dlua/, or the game's from a crawl checkout) and
 * every file's global prelude, run once in load order. vf_engine_resolve
 * then turns a map definition into a resolved map for one seed, as the
 * game does at placement (dcss-compat.md §2.3): veto, then prelude,
 * mapchunk, pre_main hooks, main, post_main hooks, fixup and validate, up
 * to 25 attempts. The result never depends on which maps the engine
 * resolved before.
 *
 * A map's Lua may resolve other maps inside its own resolve: SUBVAULT
 * (§5.8) and dgn.resolve_map / dgn.place_map, with maps chosen from the
 * catalogue (vf_catalog.h). They run in the same state, from the same
 * random numbers, each in its own map environment; the map that asked
 * finds its own environment as it left it. */
#ifndef VF_ENGINE_H
#define VF_ENGINE_H

#include <stdint.h>

#include "vf_des.h"
#include "vf_lua.h"
#include "vf_place.h"
#include "vf_rmap.h"

typedef struct vf_engine vf_engine;
typedef struct vf_catalog vf_catalog;   /* vf_catalog.h */

/* The paths and catalogue are borrowed: they must outlive the engine. */
typedef struct vf_engine_config {
    const char *dlua_dir;    /* our library (dungeon.lua); used when
                                crawl_dat is NULL */
    const char *crawl_dat;   /* the game's dat directory: its dlua/ is
                                loaded in the game's order instead */
    vf_game game;            /* the game the maps are read as
                                (vf_gamever.h; its tables borrowed, to
                                outlive the engine); trunk by default */
    vf_place place;          /* the level vault Lua asks about, a place
                                of game's branches */
    vf_lua_limits limits;    /* zero instructions and memory: their
                                defaults; zero seconds: its default */
    vf_catalog *catalog;     /* the maps' index (vf_catalog.h), complete;
                                NULL: the engine keeps its own, filled as
                                maps ask */
    int ignore_depth;        /* choosing maps by tag (SUBVAULT, map_by_tag)
                                never checks DEPTH: the game's
                                debug.builder_ignore_depth(true), set by
                                its placement.lua */
    int no_game;             /* no game set up, as the game's -script
                                runs (placement.lua): no unique was ever
                                made, so you.uniques is false */
    int library_in_lua;      /* none of the game's library functions that
                                vaultfuzz runs in C is replaced: all of it
                                runs in Lua (to compare the two) */
} vf_engine_config;

/* Our library in dlua_dir, the default place, default limits. */
void vf_engine_config_init(vf_engine_config *c, const char *dlua_dir);

/* The game's dat directory in a crawl checkout given as its
 * crawl-ref/source or its dat: a malloc'd path, or NULL with a message. */
char *vf_engine_find_crawl_dat(const char *dir, vf_sbuf *err);

typedef enum vf_resolve_status {
    VF_RESOLVED,          /* ok */
    VF_LUA_ERROR,         /* a Lua error: the game abandons the level */
    VF_VALIDATE_FAILED,   /* validate said no on every attempt */
    VF_VETOED,            /* the veto chunk said yes */
} vf_resolve_status;

#define VF_RESOLVE_ATTEMPTS 25

/* Creates an engine for the maps of set (which must outlive it), with the
 * library, place and limits of cfg (copied). Problems running global
 * preludes go to d; returns NULL with a message in err if the engine
 * cannot start. */
vf_engine *vf_engine_new(const vf_desset *set, const vf_engine_config *cfg,
                         vf_diag *d, vf_sbuf *err);
void vf_engine_free(vf_engine *e);

/* What to resolve: def for seed. validating: the load-time run
 * (is_validating() true, validate's answer ignored, epilogue run), not a
 * placement. Given by designated initialisers at the call:
 *
 *   vf_engine_resolve(e, &(vf_resolve_req){.def = def, .seed = seed},
 *                     &m, &err)
 */
typedef struct vf_resolve_req {
    const vf_mapdef *def;
    uint64_t seed;
    int validating;
} vf_resolve_req;

/* Resolves rq's map into out (initialised by the caller with
 * vf_rmap_init); out->attempts gets the number of attempts made. On
 * VF_LUA_ERROR err holds "file:line: message". */
vf_resolve_status vf_engine_resolve(vf_engine *e, const vf_resolve_req *rq,
                                    vf_rmap *out, vf_sbuf *err);

/* ---- post_place hooks ------------------------------------------------ */

/* What dgn.place_map asks of a map once the map whose hooks run is on
 * the level: its check_collide and no_exits, and a position when given. */
typedef struct vf_engine_spot {
    int check_collide, no_exits;
    int at, x, y;            /* at: centred on (x, y), as the game's where */
} vf_engine_spot;

/* The case's level, which only the case layer can place on
 * (harness/layers.txt): place puts resolved m on it and says 1 (placed),
 * 0 (written, but none of its exits connected: the game's place_map
 * still gives nil) or -1 (no room for it). */
typedef struct vf_engine_level {
    void *ctx;
    int (*place)(void *ctx, vf_rmap *m, const vf_engine_spot *s);
} vf_engine_level;

typedef enum vf_hook_status {
    VF_HOOKS_RAN,           /* ran to the end (or there were none) */
    VF_HOOKS_PLACE_FAILED,  /* a die_on_error placement failed ("Failed
                             * to place map"): the game vetoes the level
                             * without a word (mapdef.cc map_def::run_hook,
                             * dungeon.cc _build_vault_impl) */
    VF_HOOKS_LUA_ERROR,     /* any other error, or one in the hook of a
                             * map a hook placed: the game says it and
                             * vetoes the level (or, for the placed map,
                             * its place_map gives nil) */
} vf_hook_status;

/* Runs the post_place hooks m's last vf_engine_resolve left (the map's
 * own, its subvaults', the global ones), as the game runs them once m is
 * on the level: dgn.place_map then resolves the map it is given and
 * places it with lvl (what it did during the resolve, writing into the
 * resolving map, still holds for maps resolved inside), dgn.map_by_tag
 * picks at the engine's place among maps not yet on the level, and the
 * hooks of each placed map run in turn, nested at most VF_HOOK_NEST_MAX
 * deep (*deep counts the hooks left unrun past that). Draws from a
 * generator seeded with seed, under the budget of the case's resolve;
 * dgn.persist is what the resolve left. On an error err holds
 * "file:line: message". */
#define VF_HOOK_NEST_MAX 4
vf_hook_status vf_engine_post_place(vf_engine *e, vf_rmap *m,
                                    const vf_engine_level *lvl,
                                    uint64_t seed, int *deep, vf_sbuf *err);

/* Drops what resolves kept for vf_engine_post_place (at a case's end). */
void vf_engine_forget_hooks(vf_engine *e);

/* The game the engine reads its maps as (its config's, borrowed). */
const vf_game *vf_engine_game(const vf_engine *e);

/* The level the engine's vault Lua is told it is on (cfg->place, until
 * vf_engine_set_place). */
const vf_place *vf_engine_place(const vf_engine *e);
/* How many times the game library's bindings have read more of the place
 * than its branch so far (you.depth(), you.absdepth(), a subvault's DEPTH
 * check...): a resolve between two equal counts built what it would at
 * any depth of the branch. */
unsigned long vf_engine_place_reads(const vf_engine *e);
/* Whether the last resolve's Lua error was the CPU-time last resort
 * (vf_lua_timed_out), not the map's own error or the instruction budget. */
int vf_engine_timed_out(vf_engine *e);
/* vf_lua_allocations of the engine's state (for the allocation tests). */
unsigned long vf_engine_lua_allocations(const vf_engine *e);
void vf_engine_set_place(vf_engine *e, const vf_place *p);

/* A level def can be placed on, for vaultfuzz to run it where the game
 * would: the engine's place when def's PLACE or DEPTH (the file's
 * default-depth when it has none) admits it, else the first level its
 * PLACE allows, else the first its DEPTH allows (vf_mapinfo_place: branch-
 * table order, then depth). Reads them from the maps' index (the load-time
 * run, vf_catalog.h). Returns 0 with *out set; -1 when def names no level
 * at all (*out is then the engine's place) or its load-time Lua fails
 * (*out is then where the ranges read before the failure put it). */
int vf_engine_map_place(vf_engine *e, const vf_mapdef *def, vf_place *out);

/* The complete catalogue (the engine's own is completed on first use).
 * NULL while loading (no index yet), or with a message in err if it
 * cannot be made. */
const vf_catalog *vf_engine_catalog(vf_engine *e, vf_sbuf *err);

/* Whether the game whose library the engine runs masks the teleport
 * closets it finds (dungeon.cc _count_tele_closets, trunk since
 * 2026-06-28, with the allow_tele_closets tag a day later): never for a
 * release (vf_gamever.h: 0.34 and before); for trunk, our own library
 * and a checkout whose dat/des uses that tag, yes, an older one, no.
 * Worked out on the first call (it reads the checkout's .des files). */
int vf_engine_closets_masked(vf_engine *e);

/* Whether tag was registered with dgn.map_register_flag (the game's
 * library registers its flags in mapinit.lua, ours in dungeon.lua, and
 * vault Lua may add more): engine is the vf_engine. The signature is
 * vf_mapcheck's vf_flag_fn. */
int vf_engine_is_flag(void *engine, const char *tag);

/* Adds a Lua error about def to d at the line it names: a message
 * "path:line: text" for def's file is placed there; anything else at the
 * map's NAME: line. what prefixes the text ("placement, seed 3"). */
void vf_engine_diag(vf_diag *d, vf_severity sev, const vf_desset *set,
                    const vf_mapdef *def, const char *what, const char *msg);

#endif
