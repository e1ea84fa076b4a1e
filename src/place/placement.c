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

static int wants_float_exits(const vf_rmap *m)
{
    if (vf_rmap_is_encompass(m)) return 0;
    return !(vf_rmap_has_tag(m, "minivault") && vf_rmap_has_tag(m, "no_exits"));
}

/* One coordinate of a w-cell span centred on c, slid to lie within
 * [margin, size - margin). */
static int fit_centred(int c, int w, int size, int margin)
{
    long long v = (long long)c - w / 2;
    if (v > size - margin - w) v = size - margin - w;
    if (v < margin) v = margin;
    return (int)v;
}

/* A floating map given where it goes (the game's vault_placement pos):
 * centred there, slid onto the level, a minivault off its border
 * (maps.cc _apply_vault_grid); other orientations keep theirs. */
static int position_at(const vf_level *l, const vf_rmap *m, int check,
                       const vf_place_at *at, vf_rng *r, vf_placed *out)
{
    if (m->orient && strcmp(m->orient, "float"))
        return vf_place_position(l, m, check, r, out);
    int margin = vf_rmap_has_tag(m, "minivault") ? VF_MAPGEN_BORDER : 0;
    out->x = fit_centred(at->x, m->grid.w, VF_GXM, margin);
    out->y = fit_centred(at->y, m->grid.h, VF_GYM, margin);
    if (check && !vf_place_is_safe(l, m, out->x, out->y)) {
        snprintf(out->why, sizeof out->why,
                 "collides at (%d,%d), where it was asked to go", out->x,
                 out->y);
        return -1;
    }
    return 0;
}

vf_place_status vf_place_map(vf_level *l, vf_rmap *m, const vf_place_opts *o,
                             vf_rng *r, vf_placed *out)
{
    return vf_place_map_at(l, m, o, NULL, r, out);
}

vf_place_status vf_place_map_at(vf_level *l, vf_rmap *m,
                                const vf_place_opts *o, const vf_place_at *at,
                                vf_rng *r, vf_placed *out)
{
    memset(out, 0, sizeof *out);
    out->vault = -1;
    if (l->nvaults >= VF_LEVEL_MAX_VAULTS) {
        snprintf(out->why, sizeof out->why, "too many vaults on the level");
        return VF_PLACE_FAILED;
    }
    if (at ? position_at(l, m, o->check_collision, at, r, out)
           : vf_place_position(l, m, o->check_collision, r, out)) {
        out->x = out->y = 0;   /* not placed */
        return VF_PLACE_FAILED;
    }
    int x = out->x, y = out->y;
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
    if (o->make_no_exits || o->defer_exits || vf_rmap_is_encompass(m))
        return VF_PLACED;
    for (int i = 0; i < v->nexits; i++)
        out->connected +=
            vf_place_connect_exit(l, v->exits[i].x, v->exits[i].y, r);
    return out->connected || !v->nexits ? VF_PLACED : VF_EXITS_UNCONNECTED;
}
