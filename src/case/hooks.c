/* A placed map's post_place hooks, run on the case's level: the maps
 * they place (decor, a lair's ending, a serial group) become vaults of
 * the level, judged with it. */
#include "case_int.h"

#include <stdio.h>

/* The level the engine places on while the hooks run. */
typedef struct hook_level {
    vf_level *l;
    vf_rng *r;
    int opacity;
} hook_level;

/* The game's _build_secondary_vault for a map a hook places: position,
 * collision as asked, the cells written, its exits connected unless
 * no_exits (dungeon.cc _build_vault_impl with build_only). */
static int place_child(void *ctx, vf_rmap *m, const vf_engine_spot *s)
{
    hook_level *h = ctx;
    vf_place_opts po = {.check_collision = s->check_collide,
                        .make_no_exits = s->no_exits,
                        .force_transparent = h->opacity};
    vf_place_at at = {s->x, s->y};
    vf_placed pl;
    vf_place_status st = vf_place_map_at(h->l, m, &po, s->at ? &at : NULL,
                                         h->r, &pl);
    return st == VF_PLACE_FAILED ? -1 : st == VF_PLACED;
}

int case_run_hooks(const case_build *b, uint64_t seed)
{
    vf_verdict *v = b->v;
    vf_case *c = b->c;
    v->hooks_not_run = 0;
    if (!c->map.post_place_hooks) return CASE_HOOKS_RAN;
    hook_level h = {c->level, b->r, c->opts.opacity};
    vf_engine_level lvl = {&h, place_child};
    vf_sbuf err = VF_SBUF_INIT;
    vf_hook_status st = vf_engine_post_place(c->engine, &c->map, &lvl,
                                             vf_seed_mix(seed
                                                         ^ CASE_SEED_HOOKS),
                                             &v->hooks_not_run, &err);
    int rc = CASE_HOOKS_RAN;
    if (st == VF_HOOKS_LUA_ERROR) {
        v->kinds |= vf_engine_timed_out(c->engine) ? VF_V_LUA_TIMEOUT
                                                   : VF_V_LUA_ERROR;
        snprintf(v->message, sizeof v->message, "post_place hook: %s",
                 vf_sbuf_str(&err));
        rc = CASE_HOOKS_FAILED;
    } else if (st == VF_HOOKS_PLACE_FAILED) {
        snprintf(v->placed.why, sizeof v->placed.why, "its post_place hook "
                 "failed, which vetoes the level: %s", vf_sbuf_str(&err));
        rc = CASE_HOOKS_VETOED;
    }
    vf_sbuf_free(&err);
    return rc;
}

void vf_case_describe_children(const vf_level *l, const vf_verdict *v,
                               vf_sbuf *out)
{
    if (!l || v->placed.vault < 0) return;
    const char *sep = "hooks placed: ";
    for (int i = 0; i < l->nvaults; i++) {
        const vf_level_vault *lv = &l->vaults[i];
        if (i == v->placed.vault) continue;
        vf_sbuf_printf(out, "%s%s %dx%d at (%d,%d)", sep, lv->name, lv->w,
                       lv->h, lv->x, lv->y);
        sep = ", ";
    }
    if (*sep == ',') vf_sbuf_addc(out, '\n');
}
