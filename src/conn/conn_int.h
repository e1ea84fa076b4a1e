/* Inside vf_conn: per-feature classes, cell bitmaps and the span labeller
 * the floods share. */
#ifndef VF_CONN_INT_H
#define VF_CONN_INT_H

#include <stdint.h>

#include "vf_conn.h"

/* What the predicates need to know of a feature, one bit each; bit i
 * is also plane i of the planes below. */
enum {
    CN_B_TRAVEL,    /* dgn_square_travel_ok's feature test */
    CN_B_TRAP,      /* feat_is_trap */
    CN_B_EVER,      /* exactly deep water or lava */
    CN_B_FLY,       /* deep water, open sea, lava, lava sea */
    CN_B_SOLID,
    CN_B_EXIT,      /* exit stair, hatches aside */
    CN_B_HATCH,
    CN_B_UPEXIT,    /* upward exit stair */
    CN_B_PERMTELE,  /* permanent teleport trap */
    CN_B_STAIR,     /* feat_is_stair */
    CN_B_PORTEXIT,  /* the exit of a branch that is not connected (a
                     * portal's): an exit only on such a level */
    CN_B_ALTAR,     /* an altar, of any god or none */
    CN_B_PORTAL,    /* a branch or portal entry (enter_*) */
    CN_NCLASS
};

enum {
    CN_TRAVEL = 1 << CN_B_TRAVEL,
    CN_TRAP = 1 << CN_B_TRAP,
    CN_EVER = 1 << CN_B_EVER,
    CN_FLY = 1 << CN_B_FLY,
    CN_SOLID = 1 << CN_B_SOLID,
    CN_EXIT = 1 << CN_B_EXIT,
    CN_HATCH = 1 << CN_B_HATCH,
    CN_UPEXIT = 1 << CN_B_UPEXIT,
    CN_PERMTELE = 1 << CN_B_PERMTELE,
    CN_STAIR = 1 << CN_B_STAIR,
    CN_PORTEXIT = 1 << CN_B_PORTEXIT,
    CN_ALTAR = 1 << CN_B_ALTAR,
    CN_PORTAL = 1 << CN_B_PORTAL,
    CN_UNSET = 1 << 15,     /* not looked up yet */
};

/* The classes of the feature ids met so far (a feature id is a byte),
 * filled on first use: a level holds a dozen kinds of feature, and
 * looking up all 256 would cost more than a whole zone count. */
typedef struct cn_classes {
    uint16_t c[256];
    int bottom;             /* the level is its branch's last */
    int portal;             /* the level's branch is not connected */
} cn_classes;

void cn_classes_init(cn_classes *k, const vf_level *l);
unsigned cn_class_fill(cn_classes *k, int f);

static inline unsigned cn_class(cn_classes *k, int f)
{
    unsigned c = k->c[f];
    return c & CN_UNSET ? cn_class_fill(k, f) : c;
}

/* The class bits that make a cell an exit stair under e. */
unsigned cn_exit_bits(const cn_classes *k, vf_conn_exits e);
/* The class bits of the cells a stranded player walks to: the closet
 * flood's seeds (exit stairs and hatches with no branch-bottom rule,
 * permanent teleport traps). */
unsigned cn_way_out_bits(const cn_classes *k);

/* One predicate on one cell, from its class and per-cell state; notele
 * says the cell's vault is tagged no_tele_into. The floods and
 * vf_conn_cell both use it, so they cannot disagree. */
static inline int cn_ok(vf_conn_pred p, unsigned c, unsigned mask,
                        uint32_t prop, int notele)
{
    int open = !(mask & VF_MMT_OPAQUE);
    int pass = (mask & VF_MMT_PASSABLE) || (open && (c & CN_TRAVEL));
    switch (p) {
    case VF_CP_TRAVEL_OK: return !!(c & CN_TRAVEL);
    case VF_CP_PASSABLE: return pass;
    case VF_CP_PASSABLE_TRAPS: return pass || (open && (c & CN_TRAP));
    case VF_CP_EVER_PASSABLE: return pass || (open && (c & CN_EVER));
    case VF_CP_TELE_CONNECTED:
        return (!(prop & VF_FPROP_NO_TELE_INTO)
                || (!notele && (c & CN_SOLID))) && (c & CN_TRAVEL);
    case VF_CP_CLOSET_WALK: return !!(c & (CN_TRAVEL | CN_TRAP));
    case VF_CP_CLOSET_FLY: return !!(c & (CN_TRAVEL | CN_TRAP | CN_FLY));
    case VF_CP_TELE_TARGET_WALK:
        return !(prop & VF_FPROP_NO_TELE_INTO) && !(c & (CN_SOLID | CN_FLY));
    case VF_CP_TELE_TARGET_FLY:
        return !(prop & VF_FPROP_NO_TELE_INTO) && !(c & CN_SOLID);
    default: return 0;
    }
}

