/* Reading the name tables of a checkout's C++ source (vf_gamesrc.h).
 *
 * Each table is found by a marker (its name as the source declares it)
 * in the file that has held it at every release from 0.25 to trunk, else
 * in any .cc or .h file of the directory, so a fork that moved a table
 * still works. The text is first cleared of comments and of the blocks a
 * TAG_MAJOR_VERSION 34 build leaves out; then the table's braces are
 * matched and its string literals read. */
#include "vf_gamesrc.h"
#include "vf_fs.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define SOURCE_MAX_FILE (16u << 20)
#define TAG_MAJOR 34          /* what every release is built with */

typedef struct feature_row {
    char *vaultname, *enum_name;
    unsigned fft;
} feature_row;

/* A name the user declared (--game-names): its table, and for a feature
 * the id of ours it behaves as. */
typedef struct declared_name {
    vf_gs_table table;
    char *name;
    int feature;
} declared_name;

struct vf_gamesrc {
    int has[VF_GS_COUNT];
    unsigned lua_names;                 /* bit i: lua_names[i] registered */
    int chance_priority;                /* levcomp.ypp: CHANCE P : C */
    feature_row *feats;
    size_t nfeats;
    vf_strlist lists[VF_GS_COUNT];      /* traps, shops, fprops */
    vf_branch *branches;                /* strings owned */
    size_t nbranches;
    declared_name *declared;            /* looked up before the tables */
    size_t ndeclared, declared_cap;
};

/* ---- cleaning the text -------------------------------------------------- */

/* A string or character literal from p: its end (past the quote). */
static const char *skip_literal(const char *p)
{
    char q = *p++;
    while (*p && *p != q) {
        if (*p == '\\' && p[1]) p++;
        p++;
    }
    return *p ? p + 1 : p;
}

/* Whether a #if condition holds for a TAG_MAJOR_VERSION 34 build; any
 * condition not about the tag version is taken as true. */
static int tag_condition(const char *cond)
{
    const char *t = strstr(cond, "TAG_MAJOR_VERSION");
    if (!t) return 1;
    t += strlen("TAG_MAJOR_VERSION");
    while (*t == ' ' || *t == '\t') t++;
    char op[3] = {0};
    for (int i = 0; i < 2 && strchr("=!<>", t[i]); i++) op[i] = t[i];
    long n = strtol(t + strlen(op), NULL, 10);
    if (!strcmp(op, "==")) return TAG_MAJOR == n;
    if (!strcmp(op, "!=")) return TAG_MAJOR != n;
    if (!strcmp(op, ">")) return TAG_MAJOR > n;
    if (!strcmp(op, ">=")) return TAG_MAJOR >= n;
    if (!strcmp(op, "<")) return TAG_MAJOR < n;
    if (!strcmp(op, "<=")) return TAG_MAJOR <= n;
    return 1;
}

#define IF_DEPTH 64

typedef struct cond_stack {
    int on[IF_DEPTH];        /* is this level's current branch taken */
    int taken[IF_DEPTH];     /* has some branch of it been taken */
    int n;
} cond_stack;

static int active(const cond_stack *c)
{
    for (int i = 0; i < c->n && i < IF_DEPTH; i++)
        if (!c->on[i]) return 0;
    return 1;
}

/* Applies one preprocessor line (directive after '#'). */
static void directive(cond_stack *c, const char *d)
{
    int i = c->n - 1;
    if (!strncmp(d, "if", 2)) {
        int on = strncmp(d, "ifdef", 5) && strncmp(d, "ifndef", 6)
                     ? tag_condition(d + 2) : 1;
        if (c->n < IF_DEPTH) c->on[c->n] = on, c->taken[c->n] = on;
        c->n++;
    } else if (!strncmp(d, "elif", 4) && i >= 0 && i < IF_DEPTH) {
        c->on[i] = !c->taken[i] && tag_condition(d + 4);
        c->taken[i] |= c->on[i];
    } else if (!strncmp(d, "else", 4) && i >= 0 && i < IF_DEPTH) {
        c->on[i] = !c->taken[i];
        c->taken[i] = 1;
    } else if (!strncmp(d, "endif", 5) && c->n > 0) {
        c->n--;
    }
}

