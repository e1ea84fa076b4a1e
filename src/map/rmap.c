/* The resolved map's state. */
#include "vf_rmap.h"

#include <stdlib.h>
#include <string.h>

void vf_rmap_init(vf_rmap *m, const vf_mapdef *def, vf_rng *rng)
{
    memset(m, 0, sizeof *m);
    m->def = def;
    m->rng = rng;
    vf_grid_init(&m->grid);
    vf_rmap_reset(m);
}

static void free_merged(vf_rmap *m)
{
    for (int i = 0; i < m->nxspec; i++) {
        vf_keyspec_free(m->xspec[i]);
        free(m->xspec[i]);
    }
    free(m->xspec);
    m->xspec = NULL;
    m->nxspec = m->xspec_cap = 0;
    for (size_t i = 0; i < m->nsvplaces; i++) free(m->svplaces[i].name);
    free(m->svplaces);
    m->svplaces = NULL;
    m->nsvplaces = m->svplaces_cap = 0;
}

static void free_keyed(vf_rmap *m)
{
    for (int g = 0; g < 256; g++) {
        if (!m->keyspec[g]) continue;
        vf_keyspec_free(m->keyspec[g]);
        free(m->keyspec[g]);
        m->keyspec[g] = NULL;
    }
    free_merged(m);
    vf_overlay_free(&m->overlay);
    vf_rmap_clear_markers(m);
    free(m->markers);
    m->markers = NULL;
    m->markers_cap = 0;
}

void vf_rmap_reset(vf_rmap *m)
{
    vf_grid_clear(&m->grid);
    vf_sbuf_reset(&m->tags);
    vf_sbuf_adds(&m->tags, " ");
    if (m->forced_tags) vf_rmap_add_tags(m, m->forced_tags);
    free(m->orient);
    m->orient = NULL;
    vf_sbuf_reset(&m->depth);
    vf_sbuf_reset(&m->place);
    vf_depths_clear(&m->depths);
    vf_depths_clear(&m->places);
    vf_depth_values_free(&m->weights);
    vf_depth_values_free(&m->chances);
    m->weight = 10;
    m->chance = -1;
    m->order = 0;
    m->post_place_hooks = 0;
    free_keyed(m);
    vf_strlist_free(&m->mons);
    memset(m->mons_line, 0, sizeof m->mons_line);
    vf_strlist_free(&m->items);
    vf_strlist_free(&m->subvaults);
}

void vf_rmap_free(vf_rmap *m)
{
    vf_rmap_reset(m);
    vf_grid_free(&m->grid);
    vf_sbuf_free(&m->tags);
    vf_sbuf_free(&m->depth);
    vf_sbuf_free(&m->place);
    vf_depths_free(&m->depths);
    vf_depths_free(&m->places);
}

void vf_rmap_seed(vf_rmap *m, const vf_rmap *src)
{
    vf_sbuf_reset(&m->tags);
    vf_sbuf_adds(&m->tags, vf_sbuf_str(&src->tags));
    free(m->orient);
    m->orient = src->orient ? vf_xstrdup(src->orient) : NULL;
    vf_sbuf_reset(&m->depth);
    vf_sbuf_adds(&m->depth, vf_sbuf_str(&src->depth));
    vf_sbuf_reset(&m->place);
    vf_sbuf_adds(&m->place, vf_sbuf_str(&src->place));
    vf_depths_copy(&m->depths, &src->depths);
    vf_depths_copy(&m->places, &src->places);
}

int vf_rmap_weight_at(const vf_rmap *m, const vf_place *p)
{
    return vf_depth_values_get(m->game, &m->weights, p, m->weight);
}

/* Calls f on each space-separated word of s. */
static void each_word(vf_rmap *m, const char *s,
                      void (*f)(vf_rmap *, const char *, size_t))
{
    while (*s) {
        while (*s == ' ' || *s == '\t') s++;
        const char *e = s;
        while (*e && *e != ' ' && *e != '\t') e++;
        if (e > s) f(m, s, (size_t)(e - s));
        s = e;
    }
}

/* Offset of " word " in the tag string, or -1. */
static long find_tag(const vf_rmap *m, const char *w, size_t n)
{
    const char *t = vf_sbuf_str(&m->tags);
    for (const char *p = t; (p = strchr(p, ' ')) != NULL; p++)
        if (!strncmp(p + 1, w, n) && p[1 + n] == ' ') return p - t;
    return -1;
}

static void add_tag(vf_rmap *m, const char *w, size_t n)
{
    if (find_tag(m, w, n) >= 0) return;
    vf_sbuf_add(&m->tags, w, n);
    vf_sbuf_addc(&m->tags, ' ');
}

static void remove_tag(vf_rmap *m, const char *w, size_t n)
{
    long at = find_tag(m, w, n);
    if (at < 0) return;
    char *t = m->tags.s + at;
    memmove(t, t + n + 1, m->tags.len - (size_t)at - n);
    m->tags.len -= n + 1;
}

void vf_rmap_add_tags(vf_rmap *m, const char *words)
{
    each_word(m, words, add_tag);
}

void vf_rmap_remove_tags(vf_rmap *m, const char *words)
{
    each_word(m, words, remove_tag);
}

int vf_rmap_has_tag(const vf_rmap *m, const char *tag)
{
    return find_tag(m, tag, strlen(tag)) >= 0;
}

int vf_rmap_is_encompass(const vf_rmap *m)
{
    return m->orient && !strcmp(m->orient, "encompass");
}

void vf_rmap_fixup(vf_rmap *m)
{
    vf_grid_normalise(&m->grid, ' ');
    if (!m->orient) {
        m->orient = vf_xstrdup("float");
        vf_rmap_add_tags(m, "minivault");
    }
}

