/* Per-cell overlays: KPROP, COLOUR, FHEIGHT and tiles (mapdef.cc's
 * overlay_matrix and the weighted lists that fill it). */
#include "vf_overlay.h"
#include "vf_gamever.h"
#include "vf_keyitem.h"
#include "vf_tagstr.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

const vf_ovcell vf_ovcell_none = {0, 0, VF_NO_HEIGHT, 0, 0, 0, 0, 0, 0, 0};

/* ---- names -------------------------------------------------------------- */

/* The 16 terminal colours, then the game's element colours, which COLOUR
 * also accepts. */
static const char *const colours[] = {
    "black", "blue", "green", "cyan", "red", "magenta", "brown",
    "lightgrey", "darkgrey", "lightblue", "lightgreen", "lightcyan",
    "lightred", "lightmagenta", "yellow", "white",
    "fire", "ice", "earth", "electricity", "air", "poison", "water",
    "magic", "mutagenic", "warp", "enchant", "heal", "holy", "dark",
    "death", "unholy", "vehumet", "beogh", "crystal", "blood", "smoke",
    "slime", "jewel", "elven", "dwarven", "orcish", "flash", "floor",
    "rock", "mist", "shimmer_blue", "decay", "silver", "gold", "iron",
    "steel", "bone", "elven_brick", "waves", "tree", "mangrove", "vortex",
    "liquefied", "orb_glow", "disjunction", "random", "dithmenos",
    "elemental", "incarnadine", "foul_flame", "mountain", "awoken_forest",
    "wu_jian", "candles", "glitter", "disco",
};

#define NCOLOURS ((int)(sizeof colours / sizeof *colours))

const char *vf_colour_name(int c)
{
    return c >= 0 && c < NCOLOURS ? colours[c] : NULL;
}

int vf_colour_by_name(const char *name)
{
    if (!strcmp(name, "lightgray")) return 7;
    if (!strcmp(name, "darkgray")) return 8;
    for (int i = 0; i < NCOLOURS; i++)
        if (!strcmp(colours[i], name)) return i;
    return -1;
}

static const struct { const char *name; uint32_t bit; } fprops[] = {
    {"bloody", VF_FPROP_BLOODY}, {"highlight", VF_FPROP_HIGHLIGHT},
    {"no_cloud_gen", VF_FPROP_NO_CLOUD_GEN},
    {"no_tele_into", VF_FPROP_NO_TELE_INTO}, {"no_tide", VF_FPROP_NO_TIDE},
    {"no_jiyva", VF_FPROP_NO_JIYVA}, {"no_automap", VF_FPROP_NO_AUTOMAP},
    {"no_submerge", VF_FPROP_NO_SUBMERGE},
};

#define NFPROPS (sizeof fprops / sizeof *fprops)

const char *vf_fprop_name(uint32_t bit)
{
    for (size_t i = 0; i < NFPROPS; i++)
        if (fprops[i].bit == bit) return fprops[i].name;
    return bit == VF_FPROP_OTHER ? "the checkout's own" : NULL;
}

uint32_t vf_fprop_by_name(const vf_game *g, const char *name)
{
    /* Which names exist is the game's (src/game/names.c). */
    if (!vf_gamever_fprop(g, name)) return 0;
    for (size_t i = 0; i < NFPROPS; i++)
        if (!strcmp(fprops[i].name, name)) return fprops[i].bit;
    return VF_FPROP_OTHER;
}

/* ---- the matrix --------------------------------------------------------- */

void vf_overlay_init(vf_overlay *ov)
{
    memset(ov, 0, sizeof *ov);
}

void vf_overlay_free(vf_overlay *ov)
{
    free(ov->cells);
    vf_strlist_free(&ov->tiles);
    vf_overlay_init(ov);
}

