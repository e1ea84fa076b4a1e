/* zonify.map_fill_zones and zonify.map_fill_lava_zones of the game's
 * dlua/layout/zonify.lua, in C.
 *
 * The game's layouts call them to wall up every floor zone of a map but
 * the largest few. In Lua they walk the map recursively, a table per cell
 * and per border visited: a quarter of the Lua a build of the game's
 * layouts ran (README). They draw nothing at random and read nothing but
 * the map, so the C walk below gives the same map, provided it keeps the
 * Lua's order where order decides: of two equally large zones the one
 * the walk made first is kept, and the walk makes zones depth first --
 * the zone of (1,1), then for each cell of its border, in the order the
 * walk met them, that cell's zone and, before the next border cell, the
 * zones met from it.
 *
 * Only a zonify.lua whose text we know is replaced (gamelib.c), and only
 * while vector.directions is the order below; any call the C walk does
 * not cover exactly (an odd argument, a map with ragged rows, a mapgrd
 * that is not ours) goes to the Lua function.
 * Not copied: the Lua leaves the globals group and zsize behind; nothing
 * in the game's library or vaults reads them (trunk, 0.34.1, 0.30.0). */
#include "bind_int.h"
#include "vf_rng.h"

#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* vector.directions: the normals, then the diagonals. */
static const int dir_x[8] = {0, -1, 0, 1, -1, -1, 1, 1};
static const int dir_y[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

typedef struct zone {
    int wall;              /* its group: wall or floor */
    int size;
    int bstart, bend;      /* its border cells in walk.borders */
} zone;

typedef struct frame {
    int x, y, zone;
    int dir;               /* next direction to walk */
    int newzone;           /* the zone's first cell: walks its border */
    int bnext;             /* next border cell, once the zone is whole */
} frame;

typedef struct walk {
    const unsigned char *wall;   /* of each cell: of the wall group */
    int x2, y2;            /* cells walked: 1..x2, 1..y2 */
    int *owner;            /* zone of each cell, -1 before the walk */
    zone *zones;
    int nzones;
    int (*borders)[2];
    int nborders;
    frame *stack;
    int depth;
} walk;

static int cell_of(const walk *w, int x, int y)
{
    return (y - 1) * w->x2 + (x - 1);
}


/* zonify.walk's entry: a cell not yet walked joins zone z (a new zone
 * when z < 0) and is pushed to walk on, or, of another group, becomes a
 * border cell of z. */
static void enter(walk *w, int x, int y, int z)
{
    if (x < 1 || y < 1 || x > w->x2 || y > w->y2) return;
    int c = cell_of(w, x, y);
    if (w->owner[c] >= 0) return;
    int wall = w->wall[c], newzone = z < 0;
    if (newzone) {
        z = w->nzones++;
        w->zones[z] = (zone){wall, 0, w->nborders, w->nborders};
    }
    if (wall != w->zones[z].wall) {
        w->borders[w->nborders][0] = x;
        w->borders[w->nborders][1] = y;
        w->nborders++;
        return;
    }
    w->owner[c] = z;
    w->zones[z].size++;
    w->stack[w->depth++] = (frame){x, y, z, 0, newzone, -1};
}

/* The recursion of zonify.walk, on a stack of its own: a cell's eight
 * neighbours in turn, then, for a zone's first cell, its border. */
static void walk_all(walk *w)
{
    enter(w, 1, 1, -1);
    while (w->depth > 0) {
        frame *f = &w->stack[w->depth - 1];
        if (f->dir < 8) {
            int d = f->dir++;
            enter(w, f->x + dir_x[d], f->y + dir_y[d], f->zone);
            continue;
        }
        zone *z = &w->zones[f->zone];
        if (f->newzone && f->bnext < 0) {
            f->bnext = z->bstart;
            z->bend = w->nborders;
        }
        if (f->newzone && f->bnext < z->bend) {
            int b = f->bnext++;
            enter(w, w->borders[b][0], w->borders[b][1], -1);
            continue;
        }
        w->depth--;
    }
}

/* zonify.fill_smallest_zones over the floor zones: the keep largest of
 * more than min cells stay (a tie goes to the zone made first), every
 * other floor cell is marked in fill. */
static void fill_small(walk *w, int keep, double min, unsigned char *fill)
{
    int *kept = vf_xmalloc((size_t)keep * sizeof *kept);
    int *size = vf_xmalloc((size_t)keep * sizeof *size);
    for (int n = 0; n < keep; n++) {
        kept[n] = -1;
        size[n] = -999999;
    }
    for (int z = 0; z < w->nzones; z++) {
        if (w->zones[z].wall) continue;
        int zs = w->zones[z].size;
        for (int n = keep - 1; n >= 0; n--) {
            if (!(zs > min && zs > size[n])) break;
            if (n < keep - 1) {
                kept[n + 1] = kept[n];
                size[n + 1] = size[n];
            }
            kept[n] = z;
            size[n] = zs;
        }
    }
    char *stays = vf_xcalloc((size_t)w->nzones, 1);
    for (int n = 0; n < keep; n++)
        if (kept[n] >= 0) stays[kept[n]] = 1;
    size_t cells = (size_t)w->x2 * (size_t)w->y2;
    for (size_t c = 0; c < cells; c++) {
        int z = w->owner[c];
        fill[c] = !w->zones[z].wall && !stays[z];
    }
    free(stays);
    free(size);
    free(kept);
}

void vf_bind_zones_to_fill(const unsigned char *wall, int x2, int y2,
                           int keep, double min, unsigned char *fill)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.wall = wall;
    w.x2 = x2;
    w.y2 = y2;
    if (w.x2 < 1 || w.y2 < 1) return;
    size_t cells = (size_t)w.x2 * (size_t)w.y2;
    if ((size_t)keep > cells) keep = (int)cells;   /* the rest never fill */
    w.owner = vf_xmalloc(cells * sizeof *w.owner);
    memset(w.owner, 0xff, cells * sizeof *w.owner);
    w.zones = vf_xmalloc(cells * sizeof *w.zones);
    w.borders = vf_xmalloc(8 * cells * sizeof *w.borders);
    w.stack = vf_xmalloc(cells * sizeof *w.stack);
    walk_all(&w);
    fill_small(&w, keep, min, fill);
    free(w.stack);
    free(w.borders);
    free(w.zones);
    free(w.owner);
}