/* A set of cells: bit x of row y, x >= 64 in word 1. */
typedef struct cn_bits {
    uint64_t w[VF_GYM][2];
} cn_bits;

static inline int cn_has(const cn_bits *b, int x, int y)
{
    return (int)(b->w[y][x >> 6] >> (x & 63)) & 1;
}

static inline void cn_set(cn_bits *b, int x, int y)
{
    b->w[y][x >> 6] |= (uint64_t)1 << (x & 63);
}

/* Set bits; inline where the machine counts bits itself, else the
 * usual halving sums (no library call either way). */
static inline int cn_popcount(uint64_t w)
{
#ifdef __POPCNT__
    return __builtin_popcountll(w);
#else
    w -= (w >> 1) & 0x5555555555555555u;
    w = (w & 0x3333333333333333u) + ((w >> 2) & 0x3333333333333333u);
    w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((w * 0x0101010101010101u) >> 56);
#endif
}

/* Bits x0..x1 of a row (inline: the floods ask for one per run). */
static inline void cn_row_range(int x0, int x1, uint64_t m[2])
{
    int b = x1 + 1;
    uint64_t ge_a0 = x0 >= 64 ? 0 : ~(uint64_t)0 << x0;
    uint64_t ge_a1 = x0 >= 64 ? ~(uint64_t)0 << (x0 - 64) : ~(uint64_t)0;
    uint64_t ge_b0 = b >= 64 ? 0 : ~(uint64_t)0 << b;
    uint64_t ge_b1 = b >= 64 ? ~(uint64_t)0 << (b - 64) : ~(uint64_t)0;
    m[0] = ge_a0 & ~ge_b0;
    m[1] = ge_a1 & ~ge_b1;
}

/* Whether any of row's bits x0..x1 is set. */
static inline int cn_row_any(const uint64_t row[2], int x0, int x1)
{
    uint64_t m[2];
    cn_row_range(x0, x1, m);
    return ((row[0] & m[0]) | (row[1] & m[1])) != 0;
}

/* How many of row's bits x0..x1 are set. */
static inline int cn_row_count(const uint64_t row[2], int x0, int x1)
{
    uint64_t m[2];
    cn_row_range(x0, x1, m);
    return cn_popcount(row[0] & m[0]) + cn_popcount(row[1] & m[1]);
}

static inline int cn_same(const cn_bits *a, const cn_bits *b)
{
    uint64_t d = 0;
    for (int y = 0; y < VF_GYM; y++)
        d |= (a->w[y][0] ^ b->w[y][0]) | (a->w[y][1] ^ b->w[y][1]);
    return !d;
}

static inline int cn_empty(const cn_bits *a)
{
    uint64_t d = 0;
    for (int y = 0; y < VF_GYM; y++) d |= a->w[y][0] | a->w[y][1];
    return !d;
}

/* ---- planes: everything the predicates read, in one pass ---------------- */

/* One bitmap per thing a predicate or a statistic reads: the feature
 * class bits (plane CN_B_x is class CN_x), three mask bits, the
 * no_tele_into property, what cells hold. Every predicate is then a few
 * word operations per row over them (cn_pred_set). */
