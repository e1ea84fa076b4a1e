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
#include "vf_severity.h"

#include <string.h>

/* An empty pocket this small is a note (trees, statues). */
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
    /* The game skips a minivault it cannot fit (dungeon.cc
     * _build_secondary_vault returns; nothing is vetoed): in our stress
     * layouts that is no more than worth knowing. */
    if (kind_bit == VF_V_PLACE_FAILED && c->stress) return VF_SEV_NOTE;
    return VF_SEV_ERROR;
}

/* What a player would miss in the region: anything but bare cells. */
static int holds_something(const vf_conn_stats *s)
{
    return s->items || s->monsters || s->stairs || s->altars || s->portals;
}

/* What a player loses to a closet nobody lands in: stairs, an altar or
 * a portal. Items kept there are most often a display (behind glass, a
 * moat, a grate: tests/labels-trunk.tsv, 79 of 86 flagged closet maps
 * harmless), a monster a cage. */
static int holds_a_way(const vf_conn_stats *s)
{
    return s->stairs || s->altars || s->portals;
}

/* The game's vetoes on zones without stairs: the zone is big enough or
 * holds a vault cell, so _fill_small_disconnected_zones leaves it. */
static int vetoed_zone(const vf_conn_stats *s)
{
    return s->vaults_in || s->size > VF_CONN_FILL_MAX;
}

static vf_sev_grade graded(vf_sev sev, int veto, const char *why)
{
    vf_sev_grade g = {sev, veto, why};
    return g;
}

/* A region of a layout beside the vault holding none of its cells, in
 * a branch the game does not check: the layout's own scrap. */
static const char layout_piece[] =
    "a piece of the layout beside the vault, none of it the vault's, in a "
    "branch the game does not check: the layout's own";

/* Where the game checks nothing (Pandemonium, the portal branches,
 * Ziggurats, the Tomb) the player meets the area as the vault left it;
 * the Abyss reshapes itself round the player, so there it hardly
 * matters. */
static vf_sev_grade unchecked_area(const vf_conn_finding *f,
                                   const vf_sev_ctx *c)
{
    if (c->abyss)
        return graded(VF_SEV_OK, 0, "an area apart in the Abyss, which "
                      "reshapes itself round the player");
    if (c->layout && !f->s.vaults_in)
        return graded(VF_SEV_NOTE, 0, layout_piece);
    if (holds_something(&f->s))
        return graded(VF_SEV_WARNING, 0,
                      "the game checks nothing in this branch: what stands "
                      "in this area without stairs stays out of reach");
    return graded(VF_SEV_NOTE, 0, "an empty area without stairs, in a "
                  "branch the game does not check");
}

static vf_sev_grade stairless(const vf_conn_finding *f, const vf_sev_ctx *c)
{
    if (!c->checked) return unchecked_area(f, c);
    if (vetoed_zone(&f->s))
        return graded(VF_SEV_ERROR, 1,
                      "the game vetoes the level: an area without stairs "
                      "that is larger than 10 cells or holds vault cells "
                      "(dungeon.cc _dgn_verify_connectivity)");
    if (holds_something(&f->s))
        return graded(VF_SEV_WARNING, 0,
                      "the game fills this small stairless area with rock, "
                      "but what stands in it stays out of reach");
    return graded(VF_SEV_NOTE, 0, "the game fills this small stairless area "
                  "with rock (dungeon.cc _fill_small_disconnected_zones)");
}

/* A passable zone apart from the main one. Without stairs it is judged
 * as the stairless zone it is; with its own stairs the game's builder
 * lets a primary vault through, but its own test (scripts/placement.lua:
 * one zone) fails the vault, and a minivault that adds a zone vetoes the
 * level (dungeon.cc _dgn_verify_connectivity, "Had %d zones"). On a
 * layout the game's builder is the judge: zones that each have stairs
 * pass. */
static vf_sev_grade isolated(const vf_conn_finding *f, const vf_sev_ctx *c)
{
    if (c->pan)
        return graded(VF_SEV_ERROR, 1, "the game vetoes a Pandemonium level "
                      "in more than one zone (dungeon.cc _build_vault_impl: "
                      "\"Pan map with disconnected zones\")");
    if (!f->s.exits) return stairless(f, c);
    /* A minivault that raised the layout's zone count was vetoed as it
     * went on (case_game_place, place_in_layout): what is left here are
     * the layout's own zones, each with stairs (Orc's caves). */
    if (c->layout)
        return graded(VF_SEV_OK, 0,
                      "the level is in zones that each have stairs, which "
                      "the game's builder lets through (dungeon.cc "
                      "_dgn_verify_connectivity vetoes zones without "
                      "stairs, and a minivault only for raising the "
                      "count)");
    /* "Had %d zones" is asked in every branch. */
    if (c->minivault)
        return graded(VF_SEV_ERROR, !c->abyss,
                      "the game vetoes the level: the minivault split it "
                      "into more zones (dungeon.cc "
                      "_dgn_verify_connectivity)");
    return graded(VF_SEV_WARNING, 0,
                  "the level splits into zones each with stairs: the game's "
                  "builder lets it through, the player reaches one part only "
                  "from another level, and the game's own test fails it "
                  "(scripts/placement.lua)");
}

