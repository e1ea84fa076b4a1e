/* summary.json: the summary for programs. */
#include "report_int.h"
#include "vf_json.h"
#include "vf_version.h"

static void json_kinds(vf_sbuf *b, const unsigned long *kind)
{
    vf_sbuf_addc(b, '{');
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        vf_sbuf_printf(b, "%s\"%s\": %lu", i ? ", " : "",
                       vf_result_kind_name(i), kind[i]);
    vf_sbuf_addc(b, '}');
}

/* Closes by_layout; the cases never tried, and the builds vetoed by
 * where they were built: "not_tried": 3, "levels_vetoed": {"empty": [k,
 * n], "game": [...], "ours": [...]}. */
static void json_vetoes(vf_sbuf *b, const vf_tally_map *m)
{
    static const char *const where[VF_VETO_SOURCES] = {"empty", "game",
                                                       "ours"};
    const vf_veto_count *v = &m->vetoes;
    vf_sbuf_printf(b, "}, \"not_tried\": %lu, \"levels_vetoed\": {",
                   m->untried);
    for (int i = 0; i < VF_VETO_SOURCES; i++)
        vf_sbuf_printf(b, "%s\"%s\": [%lu, %lu]", i ? ", " : "", where[i],
                       v->vetoed[i], v->built[i]);
    vf_sbuf_addc(b, '}');
}

/* The maps with cases never tried: [{"map": ..., "not_tried": {"game":
 * 40}, "why": ...}]. */
static void json_untried(vf_sbuf *b, const vf_tally *t)
{
    vf_sbuf_adds(b, "  \"not_tried_maps\": [");
    const char *sep = "";
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!m->untried) continue;
        vf_sbuf_printf(b, "%s\n    {\"map\": ", sep);
        vf_json_cstr(b, m->rec.name);
        vf_sbuf_adds(b, ", \"not_tried\": {");
        for (int k = 0, c = 0; k < t->spec->nmodes; k++)
            if (m->untried_in[k])
                vf_sbuf_printf(b, "%s\"%s\": %lu", c++ ? ", " : "",
                               vf_mode_name(t->spec->modes[k]),
                               m->untried_in[k]);
        vf_sbuf_adds(b, "}, \"why\": ");
        vf_json_cstr(b, m->untried_why);
        vf_sbuf_addc(b, '}');
        sep = ",";
    }
    vf_sbuf_adds(b, *sep ? "\n  ],\n" : "],\n");
}

static void json_map(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_adds(b, "    {\"map\": ");
    vf_json_cstr(b, m->rec.name);
    vf_sbuf_adds(b, ", \"file\": ");
    vf_json_cstr(b, m->rec.file);
    vf_sbuf_printf(b, ", \"line\": %d, ", m->rec.line);
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_printf(b, "\"severity\": \"%s\", \"load_error\": ",
                       vf_sev_name(m->sev));
        vf_json_cstr(b, m->rec.message);
        vf_sbuf_adds(b, "}");
        return;
    }
    double lo, hi;
    unsigned long k = vf_report_at_sev(m);
    vf_wilson(k, m->cases, &lo, &hi);
    vf_sbuf_printf(b, "\"severity\": \"%s\", \"cases\": %lu, \"failed\": "
                   "%lu, \"cases_by_severity\": {\"error\": %lu, "
                   "\"warning\": %lu, \"note\": %lu, \"ok\": %lu}, "
                   "\"rate\": %.4f, \"wilson95\": [%.4f, %.4f], \"kinds\": ",
                   vf_sev_name(m->sev), m->cases, m->failed,
                   m->at[VF_SEV_ERROR], m->at[VF_SEV_WARNING],
                   m->at[VF_SEV_NOTE], m->at[VF_SEV_OK],
                   (double)k / m->cases, lo, hi);
    json_kinds(b, m->kind);
    vf_sbuf_adds(b, ", \"kind_severity\": {");
    const char *sep = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        if (!m->kind[i]) continue;
        vf_sbuf_printf(b, "%s\"%s\": \"%s\"", sep, vf_result_kind_name(i),
                       vf_sev_name(m->kind_sev[i]));
        sep = ", ";
    }
    vf_sbuf_adds(b, "}, \"by_layout\": {");
    for (int i = 0; i < t->spec->nmodes; i++)
        vf_sbuf_printf(b, "%s\"%s\": [%lu, %lu]", i ? ", " : "",
                       vf_mode_name(t->spec->modes[i]),
                       m->layout_at[i][m->sev > VF_SEV_OK ? m->sev
                                                          : VF_SEV_OK],
                       m->layout_cases[i]);
    json_vetoes(b, m);
    const vf_case_rec *f = &t->fails[m->first];
    vf_sbuf_printf(b, ", \"accepted\": %s, \"first\": {\"layout\": \"%s\", "
                   "\"iteration\": %lu, \"seed\": %llu}}",
                   m->accepted ? "true" : "false", vf_case_rec_layout(f),
                   (unsigned long)f->iter, (unsigned long long)f->seed);
}

