/* junit.xml: a testcase per map, for CI dashboards. */
#include "vf_esc.h"
#include "vf_report.h"

#include <string.h>

/* Text for an XML attribute or element (vf_esc.h). */
static void xml(vf_sbuf *b, const char *s)
{
    vf_esc_markup(b, s);
}

/* The map's findings: a one-line message and a body with its first case
 * at its severity and the command replaying it. */
static void findings(const vf_tally *t, const vf_tally_map *m, vf_sbuf *msg,
                     vf_sbuf *body)
{
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_printf(msg, "error: Lua error at load: %s", m->rec.message);
        vf_run_lint_command(t->spec, m->rec.file, body);
        return;
    }
    const vf_case_rec *r = &t->fails[m->first];
    vf_sbuf_printf(msg, "%s: %lu of %lu cases with findings:",
                   m->sev > VF_SEV_OK ? vf_sev_name(m->sev) : "accepted",
                   m->failed, m->cases);
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        if (m->kind[i])
            vf_sbuf_printf(msg, " %s %lu %s%s", vf_result_kind_name(i),
                           m->kind[i], vf_sev_name(m->kind_sev[i]),
                           m->accepted & (1u << i) ? " (accepted)" : "");
    vf_sbuf_printf(body, "first case at this severity: layout %s, iteration "
                   "%lu: ", vf_case_rec_layout(r), (unsigned long)r->iter);
    vf_result_kinds_sev(body, r->kinds, r->warning, r->error, " ");
    if (*r->message) vf_sbuf_printf(body, ": %s", r->message);
    vf_sbuf_adds(body, "\n");
    vf_run_repro(t->spec, m->rec.name, r->mode, r->iter, body);
}

/* A failure element when the map's severity fails the run, else its
 * findings as output. */
static void failure(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf msg = VF_SBUF_INIT, body = VF_SBUF_INIT;
    findings(t, m, &msg, &body);
    if (m->sev >= vf_run_fail_on(t->spec)) {
        vf_sbuf_adds(b, "      <failure message=\"");
        xml(b, msg.s);
        vf_sbuf_adds(b, "\">");
        xml(b, body.s);
        vf_sbuf_adds(b, "</failure>\n");
    } else {
        vf_sbuf_adds(b, "      <system-out>");
        xml(b, msg.s);
        vf_sbuf_addc(b, '\n');
        xml(b, body.s);
        vf_sbuf_adds(b, "</system-out>\n");
    }
    vf_sbuf_free(&msg);
    vf_sbuf_free(&body);
}

static void testcase(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_adds(b, "    <testcase classname=\"");
    xml(b, m->rec.file);
    vf_sbuf_adds(b, "\" name=\"");
    xml(b, m->rec.name);
    if (vf_tally_map_failing(m)) {
        vf_sbuf_adds(b, "\">\n");
        failure(b, t, m);
        vf_sbuf_adds(b, "    </testcase>\n");
    } else if (vf_map_status_skip(m->rec.status)) {
        vf_sbuf_printf(b, "\">\n      <skipped message=\"%s\"/>\n    "
                       "</testcase>\n", vf_map_status_name(m->rec.status));
    } else if (m->untried) {   /* passed, but not wholly: said */
        vf_sbuf_printf(b, "\">\n      <system-out>%lu of %lu cases not "
                       "tried: ", m->untried, m->cases);
        xml(b, m->untried_why);
        vf_sbuf_adds(b, "</system-out>\n    </testcase>\n");
    } else {
        vf_sbuf_adds(b, "\"/>\n");
    }
}

/* An input problem ("file:line: what"): an error testcase named for its
 * file, so a dashboard shows the broken file. */
static void input_case(vf_sbuf *b, const char *problem)
{
    const char *colon = strchr(problem, ':');
    vf_sbuf file = VF_SBUF_INIT;
    vf_sbuf_add(&file, problem, colon ? (size_t)(colon - problem)
                                      : strlen(problem));
    vf_sbuf_adds(b, "    <testcase classname=\"");
    xml(b, vf_sbuf_str(&file));
    vf_sbuf_adds(b, "\" name=\"input\">\n      <error message=\"");
    xml(b, problem);
    vf_sbuf_adds(b, "\"/>\n    </testcase>\n");
    vf_sbuf_free(&file);
}

void vf_report_junit(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    size_t tests = in->input->n, skipped = 0, errors = in->input->n;
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!m->known || m->rec.status == VF_MAP_UNSELECTED) continue;
        tests++;
        skipped += vf_map_status_skip(m->rec.status);
    }
    size_t failures = vf_tally_maps_at(t, vf_run_fail_on(t->spec));
    vf_sbuf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<testsuites name=\"vaultfuzz\" tests=\"%zu\" "
                   "failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n"
                   "  <testsuite name=\"vaultfuzz run\" tests=\"%zu\" "
                   "failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
                   tests, failures, errors, skipped, tests, failures, errors,
                   skipped);
    for (size_t i = 0; i < in->input->n; i++) input_case(b, in->input->v[i]);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (m->known && m->rec.status != VF_MAP_UNSELECTED) testcase(b, t, m);
    }
    vf_sbuf_adds(b, "  </testsuite>\n</testsuites>\n");
}
