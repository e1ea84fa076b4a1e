/* report.html: the page, its summary, the index of failing maps and the
 * script that sorts and filters it. */
#include "html_int.h"
#include "report/html_css.h"    /* vf_html_css, from html.css */
#include "report/html_js.h"     /* vf_html_js, from html.js */
#include "vf_esc.h"
#include "vf_sarif.h"
#include "vf_svg.h"
#include "vf_version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vf_html_head(vf_sbuf *b, const char *title)
{
    vf_sbuf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                 "charset=\"utf-8\">\n<meta name=\"viewport\" content=\""
                 "width=device-width\">\n<title>");
    vf_esc_markup(b, title);
    vf_sbuf_adds(b, "</title>\n<style>\n");
    vf_sbuf_adds(b, vf_html_css);
    vf_svg_style(b);
    vf_sbuf_adds(b, "</style>\n</head>\n<body>\n");
}

void vf_html_tail(vf_sbuf *b)
{
    vf_sbuf_adds(b, "</body>\n</html>\n");
}

/* ---- paths and links -------------------------------------------------- */

/* file without base and its '/', when it lies under base. */
static const char *relative(const char *file, const char *base)
{
    size_t n = base ? strlen(base) : 0;
    if (n && !strncmp(file, base, n) && file[n] == '/') return file + n + 1;
    return file;
}

void vf_html_file_line(vf_sbuf *b, const vf_html_in *in, const char *file,
                       int line)
{
    const char *rel = relative(file, in->base);
    if (!in->source_url) {
        vf_esc_markup(b, rel);
        vf_sbuf_printf(b, ":%d", line);
        return;
    }
    vf_sbuf url = VF_SBUF_INIT;
    for (const char *t = in->source_url; *t;) {
        if (!strncmp(t, "{path}", 6)) vf_sbuf_adds(&url, rel), t += 6;
        else if (!strncmp(t, "{line}", 6))
            vf_sbuf_printf(&url, "%d", line), t += 6;
        else vf_sbuf_addc(&url, *t++);
    }
    vf_sbuf_adds(b, "<a href=\"");
    vf_esc_markup(b, url.s);
    vf_sbuf_adds(b, "\">");
    vf_esc_markup(b, rel);
    vf_sbuf_printf(b, ":%d</a>", line);
    vf_sbuf_free(&url);
}

/* The directory the page's paths are relative to: the files' git work
 * tree, else their common directory (as report.sarif's base). */
static char *files_base(const vf_tally *t)
{
    const char **files = vf_xcalloc(t->nmaps + 1, sizeof *files);
    size_t n = 0;
    for (size_t i = 0; i < t->nmaps; i++)
        if (t->maps[i].known && vf_tally_map_failing(&t->maps[i]))
            files[n++] = t->maps[i].rec.file;
    char *base = vf_sarif_base(files, n);
    free(files);
    return base;
}

/* ---- new since the baseline -------------------------------------------- */

/* New: worse now than in the baseline (absent, skipped or ok there). */
static int is_new(const vf_tally_named *idx, size_t n,
                  const vf_tally_map *m)
{
    if (!idx || m->sev == VF_SEV_OK) return 0;
    const vf_tally_map *o = vf_tally_find(idx, n, m->rec.name);
    if (!o) return 1;
    int failing = vf_tally_map_failing(o)
                  && (o->rec.status == VF_MAP_RUN
                      || o->rec.status == VF_MAP_LOAD_ERROR);
    return !failing || o->sev < m->sev;
}

/* ---- the summary --------------------------------------------------------- */

static void fact(vf_sbuf *b, const char *name, const char *value)
{
    vf_sbuf_printf(b, "<tr><th>%s</th><td>", name);
    vf_esc_markup(b, value);
    vf_sbuf_adds(b, "</td></tr>\n");
}

