/* determine_usage_from_layout of the game's dlua/v_paint.lua (the Vaults
 * branch's layouts), in C.
 *
 * It sorts each cell of a painted layout into what rooms may use it for,
 * from the cells around it: open floor, a wall with floor on one side (a
 * room's door wall, with the direction to enter by), a wall to keep or a
 * border. The Lua reads the (2d+1)^2 cells around every cell through a
 * function call each, d = options.min_distance_from_wall: a fifth of
 * all the Lua of a night of mode game. Here one pass reads which cells
 * are solid, and sums over a window answer "only floor around".
 *
 * The tables made are the Lua's, field by field and in the Lua's order
 * (the eligible list cell by cell, x before y; the four direction
 * vectors shared as the Lua shares them). Each cell gets its usage once,
 * and the list starts empty, so the old-usage scan of set_usage never
 * finds anything here: the list is only appended to. Anything else than
 * plain tables where the Lua indexes, odd sizes or a distance below 1 go
 * to the Lua function. */
#include "bind_int.h"

#include <lauxlib.h>
#include <string.h>

#define MAX_SIDE 1024
#define MAX_REACH 16

typedef struct sight {
    int w, h, d;
    int sw, sh;          /* the solid map: the grid and d cells around */
    int *sum;            /* (sw+1) x (sh+1) sums of solid cells */
} sight;

enum { U_KEEP, U_OPEN, U_NORTH, U_SOUTH, U_WEST, U_EAST, U_NONE,
       U_RESTRICTED, U_BORDER };

static int whole_in(lua_State *L, int idx, int lo, int hi, int *out)
{
    if (lua_type(L, idx) != LUA_TNUMBER) return 0;
    lua_Number v = lua_tonumber(L, idx);
    if (v < lo || v > hi || v != (lua_Number)(int)v) return 0;
    *out = (int)v;
    return 1;
}

/* Whether the layout cell (x, y) is solid as get_layout's answer reads:
 * -1 when a plain C read cannot stand for the Lua's. Row at the top. */
static int cell_solid(lua_State *L, int row, int x)
{
    lua_rawgeti(L, row, x);
    int solid = -1;                       /* not a plain table: the Lua's */
    if (lua_isnil(L, -1)) {
        solid = 1;                        /* get_layout's permarock */
    } else if (lua_istable(L, -1)) {
        if (lua_getmetatable(L, -1)) {
            lua_pop(L, 1);
        } else {
            lua_getfield(L, -1, "solid");
            solid = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return solid;
}

/* One row of the solid map: s->sum's row j+1 from row j. */
static int read_row(lua_State *L, int grid, sight *s, int j)
{
    int y = j - s->d, ok = 1, plain = 0;
    lua_rawgeti(L, grid, y);
    if (lua_istable(L, -1)) {
        plain = !lua_getmetatable(L, -1);
        if (!plain) {
            lua_pop(L, 1);
            ok = 0;                      /* a row with a metatable */
        }
    } else if (!lua_isnil(L, -1)) {
        ok = 0;                          /* a row that is not a table */
    }
    int *above = s->sum + j * (s->sw + 1), *here = above + s->sw + 1;
    int run = 0;
    here[0] = 0;
    for (int i = 0; i < s->sw && ok; i++) {
        int solid = plain ? cell_solid(L, lua_gettop(L), i - s->d) : 1;
        if (solid < 0) ok = 0;
        run += solid;
        here[i + 1] = above[i + 1] + run;
    }
    lua_pop(L, 1);
    return ok;
}

/* Solid cells of the map's window [i0, i1) x [j0, j1). */
static int solid_in(const sight *s, int i0, int j0, int i1, int j1)
{
    const int *r0 = s->sum + j0 * (s->sw + 1), *r1 = s->sum + j1 * (s->sw + 1);
    return r1[i1] - r1[i0] - r0[i1] + r0[i0];
}

static int solid_at(const sight *s, int x, int y)
{
    int i = x + s->d, j = y + s->d;
    return solid_in(s, i, j, i + 1, j + 1);
}

/* The Lua's choice for cell (x, y), as one of U_*. */
static int usage_of(const sight *s, int x, int y)
{
    int d = s->d, i = x + d, j = y + d;
    if (!solid_in(s, i - d, j - d, i + d + 1, j + d + 1)) return U_OPEN;
    if (!solid_at(s, x, y)) return U_BORDER;
    int n = solid_at(s, x, y - 1), so = solid_at(s, x, y + 1),
        w = solid_at(s, x - 1, y), e = solid_at(s, x + 1, y);
    int adjacent = n + so + w + e;
    if (adjacent == 3)
        return !n ? U_NORTH : !so ? U_SOUTH : !w ? U_WEST : U_EAST;
    if (adjacent != 4) return U_KEEP;
    int diagonal = solid_at(s, x - 1, y - 1) + solid_at(s, x + 1, y - 1) +
                   solid_at(s, x - 1, y + 1) + solid_at(s, x + 1, y + 1);
    return diagonal >= 3 ? U_NONE : U_RESTRICTED;
}

/* Pushes {x = x, y = y}, made as the Lua's constructor makes it. */
static void push_xy(lua_State *L, int x, int y)
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, x);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, y);
    lua_setfield(L, -2, "y");
}

