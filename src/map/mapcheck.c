/* The game's load-time checks on a map (vf_mapcheck.h has the list). */
#include "vf_mapcheck.h"
#include "vf_mapconn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Level size (GXM x GYM) and the border kept free around floats. */
#define LEVEL_W 80
#define LEVEL_H 70
#define MAPGEN_BORDER 2
/* Abyss maps must leave room for the abyss to shift around them: half
 * the level, less the border and the shift radius (LOS radius 8 + 2). */
#define ABYSS_W (LEVEL_W / 2 - MAPGEN_BORDER - 10)
#define ABYSS_H (LEVEL_H / 2 - MAPGEN_BORDER - 10)
/* Gods that can have a Temple altar in this version. */
#define TEMPLE_GODS 22

/* ---- tags ---------------------------------------------------------------- */

typedef struct taglist {
    char **v;
    size_t n;
    char *buf;
} taglist;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The map's tags, sorted (the game keeps a set and lists it sorted). */
static void tags_get(const vf_rmap *m, taglist *t)
{
    t->buf = vf_xstrdup(vf_sbuf_str(&m->tags));
    t->v = vf_xmalloc((strlen(t->buf) / 2 + 1) * sizeof *t->v);
    t->n = 0;
    char *save = NULL;
    for (char *s = strtok_r(t->buf, " ", &save); s;
         s = strtok_r(NULL, " ", &save))
        t->v[t->n++] = s;
    qsort(t->v, t->n, sizeof *t->v, cmp_str);
}

static void tags_free(taglist *t)
{
    free(t->v);
    free(t->buf);
}

/* The tags as the game's messages show them: sorted, space-separated. */
static void tags_describe(const vf_rmap *m, vf_sbuf *out)
{
    taglist t;
    tags_get(m, &t);
    for (size_t i = 0; i < t.n; i++) {
        if (i) vf_sbuf_addc(out, ' ');
        vf_sbuf_adds(out, t.v[i]);
    }
    tags_free(&t);
}

static int has_tag_prefix(const vf_rmap *m, const char *prefix)
{
    taglist t;
    tags_get(m, &t);
    int found = 0;
    for (size_t i = 0; i < t.n && !found; i++)
        found = !strncmp(t.v[i], prefix, strlen(prefix));
    tags_free(&t);
    return found;
}

/* ---- temples ------------------------------------------------------------- */

static int count_glyph(const vf_rmap *m, int g)
{
    int n = 0;
    for (int y = 0; y < m->grid.h; y++)
        for (int x = 0; x < m->grid.len[y]; x++)
            n += (unsigned char)vf_grid_row(&m->grid, y)[x] == g;
    return n;
}

static int place_in_temple(const vf_rmap *m)
{
    vf_place temple = {vf_branch_find(m->game, "Temple"), 1};
    return vf_depths_match(m->game, &m->places, &temple);
}

static int check_temple(const vf_rmap *m, vf_sbuf *err)
{
    int altars = count_glyph(m, 'B');
    if (has_tag_prefix(m, "temple_overflow_")) {
        /* Special-purpose overflow temples are trusted as they are. */
        if (!has_tag_prefix(m, "temple_overflow_generic_")) return 0;
        char want[64];
        snprintf(want, sizeof want, "temple_overflow_generic_%d", altars);
        if (!vf_rmap_has_tag(m, want)) {
            vf_sbuf_adds(err, "Temple ('");
            tags_describe(m, err);
            vf_sbuf_printf(err, "') has %d altars and a "
                           "'temple_overflow_generic_' tag, but does not "
                           "match the number of altars: should have at "
                           "least '%s'.", altars, want);
            return -1;
        }
    }
    const vf_keyspec *k = vf_rmap_keyspec(m, 'B');
    const char *msg =
        !altars ? "Temple vault must contain at least one altar."
        : k && k->feat.n ? "Can't change feat 'B' in temple (KFEAT)"
        : altars > TEMPLE_GODS ? "Temple vault has too many altars" : NULL;
    if (msg) vf_sbuf_adds(err, msg);
    return msg ? -1 : 0;
}