/* The length of the directive at p, continuation lines included. */
static size_t directive_len(const char *p)
{
    size_t n = 0;
    for (;;) {
        const char *eol = strchr(p + n, '\n');
        size_t line = eol ? (size_t)(eol - (p + n)) : strlen(p + n);
        n += line;
        if (!eol || line == 0 || p[n - 1] != '\\') return n;
        n++;
    }
}

/* Keeps a #define's text, "NAME(params) body", its line joins gone. */
static void push_macro(vf_strlist *macros, const char *d, size_t n)
{
    vf_sbuf m = VF_SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (d[i] == '\\' && i + 1 < n && d[i + 1] == '\n') {
            vf_sbuf_addc(&m, ' ');
            i++;
        } else {
            vf_sbuf_addc(&m, d[i]);
        }
    }
    vf_strlist_push(macros, vf_sbuf_take(&m));
}

/* The source as a TAG_MAJOR_VERSION 34 build reads it: comments and
 * directives gone (each line as a blank), inactive blocks dropped. The
 * bodies of active #defines go to macros, one "NAME body" each. Owned. */
static char *clean(const char *src, vf_strlist *macros)
{
    vf_sbuf out = VF_SBUF_INIT;
    cond_stack c = {{0}, {0}, 0};
    const char *p = src;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        const char *s = p;
        while (s < p + n && (*s == ' ' || *s == '\t')) s++;
        if (*s == '#') {
            n = directive_len(p);
            eol = p[n] ? p + n : NULL;
            s++;
            while (*s == ' ' || *s == '\t') s++;
            char d[256];
            size_t dn = (size_t)(p + n - s) < sizeof d - 1
                            ? (size_t)(p + n - s) : sizeof d - 1;
            memcpy(d, s, dn);
            d[dn] = 0;
            directive(&c, d);
            if (active(&c) && !strncmp(s, "define", 6))
                push_macro(macros, s + 6, (size_t)(p + n - s - 6));
            for (const char *q = p; q < p + n; q++)
                if (*q == '\n') vf_sbuf_addc(&out, '\n');
        } else if (active(&c)) {
            vf_sbuf_add(&out, p, n);
        }
        vf_sbuf_addc(&out, '\n');
        p += n + (eol != NULL);
    }
    /* Comments, outside literals. */
    char *t = vf_sbuf_take(&out);
    for (char *q = t; *q; ) {
        if (*q == '"' || *q == '\'') {
            q = (char *)skip_literal(q);
        } else if (q[0] == '/' && q[1] == '/') {
            while (*q && *q != '\n') *q++ = ' ';
        } else if (q[0] == '/' && q[1] == '*') {
            char *e = strstr(q + 2, "*/");
            char *stop = e ? e + 2 : q + strlen(q);
            for (; q < stop; q++)
                if (*q != '\n') *q = ' ';
        } else {
            q++;
        }
    }
    return t;
}

/* ---- finding a table ---------------------------------------------------- */

/* The brace matching the one at open, or NULL. */
static const char *matching(const char *open)
{
    int depth = 0;
    for (const char *p = open; *p; ) {
        if (*p == '"' || *p == '\'') {
            p = skip_literal(p);
            continue;
        }
        if (*p == '{') depth++;
        if (*p == '}' && --depth == 0) return p;
        p++;
    }
    return NULL;
}

/* The body of the first table after marker in text: [*b, *e) inside its
 * braces. 0 when absent. */
static int table_in(const char *text, const char *marker, const char **b,
                    const char **e)
{
    const char *m = strstr(text, marker);
    if (!m) return 0;
    const char *open = strchr(m, '{');
    const char *close = open ? matching(open) : NULL;
    if (!close) return 0;
    *b = open + 1;
    *e = close;
    return 1;
}

