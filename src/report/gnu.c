/* The compilers' format (--format gnu): FILE:LINE:COL: severity: what. */
#include "report_int.h"
#include "vf_diag.h"

/* A map's first Lua error, at the line it names ("FILE:LINE: text",
 * FILE the map's own), as a compiler line of its own. */
static void gnu_lua_error(vf_sbuf *b, const vf_tally *t,
                          const vf_tally_map *m)
{
    const vf_case_rec *r = vf_tally_first_with(t, m, VF_V_LUA_ERROR);
    if (!r) return;
    const char *text = r->message;
    int line = vf_diag_line_in(r->message, m->rec.file, &text);
    vf_sbuf_printf(b, "%s:%d:1: error: %s: Lua error: %s\n", m->rec.file,
                   line ? line : m->rec.line, m->rec.name, text);
}

/* One map: its findings at its NAME: line, then each cause at its cell. */
static void gnu_map(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    const char *sev = vf_sev_name(m->sev);
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_printf(b, "%s:%d:1: %s: %s: Lua error at load: %s\n",
                       m->rec.file, m->rec.line, sev, m->rec.name,
                       m->rec.message);
        return;
    }
    vf_sbuf_printf(b, "%s:%d:1: %s: %s: %s in %lu of %lu cases:",
                   m->rec.file, m->rec.line, sev, m->rec.name, sev,
                   vf_report_at_sev(m), m->cases);
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        if (m->kind[i] && m->kind_sev[i] == m->sev)
            vf_sbuf_printf(b, " %s %lu", vf_result_kind_name(i), m->kind[i]);
    vf_sbuf_addc(b, '\n');
    if (m->kind[VF_VK_LUA_ERROR]) gnu_lua_error(b, t, m);
    const vf_explain_rec *x = m->why;
    for (size_t i = 0; x && i < x->ncauses; i++) {
        const vf_cause_rec *c = &x->causes[i];
        vf_sbuf_printf(b, "%s:%d:%d: %s: %s: %s chose '%s'; '%s' makes it "
                       "%s\n", m->rec.file, c->line, c->column, sev,
                       m->rec.name, c->call, c->chose, c->fix,
                       vf_sev_name(c->after));
    }
}

void vf_report_gnu(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    for (int sv = VF_SEV_ERROR; sv > VF_SEV_OK; sv--)
        for (size_t i = 0; i < t->nmaps; i++) {
            const vf_tally_map *m = &t->maps[i];
            if (vf_tally_map_failing(m) && m->sev == (vf_sev)sv)
                gnu_map(b, t, m);
        }
    for (size_t i = 0; i < in->input->n; i++)
        vf_sbuf_printf(b, "%s\n", in->input->v[i]);
}
