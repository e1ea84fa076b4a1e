/* Builder bindings that roughen and carve cave-like maps: isolated glyph
 * removal, path widening, smears, spots and pools (the game's
 * l-dgnbld.cc). */
#include "dgn_build.h"
#include "vf_sbuf.h"

#include <stdlib.h>

/* Does any neighbour of (x, y), the 8 around it (boxy) or the 4 beside it,
 * hold a glyph of set? */
static int neighbour_count(const vf_grid *g, int x, int y, int boxy,
                           const char *set)
{
    int n = 0;
    if (boxy) {
        for (int i = 0; i < 8; i++)
            n += vf_bld_in(set, vf_bld_at(g, x + vf_adjacent8[i].x,
                                          y + vf_adjacent8[i].y));
    } else {
        for (int i = 0; i < 4; i++)
            n += vf_bld_in(set, vf_bld_at(g, x + vf_adjacent4[i].x,
                                          y + vf_adjacent4[i].y));
    }
    return n;
}

/* Replaces, with percent chance each, find glyphs with no find neighbour;
 * in place, so an earlier replacement can isolate a later cell. */
static int l_remove_isolated_glyphs(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "remove_isolated_glyphs");
    const char *find = vf_bld_str(&b, "find", "");
    char replace = vf_bld_char(&b, "replace", '.');
    int percent = vf_bld_int(&b, "percent", 100);
    int boxy = vf_bld_bool(&b, "boxy", 0);
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_bld_off_border(b.g, &r);
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++)
            if (vf_bld_in(find, vf_bld_at(b.g, x, y)) &&
                vf_x_chance_in_y(b.m->rng, percent, 100) &&
                !neighbour_count(b.g, x, y, boxy, find))
                vf_bld_put(&b, x, y, replace);
    return 0;
}

/* The chance, by passable neighbour count, that widen_paths replaces a
 * cell: 1 - (1 - p)^n in tenths, with the game's integer truncation, and
 * its two tables kept for old seeds. Clamped to 0..100, which changes no
 * outcome of a percent roll. */
static void widen_table(int percent, int out[9])
{
    static const int p30[9] = {0, 30, 52, 66, 76, 84, 89, 92, 95};
    static const int p50[9] = {0, 50, 75, 88, 94, 97, 99, 100, 100};
    if (percent == 30 || percent == 50) {
        memcpy(out, percent == 30 ? p30 : p50, sizeof p30);
        return;
    }
    long long each = 10 - percent / 10;
    long long cur = 10 * each, div = 1;
    int saturated = each > 10 || each < -10;   /* every |cur / div| > 100 */
    out[0] = 0;
    for (int i = 1; i < 9; i++) {
        long long v;
        if (saturated) {
            v = (each > 0 || i % 2 == 0) ? 0 : 100;
        } else {
            v = 100 - cur / div;
            cur *= each;
            div *= 10;
        }
        out[i] = v < 0 ? 0 : v > 100 ? 100 : (int)v;
    }
}

/* Replaces find glyphs, more likely the more passable neighbours they
 * have; decided for all cells first, so no direction is favoured. */
static int l_widen_paths(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "widen_paths");
    const char *find = vf_bld_str(&b, "find", "");
    char replace = vf_bld_char(&b, "replace", '.');
    const char *passable = vf_bld_str(&b, "passable", VF_TRAVERSABLE);
    int percent = vf_bld_int(&b, "percent", 100);
    int boxy = vf_bld_bool(&b, "boxy", 0);
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_bld_off_border(b.g, &r);
    int chance[9];
    widen_table(percent, chance);
    vf_ptvec cells = {0};
    for (int y = r.y1; y <= r.y2; y++)
        for (int x = r.x1; x <= r.x2; x++)
            if (vf_bld_in(find, vf_bld_at(b.g, x, y)) &&
                vf_x_chance_in_y(b.m->rng,
                                 chance[neighbour_count(b.g, x, y, boxy,
                                                        passable)], 100))
                vf_ptvec_push(&cells, x, y);
    for (size_t i = 0; i < cells.n; i++)   /* found on the grid: no error */
        vf_grid_row(b.g, cells.v[i].y)[cells.v[i].x] = replace;
    vf_ptvec_free(&cells);
    return 0;
}