/* Clockwise successor of each compass orientation. */
static const char *const compass[8] = {
    "north", "northeast", "east", "southeast",
    "south", "southwest", "west", "northwest"};

static int compass_index(const char *o)
{
    for (int i = 0; i < 8; i++)
        if (!strcmp(compass[i], o)) return i;
    return -1;
}

const char *vf_orient_after(const char *o, const char *t)
{
    int i = o ? compass_index(o) : -1;
    if (i < 0) return o;
    if (!strcmp(t, "cw")) return compass[(i + 2) % 8];
    if (!strcmp(t, "ccw")) return compass[(i + 6) % 8];
    /* Mirrors reflect across the vertical (h) or horizontal (v) axis. */
    if (!strcmp(t, "h")) return compass[(8 - i) % 8];
    if (!strcmp(t, "v")) return compass[(12 - i) % 8];
    return o;
}

static void turn(vf_rmap *m, const char *t)
{
    const char *o = vf_orient_after(m->orient, t);
    if (o != m->orient) {
        char *n = vf_xstrdup(o);
        free(m->orient);
        m->orient = n;
    }
}

/* Where a marker at (x, y) lands under transform t of a w x h grid: the
 * inverse of vf_grid's formulas, as the game's *_marker functions. */
static void move_point(const char *t, int w, int h, int *x, int *y)
{
    int ox = *x, oy = *y;
    if (!strcmp(t, "h")) *x = w - 1 - ox;
    else if (!strcmp(t, "v")) *y = h - 1 - oy;
    else if (!strcmp(t, "cw")) *x = h - 1 - oy, *y = ox;
    else *x = oy, *y = w - 1 - ox;   /* ccw */
}

/* A merged rectangle under transform t of a w x h grid: its corners
 * moved, then put back in order (the game's subvault_place update). */
static void move_rect(const char *t, int w, int h, vf_svplace *p)
{
    int x1 = p->x, y1 = p->y, x2 = p->x + p->w - 1, y2 = p->y + p->h - 1;
    move_point(t, w, h, &x1, &y1);
    move_point(t, w, h, &x2, &y2);
    p->x = x1 < x2 ? x1 : x2;
    p->y = y1 < y2 ? y1 : y2;
    p->w = (x1 < x2 ? x2 - x1 : x1 - x2) + 1;
    p->h = (y1 < y2 ? y2 - y1 : y1 - y2) + 1;
}

/* Applies transform t to the grid and everything written on its cells. */
static void transform(vf_rmap *m, const char *t)
{
    vf_grid_normalise(&m->grid, ' ');
    int w = m->grid.w, h = m->grid.h;
    if (!strcmp(t, "h")) {
        vf_grid_hmirror(&m->grid);
        vf_overlay_hmirror(&m->overlay, w, h);
    } else if (!strcmp(t, "v")) {
        vf_grid_vmirror(&m->grid);
        vf_overlay_vmirror(&m->overlay, w, h);
    } else {
        vf_grid_rotate(&m->grid, !strcmp(t, "cw"));
        vf_overlay_rotate(&m->overlay, w, h, !strcmp(t, "cw"));
    }
    for (size_t i = 0; i < m->nmarkers; i++)
        move_point(t, w, h, &m->markers[i].x, &m->markers[i].y);
    for (size_t i = 0; i < m->nsvplaces; i++)
        move_rect(t, w, h, &m->svplaces[i]);
    turn(m, t);
}

#define MAX_ROTATE 70  /* min(GXM, GYM) */

int vf_rmap_transform(vf_rmap *m, const char *t)
{
    int rot = !strcmp(t, "cw") || !strcmp(t, "ccw");
    if (rot ? vf_rmap_has_tag(m, "no_rotate") || m->grid.w > MAX_ROTATE ||
                  m->grid.h > MAX_ROTATE
            : vf_rmap_has_tag(m, *t == 'h' ? "no_hmirror" : "no_vmirror"))
        return 0;
    transform(m, t);
    return 1;
}

/* Whether the map's tags and size let flip t ("h", "v", "cw") happen. */
static int may(const vf_rmap *m, const char *t)
{
    if (*t == 'c')
        return !vf_rmap_has_tag(m, "no_rotate") && m->grid.w <= MAX_ROTATE
               && m->grid.h <= MAX_ROTATE;
    return !vf_rmap_has_tag(m, *t == 'h' ? "no_hmirror" : "no_vmirror");
}

/* One coin flip of _resolve_map, as a choice ('1' done, '0' not) when
 * its change can happen (t, as for may). */
static int flip(vf_rmap *m, char key, const char *t, const char *what)
{
    char drawn = vf_coinflip(m->rng) ? '1' : '0';
    if (!may(m, t)) return drawn == '1';
    vf_choice made = {.kind = VF_CHOICE_FLIP, .x = -1, .y = -1, .key = key,
                      .chose = (unsigned char)drawn};
    return vf_choices_make(m->choices, &made, "01", what) == '1';
}

void vf_rmap_flip_rotate(vf_rmap *m)
{
    if (m->grid.w == 1 && m->grid.h == 1) return;
    if (flip(m, 'h', "h", "mirror left-right")) vf_rmap_transform(m, "h");
    if (flip(m, 'v', "v", "mirror top-bottom")) vf_rmap_transform(m, "v");
    if (flip(m, 'r', "cw", "rotate")) {
        int clockwise = flip(m, 'c', "cw", "rotate clockwise");
        vf_rmap_transform(m, clockwise ? "cw" : "ccw");
    }
}
