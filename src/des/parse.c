/* The .des parser: turns lines into map definitions and chunks.
 *
 * Grammar (dcss-compat.md §1.4): a file is default-depth lines, global Lua
 * and maps; a map is a NAME: line followed by headers, MAP blocks and Lua
 * blocks up to the next NAME: or default-depth:. */
#include "des_int.h"
#include "vf_gamesrc.h"
#include "vf_keyitem.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum argkind { K_ARG, K_WORDS, K_ITEMS, K_ITEMS_OPT, K_NUMBERS };

typedef struct keyword {
    const char *word;   /* without the colon */
    enum argkind kind;
    int call;           /* vf_call generated per value, or -1 (special) */
} keyword;

static const keyword keywords[] = {
    {"NAME", K_ARG, -1},
    {"default-depth", K_ARG, -1},
    {"DESC", K_ARG, VF_CALL_DESC},
    {"DEPTH", K_ARG, VF_CALL_DEPTH},
    {"ORIENT", K_ARG, VF_CALL_ORIENT},
    {"PLACE", K_ARG, VF_CALL_PLACE},
    {"WELCOME", K_ARG, VF_CALL_WELCOME},
    {"CHANCE", K_NUMBERS, VF_CALL_CHANCE},
    {"WEIGHT", K_NUMBERS, VF_CALL_WEIGHT},
    {"ORDER", K_NUMBERS, VF_CALL_ORDER},
    {"TAGS", K_WORDS, VF_CALL_TAGS},
    {"SUBST", K_ITEMS, VF_CALL_SUBST},
    {"NSUBST", K_ITEMS, VF_CALL_NSUBST},
    {"SHUFFLE", K_ITEMS, VF_CALL_SHUFFLE},
    {"CLEAR", K_ARG, VF_CALL_CLEAR},
    {"COLOUR", K_ITEMS, VF_CALL_COLOUR},
    {"LFLOORCOL", K_ARG, VF_CALL_LFLOORCOL},
    {"LROCKCOL", K_ARG, VF_CALL_LROCKCOL},
    {"LFLOORTILE", K_ARG, VF_CALL_LFLOORTILE},
    {"LROCKTILE", K_ARG, VF_CALL_LROCKTILE},
    {"FTILE", K_ITEMS, VF_CALL_FTILE},
    {"RTILE", K_ITEMS, VF_CALL_RTILE},
    {"TILE", K_ITEMS, VF_CALL_TILE},
    {"FHEIGHT", K_ITEMS, VF_CALL_FHEIGHT},
    {"MONS", K_ITEMS_OPT, VF_CALL_MONS},
    {"ITEM", K_ITEMS_OPT, VF_CALL_ITEM},
    {"MARKER", K_ARG, VF_CALL_MARKER},
    {"KFEAT", K_ARG, VF_CALL_KFEAT},
    {"KITEM", K_ARG, VF_CALL_KITEM},
    {"KMONS", K_ARG, VF_CALL_KMONS},
    {"KMASK", K_ARG, VF_CALL_KMASK},
    {"KPROP", K_ARG, VF_CALL_KPROP},
    {"SUBVAULT", K_ARG, VF_CALL_SUBVAULT},
};

static const keyword *find_keyword(const char *w, size_t n)
{
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (strlen(keywords[i].word) == n && !memcmp(keywords[i].word, w, n))
            return &keywords[i];
    return NULL;
}

/* ---- maps ------------------------------------------------------------ */

void vf_des_add_map(vf_desset *set, vf_mapdef *m);  /* set.c */
const vf_mapdef *vf_des_find_map(const vf_desset *set, const char *name);

static void free_map(vf_mapdef *m)
{
    free(m->name);
    free(m->default_depth);
    free(m->orient);
    free(m->tags);
    for (int k = 0; k < VF_CHUNK_KINDS; k++) vf_chunk_free(&m->chunk[k]);
    memset(m, 0, sizeof *m);
}

static void finish_map(vf_parser *p)
{
    if (!p->in_map) return;
    if (p->map_bad) free_map(&p->map);
    else vf_des_add_map(p->set, &p->map);  /* takes ownership */
    memset(&p->map, 0, sizeof p->map);
    p->in_map = p->map_bad = 0;
}

