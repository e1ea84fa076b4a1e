/* The report as text: the level with each finding's cells lettered, and a
 * legend. Zones are numbered from 1 in the text, in the game's order. */
#include "vf_conn.h"

int vf_conn_letter(int i)
{
    if (i < 26) return 'A' + i;
    if (i < 52) return 'a' + i - 26;
    return '?';
}

int vf_conn_finding_has(const vf_conn_finding *f, int x, int y)
{
    return (int)(f->cells[y][x >> 6] >> (x & 63)) & 1;
}

static void summary(const vf_conn_report *r, vf_sbuf *out)
{
    vf_sbuf_printf(out, "zones %d, stairless %d, tele zones %d (%d "
                   "stairless)", r->nzones, r->stairless, r->tele_zones,
                   r->tele_stairless);
    if (r->filled)
        vf_sbuf_printf(out, "; filled %d small zone%s (%d cells)",
                       r->filled, r->filled > 1 ? "s" : "", r->filled_cells);
    vf_sbuf_adds(out, "; findings:");
    int any = 0;
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
        if (r->count[k]) {
            vf_sbuf_printf(out, "%s %s %d", any ? "," : "",
                           vf_conn_kind_name((vf_conn_kind)k), r->count[k]);
            any = 1;
        }
    if (!any) vf_sbuf_adds(out, " none");
    if (r->dropped)
        vf_sbuf_printf(out, " (%d not described)", r->dropped);
    vf_sbuf_addc(out, '\n');
}

int vf_conn_finding_at(const vf_conn_report *r, int x, int y)
{
    for (int i = 0; i < r->nfindings; i++)
        if (vf_conn_finding_has(&r->findings[i], x, y)) return i;
    return -1;
}

/* The level's ASCII, each finding's cells in its letter, each letter
 * between on[i] and off when on is given. */
static void map(const vf_level *l, const vf_conn_report *r,
                const char *const *on, const char *off, vf_sbuf *out)
{
    char ascii[VF_LEVEL_ASCII_SIZE];
    vf_level_ascii(l, ascii);
    for (int y = 0; y < VF_GYM; y++) {
        for (int x = 0; x < VF_GXM; x++) {
            int i = vf_conn_finding_at(r, x, y);
            if (i < 0) {
                vf_sbuf_addc(out, ascii[y * (VF_GXM + 1) + x]);
                continue;
            }
            if (on) vf_sbuf_adds(out, on[i]);
            vf_sbuf_addc(out, (char)vf_conn_letter(i));
            if (on) vf_sbuf_adds(out, off);
        }
        vf_sbuf_addc(out, '\n');
    }
}

static void vault_list(const vf_level *l, uint32_t set, vf_sbuf *out)
{
    const char *sep = "";
    for (int i = 0; i < l->nvaults && i < 32; i++)
        if (set & ((uint32_t)1 << i)) {
            vf_sbuf_printf(out, "%s%s", sep, l->vaults[i].name);
            sep = ", ";
        }
}

/* What the cells hold, the counts that are not zero. */
static void contents(const vf_level *l, const vf_conn_stats *s,
                     vf_sbuf *out)
{
    if (!s->exits) vf_sbuf_adds(out, "; no exit");
    else if (s->exits == s->exits_no_hatch)
        vf_sbuf_printf(out, "; exits %d", s->exits);
    else
        vf_sbuf_printf(out, "; exits %d (%d without hatches)", s->exits,
                       s->exits_no_hatch);
    if (s->hatches) vf_sbuf_printf(out, ", hatches %d", s->hatches);
    if (s->stairs) vf_sbuf_printf(out, ", stairs %d", s->stairs);
    if (s->portals) vf_sbuf_printf(out, ", portals %d", s->portals);
    if (s->altars) vf_sbuf_printf(out, ", altars %d", s->altars);
    if (s->items) vf_sbuf_printf(out, ", items %d", s->items);
    if (s->monsters) vf_sbuf_printf(out, ", monsters %d", s->monsters);
    if (s->vaults_in) {
        vf_sbuf_adds(out, "; in ");
        vault_list(l, s->vaults_in, out);
    }
    if (s->vaults_near & ~s->vaults_in) {
        vf_sbuf_adds(out, "; next to ");
        vault_list(l, s->vaults_near & ~s->vaults_in, out);
    }
}

static void legend(const vf_level *l, const vf_conn_report *r, int i,
                   vf_sbuf *out)
{
    const vf_conn_finding *f = &r->findings[i];
    vf_sbuf_printf(out, "%c ", vf_conn_letter(i));
    const char *sep = "";
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++)
        if (f->kinds & (1u << k)) {
            vf_sbuf_printf(out, "%s%s", sep, vf_conn_kind_name(k));
            sep = "+";
        }
    vf_sbuf_adds(out, ": ");
    if (!f->s.size) {
        vf_sbuf_adds(out, "no passable zone at all\n");
        return;
    }
    vf_sbuf_printf(out, "%d cells at (%d,%d)-(%d,%d)", f->s.size, f->s.x0,
                   f->s.y0, f->s.x1, f->s.y1);
    if (f->vault >= 0 && f->vault < l->nvaults)
        vf_sbuf_printf(out, ", vault %s", l->vaults[f->vault].name);
    if (f->landings) vf_sbuf_printf(out, ", %d landings", f->landings);
    if (f->nzones) {
        vf_sbuf_adds(out, f->nzones > 1 ? "; zones" : "; zone");
        for (int z = 0; z < f->nzones && z < VF_CONN_FINDING_ZONES; z++)
            vf_sbuf_printf(out, "%s %d", z ? "," : "", f->zone[z] + 1);
        if (f->nzones > VF_CONN_FINDING_ZONES)
            vf_sbuf_printf(out, " (+%d)", f->nzones - VF_CONN_FINDING_ZONES);
    }
    contents(l, &f->s, out);
    vf_sbuf_addc(out, '\n');
}

void vf_conn_render(const vf_level *l, const vf_conn_report *r,
                    vf_sbuf *out)
{
    vf_conn_render_marked(l, r, NULL, NULL, out);
}

void vf_conn_render_marked(const vf_level *l, const vf_conn_report *r,
                           const char *const *on, const char *off,
                           vf_sbuf *out)
{
    summary(r, out);
    map(l, r, on, off, out);
    for (int i = 0; i < r->nfindings; i++) legend(l, r, i, out);
}
