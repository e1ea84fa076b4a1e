/* Layout mode game: the level built from one of the game's own layout
 * maps, the vault placed on it as the game places a primary vault or a
 * minivault.
 *
 * The game (dungeon.cc) builds a level with a primary vault by placing
 * the vault on rock, then picking a layout for it (_pick_layout: a map
 * tagged "central" for an ORIENT: centre vault, else one tagged "layout",
 * never one tagged no_primary_vault, and one whose layout_type_* the
 * vault's layout_* / nolayout_* tags admit, _vault_can_use_layout) and
 * writing it round the vault as an overwritable map
 * (_build_postvault_level); the exits are connected afterwards. Without
 * a primary vault it writes a random "layout" map (_builder_normal) and
 * puts minivaults on it (_place_minivaults), which only choose layouts
 * their tags admit (maps.cc _map_matches_layout_type). Maps are drawn by
 * weight at the level among those whose DEPTH admits it, those with a
 * CHANCE there rolled first (maps.cc random_map_for_tag with
 * check_chance, _random_map_in_list). */
#include "case_int.h"
#include "vf_catalog.h"
#include "vf_gamelayout.h"
#include "vf_placement.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef case_glslot slot;

#define PICKS 256          /* lists of layout maps kept, by key */
#define PICK_MAPS 128      /* a longer list is rolled over afresh */
#define PICK_KEY 96

/* The layout maps a vault may draw at a place, with their CHANCE and
 * WEIGHT there (vf_catalog_list_if): the same for every vault whose
 * layout_* and nolayout_* tags (key) are the same, at the same place,
 * primary or not. Listing them read every layout map's DEPTH and tags
 * at each case, and rolling them each one's WEIGHT and CHANCE. */
typedef struct pick_list {
    int ok, primary, central;
    vf_place place;
    char key[PICK_KEY];
    size_t n;
    vf_pick_cand cand[PICK_MAPS];
} pick_list;

struct vf_gamelayouts {
    case_glstore *store;   /* shared with the workers forked after new */
    slot own;              /* the last build, when the store had no room */
    vf_level scratch;      /* where a layout map is written */
    unsigned long resolved, reused;
    pick_list *picks;      /* PICKS, owned */
    const vf_catalog *picks_of;   /* the catalogue they list */
};

vf_gamelayouts *vf_gamelayouts_new(void)
{
    vf_gamelayouts *g = vf_xmalloc(sizeof *g);
    g->store = case_glstore_new();
    g->resolved = g->reused = 0;
    g->picks = vf_xcalloc(PICKS, sizeof *g->picks);
    g->picks_of = NULL;
    return g;
}

void vf_gamelayouts_free(vf_gamelayouts *g)
{
    if (!g) return;
    case_glstore_free(g->store);
    free(g->picks);
    free(g);
}

void vf_gamelayouts_stats(const vf_gamelayouts *g, unsigned long *resolved,
                          unsigned long *reused)
{
    *resolved = g->resolved;
    *reused = g->reused;
}

/* ---- zones --------------------------------------------------------------- */

/* The layout's own pieces: zones of more than VF_CONN_SMALL_ZONE cells outside
 * every vault (the game's dgn_count_disconnected_zones; a vault's sealed
 * room is not one: that is the vault's finding, not a cut layout). */
static int layout_zones(const vf_level *l, vf_conn_memo *memo)
{
    return vf_conn_zones_beyond_vaults(l, VF_CONN_SMALL_ZONE, memo);
}

/* ---- building a layout ------------------------------------------------- */

/* The layout map written on a rock level as the game writes a layout
 * (vf_place_write: its glyphs, keyed features, the branch's trees). Its
 * own stairs become floor: the stairs go in once the vault is placed
 * (case_place_stairs). */
