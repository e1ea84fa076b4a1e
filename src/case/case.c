/* One case: resolve, build the level, place, judge. */
#include "case_int.h"
#include "vf_gamelayout.h"
#include "vf_severity.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void build_level(vf_level *l, const vf_game *g, const vf_place *p,
                        vf_mode mode)
{
    if (mode == VF_MODE_EMPTY) vf_level_init_empty(l, g, p);
    else vf_level_init(l, g, p, VF_F_ROCK_WALL);
}

/* An encompass map is the whole level, rock where it draws nothing,
 * judged as it stands, as a layout's level is. One that is overwritable
 * is a layout: the game puts the stairs in and lets its hooks' maps go
 * on it (dungeon.cc _build_vault_impl: dgn_place_stone_stairs unless
 * the map is encompass and not is_overwritable_layout); one that is not
 * is the level with its own stairs and exits, none added or joined. */
static int is_the_level(const vf_rmap *m)
{
    return vf_rmap_is_encompass(m) && !vf_rmap_has_tag(m, "overwritable");
}

static unsigned resolve_kind(vf_resolve_status st)
{
    switch (st) {
    case VF_LUA_ERROR: return VF_V_LUA_ERROR;
    case VF_VALIDATE_FAILED: return VF_V_VALIDATE_FAILED;
    case VF_VETOED: return VF_V_VETOED;
    default: return 0;
    }
}

void case_connect_exits(vf_level *l, vf_rng *r, vf_placed *pl)
{
    const vf_level_vault *lv = &l->vaults[pl->vault];
    pl->connected = 0;
    for (int i = 0; i < lv->nexits; i++)
        pl->connected += vf_place_connect_exit(l, lv->exits[i].x,
                                               lv->exits[i].y, r);
}

/* The layout a try draws: one of the pool of VF_LAYOUT_POOL under the
 * base seed (vf_case.h), picked by the try's seed, so a case replays alone
 * and cases of many maps share the layouts they draw. */
static uint64_t layout_seed(uint64_t base, vf_mode m, uint64_t try_seed)
{
    uint64_t slot = vf_seed_mix(try_seed ^ CASE_SEED_LAYOUT) % VF_LAYOUT_POOL;
    return vf_seed_layout_case(base, "layout pool", vf_mode_name(m),
                               (uint32_t)slot);
}

/* The layout's small pieces: the game fills them with rock (dungeon.cc
 * _fill_small_disconnected_zones). */
static void fill_small_pieces(vf_level *l, const vf_conn_pieces *pc)
{
    for (int y = 0; pc->small && y < VF_GYM; y++)
        for (int h = 0; h < 2; h++)
            for (uint64_t w = pc->small_cells.w[y][h]; w; w &= w - 1)
                l->feat[y][64 * h + __builtin_ctzll(w)] = VF_F_ROCK_WALL;
}

/* Whether a zone holding a piece of the layout has no stairs, where the
 * game looks for them ("Isolated areas with no stairs"), with why: the
 * vault cut the piece off (it would have stairs on another build), or
 * the layout's one zone has none because the vault holds every stair
 * that counts. */
static int stairless_veto(const vf_level *l, const vf_conn_pieces *pc,
                          char *why, size_t n)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    if (!pc->stairless || !vf_branch_checked(b)) return 0;
    if (pc->apart == 1) {
        /* Nothing was cut off: the stairs that count are all in the
         * vault, which its mask keeps out of the zones (the game adds a
         * stair only when no vault brought it, dgn_place_stone_stairs;
         * at a branch's bottom _fixup_stone_stairs keeps no down stair
         * and only up stairs count, _process_disconnected_zones). */
        snprintf(why, n, "the layout has no stairs: every stair that "
                 "counts here is inside the vault, behind its mask (the "
                 "game vetoes the level: isolated areas with no stairs)");
        return 1;
    }
    snprintf(why, n, "the vault cuts off %d part%s of the layout without "
             "stairs (the game vetoes the level and builds another)",
             pc->stairless, pc->stairless > 1 ? "s" : "");
    return 1;
}