static void facts(vf_sbuf *b, const vf_html_in *in)
{
    const vf_tally *t = in->rep->t;
    const vf_run_spec *s = t->spec;
    vf_sbuf v = VF_SBUF_INIT;
    vf_sbuf_adds(b, "<table class=\"facts\">\n");
    fact(b, "command", s->command);
    vf_sbuf_printf(&v, "%llu; %lu iterations per layout; layouts",
                   (unsigned long long)s->seed, (unsigned long)s->count);
    for (int i = 0; i < s->nmodes; i++)
        vf_sbuf_printf(&v, " %s", vf_mode_name(s->modes[i]));
    if (s->shard_n > 1)
        vf_sbuf_printf(&v, "; shard %d of %d", s->shard_i, s->shard_n);
    fact(b, "seed", v.s);
    vf_sbuf_reset(&v);
    if (vf_tally_complete(t)) vf_sbuf_adds(&v, "complete");
    else
        vf_sbuf_printf(&v, "incomplete: %lu of %zu cases (finish it with "
                       "--resume)", t->cases, vf_tally_cases(t, NULL, NULL));
    fact(b, "status", v.s);
    vf_sbuf_reset(&v);
    vf_sbuf_printf(&v, "%s (this page: %s)", in->made_by && *in->made_by
                   ? in->made_by : "not recorded", VF_VERSION);
    fact(b, "vaultfuzz", v.s);
    fact(b, "game version", in->game ? in->game : "not known");
    vf_sbuf_reset(&v);
    vf_sbuf_printf(&v, "Lua library %016llx, maps %016llx",
                   (unsigned long long)in->library,
                   (unsigned long long)in->fingerprint);
    fact(b, "hashes", v.s);
    vf_sbuf_reset(&v);
    vf_sbuf_printf(&v, "%lu run, %lu ok, %lu with findings", t->cases,
                   t->cases - t->failed, t->failed);
    fact(b, "cases", v.s);
    for (size_t i = 0; i < in->rep->input->n; i++)
        fact(b, "input problem", in->rep->input->v[i]);
    vf_sbuf_adds(b, "</table>\n");
    vf_sbuf_free(&v);
}

/* Maps by severity, and how many of each are new. */
static void sev_table(vf_sbuf *b, const vf_html_in *in, const size_t *nnew)
{
    const vf_tally *t = in->rep->t;
    size_t n[VF_SEV_COUNT] = {0}, accepted = 0;
    for (size_t i = 0; i < t->nmaps; i++) {
        const vf_tally_map *m = &t->maps[i];
        if (!m->known || (m->rec.status != VF_MAP_RUN
                          && m->rec.status != VF_MAP_LOAD_ERROR))
            continue;
        if (m->sev == VF_SEV_OK && vf_tally_map_failing(m)) accepted++;
        else n[m->sev]++;
    }
    vf_sbuf_adds(b, "<table class=\"sevs\"><thead><tr><th>maps</th><th>"
                 "error</th><th>warning</th><th>note</th><th>accepted</th>"
                 "<th>ok</th></tr></thead><tbody>\n");
    vf_sbuf_printf(b, "<tr><th>by severity</th><td>%zu</td><td>%zu</td>"
                   "<td>%zu</td><td>%zu</td><td>%zu</td></tr>\n",
                   n[VF_SEV_ERROR], n[VF_SEV_WARNING], n[VF_SEV_NOTE],
                   accepted, n[VF_SEV_OK]);
    if (in->baseline) {
        vf_sbuf_adds(b, "<tr><th>new since ");
        vf_esc_markup(b, in->baseline_dir ? in->baseline_dir : "baseline");
        vf_sbuf_printf(b, "</th><td>%zu</td><td>%zu</td><td>%zu</td>"
                       "<td></td><td></td></tr>\n", nnew[VF_SEV_ERROR],
                       nnew[VF_SEV_WARNING], nnew[VF_SEV_NOTE]);
    }
    vf_sbuf_printf(b, "</tbody></table>\n<p>the run fails on %s or worse; "
                   "a map is new when its severity is worse than in the "
                   "previous report (vaultfuzz compare weighs the "
                   "evidence)</p>\n", vf_sev_name(vf_run_fail_on(t->spec)));
}

/* ---- the index and the sections ------------------------------------- */

typedef struct entry {
    const vf_tally_map *m;
    int is_new;
    char branch[32];
} entry;

static int rank(const vf_tally_map *m)   /* errors first, accepted last */
{
    return m->sev > VF_SEV_OK ? VF_SEV_ERROR - (int)m->sev : VF_SEV_COUNT;
}

