/* A layout's pieces round the vaults on it: what vf_case asks before it
 * keeps a layout level or builds another (dungeon.cc: a level whose zones
 * a vault parted is vetoed). One labelling of the pieces, one of the
 * whole level when there is more than one large piece. */
#include "conn_int.h"

#include <string.h>

/* Row y's cells inside the builder's area (1..GXM-2, 1..GYM-2) with no
 * vault and no mask on them. */
static void open_row(const vf_level *l, int y, uint64_t out[2])
{
    out[0] = out[1] = 0;
    if (y < 1 || y >= VF_GYM - 1) return;
    uint64_t inner[2], v[2], m[2];
    cn_row_range(1, VF_GXM - 2, inner);
    cn_nonzero_row(l->vault[y], v);
    cn_nonzero_row16(l->mask[y], m);
    out[0] = inner[0] & ~(v[0] | m[0]);
    out[1] = inner[1] & ~(v[1] | m[1]);
}

static int comp_size(const cn_lab *b, int c)
{
    int n = 0;
    for (int i = b->first[c]; i != CN_NONE; i = b->next[i])
        n += (b->x1[i] - b->x0[i] + 1) * (b->y1[i] - b->y0[i] + 1);
    return n;
}

static void add_comp(const cn_lab *b, int c, vf_conn_cells *out)
{
    for (int i = b->first[c]; i != CN_NONE; i = b->next[i])
        for (int y = b->y0[i]; y <= b->y1[i]; y++) {
            uint64_t m[2];
            cn_row_range(b->x0[i], b->x1[i], m);
            out->w[y][0] |= m[0];
            out->w[y][1] |= m[1];
        }
}

/* The zones of the whole passable set that hold a large piece: how many
 * (out->apart), and how many of them have no exit stair or hatch
 * (out->stairless). */
static void zones_holding(const cn_lab *pieces, const uint8_t *large,
                          const cn_bits *pass, const cn_bits *exits,
                          vf_conn_memo *memo, vf_conn_pieces *out)
{
    cn_lab scratch;
    uint8_t seen[CN_MAX_SPANS];
    const cn_lab *whole = cn_memo_label(memo, &scratch, pass);
    memset(seen, 0, sizeof seen);
    for (int c = 0; c < pieces->ncomp; c++) {
        if (!large[c]) continue;
        int i = pieces->first[c];
        int z = cn_comp_at(whole, pieces->x0[i], pieces->y0[i]);
        if (z < 0 || seen[z]) continue;
        seen[z] = 1;
        out->apart++;
        if (!cn_comp_hits(whole, z, exits)) out->stairless++;
    }
}

/* Whether the whole level's zones show that neither veto can fire: no
 * zone without an exit holds more than small cells of the pieces, and
 * at most most_apart zones hold that many. A piece lies in one zone (the
 * pieces are passable cells, joined as the zones are), so a large piece
 * makes its zone hold more than small of them: then stairless is 0 and
 * apart is at most most_apart. */
static int vetoes_quiet(const cn_lab *whole, const cn_bits *pieces,
                        const cn_bits *exits, int small, int most_apart)
{
    int big = 0;
    for (int z = 0; z < whole->ncomp; z++) {
        if (cn_comp_count(whole, z, pieces) <= small) continue;
        if (++big > most_apart || !cn_comp_hits(whole, z, exits)) return 0;
    }
    return 1;
}

enum { PIECES_ONLY, PIECES_AND_ZONES, VETOES };

/* The pieces; with PIECES_AND_ZONES the zones of the whole level holding
 * them (a second labelling, of every passable cell, kept in memo); with
 * VETOES the same, unless that labelling shows at once that neither
 * veto can fire (vetoes_quiet: then nothing else is counted). */
static void layout_pieces(const vf_level *l, int small, int what,
                          int most_apart, vf_conn_memo *memo,
                          vf_conn_pieces *out)
{
    cn_classes k;
    cn_planes pl;
    cn_bits pass, pieces, exits;
    cn_lab lab;
    uint8_t large[CN_MAX_SPANS];
    cn_classes_init(&k, l);
    unsigned eb = cn_exit_bits(&k, VF_CE_HATCHES);
    cn_planes_build(&pl, &k, l, cn_pred_classes(VF_CP_PASSABLE) | eb,
                    cn_pred_needs(VF_CP_PASSABLE));
    cn_pred_set(&pl, l, VF_CP_PASSABLE, &pass);
    cn_class_set(&pl, eb, &exits);
    for (int y = 0; y < VF_GYM; y++) {
        uint64_t open[2];
        open_row(l, y, open);
        pieces.w[y][0] = pass.w[y][0] & open[0];
        pieces.w[y][1] = pass.w[y][1] & open[1];
    }
    memset(out, 0, sizeof *out);
    if (what == VETOES &&
        vetoes_quiet(cn_memo_label(memo, &lab, &pass), &pieces, &exits,
                     small, most_apart))
        return;
    int n = cn_label(&lab, &pieces);
    for (int c = 0; c < n; c++) {
        large[c] = comp_size(&lab, c) > small;
        if (large[c]) {
            out->large++;
        } else {
            out->small++;
            add_comp(&lab, c, &out->small_cells);
        }
    }
    if (what != PIECES_ONLY && out->large)
        zones_holding(&lab, large, &pass, &exits, memo, out);
}

void vf_conn_layout_pieces(const vf_level *l, int small, vf_conn_pieces *out,
                           vf_conn_memo *memo)
{
    layout_pieces(l, small, PIECES_AND_ZONES, 0, memo, out);
}

void vf_conn_layout_pieces_only(const vf_level *l, int small,
                                vf_conn_pieces *out)
{
    layout_pieces(l, small, PIECES_ONLY, 0, NULL, out);
}

void vf_conn_layout_vetoes(const vf_level *l, int small, int most_apart,
                           vf_conn_pieces *out, vf_conn_memo *memo)
{
    layout_pieces(l, small, VETOES, most_apart, memo, out);
}

int vf_conn_cells_has(const vf_conn_cells *c, int x, int y)
{
    return (int)(c->w[y][x >> 6] >> (x & 63)) & 1;
}
