/* vf_sev: how much a finding matters, by what the game itself would
 * do with it (issue 12; dungeon.cc _dgn_verify_connectivity, maps.cc
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
    int layout;          /* the level is a layout built round the vault:
                          * where the game would veto it, it builds the
                          * level again (dungeon.cc, up to 50 times), so
                          * what would veto is a rebuilt level, a note */
} vf_sev_ctx;

/* The severity of finding f, and why, in words a vault author reads.
 * VF_SEV_OK: the game does not look there (a stairless zone in the
 * Abyss), so it is no finding. */
vf_sev vf_sev_finding(const vf_conn_finding *f, const vf_sev_ctx *c,
                                const char **why);

/* The severity of finding i of r on level l, as vf_sev_finding, but for
 * what the rest of the level changes: an interior pocket lying wholly in
 * a teleport closet the game masks is judged as that closet (nobody lands
 * there); one next to a cell outside its vault is the vault's padding,
 * which a real level reaches wherever its layout has floor there (a
 * note). */
vf_sev vf_sev_in_report(const vf_level *l, const vf_conn_report *r, int i,
                        const vf_sev_ctx *c, const char **why);

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
 * unconnected exits are a rebuilt level (a note). */
vf_sev vf_sev_plain(unsigned kind_bit, const vf_sev_ctx *c);

#endif