/* dungeon.cc _branch_entrances_are_connected: a branch entrance that
 * reaches no stone staircase on foot vetoes the level, with why. The
 * Abyss is built by its own code, which does not look. */
static int entrance_veto(const vf_level *l, char *why, size_t n)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    int x, y;
    if ((b && !strcmp(b->abbrev, "Abyss")) ||
        !vf_conn_entrance_cut_off(l, &x, &y))
        return 0;
    snprintf(why, n, "the branch entrance %s at (%d,%d) reaches no stone "
             "staircase on foot (the game vetoes the level: dungeon.cc "
             "_branch_entrances_are_connected)",
             vf_feature_name(l->feat[y][x]), x, y);
    return 1;
}

int case_layout_stairless(const vf_level *l, vf_conn_memo *memo, char *why,
                          size_t n)
{
    vf_conn_pieces *pc = vf_xmalloc(sizeof *pc);
    vf_conn_layout_vetoes(l, VF_CONN_SMALL_ZONE, INT_MAX, pc, memo);
    int vetoed = stairless_veto(l, pc, why, n);
    free(pc);
    return vetoed;
}

/* The zones holding a large piece a minivault may leave, on a layout
 * that had zones of its own. */
static int most_apart(int zones)
{
    return zones > 1 ? zones : 1;
}

/* Whether the game would veto the level for what the vault did to the
 * layout's pieces (dungeon.cc _dgn_verify_connectivity), with why: a
 * minivault that leaves more zones than the layout had ("Had %d zones,
 * now has %d"), or a zone of the layout without stairs
 * (stairless_veto). */
static int vetoed_layout(const vf_level *l, int primary, int zones,
                         const vf_conn_pieces *pc, char *why, size_t n)
{
    if (!primary && pc->apart > most_apart(zones)) {
        snprintf(why, n, "the minivault parts the layout into %d zones (the "
                 "game vetoes the level and builds another)", pc->apart);
        return 1;
    }
    return stairless_veto(l, pc, why, n);
}

/* The stairs and the vault's post_place hooks in the game's order: a
 * primary vault's level gets its stairs before the hooks run
 * (_build_vault_impl places them with the layout), a minivault's hooks
 * run as it is placed, before the builder puts the stairs in. */
static int stairs_and_hooks(const case_build *b, int primary, uint64_t sseed)
{
    int hooks = primary ? CASE_HOOKS_RAN : case_run_hooks(b, sseed);
    if (hooks != CASE_HOOKS_RAN) return hooks;
    vf_rng sr;   /* the stairs' own draws */
    vf_rng_seed(&sr, vf_seed_mix(sseed ^ CASE_SEED_STAIRS));
    case_place_stairs(b->c->level, &sr);
    return primary ? case_run_hooks(b, sseed) : CASE_HOOKS_RAN;
}