/* Reads path cleaned (macros as clean gives them); NULL when
 * unreadable. */
static char *read_clean(const char *dir, const char *name,
                        vf_strlist *macros)
{
    vf_sbuf path = VF_SBUF_INIT;
    vf_sbuf_printf(&path, "%s/%s", dir, name);
    char *raw, why[128];
    size_t len;
    int rc = vf_fs_read(path.s, SOURCE_MAX_FILE, &raw, &len, why, sizeof why);
    vf_sbuf_free(&path);
    if (rc) return NULL;
    char *t = clean(raw, macros);
    free(raw);
    return t;
}

/* The source files of dir (*.cc, *.h), sorted. */
static void source_files(const char *dir, vf_strlist *out)
{
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d)); ) {
        size_t n = strlen(e->d_name);
        if ((n > 3 && !strcmp(e->d_name + n - 3, ".cc")) ||
            (n > 2 && !strcmp(e->d_name + n - 2, ".h")))
            vf_strlist_push(out, vf_xstrdup(e->d_name));
    }
    closedir(d);
    for (size_t i = 1; i < out->n; i++)
        for (size_t j = i; j > 0 && strcmp(out->v[j - 1], out->v[j]) > 0;
             j--) {
            char *t = out->v[j];
            out->v[j] = out->v[j - 1];
            out->v[j - 1] = t;
        }
}

/* The cleaned text of the file holding marker: the usual file first, then
 * every source file. Owned; NULL when no file has it. */
static char *text_with(const char *dir, const char *usual,
                       const vf_strlist *files, const char *marker,
                       vf_strlist *macros)
{
    char *t = read_clean(dir, usual, macros);
    if (t && strstr(t, marker)) return t;
    free(t);
    for (size_t i = 0; i < files->n; i++) {
        if (!strcmp(files->v[i], usual)) continue;
        vf_strlist_free(macros);
        t = read_clean(dir, files->v[i], macros);
        if (t && strstr(t, marker)) return t;
        free(t);
    }
    vf_strlist_free(macros);
    return NULL;
}

/* ---- reading tables ----------------------------------------------------- */

static const char *skip_space(const char *p, const char *e)
{
    while (p < e && isspace((unsigned char)*p)) p++;
    return p;
}

/* A literal at p (skipping space): its contents, owned, and *next past
 * it; NULL when p holds no literal. */
static char *literal_at(const char *p, const char *e, const char **next)
{
    p = skip_space(p, e);
    if (p >= e || *p != '"') return NULL;
    vf_sbuf s = VF_SBUF_INIT;
    vf_sbuf_adds(&s, "");
    /* Adjacent literals are one string ("stone_stairs_up_" "i"). */
    while (p < e && *p == '"') {
        const char *end = skip_literal(p);
        if (end > e || end[-1] != '"') break;
        vf_sbuf_add(&s, p + 1, (size_t)(end - p - 2));
        *next = end;
        p = skip_space(end, e);
    }
    return vf_sbuf_take(&s);
}

/* An identifier at p (skipping space), owned; *next past it. */
static char *ident_at(const char *p, const char *e, const char **next)
{
    p = skip_space(p, e);
    const char *s = p;
    while (p < e && (isalnum((unsigned char)*p) || *p == '_' || *p == ':'))
        p++;
    if (p == s) return NULL;
    *next = p;
    return vf_xstrndup(s, (size_t)(p - s));
}

/* p past a ',' (skipping space), or NULL. */
static const char *comma(const char *p, const char *e)
{
    p = skip_space(p, e);
    return p < e && *p == ',' ? p + 1 : NULL;
}

