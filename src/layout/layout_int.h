/* Internal to src/layout: the level being built and the game's helpers the
 * builders share (dungeon.cc, dgn-height.cc), on glyphs. */
#ifndef VF_LAYOUT_INT_H
#define VF_LAYOUT_INT_H

#include "vf_layout.h"

#define GXM VF_LAYOUT_GXM
#define GYM VF_LAYOUT_GYM

#define ROCK 'x'
#define STONE 'c'
#define METAL 'v'
#define CRYSTAL 'b'
#define FLOOR '.'
#define DOOR '+'
#define DEEP 'w'
#define SHALLOW 'W'
#define LAVA 'l'
#define TREE 't'

/* One build: the grid (80x70), the generator and what the level is. */
typedef struct lay {
    vf_grid *g;
    vf_rng *r;
    const vf_game *game;   /* whose branches p names */
    const vf_place *p;
    int level;          /* the game's env.absdepth0: 0-based */
    int depth;          /* you.depth: the level within its branch */
    /* The floor cells, bit x & 63 of floor[y][x >> 6], kept by lay_set:
     * a box is tested for floor a row at a time (lay_all_floor),
     * not a cell at a time. */
    uint64_t floor[GYM][2];
} lay;

/* Checks the grid and fills l; -1 with a message when g is not 80x70. */
int lay_begin(lay *l, vf_grid *g, vf_rng *r, const vf_game *game,
              const vf_place *p, vf_sbuf *err);
/* Whether the level is in the branch; a builder asking about a branch
 * not in vf_layout_place_key's list (common.c) must add it there, or a
 * cached layout of another branch would stand in for this one's. */
int lay_in_branch(const lay *l, const char *abbrev);
/* Gehenna, Cocytus, Dis or Tartarus (the game's player_in_hell). */
int lay_in_hell(const lay *l);

static inline int lay_inside(int x, int y)
{
    return x >= 0 && y >= 0 && x < GXM && y < GYM;
}

/* The cell at (x, y); rock outside the grid, and writes there are dropped
 * (the builders stay inside it; the game would not check). Inline: the
 * builders read and write cells in their innermost loops. */
static inline int lay_get(const lay *l, int x, int y)
{
    if (!lay_inside(x, y)) return ROCK;
    return (unsigned char)l->g->cells[(size_t)y * (size_t)l->g->stride + x];
}

static inline void lay_set(lay *l, int x, int y, int c)
{
    if (!lay_inside(x, y)) return;
    l->g->cells[(size_t)y * (size_t)l->g->stride + x] = (char)c;
    uint64_t bit = (uint64_t)1 << (x & 63);
    if (c == FLOOR) l->floor[y][x >> 6] |= bit;
    else l->floor[y][x >> 6] &= ~bit;
}

/* The game's feature predicates, on glyphs: a table per predicate,
 * indexed by glyph (common.c). */
extern const unsigned char lay_wall_glyphs[256], lay_solid_glyphs[256],
    lay_stair_glyphs[256], lay_unwalkable_glyphs[256];

static inline int lay_is_wall(int c)        /* feat_is_wall */
{
    return lay_wall_glyphs[c & 255];
}

static inline int lay_is_solid(int c)       /* feat_is_solid */
{
    return lay_solid_glyphs[c & 255];
}

static inline int lay_is_stair(int c)       /* stone stairs and hatches */
{
    return lay_stair_glyphs[c & 255];
}

static inline int lay_walkable(int c)       /* what connectivity walks over */
{
    return !lay_unwalkable_glyphs[c & 255];
}

/* A cell of the level. */
typedef struct lay_pt {
    int x, y;
} lay_pt;

/* The box with corners (x1, y1) and (x2, y2), both inside it. */
typedef struct lay_area {
    int x1, y1, x2, y2;
} lay_area;

