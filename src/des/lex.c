/* The .des lexer: physical lines and keyword arguments.
 *
 * Mirrors the game's flex states (dcss-compat.md §1.2-§1.3): ARGUMENT
 * (whole line), KEYWORDS (TAGS words) and ITEM_LIST/MNAME (comma lists), each
 * with the '\' continuation rule: text up to the backslash keeps its blanks,
 * the next line's leading blanks are skipped, nothing is inserted. */
#include "des_int.h"

#include <stdarg.h>
#include <string.h>

/* Offset of the first byte that is not valid UTF-8, or -1. */
static long utf8_invalid_at(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) { i++; continue; }
        size_t len;
        unsigned min;
        if (c >= 0xC2 && c <= 0xDF) { len = 2; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { len = 3; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { len = 4; min = 0x10000; }
        else return (long)i;
        if (i + len > n) return (long)i;
        unsigned cp = c & (0x7F >> len);
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return (long)i;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return (long)i;
        i += len;
    }
    return -1;
}

static void report(vf_parser *p, vf_severity sev, int line, const char *fmt,
                   va_list ap)
{
    vf_diag_where at = {.file = p->path, .line = line,
                        .map = p->in_map ? p->map.name : NULL};
    vf_diag_vadd(p->diag, sev, &at, fmt, ap);
}

void vf_lex_fail(vf_parser *p, int line, const char *fmt, ...)
{
    /* One message per map: what follows a first error is noise. */
    if (!(p->in_map && p->map_bad)) {
        va_list ap;
        va_start(ap, fmt);
        report(p, VF_ERROR, line, fmt, ap);
        va_end(ap);
        p->errors++;
    }
    if (p->in_map) p->map_bad = 1;
    p->skipping = 1;
}

void vf_lex_warn(vf_parser *p, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(p, VF_WARNING, line, fmt, ap);
    va_end(ap);
}

int vf_lex_next_line(vf_parser *p)
{
    if (p->next >= p->end) return 0;
    const char *s = p->next;
    const char *nl = memchr(s, '\n', (size_t)(p->end - s));
    const char *e = nl ? nl : p->end;
    p->next = nl ? nl + 1 : p->end;
    p->lineno++;
    if (e > s && e[-1] == '\r') e--;   /* CRLF files */
    p->ls = s;
    p->ll = (size_t)(e - s);
    if (p->ll > VF_DES_MAX_LINE) {
        vf_lex_fail(p, p->lineno, "line is %zu bytes long; the limit is %d",
                    p->ll, VF_DES_MAX_LINE);
        return 0;
    }
    long bad = utf8_invalid_at((const unsigned char *)s, p->ll);
    if (bad >= 0) {
        vf_lex_fail(p, p->lineno,
                    "byte 0x%02X at column %ld is not UTF-8 text",
                    (unsigned char)s[bad], bad + 1);
        return 0;
    }
    return 1;
}

/* Moves to the next line for a continuation. Returns 0 at end of input or
 * on an unusable line (then skipping is set). */
static int continue_line(vf_parser *p, const char **s, const char **e)
{
    if (!vf_lex_next_line(p)) return 0;
    *s = p->ls;
    *e = p->ls + p->ll;
    return 1;
}

/* Trims the SPACE class from the end of s..e. */
static const char *rtrim_space(const char *s, const char *e)
{
    while (e > s && vf_lex_space(e[-1])) e--;
    return e;
}

int vf_lex_argument(vf_parser *p, const char *s, const char *e,
                    vf_lex_emit emit, void *ud)
{
    vf_sbuf v = VF_SBUF_INIT;
    for (;;) {
        while (s < e && vf_lex_blank(*s)) s++;
        const char *t = rtrim_space(s, e);
        if (t > s && t[-1] == '\\') {
            if (t - 1 > s) vf_sbuf_add(&v, s, (size_t)(t - 1 - s));
            if (continue_line(p, &s, &e)) continue;
            if (p->skipping) {
                vf_sbuf_free(&v);
                return -1;
            }
            break;  /* end of file after '\': keep what there is */
        }
        vf_sbuf_add(&v, s, (size_t)(t - s));
        break;
    }
    emit(p, p->lineno, vf_sbuf_str(&v), v.len, ud);
    vf_sbuf_free(&v);
    return 0;
}