static vf_sev_grade pocket(const vf_conn_finding *f, const vf_sev_ctx *c);

static vf_sev_grade closet(const vf_conn_finding *f, const vf_sev_ctx *c)
{
    if (!c->checked && c->abyss)
        return graded(VF_SEV_OK, 0, "a closet in the Abyss, which reshapes "
                      "itself round the player");
    if (!c->checked && c->layout && !f->s.vaults_in)
        return graded(VF_SEV_NOTE, 0, layout_piece);
    if (c->exit_made)
        return graded(VF_SEV_OK, 0, "the game takes the player out of this "
                      "level itself: the Crucible's exit once the debt is "
                      "paid (god-abil.cc makhleb_crucible_kill), the "
                      "Arena's when the duel ends (okawaru_end_duel)");
    if (c->no_teleport) return pocket(f, c);
    /* A monster on every landing of a closet walled all round (even a
     * flier cannot reach it): no teleport lands there (spl-transloc.cc
     * cell_vetoes_teleport), and the walls keep the player's attacks
     * out: a caged display (the Ossuary's, hellmonk_zot_springs'). */
    if ((f->kinds & 1u << VF_CONN_TELE_CLOSET_FLY) && f->landings
        && f->occupied == f->landings)
        return graded(VF_SEV_NOTE, 0, "a monster caged by walls on every "
                      "landing: no teleport lands on a monster, and the "
                      "player cannot reach it to kill it");
    /* A plant or fungus on every landing only delays it: once it is
     * killed the closet is open (water_boxes_lemuel's fungi, which its
     * maintainers fixed as a closet). */
    int open = !c->checked || !c->closets_masked;
    if (open && f->landings && f->held == f->landings)
        return graded(VF_SEV_ERROR, 0,
                      "the game leaves this closet open: once the monster "
                      "that never moves on its landing is killed, a "
                      "teleport strands the player here");
    if (!c->checked)
        return graded(VF_SEV_ERROR, 0,
                      "the game neither vetoes nor masks teleport closets "
                      "in this branch: a teleport strands the player here");
    if (!c->closets_masked)
        return graded(VF_SEV_ERROR, 0,
                      "a teleport strands the player here: this version of "
                      "the game does not mask teleport closets");
    if (holds_a_way(&f->s))
        return graded(VF_SEV_WARNING, 0,
                      "the game masks this closet against teleports, so "
                      "the stairs, altar or portal in it are out of reach");
    return graded(VF_SEV_NOTE, 0, "a closet the game masks against "
                  "teleports (dungeon.cc _count_tele_closets): nobody "
                  "lands there, and what it holds is on show");
}

static vf_sev_grade pocket(const vf_conn_finding *f, const vf_sev_ctx *c)
{
    if (c->is_level && (f->kinds & 1u << VF_CONN_INTERIOR_POCKET)
        && f->kind == VF_CONN_INTERIOR_POCKET)
        return graded(VF_SEV_OK, 0, "the map is the level: what its "
                      "stairs do not reach is judged as a closet");
    if (c->abyss)
        return graded(VF_SEV_NOTE, 0, "part of the vault its exits do not "
                      "reach, in the Abyss");
    if (holds_something(&f->s))
        return graded(VF_SEV_WARNING, 0,
                      "part of the vault its exits do not reach holds "
                      "something a player cannot get to");
    if (f->s.size <= SMALL_POCKET)
        return graded(VF_SEV_NOTE, 0, "an empty pocket of at most 3 cells");
    return graded(VF_SEV_WARNING, 0,
                  "part of the vault that its exits do not reach");
}

