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
           && cn_has(&x->walk, cx, cy);
}

/* Row y's passable cells of no vault v, spread to their neighbours
 * across (y may be off the level: none). */
static void outside_row(const cn_ctx *x, int v, int y, uint64_t out[2])
{
    uint64_t pass[2] = {0, 0};
    if (y >= 0 && y < VF_GYM)
        for (int i = 0; i < 2; i++) {
            uint64_t same = 0;
            for (uint64_t w = x->pass.w[y][i]; w; w &= w - 1)
                if (x->l->vault[y][64 * i + __builtin_ctzll(w)] == v + 1)
                    same |= w & -w;
            pass[i] = x->pass.w[y][i] & ~same;
        }
    cn_row_spread(pass, out);
}

/* The vault's walkable cells (x->walk) into in, with its entries and
 * landings. A vault without exits, and a minivault, which lies on a
 * built level touching its floor (maps.cc _connected_minivault_place;
 * diagonal steps count, as everywhere in the game's floods), is entered
 * wherever a walkable cell of it is next to a passable cell outside it. */
static void vault_sets(cn_ctx *x, int v, cn_bits *in, cn_bits *entries,
                       cn_bits *land)
{
    const vf_level_vault *vt = &x->l->vaults[v];
    int y0 = vt->y < 0 ? 0 : vt->y;
    int y1 = vt->y + vt->h > VF_GYM ? VF_GYM : vt->y + vt->h;
    memset(in, 0, sizeof *in);
    memset(entries, 0, sizeof *entries);
    memset(land, 0, sizeof *land);
    for (int y = y0; y < y1; y++) {
        uint64_t cells[2], up[2], mid[2], down[2];
        cn_vault_row(x->l, v, y, cells);
        for (int i = 0; i < 2; i++) {
            in->w[y][i] = cells[i] & x->walk.w[y][i];
            if (!vt->no_tele_into)
                land->w[y][i] = in->w[y][i] & x->land.w[y][i];
        }
        if ((vt->nexits && !vt->minivault) || !(in->w[y][0] | in->w[y][1]))
            continue;
        outside_row(x, v, y - 1, up);
        outside_row(x, v, y, mid);
        outside_row(x, v, y + 1, down);
        for (int i = 0; i < 2; i++)
            entries->w[y][i] = in->w[y][i] & (up[i] | mid[i] | down[i]);
    }
    for (int i = 0; i < vt->nexits && i < VF_LEVEL_MAX_EXITS; i++)
        if (walkable(x, v, vt->exits[i].x, vt->exits[i].y))
            cn_set(entries, vt->exits[i].x, vt->exits[i].y);
}

static void vault_pockets(cn_ctx *x, int v)
{
    cn_bits in, entries, land;
    vault_sets(x, v, &in, &entries, &land);
    /* A pocket needs a landing: without any, no labelling can find one. */
    if (cn_empty(&land)) return;
    const cn_lab *b = cn_labelled(x, &in);
    uint8_t reached[CN_MAX_SPANS];
    for (int c = 0; c < b->ncomp; c++)
        reached[c] = cn_comp_hits(b, c, &entries)
                     || cn_comp_hits(b, c, &x->exits);
    /* As the closet flood follows them: a transporter out of the vault
     * is a way out of it. */
    cn_follow_transporters(x, b, &in, 1, reached);
    for (int c = 0; c < b->ncomp; c++) {
        if (reached[c]) continue;
        int landings = cn_comp_count(b, c, &land);
        if (!landings) continue;
        vf_conn_finding *f = cn_finding_new(x, VF_CONN_INTERIOR_POCKET);
        cn_finding_add_comp(x, f, b, c);
        if (f) {
            f->landings = landings;
            f->vault = v;
        }
        cn_finding_done(x, f);
    }
}

/* The ways out are the closet flood's (cn_way_out_bits, after the
 * game's _count_tele_closets): a permanent teleport trap inside a vault
 * takes the player out of it as surely as a stair. */
void cn_pockets(cn_ctx *x)
{
    cn_class_set(&x->pl, cn_way_out_bits(&x->k), &x->exits);
    for (int v = 0; v < x->l->nvaults; v++)
        if (!x->l->vaults[v].transparent) vault_pockets(x, v);
}