static void start_map(vf_parser *p, int line, const char *name, size_t n)
{
    finish_map(p);
    p->in_map = 1;
    p->map.name = vf_xstrndup(name, n);
    p->map.file = p->file;
    p->map.line = line;
    if (p->default_depth) p->map.default_depth = vf_xstrdup(p->default_depth);
    if (n == 0) {
        vf_lex_fail(p, line, "NAME: has no name");
        return;
    }
    /* The game's levcomp stops at a name loaded twice ("Map named '%s'
     * already loaded"): the game does not start. The error is the later
     * map's, never the original's (run --changed-since moves it to the
     * changed file when the change's map loaded first). */
    const vf_mapdef *old = vf_des_find_map(p->set, p->map.name);
    if (old) {
        vf_desset *set = p->set;
        set->dups = vf_xrealloc(set->dups,
                                (set->ndups + 1) * sizeof *set->dups);
        set->dups[set->ndups++] = (vf_desdup){(size_t)(old - set->maps),
                                              p->file, line};
        vf_lex_fail(p, line, "name already used by the map at %s:%d: the "
                    "game refuses to start with a name loaded twice",
                    set->files[old->file].path, old->line);
    }
}

/* The chunk Lua of a given kind goes to: a map's, or the file's prelude. */
static vf_chunk *target_chunk(vf_parser *p, vf_chunk_kind kind)
{
    if (p->in_map) return &p->map.chunk[kind];
    if (kind == VF_CHUNK_MAIN) return &p->set->files[p->file].prelude;
    return NULL;
}

/* ---- header calls ---------------------------------------------------- */

static void add_quoted(vf_sbuf *b, const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (v[i] == '\\' || v[i] == '"') vf_sbuf_addc(b, '\\');
        vf_sbuf_addc(b, v[i]);
    }
}

static void add_piece(vf_parser *p, vf_call call, int line, const vf_sbuf *b)
{
    vf_chunk_add(&p->map.chunk[VF_CHUNK_MAIN], line, b->s, b->len);
    p->map.calls[call]++;
}

/* Adds a call that waits for the next token's line (see parse_rolls). */
static void defer_piece(vf_parser *p, vf_call call, const vf_sbuf *b)
{
    vf_sbuf_reset(&p->lookahead);
    vf_sbuf_add(&p->lookahead, b->s, b->len);
    p->lookahead_call = call;
    p->has_lookahead = 1;
}

/* A token was read on `line`: a waiting call lands there. */
static void token_at(vf_parser *p, int line)
{
    if (!p->has_lookahead) return;
    p->has_lookahead = 0;
    if (p->in_map && !p->skipping) add_piece(p, p->lookahead_call, line,
                                             &p->lookahead);
}

/* name("value") */
static void add_call(vf_parser *p, vf_call call, int line, const char *v,
                     size_t n)
{
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_printf(&b, "%s(\"", vf_call_names[call]);
    add_quoted(&b, v, n);
    vf_sbuf_adds(&b, "\")");
    add_piece(p, call, line, &b);
    vf_sbuf_free(&b);
}

static void append_word(char **list, const char *v, size_t n)
{
    vf_sbuf b = VF_SBUF_INIT;
    if (*list) {
        vf_sbuf_adds(&b, *list);
        vf_sbuf_addc(&b, ' ');
        free(*list);
    }
    vf_sbuf_add(&b, v, n);
    *list = vf_sbuf_take(&b);
}

/* MARKER: the key is split off at parse time (one glyph), and a "lua:"
 * argument becomes a function returning that expression. */
