/* vf_conn: the connectivity of a finished level, by the game's rules
 * (dcss-compat.md §4): its zones, and what is wrong with them.
 *
 * Everything reads a vf_level and nothing else: no Lua, no allocation.
 * The counts and the analysis keep their work space on the stack (about
 * 60 and 135 KiB), so any number of calls can run side by side.
 *
 * A zone is a set of cells connected through 8-neighbour steps (the game's
 * adjacent_iterator), under one of the cell predicates below. */
#ifndef VF_CONN_H
#define VF_CONN_H

#include <stdint.h>

#include "vf_level.h"
#include "vf_sbuf.h"

/* ---- cell predicates (§4.1) --------------------------------------------- */

/* The game's connectivity predicates, on a level cell. Mimics do not
 * exist here, so "no mimic" variants are the plain ones. */
typedef enum vf_conn_pred {
    VF_CP_TRAVEL_OK,      /* dgn_square_travel_ok: traversable, and not a
                           * permanent teleport or dispersal trap */
    VF_CP_PASSABLE,       /* masked MMT_PASSABLE, or not masked opaque and
                           * travel_ok */
    VF_CP_PASSABLE_TRAPS, /* passable, or a trap not masked opaque */
    VF_CP_EVER_PASSABLE,  /* passable, or deep water / lava not masked
                           * opaque */
    VF_CP_TELE_CONNECTED, /* travel_ok and not no_tele_into (a solid cell
                           * may be, unless its whole vault is) */
    VF_CP_CLOSET_WALK,    /* travel_ok or a trap; masks are ignored */
    VF_CP_CLOSET_FLY,     /* the same, or deep water, open sea, lava */
    VF_CP_TELE_TARGET_WALK, /* a teleport may land here: not no_tele_into,
                             * not solid, not deep water or lava */
    VF_CP_TELE_TARGET_FLY,  /* the same, flying: water and lava allowed */
    VF_CP_COUNT
} vf_conn_pred;

/* Whether (x, y) satisfies p; 0 outside the level. */
int vf_conn_cell(const vf_level *l, vf_conn_pred p, int x, int y);

/* Which stairs make a zone "not stairless" (the game's _is_exit_stair):
 * stone stairs, branch exits of connected branches, Pandemonium and Abyss
 * exits, never the exit from Hell; escape hatches when asked. On the last
 * level of a branch (l->place) only the upward ones count: stone stairs
 * up, branch exits, Pan and Abyss exits. On a level of a branch that is
 * not connected (a portal's: Sewer, Bailey, Trove, Wizlab...), where the
 * game runs none of these checks, its way home counts too: every portal
 * exit (exit_sewer, exit_labyrinth...). */
typedef enum vf_conn_exits {
    VF_CE_ALL_ZONES,      /* count every zone */
    VF_CE_HATCHES,        /* count zones without an exit stair or hatch */
    VF_CE_NO_HATCHES,     /* count zones without an exit stair */
} vf_conn_exits;

/* Whether the cell holds an exit stair under rule e on this level
 * (VF_CE_ALL_ZONES: never). */
int vf_conn_exit_at(const vf_level *l, vf_conn_exits e, int x, int y);

/* ---- zone counts (§4.3) ------------------------------------------------- */

/* The game's _process_disconnected_zones, without the filling: zones are
 * grown through grow cells from every seed cell not yet in a zone, and
 * the zones are counted, with rule e screening out those holding an exit
 * stair. Every seed cell must also be a grow cell (as in each use the game
 * makes), so a zone is a connected set of grow cells with a seed in it. */
int vf_conn_zones(const vf_level *l, vf_conn_pred grow, vf_conn_pred seed,
                  vf_conn_exits e);

/* dgn_count_disconnected_zones(stairless): passable zones; with stairless,
 * only those without an exit stair or hatch. placement.lua's test is
 * vf_conn_count_zones(l, 0) != 1. */
int vf_conn_count_zones(const vf_level *l, int stairless);