static void index_row(vf_sbuf *b, const vf_html_in *in, const entry *e,
                      size_t id)
{
    const vf_tally_map *m = e->m;
    const char *sev = vf_html_sev_word(m);
    vf_sbuf kinds = VF_SBUF_INIT;
    for (int i = 0; i < VF_R_COUNT_KINDS; i++)
        if (m->kind[i])
            vf_sbuf_printf(&kinds, "%s%s", kinds.len ? " " : "",
                           vf_result_kind_name(i));
    if (m->rec.status == VF_MAP_LOAD_ERROR) vf_sbuf_adds(&kinds, "load_error");
    vf_sbuf_printf(b, "<tr data-id=\"m%zu\" data-sev=\"%s\" data-kinds=\"%s\" "
                   "data-branch=\"", id, sev, kinds.s);
    vf_esc_markup(b, e->branch);
    vf_sbuf_adds(b, "\" data-file=\"");
    vf_esc_markup(b, m->rec.file);
    vf_sbuf_printf(b, "\"><td><a href=\"#m%zu\">", id);
    vf_esc_markup(b, m->rec.name);
    vf_sbuf_printf(b, "</a></td><td data-k=\"%d\"><span class=\"sev %s\">%s"
                   "</span></td><td>%s</td>", rank(m), sev, sev,
                   e->is_new ? "new" : "");
    unsigned long k = vf_report_at_sev(m);
    unsigned long tried = m->cases - m->untried;
    if (tried)
        vf_sbuf_printf(b, "<td data-k=\"%.6f\">%lu/%lu (%.1f%%)</td>",
                       (double)k / tried, k, tried, 100.0 * k / tried);
    else
        vf_sbuf_adds(b, "<td data-k=\"1\">at load</td>");
    vf_sbuf_printf(b, "<td>%s</td><td>", kinds.s);
    vf_html_file_line(b, in, m->rec.file, m->rec.line);
    vf_sbuf_adds(b, "</td><td>");
    vf_esc_markup(b, e->branch);
    vf_sbuf_adds(b, "</td></tr>\n");
    vf_sbuf_free(&kinds);
}

/* A <select> named name offering "all" and each of values. */
static void select_of(vf_sbuf *b, const char *name, const char *label,
                      const vf_strlist *values)
{
    vf_sbuf_printf(b, "<label>%s <select name=\"%s\"><option value=\"\">"
                   "all</option>", label, name);
    for (size_t i = 0; i < values->n; i++) {
        vf_sbuf_adds(b, "<option>");
        vf_esc_markup(b, values->v[i]);
        vf_sbuf_adds(b, "</option>");
    }
    vf_sbuf_adds(b, "</select></label>");
}

static void add_unique(vf_strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s)) return;
    vf_strlist_push(l, vf_xstrdup(s));
}

/* The severity filter: "errors and warnings" first, chosen when there
 * are any (the page opens on what to fix), then all, then each. */
static void sev_select(vf_sbuf *b, const entry *e, size_t n)
{
    int urgent = 0;
    for (size_t i = 0; i < n; i++)
        urgent |= e[i].m->sev >= VF_SEV_WARNING;
    vf_sbuf_printf(b, "<label>severity <select name=\"sev\"><option "
                   "value=\"ew\"%s>errors and warnings</option><option "
                   "value=\"\"%s>all</option>", urgent ? " selected" : "",
                   urgent ? "" : " selected");
    static const char *const words[] = {"error", "warning", "note",
                                        "accepted"};
    for (size_t i = 0; i < 4; i++)
        vf_sbuf_printf(b, "<option>%s</option>", words[i]);
    vf_sbuf_adds(b, "</select></label>");
}

static void filters(vf_sbuf *b, const entry *e, size_t n)
{
    vf_strlist kinds = {0}, branches = {0};
    for (int k = 0; k < VF_R_COUNT_KINDS; k++)
        for (size_t i = 0; i < n; i++)
            if (e[i].m->kind[k]) {
                add_unique(&kinds, vf_result_kind_name(k));
                break;
            }
    for (size_t i = 0; i < n; i++) {
        add_unique(&branches, e[i].branch);
        if (e[i].m->rec.status == VF_MAP_LOAD_ERROR)
            add_unique(&kinds, "load_error");   /* as index_row names it */
    }
    /* Hidden until the script runs: without it the controls do nothing. */
    vf_sbuf_adds(b, "<form id=\"filters\" hidden>");
    sev_select(b, e, n);
    select_of(b, "kind", "kind", &kinds);
    select_of(b, "branch", "branch", &branches);
    vf_sbuf_adds(b, "<label>file <input name=\"file\" size=\"20\"></label>"
                 "<span id=\"shown\"></span></form>\n");
    vf_strlist_free(&kinds);
    vf_strlist_free(&branches);
}