/* Every literal in [b, e) (only those right after "==" when eq). */
static void literals(const char *b, const char *e, int eq, int lower,
                     vf_strlist *out)
{
    for (const char *p = b; p < e; ) {
        if (*p != '"') {
            p = *p == '\'' ? skip_literal(p) : p + 1;
            continue;
        }
        const char *q = p;
        while (q > b && isspace((unsigned char)q[-1])) q--;
        const char *next = p + 1;
        char *s = literal_at(p, e, &next);
        if (s && (!eq || (q - b >= 2 && q[-1] == '=' && q[-2] == '='))) {
            for (char *c = s; lower && *c; c++)
                *c = (char)tolower((unsigned char)*c);
            vf_strlist_push(out, s);
        } else {
            free(s);
        }
        p = next > p ? next : p + 1;
    }
}

/* The entries of a table body: each {...} at its top level, in turn.
 * Returns the next entry's [*eb, *ee) after from, 0 at the end. */
static int next_entry(const char *from, const char *e, const char **eb,
                      const char **ee)
{
    for (const char *p = from; p < e; ) {
        if (*p == '"' || *p == '\'') {
            p = skip_literal(p);
            continue;
        }
        if (*p == '{') {
            const char *close = matching(p);
            if (!close || close > e) return 0;
            *eb = p + 1;
            *ee = close;
            return 1;
        }
        p++;
    }
    return 0;
}

static unsigned fft_bits(const char *b, const char *e)
{
    static const struct { const char *name; unsigned bit; } flags[] = {
        {"FFT_SOLID", VF_GS_FFT_SOLID}, {"FFT_OPAQUE", VF_GS_FFT_OPAQUE},
        {"FFT_WALL", VF_GS_FFT_WALL}, {"FFT_TRAP", VF_GS_FFT_TRAP},
    };
    unsigned bits = 0;
    char *t = vf_xstrndup(b, (size_t)(e - b));
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        if (strstr(t, flags[i].name)) bits |= flags[i].bit;
    free(t);
    return bits;
}

/* ---- function-like macros, as feature-data.h uses them ------------------ */

#define MACRO_ARGS 16

typedef struct macro_call {
    const char *params[MACRO_ARGS], *args[MACRO_ARGS];
    size_t plen[MACRO_ARGS], alen[MACRO_ARGS];
    int n;
} macro_call;

/* The macro of macros named name[0..n) taking arguments: its text after
 * the name (at '('), or NULL. */
static const char *macro_named(const vf_strlist *macros, const char *name,
                               size_t n)
{
    for (size_t i = 0; i < macros->n; i++) {
        const char *m = macros->v[i];
        while (*m == ' ' || *m == '\t') m++;
        if (!strncmp(m, name, n) && m[n] == '(') return m + n;
    }
    return NULL;
}

/* Splits the parenthesised list at open into up to MACRO_ARGS trimmed
 * pieces at its top-level commas; returns past the ')' or NULL. */
static const char *split_args(const char *open, const char **v, size_t *len,
                              int *n)
{
    int depth = 0;
    const char *piece = open + 1;
    *n = 0;
    for (const char *p = open; *p; ) {
        if (*p == '"' || *p == '\'') {
            p = skip_literal(p);
            continue;
        }
        if (*p == '(') depth++;
        if ((*p == ',' && depth == 1) || (*p == ')' && depth == 1)) {
            const char *a = piece, *z = p;
            while (a < z && isspace((unsigned char)*a)) a++;
            while (z > a && isspace((unsigned char)z[-1])) z--;
            if (*n < MACRO_ARGS && (z > a || *p == ',' || *n > 0))
                v[*n] = a, len[(*n)++] = (size_t)(z - a);
            piece = p + 1;
            if (*p == ')') return p + 1;
        } else if (*p == ')') {
            depth--;
        }
        p++;
    }
    return NULL;
}

/* The argument for the parameter named id[0..n), or -1. */
static int param_index(const macro_call *c, const char *id, size_t n)
{
    for (int i = 0; i < c->n; i++)
        if (c->plen[i] == n && !strncmp(c->params[i], id, n)) return i;
    return -1;
}

/* Writes the body with arguments in place: "#p" as a literal, "a ## b"
 * joined. */
