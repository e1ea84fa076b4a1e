/* Shared by the files of report.html (src/report/html*.c). */
#ifndef VF_HTML_INT_H
#define VF_HTML_INT_H

#include "report_int.h"
#include "vf_html.h"

/* "error", "warning", "note", or "accepted" for a failing map whose
 * findings are all accepted. */
static inline const char *vf_html_sev_word(const vf_tally_map *m)
{
    return m->sev > VF_SEV_OK ? vf_sev_name(m->sev) : "accepted";
}

/* "path:line" of a .des line, the path relative to in->base, a link
 * when in->source_url gives one. */
void vf_html_file_line(vf_sbuf *b, const vf_html_in *in, const char *file,
                       int line);

/* A failing map's section, id its anchor ("m<id>"); the branch of its
 * first case's level (the dump's place before ':', "-" when unknown) into
 * branch. */
void vf_html_map(vf_sbuf *b, const vf_html_in *in, const vf_tally_map *m,
                 size_t id, int is_new, char branch[32]);

#endif