enum {
    CN_PL_PASSMASK = CN_NCLASS,         /* VF_MMT_PASSABLE */
    CN_PL_OPAQUE,                       /* VF_MMT_OPAQUE */
    CN_PL_NOCLOSET,                     /* VF_MMT_NO_TELE_CLOSET */
    CN_PL_VAULTMASK,                    /* VF_MMT_VAULT */
    CN_PL_NOTELE,                       /* VF_FPROP_NO_TELE_INTO */
    CN_PL_ITEM,                         /* VF_CELL_ITEM */
    CN_PL_MONSTER,                      /* VF_CELL_MONSTER */
    CN_PL_STATIC,                       /* VF_CELL_STATIC_MONSTER */
    CN_PL_FIREWOOD,                     /* VF_CELL_FIREWOOD */
    CN_PL_COUNT
};

/* Which planes to build besides the classes. */
enum {
    CN_NEED_MASK = 1 << 0,
    CN_NEED_PROP = 1 << 1,
    CN_NEED_CONTENT = 1 << 2,
};

typedef struct cn_planes {
    uint64_t w[VF_GYM][CN_PL_COUNT][2];   /* row-major: a row is together */
    uint8_t notele[256];    /* per vault id: its vault is no_tele_into */
} cn_planes;

/* Builds the planes of l: those of the class bits in classes, and what
 * need asks for besides. The others are left as they were: read only
 * what was built. */
void cn_planes_build(cn_planes *pl, cn_classes *k, const vf_level *l,
                     unsigned classes, unsigned need);
/* The class bits p reads. */
unsigned cn_pred_classes(vf_conn_pred p);
/* What p needs besides its classes (CN_NEED_*). */
unsigned cn_pred_needs(vf_conn_pred p);
/* The cells satisfying p, from planes built with what p reads (masks for
 * the passable ones, properties for the teleport ones). */
void cn_pred_set(const cn_planes *pl, const vf_level *l, vf_conn_pred p,
                 cn_bits *out);
/* The cells whose feature class has any of bits. */
void cn_class_set(const cn_planes *pl, unsigned bits, cn_bits *out);

/* Row y's cells that belong to vaults[v] (vault id v + 1) and lie in its
 * rectangle. */
void cn_vault_row(const vf_level *l, int v, int y, uint64_t out[2]);
/* The cells of a row of bytes (a row of vf_level.vault) that are not
 * zero. */
void cn_nonzero_row(const uint8_t *row, uint64_t out[2]);
/* The same for a row of 16-bit cells (a mask row). */
void cn_nonzero_row16(const uint16_t *row, uint64_t out[2]);
/* A row's cells and their left and right neighbours. */
void cn_row_spread(const uint64_t m[2], uint64_t out[2]);

/* ---- the labeller: connected components of a cell set ------------------ */

/* At most 40 runs in a row of 80. */
#define CN_MAX_SPANS (VF_GYM * (VF_GXM + 1) / 2)
#define CN_NONE 0xffff

/* Runs of set cells, row by row, joined when 8-adjacent; a run spans
 * rows y0..y1 when the rows below its first are equal to it. Components
 * are numbered in the game's seed order (by their first cell,
 * row-major). */
typedef struct cn_lab {
    int n, ncomp;
    uint16_t rs[VF_GYM], re[VF_GYM];   /* the runs over row y: rs..re-1 */
    uint8_t y0[CN_MAX_SPANS], y1[CN_MAX_SPANS];
    uint8_t x0[CN_MAX_SPANS], x1[CN_MAX_SPANS];
    uint16_t up[CN_MAX_SPANS];         /* union-find parent */
    uint16_t comp[CN_MAX_SPANS];       /* component of each run */
    uint16_t next[CN_MAX_SPANS];       /* next run of the same component */
    uint16_t first[CN_MAX_SPANS];      /* first run of each component */
} cn_lab;

/* Labels the set; returns the number of components. */
int cn_label(cn_lab *b, const cn_bits *set);

/* Counts the components holding a cell of seed (NULL: every component)
 * and, with exits, none of exits (NULL: no screening). The fast path of
 * the counts: no component numbering. */
int cn_count(cn_lab *b, const cn_bits *set, const cn_bits *seed,
             const cn_bits *exits);

/* The component of cell (x, y), which must be in the set. */
int cn_comp_at(const cn_lab *b, int x, int y);
/* Whether component c has a cell in s. */
int cn_comp_hits(const cn_lab *b, int c, const cn_bits *s);
/* How many cells of component c are in s. */
int cn_comp_count(const cn_lab *b, int c, const cn_bits *s);

