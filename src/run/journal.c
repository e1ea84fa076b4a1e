/* Journal lines: writing and reading the records of a run. */
#include "vf_journal.h"
#include "vf_fs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[VF_MAP_STATUS_COUNT] = {
    "run", "removed", "unrand", "branch_end", "encompass", "subvault_only",
    "transparent",
    "load_error", "unselected",
};

const char *vf_map_status_name(vf_map_status s)
{
    return s < VF_MAP_STATUS_COUNT ? status_names[s] : "?";
}

const char *vf_result_kind_name(int i)
{
    if (i < VF_V_COUNT_KINDS) return vf_verdict_kind_name(1u << i);
    return i == VF_V_COUNT_KINDS ? "crash" : "timeout";
}

void vf_result_kinds(vf_sbuf *b, unsigned kinds, const char *sep)
{
    if (!kinds) vf_sbuf_adds(b, "ok");
    const char *s = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        if (!(kinds & (1u << i))) continue;
        vf_sbuf_printf(b, "%s%s", s, vf_result_kind_name(i));
        s = sep;
    }
}

void vf_result_kinds_sev(vf_sbuf *b, unsigned kinds, unsigned warning,
                         unsigned error, const char *sep)
{
    if (!kinds) vf_sbuf_adds(b, "ok");
    const char *s = "";
    for (int i = 0; i < VF_R_COUNT_KINDS; i++) {
        unsigned bit = 1u << i;
        if (!(kinds & bit)) continue;
        vf_sbuf_printf(b, "%s%s:%s", s, vf_result_kind_name(i),
                       vf_sev_name(vf_sev_kind(bit, kinds, warning, error)));
        s = sep;
    }
}

void vf_map_rec_free(vf_map_rec *r)
{
    free(r->name);
    free(r->file);
    free(r->message);
}

void vf_case_rec_free(vf_case_rec *r)
{
    free(r->message);
    r->message = NULL;
}

void vf_case_rec_copy(vf_case_rec *to, const vf_case_rec *from)
{
    *to = *from;
    to->message = vf_xstrdup(from->message ? from->message : "");
}

/* A text field: tab, newline, CR and backslash escaped. */
static void field(vf_sbuf *b, const char *s)
{
    vf_sbuf_addc(b, '\t');
    for (; s && *s; s++) {
        switch (*s) {
        case '\\': vf_sbuf_adds(b, "\\\\"); break;
        case '\t': vf_sbuf_adds(b, "\\t"); break;
        case '\n': vf_sbuf_adds(b, "\\n"); break;
        case '\r': vf_sbuf_adds(b, "\\r"); break;
        default: vf_sbuf_addc(b, *s);
        }
    }
}

void vf_journal_map_line(vf_sbuf *b, const vf_map_rec *r)
{
    vf_sbuf_printf(b, "M\t%zu\t%s\t%d", r->index, vf_map_status_name(r->status),
                   r->line);
    field(b, r->name);
    field(b, r->file);
    field(b, r->message);
    vf_sbuf_addc(b, '\n');
}

void vf_journal_case_line(vf_sbuf *b, const vf_case_rec *r)
{
    vf_sbuf_printf(b, "C\t%zu", r->map);
    field(b, vf_case_rec_layout(r));
    vf_sbuf_printf(b, "\t%lu\t", (unsigned long)r->iter);
    if (r->not_tried && !r->kinds) vf_sbuf_adds(b, "not_tried");
    else vf_result_kinds_sev(b, r->kinds, r->warning, r->error, ",");
    vf_sbuf_printf(b, "\t%llu\t%d", (unsigned long long)r->seed,
                   r->attempts);
    if (r->builds || r->vetoed_builds)
        vf_sbuf_printf(b, ",%d,%d", r->builds, r->vetoed_builds);
    vf_sbuf_addc(b, '\t');
    if (r->placed)
        vf_sbuf_printf(b, "%d,%d,%d,%d,%d,%d", r->x, r->y, r->w, r->h,
                       r->exits, r->connected);
    else
        vf_sbuf_addc(b, '-');
    field(b, r->message);
    vf_sbuf_addc(b, '\n');
}

/* ---- reading --------------------------------------------------------- */

#define MAX_FIELDS 10