static void substitute(const char *body, const macro_call *c, vf_sbuf *out)
{
    for (const char *p = body; *p; ) {
        if (p[0] == '#' && p[1] == '#') {
            while (out->len && isspace((unsigned char)out->s[out->len - 1]))
                out->s[--out->len] = 0;
            p += 2;
            while (isspace((unsigned char)*p)) p++;
            continue;
        }
        int str = *p == '#';
        const char *id = p + str;
        const char *q = id;
        while (isalnum((unsigned char)*q) || *q == '_') q++;
        int i = q > id ? param_index(c, id, (size_t)(q - id)) : -1;
        if (i >= 0) {
            if (str) vf_sbuf_addc(out, '"');
            vf_sbuf_add(out, c->args[i], c->alen[i]);
            if (str) vf_sbuf_addc(out, '"');
            p = q;
        } else if (q > id) {
            vf_sbuf_add(out, p, (size_t)(q - p));
            p = q;
        } else if (*p == '"' || *p == '\'') {
            const char *end = skip_literal(p);
            vf_sbuf_add(out, p, (size_t)(end - p));
            p = end;
        } else {
            vf_sbuf_addc(out, *p++);
        }
    }
}

/* [b, e) with each call of a function-like macro of macros expanded (one
 * level: the game's rows call macros that call none that matter). */
static char *expand(const char *b, const char *e, const vf_strlist *macros)
{
    vf_sbuf out = VF_SBUF_INIT;
    for (const char *p = b; p < e; ) {
        if (*p == '"' || *p == '\'') {
            const char *end = skip_literal(p);
            vf_sbuf_add(&out, p, (size_t)(end - p));
            p = end;
            continue;
        }
        if (!isalpha((unsigned char)*p) && *p != '_') {
            vf_sbuf_addc(&out, *p++);
            continue;
        }
        const char *q = p;
        while (q < e && (isalnum((unsigned char)*q) || *q == '_')) q++;
        const char *def = macro_named(macros, p, (size_t)(q - p));
        const char *open = skip_space(q, e);
        macro_call c;
        const char *after = def && open < e && *open == '(' ?
            split_args(open, c.args, c.alen, &c.n) : NULL;
        const char *body = after ?
            split_args(def, c.params, c.plen, &(int){0}) : NULL;
        if (!body || after > e) {
            vf_sbuf_add(&out, p, (size_t)(q - p));
            p = q;
            continue;
        }
        substitute(body, &c, &out);
        p = after;
    }
    return vf_sbuf_take(&out);
}

/* ---- the tables --------------------------------------------------------- */

static void add_feature(vf_gamesrc *s, size_t *cap, char *vault, char *id,
                        unsigned fft)
{
    if (s->nfeats == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        s->feats = vf_xrealloc(s->feats, *cap * sizeof *s->feats);
    }
    s->feats[s->nfeats++] = (feature_row){vault, id, fft};
}

/* feat_defs[]: rows { DNGN_X, "name", "vaultname", ..., FFT_ flags },
 * some written through macros (ALTAR(DNGN_X, ...), STONE_STAIRS_UP(I, i)),
 * which are expanded first. */
static int read_features(vf_gamesrc *s, const char *text,
                         const vf_strlist *macros)
{
    const char *b, *e, *eb, *ee;
    if (!table_in(text, "feat_defs[]", &b, &e)) return 0;
    char *rows = expand(b, e, macros);
    const char *end = rows + strlen(rows);
    size_t cap = 0;
    for (const char *p = rows; next_entry(p, end, &eb, &ee); p = ee + 1) {
        const char *q = eb;
        char *id = ident_at(q, ee, &q), *name = NULL, *vault = NULL;
        if (id && !strncmp(id, "DNGN_", 5) && (q = comma(q, ee)) &&
            (name = literal_at(q, ee, &q)) && (q = comma(q, ee)) &&
            (vault = literal_at(q, ee, &q))) {
            add_feature(s, &cap, vault, id, fft_bits(q, ee));
            id = vault = NULL;
        }
        free(id);
        free(name);
        free(vault);
    }
    free(rows);
    return s->nfeats > 0;
}