/* Grows the matrix to at least w x h, keeping every cell where it is. */
static void fit(vf_overlay *ov, int w, int h)
{
    if (ov->cells && w <= ov->w && h <= ov->h) return;
    int nw = w > ov->w ? w : ov->w, nh = h > ov->h ? h : ov->h;
    vf_ovcell *c = vf_xmalloc((size_t)(nw ? nw : 1) * (size_t)(nh ? nh : 1) *
                              sizeof *c);
    for (int y = 0; y < nh; y++)
        for (int x = 0; x < nw; x++)
            c[y * nw + x] = x < ov->w && y < ov->h ? ov->cells[y * ov->w + x]
                                                   : vf_ovcell_none;
    free(ov->cells);
    ov->cells = c;
    ov->w = nw;
    ov->h = nh;
}

const vf_ovcell *vf_overlay_at(const vf_overlay *ov, int x, int y)
{
    if (!ov->cells || x < 0 || y < 0 || x >= ov->w || y >= ov->h)
        return &vf_ovcell_none;
    return &ov->cells[y * ov->w + x];
}

vf_ovcell *vf_overlay_cell(vf_overlay *ov, int w, int h, int x, int y)
{
    fit(ov, w, h);
    return &ov->cells[y * ov->w + x];
}

static int intern_tile(vf_overlay *ov, const char *name);

/* A tile index of src as an index of dst. */
static int move_tile(vf_overlay *dst, const vf_overlay *src, int t)
{
    const char *name = vf_overlay_tile_name(src, t);
    return name ? intern_tile(dst, name) : 0;
}

void vf_overlay_copy_cell(vf_overlay *dst, vf_ovcell *to,
                          const vf_overlay *src, vf_ovcell from)
{
    from.floortile = move_tile(dst, src, from.floortile);
    from.rocktile = move_tile(dst, src, from.rocktile);
    from.tile = move_tile(dst, src, from.tile);
    *to = from;
}

/* How the matrix moves with the map's glyphs. */
typedef enum move { HMIRROR, VMIRROR, CW, CCW } move;

/* The old index of the cell that m moves to (x, y), in a w x h matrix. */
static int moved_from(move m, int w, int h, int x, int y)
{
    switch (m) {
    case HMIRROR: return y * w + (w - 1 - x);
    case VMIRROR: return (h - 1 - y) * w + x;
    case CW: return (h - 1 - x) * w + y;
    case CCW: return x * w + (w - 1 - y);
    }
    return 0;
}

/* Rebuilds the matrix as m moves it (a rotation swaps its sides). */
static void remap(vf_overlay *ov, move m)
{
    int rotated = m == CW || m == CCW;
    int nw = rotated ? ov->h : ov->w, nh = rotated ? ov->w : ov->h;
    vf_ovcell *c = vf_xmalloc((size_t)(nw ? nw : 1) * (size_t)(nh ? nh : 1) *
                              sizeof *c);
    for (int y = 0; y < nh; y++)
        for (int x = 0; x < nw; x++)
            c[y * nw + x] = ov->cells[moved_from(m, ov->w, ov->h, x, y)];
    free(ov->cells);
    ov->cells = c;
    ov->w = nw;
    ov->h = nh;
}

void vf_overlay_hmirror(vf_overlay *ov, int w, int h)
{
    if (!ov->cells) return;
    fit(ov, w, h);
    remap(ov, HMIRROR);
}

void vf_overlay_vmirror(vf_overlay *ov, int w, int h)
{
    if (!ov->cells) return;
    fit(ov, w, h);
    remap(ov, VMIRROR);
}

void vf_overlay_rotate(vf_overlay *ov, int w, int h, int clockwise)
{
    if (!ov->cells) return;
    fit(ov, w, h);
    remap(ov, clockwise ? CW : CCW);
}

const char *vf_overlay_tile_name(const vf_overlay *ov, int index)
{
    if (index < 1 || (size_t)index > ov->tiles.n) return NULL;
    return ov->tiles.v[index - 1];
}

/* ---- weighted value lists ---------------------------------------------- */

typedef struct wlist {
    int *value, *weight;
    int n, cap;
    int total;      /* the weights' sum: what a draw adds up */
    int fixed;      /* ':' form */
    int frozen;     /* the kept value, once drawn */
    int has_frozen;
    int nothing;    /* the value a ':' draw does not keep */
} wlist;