/* ---- a labelling kept between calls (vf_conn_memo) ---------------------- */

struct vf_conn_memo {
    int ok;                 /* lab is the labelling of set */
    cn_bits set;
    cn_lab lab;
};

/* m's labelling when it is of set; else NULL (and for m NULL). */
const cn_lab *cn_memo_find(const vf_conn_memo *m, const cn_bits *set);
/* The labelling of set: m's, or made now and kept in m in place of the
 * last (pointers to that one go stale); with m NULL, made in scratch. */
const cn_lab *cn_memo_label(vf_conn_memo *m, cn_lab *scratch,
                            const cn_bits *set);

/* ---- the analysis ------------------------------------------------------- */

/* What cells hold, as bitmaps, for the statistics of runs of cells. */
enum {
    CN_H_EXIT, CN_H_EXIT_NH, CN_H_HATCH, CN_H_STAIR, CN_H_ALTAR,
    CN_H_PORTAL, CN_H_ITEM, CN_H_MONSTER, CN_H_NEAR, CN_H_ANY, CN_H_COUNT
};

/* Labellings kept by one analysis: a set labelled once is not labelled
 * again while its slot lasts (a labelling depends on its set alone, and
 * on most levels several predicates give the same cells). */
#define CN_LAB_SLOTS 2

/* The state of one vf_conn_analyse call, on its stack. */
typedef struct cn_ctx {
    const vf_level *l;
    vf_conn_report *r;
    const vf_conn_memo *memo;      /* read, never written: the slots'
                                    * labellings must not go stale */
    cn_classes k;
    unsigned exit_h, exit_nh;      /* exit stairs, with and without hatches */
    cn_planes pl;
    cn_bits holds[CN_H_COUNT];     /* CN_H_NEAR: in or next to a vault;
                                    * CN_H_ANY: any of those before
                                    * CN_H_NEAR */
    uint32_t near[VF_GYM][VF_GXM]; /* bit i: next to a cell of vaults[i];
                                    * set only where holds[CN_H_NEAR] is */
    uint16_t stamp[VF_CONN_MAX_ZONES]; /* zones met by the current finding */
    int serial;                    /* the current finding's stamp */
    cn_lab lab[CN_LAB_SLOTS];
    cn_bits labset[CN_LAB_SLOTS];  /* the set each slot labelled */
    int labok[CN_LAB_SLOTS];       /* the slot holds a labelling */
    int labnext;                   /* the slot the next new one goes to */
    cn_bits pass;                  /* VF_CP_PASSABLE */
    cn_bits walk;                  /* VF_CP_CLOSET_WALK */
    cn_bits land;                  /* walking landings, less the cells
                                    * masked allow_tele_closets and those
                                    * a monster never leaves */
    cn_bits set, seeds, exits;     /* scratch */
} cn_ctx;

/* The labelling of set, the memo's or made now or kept from before. It
 * lasts until CN_LAB_SLOTS other sets have been labelled. */
const cn_lab *cn_labelled(cn_ctx *x, const cn_bits *set);

/* A new finding of kind (counted; NULL past the cap). */
vf_conn_finding *cn_finding_new(cn_ctx *x, vf_conn_kind kind);
/* Ends finding f (NULL: nothing): when an earlier finding has the same
 * cells, f's kinds join it and f goes. */
void cn_finding_done(cn_ctx *x, vf_conn_finding *f);
/* Marks reached[] (per component of b, the labelling of set) the
 * components a transporter takes the player from into a reached one, as
 * the game's _dgn_fill_zone follows transporters backwards: a
 * transporter's cell is reached when its destination is. Transporters off
 * the set are not followed; a destination off it counts as reached when
 * away is set. */
void cn_follow_transporters(const cn_ctx *x, const cn_lab *b,
                            const cn_bits *set, int away, uint8_t *reached);
/* Adds every cell of component c of b. */
void cn_finding_add_comp(cn_ctx *x, vf_conn_finding *f, const cn_lab *b,
                         int c);

/* VF_CONN_INTERIOR_POCKET findings, once x->walk and x->land are
 * made. */
void cn_pockets(cn_ctx *x);

#endif
