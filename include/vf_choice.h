/* vf_choice: the random choices a resolve makes, recorded with where
 * they come from, and one of them forced to another value on a replay --
 * how `explain` finds the choice that breaks a vault (issue 16).
 *
 * A choice is one glyph a SUBST or NSUBST gave one cell of the MAP (in
 * the MAP's own rows and columns, before any rotation), or one of the
 * mirror and rotation coin flips. Choices are numbered in the order the
 * resolve makes them, from 0 at the start of each attempt; only the last
 * attempt's are kept (the one the case placed). A replay forcing choice
 * k of attempt a to glyph g makes every draw the original made (so the
 * other choices stay as they were) and then writes g instead. */
#ifndef VF_CHOICE_H
#define VF_CHOICE_H

#include <stddef.h>

typedef enum vf_choice_kind {
    VF_CHOICE_SUBST,     /* a SUBST's glyph for a cell */
    VF_CHOICE_NSUBST,    /* an NSUBST's glyph for a cell */
    VF_CHOICE_FLIP,      /* a mirror or rotation: chose '1' (done) or '0' */
} vf_choice_kind;

typedef struct vf_choice {
    vf_choice_kind kind;
    int line;            /* .des line of the call; 0 when not known */
    int x, y;            /* MAP column and row; -1 for a flip */
    char key;            /* the glyph the cell held ('h', 'v', 'r' for
                          * hmirror, vmirror, rotate) */
    char chose;          /* what was drawn */
    char alts[24];       /* every glyph it could have drawn, NUL-ended
                          * (cut at 23) */
    char call[96];       /* the call as written: "SUBST: D = x." (cut
                          * with "...") */
    int shared;          /* a ':' SUBST: one choice for every cell of the
                          * glyph (x, y: the first) */
} vf_choice;

typedef struct vf_choices {
    vf_choice *v;        /* the last attempt's choices, owned */
    size_t n, cap;
    int record;          /* keep a log of the choices */
    int attempt;         /* the resolve attempt now running, from 1 */
    int map_line;        /* .des line of the MAP block's first row: row
                          * y is on line map_line + y (0: not known) */
    size_t next;         /* choices made in this attempt */
    /* The replay's one change: choice force_at of attempt force_attempt
     * gets force_glyph (force_attempt 0: none). */
    int force_attempt;
    size_t force_at;
    char force_glyph;
} vf_choices;

void vf_choices_init(vf_choices *c);
void vf_choices_free(vf_choices *c);

/* A resolve attempt starts: numbering restarts, the log is emptied. */
void vf_choices_attempt(vf_choices *c);

/* One choice made: logs it (when recording) and returns the glyph to
 * write -- chose, or the forced glyph on the replay's one change. c may
 * be NULL (nothing recorded, chose returned). */
char vf_choices_make(vf_choices *c, vf_choice_kind kind, int line, int x,
                     int y, char key, char chose, const char *alts,
                     const char *call);

#endif
