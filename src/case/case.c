/* One case: resolve, build the level, place, judge. */
#include "case_int.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_names[VF_V_COUNT_KINDS] = {
    "lua_error", "validate_failed", "vetoed", "place_failed",
    "exit_unconnected", "isolated_zones", "stairless_zone", "isolated_area",
    "trap_pocket", "tele_closet_walk", "tele_closet_fly", "interior_pocket",
};

const char *vf_verdict_kind_name(unsigned bit)
{
    for (int i = 0; i < VF_V_COUNT_KINDS; i++)
        if (bit == 1u << i) return kind_names[i];
    return NULL;
}

static void build_level(vf_level *l, const vf_place *p, vf_mode mode)
{
    if (mode == VF_MODE_EMPTY) vf_level_init_empty(l, p);
    else vf_level_init(l, p, VF_F_ROCK_WALL);
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

/* Connects the exits of vault i now the layout is round it (§6.4). */
static void connect_exits(vf_level *l, vf_rng *r, vf_placed *pl)
{
    const vf_level_vault *lv = &l->vaults[pl->vault];
    pl->connected = 0;
    for (int i = 0; i < lv->nexits; i++)
        pl->connected += vf_place_connect_exit(l, lv->exits[i].x,
                                               lv->exits[i].y, r);
}

/* A layout level the game's way: a primary vault first on the rock
 * level, the layout drawn round it; a minivault (no ORIENT) after the
 * layout (§6.3). Either way the layout's pieces the vault cut apart are
 * joined again (the game would build another level), then the exits are
 * connected (§6.4) and the stairs placed. Returns 0 when placed, -1 when
 * the position failed. */
static int place_in_layout(vf_level *l, vf_rmap *m, const vf_case_opts *o,
                           vf_rng *r, vf_rng *lr, vf_verdict *v)
{
    int primary = !vf_rmap_has_tag(m, "minivault");
    vf_place_opts po = {1, 0, o->opacity, 1};
    vf_sbuf err = VF_SBUF_INIT;
    int rc = 0;
    if (!primary) rc = case_draw_layout(l, o->mode, &l->place, lr, &err);
    if (!rc && vf_place_map(l, m, &po, r, &v->placed) == VF_PLACE_FAILED)
        rc = -1;
    else if (!rc && primary)
        rc = case_draw_layout(l, o->mode, &l->place, lr, &err);
    if (err.len) snprintf(v->placed.why, sizeof v->placed.why, "%s",
                          vf_sbuf_str(&err));
    vf_sbuf_free(&err);
    if (rc) return -1;
    case_rejoin_layout(l);
    connect_exits(l, r, &v->placed);
    if (v->placed.exits && !v->placed.connected)
        v->kinds |= VF_V_EXIT_UNCONNECTED;
    case_place_stairs(l, lr);
    return 0;
}

/* The game's _write_vault: up to 25 tries of resolve then position. Each
 * try after the first resolves from a seed derived from the case seed, so
 * the case still replays alone. Returns 1 when placed. */
static int resolve_and_place(vf_engine *e, const vf_mapdef *def,
                             const vf_case_opts *o, vf_level *l, vf_rmap *m,
                             vf_rng *r, vf_verdict *v)
{
    int layout = vf_mode_is_layout(o->mode);
    vf_place_opts po = {0, 1, o->opacity, 0};
    for (int tries = 0; tries < VF_RESOLVE_ATTEMPTS; tries++) {
        vf_sbuf err = VF_SBUF_INIT;
        int n = 0;
        uint64_t seed = tries ? vf_seed_mix(v->seed + (uint64_t)tries)
                              : v->seed;
        vf_resolve_status st = vf_engine_resolve(e, def, seed, 0, m, &n, &err);
        v->attempts += n;
        if (st != VF_RESOLVED) {
            v->kinds |= resolve_kind(st);
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
        if (tries) build_level(l, vf_engine_place(e), o->mode);
        if (layout) {
            vf_rng lr;   /* the layout's own draws: "layout" */
            vf_rng_seed(&lr, vf_seed_mix(seed ^ 0x6c61796f7574ULL));
            if (!place_in_layout(l, m, o, r, &lr, v)) return 1;
            continue;
        }
        vf_place_status ps = vf_place_map(l, m, &po, r, &v->placed);
        if (ps != VF_PLACE_FAILED) return 1;
    }
    v->kinds |= VF_V_PLACE_FAILED;
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

/* The level-wide checks: the zone count first, then the analysis with an
 * up staircase at (1,1), as placement.lua's -tele-zones does. The count
 * is of the passable cells before the stair goes in; when the stair
 * leaves (1,1) as passable as it was (the usual case: floor there, no
 * mask), the cells are the same and the analysis counts them. */
static void judge_findings(const vf_conn_report *r, vf_verdict *v)
{
    static const unsigned bits[VF_CONN_KIND_COUNT] = {
        0, VF_V_STAIRLESS_ZONE, VF_V_ISOLATED_AREA, VF_V_TRAP_POCKET,
        VF_V_TELE_CLOSET_WALK, VF_V_TELE_CLOSET_FLY, VF_V_INTERIOR_POCKET,
    };
    if (v->zones > 1) v->kinds |= VF_V_ISOLATED_ZONES;
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
        if (r->count[k]) v->kinds |= bits[k];
}

static void judge_level(vf_level *l, vf_conn_report *r, vf_verdict *v)
{
    uint8_t under = l->feat[1][1];
    int was = vf_conn_cell(l, VF_CP_PASSABLE, 1, 1);
    l->feat[1][1] = VF_F_STONE_STAIRS_UP_I;
    int same = vf_conn_cell(l, VF_CP_PASSABLE, 1, 1) == was;
    if (!same) {
        l->feat[1][1] = under;
        v->zones = vf_conn_count_zones(l, 0);
        l->feat[1][1] = VF_F_STONE_STAIRS_UP_I;
    }
    vf_conn_analyse(l, r);
    if (same) v->zones = r->nzones;
    judge_findings(r, v);
}

/* A layout level has its own stairs: the analysis as it stands, counting
 * only the findings whose cells are in or next to a vault, since what the
 * layout does away from the vault (an island in a lake) is not the
 * vault's doing. When findings were dropped, every count stands. */
static void judge_layout(vf_level *l, vf_conn_report *r, vf_verdict *v)
{
    static const unsigned bits[VF_CONN_KIND_COUNT] = {
        VF_V_ISOLATED_ZONES, VF_V_STAIRLESS_ZONE, VF_V_ISOLATED_AREA,
        VF_V_TRAP_POCKET, VF_V_TELE_CLOSET_WALK, VF_V_TELE_CLOSET_FLY,
        VF_V_INTERIOR_POCKET,
    };
    vf_conn_analyse(l, r);
    v->zones = r->nzones;
    if (r->dropped) {
        judge_findings(r, v);
        return;
    }
    for (int i = 0; i < r->nfindings; i++) {
        const vf_conn_finding *f = &r->findings[i];
        if (!(f->vault >= 0 || f->s.vaults_in || f->s.vaults_near))
            continue;
        for (int k = 0; k < VF_CONN_KIND_COUNT; k++)   /* merged kinds */
            if (f->kinds & (1u << k)) v->kinds |= bits[k];
    }
}

void vf_case_run(vf_engine *e, const vf_mapdef *def, uint64_t base_seed,
                 uint32_t iter, const vf_case_opts *o, vf_level *l,
                 vf_rmap *m, vf_conn_report *r, vf_verdict *v)
{
    memset(v, 0, sizeof *v);
    v->placed.vault = -1;
    v->zones = -1;
    r->nzones = r->nfindings = r->dropped = 0;
    memset(r->count, 0, sizeof r->count);
    v->seed = vf_seed_case(base_seed, def->name, iter);
    vf_rng pr;
    vf_rng_seed(&pr, vf_seed_mix(v->seed ^ 0x706c616365ULL));   /* "place" */
    m->forced_tags = o->no_rotate ? "no_rotate no_vmirror no_hmirror "
                                    "no_pool_fixup" : NULL;
    build_level(l, vf_engine_place(e), o->mode);
    if (!resolve_and_place(e, def, o, l, m, &pr, v)) return;
    if (vf_mode_is_layout(o->mode)) {
        judge_layout(l, r, v);
        return;
    }
    judge_exits(l, v);
    judge_level(l, r, v);
}
