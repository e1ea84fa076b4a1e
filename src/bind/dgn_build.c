/* The map-grid builder bindings (the game's l-dgnbld.cc): parameter
 * handling and grid access shared by all of them, and the bindings that
 * count, test, extend, fill and replace. Shapes are in dgn_shape.c and
 * dgn_ibox.c, caves in dgn_cave.c, rooms and paths in dgn_room.c, delve in
 * dgn_delve.c. */
#include "dgn_build.h"
#include "vf_sbuf.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

/* Integers past this are refused rather than wrapped, so the arithmetic on
 * coordinates below never overflows. */
#define INT_PARAM_MAX 1000000000.0

const vf_pt vf_adjacent8[8] = {
    {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}};
const vf_pt vf_adjacent4[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

/* ---- parameters ---------------------------------------------------------- */

void vf_bld_begin(vf_bld *b, lua_State *L, const char *fn)
{
    b->L = L;
    b->fn = fn;
    b->m = vf_bind_checkmap(L, 1);
    b->g = &b->m->grid;
    int top = lua_gettop(L);
    b->tab = top >= 2 && lua_istable(L, top) ? top : 0;
}

void vf_bld_start(vf_bld *b, lua_State *L, const char *fn)
{
    vf_bld_begin(b, L, fn);
    vf_grid_normalise(b->g, ' ');
}

int vf_bld_error(vf_bld *b, const char *fmt, ...)
{
    va_list ap;
    lua_pushfstring(b->L, "dgn.%s: ", b->fn);
    va_start(ap, fmt);
    lua_pushvfstring(b->L, fmt, ap);
    va_end(ap);
    lua_concat(b->L, 2);
    return vf_bind_des_error(b->L, lua_tostring(b->L, -1));
}

/* Pushes the table's value for key and returns 1, or pushes nothing and
 * returns 0 when there is no table or the value is nil. */
static int push_field(vf_bld *b, const char *key)
{
    if (!b->tab) return 0;
    luaL_checkstack(b->L, 2, "builder parameters");
    lua_getfield(b->L, b->tab, key);
    if (!lua_isnil(b->L, -1)) return 1;
    lua_pop(b->L, 1);
    return 0;
}

int vf_bld_int(vf_bld *b, const char *key, int def)
{
    if (!push_field(b, key)) return def;
    if (!lua_isnumber(b->L, -1))
        vf_bld_error(b, "'%s' in table, but not an int.", key);
    lua_Number n = lua_tonumber(b->L, -1);
    lua_pop(b->L, 1);
    if (!(fabs(n) <= INT_PARAM_MAX))
        vf_bld_error(b, "'%s' is out of range.", key);
    return (int)n;
}

char vf_bld_char(vf_bld *b, const char *key, char def)
{
    if (!push_field(b, key)) return def;
    if (!lua_isstring(b->L, -1))
        vf_bld_error(b, "'%s' in table, but not a string.", key);
    const char *s = lua_tostring(b->L, -1);
    if (!s[0] || s[1])
        vf_bld_error(b, "'%s' has more than one character.", key);
    char c = s[0];
    lua_pop(b->L, 1);
    return c;
}

/* The value stays on the stack, so a number converted to a string is not
 * collected before the binding is done with it. */
const char *vf_bld_str(vf_bld *b, const char *key, const char *def)
{
    if (!push_field(b, key)) return def;
    if (!lua_isstring(b->L, -1))
        vf_bld_error(b, "'%s' in table, but not a string.", key);
    return lua_tostring(b->L, -1);
}

int vf_bld_bool(vf_bld *b, const char *key, int def)
{
    if (!push_field(b, key)) return def;
    if (!lua_isboolean(b->L, -1))
        vf_bld_error(b, "'%s' in table, but not a bool.", key);
    int v = lua_toboolean(b->L, -1);
    lua_pop(b->L, 1);
    return v;
}

/* ---- areas and cells ----------------------------------------------------- */

int vf_bld_box(vf_bld *b, vf_box *r, int border)
{
    r->x1 = vf_bld_int(b, "x1", 0);
    r->y1 = vf_bld_int(b, "y1", 0);
    r->x2 = vf_bld_int(b, "x2", b->g->w - 1);
    r->y2 = vf_bld_int(b, "y2", b->g->h - 1);
    int t;
    if (r->x2 < r->x1) t = r->x1, r->x1 = r->x2, r->x2 = t;
    if (r->y2 < r->y1) t = r->y1, r->y1 = r->y2, r->y2 = t;
    return r->x1 + border <= r->x2 - border &&
           r->y1 + border <= r->y2 - border;
}

void vf_bld_coord(vf_bld *b, int x, int y)
{
    if (x < 0 || x >= b->g->w) vf_bld_error(b, "Invalid x coordinate: %d", x);
    if (y < 0 || y >= b->g->h) vf_bld_error(b, "Invalid y coordinate: %d", y);
}

void vf_bld_need_inside(vf_bld *b, const vf_box *r)
{
    if (r->x1 < 0 || r->y1 < 0 || r->x2 >= b->g->w || r->y2 >= b->g->h)
        vf_bld_error(b, "area (%d, %d)-(%d, %d) is not inside the %dx%d map",
                     r->x1, r->y1, r->x2, r->y2, b->g->w, b->g->h);
}

int vf_bld_clip(const vf_grid *g, vf_box *r)
{
    if (r->x1 < 0) r->x1 = 0;
    if (r->y1 < 0) r->y1 = 0;
    if (r->x2 > g->w - 1) r->x2 = g->w - 1;
    if (r->y2 > g->h - 1) r->y2 = g->h - 1;
    return r->x1 <= r->x2 && r->y1 <= r->y2;
}

void vf_bld_off_border(const vf_grid *g, vf_box *r)
{
    if (r->x1 < 1) r->x1 = 1;
    if (r->x2 >= g->w - 1) r->x2 = g->w - 2;
    if (r->y1 < 1) r->y1 = 1;
    if (r->y2 >= g->h - 1) r->y2 = g->h - 2;
}

void vf_bld_put(vf_bld *b, int x, int y, int c)
{
    if (!vf_bld_valid(b->g, x, y))
        vf_bld_error(b, "writes (%d, %d), outside the %dx%d map", x, y,
                     b->g->w, b->g->h);
    if (c <= 0) vf_bld_error(b, "writes a NUL glyph: no 'replace' given?");
    vf_grid_row(b->g, y)[x] = (char)c;
}

void vf_ptvec_push(vf_ptvec *p, int x, int y)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 64;
        p->v = vf_xrealloc(p->v, p->cap * sizeof *p->v);
    }
    p->v[p->n].x = x;
    p->v[p->n++].y = y;
}