static vf_sev_grade rule(vf_conn_kind k, const vf_conn_finding *f,
                         const vf_sev_ctx *c)
{
    /* On the empty level, an area holding no vault cell is the level's
     * own floor walled in by the vault (its blank corners or middle, the
     * strip by the border): in the game a layout fills it. */
    if (c->empty && !f->s.vaults_in && k != VF_CONN_INTERIOR_POCKET)
        return graded(f->s.size > VF_CONN_FILL_MAX ? VF_SEV_NOTE : VF_SEV_OK, 0,
                      "the empty level's own floor, walled in by the vault "
                      "where its MAP leaves cells blank: in the game a "
                      "layout fills it");
    switch (k) {
    case VF_CONN_ISOLATED_ZONES: return isolated(f, c);
    case VF_CONN_STAIRLESS_ZONE:
    case VF_CONN_ISOLATED_AREA:
    case VF_CONN_TRAP_POCKET: return stairless(f, c);
    case VF_CONN_TELE_CLOSET_WALK:
    case VF_CONN_TELE_CLOSET_FLY: return closet(f, c);
    case VF_CONN_INTERIOR_POCKET: return pocket(f, c);
    default: return graded(VF_SEV_ERROR, 0, "?");
    }
}

/* The worst of the rules of the kinds (bits) a region is found by: one
 * region, one severity, with the reason of the rule that set it; it
 * vetoes the level when any of its rules does. */
static vf_sev_grade worst(const vf_conn_finding *f, unsigned kinds,
                          const vf_sev_ctx *c)
{
    vf_sev_grade best = graded(VF_SEV_OK, 0, "the game does not look for "
                               "this here");
    int first = 1;
    for (int k = 0; k < VF_CONN_KIND_COUNT; k++) {
        if (!(kinds & (1u << k))) continue;
        vf_sev_grade g = rule((vf_conn_kind)k, f, c);
        int veto = best.veto || g.veto;
        if (g.sev > best.sev || (g.sev == best.sev && g.veto)
            || (first && g.sev == VF_SEV_OK))
            best = g;
        best.veto = veto;
        first = 0;
    }
    /* Our synthetic layouts are stress tests: never alone an error. */
    if (c->stress && best.sev == VF_SEV_ERROR) best.sev = VF_SEV_WARNING;
    return best;
}

vf_sev_grade vf_sev_finding_grade(const vf_conn_finding *f,
                                  const vf_sev_ctx *c)
{
    return worst(f, vf_sev_finding_kinds(f), c);
}

vf_sev vf_sev_finding(const vf_conn_finding *f, const vf_sev_ctx *c,
                      const char **why)
{
    vf_sev_grade g = vf_sev_finding_grade(f, c);
    *why = g.why;
    return g.sev;
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

vf_sev_grade vf_sev_grade_in_report(const vf_level *l,
                                    const vf_conn_report *r, int i,
                                    const vf_sev_ctx *c)
{
    const vf_conn_finding *f = &r->findings[i];
    unsigned kinds = vf_sev_finding_kinds(f);
    unsigned pocket = 1u << VF_CONN_INTERIOR_POCKET;
    if ((kinds & pocket) && c->checked && c->closets_masked
        && inside_closet(r, i)) {
        /* Nobody lands there: what it holds is lost to every player. */
        if (f->s.items && !c->abyss)
            return graded(VF_SEV_WARNING, 0,
                          "part of the vault its exits do not reach holds "
                          "items, and the game masks it against teleports: "
                          "out of every player's reach");
        kinds = (kinds & ~pocket) | 1u << VF_CONN_TELE_CLOSET_WALK;
    }
    if ((kinds & pocket) && on_vault_edge(l, f)) {
        kinds &= ~pocket;
        if (!kinds)
            return graded(VF_SEV_NOTE, 0,
                          "the vault's padding, apart from its exits: a "
                          "level reaches it wherever the layout has floor "
                          "beside it");
    }
    return worst(f, kinds, c);
}

vf_sev vf_sev_in_report(const vf_level *l, const vf_conn_report *r, int i,
                        const vf_sev_ctx *c, const char **why)
{
    vf_sev_grade g = vf_sev_grade_in_report(l, r, i, c);
    *why = g.why;
    return g.sev;
}

void vf_sev_describe(const vf_level *l, const vf_conn_report *r,
                     const vf_sev_ctx *c, vf_sbuf *out)
{
    for (int i = 0; i < r->nfindings; i++) {
        const char *why;
        vf_sev_grade g = vf_sev_grade_in_report(l, r, i, c);
        why = g.why;
        vf_sbuf_printf(out, "  %c  %s: %s\n", vf_conn_letter(i),
                       g.sev == VF_SEV_OK ? "not a finding"
                                          : vf_sev_name(g.sev),
                       why);
    }
    if (r->dropped)
        vf_sbuf_printf(out, "  (%d more findings not described)\n",
                       r->dropped);
}