static void set_str(lua_State *L, const char *k, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, k);
}

/* Pushes the usage table of kind u; vectors: index of the Lua's
 * adjacent_vectors (west-to-east first: {-1,0}, {1,0}, {0,-1}, {0,1}). */
static void push_usage(lua_State *L, int u, int vectors)
{
    static const int normal[] = {[U_NORTH] = 4, [U_SOUTH] = 3,
                                 [U_WEST] = 2, [U_EAST] = 1};
    switch (u) {
    case U_NORTH: case U_SOUTH: case U_WEST: case U_EAST:
        lua_createtable(L, 0, 3);
        set_str(L, "usage", "eligible");
        lua_rawgeti(L, vectors, normal[u]);
        lua_setfield(L, -2, "normal");
        lua_pushinteger(L, 1);
        lua_setfield(L, -2, "depth");
        return;
    case U_BORDER:
        lua_createtable(L, 0, 2);
        set_str(L, "usage", "restricted");
        set_str(L, "reason", "border");
        return;
    default:
        lua_createtable(L, 0, 1);
        set_str(L, "usage", u == U_OPEN ? "open"
                            : u == U_RESTRICTED ? "restricted" : "none");
    }
}

/* The usage grid of the kinds in kind (h rows of w), pushed. Rows and
 * cells go in as new_usage puts them; the eligible list gets its cells
 * x before y as the Lua's loop does, each with its spot. */
static void push_grid(lua_State *L, const sight *s, const unsigned char *kind,
                      int width_at, int height_at)
{
    lua_createtable(L, 4, 0);                      /* the adjacent vectors */
    int vectors = lua_gettop(L);
    static const int v[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int k = 0; k < 4; k++) {
        push_xy(L, v[k][0], v[k][1]);
        lua_rawseti(L, vectors, k + 1);
    }
    lua_createtable(L, 0, 3);
    int grid = lua_gettop(L);
    lua_newtable(L);
    lua_setfield(L, grid, "eligibles");
    lua_pushvalue(L, width_at);
    lua_setfield(L, grid, "width");
    lua_pushvalue(L, height_at);
    lua_setfield(L, grid, "height");
    for (int y = 0; y < s->h; y++) {
        lua_newtable(L);
        for (int x = 0; x < s->w; x++) {
            push_usage(L, kind[y * s->w + x], vectors);
            lua_rawseti(L, -2, x);
        }
        lua_rawseti(L, grid, y);
    }
    lua_getfield(L, grid, "eligibles");
    int list = lua_gettop(L), n = 0;
    for (int x = 0; x < s->w; x++)
        for (int y = 0; y < s->h; y++) {
            int u = kind[y * s->w + x];
            if (u != U_OPEN && (u < U_NORTH || u > U_EAST)) continue;
            lua_rawgeti(L, grid, y);
            lua_rawgeti(L, -1, x);
            push_xy(L, x, y);
            lua_setfield(L, -2, "spot");
            lua_rawseti(L, list, ++n);
            lua_pop(L, 1);
        }
    lua_settop(L, grid);
    lua_remove(L, vectors);
}

/* Reads the sizes and the solid map; 0 when the Lua must answer. Stack:
 * 1 layout, 2 options, then width (3), height (4) and s->sum's block (5,
 * a userdata: a Lua error on the way frees it too) pushed here. */
static int read_layout(lua_State *L, sight *s)
{
    if (!lua_istable(L, 1) || lua_getmetatable(L, 1) || !lua_istable(L, 2))
        return 0;
    lua_getfield(L, 1, "width");
    lua_getfield(L, 1, "height");
    lua_getfield(L, 2, "min_distance_from_wall");
    int ok = whole_in(L, 3, 1, MAX_SIDE, &s->w) &&
             whole_in(L, 4, 1, MAX_SIDE, &s->h) &&
             whole_in(L, 5, 1, MAX_REACH, &s->d);
    lua_pop(L, 1);
    if (!ok) return 0;
    s->sw = s->w + 2 * s->d;
    s->sh = s->h + 2 * s->d;
    size_t n = (size_t)(s->sw + 1) * (s->sh + 1) * sizeof *s->sum;
    s->sum = lua_newuserdata(L, n);
    memset(s->sum, 0, n);
    for (int j = 0; j < s->sh && ok; j++) ok = read_row(L, 1, s, j);
    return ok;
}

/* determine_usage_from_layout(layout_grid, options) */
static int l_determine_usage(lua_State *L)
{
    lua_settop(L, 2);
    sight s;
    if (!read_layout(L, &s)) return vf_bind_call_lua(L, 2);
    unsigned char *kind = lua_newuserdata(L, (size_t)s.w * s.h);
    for (int y = 0; y < s.h; y++)
        for (int x = 0; x < s.w; x++) kind[y * s.w + x] = usage_of(&s, x, y);
    push_grid(L, &s, kind, 3, 4);
    return 1;
}

void vf_bind_vpaint_usage_install(lua_State *L)
{
    vf_bind_replace_local(L, "paint_vaults_layout",
                          "determine_usage_from_layout", l_determine_usage);
}