static void write_layout(vf_gamelayouts *g, slot *s, vf_rmap *rm)
{
    vf_level *l = &g->scratch;
    vf_rng r;
    vf_rng_seed(&r, vf_seed_mix(s->seed ^ 0x777269746555ULL));   /* "write" */
    vf_level_init(l, rm->game, &s->place, VF_F_ROCK_WALL);
    vf_level_vault v;
    memset(&v, 0, sizeof v);
    v.w = rm->grid.w < VF_GXM ? rm->grid.w : VF_GXM;
    v.h = rm->grid.h < VF_GYM ? rm->grid.h : VF_GYM;
    vf_place_write(l, rm, &r, &v);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            if (vf_feature_props(l->feat[y][x]) & VF_FP_STAIR)
                l->feat[y][x] = VF_F_FLOOR;
    memcpy(s->feat, l->feat, sizeof s->feat);
    memcpy(s->content, l->content, sizeof s->content);
    s->zones = layout_zones(l, NULL);
}

static void build_slot(vf_engine *e, vf_gamelayouts *g, slot *s)
{
    vf_rmap rm;
    vf_sbuf err = VF_SBUF_INIT;
    vf_rmap_init(&rm, s->def, NULL);
    unsigned long reads = vf_engine_place_reads(e);
    vf_resolve_req rq = {.def = s->def, .seed = s->seed};
    vf_resolve_status st = vf_engine_resolve(e, &rq, &rm, &err);
    s->any_depth = vf_engine_place_reads(e) == reads;
    g->resolved++;
    s->ok = st == VF_RESOLVED;
    s->empty = 0;
    if (s->ok) write_layout(g, s, &rm);
    /* Some layout maps (the Vaults branch's) draw on the level itself
     * from Lua, which the engine does not give them: their grid stays
     * empty. */
    s->why[0] = '\0';
    if (s->ok && !s->zones) s->empty = 1;
    else if (!s->ok)
        snprintf(s->why, sizeof s->why, "layout map %s did not resolve: %s",
                 s->def->name, st == VF_LUA_ERROR ? vf_sbuf_str(&err)
                 : st == VF_VETOED ? "vetoed" : "validate failed");
    vf_rmap_free(&rm);
    vf_sbuf_free(&err);
}

/* The built layout of (def, k) at place p: from the store, or built now
 * (and kept for every worker). */
static const slot *get_slot(vf_engine *e, vf_gamelayouts *g,
                            const vf_mapdef *def, int k, uint64_t seed,
                            const vf_place *p)
{
    const slot *kept = case_glstore_find(g->store, def, k, seed, p);
    if (kept) {
        g->reused++;
        return kept;
    }
    slot *s = &g->own;
    s->def = def;
    s->k = k;
    s->seed = seed;
    s->place = *p;
    build_slot(e, g, s);
    case_glstore_keep(g->store, s);
    return s;
}

/* ---- choosing a layout ------------------------------------------------- */

typedef struct chooser {
    const char *tags;      /* the vault's */
    int primary;
} chooser;

static int usable(const void *ctx, const vf_mapinfo *i)
{
    const chooser *c = ctx;
    if (c->primary && vf_mapinfo_has_tag(i, "no_primary_vault", 16))
        return 0;
    return vf_layout_admits(c->tags, i->tags);
}

/* The vault's layout_* and nolayout_* words, all vf_layout_admits reads
 * of its tags, into key; -1 when they do not fit. */
static int layout_words(const char *tags, char *key, size_t cap)
{
    size_t at = 0;
    key[0] = '\0';
    for (const char *p = tags; *p;) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if ((n >= 7 && !strncmp(p, "layout_", 7)) ||
            (n >= 9 && !strncmp(p, "nolayout_", 9))) {
            if (at + n + 2 > cap) return -1;
            key[at++] = ' ';
            memcpy(key + at, p, n);
            at += n;
            key[at] = '\0';
        }
        p += n;
    }
    return 0;
}

static size_t key_slot(const char *key, const vf_place *p, int primary,
                       int central)
{
    uint64_t h = vf_hash((uint64_t)(unsigned)p->branch << 32 |
                         (uint64_t)(unsigned)p->depth << 2 |
                         (uint64_t)(primary << 1 | central), key,
                         strlen(key));
    return (size_t)(vf_seed_mix(h) % PICKS);
}

/* vf_catalog_pick_if(tag) for the chooser c at p, over the list kept for
 * its key (made now when there is none). */