/* ---- size ---------------------------------------------------------------- */

static int orient_is(const vf_rmap *m, const char *o)
{
    return m->orient && !strcmp(m->orient, o);
}

static int check_abyss(vf_rmap *m, vf_sbuf *err)
{
    const char *name = m->def ? m->def->name : "";
    int w = m->grid.w, h = m->grid.h;
    if (orient_is(m, "encompass")) {
        vf_sbuf_printf(err, "Map '%s' cannot use 'encompass' orientation in "
                       "the abyss", name);
        return -1;
    }
    if (w > ABYSS_W || h > ABYSS_H) {
        vf_sbuf_printf(err, "Map '%s' is too big for the Abyss: %dx%d - max "
                       "%dx%d", name, w, h, ABYSS_W, ABYSS_H);
        return -1;
    }
    int side = ABYSS_W < ABYSS_H ? ABYSS_W : ABYSS_H;
    if ((w > side || h > side) && !vf_rmap_has_tag(m, "no_rotate"))
        vf_rmap_add_tags(m, "no_rotate");
    return 0;
}

static int check_bounds(const vf_rmap *m, vf_sbuf *err)
{
    const char *name = m->def ? m->def->name : "";
    int w = m->grid.w, h = m->grid.h;
    int mini = vf_rmap_has_tag(m, "minivault");
    if (orient_is(m, "float") || mini) {
        int mw = LEVEL_W - 2 * MAPGEN_BORDER, mh = LEVEL_H - 2 * MAPGEN_BORDER;
        if (w > mw || h > mh) {
            vf_sbuf_printf(err, "%s '%s' is too big: %dx%d - max %dx%d",
                           mini ? "Minivault" : "Float", name, w, h, mw, mh);
            return -1;
        }
    } else if (w > LEVEL_W || h > LEVEL_H) {
        vf_sbuf_printf(err, "Map '%s' is too big: %dx%d - max %dx%d", name,
                       w, h, LEVEL_W, LEVEL_H);
        return -1;
    }
    return 0;
}

/* The two-thirds rule: what is left of the level around a map placed by
 * orientation must stay usable. */
static int check_orient_size(const vf_rmap *m, vf_sbuf *err)
{
    static const char *const corners[] = {
        "northeast", "southeast", "northwest", "southwest", "float",
        "centre", NULL};
    int w = m->grid.w, h = m->grid.h;
    const int mw = LEVEL_W * 2 / 3, mh = LEVEL_H * 2 / 3;
    if (orient_is(m, "north") || orient_is(m, "south")) {
        if (h <= mh) return 0;
        vf_sbuf_printf(err, "Map too large - height %d (max %d)", h, mh);
        return -1;
    }
    if (orient_is(m, "east") || orient_is(m, "west")) {
        if (w <= mw) return 0;
        vf_sbuf_printf(err, "Map too large - width %d (max %d)", w, mw);
        return -1;
    }
    for (int i = 0; corners[i]; i++) {
        if (!orient_is(m, corners[i])) continue;
        if (w <= mw && h <= mh) return 0;
        vf_sbuf_printf(err, "Map too large - %dx%d (max %dx%d)", w, h, mw,
                       mh);
        return -1;
    }
    return 0;
}

/* ---- exits --------------------------------------------------------------- */

static int outside(const vf_rmap *m, int x, int y)
{
    int g = vf_grid_get(&m->grid, x, y);
    return g < 0 || g == ' ';
}

/* Whether a cell that could be an exit touches the outside. */
static int on_edge(const vf_rmap *m, int x, int y)
{
    return x == 0 || y == 0 || x == m->grid.w - 1 || y == m->grid.h - 1 ||
           outside(m, x - 1, y) || outside(m, x + 1, y) ||
           outside(m, x, y - 1) || outside(m, x, y + 1);
}

