/* summary.txt and summary.json. */
#include "vf_json.h"
#include "vf_report.h"

#include <stdio.h>

static void kinds_text(vf_sbuf *b, const unsigned long *kind)
{
    const char *sep = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        if (!kind[i]) continue;
        vf_sbuf_printf(b, "%s%s %lu", sep, vf_result_kind_name(i), kind[i]);
        sep = ", ";
    }
    if (!*sep) vf_sbuf_adds(b, "none");
}

static void skipped_text(vf_sbuf *b, const vf_tally *t)
{
    const char *sep = "";
    for (int s = VF_MAP_REMOVED; s <= VF_MAP_TRANSPARENT; s++) {
        if (!t->status[s]) continue;
        vf_sbuf_printf(b, "%s%s %zu", sep,
                       vf_map_status_name((vf_map_status)s), t->status[s]);
        sep = ", ";
    }
    if (!*sep) vf_sbuf_adds(b, "none");
}

static size_t skipped(const vf_tally *t)
{
    size_t n = 0;
    for (int s = VF_MAP_REMOVED; s <= VF_MAP_TRANSPARENT; s++)
        n += t->status[s];
    return n;
}

static void failing_map(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_printf(b, "  %s  %s:%d  ", m->rec.name, m->rec.file, m->rec.line);
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_printf(b, "Lua error at load: %s\n", m->rec.message);
        return;
    }
    double lo, hi;
    vf_wilson(m->failed, m->cases, &lo, &hi);
    vf_sbuf_printf(b, "%lu of %lu cases failed (%.1f%%, 95%% CI %.1f-%.1f%%):"
                   " ", m->failed, m->cases, 100.0 * m->failed / m->cases,
                   100 * lo, 100 * hi);
    kinds_text(b, m->kind);
    vf_sbuf_printf(b, "; first: %s #%lu\n",
                   vf_mode_name(t->spec->modes[m->first_mode]),
                   (unsigned long)m->first_iter);
}

void vf_report_summary(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    const vf_run_spec *s = t->spec;
    size_t expected = vf_tally_cases(t, NULL, NULL);
    vf_sbuf_printf(b, "vaultfuzz run report\ncommand: %s\n", s->command);
    if (s->shard_n > 1)
        vf_sbuf_printf(b, "shard: %d of %d (vaultfuzz merge the shards for "
                       "the whole run)\n", s->shard_i, s->shard_n);
    if (vf_tally_complete(t))
        vf_sbuf_adds(b, "status: complete\n");
    else
        vf_sbuf_printf(b, "status: incomplete: %zu of %zu maps examined, "
                       "%lu of %zu cases (finish it with --resume)\n",
                       t->examined, t->nselected, t->cases, expected);
    if (in->input->n) {
        vf_sbuf_printf(b, "input: %zu problems loading the .des files:\n",
                       in->input->n);
        for (size_t i = 0; i < in->input->n; i++)
            vf_sbuf_printf(b, "  %s\n", in->input->v[i]);
    }
    vf_sbuf_printf(b, "maps: %zu selected, %zu run, %zu skipped, %zu with a "
                   "Lua error at load\nskipped: ",
                   t->nselected - t->status[VF_MAP_UNSELECTED],
                   t->status[VF_MAP_RUN], skipped(t),
                   t->status[VF_MAP_LOAD_ERROR]);
    skipped_text(b, t);
    vf_sbuf_printf(b, "\ncases: %lu run, %lu ok, %lu failed\nfailed cases "
                   "by kind: ", t->cases, t->cases - t->failed, t->failed);
    kinds_text(b, t->kind);
    size_t nfail = vf_tally_failing_maps(t);
    vf_sbuf_printf(b, "\nfailing maps: %zu\n", nfail);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (vf_tally_map_failing(m)) failing_map(b, t, m);
    }
    static const char *const verdicts[] = {"every case ok", "failures found",
                                           "input problems or incomplete"};
    int rc = vf_report_exit_status(in);
    vf_sbuf_printf(b, "result: %s (exit status %d)\n", verdicts[rc], rc);
}

/* ---- summary.json ------------------------------------------------------ */

static void json_kinds(vf_sbuf *b, const unsigned long *kind)
{
    vf_sbuf_addc(b, '{');
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        vf_sbuf_printf(b, "%s\"%s\": %lu", i ? ", " : "",
                       vf_result_kind_name(i), kind[i]);
    vf_sbuf_addc(b, '}');
}

static void json_map(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_adds(b, "    {\"map\": ");
    vf_json_cstr(b, m->rec.name);
    vf_sbuf_adds(b, ", \"file\": ");
    vf_json_cstr(b, m->rec.file);
    vf_sbuf_printf(b, ", \"line\": %d, ", m->rec.line);
    if (m->rec.status == VF_MAP_LOAD_ERROR) {
        vf_sbuf_adds(b, "\"load_error\": ");
        vf_json_cstr(b, m->rec.message);
        vf_sbuf_adds(b, "}");
        return;
    }
    double lo, hi;
    vf_wilson(m->failed, m->cases, &lo, &hi);
    vf_sbuf_printf(b, "\"cases\": %lu, \"failed\": %lu, \"rate\": %.4f, "
                   "\"wilson95\": [%.4f, %.4f], \"kinds\": ", m->cases,
                   m->failed, (double)m->failed / m->cases, lo, hi);
    json_kinds(b, m->kind);
    vf_sbuf_printf(b, ", \"first\": {\"layout\": \"%s\", \"iteration\": %lu, "
                   "\"seed\": %llu}}",
                   vf_mode_name(t->spec->modes[m->first_mode]),
                   (unsigned long)m->first_iter,
                   (unsigned long long)m->first_seed);
}

static void json_head(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    const vf_run_spec *s = t->spec;
    vf_sbuf_adds(b, "{\n  \"command\": ");
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
                   "\"ok\": %lu, \"failed\": %lu, \"kinds\": ",
                   vf_tally_cases(t, NULL, NULL), t->cases,
                   t->cases - t->failed, t->failed);
    json_kinds(b, t->kind);
    vf_sbuf_adds(b, "},\n  \"failing_maps\": [");
    const char *sep = "\n";
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!vf_tally_map_failing(m)) continue;
        vf_sbuf_adds(b, sep);
        json_map(b, t, m);
        sep = ",\n";
    }
    vf_sbuf_adds(b, *sep == ',' ? "\n  ]\n}\n" : "]\n}\n");
}