static int read_list(vf_gamesrc *s, vf_gs_table t, const char *text,
                     const char *marker, int eq, int lower)
{
    const char *b, *e;
    if (!table_in(text, marker, &b, &e)) return 0;
    literals(b, e, eq, lower, &s->lists[t]);
    return s->lists[t].n > 0;
}

/* One branches[] entry: { BRANCH_X, PARENT, mindepth, maxdepth, depth,
 * absdepth, flags, entry, exit, escape, "short", "long", "abbrev", ...}.
 * The parent stays a name in *parent until every id is known. */
static int read_branch(const char *b, const char *e, vf_branch *out,
                       char **id, char **parent)
{
    const char *q = b;
    long num[4];
    *id = ident_at(q, e, &q);
    *parent = NULL;
    if (!*id || strncmp(*id, "BRANCH_", 7) || !(q = comma(q, e)) ||
        !(*parent = ident_at(q, e, &q)))
        return 0;
    for (int i = 0; i < 4; i++) {
        char *end;
        if (!(q = comma(q, e))) return 0;
        num[i] = strtol(q, &end, 10);
        if (end == q) return 0;
        q = end;
    }
    const char *lit = memchr(q, '"', (size_t)(e - q));
    if (!lit) return 0;
    char *flags = vf_xstrndup(q, (size_t)(lit - q));
    out->portal = strstr(flags, "no_x_level_travel") != NULL ||
                  strstr(flags, "NO_XLEV") != NULL;
    out->islanded = strstr(flags, "islanded") != NULL ||
                    strstr(flags, "ISLANDED") != NULL;
    free(flags);
    char *names[3] = {NULL, NULL, NULL};
    q = lit;
    for (int i = 0; i < 3; i++)
        if (!(names[i] = literal_at(q, e, &q)) ||
            (i < 2 && !(q = comma(q, e)))) {
            for (int j = 0; j <= i; j++) free(names[j]);
            return 0;
        }
    out->shortname = names[0];
    out->longname = names[1];
    out->abbrev = names[2];
    out->mindepth = (int)num[0];
    out->maxdepth = (int)num[1];
    out->depth = (int)num[2];
    out->absdepth = (int)num[3];
    return 1;
}

static int read_branches(vf_gamesrc *s, const char *text)
{
    const char *b, *e, *eb, *ee;
    if (!table_in(text, "branches[", &b, &e)) return 0;
    vf_strlist ids = {0}, parents = {0};
    size_t cap = 0;
    for (const char *p = b; next_entry(p, e, &eb, &ee); p = ee + 1) {
        vf_branch br = {0};
        char *id, *parent;
        if (!read_branch(eb, ee, &br, &id, &parent)) {
            free(id);
            free(parent);
            continue;
        }
        if (s->nbranches == cap) {
            cap = cap ? 2 * cap : 64;
            s->branches = vf_xrealloc(s->branches, cap * sizeof *s->branches);
        }
        s->branches[s->nbranches++] = br;
        vf_strlist_push(&ids, id);
        vf_strlist_push(&parents, parent);
    }
    for (size_t i = 0; i < s->nbranches; i++) {
        s->branches[i].parent = -1;
        for (size_t j = 0; j < ids.n; j++)
            if (!strcmp(parents.v[i], ids.v[j]))
                s->branches[i].parent = (int)j;
    }
    vf_strlist_free(&ids);
    vf_strlist_free(&parents);
    return s->nbranches > 0;
}

/* ---- the set ------------------------------------------------------------ */