vf_pt vf_ptvec_take(vf_ptvec *p, size_t i)
{
    vf_pt t = p->v[i];
    p->v[i] = p->v[--p->n];
    return t;
}

void vf_ptvec_free(vf_ptvec *p)
{
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
}

/* ---- counting and testing ------------------------------------------------ */

static int count_in(const vf_grid *g, vf_box r, const char *set)
{
    int n = 0;
    if (!vf_bld_clip(g, &r)) return 0;
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++)
            n += vf_bld_in(set, vf_bld_at(g, x, y));
    return n;
}

static int l_count_feature_in_box(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_begin(&b, L, "count_feature_in_box");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    const char *feat = vf_bld_str(&b, "feat", "");
    lua_pushinteger(L, count_in(b.g, r, feat));
    return 1;
}

static int l_count_antifeature_in_box(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_begin(&b, L, "count_antifeature_in_box");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    const char *feat = vf_bld_str(&b, "feat", "");
    double area = ((double)r.x2 - r.x1 + 1) * ((double)r.y2 - r.y1 + 1);
    lua_pushinteger(L, (lua_Integer)(area - count_in(b.g, r, feat)));
    return 1;
}

/* The 3x3 box around (x, y), the centre included, as the game counts. */
static int l_count_neighbors(lua_State *L)
{
    vf_bld b;
    vf_bld_begin(&b, L, "count_neighbors");
    const char *feat = vf_bld_str(&b, "feat", "");
    int x = vf_bld_int(&b, "x", -1), y = vf_bld_int(&b, "y", -1);
    vf_bld_coord(&b, x, y);
    vf_box r = {x - 1, y - 1, x + 1, y + 1};
    lua_pushinteger(L, count_in(b.g, r, feat));
    return 1;
}

