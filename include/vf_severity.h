/* vf_sev: how much a finding matters, by what the game itself would
 * do with it (dungeon.cc _dgn_verify_connectivity, maps.cc
 * _write_vault).
 *
 *   error    the game would build a broken level, veto the level or fail
 *            to place the map
 *   warning  a player would meet it, though the game lets it through
 *   note     worth knowing, harmless
 *
 * A case's verdict carries, besides its kinds, which of them are errors
 * and which warnings (the rest are notes). Everything here is a pure
 * function of its arguments: no state, no allocation. */
#ifndef VF_SEVERITY_H
#define VF_SEVERITY_H

#include "vf_conn.h"
#include "vf_level.h"
#include "vf_sbuf.h"
#include "vf_verdict.h"

typedef enum vf_sev {
    VF_SEV_OK,
    VF_SEV_NOTE,
    VF_SEV_WARNING,
    VF_SEV_ERROR,
    VF_SEV_COUNT
} vf_sev;

/* "ok", "note", "warning", "error". */
const char *vf_sev_name(vf_sev s);
/* What severity s means, in a sentence (as the table above says it). */
const char *vf_sev_meaning(vf_sev s);
/* Returns 0 and the severity named s, or -1. */
int vf_sev_parse(const char *s, vf_sev *out);

/* The worst severity among kinds, given which are errors and which
 * warnings (both subsets of kinds); VF_SEV_OK when kinds is 0. */
static inline vf_sev vf_sev_of(unsigned kinds, unsigned warning,
                                         unsigned error)
{
    if (!kinds) return VF_SEV_OK;
    if (kinds & error) return VF_SEV_ERROR;
    return kinds & warning ? VF_SEV_WARNING : VF_SEV_NOTE;
}

/* The severity of kind bit b in a case. */
static inline vf_sev vf_sev_kind(unsigned b, unsigned kinds,
                                           unsigned warning, unsigned error)
{
    return vf_sev_of(kinds & b, warning & b, error & b);
}

/* What a finding on a level is judged against. */
typedef struct vf_sev_ctx {
    int checked;         /* the level's branch is one whose levels the game
                          * vetoes for stairless and isolated areas and
                          * searches for teleport closets: connected and
                          * not islanded (vf_branch.checked) */
    int closets_masked;  /* the game masks the teleport closets it finds
                          * (trunk since 2026-06: dungeon.cc
                          * _count_tele_closets); else they stay open */
    int minivault;       /* the vault is a minivault: the game vetoes a
                          * level whose zone count it raised */
    int layout;          /* the level is a layout built round the vault */
    int stress;          /* ... one of our synthetic layouts: a stress
                          * test, not a level the game builds */
    int abyss;           /* the level is in the Abyss, which reshapes
                          * itself round the player */
    int pan;             /* Pandemonium: the game vetoes a level in more
                          * than one zone once its secondary vaults go
                          * on (dungeon.cc _build_vault_impl) */
    int empty;           /* placement.lua's empty level: floor no layout
                          * of the game leaves open (its border strips,
                          * a MAP's blank cells) is the set-up's */
    int is_level;        /* the map is the level (ORIENT: encompass): it
                          * has no outside its exits join */
    int no_teleport;     /* the Gauntlet: no long-range teleport lands a
                          * player anywhere (player.cc, "A magic seal in
                          * the Gauntlet") */
    int exit_made;       /* the game takes the player out itself: the
                          * Crucible's exit, made on a random floor cell
                          * once the debt is paid (god-abil.cc
                          * makhleb_crucible_kill); Okawaru's Arena, left
                          * when the duel ends (okawaru_end_duel) */
} vf_sev_ctx;

/* A finding's grade: its severity, whether the game throws the level
 * away for it (a veto: the case's cost is then the map's share of
 * vetoed builds, vf_grade_veto), and why, in words a vault author
 * reads. */
typedef struct vf_sev_grade {
    vf_sev sev;
    int veto;
    const char *why;
} vf_sev_grade;

/* The severity of finding f, and why, in words a vault author reads.
 * VF_SEV_OK: the game does not look there (an empty area in the Abyss),
 * so it is no finding. */
vf_sev vf_sev_finding(const vf_conn_finding *f, const vf_sev_ctx *c,
                                const char **why);
vf_sev_grade vf_sev_finding_grade(const vf_conn_finding *f,
                                  const vf_sev_ctx *c);

/* The severity of finding i of r on level l, as vf_sev_finding, but for
 * what the rest of the level changes: an interior pocket lying wholly in
 * a teleport closet the game masks is judged as that closet (nobody lands
 * there); one next to a cell outside its vault is the vault's padding,
 * which a real level reaches wherever its layout has floor there (a
 * note). */
vf_sev vf_sev_in_report(const vf_level *l, const vf_conn_report *r, int i,
                        const vf_sev_ctx *c, const char **why);
