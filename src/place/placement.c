/* Placing a resolved map on a level: the game's _build_vault_impl for one
 * vault, without the layout around it. */
#include "vf_placement.h"
#include "place_int.h"

#include <stdio.h>
#include <string.h>

static void start_vault(vf_level_vault *v, const vf_rmap *m,
                        const vf_place_opts *o, int x, int y)
{
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", m->def->name);
    v->x = x;
    v->y = y;
    v->w = m->grid.w;
    v->h = m->grid.h;
    v->transparent = o->force_transparent ||
                     vf_rmap_has_tag(m, "transparent");
    v->no_tele_into = vf_rmap_has_tag(m, "no_tele_into");
    v->minivault = vf_rmap_has_tag(m, "minivault");
}

static int is_encompass(const vf_rmap *m)
{
    return m->orient && !strcmp(m->orient, "encompass");
}

static int wants_float_exits(const vf_rmap *m)
{
    if (is_encompass(m)) return 0;
    return !(vf_rmap_has_tag(m, "minivault") && vf_rmap_has_tag(m, "no_exits"));
}

vf_place_status vf_place_map(vf_level *l, vf_rmap *m, const vf_place_opts *o,
                             vf_rng *r, vf_placed *out)
{
    memset(out, 0, sizeof *out);
    out->vault = -1;
    if (l->nvaults >= VF_LEVEL_MAX_VAULTS) {
        snprintf(out->why, sizeof out->why, "too many vaults on the level");
        return VF_PLACE_FAILED;
    }
    int x, y;
    if (vf_place_position(l, m, o->check_collision, r, &x, &y, out->why,
                          sizeof out->why))
        return VF_PLACE_FAILED;
    int index = l->nvaults++;
    vf_level_vault *v = &l->vaults[index];
    start_vault(v, m, o, x, y);
    vf_place_write(l, m, r, v);
    if (!v->nexits && wants_float_exits(m)) vf_place_float_exits(l, m, r, v);
    vf_place_register(l, m, o, index, v);
    out->vault = index;
    out->x = x;
    out->y = y;
    out->w = v->w;
    out->h = v->h;
    out->exits = v->nexits;
    /* An encompass map is the level: the game joins none of its exits
     * ("our work is done", dungeon.cc _build_vault_impl). */
    if (o->make_no_exits || o->defer_exits || is_encompass(m))
        return VF_PLACED;
    for (int i = 0; i < v->nexits; i++)
        out->connected +=
            vf_place_connect_exit(l, v->exits[i].x, v->exits[i].y, r);
    return out->connected || !v->nexits ? VF_PLACED : VF_EXITS_UNCONNECTED;
}