case_try case_place_on_layout(const case_build *b, const case_drawing *d)
{
    vf_case *c = b->c;
    vf_verdict *v = b->v;
    int primary = !vf_rmap_has_tag(&c->map, "minivault");
    vf_place_opts po = {.check_collision = 1,
                        .force_transparent = c->opts.opacity,
                        .defer_exits = 1};
    vf_sbuf err = VF_SBUF_INIT;
    int rc = primary ? 0 : d->draw(c->level, d->layout, &err);
    if (!rc && vf_place_map(c->level, &c->map, &po, b->r, &v->placed)
               == VF_PLACE_FAILED)
        rc = -1;
    else if (!rc && primary)
        rc = d->draw(c->level, d->layout, &err);
    if (err.len) snprintf(v->placed.why, sizeof v->placed.why, "%s",
                          vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    return rc ? CASE_TRY_NO_POSITION : CASE_TRY_PLACED;
}

/* A synthetic layout for case_place_on_layout. */
typedef struct synthetic {
    vf_layout_cache *cache;
    vf_mode mode;
    uint64_t seed;
    int *zones;              /* gets the layout's own large zones */
} synthetic;

static int draw_synthetic(vf_level *l, const void *layout, vf_sbuf *err)
{
    const synthetic *s = layout;
    return case_draw_layout(l, s->cache, s->mode, s->seed, s->zones, err);
}

/* A layout level the game's way: a primary vault first on the rock
 * level, the layout drawn round it; a minivault (no ORIENT) after the
 * layout (§6.3). Then the exits are connected (§6.4) and the stairs go
 * in. When the game would veto the level for the layout's pieces
 * (vetoed_layout) or because none of the vault's exits connects
 * (case_exits_vetoed), it builds another (dungeon.cc builder(): up to 50
 * levels), which is no fault of the vault as long as another build
 * takes it: the try says CASE_TRY_VETOED and the caller builds again. */
static case_try place_in_layout(const case_build *b, uint64_t lseed,
                                uint64_t sseed)
{
    vf_case *c = b->c;
    vf_level *l = c->level;
    vf_rng *r = b->r;
    vf_verdict *v = b->v;
    int primary = !vf_rmap_has_tag(&c->map, "minivault");
    int zones = 0;
    synthetic syn = {.cache = c->layouts, .mode = c->opts.mode,
                     .seed = lseed, .zones = &zones};
    case_drawing d = {.draw = draw_synthetic, .layout = &syn};
    if (case_place_on_layout(b, &d) != CASE_TRY_PLACED)
        return CASE_TRY_NO_POSITION;
    vf_conn_pieces *pc = vf_xmalloc(sizeof *pc);
    vf_conn_layout_pieces_only(l, VF_CONN_SMALL_ZONE, pc);
    fill_small_pieces(l, pc);
    case_connect_exits(l, r, &v->placed);
    int hooks = stairs_and_hooks(b, primary, sseed);
    if (hooks != CASE_HOOKS_RAN) {
        free(pc);
        return hooks == CASE_HOOKS_VETOED ? CASE_TRY_VETOED
                                          : CASE_TRY_HOOK_ERROR;
    }
    vf_conn_layout_vetoes(l, VF_CONN_SMALL_ZONE, primary ? INT_MAX
                                                      : most_apart(zones),
                          pc, c->conn_memo);
    int vetoed = vetoed_layout(l, primary, zones, pc, v->placed.why,
                               sizeof v->placed.why);
    free(pc);
    if (vetoed || case_exits_vetoed(l, &v->placed, v->placed.why,
                                    sizeof v->placed.why) ||
        entrance_veto(l, v->placed.why, sizeof v->placed.why))
        return CASE_TRY_VETOED;
    if (v->placed.exits && !v->placed.connected)   /* the Abyss keeps it */
        v->kinds |= VF_V_EXIT_UNCONNECTED;
    return CASE_TRY_PLACED;
}

/* One more build of the case vetoed, for why (the first one's kept). */
static void note_veto(vf_verdict *v, const char *why)
{
    if (!v->vetoed_builds++)
        snprintf(v->veto_why, sizeof v->veto_why, "%s", why);
}

/* The map is on placement.lua's level: its hooks run inside the game's
 * place_map there, and a hook that fails makes place_map give nil, which
 * the script reports as a failure to place. Returns 1 when the case is
 * built, 0 when its hooks ended it. */
static int placed_alone(const case_build *b, uint64_t seed)
{
    vf_verdict *v = b->v;
    int hooks = case_run_hooks(b, seed);
    if (hooks == CASE_HOOKS_FAILED) return 0;
    if (hooks == CASE_HOOKS_VETOED) {
        v->kinds |= VF_V_PLACE_FAILED;
        snprintf(v->message, sizeof v->message, "%s", v->placed.why);
        return 0;
    }
    return v->builds = 1;
}

/* The game's _write_vault: up to 25 tries of resolve then position. Each
 * try after the first resolves from a seed derived from the case seed, so
 * the case still replays alone. In a layout a try also builds the level
 * again with a layout of its own (a level vetoed as the vault goes on it
 * is built again; vetoed every time, the case is level_vetoed). Returns
 * 1 when placed (one build: v->builds). */
static int resolve_and_place(vf_case *c, const vf_mapdef *def, vf_rng *r,
                             vf_verdict *v)
{
    vf_engine *e = c->engine;
    vf_level *l = c->level;
    vf_rmap *m = &c->map;
    const vf_case_opts *o = &c->opts;
    int layout = vf_mode_is_layout(o->mode), vetoed = 0;
    case_try last = CASE_TRY_PLACED;
    vf_place_opts po = {.make_no_exits = 1, .force_transparent = o->opacity};
    case_build b = {c, r, v};
    if (layout && !case_layout_reaches(e, def, &l->place, v->message,
                                       sizeof v->message))
        return v->not_tried = 1, 0;
    for (int tries = 0; tries < VF_RESOLVE_ATTEMPTS; tries++) {
        vf_sbuf err = VF_SBUF_INIT;
        uint64_t seed = tries ? vf_seed_mix(v->seed + (uint64_t)tries)
                              : v->seed;
        vf_resolve_req rq = {.def = def, .seed = seed};
        vf_resolve_status st = vf_engine_resolve(e, &rq, m, &err);
        v->attempts += m->attempts;
        if (st != VF_RESOLVED) {
            v->kinds |= st == VF_LUA_ERROR && vf_engine_timed_out(e)
                        ? VF_V_LUA_TIMEOUT : resolve_kind(st);
            snprintf(v->message, sizeof v->message, "%s", vf_sbuf_str(&err));
            vf_sbuf_free(&err);
            return 0;
        }
        vf_sbuf_free(&err);
        if (!vf_mode_admits(o->mode, vf_sbuf_str(&m->tags))) {
            v->not_tried = 1;
            snprintf(v->message, sizeof v->message, "not tried: its tags "
                     "keep it out of layout %s", vf_mode_name(o->mode));
            return 0;
        }
        /* The first try places on the level vf_case_run built, which
         * nothing has touched since (resolving never sees the level). */
        if (tries)
            build_level(l, vf_engine_game(e), vf_engine_place(e), o->mode);
        if (layout) {
            if (o->mode == VF_MODE_GAME) {
                vf_rng lr;   /* the layout's own draws */
                vf_rng_seed(&lr, vf_seed_mix(seed ^ CASE_SEED_LAYOUT));
                last = case_game_place(&b, &lr, seed);
                if (last == CASE_TRY_NOT_TRIED) return v->not_tried = 1, 0;
            } else {
                last = place_in_layout(&b, layout_seed(o->seed, o->mode,
                                                       seed), seed);
            }
            if (last == CASE_TRY_HOOK_ERROR) return 0;
            if (last == CASE_TRY_PLACED) return v->builds = 1;
            vetoed += last == CASE_TRY_VETOED;
            continue;
        }
        if (vf_rmap_is_encompass(m))
            vf_level_init(l, vf_engine_game(e), vf_engine_place(e),
                          VF_F_ROCK_WALL);
        vf_place_status ps = vf_place_map(l, m, &po, r, &v->placed);
        if (ps == VF_PLACE_FAILED) continue;
        if (vf_rmap_is_encompass(m) && !is_the_level(m)) {
            vf_rng sr;   /* the stairs' own draws */
            vf_rng_seed(&sr, vf_seed_mix(seed ^ CASE_SEED_STAIRS));
            case_place_stairs(l, &sr);
        }
        return placed_alone(&b, seed);
    }
    /* The vetoes as the vault goes on a layout are built again, not
     * counted (their share in our layouts is mostly the layouts' own
     * scraps); the last of them stands for the case's build. */
    if (last == CASE_TRY_VETOED) {
        v->builds = 1;
        note_veto(v, v->placed.why);
    }
    v->kinds |= last == CASE_TRY_VETOED ? VF_V_LEVEL_VETOED
                                        : VF_V_PLACE_FAILED;
    if (vetoed)
        snprintf(v->message, sizeof v->message, "%s: in %d of %d builds",
                 v->placed.why, vetoed, VF_RESOLVE_ATTEMPTS);
    else
        snprintf(v->message, sizeof v->message, "%s", v->placed.why);
    return 0;
}

/* placement.lua asks for no exits, so none is connected; but an exit the
 * game could never connect is worth knowing: the game vetoes a level on
 * which none of a vault's exits connects (§6.4). */
static void judge_exits(const vf_level *l, vf_verdict *v)
{
    const vf_level_vault *lv = &l->vaults[v->placed.vault];
    int reach = 0;
    for (int i = 0; i < lv->nexits; i++)
        reach += vf_place_exit_reaches_floor(l, lv->exits[i].x,
                                             lv->exits[i].y);
    if (lv->nexits && !reach) v->kinds |= VF_V_EXIT_UNCONNECTED;
}

/* A case's kinds and which of them are warnings and errors. */
typedef struct graded_bits {
    unsigned kinds, warning, error;
} graded_bits;

/* Sets kind bit b at severity sv (the worst one a kind meets wins). */
static void grade_bits(graded_bits *g, unsigned b, vf_sev sv)
{
    if (sv == VF_SEV_OK) return;
    g->kinds |= b;
    if (sv == VF_SEV_ERROR) g->error |= b;
    else if (sv == VF_SEV_WARNING && !(g->error & b)) g->warning |= b;
    if (g->error & b) g->warning &= ~b;
}

static void grade(vf_verdict *v, unsigned b, vf_sev sv)
{
    graded_bits g = {v->kinds, v->warning, v->error};
    grade_bits(&g, b, sv);
    v->kinds = g.kinds;
    v->warning = g.warning;
    v->error = g.error;
}

static const unsigned conn_bits[VF_CONN_KIND_COUNT] = {
    VF_V_ISOLATED_ZONES, VF_V_STAIRLESS_ZONE, VF_V_ISOLATED_AREA,
    VF_V_TRAP_POCKET, VF_V_TELE_CLOSET_WALK, VF_V_TELE_CLOSET_FLY,
    VF_V_INTERIOR_POCKET,
};

/* Whether finding i counts where the level is: in a layout only
 * findings in or next to a vault, since what the layout does away from
 * the vault (an island in a lake) is not the vault's doing. */
static int counts(const vf_conn_finding *f, int layout)
{
    return !layout || f->vault >= 0 || f->s.vaults_in || f->s.vaults_near;
}

/* The finding a kind stands for when all its findings were dropped past
 * the cap: a large region holding vault cells, the worst it can be. */
static vf_conn_finding dropped_finding(int k)
{
    vf_conn_finding worst;
    memset(&worst, 0, sizeof worst);
    worst.kind = (vf_conn_kind)k;
    worst.vault = 0;
    worst.s.size = VF_GXM * VF_GYM;
    worst.s.vaults_in = 1;
    return worst;
}

/* Each finding graded into v. When one vetoes the level, the game throws
 * the level away: no player meets anything else on it, so the case
 * carries level_vetoed and, as notes, the findings behind the veto. */
static void grade_findings(const vf_level *l, const vf_conn_report *r,
                           const vf_sev_ctx *c, int layout, vf_verdict *v)
{
    unsigned described = 0, vetoing = 0;
    graded_bits mine = {v->kinds, v->warning, v->error};
    for (int i = 0; i < r->nfindings; i++) {
        const vf_conn_finding *f = &r->findings[i];
        unsigned kinds = vf_sev_finding_kinds(f);
        described |= kinds;
        if (!counts(f, layout)) continue;
        vf_sev_grade g = vf_sev_grade_in_report(l, r, i, c);
        for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
            if (kinds & (1u << k)) {
                grade_bits(&mine, conn_bits[k], g.sev);
                if (g.veto) vetoing |= conn_bits[k];
            }
    }
    for (int k = 0; r->dropped && k < VF_CONN_KIND_COUNT; k++) {
        if (!r->count[k] || (described & (1u << k))) continue;
        vf_conn_finding worst = dropped_finding(k);
        vf_sev_grade g = vf_sev_finding_grade(&worst, c);
        grade_bits(&mine, conn_bits[k], g.sev);
        if (g.veto) vetoing |= conn_bits[k];
    }
    if (!vetoing) {
        v->kinds = mine.kinds;
        v->warning = mine.warning;
        v->error = mine.error;
        return;
    }
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
        if (vetoing & conn_bits[k]) grade(v, conn_bits[k], VF_SEV_NOTE);
    /* Pandemonium's layouts split round any vault: the game throws away
     * about a quarter of its builds even with a plain open float there
     * (tests/labels-trunk.tsv), so only the empty level's splits are the
     * vault's to count. */
    if (c->pan && layout) {
        grade(v, VF_V_LEVEL_VETOED, VF_SEV_NOTE);
        return;
    }
    note_veto(v, "an area of the level without stairs, or a zone apart: "
              "the game vetoes the level (dungeon.cc "
              "_dgn_verify_connectivity)");
}

/* The kinds that no finding grades. */
#define PLAIN_KINDS (VF_V_LUA_ERROR | VF_V_VALIDATE_FAILED | VF_V_VETOED \
                     | VF_V_PLACE_FAILED | VF_V_EXIT_UNCONNECTED \
                     | VF_V_LEVEL_VETOED | VF_V_LUA_TIMEOUT)