void vf_bind_fill_zones(vf_grid *g, int w, int h,
                        const vf_bind_zonefill *how)
{
    const char *wall = how->wall;
    /* dgn.in_bounds and the map's own bounds, as zonify.map_map asks. */
    int x2 = w - 2 < VF_GXM - 2 ? w - 2 : VF_GXM - 2;
    int y2 = h - 2 < VF_GYM - 2 ? h - 2 : VF_GYM - 2;
    if (x2 < 1 || y2 < 1) return;
    size_t cells = (size_t)x2 * (size_t)y2, wl = strlen(wall);
    unsigned char *is_wall = vf_xmalloc(cells), *fill = vf_xmalloc(cells);
    for (int y = 1; y <= y2; y++)
        for (int x = 1; x <= x2; x++)
            is_wall[(y - 1) * x2 + (x - 1)] =
                memchr(wall, vf_grid_row(g, y)[x], wl) != NULL;
    vf_bind_zones_to_fill(is_wall, x2, y2, how->keep, how->min, fill);
    for (int y = 1; y <= y2; y++)
        for (int x = 1; x <= x2; x++)
            if (fill[(y - 1) * x2 + (x - 1)])
                vf_grid_row(g, y)[x] = how->glyph;
    free(fill);
    free(is_wall);
}

/* ---- the Lua side ------------------------------------------------------ */

int vf_bind_count_arg(lua_State *L, int i, int def, int *out)
{
    if (lua_isnoneornil(L, i)) {
        *out = def;
        return 1;
    }
    if (lua_type(L, i) != LUA_TNUMBER) return 0;
    lua_Number n = lua_tonumber(L, i);
    if (!(n >= 1 && n <= 2147483647.0) || n != floor(n)) return 0;
    *out = (int)n;
    return 1;
}