/* Splits line at tabs into f[] (unescaped copies, owned by the caller). */
static int split(const char *line, char **f)
{
    int n = 0;
    const char *s = line;
    for (;;) {
        if (n == MAX_FIELDS) {
            while (n) free(f[--n]);
            return -1;
        }
        vf_sbuf b = VF_SBUF_INIT;
        for (; *s && *s != '\t'; s++) {
            if (*s != '\\' || !s[1]) {
                vf_sbuf_addc(&b, *s);
                continue;
            }
            s++;
            vf_sbuf_addc(&b, *s == 't' ? '\t' : *s == 'n' ? '\n'
                             : *s == 'r' ? '\r' : *s);
        }
        f[n++] = vf_sbuf_take(&b);
        if (!*s) return n;
        s++;
    }
}

static int number(const char *s, unsigned long long *v)
{
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return *s && !*end && !errno ? 0 : -1;
}

static int parse_status(const char *s, vf_map_status *st)
{
    for (int i = 0; i < VF_MAP_STATUS_COUNT; i++)
        if (!strcmp(s, status_names[i])) {
            *st = (vf_map_status)i;
            return 0;
        }
    return -1;
}

/* "kind:severity,...": a kind without a severity (an older journal's
 * form, which knows no grade but error) is an error. */
static int parse_kinds(const char *s, vf_case_rec *c)
{
    c->kinds = c->warning = c->error = 0;
    c->not_tried = 0;
    if (!strcmp(s, "ok")) return 0;
    if (!strcmp(s, "not_tried")) return c->not_tried = 1, 0;
    char *copy = vf_xstrdup(s), *save = NULL;
    int rc = 0;
    for (char *w = strtok_r(copy, ",", &save); w && !rc;
         w = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(w, ':');
        vf_sev sv = VF_SEV_ERROR;
        if (colon) *colon++ = '\0';
        int i = 0;
        while (i < VF_R_COUNT_KINDS && strcmp(w, vf_result_kind_name(i))) i++;
        if (i == VF_R_COUNT_KINDS || (colon && (vf_sev_parse(colon, &sv)
                                                || sv == VF_SEV_OK))) {
            rc = -1;
            break;
        }
        c->kinds |= 1u << i;
        if (sv == VF_SEV_ERROR) c->error |= 1u << i;
        if (sv == VF_SEV_WARNING) c->warning |= 1u << i;
    }
    free(copy);
    return rc;
}

static int parse_map(char **f, int n, vf_map_rec *m)
{
    unsigned long long idx, line;
    if (n != 7 || number(f[1], &idx) || parse_status(f[2], &m->status)
        || number(f[3], &line))
        return -1;
    m->index = (size_t)idx;
    m->line = (int)line;
    m->name = f[4];
    m->file = f[5];
    m->message = f[6];
    f[4] = f[5] = f[6] = NULL;
    return 0;
}

static int parse_placed(const char *s, vf_case_rec *c)
{
    if (!strcmp(s, "-")) return 0;
    c->placed = 1;
    return sscanf(s, "%d,%d,%d,%d,%d,%d", &c->x, &c->y, &c->w, &c->h,
                  &c->exits, &c->connected) == 6 ? 0 : -1;
}

/* "game:NAME" or a mode's name. */
static int parse_layout(const char *s, vf_case_rec *c)
{
    char mode[16];
    size_t n = strcspn(s, ":");
    if (n >= sizeof mode || strlen(s) >= sizeof c->layout) return -1;
    memcpy(mode, s, n);
    mode[n] = 0;
    if (vf_mode_parse(mode, &c->mode)) return -1;
    if (s[n] && c->mode != VF_MODE_GAME) return -1;
    snprintf(c->layout, sizeof c->layout, "%s", s);
    return 0;
}

const char *vf_case_rec_layout(const vf_case_rec *r)
{
    return r->layout[0] ? r->layout : vf_mode_name(r->mode);
}

/* "A" or "A,B,V" (attempts, builds, vetoed builds). */
static int parse_attempts(char *s, vf_case_rec *c)
{
    unsigned long long v[3] = {0, 0, 0};
    int n = 0;
    for (char *save = NULL, *w = strtok_r(s, ",", &save); w;
         w = strtok_r(NULL, ",", &save)) {
        if (n == 3 || number(w, &v[n]) || v[n] > INT_MAX) return -1;
        n++;
    }
    if (n != 1 && n != 3) return -1;
    if (v[2] > v[1]) return -1;
    c->attempts = (int)v[0];
    c->builds = (int)v[1];
    c->vetoed_builds = (int)v[2];
    return 0;
}