static void wlist_add(wlist *l, int value, int weight)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->value = vf_xrealloc(l->value, (size_t)l->cap * sizeof *l->value);
        l->weight = vf_xrealloc(l->weight, (size_t)l->cap * sizeof *l->weight);
    }
    l->value[l->n] = value;
    l->weight[l->n++] = weight;
}

static void wlist_free(wlist *l)
{
    free(l->value);
    free(l->weight);
}

static int intern_tile(vf_overlay *ov, const char *name)
{
    for (size_t i = 0; i < ov->tiles.n; i++)
        if (!strcmp(ov->tiles.v[i], name)) return (int)i + 1;
    vf_strlist_push(&ov->tiles, vf_xstrdup(name));
    return (int)ov->tiles.n;
}

/* A call's values being read into l: the overlay their tile names go
 * into, and the whole spec (s, n) for the messages. */
typedef struct wparse {
    wlist *l;
    vf_overlay *ov;
    vf_ovkind kind;
    const char *s;
    size_t n;
    vf_sbuf *err;
    const vf_game *game;
} wparse;

/* One value by kind (the game's map_*_list::parse); 0 when it is bad. */
static int parse_value(const wparse *p, const char *v, int *out)
{
    switch (p->kind) {
    case VF_OV_KPROP:
        if (!strcmp(v, "nothing")) return *out = 0, 1;
        return (*out = (int)vf_fprop_by_name(p->game, v)) != 0;
    case VF_OV_COLOUR:
        if (!strcmp(v, "none")) return *out = 0, 1;
        return (*out = vf_colour_by_name(v)) >= 0;
    case VF_OV_FHEIGHT: {
        char *end;
        long h = strtol(v, &end, 10);
        if (!*v || *end || h == VF_NO_HEIGHT) return 0;
        return *out = (int)h, 1;
    }
    default:
        if (!*v) return 0;
        return *out = intern_tile(p->ov, v), 1;
    }
}

static int nothing_of(vf_ovkind kind)
{
    /* Tiles keep any ':' draw: the game tracks "chosen" apart from the
     * value there, so no value is "nothing". */
    return kind == VF_OV_FHEIGHT ? VF_NO_HEIGHT
         : kind == VF_OV_KPROP || kind == VF_OV_COLOUR ? 0 : -1;
}

/* One "/"-separated value with its weight (the game's _parse_weighted_str
 * step): "w:N"/"weight:N" anywhere, else a ":N" suffix. */
static int parse_entry(const wparse *p, char *v)
{
    wlist *l = p->l;
    vf_sbuf *err = p->err;
    const char *spec = p->s;
    size_t spec_len = p->n;
    int w;
    if (vf_tag_weight_entry(v, &w)) {
        vf_sbuf_printf(err, "Invalid weight specifier in \"%.*s\"",
                       (int)spec_len, spec);
        return -1;
    }
    int value;
    if (!parse_value(p, v, &value)) {
        vf_sbuf_printf(err, "bad spec: '%s' in '%.*s'", v, (int)spec_len,
                       spec);
        return -1;
    }
    /* A draw sums the weights in an int, as the game's does (undefined
     * there past INT_MAX). */
    long long total = (long long)l->total + w;
    if (total > INT_MAX || total < INT_MIN) {
        vf_sbuf_printf(err, "weights in '%.*s' add up past %d",
                       (int)spec_len, spec, INT_MAX);
        return -1;
    }
    l->total = (int)total;
    wlist_add(l, value, w);
    return 0;
}

static int parse_wlist(const wparse *p, int fixed)
{
    const char *s = p->s;
    size_t n = p->n;
    memset(p->l, 0, sizeof *p->l);
    p->l->fixed = fixed;
    p->l->nothing = nothing_of(p->kind);
    for (size_t i = 0; i <= n;) {
        size_t j = i;
        while (j < n && s[j] != '/') j++;
        char *v = vf_xstrndup(s + i, j - i);
        vf_tag_trim(v);
        int rc = *v ? parse_entry(p, v) : 0;
        free(v);
        if (rc) return -1;
        i = j + 1;
    }
    return 0;
}