/* dgn_count_tele_zones(stairless): zones under VF_CP_TELE_CONNECTED. The
 * game's Lua binding asks for the stairless count: placement.lua's
 * -tele-zones test is vf_conn_count_tele_zones(l, 1) >= 1. */
int vf_conn_count_tele_zones(const vf_level *l, int stairless);

/* A labelling kept from one call to the next, for the calls below that
 * take one: the zones of a set of cells depend on the set alone, and a
 * case asks for those of the same passable cells as its level is built
 * and again when it is judged. A call whose set is the kept one's reuses
 * it, whatever level it came from. Owned by the caller, for one thread
 * at a time; NULL where one is taken: nothing kept. */
typedef struct vf_conn_memo vf_conn_memo;

vf_conn_memo *vf_conn_memo_new(void);     /* free with vf_conn_memo_free */
void vf_conn_memo_free(vf_conn_memo *m);  /* NULL: nothing */

/* Zones of passable cells (8-connected, as dgn_count_disconnected_zones
 * grows them) with more than small of their cells outside every vault:
 * the pieces of a layout, a vault's own sealed room left out. Keeps the
 * passable cells' labelling in memo. */
int vf_conn_zones_beyond_vaults(const vf_level *l, int small,
                                vf_conn_memo *memo);

/* ---- a layout's pieces round its vaults --------------------------------- */

/* Cells as bits: bit x & 63 of w[y][x >> 6]. */
typedef struct vf_conn_cells {
    uint64_t w[VF_GYM][2];
} vf_conn_cells;

int vf_conn_cells_has(const vf_conn_cells *c, int x, int y);

/* The pieces of a layout level: its passable cells inside the builder's
 * area (1..GXM-2, 1..GYM-2) with no vault and no mask on them,
 * 8-connected; what is left of the layout once vaults went on it. */
typedef struct vf_conn_pieces {
    int small;                  /* pieces of at most the size asked */
    int large;                  /* pieces larger */
    int apart;                  /* zones of the whole level (passable
                                 * cells, vault cells too) holding a large
                                 * piece: at most 1 when the large pieces
                                 * are joined, through a vault or not */
    int stairless;              /* those of them without an exit stair or
                                 * hatch (VF_CE_HATCHES) */
    vf_conn_cells small_cells;  /* the cells of the small pieces */
} vf_conn_pieces;

/* The pieces of l, a piece of at most small cells counting as small.
 * Keeps the passable cells' labelling in memo. */
void vf_conn_layout_pieces(const vf_level *l, int small, vf_conn_pieces *out,
                           vf_conn_memo *memo);
/* The same without the whole level's zones (apart and stairless are 0):
 * for callers that only want the pieces, sparing a labelling. */
void vf_conn_layout_pieces_only(const vf_level *l, int small,
                                vf_conn_pieces *out);
/* For callers that only ask whether the game's vetoes fire: a zone
 * holding a large piece lacks an exit (out->stairless), or more than
 * most_apart zones hold one (out->apart; INT_MAX: not asked). When
 * either fires, out is what vf_conn_layout_pieces gives; when neither
 * does, out may be all 0 instead (the whole level's zones told so
 * without labelling the pieces). */
void vf_conn_layout_vetoes(const vf_level *l, int small, int most_apart,
                           vf_conn_pieces *out, vf_conn_memo *memo);

/* ---- the full analysis -------------------------------------------------- */

/* The most passable zones a level can have (one per 2x2 block), so every
 * zone is described. */
#define VF_CONN_MAX_ZONES ((VF_GXM + 1) / 2 * ((VF_GYM + 1) / 2))
/* Findings described; the counts in vf_conn_report.count are complete. */
#define VF_CONN_MAX_FINDINGS 52
/* Zones named per finding (nzones counts them all). */
#define VF_CONN_FINDING_ZONES 8

