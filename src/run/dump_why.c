/* A dump's why section: the causes in words, and the finding drawn on
 * the vault in its MAP block's own rows and columns, so the author reads
 * it against the .des file. */
#include "vf_dump.h"

#include <string.h>

/* The placed vault's glyphs, each cell a finding covers in its letter
 * (the first finding wins, as on the level), into g. */
static void lettered_vault(const vf_dump_in *in, vf_grid *g)
{
    const vf_rmap *m = in->rmap;
    const vf_placed *p = &in->v->placed;
    const vf_conn_report *r = in->report;
    vf_grid_init(g);
    for (int y = 0; y < m->grid.h; y++) {
        char row[VF_GXM + 1];
        int n = m->grid.len[y] < VF_GXM ? m->grid.len[y] : VF_GXM;
        for (int x = 0; x < n; x++) {
            row[x] = (char)vf_rmap_glyph(m, x, y);
            int lx = p->x + x, ly = p->y + y;
            if (lx < 0 || ly < 0 || lx >= VF_GXM || ly >= VF_GYM) continue;
            for (int i = r->nfindings - 1; i >= 0; i--)
                if (vf_conn_finding_has(&r->findings[i], lx, ly))
                    row[x] = (char)vf_conn_letter(i);
        }
        vf_grid_add_line(g, row, (size_t)n);
    }
}

/* Marks the cells of the causes made in coordinates of that kind (the
 * MAP's, or the placed vault's) with '*'. */
static void mark_causes(const vf_explanation *x, vf_grid *g, int placed)
{
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_choice *c = &x->causes[i].choice;
        /* A subvault's own cells are in its MAP, not this one. */
        if (c->x < 0 || c->y < 0 || !c->placed != !placed || c->sub[0])
            continue;
        if (c->y < g->h && c->x < g->len[c->y])
            vf_grid_row(g, c->y)[c->x] = '*';
    }
}

/* Back to the MAP's orientation: the flips undone, last first. */
static void unflip(const vf_explanation *x, vf_grid *g)
{
    vf_grid_normalise(g, ' ');
    if (x->rotate) vf_grid_rotate(g, x->rotate < 0);
    if (x->vmirror) vf_grid_vmirror(g);
    if (x->hmirror) vf_grid_hmirror(g);
}

/* The case's flips again, after unflip: back to the placed vault. */
static void reflip(const vf_explanation *x, vf_grid *g)
{
    if (x->hmirror) vf_grid_hmirror(g);
    if (x->vmirror) vf_grid_vmirror(g);
    if (x->rotate) vf_grid_rotate(g, x->rotate > 0);
}

/* "cause cells: 2 at (12,4) (13,4)": the cells of the causes on the
 * level, those made in the MAP's coordinates carried through the case's
 * flips (the HTML report marks them on its pictures). */
static void cause_cells(vf_sbuf *b, const vf_dump_in *in)
{
    const vf_explanation *x = in->why;
    const vf_rmap *m = in->rmap;
    const vf_placed *p = &in->v->placed;
    vf_grid g;
    vf_grid_init(&g);
    char row[VF_GXM];
    memset(row, '.', sizeof row);
    for (int y = 0; y < m->grid.h; y++)
        vf_grid_add_line(&g, row, (size_t)(m->grid.len[y] < VF_GXM
                                               ? m->grid.len[y] : VF_GXM));
    mark_causes(x, &g, 1);
    unflip(x, &g);
    mark_causes(x, &g, 0);
    reflip(x, &g);
    vf_sbuf cells = VF_SBUF_INIT;
    int n = 0;
    for (int y = 0; y < g.h; y++)
        for (int c = 0; c < g.len[y]; c++)
            if (vf_grid_row(&g, y)[c] == '*') {
                vf_sbuf_printf(&cells, " (%d,%d)", p->x + c, p->y + y);
                n++;
            }
    if (n) vf_sbuf_printf(b, "cause cells: %d at%s\n", n, cells.s);
    else vf_sbuf_adds(b, "cause cells: none\n");
    vf_sbuf_free(&cells);
    vf_grid_free(&g);
}

static void ruler(vf_sbuf *b, int w)
{
    if (w >= 10) {
        vf_sbuf_adds(b, "        ");
        for (int x = 1; x <= w; x++)
            vf_sbuf_addc(b, x % 10 ? ' ' : (char)('0' + x / 10 % 10));
        vf_sbuf_addc(b, '\n');
    }
    vf_sbuf_adds(b, "        ");
    for (int x = 1; x <= w; x++) vf_sbuf_addc(b, (char)('0' + x % 10));
    vf_sbuf_addc(b, '\n');
}

/* The vault as its MAP block: a ruler of columns, each row after its .des
 * line (its row number when the line is not known). The vault's own Lua
 * may reshape its map; the rows are then the resolved map's. */
static void map_view(vf_sbuf *b, const vf_dump_in *in)
{
    const vf_explanation *x = in->why;
    vf_grid g;
    lettered_vault(in, &g);
    mark_causes(x, &g, 1);
    unflip(x, &g);
    mark_causes(x, &g, 0);
    vf_sbuf_printf(b, "\nthe vault as its MAP block%s: findings lettered as "
                   "on the level, '*' the cells of the causes; .des line "
                   "at the left%s\n",
                   x->hmirror || x->vmirror || x->rotate
                       ? " (the case's mirroring and rotation undone)" : "",
                   x->map_line ? "" : " (not known: MAP rows)");
    ruler(b, g.w);
    for (int y = 0; y < g.h; y++)
        vf_sbuf_printf(b, "%6d  %.*s\n", x->map_line ? x->map_line + y : y + 1,
                       g.len[y], vf_grid_row(&g, y));
    vf_grid_free(&g);
}

void vf_dump_why(vf_sbuf *b, const vf_dump_in *in)
{
    const vf_explanation *x = in->why;
    vf_sbuf_printf(b, "\nwhy it fails (vaultfuzz explain: %zu choices, %zu "
                   "replays):\n", x->nchoices, x->replays);
    vf_explain_lines(x, in->file, in->map, b);
    if (in->level && in->rmap && in->v && in->v->placed.vault >= 0) {
        cause_cells(b, in);
        map_view(b, in);
    }
}