static void add_marker(vf_parser *p, int line, const char *v, size_t n)
{
    vf_keyitem ki;
    vf_sbuf err = VF_SBUF_INIT;
    if (vf_keyitem_split(v, n, 1, &ki, &err)) {
        vf_lex_fail(p, line, "MARKER: %s", vf_sbuf_str(&err));
        vf_sbuf_free(&err);
        return;
    }
    if (ki.arg_len >= 4 && !memcmp(ki.arg, "lua:", 4)) {
        vf_sbuf b = VF_SBUF_INIT;
        vf_sbuf_adds(&b, "lua_marker(\"");
        add_quoted(&b, ki.key, 1);
        vf_sbuf_printf(&b, "\", function ()   return %.*s end)",
                       (int)(ki.arg_len - 4), ki.arg + 4);
        add_piece(p, VF_CALL_LUA_MARKER, line, &b);
        vf_sbuf_free(&b);
        return;
    }
    add_call(p, VF_CALL_MARKER, line, v, n);
}

/* The callback every argument collector reports values to. */
static void emit_value(vf_parser *p, int line, const char *v, size_t n,
                       void *ud)
{
    const keyword *kw = ud;
    if (p->skipping) return;
    if (!strcmp(kw->word, "NAME")) {
        start_map(p, line, v, n);
    } else if (!strcmp(kw->word, "default-depth")) {
        free(p->default_depth);
        p->default_depth = n ? vf_xstrndup(v, n) : NULL;
    } else if (kw->call == VF_CALL_MARKER) {
        add_marker(p, line, v, n);
    } else {
        add_call(p, (vf_call)kw->call, line, v, n);
        if (kw->call == VF_CALL_TAGS) append_word(&p->map.tags, v, n);
        if (kw->call == VF_CALL_ORIENT) {
            free(p->map.orient);
            p->map.orient = n ? vf_xstrndup(v, n) : NULL;
        }
    }
}

/* ---- CHANCE, WEIGHT, ORDER: numbers in the lexer's INITIAL state ------ */

static int lex_number(const char **ps, const char *e, double *out)
{
    const char *s = *ps, *q = s;
    if (q < e && (*q == '+' || *q == '-')) q++;
    const char *digits = q;
    while (q < e && isdigit((unsigned char)*q)) q++;
    if (q == digits) {  /* [+-]?[.][0-9]+ */
        if (q >= e || *q != '.') return 0;
        q++;
        if (q >= e || !isdigit((unsigned char)*q)) return 0;
    } else if (q < e && *q == '.') {
        q++;
    }
    while (q < e && isdigit((unsigned char)*q)) q++;
    char buf[64];
    size_t n = (size_t)(q - s) < sizeof buf - 1 ? (size_t)(q - s)
                                                : sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    *out = strtod(buf, NULL);
    *ps = q;
    return 1;
}

/* x as an int, truncated as the game's int(...) cast; 0 when x is past
 * int's range, where that cast is undefined (levcomp.ypp: order, chance,
 * weight take int($2)). */
static int number_to_int(double x, int *out)
{
    if (!(x > -2147483649.0 && x < 2147483648.0)) return 0;
    *out = (int)x;
    return 1;
}

static const char *skip_blanks(const char *s, const char *e)
{
    while (s < e && vf_lex_space(*s)) s++;
    return s;
}

static void parse_order(vf_parser *p, const char *s, const char *e)
{
    double x;
    int order;
    s = skip_blanks(s, e);
    if (!lex_number(&s, e, &x) || skip_blanks(s, e) != e) {
        vf_lex_fail(p, p->lineno, "ORDER: needs one number");
        return;
    }
    if (!number_to_int(x, &order)) {
        vf_lex_fail(p, p->lineno, "ORDER: %g is out of range", x);
        return;
    }
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_printf(&b, "order(%d)", order);
    add_piece(p, VF_CALL_ORDER, p->lineno, &b);
    vf_sbuf_free(&b);
}

/* Whether the game the set is read as takes CHANCE's "priority : chance"
 * (its own parser, when the checkout has the source). */
static int priority_form(const vf_parser *p)
{
    return vf_gamesrc_chance_priority(vf_game_src(p->set->game));
}

/* CHANCE: N[%] [(depths)], ...   WEIGHT: N [(depths)], ...
 * A roll with a (depths) string, or followed by a comma, is added at this
 * line. The game's parser reduces a bare last roll only after reading the
 * next token, so its call carries that token's line (often the next header
 * or the first map row): we keep it waiting until then, to match. */
