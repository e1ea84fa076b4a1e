/* Case dumps: header, level, legend, zones, resolved vault. */
#include "vf_dump.h"
#include "vf_feature.h"

#include <string.h>

static void header(vf_sbuf *b, const vf_dump_in *in)
{
    const vf_case_rec *r = in->rec;
    vf_sbuf_printf(b, "vaultfuzz case dump: replay it with the repro command"
                   " below\nmap: %s\nfile: %s:%d\nseed: %llu (case seed "
                   "%llu)\niteration: %lu\nlayout: %s\nverdict: ", in->map,
                   in->file, in->line, (unsigned long long)in->spec->seed,
                   (unsigned long long)r->seed, (unsigned long)r->iter,
                   vf_case_rec_layout(r));
    vf_result_kinds_sev(b, r->kinds, r->warning, r->error, ", ");
    if (*r->message) vf_sbuf_printf(b, "\nmessage: %s", r->message);
    vf_sbuf_printf(b, "\nattempts: %d\n", r->attempts);
    if (in->level) {
        char place[64];
        vf_place_describe(in->level->game, &in->level->place, place,
                          sizeof place);
        vf_sbuf_printf(b, "place: %s\n", place);
    }
    if (r->placed)
        vf_sbuf_printf(b, "placed: %dx%d at (%d,%d), %d exits, %d "
                       "connected\n", r->w, r->h, r->x, r->y, r->exits,
                       r->connected);
    else
        vf_sbuf_adds(b, "placed: no\n");
    if (in->v) vf_case_describe_children(in->level, in->v, b);
}

/* Each character on the level, with the features drawn with it. */
static void legend(vf_sbuf *b, const vf_level *l)
{
    unsigned char seen[VF_F_COUNT] = {0};
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            if (l->feat[y][x] < VF_F_COUNT) seen[l->feat[y][x]] = 1;
    int feats[VF_F_COUNT], chars[VF_F_COUNT], n = 0;
    for (int f = 0; f < VF_F_COUNT; f++)
        if (seen[f]) {
            feats[n] = f;
            chars[n++] = vf_level_feature_char((vf_feat)f);
        }
    vf_sbuf_adds(b, "\nlegend:\n");
    for (int c = 33; c < 127; c++) {
        const char *sep = "";
        for (int k = 0; k < n; k++) {
            int f = feats[k];
            if (chars[k] != c) continue;
            if (!*sep) vf_sbuf_printf(b, "  %c  ", c);
            vf_sbuf_printf(b, "%s%s", sep, vf_feature_name(f));
            sep = ", ";
        }
        if (*sep) vf_sbuf_addc(b, '\n');
    }
}

/* Where monsters and items stand, which the ASCII level does not show:
 * "monsters: 2 at (12,4) (13,4)", "items: none" (the HTML report draws
 * them from these lines). */
static void contents(vf_sbuf *b, const vf_level *l, unsigned bit,
                     const char *what)
{
    int n = 0;
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            n += (l->content[y][x] & bit) != 0;
    vf_sbuf_printf(b, "%s: ", what);
    if (!n) {
        vf_sbuf_adds(b, "none\n");
        return;
    }
    vf_sbuf_printf(b, "%d at", n);
    for (int y = 0; y < VF_GYM; y++)
        for (int x = 0; x < VF_GXM; x++)
            if (l->content[y][x] & bit) vf_sbuf_printf(b, " (%d,%d)", x, y);
    vf_sbuf_addc(b, '\n');
}

/* The zones line: the passable zones placement.lua counts, and the
 * findings of the analysis (with the up stair in) by kind. */
static void zones_header(vf_sbuf *b, const vf_dump_in *in)
{
    vf_sbuf_adds(b, "zones: ");
    if (!in->v) {
        vf_sbuf_adds(b, "not checked (the worker died)\n");
        return;
    }
    if (in->v->zones < 0) {
        vf_sbuf_adds(b, "not checked (the vault was not placed)\n");
        return;
    }
    vf_sbuf_printf(b, "%d passable %s; findings: ", in->v->zones,
                   vf_mode_is_layout(in->rec->mode)
                       ? "with the layout's stairs"
                       : in->rec->mode == VF_MODE_FILL
                       ? "in rock (no stair)"
                       : "before the up stair went in");
    const char *sep = "";
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++) {
        if (!in->report->count[k]) continue;
        vf_sbuf_printf(b, "%s%s %d", sep, vf_conn_kind_name((vf_conn_kind)k),
                       in->report->count[k]);
        sep = ", ";
    }
    vf_sbuf_adds(b, *sep ? "\n" : "none\n");
}

/* The level with each finding's cells in its letter, and a legend line
 * per finding (what vaultfuzz check prints). */
static void zones_overlay(vf_sbuf *b, const vf_dump_in *in)
{
    if (!in->v || in->v->zones < 0) return;
    vf_sbuf_adds(b, "\nfindings on the level (each lettered):\n");
    vf_conn_render(in->level, in->report, b);
    if (in->report->nfindings) {
        vf_sbuf_adds(b, "what each finding means:\n");
        vf_sev_describe(in->level, in->report, &in->v->judged, b);
    }
}

static void vault(vf_sbuf *b, const vf_rmap *m, const char *name)
{
    const vf_grid *g = &m->grid;
    const char *tags = vf_sbuf_str(&m->tags);
    size_t tl = strlen(tags);
    while (*tags == ' ') tags++, tl--;
    while (tl && tags[tl - 1] == ' ') tl--;
    vf_sbuf_printf(b, "\nresolved vault %s (%dx%d, orient %s, tags: %.*s):"
                   "\n", name, g->w, g->h, m->orient ? m->orient : "-",
                   (int)tl, tags);
    /* Subvault cells with their subvault's own glyphs, as show prints
     * them (the grid holds a marker byte there). */
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->len[y]; x++)
            vf_sbuf_addc(b, (char)vf_rmap_glyph(m, x, y));
        vf_sbuf_addc(b, '\n');
    }
}

void vf_dump_text(vf_sbuf *b, const vf_dump_in *in)
{
    vf_sbuf repro = VF_SBUF_INIT;
    header(b, in);
    zones_header(b, in);
    vf_run_repro_why(in->spec, in->map, in->rec->mode, in->rec->iter,
                     in->why != NULL, &repro);
    vf_sbuf_printf(b, "repro: %s\n", repro.s);
    vf_sbuf_free(&repro);
    if (!in->level) {
        vf_sbuf_adds(b, "\nno level: the worker running this case died "
                     "(see the verdict); the repro command runs it again.\n");
        return;
    }
    char ascii[VF_LEVEL_ASCII_SIZE];
    vf_level_ascii(in->level, ascii);
    vf_sbuf_printf(b, "\nlevel (%dx%d):\n%s", VF_GXM, VF_GYM, ascii);
    legend(b, in->level);
    contents(b, in->level, VF_CELL_MONSTER, "monsters");
    contents(b, in->level, VF_CELL_ITEM, "items");
    zones_overlay(b, in);
    vault(b, in->rmap, in->map);
    if (in->why) vf_dump_why(b, in);
}