/* Those kinds, at their plain severity. */
static void grade_plain(vf_verdict *v, unsigned kinds)
{
    for (int i = 0; i < VF_V_COUNT_KINDS; i++)
        if (kinds & (1u << i))
            grade(v, 1u << i, vf_sev_plain(1u << i, &v->judged));
}

/* Floor with no vault's rectangle on it or next to it. */
static int outside_vaults(const vf_level *l, int x, int y)
{
    if (l->feat[y][x] != VF_F_FLOOR) return 0;
    for (int i = 0; i < l->nvaults; i++) {
        const vf_level_vault *lv = &l->vaults[i];
        if (x >= lv->x - 1 && x <= lv->x + lv->w &&
            y >= lv->y - 1 && y <= lv->y + lv->h)
            return 0;
    }
    return 1;
}

/* Where the up staircase goes. placement.lua's -tele-zones puts it at
 * (1,1) so that the level's own zone has a stair and only the vault's
 * closets count ("Unclear if this position works for all vaults"); it
 * does not for a vault placed over or against (1,1) (ORIENT northwest,
 * a big float), where the stair would stand in the vault and make the
 * rest of the level the closet. Then the stair goes where the script
 * means it to be: the first floor cell, row by row, outside every vault.
 * (1,1) when there is none. */