static entry *failing_entries(const vf_html_in *in, size_t *n,
                              size_t nnew[VF_SEV_COUNT])
{
    const vf_tally *t = in->rep->t;
    size_t nbase = 0;
    vf_tally_named *idx = in->baseline ? vf_tally_by_name(in->baseline,
                                                          &nbase)
                                       : NULL;
    entry *e = vf_xmalloc((t->nmaps ? t->nmaps : 1) * sizeof *e);
    *n = 0;
    for (int r = 0; r <= VF_SEV_COUNT; r++)
        for (size_t i = 0; i < t->nmaps; i++) {
            const vf_tally_map *m = &t->maps[i];
            if (!vf_tally_map_failing(m) || rank(m) != r) continue;
            e[*n].m = m;
            e[*n].is_new = is_new(idx, nbase, m);
            nnew[m->sev] += e[*n].is_new;
            (*n)++;
        }
    free(idx);
    return e;
}

void vf_html_report(vf_sbuf *b, const vf_html_in *given)
{
    vf_html_in local = *given;
    char *base = given->base ? NULL : files_base(given->rep->t);
    if (base) local.base = base;
    const vf_html_in *in = &local;
    size_t n, nnew[VF_SEV_COUNT] = {0};
    entry *e = failing_entries(in, &n, nnew);
    vf_sbuf sections = VF_SBUF_INIT;
    for (size_t i = 0; i < n; i++)
        vf_html_map(&sections, in, e[i].m, i, e[i].is_new, e[i].branch);
    vf_html_head(b, "vaultfuzz report");
    vf_sbuf_adds(b, "<h1>vaultfuzz report</h1>\n<section id=\"summary\">\n");
    facts(b, in);
    sev_table(b, in, nnew);
    vf_sbuf_adds(b, "<h2>legend</h2>\n");
    vf_svg_legend(b);
    size_t by[VF_SEV_COUNT] = {0};
    for (size_t i = 0; i < n; i++) by[e[i].m->sev]++;
    vf_sbuf_printf(b, "</section>\n<h2>maps with findings (%zu: %zu error, "
                   "%zu warning, %zu note, %zu accepted)</h2>\n", n,
                   by[VF_SEV_ERROR], by[VF_SEV_WARNING], by[VF_SEV_NOTE],
                   by[VF_SEV_OK]);
    filters(b, e, n);
    vf_sbuf_adds(b, "<table id=\"index\"><thead><tr><th>map</th><th>"
                 "severity</th><th>new</th><th>rate</th><th>kinds</th><th>"
                 "file</th><th>branch</th></tr></thead><tbody>\n");
    for (size_t i = 0; i < n; i++) index_row(b, in, &e[i], i);
    vf_sbuf_adds(b, "</tbody></table>\n<div id=\"maps\">\n");
    vf_sbuf_add(b, vf_sbuf_str(&sections), sections.len);
    vf_sbuf_adds(b, "</div>\n");
    /* html.js: filters hide rows and their sections; a click on a
     * heading sorts the rows (again: the other way) and puts the sections
     * in the same order. */
    vf_sbuf_adds(b, "<script>\n");
    vf_sbuf_adds(b, vf_html_js);
    vf_sbuf_adds(b, "</script>\n");
    vf_html_tail(b);
    vf_sbuf_free(&sections);
    free(e);
    free(base);
}

int vf_html_write(const char *dir, const vf_html_in *in, vf_sbuf *err)
{
    vf_sbuf page = VF_SBUF_INIT, path = VF_SBUF_INIT;
    char why[512];
    vf_html_report(&page, in);
    vf_sbuf_printf(&path, "%s/report.html", dir);
    int rc = vf_fs_write_atomic(path.s, vf_sbuf_str(&page), page.len, why,
                                sizeof why);
    if (rc) vf_sbuf_adds(err, why);
    vf_sbuf_free(&page);
    vf_sbuf_free(&path);
    return rc ? -1 : 0;
}
