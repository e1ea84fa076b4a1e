/* A SARIF 2.1.0 log, written as JSON text with vf_json's escaping: the
 * subset of the format a forge's code scanning reads (tool and rules,
 * results at file:line:column, related locations, suppressions). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "vf_json.h"
#include "vf_sarif.h"
#include "vf_version.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* path made absolute (symbolic links resolved when it exists); malloc'd. */
static char *absolute(const char *path)
{
    char *real = realpath(path, NULL);
    if (real) return real;
    if (path[0] == '/') return vf_xstrdup(path);
    vf_sbuf b = VF_SBUF_INIT;
    char cwd[4096];
    vf_sbuf_printf(&b, "%s/%s", getcwd(cwd, sizeof cwd) ? cwd : "", path);
    return vf_sbuf_take(&b);
}

/* Cuts dir (absolute, no trailing '/') back to its longest ancestor that
 * holds path. */
static void common_dir(char *dir, const char *path)
{
    for (;;) {
        size_t n = strlen(dir);
        if (!strncmp(dir, path, n) && path[n] == '/') return;
        char *slash = strrchr(dir, '/');
        if (!slash) return;
        *slash = '\0';
    }
}

/* The top of the git work tree holding dir (a .git directory or file
 * there), cut into dir; dir stays when there is none. */
static void git_top(char *dir)
{
    vf_sbuf probe = VF_SBUF_INIT;
    size_t n = strlen(dir);
    for (;;) {
        vf_sbuf_reset(&probe);
        vf_sbuf_printf(&probe, "%.*s/.git", (int)n, dir);
        if (!access(probe.s, F_OK)) {
            dir[n] = '\0';
            break;
        }
        while (n && dir[n - 1] != '/') n--;
        if (!n) break;
        n--;   /* the '/' itself: the parent has no trailing slash */
    }
    vf_sbuf_free(&probe);
}

char *vf_sarif_base(const char *const *files, size_t n)
{
    char *dir = NULL;
    for (size_t i = 0; i < n; i++) {
        char *p = absolute(files[i]);
        if (!dir) {
            dir = p;
            *strrchr(dir, '/') = '\0';
        } else {
            common_dir(dir, p);
            free(p);
        }
    }
    if (!dir) return absolute(".");
    git_top(dir);
    return dir;
}

/* A path's bytes as a URI path: unreserved characters and '/' as they
 * are, the rest percent-encoded (RFC 3986). */
static void uri_path(vf_sbuf *b, const char *p)
{
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *s = (const unsigned char *)p; *s; s++) {
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')
            || (*s >= '0' && *s <= '9') || strchr("-._~/", *s))
            vf_sbuf_addc(b, (char)*s);
        else
            vf_sbuf_printf(b, "%%%c%c", hex[*s >> 4], hex[*s & 15]);
    }
}

void vf_sarif_uri(vf_sbuf *b, const char *base, const char *path)
{
    char *p = absolute(path);
    size_t n = strlen(base);
    if (!strncmp(p, base, n) && p[n] == '/') {
        uri_path(b, p + n + 1);
    } else {
        vf_sbuf_adds(b, "file://");
        uri_path(b, p);
    }
    free(p);
}

/* A string built in tmp, written as JSON. */
static void json_sbuf(vf_sbuf *b, vf_sbuf *tmp)
{
    vf_json_str(b, vf_sbuf_str(tmp), tmp->len);
    vf_sbuf_reset(tmp);
}

static void rules(vf_sbuf *b, const vf_sarif_rule *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        vf_sbuf_adds(b, i ? ",\n        {\"id\": " : "\n        {\"id\": ");
        vf_json_cstr(b, r[i].id);
        vf_sbuf_adds(b, ", \"shortDescription\": {\"text\": ");
        vf_json_cstr(b, r[i].summary);
        vf_sbuf_adds(b, "}");
        if (r[i].help) {
            vf_sbuf_adds(b, ", \"fullDescription\": {\"text\": ");
            vf_json_cstr(b, r[i].help);
            vf_sbuf_adds(b, "}");
        }
        vf_sbuf_adds(b, "}");
    }
}

void vf_sarif_begin(vf_sarif *w, vf_sbuf *b, const vf_sarif_rule *r,
                    size_t nrules, char *base)
{
    *w = (vf_sarif){b, r, nrules, base, 0};
    vf_sbuf tmp = VF_SBUF_INIT;
    vf_sbuf_adds(b, "{\n  \"$schema\": \"https://json.schemastore.org/"
                 "sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": "
                 "[{\n    \"tool\": {\"driver\": {\"name\": \"vaultfuzz\", "
                 "\"version\": \"" VF_VERSION "\", \"semanticVersion\": \""
                 VF_VERSION "\",\n      \"rules\": [");
    rules(b, r, nrules);
    vf_sbuf_adds(b, "]}},\n    \"originalUriBaseIds\": {\"SRCROOT\": "
                 "{\"uri\": ");
    vf_sbuf_adds(&tmp, "file://");
    uri_path(&tmp, base);
    vf_sbuf_addc(&tmp, '/');
    json_sbuf(b, &tmp);
    vf_sbuf_adds(b, "}},\n    \"columnKind\": \"unicodeCodePoints\",\n"
                 "    \"results\": [");
    vf_sbuf_free(&tmp);
}