/* ---- smears and spots ---------------------------------------------------- */

static int is_at(const vf_grid *g, int x, int y, char c)
{
    return vf_bld_at(g, x, y) == (unsigned char)c;
}

/* Grows smear glyphs onto onto glyphs next to them (orthogonally, or also
 * diagonally unless boxy), iterations times. As in the game, x is drawn
 * from x1+1 .. y2-1 (sic), so on a wide map the right part is never
 * smeared. */
static int l_smear_map(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "smear_map");
    int iterations = vf_bld_int(&b, "iterations", 1);
    char smear = vf_bld_char(&b, "smear", 'x');
    const char *onto = vf_bld_str(&b, "onto", ".");
    int boxy = vf_bld_bool(&b, "boxy", 0);
    if (!vf_bld_box(&b, &r, 1)) return 0;
    if (r.x1 + 1 > r.y2 - 1)
        vf_bld_error(&b, "x would be drawn from the empty range %d..%d (the "
                     "game asserts)", r.x1 + 1, r.y2 - 1);
    const vf_grid *g = b.g;
    long long sanity = 0, max_sanity = (long long)iterations * 10;
    for (int i = 0; i < iterations; i++) {
        int x, y, straights, diagonals;
        do {
            do {
                if (sanity++ > max_sanity) return 0;
                x = vf_random_range(b.m->rng, r.x1 + 1, r.y2 - 1);
                y = vf_random_range(b.m->rng, r.y1 + 1, r.y2 - 1);
            } while (onto[0] && !vf_bld_in(onto, vf_bld_at(g, x, y)));
            diagonals = is_at(g, x + 1, y + 1, smear) ||
                        is_at(g, x - 1, y + 1, smear) ||
                        is_at(g, x - 1, y - 1, smear) ||
                        is_at(g, x + 1, y - 1, smear);
            straights = is_at(g, x + 1, y, smear) ||
                        is_at(g, x - 1, y, smear) ||
                        is_at(g, x, y + 1, smear) ||
                        is_at(g, x, y - 1, smear);
        } while (!straights && (boxy || !diagonals));
        vf_bld_put(&b, x, y, smear);
    }
    return 0;
}

/* Is (x, y) deep inside replace glyphs: it and the cells up to two away
 * along the axes? */
static int buried(const vf_grid *g, int x, int y, const char *replace)
{
    static const vf_pt plus[9] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1},
                                  {-2, 0}, {2, 0}, {0, -2}, {0, 2}};
    for (int i = 0; i < 9; i++)
        if (!vf_bld_in(replace, vf_bld_at(g, x + plus[i].x, y + plus[i].y)))
            return 0;
    return 1;
}

/* Opens spots of fill in replace glyphs, each beside existing openings:
 * a 3x3 square (boxy) or a plus. Without iterations, the count is random
 * (and drawn even when iterations is given, as in the game). */
static int l_spotty_map(lua_State *L)
{
    vf_bld b;
    vf_box r;
    vf_bld_start(&b, L, "spotty_map");
    const char *replace = vf_bld_str(&b, "replace", "x");
    char fill = vf_bld_char(&b, "fill", '.');
    int boxy = vf_bld_bool(&b, "boxy", 1);
    int def = vf_random2(b.m->rng, boxy ? 750 : 1500);
    int iterations = vf_bld_int(&b, "iterations", def);
    if (!vf_bld_box(&b, &r, 4)) return 0;
    const vf_grid *g = b.g;
    long long sanity = 0, max_sanity = (long long)iterations * 10;
    for (int i = 0; i < iterations; i++) {
        int x, y;
        do {
            if (sanity++ > max_sanity) return 0;
            x = vf_random_range(b.m->rng, r.x1 + 4, r.x2 - 4);
            y = vf_random_range(b.m->rng, r.y1 + 4, r.y2 - 4);
        } while (buried(g, x, y, replace));
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if ((boxy || !dx || !dy) &&
                    vf_bld_in(replace, vf_bld_at(g, x + dx, y + dy)))
                    vf_bld_put(&b, x + dx, y + dy, fill);
    }
    return 0;
}