static const struct table_source {
    const char *what, *table, *usual, *marker;
} sources[VF_GS_COUNT] = {
    [VF_GS_FEATURES] =
        {"features", "feat_defs[]", "feature-data.h", "feat_defs[]"},
    [VF_GS_TRAPS] = {"traps", "trap_names[]", "describe.cc", "trap_names[]"},
    [VF_GS_SHOPS] = {"shops", "shop_types[]", "shopping.cc", "shop_types[]"},
    [VF_GS_FPROPS] = {"fprops", "str_to_fprop()", "fprop.cc",
                      "str_to_fprop(const string"},
    [VF_GS_BRANCHES] =
        {"branches", "branches[]", "branch-data.h", "branches[NUM_BRANCHES]"},
};

static int read_table(vf_gamesrc *s, vf_gs_table t, const char *text,
                      const vf_strlist *macros)
{
    switch (t) {
    case VF_GS_FEATURES: return read_features(s, text, macros);
    /* Trap names compare lower-cased ("Zot"); str_to_fprop's names are
     * the ones it compares with ==. */
    case VF_GS_TRAPS: return read_list(s, t, text, sources[t].marker, 0, 1);
    case VF_GS_SHOPS: return read_list(s, t, text, sources[t].marker, 0, 0);
    case VF_GS_FPROPS: return read_list(s, t, text, sources[t].marker, 1, 0);
    case VF_GS_BRANCHES: return read_branches(s, text);
    default: return 0;
    }
}

/* Says what was read and what falls back, once. */
static void describe(const vf_gamesrc *s, vf_sbuf *note)
{
    const char *sep = "";
    for (int t = 0; t < VF_GS_COUNT; t++)
        if (s->has[t]) {
            vf_sbuf_printf(note, "%s%s", sep, sources[t].what);
            sep = ", ";
        }
    vf_sbuf_adds(note, *sep ? " from the checkout's source" :
                              "no table found in the checkout's source");
    for (int t = 0; t < VF_GS_COUNT; t++)
        if (!s->has[t])
            vf_sbuf_printf(note, "; no %s: ours", sources[t].table);
}

/* Whether dir's file name, as the game's build reads it, holds all of
 * the words. */
static int source_says(const char *dir, const char *name,
                       const char *const *words)
{
    vf_strlist macros = {0};
    char *t = read_clean(dir, name, &macros);
    int yes = t != NULL;
    for (; yes && *words; words++) yes = strstr(t, *words) != NULL;
    free(t);
    vf_strlist_free(&macros);
    return yes;
}

/* Lua names older games and forks register that today's do not, each
 * with the file that registers it and the words that say so. */
static const struct {
    const char *name, *file, *words[3];
} lua_names[] = {
    {"require", "clua.cc", {"lua_register", "\"require\"", NULL}},
    {"crawl.random_element", "l_crawl.cc", {"\"random_element\"", NULL}},
    {"crawl.random_element", "l-crawl.cc", {"\"random_element\"", NULL}},
};

/* What the game's own Lua set-up and .des parser allow beyond the name
 * tables: the Lua names above (hellcrawl's clua.cc registers a global
 * require, its l_crawl.cc crawl.random_element, removed from the game in
 * 2019), and CHANCE's "priority : chance" (util/levcomp.ypp's chance_num,
 * which the game dropped in 0.20). */
static void read_habits(vf_gamesrc *s, const char *dir)
{
    static const char *const priority[] = {"chance_num", NULL};
    for (size_t i = 0; i < sizeof lua_names / sizeof *lua_names; i++)
        if (source_says(dir, lua_names[i].file, lua_names[i].words))
            s->lua_names |= 1u << i;
    s->chance_priority = source_says(dir, "util/levcomp.ypp", priority);
}

vf_gamesrc *vf_gamesrc_new(void)
{
    vf_gamesrc *s = vf_xcalloc(1, sizeof *s);
    return s;
}