static const vf_mapinfo *pick_kept(vf_gamelayouts *g, const vf_catalog *cat,
                                   const char *tag, const chooser *c,
                                   const vf_place *p, vf_rng *r)
{
    int central = !strcmp(tag, "central");
    vf_pick_req q = {.tags = tag, .check_depth = 1, .check_chance = 1,
                     .place = p, .keep = usable, .ctx = c};
    char key[PICK_KEY];
    if (layout_words(c->tags, key, sizeof key))
        return vf_catalog_pick_if(cat, &q, r);
    if (g->picks_of != cat) {   /* another catalogue: another run */
        memset(g->picks, 0, PICKS * sizeof *g->picks);
        g->picks_of = cat;
    }
    pick_list *pl = &g->picks[key_slot(key, p, c->primary, central)];
    if (!pl->ok || pl->primary != c->primary || pl->central != central ||
        pl->place.branch != p->branch || pl->place.depth != p->depth ||
        strcmp(pl->key, key)) {
        size_t n = vf_catalog_list_if(cat, &q, pl->cand, PICK_MAPS);
        pl->ok = n <= PICK_MAPS;
        if (!pl->ok) return vf_catalog_pick_if(cat, &q, r);
        pl->n = n;
        pl->primary = c->primary;
        pl->central = central;
        pl->place = *p;
        memcpy(pl->key, key, sizeof key);
    }
    return vf_catalog_pick_from(cat, &q, pl->cand, pl->n, r);
}

static const vf_mapinfo *choose(vf_gamelayouts *g, const vf_catalog *cat,
                                const vf_rmap *m, int primary,
                                const vf_place *p, vf_rng *r)
{
    chooser c = {vf_sbuf_str(&m->tags), primary};
    const vf_mapinfo *i = NULL;
    if (primary && m->orient && !strcmp(m->orient, "centre"))
        i = pick_kept(g, cat, "central", &c, p, r);
    if (!i)
        i = pick_kept(g, cat, "layout", &c, p, r);
    return i;
}

/* ---- the case ------------------------------------------------------------ */

/* Writes the layout on l round every cell a vault holds; rows without
 * one (most of them) whole. */
static void draw(vf_level *l, const slot *s)
{
    for (int y = 0; y < VF_GYM; y++) {
        if (!case_row_has_vault(l, y)) {
            memcpy(l->feat[y], s->feat[y], sizeof l->feat[y]);
            memcpy(l->content[y], s->content[y], sizeof l->content[y]);
            continue;
        }
        for (int x = 0; x < VF_GXM; x++)
            if (!(l->mask[y][x] & VF_MMT_VAULT)) {
                l->feat[y][x] = s->feat[y][x];
                l->content[y][x] = s->content[y][x];
            }
    }
}

/* draw for case_place_on_layout: a built layout never fails. */
static int draw_slot(vf_level *l, const void *layout, vf_sbuf *err)
{
    (void)err;
    draw(l, layout);
    return 0;
}

/* The vault's hooks on the level built round it: CASE_TRY_VETOED or
 * CASE_TRY_HOOK_ERROR when they veto it or raised an error, else
 * CASE_TRY_PLACED. */
static case_try run_hooks(const case_build *b, uint64_t seed)
{
    int hooks = case_run_hooks(b, seed);
    if (hooks == CASE_HOOKS_RAN) return CASE_TRY_PLACED;
    b->v->placed.vault = -1;
    return hooks == CASE_HOOKS_VETOED ? CASE_TRY_VETOED
                                      : CASE_TRY_HOOK_ERROR;
}