/* Every find in the area becomes repl. */
void lay_replace_area(lay *l, lay_area a, int find, int repl);
/* Whether every cell of the box x0 <= x < x1, y0 <= y < y1 is floor: the
 * game's _count_antifeature_in_box with DNGN_FLOOR counting none; cells
 * off the grid are rock. An empty box is all floor. */
int lay_all_floor(const lay *l, int x0, int y0, int x1, int y1);
int lay_has_adjacent(const lay *l, int x, int y, int c);

/* Index of a choice with weights w[0..n) (random_choose_weighted). */
int lay_weighted(vf_rng *r, const int *w, int n);
/* random_range with rolls: lo + random2avg(hi - lo + 1, rolls). */
int lay_range(vf_rng *r, int lo, int hi, int rolls);

double lay_radians(int degrees);
/* The game's dgn_random_point_from: a point *out radius away from at in
 * a random whole-degree direction, margin inside the level; 0 (and the
 * origin) after 70 misses. */
int lay_point_from(const lay *l, lay_pt at, int radius, int margin,
                   lay_pt *out);
void lay_point_in_margin(const lay *l, int margin, int *ox, int *oy);

/* dgn_place_stone_stairs: each missing stair of the three pairs (and the
 * hatch pair, on a coin flip, when hatches is set) on a random floor cell
 * next to floor; in the hells only the first pair. */
void lay_stone_stairs(lay *l, int hatches);

/* A path of orthogonal steps from a to b; every cell on it that
 * overwritable accepts becomes floor (join_the_dots on the level). */
void lay_join(lay *l, int ax, int ay, int bx, int by, int (*overwritable)(int));
int lay_wall_floor_liquid(int c);

/* One walking zone (see vf_layout.h); zones apart become fill instead when
 * fill is not 0. */
void lay_connect(lay *l, int fill);

/* ---- rooms.c and water.c ------------------------------------------------- */

/* The game's dgn_region: corner (x, y), size w x h, inclusive end. */
typedef struct lay_box {
    int x, y, w, h;
} lay_box;

/* An octagon: the box with its corners cut at oblique_max; walls in it
 * become floor (doors too unless floor is solid). */
void lay_octa_room(lay *l, const lay_box *b, int oblique_max, int floor);
/* A box outline of wall on floor, with doors. */
void lay_box_room(lay *l, int x1, int x2, int y1, int y2, int wall);
/* A random wall glyph: metal, crystal, rock or stone. */
int lay_random_wall(lay *l);
void lay_big_room(lay *l);
void lay_diamond_rooms(lay *l);
/* num rooms of up to max_size placed from (8, 8) on (their corners up to
 * max_x, max_y further), each with up to max_doors openings onto what is
 * there, door_level in 10 of its side cells becoming doors. Filled by
 * designated initialisers. */
typedef struct lay_rooms {
    int num, max_doors, door_level;
    int max_x, max_y, max_size;
} lay_rooms;
void lay_random_rooms(lay *l, const lay_rooms *o);

void lay_many_pools(lay *l, int pool);
void lay_river(lay *l, int liquid);
void lay_lake(lay *l, int liquid);

/* ---- height.c: the game's height map (dgn-height.cc) --------------------- */

typedef struct lay_heights {
    int h[GXM * GYM];
} lay_heights;

static inline int *lay_height(lay_heights *hm, int x, int y)
{
    return &hm->h[y * GXM + x];
}

void lay_heights_fill(lay_heights *hm, int height);
/* An island: n_points cells within radius of (x, y), margin inside the
 * level, raised by lo..hi each; an atoll first lowers the inside, then
 * raises a ring 3 cells wider. Filled by designated initialisers. */
typedef struct lay_hill {
    int x, y, n_points, radius;
    int lo, hi, margin, atoll;
} lay_hill;
void lay_island(lay *l, lay_heights *hm, const lay_hill *h);
/* One pass of weighted 3x3 averaging, in the game's order. */
void lay_smooth(lay_heights *hm);

#endif