static int l_count_passable_neighbors(lua_State *L)
{
    vf_bld b;
    vf_bld_begin(&b, L, "count_passable_neighbors");
    const char *passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    int x = vf_bld_int(&b, "x", -1), y = vf_bld_int(&b, "y", -1);
    vf_bld_coord(&b, x, y);
    int n = 0;
    for (int i = 0; i < 8; i++)
        n += vf_bld_in(passable, vf_bld_at(b.g, x + vf_adjacent8[i].x,
                                           y + vf_adjacent8[i].y));
    lua_pushinteger(L, n);
    return 1;
}

static int l_is_valid_coord(lua_State *L)
{
    vf_bld b;
    vf_bld_begin(&b, L, "is_valid_coord");
    int x = vf_bld_int(&b, "x", -1), y = vf_bld_int(&b, "y", -1);
    lua_pushboolean(L, vf_bld_valid(b.g, x, y));
    return 1;
}

static int l_is_passable_coord(lua_State *L)
{
    vf_bld b;
    vf_bld_begin(&b, L, "is_passable_coord");
    int x = vf_bld_int(&b, "x", -1), y = vf_bld_int(&b, "y", -1);
    const char *passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    vf_bld_coord(&b, x, y);
    lua_pushboolean(L, vf_bld_in(passable, vf_bld_at(b.g, x, y)));
    return 1;
}

/* find_vault asks about vaults already on the level; there is no level
 * here, so only the glyphs count. */
static int l_find_in_area(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_begin(&b, L, "find_in_area");
    vf_bld_int(&b, "x1", -1);
    vf_bld_int(&b, "y1", -1);
    vf_bld_int(&b, "x2", -1);
    vf_bld_int(&b, "y2", -1);
    vf_bld_bool(&b, "find_vault", 0);
    if (!vf_bld_box(&b, &r, 0)) return 0;
    const char *find = vf_bld_str(&b, "find", "x");
    lua_pushboolean(L, count_in(b.g, r, find) > 0);
    return 1;
}

/* The game reports the extent of the level's primary vault; with no level
 * there is none, and it returns four nils. */
static int l_primary_vault_dimensions(lua_State *L)
{
    for (int i = 0; i < 4; i++) lua_pushnil(L);
    return 4;
}

/* ---- extending and filling ----------------------------------------------- */

/* Grows the grid to at least w x h; as the game's map_lines::extend, every
 * short row is then padded with fill too, but only when it grew. */
static void extend(vf_grid *g, int w, int h, char fill)
{
    if (g->h >= h && g->w >= w) return;
    if (w < g->w) w = g->w;
    if (h < g->h) h = g->h;
    vf_grid ng;
    vf_grid_init(&ng);
    char *line = vf_xmalloc((size_t)w);
    for (int y = 0; y < h; y++) {
        memset(line, fill, (size_t)w);
        if (y < g->h) memcpy(line, vf_grid_row(g, y), (size_t)g->len[y]);
        vf_grid_add_line(&ng, line, (size_t)w);
    }
    free(line);
    vf_grid_free(g);
    *g = ng;
}

static int l_extend_map(lua_State *L)
{
    vf_bld b;
    vf_bld_begin(&b, L, "extend_map");
    int h = vf_bld_int(&b, "height", 1);
    int w = vf_bld_int(&b, "width", 1);
    char fill = vf_bld_char(&b, "fill", 'x');
    if (w > VF_BUILD_MAX_DIM || h > VF_BUILD_MAX_DIM)
        vf_bld_error(&b, "%dx%d is larger than vaultfuzz allows (%d)", w, h,
                     VF_BUILD_MAX_DIM);
    extend(b.g, w < 1 ? 1 : w, h < 1 ? 1 : h, fill);
    return 0;
}

static void fill_box(vf_bld *b, const vf_box *r, int c)
{
    for (int y = r->y1; y <= r->y2; y++)
        for (int x = r->x1; x <= r->x2; x++)
            vf_bld_put(b, x, y, c);
}

static int l_fill_area(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "fill_area");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    char fill = vf_bld_char(&b, "fill", 'x');
    char border = vf_bld_char(&b, "border", fill);
    vf_bld_need_inside(&b, &r);
    fill_box(&b, &r, fill);
    if (border == fill) return 0;
    for (int x = r.x1 + 1; x < r.x2; x++) {
        vf_bld_put(&b, x, r.y1, border);
        vf_bld_put(&b, x, r.y2, border);
    }
    for (int y = r.y1; y <= r.y2; y++) {
        vf_bld_put(&b, r.x1, y, border);
        vf_bld_put(&b, r.x2, y, border);
    }
    return 0;
}