vf_gamesrc *vf_gamesrc_read(const char *dir, vf_sbuf *note)
{
    vf_strlist files = {0};
    source_files(dir, &files);
    int any_cc = 0;
    for (size_t i = 0; i < files.n; i++) {
        size_t n = strlen(files.v[i]);
        any_cc |= n > 3 && !strcmp(files.v[i] + n - 3, ".cc");
    }
    if (!any_cc) {
        vf_strlist_free(&files);
        return NULL;
    }
    vf_gamesrc *s = vf_gamesrc_new();
    for (int t = 0; t < VF_GS_COUNT; t++) {
        vf_strlist macros = {0};
        char *text = text_with(dir, sources[t].usual, &files,
                               sources[t].marker, &macros);
        s->has[t] = text && read_table(s, (vf_gs_table)t, text, &macros);
        free(text);
        vf_strlist_free(&macros);
    }
    vf_strlist_free(&files);
    read_habits(s, dir);
    describe(s, note);
    return s;
}

void vf_gamesrc_free(vf_gamesrc *s)
{
    if (!s) return;
    for (size_t i = 0; i < s->nfeats; i++) {
        free(s->feats[i].vaultname);
        free(s->feats[i].enum_name);
    }
    free(s->feats);
    for (int t = 0; t < VF_GS_COUNT; t++) vf_strlist_free(&s->lists[t]);
    for (size_t i = 0; i < s->nbranches; i++) {
        free((char *)s->branches[i].abbrev);
        free((char *)s->branches[i].shortname);
        free((char *)s->branches[i].longname);
    }
    free(s->branches);
    for (size_t i = 0; i < s->ndeclared; i++) free(s->declared[i].name);
    free(s->declared);
    free(s);
}

int vf_gamesrc_registers(const vf_gamesrc *s, const char *name)
{
    for (size_t i = 0; s && i < sizeof lua_names / sizeof *lua_names; i++)
        if ((s->lua_names >> i & 1) && !strcmp(lua_names[i].name, name))
            return 1;
    return 0;
}

int vf_gamesrc_chance_priority(const vf_gamesrc *s)
{
    return s && s->chance_priority;
}

int vf_gamesrc_has(const vf_gamesrc *s, vf_gs_table t)
{
    return s && t >= 0 && t < VF_GS_COUNT && s->has[t];
}

int vf_gamesrc_feature(const vf_gamesrc *s, const char *name,
                       const char **enum_name, unsigned *fft)
{
    for (size_t i = 0; s && i < s->nfeats; i++)
        if (!strcmp(s->feats[i].vaultname, name)) {
            if (enum_name) *enum_name = s->feats[i].enum_name;
            if (fft) *fft = s->feats[i].fft;
            return 1;
        }
    return 0;
}

int vf_gamesrc_lists(const vf_gamesrc *s, vf_gs_table t, const char *name)
{
    if (!vf_gamesrc_has(s, t)) return 0;
    for (size_t i = 0; i < s->lists[t].n; i++)
        if (!strcmp(s->lists[t].v[i], name)) return 1;
    return 0;
}

const vf_branch *vf_gamesrc_branches(const vf_gamesrc *s, size_t *n)
{
    if (!vf_gamesrc_has(s, VF_GS_BRANCHES)) return NULL;
    *n = s->nbranches;
    return s->branches;
}

/* ---- names declared beyond the tables ----------------------------------- */

void vf_gamesrc_declare(vf_gamesrc *s, vf_gs_table t, const char *name,
                        int feature)
{
    if (s->ndeclared == s->declared_cap) {
        s->declared_cap = s->declared_cap ? 2 * s->declared_cap : 16;
        s->declared = vf_xrealloc(s->declared,
                                  s->declared_cap * sizeof *s->declared);
    }
    int what = t == VF_GS_FEATURES ? feature : 1;
    s->declared[s->ndeclared++] = (declared_name){t, vf_xstrdup(name), what};
}

int vf_gamesrc_declared(const vf_gamesrc *s, vf_gs_table t, const char *name)
{
    for (size_t i = 0; s && i < s->ndeclared; i++)
        if (s->declared[i].table == t && !strcmp(s->declared[i].name, name))
            return s->declared[i].feature;
    return 0;
}