static void json_str_or_null(vf_sbuf *b, const char *s)
{
    if (s) vf_json_cstr(b, s);
    else vf_sbuf_adds(b, "null");
}

static void json_head(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    const vf_run_spec *s = t->spec;
    vf_sbuf_printf(b, "{\n  \"version\": \"%s\",\n  \"game_version\": ",
                   VF_VERSION);
    json_str_or_null(b, s->game);
    vf_sbuf_adds(b, ",\n  \"lua\": ");
    json_str_or_null(b, s->lua);
    vf_sbuf_adds(b, ",\n  \"command\": ");
    vf_json_cstr(b, s->command);
    vf_sbuf_printf(b, ",\n  \"seed\": %llu,\n  \"count\": %lu,\n  "
                   "\"layouts\": [", (unsigned long long)s->seed,
                   (unsigned long)s->count);
    for (int i = 0; i < s->nmodes; i++)
        vf_sbuf_printf(b, "%s\"%s\"", i ? ", " : "", vf_mode_name(s->modes[i]));
    vf_sbuf_adds(b, "],\n  \"shard\": ");
    if (s->shard_n > 1)
        vf_sbuf_printf(b, "{\"index\": %d, \"count\": %d}", s->shard_i,
                       s->shard_n);
    else
        vf_sbuf_adds(b, "null");
    vf_sbuf_printf(b, ",\n  \"complete\": %s,\n  \"exit_status\": %d,\n  "
                   "\"input_problems\": [",
                   vf_tally_complete(t) ? "true" : "false",
                   vf_report_exit_status(in));
    for (size_t i = 0; i < in->input->n; i++) {
        vf_sbuf_adds(b, i ? ", " : "");
        vf_json_cstr(b, in->input->v[i]);
    }
    vf_sbuf_adds(b, "],\n");
}

/* "KEY": ["file:line", ...], of the accept lines stale (no map loaded:
 * nomap). */
static void json_accept_lines(vf_sbuf *b, const vf_accept *a,
                              const char *key, int nomap)
{
    vf_sbuf_printf(b, "  \"%s\": [", key);
    const char *sep = "";
    for (size_t i = 0; a && i < a->n; i++) {
        int want = nomap ? !a->v[i].exists
                         : a->v[i].named && !a->v[i].used;
        if (!want) continue;
        vf_sbuf tmp = VF_SBUF_INIT;
        vf_sbuf_printf(&tmp, "%s:%d", a->v[i].file, a->v[i].line);
        vf_sbuf_adds(b, sep);
        vf_json_cstr(b, tmp.s);
        vf_sbuf_free(&tmp);
        sep = ", ";
    }
    vf_sbuf_adds(b, "],\n");
}

static void json_stale(vf_sbuf *b, const vf_accept *a)
{
    json_accept_lines(b, a, "stale_accept_lines", 0);
    json_accept_lines(b, a, "accept_lines_naming_no_map", 1);
}

void vf_report_json(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    json_head(b, in);
    vf_sbuf_printf(b, "  \"maps\": {\"selected\": %zu, \"examined\": %zu, "
                   "\"by_status\": {",
                   t->nselected - t->status[VF_MAP_UNSELECTED], t->examined);
    for (int s = 0; s < VF_MAP_STATUS_COUNT; s++)
        vf_sbuf_printf(b, "%s\"%s\": %zu", s ? ", " : "",
                       vf_map_status_name((vf_map_status)s), t->status[s]);
    vf_sbuf_printf(b, "}},\n  \"cases\": {\"expected\": %zu, \"run\": %lu, "
                   "\"ok\": %lu, \"failed\": %lu, \"not_tried\": %lu, "
                   "\"kinds\": ", vf_tally_cases(t, NULL, NULL), t->cases,
                   t->cases - t->failed - t->untried, t->failed,
                   t->untried);
    json_kinds(b, t->kind);
    size_t n[VF_SEV_COUNT];
    vf_report_maps_by_sev(t, n);
    vf_sbuf_printf(b, "},\n  \"maps_by_severity\": {\"error\": %zu, "
                   "\"warning\": %zu, \"note\": %zu, \"ok\": %zu},\n  "
                   "\"fail_on\": \"%s\",\n", n[VF_SEV_ERROR],
                   n[VF_SEV_WARNING], n[VF_SEV_NOTE], n[VF_SEV_OK],
                   vf_sev_name(vf_run_fail_on(t->spec)));
    json_stale(b, in->accept);
    json_untried(b, t);
    vf_sbuf_adds(b, "  \"failing_maps\": [");
    const char *sep = "\n";
    for (int sv = VF_SEV_ERROR; sv >= VF_SEV_OK; sv--)
        for (size_t i = 0; i < t->nmaps; i++) {
            const vf_tally_map *m = &t->maps[i];
            if (!vf_tally_map_failing(m) || m->sev != (vf_sev)sv) continue;
            vf_sbuf_adds(b, sep);
            json_map(b, t, m);
            sep = ",\n";
        }
    vf_sbuf_adds(b, *sep == ',' ? "\n  ]\n}\n" : "]\n}\n");
}
