/* report.html: a failing map's section, and the pictures of a case. */
#include "html_int.h"
#include "vf_esc.h"
#include "vf_svg.h"

#include <stdio.h>
#include <string.h>

/* Pixels a cell takes in a picture. */
#define CELL 12
/* Cells shown round the vault and the findings. */
#define MARGIN 4

static void findings_list(vf_sbuf *b, const vf_pic *p)
{
    if (!p->nfind) return;
    vf_sbuf_adds(b, "<ul class=\"findings\">");
    for (int i = 0; i < p->nfind; i++) {
        vf_sbuf_printf(b, "<li><b>%c</b> ", p->find[i].letter);
        vf_esc_markup(b, p->find[i].label);
        vf_sbuf_adds(b, "</li>");
    }
    vf_sbuf_adds(b, "</ul>\n");
}

void vf_html_case_pics(vf_sbuf *b, const vf_dumpread *d, const char *name)
{
    if (!d->has_level) return;
    vf_pic_rect vault = {.x = d->vx, .y = d->vy,
                         .w = d->placed ? d->vw : 0, .h = d->vh};
    vf_pic_rect shown = vf_pic_focus(&d->level, vault, MARGIN);
    int x = shown.x, y = shown.y, w = shown.w, h = shown.h;
    vf_pic crop;
    vf_pic_crop(&d->level, x, y, w, h, &crop);
    vf_sbuf title = VF_SBUF_INIT;
    vf_sbuf_printf(&title, "%s on the level, cells (%d,%d) to (%d,%d)", name,
                   x, y, x + w - 1, y + h - 1);
    vf_sbuf_adds(b, "<div class=\"pics\"><figure class=\"level\">");
    vf_svg_pic(b, &crop, CELL, title.s);
    vf_sbuf_printf(b, "<figcaption>the level round the vault, (%d,%d) to "
                   "(%d,%d)", x, y, x + w - 1, y + h - 1);
    if (*d->place) {
        vf_sbuf_adds(b, " at ");
        vf_esc_markup(b, d->place);
    }
    vf_sbuf_adds(b, "</figcaption></figure>");
    if (d->has_vault) {
        vf_sbuf_reset(&title);
        vf_sbuf_printf(&title, "%s resolved", name);
        vf_sbuf_adds(b, "<figure class=\"vault\">");
        vf_svg_pic(b, &d->vault, CELL, title.s);
        vf_sbuf_adds(b, "<figcaption>the resolved vault alone"
                     "</figcaption></figure>");
    }
    vf_sbuf_adds(b, "</div>\n");
    findings_list(b, &crop);
    vf_sbuf_free(&title);
    vf_pic_free(&crop);
}

/* "3/10 (30.0%, 7.0-19.8%)" as table cells. */
static void rate_cells(vf_sbuf *b, unsigned long k, unsigned long n)
{
    double lo, hi;
    vf_wilson(k, n, &lo, &hi);
    vf_sbuf_printf(b, "<td>%lu of %lu</td><td>%.1f%%</td><td>%.1f&ndash;"
                   "%.1f%%</td>", k, n, n ? 100.0 * k / n : 0.0, 100 * lo,
                   100 * hi);
}

static void rates(vf_sbuf *b, const vf_tally *t, const vf_tally_map *m)
{
    vf_sbuf_printf(b, "<table class=\"rates\"><thead><tr><th>layout</th>"
                   "<th>cases at %s</th><th>rate</th><th>95%% interval</th>"
                   "<th>not tried</th></tr></thead><tbody>",
                   vf_sev_name(m->sev));
    for (int i = 0; i < t->spec->nmodes; i++) {
        vf_sbuf_printf(b, "<tr><td>%s</td>", vf_mode_name(t->spec->modes[i]));
        /* Of the cases tried: one not tried is neither ok nor failed. */
        rate_cells(b, m->layout_at[i][m->sev],
                   m->layout_cases[i] - m->untried_in[i]);
        vf_sbuf_printf(b, "<td>%lu</td></tr>", m->untried_in[i]);
    }
    vf_sbuf_adds(b, "<tr><td>all</td>");
    rate_cells(b, vf_report_at_sev(m), m->cases - m->untried);
    vf_sbuf_printf(b, "<td>%lu</td>", m->untried);
    vf_sbuf_adds(b, "</tr></tbody></table>\n");
}