static void parse_rolls(vf_parser *p, const keyword *kw, const char *s,
                        const char *e)
{
    int chance = kw->call == VF_CALL_CHANCE, n = 0;
    vf_sbuf b = VF_SBUF_INIT;
    for (;;) {
        s = skip_blanks(s, e);
        if (s == e && n == 0 && chance) break;  /* bare CHANCE: is allowed */
        double x;
        if (!lex_number(&s, e, &x)) {
            vf_lex_fail(p, p->lineno, "%s: expected a number at '%.*s'",
                        kw->word, (int)(e - s), s);
            break;
        }
        s = skip_blanks(s, e);
        /* "priority : chance", where the game's parser still takes it
         * (before 0.20, and forks such as hellcrawl). */
        int prio = 0, has_prio = 0;
        if (chance && s < e && *s == ':' && priority_form(p)) {
            s = skip_blanks(s + 1, e);
            has_prio = number_to_int(x, &prio);
            if (!has_prio || !lex_number(&s, e, &x)) {
                vf_lex_fail(p, p->lineno, "%s: expected 'priority : "
                            "chance' at '%.*s'", kw->word, (int)(e - s), s);
                break;
            }
            s = skip_blanks(s, e);
        }
        if (chance && s < e && *s == '%') {
            x *= 100;
            s = skip_blanks(s + 1, e);
        }
        int roll;
        if (!number_to_int(x, &roll)) {
            vf_lex_fail(p, p->lineno, "%s: %g is out of range", kw->word, x);
            break;
        }
        vf_sbuf_reset(&b);
        if (s < e && *s == '(') {
            const char *close = memchr(s, ')', (size_t)(e - s));
            if (!close) {
                vf_lex_fail(p, p->lineno, "%s: '(' without ')'", kw->word);
                break;
            }
            vf_sbuf_printf(&b, "%s(\"", chance ? "depth_chance"
                                               : "depth_weight");
            add_quoted(&b, s + 1, (size_t)(close - s - 1));
            if (has_prio) vf_sbuf_printf(&b, "\", %d, %d)", prio, roll);
            else vf_sbuf_printf(&b, "\", %d)", roll);
            add_piece(p, chance ? VF_CALL_DEPTH_CHANCE : VF_CALL_DEPTH_WEIGHT,
                      p->lineno, &b);
            s = skip_blanks(close + 1, e);
        } else {
            if (has_prio) vf_sbuf_printf(&b, "chance(%d, %d)", prio, roll);
            else vf_sbuf_printf(&b, "%s(%d)", chance ? "chance" : "weight",
                                roll);
            if (s < e && *s == ',') add_piece(p, (vf_call)kw->call, p->lineno,
                                              &b);
            else defer_piece(p, (vf_call)kw->call, &b);
        }
        n++;
        if (s == e) break;
        if (*s != ',') {
            vf_lex_fail(p, p->lineno, "%s: unexpected '%.*s'%s", kw->word,
                        (int)(e - s), s,
                        *s == '\\' ? " (CHANCE:, WEIGHT: and ORDER: cannot "
                                     "be continued with '\\')" : "");
            break;
        }
        s++;
    }
    vf_sbuf_free(&b);
}

/* ---- Lua ------------------------------------------------------------- */

static int only_blank_cr(const char *s, const char *e)
{
    for (; s < e; s++)
        if (!vf_lex_space(*s)) return 0;
    return 1;
}

/* One line of text inside a Lua block (§1.3 item 3). Returns 1 when the
 * line closes the block. */
static int lua_text(vf_parser *p, vf_chunk *c, const char *s, const char *e)
{
    if (s == e) return 0;
    const char *q = s;
    while (q < e && *q == 's') q++;  /* flex's "\s" is a literal 's' */
    if (e - q >= 2 && q[0] == '}' && q[1] == '}' && only_blank_cr(q + 2, e))
        return 1;
    const char *t = e;
    while (t > s && isspace((unsigned char)t[-1])) t--;
    int closes = t - s >= 3 && t[-1] == '}' && t[-2] == '}' &&
                 only_blank_cr(t, e);
    if (closes) t -= 2;
    if (c) vf_chunk_add(c, p->lineno, s, (size_t)(t - s));
    return closes;
}