static void physical(vf_sbuf *b, const char *base, const vf_sarif_loc *at)
{
    vf_sbuf tmp = VF_SBUF_INIT;
    vf_sarif_uri(&tmp, base, at->file);
    vf_sbuf_adds(b, "\"physicalLocation\": {\"artifactLocation\": {\"uri\": ");
    int relative = strncmp(vf_sbuf_str(&tmp), "file:", 5) != 0;
    json_sbuf(b, &tmp);
    vf_sbuf_adds(b, relative ? ", \"uriBaseId\": \"SRCROOT\"}" : "}");
    if (at->line > 0) {
        vf_sbuf_printf(b, ", \"region\": {\"startLine\": %d", at->line);
        if (at->column > 0)
            vf_sbuf_printf(b, ", \"startColumn\": %d", at->column);
        vf_sbuf_adds(b, "}");
    }
    vf_sbuf_adds(b, "}");
    vf_sbuf_free(&tmp);
}

static void related(vf_sbuf *b, const char *base, const vf_sarif_result *r)
{
    vf_sbuf_adds(b, ",\n       \"relatedLocations\": [");
    for (size_t i = 0; i < r->nrelated; i++) {
        vf_sbuf_printf(b, "%s{\"id\": %zu, ", i ? ",\n         " : "", i + 1);
        physical(b, base, &r->related[i]);
        vf_sbuf_adds(b, ", \"message\": {\"text\": ");
        vf_json_cstr(b, r->related[i].message ? r->related[i].message : "");
        vf_sbuf_adds(b, "}}");
    }
    vf_sbuf_adds(b, "]");
}

void vf_sarif_add(vf_sarif *w, const vf_sarif_result *r)
{
    vf_sbuf *b = w->b;
    vf_sbuf_adds(b, w->nresults++ ? ",\n      {" : "\n      {");
    vf_sbuf_adds(b, "\"ruleId\": ");
    vf_json_cstr(b, w->rules[r->rule].id);
    vf_sbuf_printf(b, ", \"ruleIndex\": %d, \"level\": \"%s\",\n       "
                   "\"message\": {\"text\": ", r->rule, r->level);
    vf_json_cstr(b, r->message);
    vf_sbuf_adds(b, "},\n       \"locations\": [{");
    physical(b, w->base, &r->at);
    if (r->object) {
        vf_sbuf_adds(b, ", \"logicalLocations\": [{\"name\": ");
        vf_json_cstr(b, r->object);
        vf_sbuf_adds(b, ", \"kind\": \"object\"}]");
    }
    vf_sbuf_adds(b, "}]");
    if (r->nrelated) related(b, w->base, r);
    if (r->fingerprint) {
        vf_sbuf_adds(b, ",\n       \"partialFingerprints\": "
                     "{\"vaultfuzzFinding/v1\": ");
        vf_json_cstr(b, r->fingerprint);
        vf_sbuf_adds(b, "}");
    }
    if (r->suppressed) {
        vf_sbuf_adds(b, ",\n       \"suppressions\": [{\"kind\": \"external\","
                     " \"justification\": ");
        vf_json_cstr(b, r->suppressed);
        vf_sbuf_adds(b, "}]");
    }
    if (r->baseline) {
        vf_sbuf_adds(b, ",\n       \"baselineState\": ");
        vf_json_cstr(b, r->baseline);
    }
    vf_sbuf_adds(b, "}");
}

void vf_sarif_end(vf_sarif *w, int successful, const char *const *notes,
                  size_t n)
{
    vf_sbuf *b = w->b;
    vf_sbuf_printf(b, "%s],\n    \"invocations\": [{\"executionSuccessful\": "
                   "%s, \"toolExecutionNotifications\": [",
                   w->nresults ? "\n    " : "", successful ? "true" : "false");
    for (size_t i = 0; i < n; i++) {
        vf_sbuf_adds(b, i ? ",\n      " : "\n      ");
        vf_sbuf_adds(b, "{\"level\": \"error\", \"message\": {\"text\": ");
        vf_json_cstr(b, notes[i]);
        vf_sbuf_adds(b, "}}");
    }
    vf_sbuf_adds(b, "]}]\n  }]\n}\n");
    free(w->base);
    w->base = NULL;
}