static int parse_case(char **f, int n, vf_case_rec *c)
{
    unsigned long long idx, iter, seed;
    if (n != 9 || number(f[1], &idx) || parse_layout(f[2], c)
        || number(f[3], &iter) || iter > UINT32_MAX
        || parse_kinds(f[4], c) || number(f[5], &seed)
        || parse_attempts(f[6], c) || parse_placed(f[7], c))
        return -1;
    c->map = (size_t)idx;
    c->iter = (uint32_t)iter;
    c->seed = seed;
    c->message = f[8];
    f[8] = NULL;
    return 0;
}

int vf_journal_parse(const char *line, vf_map_rec *m, vf_case_rec *c)
{
    char *f[MAX_FIELDS];
    int n = split(line, f), kind = 0;
    if (n < 1) return 0;
    memset(m, 0, sizeof *m);
    memset(c, 0, sizeof *c);
    if (!strcmp(f[0], "M") && !parse_map(f, n, m)) kind = 'M';
    else if (!strcmp(f[0], "C") && !parse_case(f, n, c)) kind = 'C';
    for (int i = 0; i < n; i++) free(f[i]);
    return kind;
}

/* ---- explanations ---------------------------------------------------- */

void vf_explain_rec_free(vf_explain_rec *x)
{
    for (size_t i = 0; i < x->ncauses; i++) free(x->causes[i].call);
    free(x->causes);
    x->causes = NULL;
    x->ncauses = 0;
}

void vf_explain_rec_copy(vf_explain_rec *to, const vf_explain_rec *from)
{
    *to = *from;
    to->causes = vf_xmalloc((from->ncauses ? from->ncauses : 1)
                            * sizeof *to->causes);
    for (size_t i = 0; i < from->ncauses; i++) {
        to->causes[i] = from->causes[i];
        to->causes[i].call = vf_xstrdup(from->causes[i].call);
    }
}

/* A value in words as a cause field: '%' and ',' escaped. */
static void add_label(vf_sbuf *b, const char *s)
{
    for (; *s; s++)
        if (*s == '%') vf_sbuf_adds(b, "%25");
        else if (*s == ',') vf_sbuf_adds(b, "%2C");
        else vf_sbuf_addc(b, *s);
    vf_sbuf_addc(b, ',');
}

/* Reads a field add_label wrote at *s into out; advances past its ','.
 * Returns 0, or -1 when there is none. */
static int read_label(const char **s, char *out, size_t len)
{
    const char *end = strchr(*s, ',');
    if (!end) return -1;
    size_t k = 0;
    for (const char *p = *s; p < end; p++) {
        char c = *p;
        if (c == '%' && end - p >= 3 && (!strncmp(p, "%25", 3)
                                         || !strncmp(p, "%2C", 3))) {
            c = p[2] == '5' ? '%' : ',';
            p += 2;
        }
        if (k + 1 < len) out[k++] = c;
    }
    out[k] = 0;
    *s = end + 1;
    return 0;
}

const char *vf_cause_rec_file(const vf_cause_rec *c, const char *map_file)
{
    return c->file[0] ? c->file : map_file;
}

void vf_journal_explain_line(vf_sbuf *b, const vf_explain_rec *x)
{
    vf_sbuf_printf(b, "X\t%zu\t%s\t%lu\t%ld\t%lu\t%lu\t%lu\t%d", x->map,
                   vf_mode_name(x->mode), (unsigned long)x->iter, x->nchoices,
                   x->replays, x->untried, x->entangled, x->map_line);
    for (size_t i = 0; i < x->ncauses; i++) {
        const vf_cause_rec *c = &x->causes[i];
        vf_sbuf cause = VF_SBUF_INIT;
        vf_sbuf_printf(&cause, "%d,%d,%d,", c->line, c->column, c->call_line);
        add_label(&cause, c->chose);
        add_label(&cause, c->fix);
        add_label(&cause, c->file);
        vf_sbuf_printf(&cause, "%s,%lu,%lu,%lu,%lu,%s,%lu,%s",
                       vf_sev_name(c->after), c->failing_with, c->failing,
                       c->other_with, c->other, c->kind, c->with, c->call);
        field(b, cause.s);
        vf_sbuf_free(&cause);
    }
    vf_sbuf_addc(b, '\n');
}

/* A cause field with its FILE (with_file) or without one, as vaultfuzz
 * 0.13.0 wrote it, so such a journal still reads: compare, html
 * --baseline and --resume take it. */
