/* failures.jsonl: a line per failing case, per map failing at load and
 * per input problem. */
#include "vf_json.h"
#include "vf_report.h"

#include <stdlib.h>
#include <string.h>

/* {"map": ..., "file": ..., "line": N, -- what every line starts with. */
static void json_map_head(vf_sbuf *b, const vf_map_rec *m)
{
    vf_sbuf_adds(b, "{\"map\": ");
    vf_json_cstr(b, m->name);
    vf_sbuf_adds(b, ", \"file\": ");
    vf_json_cstr(b, m->file);
    vf_sbuf_printf(b, ", \"line\": %d, ", m->line);
}

/* , "cause": [{file, line, column, what, chose, fix, with, after}...] --
 * the most decisive first; [] when the map fails as written; null when the
 * explanation could not be made. */
static void json_cause(vf_sbuf *b, const char *file,
                       const vf_explain_rec *x)
{
    vf_sbuf_adds(b, ", \"cause\": ");
    if (x->nchoices < 0) {
        vf_sbuf_adds(b, "null");
        return;
    }
    vf_sbuf_addc(b, '[');
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_cause_rec *c = &x->causes[i];
        vf_sbuf_adds(b, i ? ", {\"file\": " : "{\"file\": ");
        vf_json_cstr(b, vf_cause_rec_file(c, file));
        vf_sbuf_printf(b, ", \"line\": %d, \"column\": %d, \"call_line\": "
                       "%d, \"what\": ", c->line, c->column, c->call_line);
        vf_json_cstr(b, c->call);
        vf_sbuf_adds(b, ", \"chose\": ");
        vf_json_cstr(b, c->chose);
        vf_sbuf_adds(b, ", \"fix\": ");
        vf_json_cstr(b, c->fix);
        vf_sbuf_printf(b, ", \"with\": %lu", c->with);
        vf_sbuf_printf(b, ", \"after\": \"%s\", \"rule\": {\"failing_with\": "
                       "%lu, \"failing\": %lu, \"others_with\": %lu, "
                       "\"others\": %lu}}", vf_sev_name(c->after),
                       c->failing_with, c->failing, c->other_with, c->other);
    }
    vf_sbuf_addc(b, ']');
}

static void fail_line(vf_sbuf *b, const vf_tally *t, const vf_case_rec *r)
{
    const vf_map_rec *m = &t->maps[r->map].rec;
    vf_sbuf tmp = VF_SBUF_INIT;
    json_map_head(b, m);
    vf_sbuf_printf(b, "\"seed\": %llu, \"case_seed\": %llu, "
                   "\"iteration\": %lu, \"layout\": \"%s\", \"severity\": "
                   "\"%s\", \"kinds\": [\"",
                   (unsigned long long)t->spec->seed,
                   (unsigned long long)r->seed, (unsigned long)r->iter,
                   vf_case_rec_layout(r),
                   vf_sev_name(vf_sev_of(r->kinds, r->warning, r->error)));
    vf_result_kinds(b, r->kinds, "\", \"");
    vf_sbuf_adds(b, "\"], \"kind_severity\": {");
    const char *sep = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        unsigned bit = 1u << i;
        if (!(r->kinds & bit)) continue;
        vf_sbuf_printf(b, "%s\"%s\": \"%s\"", sep, vf_result_kind_name(i),
                       vf_sev_name(vf_sev_kind(bit, r->kinds, r->warning,
                                               r->error)));
        sep = ", ";
    }
    vf_sbuf_adds(b, "}, \"accepted\": [");
    unsigned acc = r->kinds & t->maps[r->map].accepted;
    if (acc) {
        vf_sbuf_addc(b, '"');
        vf_result_kinds(b, acc, "\", \"");
        vf_sbuf_addc(b, '"');
    }
    vf_sbuf_adds(b, "], \"message\": ");
    vf_json_cstr(b, r->message);
    const vf_explain_rec *why = vf_tally_explained(t, r->map, r->mode,
                                                   r->iter);
    if (why) json_cause(b, m->file, why);
    vf_sbuf_printf(b, ", \"attempts\": %d, \"placed\": ", r->attempts);
    if (r->placed)
        vf_sbuf_printf(b, "{\"x\": %d, \"y\": %d, \"w\": %d, \"h\": %d, "
                       "\"exits\": %d, \"connected\": %d}", r->x, r->y, r->w,
                       r->h, r->exits, r->connected);
    else
        vf_sbuf_adds(b, "null");
    vf_run_dump_path(m->name, r->mode, r->iter, &tmp);
    vf_sbuf_adds(b, ", \"dump\": ");
    vf_json_cstr(b, tmp.s);
    vf_sbuf_reset(&tmp);
    vf_run_repro_why(t->spec, m->name, r->mode, r->iter,
                     why && why->nchoices >= 0, &tmp);
    vf_sbuf_adds(b, ", \"repro\": ");
    vf_json_cstr(b, tmp.s);
    vf_sbuf_adds(b, "}\n");
    vf_sbuf_free(&tmp);
}

static void load_error_line(vf_sbuf *b, const vf_tally *t,
                            const vf_map_rec *m)
{
    vf_sbuf cmd = VF_SBUF_INIT;
    json_map_head(b, m);
    vf_sbuf_adds(b, "\"seed\": null, \"case_seed\": null, \"iteration\": "
                 "null, \"layout\": \"load\", \"severity\": \"error\", "
                 "\"kinds\": [\"lua_error\"], \"kind_severity\": "
                 "{\"lua_error\": \"error\"}, \"accepted\": [], "
                 "\"message\": ");
    vf_json_cstr(b, m->message);
    vf_run_lint_command(t->spec, m->file, &cmd);
    vf_sbuf_adds(b, ", \"attempts\": 1, \"placed\": null, \"dump\": null, "
                 "\"repro\": ");
    vf_json_cstr(b, cmd.s);
    vf_sbuf_adds(b, "}\n");
    vf_sbuf_free(&cmd);
}

/* An input problem ("file:line: what") as a failures.jsonl line. */
static void input_line(vf_sbuf *b, const char *problem)
{
    const char *colon = strchr(problem, ':');
    vf_sbuf file = VF_SBUF_INIT;
    vf_sbuf_add(&file, problem, colon ? (size_t)(colon - problem)
                                      : strlen(problem));
    int line = colon ? atoi(colon + 1) : 0;
    vf_sbuf_adds(b, "{\"map\": null, \"file\": ");
    vf_json_cstr(b, vf_sbuf_str(&file));
    vf_sbuf_printf(b, ", \"line\": %d, \"layout\": \"load\", \"severity\": "
                   "\"error\", \"kinds\": [\"input_problem\"], \"message\": ",
                   line);
    vf_json_cstr(b, problem);
    vf_sbuf_adds(b, "}\n");
    vf_sbuf_free(&file);
}

void vf_report_failures(vf_sbuf *b, const vf_report_in *in)
{
    const vf_tally *t = in->t;
    size_t f = 0;
    for (size_t i = 0; i < in->input->n; i++) input_line(b, in->input->v[i]);
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (m->known && m->rec.status == VF_MAP_LOAD_ERROR)
            load_error_line(b, t, &m->rec);
        for (; f < t->nfails && t->fails[f].map == i; f++)
            fail_line(b, t, &t->fails[f]);
    }
}