static void kinds(vf_sbuf *b, const vf_tally_map *m)
{
    vf_sbuf_adds(b, "<p>findings by kind: ");
    const char *sep = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        if (!m->kind[i]) continue;
        vf_sbuf_printf(b, "%s<code>%s</code> in %lu cases, %s%s", sep,
                       vf_result_kind_name(i), m->kind[i],
                       vf_sev_name(m->kind_sev[i]),
                       m->accepted & (1u << i) ? " (accepted)" : "");
        sep = "; ";
    }
    vf_sbuf_adds(b, "</p>\n");
}

/* The explanation of its first case at its worst (--explain first). */
static void cause(vf_sbuf *b, const vf_html_in *in, const vf_tally_map *m)
{
    const vf_explain_rec *x = m->why;
    vf_sbuf_printf(b, "<p>cause (%s #%lu): ", vf_mode_name(x->mode),
                   (unsigned long)x->iter);
    if (x->nchoices < 0) {
        vf_sbuf_adds(b, "not found (the worker died explaining it)</p>\n");
        return;
    }
    if (!x->ncauses) {
        vf_sbuf_printf(b, "no single one of its %ld choices changes it: the "
                       "map fails as written, or by what explain does not "
                       "force%s</p>\n", x->nchoices,
                       x->untried ? " (some choices untried)" : "");
        return;
    }
    vf_sbuf_adds(b, "</p><ul class=\"causes\">");
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_cause_rec *c = &x->causes[i];
        vf_sbuf_adds(b, "<li><code>");
        vf_html_file_line(b, in, vf_cause_rec_file(c, m->rec.file), c->line);
        vf_sbuf_printf(b, ":%d</code> ", c->column);
        vf_esc_markup(b, c->call);
        vf_sbuf_adds(b, " chose <code>");
        vf_esc_markup(b, c->chose);
        vf_sbuf_adds(b, "</code>; <code>");
        vf_esc_markup(b, c->fix);
        vf_sbuf_printf(b, "</code> makes it %s", vf_sev_name(c->after));
        if (c->failing + c->other)
            vf_sbuf_printf(b, " (the same choice there in %lu of %lu "
                           "failing cases, %lu of %lu others)",
                           c->failing_with, c->failing, c->other_with,
                           c->other);
        vf_sbuf_adds(b, "</li>");
    }
    vf_sbuf_adds(b, "</ul>\n");
}

/* The first case at its worst: what it was, its picture (from its dump
 * at dump_path, read into d; NULL when it could not be) and its repro
 * command. */
static void first_case(vf_sbuf *b, const vf_html_in *in,
                       const vf_tally_map *m, const vf_dumpread *d,
                       const char *dump_path)
{
    const vf_case_rec *f = &in->rep->t->fails[m->first];
    vf_sbuf_printf(b, "<p>first case at its worst: %s #%lu, case seed "
                   "%llu", vf_mode_name(f->mode), (unsigned long)f->iter,
                   (unsigned long long)f->seed);
    if (*f->message) {
        vf_sbuf_adds(b, ": ");
        vf_esc_markup(b, f->message);
    }
    vf_sbuf_adds(b, "</p>\n");
    if (!d)
        vf_sbuf_adds(b, "<p class=\"nopic\" data-nopic=\"no_dump\">no "
                     "picture: its dump cannot be read</p>\n");
    else if (!d->has_level)
        vf_sbuf_adds(b, "<p class=\"nopic\" data-nopic=\"no_level\">no "
                     "picture: the worker running it died, so there is no "
                     "level</p>\n");
    else
        vf_html_case_pics(b, d, m->rec.name);
    vf_sbuf_adds(b, "<p>replay it (dump <code>");
    vf_esc_markup(b, dump_path);
    vf_sbuf_adds(b, "</code>):</p><pre class=\"repro\">");
    vf_sbuf repro = VF_SBUF_INIT;
    vf_run_repro(in->rep->t->spec, m->rec.name, f->mode, f->iter, &repro);
    vf_esc_markup(b, repro.s);
    vf_sbuf_free(&repro);
    vf_sbuf_adds(b, "</pre>\n");
}