/* The game's weighted reservoir draw; starts from "nothing". */
static int draw(wlist *l, vf_rng *r)
{
    if (l->has_frozen) return l->frozen;
    int chosen = l->nothing < 0 ? 0 : l->nothing, total = 0;
    for (int i = 0; i < l->n; i++) {
        total += l->weight[i];
        if (vf_x_chance_in_y(r, l->weight[i], total)) chosen = l->value[i];
    }
    if (l->fixed && chosen != l->nothing) {
        l->frozen = chosen;
        l->has_frozen = 1;
    }
    return chosen;
}

/* ---- applying a call ---------------------------------------------------- */

/* What a call writes besides its values: its kind and, for tiles, the
 * no_random and last_tile flags. */
typedef struct ov_write {
    vf_ovkind kind;
    int no_random, last_tile;
} ov_write;

static void write_cell(vf_ovcell *c, const ov_write *w, int v)
{
    switch (w->kind) {
    case VF_OV_KPROP: c->props |= (uint32_t)v; return;
    case VF_OV_COLOUR: c->colour = v; return;
    case VF_OV_FHEIGHT: c->height = v; return;
    case VF_OV_FTILE: c->floortile = v; break;
    case VF_OV_TILE: c->tile = v; break;
    case VF_OV_RTILE: c->rocktile = v; break;
    }
    c->no_random = (unsigned char)w->no_random;
    c->last_tile = (unsigned char)w->last_tile;
}

/* Writes a draw from l onto every cell of g holding one of the keys, in
 * row order (the game's order, which fixes the order of the draws). */
static void write_keys(vf_overlay *ov, const ov_write *w, const vf_grid *g,
                       const vf_keyitem *ki, wlist *l, vf_rng *r)
{
    unsigned char keys[256] = {0};
    for (size_t i = 0; i < ki->key_len; i++)
        keys[(unsigned char)ki->key[i]] = 1;
    fit(ov, g->w, g->h);
    for (int y = 0; y < g->h; y++) {
        const char *row = vf_grid_row(g, y);
        for (int x = 0; x < g->len[y]; x++)
            if (keys[(unsigned char)row[x]])
                write_cell(&ov->cells[y * ov->w + x], w, draw(l, r));
    }
}

int vf_overlay_apply(vf_overlay *ov, const vf_ovcall *call,
                     const vf_grid *g, vf_rng *r, vf_sbuf *err)
{
    vf_ovkind kind = call->kind;
    const char *spec = call->spec;
    size_t n = call->n;
    char *s = vf_xstrndup(spec, n);
    vf_tag_trim(s);
    if (!*s) {   /* the game ignores an empty spec */
        free(s);
        return 0;
    }
    int tiles = kind == VF_OV_FTILE || kind == VF_OV_RTILE ||
                kind == VF_OV_TILE;
    ov_write w = {.kind = kind};
    if (tiles) {
        /* Tile flags may sit anywhere in the line, even before the key. */
        w.no_random = vf_tag_strip(s, "no_random");
        w.last_tile = vf_tag_strip(s, "last_tile");
    }
    /* Other kinds split the line as given, blanks and all. */
    vf_keyitem ki;
    wlist l = {0};
    int rc = tiles ? vf_keyitem_split(s, strlen(s), 0, &ki, err)
                   : vf_keyitem_split(spec, n, 0, &ki, err);
    wparse p = {.l = &l, .ov = ov, .kind = kind, .s = ki.arg,
                .n = ki.arg_len, .err = err, .game = call->game};
    if (rc == 0) rc = parse_wlist(&p, ki.sep == ':');
    if (rc == 0) write_keys(ov, &w, g, &ki, &l, r);
    wlist_free(&l);
    free(s);
    return rc;
}
