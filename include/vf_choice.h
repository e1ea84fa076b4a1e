/* vf_choice: the random choices a resolve makes, recorded with where
 * they come from, and some of them forced to other values on a replay --
 * how `explain` finds the choice that breaks a vault.
 *
 * A choice is one value a resolve drew that it could have drawn
 * otherwise: the glyph a SUBST or NSUBST gave one cell of the MAP (in the
 * MAP's own rows and columns, before any rotation), where a SHUFFLE sent
 * a glyph (or a block, by its first glyph), the alternative a KFEAT or
 * KMONS drew for a glyph (':') or a cell ('='), the monster a MONS slot
 * drew for a digit cell, the map a SUBVAULT drew, a number or a truth
 * the vault's own Lua drew (crawl.random2, roll_dice, random_real ...),
 * or one of the mirror and rotation coin flips. A draw with one possible value
 * is no choice and is not counted. Choices are numbered in the order the
 * resolve makes them, from 0 at the start of each attempt; only the last
 * attempt's are kept (the one the case placed). KITEM picks are not
 * choices: a cell's item counts only as being there (conn's pockets
 * "with items"), never by which item, so no pick can change a verdict
 * and forcing one would only spend replays. A replay forcing choices
 * of attempt a makes every draw the original made (so the other choices
 * stay as they were) and then uses the forced values instead. */
#ifndef VF_CHOICE_H
#define VF_CHOICE_H

#include <stddef.h>

typedef enum vf_choice_kind {
    VF_CHOICE_SUBST,     /* a SUBST's glyph for a cell */
    VF_CHOICE_NSUBST,    /* an NSUBST's glyph for a cell */
    VF_CHOICE_FLIP,      /* a mirror or rotation: chose '1' (done) or '0' */
    VF_CHOICE_SHUFFLE,   /* the glyph a SHUFFLE turned key into (forcing
                          * it swaps with the glyph that got that one) */
    VF_CHOICE_KFEAT,     /* the index of the KFEAT alternative drawn */
    VF_CHOICE_SUBVAULT,  /* the index of the map a SUBVAULT drew */
    VF_CHOICE_LUA,       /* a number the vault's Lua drew (key 'b': a
                          * truth, 0 or 1; 'r': a real in [0, 1), in
                          * millionths) */
    VF_CHOICE_KMONS,     /* the index of the KMONS alternative drawn (its
                          * first slot: the cell's monster) */
    VF_CHOICE_MONS,      /* the index of the alternative a MONS slot drew
                          * for one digit cell of the placed vault */
    VF_CHOICE_KINDS
} vf_choice_kind;

#define VF_CHOICE_ALTS 24

/* crawl.random_real's draw as an int: millionths. */
#define VF_CHOICE_REAL_SCALE 1000000

typedef struct vf_choice {
    vf_choice_kind kind;
    int line;            /* .des line of the call (or of the Lua line that
                          * drew); 0 when not known */
    int x, y;            /* MAP column and row; -1 when not one cell */
    char key;            /* the glyph the cell held ('h', 'v', 'r', 'c'
                          * for the flips; 'b' or 'n' for a Lua truth or
                          * number) */
    int chose;           /* what was drawn */
    int alts[VF_CHOICE_ALTS];   /* the values it could take (a sample of
                                 * a wide Lua range) */
    int nalts;
    char names[96];      /* KFEAT, KMONS, SUBVAULT: the name of value i on line
                          * i ('\n'-separated, cut) */
    char call[96];       /* the call as written: "SUBST: D = x." (cut
                          * with "...") */
    int shared;          /* a ':' SUBST: one choice for every cell of the
                          * glyph (x, y: the first) */
    int placed;          /* x, y are the placed vault's (mirrored and
                          * rotated: a '=' KFEAT draws at placement), not
                          * the MAP's */
    /* A choice of a subvault's own resolve: that map's name, its .des
     * file and its MAP block's first line (x, y are its MAP's); "", "",
     * 0 for the case map's own. */
    char sub[48];
    char file[160];
    int map_line;
    int hooked;          /* sub is a map a post_place hook placed, not a
                          * subvault */
} vf_choice;

/* One forced value: choice at of the forced attempt gets value. */
typedef struct vf_force {
    size_t at;
    int value;
} vf_force;

typedef struct vf_choices {
    vf_choice *v;        /* the last attempt's choices, owned */
    size_t n, cap;
    int record;          /* keep a log of the choices */
    int attempt;         /* the resolve attempt now running, from 1 */
    int map_line;        /* .des line of the MAP block's first row: row
                          * y is on line map_line + y (0: not known) */
    int line;            /* .des line of the call now running, set by the
                          * binding for calls whose choices are made
                          * deeper down (KFEAT, SUBVAULT) */
    size_t next;         /* choices made in this attempt */
    /* While a subvault of the case map resolves (nested > 0), its
     * choices are the case attempt's, logged with the subvault's name,
     * file and MAP line (set by the map binding when its MAP is read). */
    int nested;
    char sub[48];
    char sub_file[160];
    int sub_map_line;
    int sub_hooked;      /* the innermost is a map a hook placed */
    /* The replay's changes: in attempt force_attempt (0: none), each of
     * force[0..nforce) (borrowed). */
    int force_attempt;
    const vf_force *force;
    size_t nforce;
} vf_choices;

void vf_choices_init(vf_choices *c);
void vf_choices_free(vf_choices *c);

/* A resolve attempt starts: numbering restarts, the log is emptied --
 * unless a subvault's resolve is nested in the attempt. */
void vf_choices_attempt(vf_choices *c);

/* A subvault's resolve, within the case's: vf_choices_nest before it
 * (name its map's name; saved gets what it replaces), vf_choices_unnest
 * after (its choices logged since then get the subvault's file and MAP
 * line, known only once its MAP was read). */
typedef struct vf_choices_nesting {
    char sub[48], sub_file[160];
    int sub_map_line, sub_hooked;
    size_t first;
} vf_choices_nesting;
void vf_choices_nest(vf_choices *c, const char *name,
                     vf_choices_nesting *saved);
/* The same for a map a post_place hook places on the case's level: its
 * choices are the case's too, said to be that map's. */
void vf_choices_nest_hooked(vf_choices *c, const char *name,
                            vf_choices_nesting *saved);
void vf_choices_unnest(vf_choices *c, const vf_choices_nesting *saved);

/* One choice made, as its maker describes it (made->chose drawn): logs
 * it (when recording) and returns the value to use -- chose, or the
 * forced value. A description with fewer than two values is no choice:
 * chose comes back, nothing is counted. c may be NULL. */
int vf_choices_take(vf_choices *c, const vf_choice *made);

/* The same for a glyph choice: what's kind, line, x, y, key and chose (a
 * glyph, as unsigned char), filled by designated initialisers; alts the
 * glyphs it could give (a string), call the call as written. */
char vf_choices_make(vf_choices *c, const vf_choice *what,
                     const char *alts, const char *call);

/* value of c in words, for reports: the glyph ("x"), the alternative's
 * or map's name ("lava"), the number ("7") or truth ("true"). */
void vf_choice_label(const vf_choice *c, int value, char *out, size_t len);

/* Copies call into c->call, cut with "..." when too long. */
void vf_choice_set_call(vf_choice *c, const char *call);

#endif