static void load_error(vf_sbuf *b, const vf_html_in *in,
                       const vf_tally_map *m)
{
    vf_sbuf_adds(b, "<p>Lua error at load: <code>");
    vf_esc_markup(b, m->rec.message);
    vf_sbuf_adds(b, "</code></p><p class=\"nopic\" data-nopic=\""
                 "load_error\">no picture: the map never ran</p><p>"
                 "see it with:</p><pre class=\"repro\">");
    vf_sbuf repro = VF_SBUF_INIT;
    vf_run_lint_command(in->rep->t->spec, m->rec.file, &repro);
    vf_esc_markup(b, repro.s);
    vf_sbuf_free(&repro);
    vf_sbuf_adds(b, "</pre>\n");
}

void vf_html_map(vf_sbuf *b, const vf_html_in *in, const vf_tally_map *m,
                 size_t id, int is_new, char branch[32])
{
    const vf_tally *t = in->rep->t;
    const char *sev = vf_html_sev_word(m);
    int ran = m->rec.status != VF_MAP_LOAD_ERROR, dumped = 0;
    vf_sbuf path = VF_SBUF_INIT, err = VF_SBUF_INIT;
    vf_dumpread d;
    memset(&d, 0, sizeof d);
    snprintf(branch, 32, "-");
    if (ran) {
        const vf_case_rec *f = &t->fails[m->first];
        vf_sbuf_printf(&path, "%s/", in->dir);
        vf_run_dump_path(m->rec.name, f->mode, f->iter, &path);
        dumped = !vf_dumpread_file(in->rep->game, path.s, &d, &err);
        if (*d.place) snprintf(branch, 32, "%.*s",
                               (int)strcspn(d.place, ":"), d.place);
    }
    vf_sbuf_printf(b, "<section class=\"map\" id=\"m%zu\"><h3>", id);
    vf_esc_markup(b, m->rec.name);
    vf_sbuf_printf(b, " <span class=\"sev %s\">%s</span>%s</h3>\n<p>"
                   "<code>", sev, sev, is_new ? " <span class=\"new\">new"
                   "</span>" : "");
    vf_html_file_line(b, in, m->rec.file, m->rec.line);
    vf_sbuf_adds(b, "</code>; level ");
    vf_esc_markup(b, *d.place ? d.place : "-");
    vf_sbuf_adds(b, "</p>\n");
    /* Notes and accepted maps folded: the page is about what to fix. */
    int fold = m->sev < VF_SEV_WARNING;
    if (fold)
        vf_sbuf_printf(b, "<details><summary>the %s's rates, kinds and "
                       "first case</summary>\n", m->sev == VF_SEV_NOTE
                       ? "note" : "accepted map");
    if (!ran) {
        load_error(b, in, m);
    } else {
        if (m->sev > VF_SEV_OK) rates(b, t, m);
        else
            vf_sbuf_printf(b, "<p>%lu of %lu cases with findings, every one "
                           "accepted</p>\n", m->failed, m->cases);
        kinds(b, m);
        if (m->why && m->sev > VF_SEV_OK) cause(b, in, m);
        first_case(b, in, m, dumped ? &d : NULL,
                   path.s + strlen(in->dir) + 1);
        vf_dumpread_free(&d);
    }
    if (fold) vf_sbuf_adds(b, "</details>\n");
    vf_sbuf_adds(b, "</section>\n");
    vf_sbuf_free(&path);
    vf_sbuf_free(&err);
}

void vf_html_case(vf_sbuf *b, const vf_game *g, const char *dump_text)
{
    vf_dumpread d;
    vf_dumpread_text(g, dump_text, &d);
    const char *map = strstr(dump_text, "\nmap: ");
    vf_sbuf name = VF_SBUF_INIT;
    if (map) vf_sbuf_add(&name, map + 6, strcspn(map + 6, "\n"));
    else vf_sbuf_adds(&name, "case");
    vf_html_head(b, name.s);
    vf_sbuf_adds(b, "<h1>");
    vf_esc_markup(b, name.s);
    vf_sbuf_adds(b, "</h1>\n");
    vf_svg_legend(b);
    if (d.has_level) vf_html_case_pics(b, &d, name.s);
    else
        vf_sbuf_adds(b, "<p class=\"nopic\">no picture: the dump holds no "
                     "level</p>\n");
    vf_sbuf_adds(b, "<h2>the dump</h2>\n<pre>");
    vf_esc_markup(b, dump_text);
    vf_sbuf_adds(b, "</pre>\n");
    vf_html_tail(b);
    vf_sbuf_free(&name);
    vf_dumpread_free(&d);
}