vf_sev_grade vf_sev_grade_in_report(const vf_level *l,
                                    const vf_conn_report *r, int i,
                                    const vf_sev_ctx *c);

/* A line per finding of r, lettered as vf_conn_render letters them:
 * "  A  error: why". */
void vf_sev_describe(const vf_level *l, const vf_conn_report *r,
                     const vf_sev_ctx *c, vf_sbuf *out);

/* The kinds a finding stands for, as vf_conn kinds (bit 1u << kind). */
unsigned vf_sev_finding_kinds(const vf_conn_finding *f);

/* The severity a verdict kind has when no finding grades it: Lua errors,
 * failed validation, failed placement, unconnected exits, crashes and
 * time-outs are errors; a veto is a note (the game picks another map:
 * weight control), unless every case of the map is vetoed; in a layout,
 * unconnected exits are a rebuilt level (a note); a placement that fails
 * in a stress layout is a note (the game skips a minivault it cannot
 * fit). */
vf_sev vf_sev_plain(unsigned kind_bit, const vf_sev_ctx *c);

/* ---- a map's cost, from all its cases (grade.c) ------------------------ */

/* The shares of builds that make a map's level vetoes a warning or an
 * error, each taken at the low end of its 95% Wilson interval. 0 in a
 * field: its default. */
typedef struct vf_grade_opts {
    double veto_error;       /* default VF_GRADE_VETO_ERROR */
    double veto_warning;     /* default VF_GRADE_VETO_WARNING */
    double stress_warning;   /* our synthetic layouts alone, never an
                              * error: default VF_GRADE_STRESS_WARNING */
} vf_grade_opts;

#define VF_GRADE_VETO_ERROR 0.15
#define VF_GRADE_VETO_WARNING 0.03
#define VF_GRADE_STRESS_WARNING 0.25
/* The game's own layouts throw away at least half the levels built with
 * the map: an error whatever our layouts say. */
#define VF_GRADE_VETO_MOST 0.50

/* Where a build was made: placement.lua's empty level, one of the game's
 * own layouts (mode game), one of our synthetic layouts. */
typedef enum vf_veto_source {
    VF_VETO_EMPTY,
    VF_VETO_GAME,
    VF_VETO_STRESS,
    VF_VETO_SOURCES
} vf_veto_source;

/* A map's builds from each source, and those the game would throw away
 * (level_vetoed). */
typedef struct vf_veto_count {
    unsigned long built[VF_VETO_SOURCES];
    unsigned long vetoed[VF_VETO_SOURCES];
} vf_veto_count;

/* The severity of a map's level vetoes, by the low end (95% Wilson) of
 * the shares: E on the empty level, G in the game's layouts, L in every
 * layout (the game's and ours), S in ours alone. An error when E or
 * both G and L reach veto_error, or G reaches VF_GRADE_VETO_MOST (at
 * 100% the map is never placed); a warning when E reaches veto_warning,
 * or the game's layouts vetoed it and L reaches veto_warning, or S
 * reaches stress_warning; else a note (a rare rebuild costs the map a
 * little of its weight). The game's layouts alone are too noisy a
 * sample: a veto there in 3 of 5 builds that our layouts never show is
 * most often the layout's own scrap of floor (tests/labels-trunk.tsv).
 * VF_SEV_OK when nothing was vetoed. */
vf_sev vf_grade_veto(const vf_veto_count *n, const vf_grade_opts *o);

/* The 95% Wilson score interval for k of n cases. */
void vf_wilson(unsigned long k, unsigned long n, double *lo, double *hi);

/* The closets and pockets a player meets (a split is graded by its
 * vetoes, not its rate). */
#define VF_GRADE_RARE_KINDS                                                 \
    (VF_V_TELE_CLOSET_WALK | VF_V_TELE_CLOSET_FLY | VF_V_INTERIOR_POCKET)

/* The kinds a design explains when every case has them: a masked
 * closet, a pocket or a level in parts each with its stairs, present
 * whatever the rolls, is what the author drew (a display, a cage, rooms
 * walled apart); one only some rolls make is the accident to find.
 * Of the verdict kinds (bit i of counts[i] cases each) in every one of
 * tried cases, those: their warnings are notes. */
#define VF_GRADE_DESIGN_KINDS (VF_GRADE_RARE_KINDS | VF_V_ISOLATED_ZONES)
unsigned vf_grade_design(const unsigned long *counts, int nkinds,
                         unsigned long tried);

/* Of the closets and pockets a player meets, the ones in
 * so few of tried cases that the low end of their share's 95% interval
 * is under veto_warning: a rare roll's defect, whose errors (a closet the
 * game does not mask) are warnings. */
unsigned vf_grade_rare(const unsigned long *counts, int nkinds,
                       unsigned long tried, const vf_grade_opts *o);

/* The thresholds in force: o's, or the defaults. */
vf_grade_opts vf_grade_opts_resolved(const vf_grade_opts *o);

#endif
