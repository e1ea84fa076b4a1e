/* vf_journal: what a run has done so far, one line per result.
 *
 * A run appends a line for each map it examines (its Lua run as at load,
 * and whether placement.lua would skip it) and for each case that
 * finishes, as the results arrive. Lines are tab-separated with \\, \t,
 * \n and \r escaped in text fields, so any name or message fits one line:
 *
 *   M <map index> <status> <NAME: line> <name> <file> <message>
 *   C <map index> <layout> <iteration> <kinds> <case seed> <attempts>
 *     <placed x,y,w,h,exits,connected or -> <message>
 *
 * attempts is "A" or "A,B,V": resolve attempts, then the levels built
 * with the vault and those vetoed (vf_verdict.builds, vetoed_builds).
 *
 * layout is the mode's name, or for a case of mode game that drew a
 * layout map, game:NAME (vf_case_layout_label).
 *
 * kinds are "name:severity" joined by ',' ("ok" for none, "not_tried"
 * for a case whose level was never built: its layout takes no such map,
 * or none was loaded; the message says why), so a journal
 * stays readable when verdict kinds are added; a kind without a severity
 * (an older journal's form) reads as an error. Everything a
 * report says comes from the journal and the run's parameters, which is
 * what makes --resume and merging shards give the report one
 * uninterrupted run would. */
#ifndef VF_JOURNAL_H
#define VF_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "vf_case.h"
#include "vf_sbuf.h"
#include "vf_severity.h"

/* The verdict kinds (VF_V_*) plus what only a run sees: the worker died
 * (crash) or passed the per-case time limit (timeout). */
#define VF_R_CRASH (1u << VF_V_COUNT_KINDS)
#define VF_R_TIMEOUT (1u << (VF_V_COUNT_KINDS + 1))
#define VF_R_COUNT_KINDS (VF_V_COUNT_KINDS + 2)

/* The name of kind i (bit 1u << i), i < VF_R_COUNT_KINDS. */
const char *vf_result_kind_name(int i);

/* What a run does with a map, after its Lua ran as at load. */
typedef enum vf_map_status {
    VF_MAP_RUN,          /* its cases run */
    VF_MAP_REMOVED,      /* skipped as placement.lua does: tagged removed */
    VF_MAP_UNRAND,       /*   tagged unrand */
    VF_MAP_BRANCH_END,   /*   encompass with a PLACE at a branch end ($) */
    VF_MAP_ENCOMPASS,    /*   other encompass maps (a run gives neither:
                          *   encompass maps run; an older journal that
                          *   holds them still reads back) */
    VF_MAP_SUBVAULT_ONLY,/* no DEPTH or PLACE: the game only ever places it
                          * chosen by tag, inside another map (SUBVAULT,
                          * a parent's Lua), never on a level of its own */
    VF_MAP_TRANSPARENT,  /*   already transparent, with --opacity */
    VF_MAP_LOAD_ERROR,   /* its Lua fails at load: the game rejects it */
    VF_MAP_UNSELECTED,   /* not among the --tag maps */
    VF_MAP_STATUS_COUNT
} vf_map_status;

const char *vf_map_status_name(vf_map_status s);   /* "run", "unrand"... */
static inline int vf_map_status_skip(vf_map_status s)
{
    return s >= VF_MAP_REMOVED && s <= VF_MAP_TRANSPARENT;
}

typedef struct vf_map_rec {
    size_t index;            /* in the loaded set */
    vf_map_status status;
    int line;
    char *name, *file;       /* owned */
    char *message;           /* owned; "" when none */
} vf_map_rec;

typedef struct vf_case_rec {
    size_t map;              /* map index */
    vf_mode mode;
    uint32_t iter;
    unsigned kinds;          /* VF_V_* | VF_R_*; 0 = ok */
    unsigned warning, error; /* which kinds are warnings and errors (the
                              * rest are notes; vf_severity.h) */
    uint64_t seed;           /* the case seed */
    int attempts;
    int builds, vetoed_builds;   /* vf_verdict's */
    int placed;              /* 1 when the fields below are set */
    int x, y, w, h, exits, connected;
    char *message;           /* owned; "" when none */
    char layout[96];         /* the layout it is reported under:
                              * vf_case_layout_label ("" reads as the
                              * mode's name) */
    int not_tried;           /* no level was built (kinds 0): never ok */
} vf_case_rec;

