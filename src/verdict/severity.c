/* Severities: each finding graded by what the game does with it.
 *
 * The game's level builder (dungeon.cc _dgn_verify_connectivity) runs its
 * connectivity vetoes only in connected branches that are not islanded
 * (player_in_connected_branch, brflag::islanded): not in the Abyss,
 * Pandemonium, the portal branches, Ziggurats or the Tomb. There, before
 * the vetoes, a stairless zone of at most 10 cells with no vault cell is
 * filled with rock (_fill_small_disconnected_zones), then any zone
 * without stairs vetoes the level ("Isolated areas with no stairs"), the
 * same with traps counted as floor, and the same grown through deep water
 * and lava. Teleport closets are masked (FPROP_NO_TELE_INTO on their
 * landing cells) by trunk since 2026-06, never vetoed in play. */
#include "vf_case.h"
#include "vf_severity.h"

#include <string.h>

/* The game's fill limit: _fill_small_disconnected_zones says 10 cells,
 * but _dgn_fill_zone does not count the cell its flood starts from, so
 * zones of 11 are filled (vf_conn.h). */
#define SMALL_ZONE 11
/* An empty pocket this small is a note (issue 12: trees, statues). */
#define SMALL_POCKET 3

const char *vf_sev_name(vf_sev s)
{
    static const char *const names[VF_SEV_COUNT] = {"ok", "note", "warning",
                                                    "error"};
    return (unsigned)s < VF_SEV_COUNT ? names[s] : "?";
}

const char *vf_sev_meaning(vf_sev s)
{
    static const char *const meaning[VF_SEV_COUNT] = {
        "no finding",
        "worth knowing, harmless",
        "a player would meet it, though the game lets it through",
        ("the game would build a broken level, veto the level or fail to "
         "place the map"),
    };
    return (unsigned)s < VF_SEV_COUNT ? meaning[s] : "?";
}

int vf_sev_parse(const char *s, vf_sev *out)
{
    for (int i = 0; i < VF_SEV_COUNT; i++)
        if (!strcmp(s, vf_sev_name((vf_sev)i))) {
            *out = (vf_sev)i;
            return 0;
        }
    return -1;
}

unsigned vf_sev_finding_kinds(const vf_conn_finding *f)
{
    return f->kinds ? f->kinds : 1u << f->kind;
}

vf_sev vf_sev_plain(unsigned kind_bit, const vf_sev_ctx *c)
{
    if (kind_bit == VF_V_VETOED) return VF_SEV_NOTE;
    if (kind_bit == VF_V_EXIT_UNCONNECTED && c->layout) return VF_SEV_NOTE;
    return VF_SEV_ERROR;
}

/* In a layout, a level the game would veto is built again. */
static vf_sev rebuilt(const vf_sev_ctx *c, vf_sev sv, const char **why)
{
    if (!c->layout || sv != VF_SEV_ERROR) return sv;
    *why = "the game would veto this level and build it again: a rebuilt "
           "level, counted at its rate (dungeon.cc builder)";
    return VF_SEV_NOTE;
}

/* What a player would miss in the region: anything but bare cells. */
static int holds_something(const vf_conn_stats *s)
{
    return s->items || s->monsters || s->stairs || s->altars || s->portals;
}

/* The game's vetoes on zones without stairs: the zone is big enough or
 * holds a vault cell, so _fill_small_disconnected_zones leaves it. */
static int vetoed_zone(const vf_conn_stats *s)
{
    return s->vaults_in || s->size > SMALL_ZONE;
}

static vf_sev stairless(const vf_conn_finding *f, const vf_sev_ctx *c,
                             const char **why)
{
    if (!c->checked) {
        *why = "the game checks no stairless areas in this branch";
        return VF_SEV_OK;
    }
    if (vetoed_zone(&f->s)) {
        *why = "the game vetoes the level: an area without stairs that is "
               "larger than 10 cells or holds vault cells (dungeon.cc "
               "_dgn_verify_connectivity)";
        return VF_SEV_ERROR;
    }
    if (holds_something(&f->s)) {
        *why = "the game fills this small stairless area with rock, but "
               "what stands in it stays out of reach";
        return VF_SEV_WARNING;
    }
    *why = "the game fills this small stairless area with rock "
           "(dungeon.cc _fill_small_disconnected_zones)";
    return VF_SEV_NOTE;
}

/* A passable zone apart from the main one. Without stairs it is judged
 * as the stairless zone it is; with its own stairs the game's builder
 * lets a primary vault through, but its own test (scripts/placement.lua:
 * one zone) fails the vault, and a minivault that adds a zone vetoes the
 * level (dungeon.cc _dgn_verify_connectivity, "Had %d zones"). On a
 * layout the game's builder is the judge: a primary vault may part the
 * layout into zones that each have stairs. */
static vf_sev isolated(const vf_conn_finding *f, const vf_sev_ctx *c,
                       const char **why)
{
    if (!f->s.exits) return stairless(f, c, why);
    if (c->layout && !c->minivault) {
        *why = "the vault parts the layout into zones that each have "
               "stairs, which the game's builder lets through (dungeon.cc "
               "_dgn_verify_connectivity looks for zones without stairs)";
        return VF_SEV_OK;
    }
    *why = c->minivault
           ? "the game vetoes the level: the minivault split it into more "
             "zones (dungeon.cc _dgn_verify_connectivity)"
           : "the level splits into zones each with stairs: the game's own "
             "test fails the vault (scripts/placement.lua)";
    return VF_SEV_ERROR;
}