/* ---- pools --------------------------------------------------------------- */

/* Pool index values past the pool numbers; NO_POOL must be the lowest. */
enum { NO_POOL = 999997, IN_LIST, BORDER, FORBIDDEN };

typedef struct pools {
    int sx, sy;
    int *at;                  /* at[x * sy + y], rect-relative */
    long weight[256];         /* contents: glyph weights */
    long total;
} pools;

#define PI(p, x, y) ((p)->at[(size_t)(x) * (size_t)(p)->sy + (size_t)(y)])

/* contents = {glyph = weight, ...}: weights capped at 10000; none: '.'. */
static void read_contents(vf_bld *b, pools *p)
{
    memset(p->weight, 0, sizeof p->weight);
    p->total = 0;
    if (b->tab) {
        lua_getfield(b->L, b->tab, "contents");
        if (lua_istable(b->L, -1)) {
            lua_pushnil(b->L);
            while (lua_next(b->L, -2)) {
                if (lua_type(b->L, -2) == LUA_TSTRING &&
                    lua_type(b->L, -1) == LUA_TNUMBER) {
                    unsigned char c = (unsigned char)lua_tostring(b->L, -2)[0];
                    lua_Number n = lua_tonumber(b->L, -1);
                    long w = !(n > 0) ? 0 : n > 10000 ? 10000 : (long)n;
                    if (c) p->weight[c] += w, p->total += w;
                }
                lua_pop(b->L, 1);
            }
        }
        lua_pop(b->L, 1);
    }
    if (!p->total) p->weight['.'] = p->total = 1;
}

/* A glyph drawn by weight, glyphs in the game's sorted (signed char)
 * order. */
static char pick_glyph(const pools *p, vf_rng *rng)
{
    long k = vf_random2(rng, (int)p->total);
    for (int s = -128; s < 128; s++) {
        unsigned char c = (unsigned char)(signed char)s;
        if (k < p->weight[c]) return (char)c;
        k -= p->weight[c];
    }
    return '.';
}

static int pool_valid(const pools *p, int x, int y)
{
    return x >= 0 && y >= 0 && x < p->sx && y < p->sy;
}

/* Seeds: random free cells, about one per pool_size, none closer than
 * min_sep to another. */
static void seed_pools(pools *p, vf_rng *rng, int pool_size, int min_sep,
                       vf_ptvec *seeds)
{
    vf_ptvec free_cells = {0};
    for (int x = 0; x < p->sx; x++)
        for (int y = 0; y < p->sy; y++)
            if (PI(p, x, y) == NO_POOL) vf_ptvec_push(&free_cells, x, y);
    if (pool_size < 1) pool_size = 1;
    long long sep2 = (long long)min_sep * min_sep;
    int goal = (int)(((long long)free_cells.n +
                      vf_random2(rng, pool_size)) / pool_size);
    for (int i = 0; i < goal && free_cells.n; i++) {
        vf_pt c = vf_ptvec_take(&free_cells, (size_t)vf_random2(
                                    rng, (int)free_cells.n));
        int close = 0;
        for (size_t k = 0; k < seeds->n && !close; k++) {
            long long dx = c.x - seeds->v[k].x, dy = c.y - seeds->v[k].y;
            close = dx * dx + dy * dy < sep2;
        }
        if (!close) vf_ptvec_push(seeds, c.x, c.y);
    }
    vf_ptvec_free(&free_cells);
}

static void open_neighbours(pools *p, vf_ptvec *open, vf_pt c, int any)
{
    for (int k = 0; k < 4; k++) {
        int x = c.x + vf_adjacent4[k].x, y = c.y + vf_adjacent4[k].y;
        if (!pool_valid(p, x, y) || (!any && PI(p, x, y) != NO_POOL))
            continue;
        PI(p, x, y) = IN_LIST;
        vf_ptvec_push(open, x, y);
    }
}