/* Chunk state saved at a block's start, to undo a block that never ends. */
typedef struct chunk_mark { size_t len; int first, last; } chunk_mark;

static chunk_mark mark_chunk(const vf_chunk *c)
{
    chunk_mark m = {0, 0, 0};
    if (c) m = (chunk_mark){c->text.len, c->first, c->last};
    return m;
}

static void rewind_chunk(vf_chunk *c, chunk_mark m)
{
    if (!c) return;
    c->text.len = m.len;
    if (c->text.s) c->text.s[m.len] = 0;
    c->first = m.first;
    c->last = m.last;
}

/* Rewinds the scanner to just after line `line` (whose end is `resume`), so
 * that after an unterminated block the rest of the file still loads. */
static void rewind_to(vf_parser *p, const char *resume, int line)
{
    p->next = resume;
    p->lineno = line;
}

static void lua_block(vf_parser *p, vf_chunk_kind kind, const char *what,
                      const char *s, const char *e)
{
    vf_chunk *c = target_chunk(p, kind);
    if (!c) {
        vf_lex_fail(p, p->lineno, "%s {{ comes before any NAME: line", what);
        return;
    }
    int open = p->lineno;
    const char *resume = p->next;
    chunk_mark m = mark_chunk(c);
    if (lua_text(p, c, s, e)) return;
    while (vf_lex_next_line(p)) {
        if (lua_text(p, c, p->ls, p->ls + p->ll)) return;
    }
    if (p->skipping) return;  /* an unusable line was reported */
    rewind_chunk(c, m);
    vf_lex_fail(p, open, "Lua block %s{{ is never closed: no later line "
                "ends in }}", what[0] ? what : "");
    rewind_to(p, resume, open);
}

/* Recognises a block opener: [blanks] [word] [blanks] {{ */
static int lua_opener(const char *s, const char *e, vf_chunk_kind *kind,
                      const char **what, const char **rest)
{
    static const struct { const char *w; vf_chunk_kind k; } openers[] = {
        {"", VF_CHUNK_MAIN}, {"lua", VF_CHUNK_MAIN},
        {"prelude", VF_CHUNK_PRELUDE}, {"validate", VF_CHUNK_VALIDATE},
        {"veto", VF_CHUNK_VETO}, {"epilogue", VF_CHUNK_EPILOGUE},
    };
    for (size_t i = 0; i < sizeof openers / sizeof *openers; i++) {
        size_t n = strlen(openers[i].w);
        if ((size_t)(e - s) < n || memcmp(s, openers[i].w, n)) continue;
        const char *q = s + n;
        if (n) while (q < e && vf_lex_blank(*q)) q++;
        if (e - q >= 2 && q[0] == '{' && q[1] == '{') {
            *kind = openers[i].k;
            *what = n ? openers[i].w : "";
            *rest = q + 2;
            return 1;
        }
    }
    return 0;
}

/* ': lua' one-liners go to the main chunk, or the global prelude. */
static void lua_oneliner(vf_parser *p, const char *s, const char *e)
{
    if (s == e) return;
    const char *t = e;
    while (t > s && isspace((unsigned char)t[-1])) t--;
    vf_chunk_add(target_chunk(p, VF_CHUNK_MAIN), p->lineno, s,
                 (size_t)(t - s));
}

/* ---- MAP blocks ------------------------------------------------------ */

/* ^s*WORD then only the given trailing class up to e */
static int is_marker_line(const char *s, const char *e, const char *word,
                          int allow_tab)
{
    while (s < e && *s == 's') s++;
    size_t n = strlen(word);
    if ((size_t)(e - s) < n || memcmp(s, word, n)) return 0;
    for (s += n; s < e; s++)
        if (!(*s == ' ' || (allow_tab && (*s == '\t' || *s == '\r'))))
            return 0;
    return 1;
}

