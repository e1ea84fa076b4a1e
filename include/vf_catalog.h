/* vf_catalog: what the game's map index knows about every map, for
 * choosing maps by tag or name (SUBVAULT, dgn.map_by_tag, map_by_name).
 *
 * The game chooses among its maps with the values their load-time run
 * left (dcss-compat.md §2.3): tags (Lua may add some: bazaar_setup tags a
 * map normal_bazaar), DEPTH with the file's default-depth when the map
 * has none, PLACE, WEIGHT and its depth overrides. A catalogue holds
 * exactly that, made by running every map's Lua as at load time
 * (is_validating() true) in an engine of its own, each map under the
 * seed vf_seed_case(0, name, 0) as lint's load-time run uses; so it does
 * not depend on which engine asks, or when. A map whose load-time run
 * fails is never chosen (the game would not have started).
 *
 * Selection follows maps.cc random_map_for_tag: every map carrying all
 * the wanted tags whose DEPTH allows the place (or that has no DEPTH)
 * and that is not used up takes part in a roll weighted by its weight
 * at the place; a "dummy" map winning the roll means no map. */
#ifndef VF_CATALOG_H
#define VF_CATALOG_H

#include <stddef.h>

#include "vf_depth.h"
#include "vf_des.h"
#include "vf_engine.h"
#include "vf_rmap.h"
#include "vf_rng.h"

typedef struct vf_mapinfo {
    const vf_mapdef *def;
    const vf_game *game;     /* the catalogue's (its engine config's): the
                              * branches its ranges name */
    int loaded;              /* the load-time run passed */
    char *problem;           /* why the map fails at load: its Lua's error
                              * or the game's load-time checks (vf_mapcheck,
                              * which may also add tags); owned, NULL if
                              * none */
    char *tags;              /* " tag1 tag2 ", owned */
    char *orient;            /* owned; NULL = none */
    char *depth, *place;     /* DEPTH and PLACE as written, owned */
    vf_depths depths;        /* DEPTH, or the file's default-depth */
    vf_depths places;
    int weight;              /* WEIGHT */
    vf_depth_values weights; /* its depth overrides */
    int chance;              /* CHANCE in 1/10000ths, -1: none */
    vf_depth_values chances; /* its depth overrides */
} vf_mapinfo;

/* A catalogue fills its entries as they are asked for, with an engine of
 * its own (made on first need, freed once every entry is filled), so that
 * looking up one map's entry costs one map's load-time run; choosing by
 * tag fills them all. A complete catalogue is never changed again: one
 * made by vf_catalog_build may be shared by engines on several threads. */

/* An empty catalogue of set's maps, run with an engine configured as cfg
 * (copied; its catalog field is ignored, its paths must
 * outlive the catalogue, as must set). The caller frees it. */
vf_catalog *vf_catalog_new(const vf_desset *set,
                           const vf_engine_config *cfg);
/* A complete one, its entries filled by threads threads at once (each
 * with an engine of its own; the entries do not depend on how they were
 * shared out); NULL with a message in err if an engine cannot start. */
vf_catalog *vf_catalog_build(const vf_desset *set,
                             const vf_engine_config *cfg, int threads,
                             vf_sbuf *err);
void vf_catalog_free(vf_catalog *c);
/* Fills every entry. Returns 0, or -1 with a message in err. */
int vf_catalog_complete(vf_catalog *c, vf_sbuf *err);
/* The entry of def (one of the set's maps), filled if need be; NULL with a
 * message in err if the catalogue's engine cannot start. */
const vf_mapinfo *vf_catalog_info(vf_catalog *c, const vf_mapdef *def,
                                  vf_sbuf *err);

/* The entry of def in c when it is filled (always, in a complete
 * catalogue), else NULL: a look-up that never runs a map. */
const vf_mapinfo *vf_catalog_entry(const vf_catalog *c, const vf_mapdef *def);

/* Gives m (a map of i's def, freshly reset) the index entry's tags,
 * orientation, depths and weights. */
void vf_mapinfo_seed(const vf_mapinfo *i, vf_rmap *m);
int vf_mapinfo_has_tag(const vf_mapinfo *i, const char *tag, size_t n);
/* The weight at p: the first matching depth override, else WEIGHT. */
int vf_mapinfo_weight(const vf_mapinfo *i, const vf_place *p);
/* The CHANCE at p (1/10000ths): the first matching depth override, else
 * CHANCE; -1 when the map has none there. */
int vf_mapinfo_chance(const vf_mapinfo *i, const vf_place *p);
/* Where the game would build the map, near want: want itself when the
 * map's PLACE or DEPTH allows it there (or it has neither); else the
 * first place its PLACE allows, else the first its DEPTH allows. */
void vf_mapinfo_place(const vf_mapinfo *i, const vf_place *want,
                      vf_place *out);

/* Where the game's own layouts draw a map that has neither DEPTH nor
 * PLACE, by its tags: a Vaults room (tagged as the Vaults layout draws
 * its rooms) on the first level of the Vaults. Returns 0 with *out set,
 * or -1 when no layout of the game draws it by tag. */