static int parse_cause_as(const char *s, vf_cause_rec *c, int with_file)
{
    int used = 0;
    char after[16], kind[12];
    c->file[0] = '\0';
    if (sscanf(s, "%d,%d,%d,%n", &c->line, &c->column, &c->call_line,
               &used) != 3 || !used)
        return -1;
    s += used;
    used = 0;
    if (read_label(&s, c->chose, sizeof c->chose)
        || read_label(&s, c->fix, sizeof c->fix)
        || (with_file && read_label(&s, c->file, sizeof c->file))
        || sscanf(s, "%15[a-z],%lu,%lu,%lu,%lu,%11[a-z],%lu,%n", after,
                  &c->failing_with, &c->failing, &c->other_with, &c->other,
                  kind, &c->with, &used) != 7 || !used
        || vf_sev_parse(after, &c->after))
        return -1;
    snprintf(c->kind, sizeof c->kind, "%s", kind);
    c->call = vf_xstrdup(s + used);
    return 0;
}

static int parse_cause(const char *s, vf_cause_rec *c)
{
    return parse_cause_as(s, c, 1) && parse_cause_as(s, c, 0) ? -1 : 0;
}

int vf_journal_parse_explain(const char *line, vf_explain_rec *x)
{
    char *f[MAX_FIELDS + 32];
    memset(x, 0, sizeof *x);
    if (strncmp(line, "X\t", 2)) return 0;
    /* Causes make lines longer than the other records: split by hand. */
    int n = 0, ok = 1;
    for (const char *p = line; ok && n < MAX_FIELDS + 32;) {
        const char *t = strchr(p, '\t');
        size_t len = t ? (size_t)(t - p) : strlen(p);
        vf_sbuf b = VF_SBUF_INIT;
        for (size_t i = 0; i < len; i++) {
            char ch = p[i];
            if (ch == '\\' && i + 1 < len) {
                ch = p[++i];
                ch = ch == 't' ? '\t' : ch == 'n' ? '\n' : ch == 'r' ? '\r'
                                                                    : ch;
            }
            vf_sbuf_addc(&b, ch);
        }
        f[n++] = vf_sbuf_take(&b);
        if (!t) break;
        p = t + 1;
    }
    unsigned long long idx, iter, replays, untried, aside;
    long long nch;
    int mline;
    ok = n >= 9 && !number(f[1], &idx) && !vf_mode_parse(f[2], &x->mode)
         && !number(f[3], &iter) && iter <= UINT32_MAX
         && sscanf(f[4], "%lld", &nch) == 1 && !number(f[5], &replays)
         && !number(f[6], &untried) && !number(f[7], &aside)
         && sscanf(f[8], "%d", &mline) == 1;
    if (ok) {
        x->map = (size_t)idx;
        x->iter = (uint32_t)iter;
        x->nchoices = (long)nch;
        x->replays = (unsigned long)replays;
        x->untried = (unsigned long)untried;
        x->entangled = (unsigned long)aside;
        x->map_line = mline;
        x->causes = vf_xmalloc((size_t)(n > 9 ? n - 9 : 1)
                               * sizeof *x->causes);
        for (int i = 9; i < n && ok; i++) {
            ok = !parse_cause(f[i], &x->causes[x->ncauses]);
            x->ncauses += ok;
        }
    }
    for (int i = 0; i < n; i++) free(f[i]);
    if (!ok) vf_explain_rec_free(x);
    return ok;
}

int vf_journal_read(const char *path, const vf_journal_reader *rd,
                    size_t *valid, vf_sbuf *err)
{
    char *data, why[256];
    size_t len;
    *valid = 0;
    FILE *probe = fopen(path, "rb");
    if (!probe && errno == ENOENT) return 0;
    if (probe) fclose(probe);
    if (vf_fs_read(path, (size_t)1 << 40, &data, &len, why, sizeof why)) {
        vf_sbuf_printf(err, "%s: %s", path, why);
        return -1;
    }
    int rc = 0;
    size_t lineno = 0;
    for (char *s = data, *nl; (nl = memchr(s, '\n', len - (size_t)(s - data)));
         s = nl + 1) {
        *nl = '\0';
        lineno++;
        vf_map_rec m;
        vf_case_rec c;
        vf_explain_rec x;
        int kind = vf_journal_parse(s, &m, &c);
        int ex = !kind && vf_journal_parse_explain(s, &x);
        if (kind == 'M') rd->map(rd->ctx, &m);
        else if (kind == 'C') rd->kase(rd->ctx, &c);
        else if (ex && rd->explain) rd->explain(rd->ctx, &x);
        else if (ex) vf_explain_rec_free(&x);
        else {
            vf_sbuf_printf(err, "%s:%zu: not a journal record", path, lineno);
            rc = -1;
            break;
        }
        *valid = (size_t)(nl + 1 - data);
    }
    free(data);
    return rc;
}