static int only_spaces(const char *s, const char *e)
{
    for (; s < e; s++)
        if (*s != ' ') return 0;
    return 1;
}

static void map_line(vf_parser *p, const char *s, size_t len)
{
    vf_mapdef *m = &p->map;
    token_at(p, p->lineno);
    vf_sbuf b = VF_SBUF_INIT;
    vf_sbuf_adds(&b, "map(\"");
    add_quoted(&b, s, len);
    vf_sbuf_adds(&b, "\")");
    vf_chunk_add(&m->chunk[VF_CHUNK_MAP], p->lineno, b.s, b.len);
    vf_sbuf_free(&b);
    m->calls[VF_CALL_MAP]++;
    m->height++;
    if ((int)len > m->width) m->width = (int)len;
}

static void map_block(vf_parser *p)
{
    if (!p->in_map) {
        vf_lex_fail(p, p->lineno, "MAP comes before any NAME: line");
        return;
    }
    int open = p->lineno;
    const char *resume = p->next;
    while (vf_lex_next_line(p)) {
        const char *s = p->ls, *e = s + p->ll;
        /* A map line ends at a TAB (or a stray CR); the rest is ignored. */
        const char *L = s;
        while (L < e && *L != '\t' && *L != '\r') L++;
        if (is_marker_line(s, L, "ENDMAP", 0)) {
            if (!only_blank_cr(L, e))
                vf_lex_fail(p, p->lineno, "unexpected text after ENDMAP");
            return;
        }
        if (only_spaces(s, e)) {
            vf_lex_fail(p, p->lineno, "blank line inside MAP ... ENDMAP "
                        "(every map line needs at least one glyph)");
            return;
        }
        if (L < e)
            vf_lex_warn(p, p->lineno, "TAB in a map line: the rest of the "
                        "line is ignored");
        if (L == s) continue;  /* as the game: a line that starts with TAB */
        const char *t = L;
        while (t > s && isspace((unsigned char)t[-1])) t--;
        const char *q = s;
        while (q < t && vf_lex_blank(*q)) q++;
        if (q > s && is_marker_line(q, t, "ENDMAP", 0))
            vf_lex_warn(p, p->lineno, "an indented ENDMAP is a map line; "
                        "ENDMAP must start in column 1");
        else if (t - q >= 5 && !memcmp(q, "NAME:", 5))
            vf_lex_warn(p, p->lineno, "a NAME: line inside MAP; is an "
                        "ENDMAP missing above?");
        map_line(p, s, (size_t)(t - s));
    }
    if (p->skipping) return;
    vf_lex_fail(p, open, "MAP block has no ENDMAP");
    rewind_to(p, resume, open);
}

/* ---- lines in the INITIAL state ---------------------------------------- */

static void keyword_line(vf_parser *p, const char *s, const char *e)
{
    const char *q = s;
    while (q < e && (isalnum((unsigned char)*q) || *q == '_' || *q == '-'))
        q++;
    const keyword *kw = q > s ? find_keyword(s, (size_t)(q - s)) : NULL;
    if (q == e || *q != ':' || !kw) {
        if (is_marker_line(s, e, "MAP", 1))
            vf_lex_fail(p, p->lineno, "MAP must start in column 1");
        else if (is_marker_line(s, e, "ENDMAP", 1))
            vf_lex_fail(p, p->lineno, "ENDMAP without a MAP line before it "
                        "(MAP must start in column 1)");
        else if (q > s && q < e && *q == ':')
            vf_lex_fail(p, p->lineno, "unknown keyword '%.*s:'",
                        (int)(q - s), s);
        else if (kw)
            vf_lex_fail(p, p->lineno, "'%.*s' needs its colon right after "
                        "it: '%.*s:'", (int)(q - s), s, (int)(q - s), s);
        else
            vf_lex_fail(p, p->lineno, "unexpected text '%.*s'",
                        (int)(e - s > 40 ? 40 : e - s), s);
        return;
    }
    const char *arg = q + 1;
    int global = !strcmp(kw->word, "NAME") ||
                 !strcmp(kw->word, "default-depth");
    if (!global && !p->in_map) {
        vf_lex_fail(p, p->lineno, "%s: comes before any NAME: line",
                    kw->word);
        return;
    }
    if (!strcmp(kw->word, "default-depth")) finish_map(p);
    switch (kw->kind) {
    case K_ARG:
        vf_lex_argument(p, arg, e, emit_value, (void *)kw);
        break;
    case K_WORDS:
        vf_lex_words(p, "TAGS", arg, e, emit_value, (void *)kw);
        break;
    case K_ITEMS:
    case K_ITEMS_OPT:
        if (vf_lex_items(p, kw->word, arg, e, emit_value, (void *)kw) == 0 &&
            kw->kind == K_ITEMS)
            vf_lex_fail(p, p->lineno, "%s: needs at least one item",
                        kw->word);
        break;
    case K_NUMBERS:
        if (kw->call == VF_CALL_ORDER) parse_order(p, arg, e);
        else parse_rolls(p, kw, arg, e);
        break;
    }
}