static void stair_cell(const vf_level *l, int *sx, int *sy)
{
    *sx = *sy = 1;
    if (outside_vaults(l, 1, 1)) return;
    for (int y = 1; y < VF_GYM - 1; y++)
        for (int x = 1; x < VF_GXM - 1; x++)
            if (outside_vaults(l, x, y)) {
                *sx = x;
                *sy = y;
                return;
            }
}

/* The level-wide checks: the zone count first, then the analysis with an
 * up staircase in (stair_cell), as placement.lua's -tele-zones does. The
 * count is of the passable cells before the stair goes in; when the stair
 * leaves its cell as passable as it was (the usual case: floor there, no
 * mask), the cells are the same and the analysis counts them.
 * placement.lua's test is one zone; a second zone is judged by the
 * findings that describe it (isolated_zones ones, of the level as the
 * game fills it), and is no finding when the game would not look at any
 * of them or fills it. */
static void judge_level(vf_level *l, vf_conn_report *r, const vf_sev_ctx *c,
                        vf_verdict *v)
{
    int x, y;
    stair_cell(l, &x, &y);
    v->stair_x = x;
    v->stair_y = y;
    uint8_t under = l->feat[y][x];
    int was = vf_conn_cell(l, VF_CP_PASSABLE, x, y);
    l->feat[y][x] = VF_F_STONE_STAIRS_UP_I;
    int same = vf_conn_cell(l, VF_CP_PASSABLE, x, y) == was;
    if (!same) {
        l->feat[y][x] = under;
        v->zones = vf_conn_count_zones(l, 0);
        l->feat[y][x] = VF_F_STONE_STAIRS_UP_I;
    }
    vf_conn_analyse(l, r);
    if (same) v->zones = r->nzones;
    grade_findings(l, r, c, 0, v);
    /* dungeon.cc _fill_small_disconnected_zones: harmless, but the
     * vault made it (the empty level has no other walls). */
    if (r->filled) grade(v, VF_V_FILLED_ZONE, VF_SEV_NOTE);
    if (v->zones <= 1) {
        v->kinds &= ~VF_V_ISOLATED_ZONES;
        v->warning &= ~VF_V_ISOLATED_ZONES;
        v->error &= ~VF_V_ISOLATED_ZONES;
    }
}