/* e.NAME(), an integer, or 0 when it is not one. */
static int size_of(lua_State *L, const char *name, int *out)
{
    lua_getfield(L, 1, name);
    lua_call(L, 0, 1);
    lua_Number n = lua_tonumber(L, -1);
    int ok = lua_type(L, -1) == LUA_TNUMBER && n == floor(n) &&
             fabs(n) < 1e6;
    lua_pop(L, 1);
    *out = ok ? (int)n : 0;
    return ok;
}

/* Every row the walk reads is as long as the map is wide (else the Lua
 * read of a missing cell raises its error: let it). */
static int rows_whole(const vf_grid *g, int w, int h)
{
    int x2 = w - 2 < VF_GXM - 2 ? w - 2 : VF_GXM - 2;
    int y2 = h - 2 < VF_GYM - 2 ? h - 2 : VF_GYM - 2;
    if (h > g->h) return 0;
    for (int y = 1; y <= y2; y++)
        if (g->len[y] <= x2) return 0;
    return 1;
}

/* map_fill_zones(e, num_to_keep, glyph, min_zone_size). Upvalue 1: the
 * Lua function it stands for; upvalue 2: the glyphs of the wall group. */
static int l_map_fill_zones(lua_State *L)
{
    int keep, w, h;
    size_t glen = 1;
    const char *glyph = "x";
    double min = 1;
    int ok = vf_bind_count_arg(L, 2, 1, &keep);
    if (ok && !lua_isnoneornil(L, 3)) {
        ok = lua_type(L, 3) == LUA_TSTRING;
        glyph = lua_tolstring(L, 3, &glen);
        ok = ok && glen == 1;
    }
    if (ok && !lua_isnoneornil(L, 4)) {
        ok = lua_type(L, 4) == LUA_TNUMBER;
        min = lua_tonumber(L, 4);
    }
    vf_rmap *m = NULL;
    if (ok && size_of(L, "width", &w) && size_of(L, "height", &h)) {
        lua_getfield(L, 1, "mapgrd");
        m = vf_bind_tomapgrd(L, -1);
        lua_pop(L, 1);
    }
    if (!m || !rows_whole(&m->grid, w, h))
        return vf_bind_call_lua(L, lua_gettop(L));
    vf_bind_zonefill how = {.wall = lua_tostring(L, lua_upvalueindex(2)),
                            .keep = keep, .min = min, .glyph = glyph[0]};
    vf_bind_fill_zones(&m->grid, w, h, &how);
    return 0;
}

/* Whether vector.directions is the table the C walk follows. */
static int directions_known(lua_State *L)
{
    int ok = 1;
    lua_getglobal(L, "vector");
    if (!lua_istable(L, -1)) ok = 0;
    else {
        lua_getfield(L, -1, "directions");
        ok = lua_istable(L, -1);
    }
    for (int i = 0; ok && i < 9; i++) {
        lua_rawgeti(L, -1, i + 1);
        if (i == 8) ok = lua_isnil(L, -1);
        else if (!lua_istable(L, -1)) ok = 0;
        else {
            lua_getfield(L, -1, "x");
            lua_getfield(L, -2, "y");
            ok = lua_tonumber(L, -2) == dir_x[i] &&
                 lua_tonumber(L, -1) == dir_y[i];
            lua_pop(L, 2);
        }
        lua_pop(L, 1);
    }
    return ok;   /* the caller restores the stack */
}

static void replace(lua_State *L, const char *name, const char *wall)
{
    lua_getfield(L, -1, name);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushstring(L, wall);
    lua_pushcclosure(L, l_map_fill_zones, 2);
    lua_setfield(L, -2, name);
}

void vf_bind_zonify_install(lua_State *L)
{
    int top = lua_gettop(L);
    int known = directions_known(L);
    lua_settop(L, top);
    if (known) {
        lua_getglobal(L, "zonify");
        if (lua_istable(L, -1)) {
            replace(L, "map_fill_zones", "wlxcvbtg");
            replace(L, "map_fill_lava_zones", "wxcvbtg");
        }
    }
    lua_settop(L, top);
    if (known) vf_bind_zonify_grid_install(L);
}