/* What a set of cells holds. */
typedef struct vf_conn_stats {
    int size;                 /* cells */
    int x0, y0, x1, y1;       /* bounding box, inclusive */
    int exits;                /* exit stairs under VF_CE_HATCHES (with the
                               * branch-bottom rule) */
    int exits_no_hatch;       /* the same under VF_CE_NO_HATCHES */
    int hatches;              /* escape hatches, up or down */
    int stairs;               /* any stair, hatch, branch or portal entry
                               * or exit (feat_is_stair) */
    int altars;               /* cells holding an altar */
    int portals;              /* branch and portal entries (enter_*) */
    int items, monsters;      /* cells with VF_CELL_ITEM / VF_CELL_MONSTER */
    uint32_t vaults_in;       /* bit i: holds a cell of vaults[i] */
    uint32_t vaults_near;     /* bit i: 8-neighbour of a cell of vaults[i] */
} vf_conn_stats;

/* A passable zone, numbered in the game's order (the first cell of each
 * zone in row-major order is its seed). */
typedef struct vf_conn_zone {
    vf_conn_stats s;
    int seed_x, seed_y;
} vf_conn_zone;

typedef enum vf_conn_kind {
    /* More than one passable zone (or none): one finding per zone but the
     * largest; with no zone at all, one finding with no cells. */
    VF_CONN_ISOLATED_ZONES,
    /* A passable zone with no exit stair or hatch (§4.4 step 4). */
    VF_CONN_STAIRLESS_ZONE,
    /* Cells grown from passable ones through deep water and lava too,
     * holding no exit stair (hatches do not count) (§4.4 step 5). */
    VF_CONN_ISOLATED_AREA,
    /* Passable zones joined only through traps: the cells are the
     * trap-joined area minus its largest zone. An area made of traps
     * alone, touching no passable cell, is one too (§4.4 step 4's
     * second check). */
    VF_CONN_TRAP_POCKET,
    /* Cells a teleport can land in but not walk (fly) out of to an exit
     * stair, hatch or permanent teleport trap (§4.4 step 6). The cells are
     * the whole stranded region; landings counts where one lands, less
     * the cells masked allow_tele_closets; monsters do not count, as in
     * the game's own search. Transporters are
     * followed as the game follows them: a region holding a transporter
     * whose destination leads out is not stranded. */
    VF_CONN_TELE_CLOSET_WALK,
    VF_CONN_TELE_CLOSET_FLY,
    /* Beyond the game: cells of a non-transparent vault that a teleport
     * can land in and that the vault's exits do not reach, walking through
     * the vault's own cells (traps allowed), with no way out of a closet
     * (exit stair, hatch, permanent teleport trap) and no transporter
     * leading out of the vault or to a part the exits reach. A vault
     * without exits is entered from each of its walkable cells next to
     * walkable, passable cells outside it. Landings as for closets; none
     * in a no_tele_into vault. */
    VF_CONN_INTERIOR_POCKET,
    VF_CONN_KIND_COUNT
} vf_conn_kind;

/* One region, one finding: when several kinds find the very same cells
 * (an isolated zone that is also stairless, an isolated area and a
 * closet), they make one finding, placed where its first kind put it. */
typedef struct vf_conn_finding {
    vf_conn_kind kind;        /* the first kind that found the cells */
    unsigned kinds;           /* bit 1u << k for each kind k that did */
    vf_conn_stats s;          /* of the finding's cells */
    int landings;             /* closets, pockets: cells a teleport can land
                               * in (flying, when a flying closet is among
                               * the kinds); else 0 */
    int held;                 /* closets: of the landings, those a monster
                               * that never moves (M_STATIONARY) stands on:
                               * a player lands there only once it is
                               * killed */
    int occupied;             /* closets: of the landings, those any
                               * monster stands on (a teleport never lands
                               * on a monster: spl-transloc.cc
                               * cell_vetoes_teleport) */
    int vault;                /* interior pockets: the vault's index; else
                               * -1 */
    int nzones;               /* passable zones with a cell among them */
    int zone[VF_CONN_FINDING_ZONES];  /* the first of them (zones[] index) */
    uint64_t cells[VF_GYM][2];  /* bit x of row y (x >= 64 in word 1) */
} vf_conn_finding;

/* The game fills stairless zones of at most VF_CONN_SMALL_ZONE cells
 * with rock (_fill_small_disconnected_zones); its flood does not count
 * the cell it starts from, so zones of VF_CONN_FILL_MAX cells go too.
 * One number for the analysis, the layouts and the severities. */