int vf_mapcheck_has_exit(vf_rmap *m)
{
    for (int y = 0; y < m->grid.h; y++)
        for (int x = 0; x < m->grid.w; x++) {
            int g = vf_grid_get(&m->grid, x, y);
            if (g < 0 || g == ' ') continue;
            unsigned p = vf_feature_props(vf_mapconn_feature(m, x, y));
            /* A stair means the map may stand alone. */
            if ((p & VF_FP_STAIR) && !(p & VF_FP_HATCH)) return 1;
            int may_exit = g == '@' || g == '=' || g == '+' ||
                           !(p & VF_FP_SOLID) || (p & VF_FP_DOOR);
            if (may_exit && on_edge(m, x, y)) return 1;
        }
    return 0;
}

static int check_exit(vf_rmap *m, vf_sbuf *err)
{
    if (orient_is(m, "encompass") || vf_rmap_has_tag(m, "unrand") ||
        vf_rmap_has_tag(m, "dummy") || vf_rmap_has_tag(m, "no_exits") ||
        m->grid.w <= 0 || m->grid.h <= 0 || vf_mapcheck_has_exit(m))
        return 0;
    vf_sbuf_printf(err, "Map '%s' has no (possible) exits; use TAGS: "
                   "no_exits if this is intentional",
                   m->def ? m->def->name : "");
    return -1;
}

/* ---- placeable ----------------------------------------------------------- */

/* Whether a DEPTH or PLACE value holds a range (blanks and commas alone
 * are none). */
static int has_ranges(const char *s)
{
    return s[strspn(s, " \t,")] != 0;
}

static int is_flag(const char *tag, vf_flag_fn flag, void *ctx)
{
    static const char *const prefixes[] = {
        "luniq_", "buniq_", "uniq_", "ruin_", "chance_", NULL};
    for (int i = 0; prefixes[i]; i++)
        if (!strncmp(tag, prefixes[i], strlen(prefixes[i]))) return 1;
    return flag && flag(ctx, tag);
}

static int check_placeable(const vf_rmap *m, vf_flag_fn flag, void *ctx,
                           vf_sbuf *err)
{
    if (has_ranges(vf_sbuf_str(&m->depth)) ||
        has_ranges(vf_sbuf_str(&m->place)))
        return 0;
    taglist t;
    tags_get(m, &t);
    int selectable = 0;
    for (size_t i = 0; i < t.n && !selectable; i++)
        selectable = !is_flag(t.v[i], flag, ctx);
    tags_free(&t);
    if (selectable) return 0;
    vf_sbuf_printf(err, "Map '%s' has no DEPTH, no PLACE and no selectable "
                   "tag in '", m->def ? m->def->name : "");
    tags_describe(m, err);
    vf_sbuf_addc(err, '\'');
    return -1;
}

/* ---- all of them --------------------------------------------------------- */

int vf_mapcheck(vf_rmap *m, vf_flag_fn is_flag_fn, void *ctx, vf_sbuf *err)
{
    if (!has_ranges(vf_sbuf_str(&m->depth)) && m->def &&
        m->def->default_depth && has_ranges(m->def->default_depth)) {
        vf_sbuf_reset(&m->depth);
        vf_sbuf_adds(&m->depth, m->def->default_depth);
    }
    if ((place_in_temple(m) || has_tag_prefix(m, "temple_overflow_")) &&
        check_temple(m, err))
        return -1;
    if (vf_rmap_has_tag(m, "overwrite_floor_cell") &&
        (m->grid.w != 1 || m->grid.h != 1)) {
        vf_sbuf_adds(err, "Map tagged 'overwrite_floor_cell' must be 1x1");
        return -1;
    }
    if ((vf_rmap_has_tag(m, "abyss") || vf_rmap_has_tag(m, "abyss_rune")) &&
        check_abyss(m, err))
        return -1;
    if (check_bounds(m, err) || check_orient_size(m, err) ||
        check_exit(m, err))
        return -1;
    return check_placeable(m, is_flag_fn, ctx, err);
}