/* The zones of fill_disconnected's area r: zone[] numbers each passable
 * cell of g by zone, q holds the cells of the last zone marked. */
typedef struct zoner {
    const vf_grid *g;
    const vf_box *r;
    const char *wanted, *passable;
    int *zone;
    vf_ptvec q;
} zoner;

/* Marks zone z on the 8-connected passable cells reached from (x, y)
 * without leaving r; returns whether any of them is a wanted glyph. */
static int mark_zone(zoner *zs, int x, int y, int z)
{
    const vf_grid *g = zs->g;
    const vf_box *r = zs->r;
    const char *wanted = zs->wanted, *passable = zs->passable;
    int *zone = zs->zone;
    vf_ptvec *q = &zs->q;
    int found = 0;
    q->n = 0;
    zone[y * g->w + x] = z;
    vf_ptvec_push(q, x, y);
    for (size_t i = 0; i < q->n; i++) {
        vf_pt c = q->v[i];
        found |= vf_bld_in(wanted, vf_bld_at(g, c.x, c.y));
        for (int k = 0; k < 8; k++) {
            int nx = c.x + vf_adjacent8[k].x, ny = c.y + vf_adjacent8[k].y;
            if (nx < r->x1 || nx > r->x2 || ny < r->y1 || ny > r->y2 ||
                zone[ny * g->w + nx] ||
                !vf_bld_in(passable, vf_bld_at(g, nx, ny)))
                continue;
            zone[ny * g->w + nx] = z;
            vf_ptvec_push(q, nx, ny);
        }
    }
    return found;
}

/* Fills each zone of passable cells in the area that holds no wanted glyph
 * (by default: no stair, exit or player start). */
static int l_fill_disconnected(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "fill_disconnected");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    char fill = vf_bld_char(&b, "fill", 'x');
    const char *passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    const char *wanted = vf_bld_str(&b, "wanted", VF_EXITS);
    vf_grid *g = b.g;
    if (!vf_bld_clip(g, &r)) return 0;
    zoner zs = {.g = g, .r = &r, .wanted = wanted, .passable = passable,
                .zone = vf_xcalloc((size_t)g->w * (size_t)g->h,
                                   sizeof *zs.zone)};
    int nzones = 0;
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++) {
            if (zs.zone[y * g->w + x] ||
                !vf_bld_in(passable, vf_bld_at(g, x, y)))
                continue;
            if (mark_zone(&zs, x, y, ++nzones)) continue;
            for (size_t i = 0; i < zs.q.n; i++)   /* the zone's cells */
                vf_grid_row(g, zs.q.v[i].y)[zs.q.v[i].x] = fill;
        }
    vf_ptvec_free(&zs.q);
    free(zs.zone);
    return 0;
}

/* ---- replacing ----------------------------------------------------------- */

static int l_replace_area(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "replace_area");
    const char *find = vf_bld_str(&b, "find", NULL);
    char replace = vf_bld_char(&b, "replace", '\0');
    if (!vf_bld_box(&b, &r, 0)) return 0;
    if (!find) vf_bld_error(&b, "no 'find' given");  /* the game crashes */
    if (!vf_bld_clip(b.g, &r)) return 0;
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++)
            if (vf_bld_in(find, vf_bld_at(b.g, x, y)))
                vf_bld_put(&b, x, y, replace);
    return 0;
}

/* Walks from (x, y) in steps of (xdir, ydir), replacing the first find. */
static int l_replace_first(lua_State *L)
{
    vf_bld b;
    vf_bld_start(&b, L, "replace_first");
    int x = vf_bld_int(&b, "x", 0), y = vf_bld_int(&b, "y", 0);
    int xdir = vf_bld_int(&b, "xdir", 2), ydir = vf_bld_int(&b, "ydir", 2);
    char find = vf_bld_char(&b, "find", '\0');
    char replace = vf_bld_char(&b, "replace", '\0');
    int required = vf_bld_bool(&b, "required", 0);
    vf_bld_coord(&b, x, y);
    if (xdir < -1 || xdir > 1) vf_bld_error(&b, "Invalid xdir: %d", xdir);
    if (ydir < -1 || ydir > 1) vf_bld_error(&b, "Invalid ydir: %d", ydir);
    for (; vf_bld_valid(b.g, x, y); x += xdir, y += ydir) {
        if (vf_bld_at(b.g, x, y) == (unsigned char)find) {
            vf_bld_put(&b, x, y, replace);
            return 0;
        }
        if (!xdir && !ydir)   /* the game would spin here forever */
            vf_bld_error(&b, "xdir and ydir are both 0 and (%d, %d) is not "
                         "'%c': the game never returns", x, y, find);
    }
    if (required)
        vf_bld_error(&b, "Could not find feature '%c' to replace", find);
    return 0;
}