int vf_mapinfo_drawn_in(const vf_mapinfo *i, vf_place *out);

/* Names and tags taken by maps already chosen (a uniqueness record):
 * a map is used up when its name is listed or it carries a listed tag. */
typedef struct vf_used {
    vf_strlist names, tags;
} vf_used;

/* Records a chosen map: its name unless it is allow_dup (and not luniq),
 * and its uniq_, luniq_ and buniq_ tags (tags as " a b "). */
void vf_used_add(vf_used *u, const char *name, const char *tags);
/* Drops entries past the first names / tags ones (a rollback). */
void vf_used_truncate(vf_used *u, size_t names, size_t tags);
void vf_used_free(vf_used *u);

/* The game's random_map_for_tag over a complete catalogue: tags is
 * space-separated, all wanted; check_depth compares DEPTH with place.
 * Draws from r; returns NULL when no map qualifies or a dummy won. used
 * may be NULL. */
const vf_mapinfo *vf_catalog_pick(const vf_catalog *c, const char *tags,
                                  int check_depth, const vf_place *place,
                                  const vf_used *used, vf_rng *r);

/* What a pick asks for, filled by designated initialisers (fields left
 * out are 0 / NULL): the maps carrying every tag of tags (space-
 * separated), with a DEPTH that allows place when check_depth, not used
 * up in used (NULL: none is), that keep(ctx, map) accepts (keep NULL:
 * every one). check_chance: the game's layout picks (vf_catalog_pick_if).
 * The caller owns every pointer; a pick keeps none of them. */
typedef int (*vf_map_filter)(const void *ctx, const vf_mapinfo *i);
typedef struct vf_pick_req {
    const char *tags;
    int check_depth, check_chance;
    const vf_place *place;
    const vf_used *used;
    vf_map_filter keep;
    const void *ctx;
} vf_pick_req;

/* vf_catalog_pick's roll (check_chance ignored), before the dummy check
 * (a dummy may come back), with the maps it rolled over -- those with a
 * weight at place, in roll order -- in cand (the first cap; *ncand gets
 * how many): a subvault's pick as a choice (vf_choice.h). */
const vf_mapinfo *vf_catalog_pick_listed(const vf_catalog *c,
                                         const vf_pick_req *q, vf_rng *r,
                                         const vf_mapinfo **cand, size_t cap,
                                         size_t *ncand);

/* The same roll, as the game's callers add their own conditions with
 * keep (dungeon.cc _pick_layout: no_primary_vault,
 * _vault_can_use_layout). With check_chance (the game's layout picks),
 * the maps with a CHANCE at place are rolled first, as maps.cc
 * _random_map_in_list does: in map order, one per chance_* tag (the
 * first), each winning with its chance in 10000; a winner with a
 * chance_* tag stands for a weighted roll among every map carrying that
 * tag, CHANCE ignored. Only when none wins do the maps without a CHANCE
 * there roll by weight. */
const vf_mapinfo *vf_catalog_pick_if(const vf_catalog *c,
                                     const vf_pick_req *q, vf_rng *r);
/* vf_catalog_pick_if in two halves, for a caller that picks often with
 * the same request (mode game, a layout per case): list_if puts the
 * maps it would roll over -- those eligible at place that keep accepts,
 * in roll order, with their CHANCE and WEIGHT there -- in cand (the
 * first cap) and returns how many there are; pick_from makes pick_if's
 * draws over such a list, for the same request. Both take used as NULL.
 * Eligibility never depends on the draws, so the two give what pick_if
 * gives, draw for draw. */
typedef struct vf_pick_cand {
    const vf_mapinfo *map;
    int chance, weight;      /* vf_mapinfo_chance, vf_mapinfo_weight */
} vf_pick_cand;
size_t vf_catalog_list_if(const vf_catalog *c, const vf_pick_req *q,
                          vf_pick_cand *cand, size_t cap);
const vf_mapinfo *vf_catalog_pick_from(const vf_catalog *c,
                                       const vf_pick_req *q,
                                       const vf_pick_cand *cand, size_t n,
                                       vf_rng *r);

/* Whether the game builds every level p from an encompass map: the maps
 * its random_map_for_place(p, minivault false) can draw (maps.cc: PLACE
 * allows p, not a minivault, a weight there) are all ORIENT: encompass
 * and there is at least one. Returns the first such map, else NULL. On
 * such a level _builder_normal places no further vault (dungeon.cc: "Only
 * place subsequent random vaults on non-encompass maps"), and no layout
 * is drawn. Needs a complete catalogue. */
const vf_mapinfo *vf_catalog_place_encompass(const vf_catalog *c,
                                             const vf_place *p);

/* The first map (in load order) carrying every tag of tags whose load-time
 * run failed, or NULL: when no map is found for a tag, the failure to
 * report is that map's own (the game would not have started). */
const vf_mapinfo *vf_catalog_failed_for(const vf_catalog *c,
                                        const char *tags);

#endif