/* The pool a cell joins: its neighbours' one pool, BORDER if it touches
 * two pools or a forbidden cell, NO_POOL if none. */
static int joining_pool(const pools *p, vf_pt c)
{
    int chosen = NO_POOL;
    for (int k = 0; k < 8; k++) {
        int x = c.x + vf_adjacent8[k].x, y = c.y + vf_adjacent8[k].y;
        if (!pool_valid(p, x, y)) continue;
        int n = PI(p, x, y);
        if (n == FORBIDDEN) return BORDER;
        if (n >= NO_POOL || n == chosen) continue;
        if (chosen != NO_POOL) return BORDER;
        chosen = n;
    }
    return chosen;
}

/* Grows every seed outward in random order until pools meet; the cells
 * where they meet (and along walls) become border, the paths between. */
static void grow_pools(pools *p, vf_rng *rng, const vf_ptvec *seeds)
{
    vf_ptvec open = {0};
    for (size_t i = 0; i < seeds->n; i++) {
        PI(p, seeds->v[i].x, seeds->v[i].y) = (int)i;
        open_neighbours(p, &open, seeds->v[i], 1);   /* as the game: any */
    }
    while (open.n) {
        vf_pt c = vf_ptvec_take(&open, (size_t)vf_random2(rng, (int)open.n));
        int chosen = joining_pool(p, c);
        PI(p, c.x, c.y) = chosen;
        if (chosen != NO_POOL) open_neighbours(p, &open, c, 0);
    }
    vf_ptvec_free(&open);
}

static int l_add_pools(lua_State *L)
{
    vf_bld b;
    vf_box r;
    pools p;
    vf_bld_start(&b, L, "add_pools");
    const char *replace = vf_bld_str(&b, "replace", ".");
    char border = vf_bld_char(&b, "border", '.');
    int pool_size = vf_bld_int(&b, "pool_size", 100);
    int seed_sep = vf_bld_int(&b, "seed_separation", 2);
    read_contents(&b, &p);
    if (p.total > 100000000L)
        vf_bld_error(&b, "'contents' weights add up to too much");
    if (!vf_bld_box(&b, &r, 0)) return 0;
    vf_bld_need_inside(&b, &r);
    p.sx = r.x2 - r.x1 + 1;
    p.sy = r.y2 - r.y1 + 1;
    p.at = vf_xmalloc((size_t)p.sx * (size_t)p.sy * sizeof *p.at);
    for (int x = 0; x < p.sx; x++)
        for (int y = 0; y < p.sy; y++)
            PI(&p, x, y) = vf_bld_in(replace,
                                     vf_bld_at(b.g, r.x1 + x, r.y1 + y))
                           ? NO_POOL : FORBIDDEN;
    vf_ptvec seeds = {0};
    seed_pools(&p, b.m->rng, pool_size, seed_sep, &seeds);
    grow_pools(&p, b.m->rng, &seeds);
    char *glyph = vf_xmalloc(seeds.n + 1);
    for (size_t i = 0; i < seeds.n; i++) glyph[i] = pick_glyph(&p, b.m->rng);
    for (int x = 0; x < p.sx; x++)
        for (int y = 0; y < p.sy; y++) {
            int k = PI(&p, x, y);
            char *cell = &vf_grid_row(b.g, r.y1 + y)[r.x1 + x];
            if (k >= 0 && (size_t)k < seeds.n) *cell = glyph[k];
            else if (k == NO_POOL || k == BORDER) *cell = border;
        }
    free(glyph);
    vf_ptvec_free(&seeds);
    free(p.at);
    return 0;
}

const luaL_Reg vf_dgn_cave_fns[] = {
    {"remove_isolated_glyphs", l_remove_isolated_glyphs},
    {"widen_paths", l_widen_paths},
    {"smear_map", l_smear_map},
    {"spotty_map", l_spotty_map},
    {"add_pools", l_add_pools},
    {NULL, NULL}};