static int l_replace_random(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "replace_random");
    char find = vf_bld_char(&b, "find", '\0');
    char replace = vf_bld_char(&b, "replace", '\0');
    int required = vf_bld_bool(&b, "required", 0);
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_ptvec loc = {0};
    if (vf_bld_clip(b.g, &r))
        for (int y = r.y1; y <= r.y2; y++)
            for (int x = r.x1; x <= r.x2; x++)
                if (vf_bld_at(b.g, x, y) == (unsigned char)find)
                    vf_ptvec_push(&loc, x, y);
    if (!loc.n) {
        if (required) vf_bld_error(&b, "Could not find '%c'", find);
        return 0;
    }
    vf_pt p = loc.v[vf_random2(b.m->rng, (int)loc.n)];
    vf_ptvec_free(&loc);
    vf_bld_put(&b, p.x, p.y, replace);
    return 0;
}

/* The nearest find to (x, y) by the game's distance (the larger of the
 * axis distances); ties are broken evenly as they are met. */
static int l_replace_closest(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "replace_closest");
    int cx = vf_bld_int(&b, "x", 0), cy = vf_bld_int(&b, "y", 0);
    char find = vf_bld_char(&b, "find", '\0');
    char replace = vf_bld_char(&b, "replace", '\0');
    int required = vf_bld_bool(&b, "required", 0);
    if (!vf_bld_box(&b, &r, 0)) return 0;
    int best = 10000, count = 0;
    vf_pt at = {0, 0};
    if (vf_bld_clip(b.g, &r))
        for (int y = r.y1; y <= r.y2; y++)
            for (int x = r.x1; x <= r.x2; x++) {
                if (vf_bld_at(b.g, x, y) != (unsigned char)find) continue;
                int dx = abs(x - cx), dy = abs(y - cy);
                int d = dx > dy ? dx : dy;
                if (d < best) {
                    best = d, count = 1;
                    at.x = x, at.y = y;
                } else if (d == best &&
                           vf_one_chance_in(b.m->rng, ++count)) {
                    at.x = x, at.y = y;
                }
            }
    if (!count) {
        if (required) vf_bld_error(&b, "Could not find '%c'", find);
        return 0;
    }
    vf_bld_put(&b, at.x, at.y, replace);
    return 0;
}

static const luaL_Reg build_fns[] = {
    {"count_feature_in_box", l_count_feature_in_box},
    {"count_antifeature_in_box", l_count_antifeature_in_box},
    {"count_neighbors", l_count_neighbors},
    {"count_passable_neighbors", l_count_passable_neighbors},
    {"is_valid_coord", l_is_valid_coord},
    {"is_passable_coord", l_is_passable_coord},
    {"extend_map", l_extend_map},
    {"fill_area", l_fill_area},
    {"fill_disconnected", l_fill_disconnected},
    {"find_in_area", l_find_in_area},
    {"primary_vault_dimensions", l_primary_vault_dimensions},
    {"replace_area", l_replace_area},
    {"replace_first", l_replace_first},
    {"replace_random", l_replace_random},
    {"replace_closest", l_replace_closest},
    {NULL, NULL}};

void vf_bind_open_dgn_build(lua_State *L)
{
    lua_getglobal(L, "dgn");
    vf_lua_register(L, NULL, build_fns);
    vf_lua_register(L, NULL, vf_dgn_shape_fns);
    vf_lua_register(L, NULL, vf_dgn_ibox_fns);
    vf_lua_register(L, NULL, vf_dgn_cave_fns);
    vf_lua_register(L, NULL, vf_dgn_room_fns);
    vf_lua_register(L, NULL, vf_dgn_delve_fns);
    lua_pop(L, 1);
}