case_try case_game_place(const case_build *b, vf_rng *lr, uint64_t try_seed)
{
    vf_engine *e = b->c->engine;
    vf_level *l = b->c->level;
    vf_rmap *m = &b->c->map;
    vf_gamelayouts *g = b->c->game_layouts;
    vf_conn_memo *memo = b->c->conn_memo;
    vf_verdict *v = b->v;
    vf_sbuf err = VF_SBUF_INIT;
    const vf_catalog *cat = vf_engine_catalog(e, &err);
    if (!cat) {
        snprintf(v->placed.why, sizeof v->placed.why, "no maps' index for "
                 "the game's layouts: %s", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        return CASE_TRY_NO_POSITION;
    }
    int primary = !vf_rmap_has_tag(m, "minivault");
    const vf_mapinfo *i = choose(g, cat, m, primary, &l->place, lr);
    if (!i) {
        /* Told apart: a vault no layout takes, or no layout at all. */
        int any = vf_catalog_pick(cat, "layout", 1, &l->place, NULL, lr)
                  != NULL;
        snprintf(v->message, sizeof v->message, "not tried: %s", any
                 ? "no layout map at this level admits it (its layout_* "
                   "and nolayout_* tags)"
                 : "no layout map is loaded for this level (mode game "
                   "draws from the loaded maps tagged layout: the "
                   "checkout's dat/des/builder)");
        return CASE_TRY_NOT_TRIED;
    }
    int k = vf_random2(lr, VF_GAMELAYOUT_POOL);
    uint64_t seed = vf_seed_case(b->c->opts.seed, i->def->name, (uint32_t)k);
    snprintf(v->layout, sizeof v->layout, "%s", i->def->name);
    /* A build resolves the layout map on the engine whose generator m
     * still draws from as it is written (KFEAT '=' cells): m's draws must
     * not depend on whether its layout was built now or kept. */
    vf_rng drawing = *m->rng;
    const slot *s = get_slot(e, g, i->def, k, seed, &l->place);
    *m->rng = drawing;
    if (!s->ok) {
        snprintf(v->placed.why, sizeof v->placed.why, "%s", s->why);
        return CASE_TRY_NO_POSITION;
    }
    if (s->empty) {
        snprintf(v->message, sizeof v->message, "not tried: layout map %s "
                 "drew no level (its Lua draws on the level itself, which "
                 "vaultfuzz does not emulate)", i->def->name);
        return CASE_TRY_NOT_TRIED;
    }
    case_drawing d = {draw_slot, s};
    if (case_place_on_layout(b, &d) != CASE_TRY_PLACED)
        return CASE_TRY_NO_POSITION;
    case_connect_exits(l, b->r, &v->placed);
    /* A minivault's hooks run as it is placed; a primary vault's once its
     * level has stairs (_build_vault_impl). */
    case_try hooked = primary ? CASE_TRY_PLACED : run_hooks(b, try_seed);
    if (hooked != CASE_TRY_PLACED) return hooked;
    int zones = primary ? 0 : layout_zones(l, memo);
    if (zones > s->zones) {
        /* dungeon.cc _dgn_verify_connectivity vetoes a level a minivault
         * cut into more zones ("Had %d zones, now has %d"): the game
         * builds another level. Not for a primary vault: the zones are
         * first counted once the primary vault and its layout are built
         * (_build_vault_impl, when dgn_check_connectivity is set), so
         * what it parted is the level's own count. */
        snprintf(v->placed.why, sizeof v->placed.why, "the vault cut %s "
                 "into %d zones (it has %d alone): the game vetoes such a "
                 "level", i->def->name, zones, s->zones);
        v->placed.vault = -1;
        return CASE_TRY_VETOED;
    }
    if (case_exits_vetoed(l, &v->placed, v->placed.why,
                          sizeof v->placed.why)) {
        v->placed.vault = -1;
        return CASE_TRY_VETOED;
    }
    if (v->placed.exits && !v->placed.connected)   /* the Abyss keeps it */
        v->kinds |= VF_V_EXIT_UNCONNECTED;
    case_place_stairs(l, lr);
    hooked = primary ? run_hooks(b, try_seed) : CASE_TRY_PLACED;
    if (hooked != CASE_TRY_PLACED) return hooked;
    /* And one whose layout has a zone without stairs. */
    if (case_layout_stairless(l, memo, v->placed.why,
                              sizeof v->placed.why)) {
        v->placed.vault = -1;
        return CASE_TRY_VETOED;
    }
    return CASE_TRY_PLACED;
}
