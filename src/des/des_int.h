/* Internal to src/des: the line scanner shared by the lexer and parser. */
#ifndef VF_DES_INT_H
#define VF_DES_INT_H

#include "vf_des.h"

/* One .des file being parsed. */
typedef struct vf_parser {
    vf_desset *set;
    vf_diag *diag;
    size_t file;             /* index into set->files */
    const char *path;
    const char *next, *end;  /* the unread text */
    int lineno;              /* number of the current line */
    const char *ls;          /* the current line, without "\n" or "\r\n" */
    size_t ll;
    /* The map being parsed (valid when in_map). */
    vf_mapdef map;
    int in_map;
    int map_bad;             /* an error was reported: drop it at the end */
    int skipping;            /* after an error: skip to the next NAME: */
    char *default_depth;     /* owned; the file's current default-depth */
    /* A CHANCE/WEIGHT call waiting for the line of the next token: the
     * game's parser needs one token of look-ahead after a bare number. */
    vf_sbuf lookahead;
    vf_call lookahead_call;
    int has_lookahead;
    size_t errors;
} vf_parser;

/* Reads the next physical line into ls/ll. Returns 0 at end of input, or
 * when the line is unusable (too long, not UTF-8): then it has reported an
 * error and set skipping. */
int vf_lex_next_line(vf_parser *p);
/* Reports an error at line for the current map, marks it bad and starts
 * skipping to the next NAME:. */
void vf_lex_fail(vf_parser *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void vf_lex_warn(vf_parser *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Blank as the game's lexer means it between tokens. */
static inline int vf_lex_blank(int c) { return c == ' ' || c == '\t'; }
/* Blank as its SPACE class means it (adds carriage return). */
static inline int vf_lex_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* Argument collectors: each starts at s..e on the current line (just after
 * the keyword's colon), follows '\' continuations onto later lines, and
 * calls emit for each value with the line it ends on. They return 0, or -1
 * after reporting an error. */
typedef void (*vf_lex_emit)(vf_parser *p, int line, const char *v, size_t n,
                            void *ud);
int vf_lex_argument(vf_parser *p, const char *s, const char *e,
                    vf_lex_emit emit, void *ud);
int vf_lex_words(vf_parser *p, const char *kw, const char *s, const char *e,
                 vf_lex_emit emit, void *ud);
int vf_lex_items(vf_parser *p, const char *kw, const char *s, const char *e,
                 vf_lex_emit emit, void *ud);

#endif
