/* vf_explain: why a case fails -- the choice of the vault's own
 * randomness that breaks it, found by intervention.
 *
 * The case runs once with its choices logged (vf_choice.h: each SUBST and
 * NSUBST glyph of each MAP cell, SHUFFLE, KFEAT, KMONS and SUBVAULT
 * picks, the vault's own Lua draws, the mirror and rotation flips); then,
 * one
 * choice at a time, it runs again with that choice forced to each other
 * value it could have taken, everything else as it was -- a replay in
 * which anything else came out otherwise (another choice, the vault's
 * own Lua draws) tests nothing and is set aside. A choice whose
 * change alone lowers the case's severity is a cause, with the value that
 * fixes it. When no single change does, delta debugging (Zeller's ddmin)
 * looks for the smallest set of changes that does together, starting
 * from every choice that could open something up; when none does, the
 * map fails as written (as far as the replays set aside let it tell). */
#ifndef VF_EXPLAIN_H
#define VF_EXPLAIN_H

#include <stddef.h>

#include "vf_case.h"
#include "vf_choice.h"
#include "vf_sbuf.h"

typedef struct vf_cause {
    vf_choice choice;        /* as the case made it */
    size_t index;            /* its number in the placed attempt */
    int fix;                 /* a value that lowers the severity (with the
                              * rest of its set, if any) */
    vf_sev after;            /* the case's severity with it (or its set) */
    size_t with;             /* 0: it does alone; else the other choices
                              * of its set it needs (delta debugging) */
} vf_cause;

typedef struct vf_explanation {
    vf_verdict verdict;      /* the case as it ran */
    vf_sev sev;              /* its severity */
    int map_line;            /* the MAP block's first .des line (0: none) */
    size_t nchoices;         /* choices the placed attempt made */
    size_t replays;          /* cases run again */
    size_t untried;          /* choices the budget left untried */
    size_t entangled;        /* replays whose change moved other draws
                              * too (a glyph that makes a later SUBST or
                              * the vault's Lua draw more or less): no
                              * test of the one choice, so never a cause */
    int set_cut;             /* the set below was still being narrowed
                              * when the budget ran out: it fixes the
                              * case but may not be the smallest */
    int hmirror, vmirror;    /* the flips the case made, in this order: */
    int rotate;              /*   1 clockwise, -1 anticlockwise, 0 none */
    vf_cause *causes;        /* owned; those alone first (those reaching
                              * ok first), then the one set that fixes it
                              * together when none does alone */
    size_t ncauses;
} vf_explanation;

/* Explains case (def, iter) of c into *x (free it with
 * vf_explanation_free), running at most budget replays. c's workspace
 * ends as vf_case_run leaves it; c->map.choices is set and cleared here. */
void vf_explain(vf_case *c, const vf_mapdef *def, uint32_t iter,
                size_t budget, vf_explanation *x);
void vf_explanation_free(vf_explanation *x);

/* How a cause holds over a map's cases: in how many of the cases at the
 * explained severity or worse the same call gave the same cell the same
 * value, and in how many of the others -- "fails when line 13 picks 'x'
 * (47 of 47 failing cases; 3 of 53 others)". */
typedef struct vf_rule {
    unsigned long failing_with, failing, other_with, other;
} vf_rule;

/* Counts rule over iterations 0..iters-1 of def in case k, each case
 * run once with its choices logged, for cause c at severity sev. */
void vf_explain_rule(vf_case *k, const vf_mapdef *def, uint32_t iters,
                     const vf_choice *c, vf_sev sev, vf_rule *rule);

/* The causes as lines a compiler would print, "FILE:LINE:COL: severity:
 * what", one per cause (the MAP cell's line and column for a choice of
 * one cell, the call's line for any other), or one line saying the map
 * fails as written. file: the map's .des path (src/case/explain_say.c). */
void vf_explain_lines(const vf_explanation *x, const char *file,
                      const char *map, vf_sbuf *out);

/* Where cause c points in the .des file: the case map's, or for a
 * choice of a subvault's own resolve, the subvault's (vf_cause_file). */
void vf_cause_where(const vf_explanation *x, const vf_cause *c, int *line,
                    int *column);

/* The .des file cause c points into: the subvault's for a choice of its
 * own resolve, else file (the case map's). */
const char *vf_cause_file(const vf_cause *c, const char *file);

/* Cause c in words, no place: "SUBST: D = x. at line 13: choosing 'x' at
 * MAP row 4, column 7 makes it error; '.' makes it ok". */
void vf_cause_words(const vf_explanation *x, const vf_cause *c,
                    vf_sbuf *out);

#endif