static vf_sev closet(const vf_conn_finding *f, const vf_sev_ctx *c,
                          const char **why)
{
    if (!c->checked) {
        *why = "the game looks for no teleport closets in this branch";
        return VF_SEV_OK;
    }
    if (!c->closets_masked) {
        *why = "a teleport can strand the player here: this version of the "
               "game does not mask teleport closets";
        return VF_SEV_WARNING;
    }
    if (holds_something(&f->s)) {
        *why = "the game masks this closet against teleports, so what "
               "stands in it is out of reach";
        return VF_SEV_WARNING;
    }
    *why = "an empty closet the game masks against teleports (dungeon.cc "
           "_count_tele_closets)";
    return VF_SEV_NOTE;
}

static vf_sev pocket(const vf_conn_finding *f, const char **why)
{
    if (holds_something(&f->s)) {
        *why = "part of the vault its exits do not reach holds something "
               "a player cannot get to";
        return VF_SEV_WARNING;
    }
    if (f->s.size <= SMALL_POCKET) {
        *why = "an empty pocket of at most 3 cells";
        return VF_SEV_NOTE;
    }
    *why = "part of the vault that its exits do not reach";
    return VF_SEV_WARNING;
}

static vf_sev rule(vf_conn_kind k, const vf_conn_finding *f,
                   const vf_sev_ctx *c, const char **why)
{
    switch (k) {
    case VF_CONN_ISOLATED_ZONES: return isolated(f, c, why);
    case VF_CONN_STAIRLESS_ZONE:
    case VF_CONN_ISOLATED_AREA:
    case VF_CONN_TRAP_POCKET: return stairless(f, c, why);
    case VF_CONN_TELE_CLOSET_WALK:
    case VF_CONN_TELE_CLOSET_FLY: return closet(f, c, why);
    case VF_CONN_INTERIOR_POCKET: return pocket(f, why);
    default:
        *why = "?";
        return VF_SEV_ERROR;
    }
}

/* The worst of the rules of the kinds (bits) a region is found by: one
 * region, one severity, with the reason of the rule that set it. */
static vf_sev worst(const vf_conn_finding *f, unsigned kinds,
                    const vf_sev_ctx *c, const char **why)
{
    vf_sev best = VF_SEV_OK;
    *why = "the game does not look for this here";
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++) {
        if (!(kinds & (1u << k))) continue;
        const char *w;
        vf_sev s = rule((vf_conn_kind)k, f, c, &w);
        if (s > best || best == VF_SEV_OK) *why = w;
        if (s > best) best = s;
    }
    return rebuilt(c, best, why);
}

vf_sev vf_sev_finding(const vf_conn_finding *f, const vf_sev_ctx *c,
                      const char **why)
{
    return worst(f, vf_sev_finding_kinds(f), c, why);
}

/* Whether every cell of finding i lies in a walking teleport closet of
 * r: then the game masks it, and nobody lands in it. */
static int inside_closet(const vf_conn_report *r, int i)
{
    const vf_conn_finding *f = &r->findings[i];
    unsigned walk = 1u << VF_CONN_TELE_CLOSET_WALK;
    for (int y = 0; y < VF_GYM; y++)
        for (int h = 0; h < 2; h++) {
            uint64_t left = f->cells[y][h];
            for (int k = 0; left && k < r->nfindings; k++)
                if (vf_sev_finding_kinds(&r->findings[k]) & walk)
                    left &= ~r->findings[k].cells[y][h];
            if (left) return 0;
        }
    return 1;
}

/* Whether a cell of f is next to a level cell outside its vault: then
 * the pocket is the vault's padding, which a real level reaches wherever
 * the layout has floor beside it. */
static int on_vault_edge(const vf_level *l, const vf_conn_finding *f)
{
    for (int y = f->s.y0; y <= f->s.y1; y++)
        for (int x = f->s.x0; x <= f->s.x1; x++) {
            if (!(f->cells[y][x >> 6] >> (x & 63) & 1)) continue;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    if (vf_level_in_bounds(x + dx, y + dy)
                        && l->vault[y + dy][x + dx] != l->vault[y][x])
                        return 1;
        }
    return 0;
}

vf_sev vf_sev_in_report(const vf_level *l, const vf_conn_report *r, int i,
                        const vf_sev_ctx *c, const char **why)
{
    const vf_conn_finding *f = &r->findings[i];
    unsigned kinds = vf_sev_finding_kinds(f);
    unsigned pocket = 1u << VF_CONN_INTERIOR_POCKET;
    if ((kinds & pocket) && c->checked && c->closets_masked
        && inside_closet(r, i))
        kinds = (kinds & ~pocket) | 1u << VF_CONN_TELE_CLOSET_WALK;
    if ((kinds & pocket) && on_vault_edge(l, f)) {
        kinds &= ~pocket;
        if (!kinds) {
            *why = "the vault's padding, apart from its exits: a level "
                   "reaches it wherever the layout has floor beside it";
            return VF_SEV_NOTE;
        }
    }
    return worst(f, kinds, c, why);
}

void vf_sev_describe(const vf_level *l, const vf_conn_report *r,
                     const vf_sev_ctx *c, vf_sbuf *out)
{
    for (int i = 0; i < r->nfindings; i++) {
        const char *why;
        vf_sev sv = vf_sev_in_report(l, r, i, c, &why);
        vf_sbuf_printf(out, "  %c  %s: %s\n", vf_conn_letter(i),
                       sv == VF_SEV_OK ? "not a finding" : vf_sev_name(sv),
                       why);
    }
    if (r->dropped)
        vf_sbuf_printf(out, "  (%d more findings not described)\n",
                       r->dropped);
}