#define VF_CONN_SMALL_ZONE 10
#define VF_CONN_FILL_MAX (VF_CONN_SMALL_ZONE + 1)

/* The analysis of one level. A plain value (about 155 KiB): the caller
 * owns it, keeps it where it likes and may reuse it; vf_conn_analyse
 * overwrites every field it documents.
 *
 * The level is judged as the game's _dgn_verify_connectivity leaves it
 * after its first step (_fill_small_disconnected_zones): outside the
 * Abyss, each stairless passable zone of at most 11 cells (the game's
 * "10", which does not count the cell its flood starts from) with no cell
 * masked MMT_VAULT is rock, but for cells holding a monster that is not
 * firewood. Those zones make no finding; every count and finding is of
 * the level filled. The counts of §4.3 (vf_conn_count_zones ...) do not
 * fill: they are the game's counts of a level as it stands. */
typedef struct vf_conn_report {
    int nzones;                         /* passable zones */
    vf_conn_zone zones[VF_CONN_MAX_ZONES];
    uint16_t zone_at[VF_GYM][VF_GXM];   /* 0, or zones[] index + 1 */
    int stairless;                      /* vf_conn_count_zones(l, 1) */
    int tele_zones, tele_stairless;     /* vf_conn_count_tele_zones */
    int filled, filled_cells;           /* zones filled, and their cells
                                         * turned to rock */
    int count[VF_CONN_KIND_COUNT];      /* regions each kind applies to,
                                         * all */
    int nfindings;                      /* described, in the order of
                                         * their first kinds */
    int dropped;                        /* findings beyond the cap (the
                                         * cap comes before merging: a
                                         * dropped one may have had the
                                         * cells of one described) */
    vf_conn_finding findings[VF_CONN_MAX_FINDINGS];
} vf_conn_report;

/* Analyses l into r. */
void vf_conn_analyse(const vf_level *l, vf_conn_report *r);
/* The same, reusing memo's labelling where a flood's set is its set
 * (memo is not changed). */
void vf_conn_analyse_with(const vf_level *l, vf_conn_report *r,
                          const vf_conn_memo *memo);

/* Whether the report holds anything placement.lua or the game would
 * fail: more or fewer than one zone, or any finding. */
int vf_conn_failed(const vf_conn_report *r);

/* Whether a branch entrance on l (a connected branch's, not Hell's)
 * reaches no stone staircase over cells a player walks or traps
 * (dungeon.cc _branch_entrances_are_connected, which vetoes the level):
 * 1 with the first such entrance's cell in (x, y). */
int vf_conn_entrance_cut_off(const vf_level *l, int *x, int *y);

/* The kind's name as reports print it ("stairless_zone"). */
const char *vf_conn_kind_name(vf_conn_kind k);

/* ---- rendering ---------------------------------------------------------- */

/* The letter finding i is drawn with: 'A'..'Z', then 'a'..'z'. */
int vf_conn_letter(int i);
/* The finding whose letter cell (x, y) shows: the first covering it, or
 * -1. */
int vf_conn_finding_at(const vf_conn_report *r, int x, int y);
/* Whether finding f covers level cell (x, y). */
int vf_conn_finding_has(const vf_conn_finding *f, int x, int y);

/* Appends to out a summary line, the level's ASCII (vf_level_ascii) with
 * each finding's cells drawn in its letter (the first finding wins a cell
 * two share), and one legend line per finding: its kinds (joined by '+'),
 * size, bounding box, zones, contents, vaults in and next to it. */
void vf_conn_render(const vf_level *l, const vf_conn_report *r,
                    vf_sbuf *out);
/* The same with each of finding i's letters between on[i] and off (a
 * terminal's colour by its severity; on NULL: plain, as vf_conn_render):
 * the caller grades the findings, this module knows no severities. */
void vf_conn_render_marked(const vf_level *l, const vf_conn_report *r,
                           const char *const *on, const char *off,
                           vf_sbuf *out);

#endif
