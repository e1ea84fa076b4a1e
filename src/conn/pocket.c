/* Interior pockets (beyond the game): parts of a non-transparent vault
 * that a teleport can land in and that the vault's exits do not reach.
 *
 * The game's checks see an opaque vault as a wall, so they pass a vault
 * whose inside is cut in two; the teleport-closet check catches such a
 * part only when nothing at all leads out of it. Here the inside is
 * walked from the exits placement chose, through the vault's own cells,
 * as the closet check walks (traps are no obstacle): a room reached only
 * through a gap in the vault's wall that is not an exit is a pocket,
 * since on a real level only exits are joined to the rest. */
#include "conn_int.h"

#include <string.h>

/* Whether (cx, cy) is a cell of vault v (index) the walk may cross. */
static int walkable(const cn_ctx *x, int v, int cx, int cy)
{
    return vf_level_in_bounds(cx, cy) && x->l->vault[cy][cx] == v + 1
           && cn_has(&x->set, cx, cy);
}

/* A vault without exits is entered wherever a walkable cell of it is next
 * to a passable cell outside it. */
static int opening(const cn_ctx *x, int v, int cx, int cy)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = cx + dx, ny = cy + dy;
            if (vf_level_in_bounds(nx, ny) && x->l->vault[ny][nx] != v + 1
                && cn_has(&x->pass, nx, ny))
                return 1;
        }
    return 0;
}

/* x->set: the closet-walkable cells of the whole level; the vault's part
 * goes into its own set, with its entries and landings. */
static void vault_sets(cn_ctx *x, int v, cn_bits *in, cn_bits *entries,
                       cn_bits *land)
{
    const vf_level_vault *vt = &x->l->vaults[v];
    memset(in, 0, sizeof *in);
    memset(entries, 0, sizeof *entries);
    memset(land, 0, sizeof *land);
    for (int cy = vt->y; cy < vt->y + vt->h; cy++)
        for (int cx = vt->x; cx < vt->x + vt->w; cx++) {
            if (!walkable(x, v, cx, cy)) continue;
            cn_set(in, cx, cy);
            if (!vt->nexits && opening(x, v, cx, cy)) cn_set(entries, cx, cy);
            if (cn_has(&x->land, cx, cy) && !vt->no_tele_into)
                cn_set(land, cx, cy);
        }
    for (int i = 0; i < vt->nexits && i < VF_LEVEL_MAX_EXITS; i++)
        if (walkable(x, v, vt->exits[i].x, vt->exits[i].y))
            cn_set(entries, vt->exits[i].x, vt->exits[i].y);
}

static void vault_pockets(cn_ctx *x, int v)
{
    cn_bits in, entries, land;
    cn_lab *b = &x->lab;
    vault_sets(x, v, &in, &entries, &land);
    int n = cn_label(b, &in);
    for (int c = 0; c < n; c++) {
        if (cn_comp_hits(b, c, &entries) || cn_comp_hits(b, c, &x->exits))
            continue;
        int landings = cn_comp_count(b, c, &land);
        if (!landings) continue;
        vf_conn_finding *f = cn_finding_new(x, VF_CONN_INTERIOR_POCKET);
        cn_finding_add_comp(x, f, b, c);
        if (f) {
            f->landings = landings;
            f->vault = v;
        }
    }
}

void cn_pockets(cn_ctx *x)
{
    cn_build(&x->k, x->l, VF_CP_CLOSET_WALK, &x->set, CN_EXIT | CN_HATCH,
             &x->exits);
    cn_landings(x, 0);
    for (int v = 0; v < x->l->nvaults; v++)
        if (!x->l->vaults[v].transparent) vault_pockets(x, v);
}
