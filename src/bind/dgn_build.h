/* Internal to the map-grid builder bindings (dgn_build.c, dgn_shape.c,
 * dgn_ibox.c, dgn_cave.c, dgn_room.c, dgn_delve.c): reading the named
 * parameters the way the game's l-dgnbld.cc does, and reading and writing
 * the grid.
 *
 * Cells outside the grid: the game indexes its map lines unchecked, so a
 * read or write there is undefined behaviour in the game. Here a read
 * outside gives -1, which is in no glyph set and equals no glyph; a write
 * outside is a Lua error naming the binding and the cell, since in the game
 * it corrupts memory. Writing a NUL glyph (the game's default for some
 * 'replace' parameters) is an error too.
 *
 * Scratch memory: bindings that malloc raise no Lua error between the
 * allocation and its free (every check comes first), so a longjmp never
 * leaks. */
#ifndef VF_DGN_BUILD_H
#define VF_DGN_BUILD_H

#include <lua.h>
#include <lauxlib.h>
#include <stddef.h>
#include <string.h>

#include "bind_int.h"

/* The game's glyph sets (mapdef.cc, l-dgnbld.cc). */
#define VF_TRAVERSABLE ".+=w@{}()[]<>BC^TUVY$%*|Odefghijk0123456789"
#define VF_EXITS "{}()[]<>@"
#define VF_WALLS "xcvbmn"

/* The largest width or height extend_map makes (the game's own limit is
 * memory; its levels are 80x70). */
#define VF_BUILD_MAX_DIM 1000

/* One call of a builder binding. */
typedef struct vf_bld {
    lua_State *L;
    const char *fn;     /* the binding's name, for messages */
    vf_rmap *m;
    vf_grid *g;
    int tab;            /* stack index of the parameter table; 0: none */
} vf_bld;

typedef struct vf_box {
    int x1, y1, x2, y2;
} vf_box;

typedef struct vf_pt {
    int x, y;
} vf_pt;

/* A growable list of cells. */
typedef struct vf_ptvec {
    vf_pt *v;
    size_t n, cap;
} vf_ptvec;

/* Map at 1; the parameter table is the last argument, as in the game
 * (which reads the stack top). vf_bld_start also pads ragged rows with
 * ' ' so every row is g->w long; vf_bld_begin leaves them. */
void vf_bld_begin(vf_bld *b, lua_State *L, const char *fn);
void vf_bld_start(vf_bld *b, lua_State *L, const char *fn);

/* Raises "dgn.FN: message" at the vault's .des line. */
int vf_bld_error(vf_bld *b, const char *fmt, ...);

/* Named parameters, with the game's defaults and type errors. A string
 * stays valid until the binding returns. */
int vf_bld_int(vf_bld *b, const char *key, int def);
char vf_bld_char(vf_bld *b, const char *key, char def);
const char *vf_bld_str(vf_bld *b, const char *key, const char *def);
int vf_bld_bool(vf_bld *b, const char *key, int def);

/* The game's _coords: x1 y1 x2 y2 (default: the whole grid), swapped into
 * order; 0 when the box is empty once border is taken off each side. */
int vf_bld_box(vf_bld *b, vf_box *r, int border);
/* The game's _valid_coord with an error: "Invalid x coordinate: N". */
void vf_bld_coord(vf_bld *b, int x, int y);
/* Errors unless all of r is on the grid. */
void vf_bld_need_inside(vf_bld *b, const vf_box *r);
/* Cuts r down to the grid; 0 when nothing is left. */
int vf_bld_clip(const vf_grid *g, vf_box *r);
/* The game's "we never change the border": r kept off the outer ring. */
void vf_bld_off_border(const vf_grid *g, vf_box *r);

static inline int vf_bld_valid(const vf_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}

/* Glyph at (x, y), -1 outside. */
static inline int vf_bld_at(const vf_grid *g, int x, int y)
{
    if (y < 0 || y >= g->h || x < 0 || x >= g->len[y]) return -1;
    return (unsigned char)vf_grid_row(g, y)[x];
}

/* Is c (a glyph or -1) one of set's glyphs? */
static inline int vf_bld_in(const char *set, int c)
{
    return c > 0 && strchr(set, c) != NULL;
}

/* Writes c at (x, y); an error outside the grid or for a NUL glyph. */
void vf_bld_put(vf_bld *b, int x, int y, int c);

void vf_ptvec_push(vf_ptvec *p, int x, int y);
/* Removes entry i, moving the last one into its place (the game's
 * "v[i] = v.back(); v.pop_back()"). */
vf_pt vf_ptvec_take(vf_ptvec *p, size_t i);
void vf_ptvec_free(vf_ptvec *p);

/* The eight neighbours in the order the game's adjacent_iterator gives
 * them, and the four orthogonal ones in its orth_adjacent_iterator order. */
extern const vf_pt vf_adjacent8[8];
extern const vf_pt vf_adjacent4[4];

extern const luaL_Reg vf_dgn_shape_fns[];
extern const luaL_Reg vf_dgn_ibox_fns[];
extern const luaL_Reg vf_dgn_cave_fns[];
extern const luaL_Reg vf_dgn_room_fns[];
extern const luaL_Reg vf_dgn_delve_fns[];

#endif
