/* vaults.csv and layouts.csv. */
#include "report_int.h"

#include <string.h>

/* A CSV field (RFC 4180): quoted when it holds a comma, quote or newline. */
static void csv(vf_sbuf *b, const char *s, int last)
{
    if (strpbrk(s, ",\"\r\n")) {
        vf_sbuf_addc(b, '"');
        for (; *s; s++) {
            if (*s == '"') vf_sbuf_addc(b, '"');
            vf_sbuf_addc(b, *s);
        }
        vf_sbuf_addc(b, '"');
    } else {
        vf_sbuf_adds(b, s);
    }
    vf_sbuf_adds(b, last ? "\n" : ",");
}

static void csv_row(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    csv(b, m->rec.name, 0);
    csv(b, m->rec.file, 0);
    /* ok: cases with no finding; a case not tried is neither (its own
     * column, next to last). */
    vf_sbuf_printf(b, "%d,%s,%s,%lu,%lu,%lu,%lu,%lu,", m->rec.line,
                   vf_map_status_name(m->rec.status),
                   m->rec.status == VF_MAP_RUN
                   || m->rec.status == VF_MAP_LOAD_ERROR
                       ? vf_sev_name(m->sev) : "",
                   m->cases, m->cases - m->failed - m->untried,
                   m->at[VF_SEV_ERROR], m->at[VF_SEV_WARNING],
                   m->at[VF_SEV_NOTE]);
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        vf_sbuf_printf(b, "%lu,", m->kind[i]);
    vf_sbuf_printf(b, "%lu,", m->failed);
    /* The rate of cases at the map's severity: what the row is about. */
    unsigned long k = vf_report_at_sev(m);
    if (m->cases) {
        double lo, hi;
        vf_wilson(k, m->cases, &lo, &hi);
        vf_sbuf_printf(b, "%.4f,%.4f,%.4f,", (double)k / m->cases, lo, hi);
    } else {
        vf_sbuf_adds(b, ",,,");
    }
    if (m->failed) {
        const vf_case_rec *f = &t->fails[m->first];
        vf_sbuf_printf(b, "%s,%lu,%llu,", vf_case_rec_layout(f),
                       (unsigned long)f->iter, (unsigned long long)f->seed);
    } else {
        vf_sbuf_adds(b, ",,,");
    }
    vf_sbuf tmp = VF_SBUF_INIT;
    if (m->accepted) vf_result_kinds(&tmp, m->accepted, " ");
    csv(b, vf_sbuf_str(&tmp), 0);
    vf_sbuf_free(&tmp);
    vf_sbuf_printf(b, "%lu,", m->untried);
    /* The load error, else what the first case at the map's severity
     * said (a Lua error, a validate's reason, a failed placement). */
    const char *said = m->rec.message;
    if (!*said && m->failed && m->sev > VF_SEV_OK)
        said = t->fails[m->first].message;
    csv(b, said, 1);
}

void vf_report_csv(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    vf_sbuf_adds(b, "map,file,line,status,severity,cases,ok,error_cases,"
                 "warning_cases,note_cases,");
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        vf_sbuf_printf(b, "%s,", vf_result_kind_name(i));
    vf_sbuf_adds(b, "failed,failure_rate,wilson95_low,wilson95_high,"
                 "first_failing_layout,first_failing_iteration,"
                 "first_failing_seed,accepted,not_tried,message\n");
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (m->known && m->rec.status != VF_MAP_UNSELECTED)
            csv_row(b, t, m);
    }
}

/* One row per map and layout map of mode game it ran in: its cases
 * there and those by their worst finding (accepted ones aside), so a
 * failure belonging to one layout map shows as such. */
void vf_report_layouts_csv(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    vf_sbuf_adds(b, "map,layout,cases,ok,error_cases,warning_cases,"
                 "note_cases\n");
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!m->known || m->rec.status == VF_MAP_UNSELECTED) continue;
        for (size_t k = 0; k < m->nlmaps; k++) {
            const vf_tally_lmap *l = &m->lmaps[k];
            csv(b, m->rec.name, 0);
            csv(b, l->layout + 5, 0);    /* after "game:" */
            vf_sbuf_printf(b, "%lu,%lu,%lu,%lu,%lu\n", l->cases,
                           l->at[VF_SEV_OK], l->at[VF_SEV_ERROR],
                           l->at[VF_SEV_WARNING], l->at[VF_SEV_NOTE]);
        }
    }
}