static int is_word_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* Only blanks (SPACE class) from s to e. */
static int only_space(const char *s, const char *e)
{
    return rtrim_space(s, e) == s;
}

int vf_lex_words(vf_parser *p, const char *kw, const char *s, const char *e,
                 vf_lex_emit emit, void *ud)
{
    for (;;) {
        while (s < e && vf_lex_blank(*s)) s++;
        if (s == e) return 0;
        if (is_word_char((unsigned char)*s)) {
            const char *q = s;
            while (q < e && is_word_char((unsigned char)*q)) q++;
            emit(p, p->lineno, s, (size_t)(q - s), ud);
            s = q;
            continue;
        }
        if (*s == '\\' && only_space(s + 1, e)) {
            if (continue_line(p, &s, &e)) continue;
            return p->skipping ? -1 : 0;
        }
        unsigned char c = (unsigned char)*s;
        if (c >= 0x21 && c < 0x7F)
            vf_lex_fail(p, p->lineno, "%s: unexpected '%c' (tags are words of "
                        "letters, digits, '_' and '-')", kw, c);
        else
            vf_lex_fail(p, p->lineno, "%s: unexpected byte 0x%02X (tags are "
                        "words of letters, digits, '_' and '-')", kw, c);
        return -1;
    }
}

int vf_lex_items(vf_parser *p, const char *kw, const char *s, const char *e,
                 vf_lex_emit emit, void *ud)
{
    vf_sbuf pending = VF_SBUF_INIT;  /* text of a '\'-continued item */
    int has_pending = 0, want_item = 0, count = 0, rc = -1;
    for (;;) {
        while (s < e && vf_lex_space(*s)) s++;
        if (s == e) {
            if (has_pending) {
                vf_lex_fail(p, p->lineno, "%s: the item continued with '\\' "
                            "has no end (this line is empty)", kw);
                goto out;
            }
            break;
        }
        if (*s == ',') {
            if (has_pending) {
                vf_lex_fail(p, p->lineno, "%s: the item continued with '\\' "
                            "ends at a comma; put the comma before the '\\'",
                            kw);
                goto out;
            }
            if (want_item || count == 0) {
                vf_lex_fail(p, p->lineno, "%s: empty item before ','", kw);
                goto out;
            }
            want_item = 1;
            s++;
            continue;
        }
        const char *q = s;
        while (q < e && *q != ',') q++;
        const char *t = rtrim_space(s, q);
        if (q == e && t[-1] == '\\') {
            if (t - 1 > s) {
                vf_sbuf_add(&pending, s, (size_t)(t - 1 - s));
                has_pending = 1;
            }
            if (continue_line(p, &s, &e)) continue;
            if (p->skipping) goto out;
            if (has_pending) {
                vf_lex_fail(p, p->lineno, "%s: the file ends inside an item "
                            "continued with '\\'", kw);
                goto out;
            }
            break;
        }
        if (t - s < 2) {
            vf_lex_fail(p, p->lineno, "%s: item '%.*s' is one character; "
                        "list items need at least two", kw, (int)(t - s), s);
            goto out;
        }
        vf_sbuf_add(&pending, s, (size_t)(t - s));
        emit(p, p->lineno, pending.s, pending.len, ud);
        vf_sbuf_reset(&pending);
        has_pending = want_item = 0;
        count++;
        s = q;
    }
    if (want_item) {
        vf_lex_fail(p, p->lineno, "%s: the list ends with a comma", kw);
        goto out;
    }
    rc = count;
out:
    vf_sbuf_free(&pending);
    return rc;
}