static void parse_line(vf_parser *p)
{
    const char *s = p->ls, *e = s + p->ll;
    if (is_marker_line(s, e, "MAP", 1)) {
        map_block(p);
        return;
    }
    while (s < e && vf_lex_blank(*s)) s++;
    if (s == e || *s == '#') return;  /* blank, or a whole-line comment */
    token_at(p, p->lineno);
    if (*s == ':') {
        lua_oneliner(p, s + 1, e);
        return;
    }
    vf_chunk_kind kind;
    const char *what, *rest;
    if (lua_opener(s, e, &kind, &what, &rest)) {
        lua_block(p, kind, what, rest, e);
        return;
    }
    keyword_line(p, s, e);
}

static int is_name_line(const vf_parser *p)
{
    const char *s = p->ls, *e = s + p->ll;
    while (s < e && vf_lex_blank(*s)) s++;
    return e - s >= 5 && !memcmp(s, "NAME:", 5);
}

size_t vf_des_add_file(vf_desset *set, const char *path);  /* set.c */

/* The first byte no text file of vaults holds: NUL or a control
 * character but tab, line feed and carriage return (an ESC would reach a
 * terminal through a map's name or a quoted line). NULL if none. */
static const char *control_byte(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            return text + i;
    }
    return NULL;
}

size_t vf_des_load_buffer(vf_desset *set, const char *path, const char *text,
                          size_t len, vf_diag *d)
{
    vf_parser p;
    memset(&p, 0, sizeof p);
    p.set = set;
    p.diag = d;
    p.file = vf_des_add_file(set, path);
    p.path = set->files[p.file].path;
    p.next = text;
    p.end = text + len;
    set->files[p.file].first_map = set->nmaps;

    const char *bad = control_byte(text, len);
    if (len == 0) {
        vf_diag_add(d, VF_ERROR, &(vf_diag_where){.file = p.path},
                    "file is empty");
        p.errors++;
    } else if (bad) {
        vf_diag_where at = {.file = p.path, .line = 1};
        for (const char *c = text; c < bad; c++) at.line += *c == '\n';
        if (*bad)
            vf_diag_add(d, VF_ERROR, &at, "a control character (\\x%02x): "
                        "not a .des file's text (a terminal or a CI log "
                        "would obey it)", (unsigned char)*bad);
        else
            vf_diag_add(d, VF_ERROR, &at,
                        "binary data (a NUL byte): not a .des file");
        p.errors++;
        p.next = p.end;
    }
    while (p.next < p.end) {
        if (!vf_lex_next_line(&p)) continue;
        if (p.skipping) {
            if (!is_name_line(&p)) continue;
            p.skipping = 0;
        }
        parse_line(&p);
    }
    /* At the end the look-ahead is end-of-file, on the line after the last
     * newline. */
    token_at(&p, p.lineno + (len && text[len - 1] == '\n'));
    finish_map(&p);
    free(p.default_depth);
    vf_sbuf_free(&p.lookahead);
    vf_desfile *f = &set->files[p.file];
    f->nmaps = set->nmaps - f->first_map;
    f->errors = p.errors;
    return p.errors;
}