/* Why a case failed (vf_explain.h), as a run journals it:
 *
 *   X <map index> <layout> <iteration> <choices> <replays> <untried>
 *     <set aside> <MAP line> <cause>...
 *
 * each cause "LINE,COLUMN,CALL_LINE,CHOSE,FIX,FILE,AFTER,FW,F,OW,O,KIND,WITH,
 * CALL" (CHOSE and FIX the values in words, vf_choice_label, with '%' and
 * ',' written %25 and %2C; FILE, written so too, the subvault's .des file
 * for a choice of a subvault's own resolve, empty for the map's own;
 * AFTER a severity name, FW of F failing cases and OW of O others made
 * the same choice there -- vf_rule --, KIND subst, nsubst, flip,
 * shuffle, kfeat, subvault or lua, WITH the other choices of its set
 * (0: alone); CALL last, so it may hold commas). choices -1: the
 * explanation could not be made (the worker died on it). */
typedef struct vf_cause_rec {
    int line, column;        /* where in the .des file (vf_cause_where) */
    int call_line;           /* the call's line (0: none) */
    char chose[32], fix[32]; /* values in words */
    char file[160];          /* a subvault's choice: its .des file, which
                              * line and column are in; "": the map's */
    vf_sev after;
    unsigned long failing_with, failing, other_with, other;   /* vf_rule */
    char kind[12];           /* "subst", "nsubst", "flip", ... */
    unsigned long with;      /* other choices of its set; 0: alone */
    char *call;              /* owned */
} vf_cause_rec;

/* The .des file cause c points into: its own, or map_file. */
const char *vf_cause_rec_file(const vf_cause_rec *c, const char *map_file);

typedef struct vf_explain_rec {
    size_t map;
    vf_mode mode;
    uint32_t iter;
    long nchoices;           /* -1: not made */
    unsigned long replays;
    unsigned long untried;   /* choices the budget left untried */
    unsigned long entangled; /* replays set aside (vf_explanation) */
    int map_line;
    vf_cause_rec *causes;    /* owned */
    size_t ncauses;
} vf_explain_rec;

void vf_explain_rec_free(vf_explain_rec *x);
void vf_explain_rec_copy(vf_explain_rec *to, const vf_explain_rec *from);
void vf_journal_explain_line(vf_sbuf *b, const vf_explain_rec *x);
/* Reads an X line into *x (the caller frees it): 1, or 0 when the line
 * is not one. */
int vf_journal_parse_explain(const char *line, vf_explain_rec *x);

/* The layout a case is reported under: "game:NAME" or its mode's
 * name. */
const char *vf_case_rec_layout(const vf_case_rec *r);

void vf_map_rec_free(vf_map_rec *r);
void vf_case_rec_free(vf_case_rec *r);
/* A deep copy into *to (owned by the caller). */
void vf_case_rec_copy(vf_case_rec *to, const vf_case_rec *from);

/* The journal line for a record, '\n' included, appended to b. */
void vf_journal_map_line(vf_sbuf *b, const vf_map_rec *r);
void vf_journal_case_line(vf_sbuf *b, const vf_case_rec *r);

/* Kinds as names joined by ',' ("ok" for none), or by sep. */
void vf_result_kinds(vf_sbuf *b, unsigned kinds, const char *sep);
/* The same, each as "name:severity". */
void vf_result_kinds_sev(vf_sbuf *b, unsigned kinds, unsigned warning,
                         unsigned error, const char *sep);

/* Reads one line (without its '\n') into *m (returns 'M') or *c ('C'),
 * both owned by the caller; returns 0 when the line is not a record. */
int vf_journal_parse(const char *line, vf_map_rec *m, vf_case_rec *c);

typedef struct vf_journal_reader {
    void *ctx;
    void (*map)(void *ctx, vf_map_rec *r);    /* takes ownership */
    void (*kase)(void *ctx, vf_case_rec *r);  /* takes ownership */
    void (*explain)(void *ctx, vf_explain_rec *x);  /* takes ownership */
} vf_journal_reader;

/* Reads every whole line of the journal at path into rd. A last line
 * without its '\n' (a run killed while writing) is left out, and *valid
 * receives the length up to it, where appending must resume. A missing
 * file is an empty journal. Returns 0, or -1 with a message in err (an
 * unreadable file, or a line that is not a record). */
int vf_journal_read(const char *path, const vf_journal_reader *rd,
                    size_t *valid, vf_sbuf *err);

#endif