/* The level the case built, vetoed for a branch entrance cut off: no
 * player meets the rest, so what was found on it stays as notes. */
static void judge_entrances(const vf_level *l, vf_verdict *v)
{
    char why[sizeof v->veto_why];
    /* One veto a build: the game throws the level away at the first. */
    if (v->vetoed_builds || !entrance_veto(l, why, sizeof why)) return;
    unsigned conn = 0;
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++) conn |= conn_bits[k];
    v->warning &= ~conn;
    v->error &= ~conn;
    note_veto(v, why);
}

/* placement.lua's -fill: the vault alone in rock, placed with no exits
 * (place_map(map, false, true)), then count_disconnected_zones (dungeon.cc
 * dgn_count_disconnected_zones: zones of passable cells) must be 1. No
 * stair goes in and no exit is looked for: in rock there is no floor for
 * either, so both would fail every vault for the set-up's sake. */
static void judge_fill(const vf_level *l, vf_verdict *v)
{
    v->zones = vf_conn_count_zones(l, 0);
    if (v->zones > 1) grade(v, VF_V_ISOLATED_ZONES, VF_SEV_ERROR);
}

/* A layout level has its own stairs: the analysis as it stands. */
static void judge_layout(vf_level *l, vf_conn_report *r, const vf_sev_ctx *c,
                         const vf_conn_memo *memo, vf_verdict *v)
{
    vf_conn_analyse_with(l, r, memo);
    v->zones = r->nzones;
    grade_findings(l, r, c, 1, v);
}

