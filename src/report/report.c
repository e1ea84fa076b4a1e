/* The report directory: every file from the tally, replaced atomically. */
#include "vf_report.h"

#include <stdio.h>

int vf_report_exit_status(const vf_report_in *in)
{
    if (!vf_tally_complete(in->t)) return 2;
    if (in->input->n) return 3;
    if (in->gate)
        return vf_gate_count(in->gate, in->t, VF_GATE_NEW)
               + vf_gate_count(in->gate, in->t, VF_GATE_WORSE) ? 1 : 0;
    return vf_tally_maps_at(in->t, vf_run_fail_on(in->t->spec)) ? 1 : 0;
}

typedef void (*writer)(vf_sbuf *, const vf_report_in *);

int vf_report_write(const char *dir, const vf_report_in *in, vf_sbuf *err)
{
    static const struct { const char *name; writer fn; } files[] = {
        {"summary.txt", vf_report_summary}, {"summary.json", vf_report_json},
        {"vaults.csv", vf_report_csv}, {"layouts.csv", vf_report_layouts_csv},
        {"failures.jsonl", vf_report_failures},
        {"junit.xml", vf_report_junit}, {"report.sarif", vf_report_sarif},
    };
    vf_tally_judge(in->t, in->accept);
    /* The files name .des files by their absolute paths, whoever reads
     * them from wherever (a resumed or merged run writes the same bytes);
     * only what the terminal shows keeps the paths as given. */
    const vf_run_spec *given = in->t->spec;
    vf_run_spec plain = *given;
    plain.nshown = 0;
    in->t->spec = &plain;
    int rc = 0;
    for (size_t i = 0; i < sizeof files / sizeof *files && !rc; i++) {
        vf_sbuf text = VF_SBUF_INIT, path = VF_SBUF_INIT;
        char why[512];
        files[i].fn(&text, in);
        vf_sbuf_printf(&path, "%s/%s", dir, files[i].name);
        if (vf_fs_write_atomic(path.s, vf_sbuf_str(&text), text.len, why,
                               sizeof why)) {
            vf_sbuf_adds(err, why);
            rc = -1;
        }
        vf_sbuf_free(&text);
        vf_sbuf_free(&path);
    }
    in->t->spec = given;
    return rc;
}