static void sev_ctx(vf_engine *e, const vf_level *l, const vf_rmap *m,
                    vf_mode mode, vf_sev_ctx *c)
{
    const vf_branch *b = vf_branch_get(l->game, l->place.branch);
    c->checked = vf_branch_checked(b);
    c->closets_masked = vf_engine_closets_masked(e);
    c->minivault = vf_rmap_has_tag(m, "minivault");
    c->layout = vf_mode_is_layout(mode);
    c->stress = c->layout && mode != VF_MODE_GAME;
    c->abyss = b && !strcmp(b->abbrev, "Abyss");
    c->pan = b && !strcmp(b->abbrev, "Pan");
    c->empty = mode == VF_MODE_EMPTY;
    c->is_level = is_the_level(m);
    c->no_teleport = b && !strcmp(b->abbrev, "Gauntlet");
    c->exit_made = b && (!strcmp(b->abbrev, "Crucible")
                         || !strcmp(b->abbrev, "Arena"));
}

/* The hooks of maps placed by hooks run only VF_HOOK_NEST_MAX deep (the
 * game has no bound; ours keeps a hook that places its own kind from
 * looping): those past it place more maps in the game and were not run,
 * so a case that found nothing is not tried, never ok. */
static void hooks_left(vf_verdict *v)
{
    if (!v->hooks_not_run || v->kinds || v->not_tried) return;
    v->not_tried = 1;
    snprintf(v->message, sizeof v->message, "not tried: %d post_place "
             "hook%s of maps placed by hooks more than %d deep (what the "
             "game runs once each is placed, most often placing more maps) "
             "%s not run by vaultfuzz", v->hooks_not_run,
             v->hooks_not_run == 1 ? "" : "s", VF_HOOK_NEST_MAX,
             v->hooks_not_run == 1 ? "is" : "are");
}

void vf_case_init(vf_case *c, vf_engine *e, const vf_case_opts *o)
{
    memset(c, 0, sizeof *c);
    c->engine = e;
    c->opts = *o;
    c->level = vf_xmalloc(sizeof *c->level);
    c->report = vf_xmalloc(sizeof *c->report);
    vf_rmap_init(&c->map, NULL, NULL);
    c->game_layouts = o->game_layouts;
}

void vf_case_release(vf_case *c)
{
    free(c->level);
    free(c->report);
    vf_rmap_free(&c->map);
    vf_layout_cache_free(c->layouts);
    if (c->game_layouts != c->opts.game_layouts)
        vf_gamelayouts_free(c->game_layouts);
    vf_conn_memo_free(c->conn_memo);
    memset(c, 0, sizeof *c);
}

/* The caches a case in c's mode uses, made as first needed. */
static void need_caches(vf_case *c)
{
    int layout = vf_mode_is_layout(c->opts.mode);
    if (c->opts.mode == VF_MODE_GAME && !c->game_layouts)
        c->game_layouts = vf_gamelayouts_new();
    /* Only layouts count zones more than once on a level. */
    if (layout && !c->conn_memo) c->conn_memo = vf_conn_memo_new();
    if (layout && c->opts.keep_layouts && !c->layouts)
        c->layouts = vf_layout_cache_new();
}

void vf_case_run(vf_case *c, const vf_mapdef *def, uint32_t iter,
                 vf_verdict *v)
{
    const vf_case_opts *o = &c->opts;
    vf_level *l = c->level;
    vf_conn_report *r = c->report;
    vf_rmap *m = &c->map;
    vf_choices *log = m->choices;
    /* A fresh map each case: one the case never resolves (a layout that
     * never takes it) is def's as written, not the last case's. */
    vf_rmap_free(m);
    vf_rmap_init(m, def, NULL);
    m->choices = log;
    memset(v, 0, sizeof *v);
    v->placed.vault = -1;
    v->zones = -1;
    v->stair_x = v->stair_y = -1;
    r->nzones = r->nfindings = r->dropped = 0;
    memset(r->count, 0, sizeof r->count);
    v->seed = vf_seed_layout_case(o->seed, def->name, vf_mode_name(o->mode),
                                  iter);
    vf_rng pr;
    vf_rng_seed(&pr, vf_seed_mix(v->seed ^ 0x706c616365ULL));   /* "place" */
    m->forced_tags = o->no_rotate ? "no_rotate no_vmirror no_hmirror "
                                    "no_pool_fixup" : NULL;
    build_level(l, vf_engine_game(c->engine), vf_engine_place(c->engine),
                o->mode);
    need_caches(c);
    if (resolve_and_place(c, def, &pr, v)) {
        sev_ctx(c->engine, l, m, o->mode, &v->judged);
        if (vf_mode_is_layout(o->mode)) {
            judge_layout(l, r, &v->judged, c->conn_memo, v);
        } else if (o->mode == VF_MODE_FILL) {
            judge_fill(l, v);
        } else if (vf_rmap_is_encompass(m)) {
            judge_layout(l, r, &v->judged, c->conn_memo, v);
            judge_entrances(l, v);
        } else {
            judge_exits(l, v);
            judge_level(l, r, &v->judged, v);
            judge_entrances(l, v);
        }
    } else {
        v->judged.layout = vf_mode_is_layout(o->mode);
        v->judged.stress = v->judged.layout && o->mode != VF_MODE_GAME;
    }
    if (v->vetoed_builds) {
        v->kinds |= VF_V_LEVEL_VETOED;
        if (!v->message[0])
            snprintf(v->message, sizeof v->message, "level vetoed in %d of "
                     "%d builds: %s", v->vetoed_builds, v->builds,
                     v->veto_why);
    }
    grade_plain(v, v->kinds & PLAIN_KINDS);
    hooks_left(v);
    vf_engine_forget_hooks(c->engine);
}
