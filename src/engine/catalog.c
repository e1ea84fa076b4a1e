/* The maps' index: load-time values of every map, and choosing by tag
 * (maps.cc map_selector TAG, _random_map_in_list; mapdef.cc
 * _register_subvault). */
#include "vf_catalog.h"
#include "engine_int.h"
#include "vf_mapcheck.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- building ------------------------------------------------------------ */

/* One (tag, map) pair of the tag index. */
typedef struct tagged {
    const char *tag;          /* into the map's tags; not terminated */
    size_t len;
    size_t map;
} tagged;

struct vf_catalog {
    const vf_desset *set;
    vf_engine_config cfg;
    vf_engine *loader;        /* made on first need */
    vf_mapinfo *maps;         /* parallel to set->maps */
    unsigned char *filled;
    size_t n, nfilled;
    tagged *index;            /* every tag of every map, by tag then map;
                               * made when the last entry is filled */
    size_t nindex;
    size_t *placed;           /* the maps with a PLACE, in order; made
                               * with the index */
    size_t nplaced;
    long *encompass;          /* per level (enc_at[branch] + depth - 1):
                               * place_encompass's answer, a map's index
                               * or -1; made with the index */
    size_t *enc_at;           /* per branch, and one past the last */
};

static int cmp_tag(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

static int cmp_tagged(const void *pa, const void *pb)
{
    const tagged *a = pa, *b = pb;
    int c = cmp_tag(a->tag, a->len, b->tag, b->len);
    return c ? c : (a->map > b->map) - (a->map < b->map);
}

static const vf_mapinfo *encompass_scan(const vf_catalog *c,
                                        const vf_place *p);

/* place_encompass's answer at every level of every branch: every layout
 * case asks it, and the answer depends on the place alone. */
static void encompass_table(vf_catalog *c)
{
    const vf_game *g = &c->cfg.game;
    size_t nb = vf_branch_count(g), levels = 0;
    c->enc_at = vf_xmalloc((nb + 1) * sizeof *c->enc_at);
    for (size_t b = 0; b < nb; b++) {
        c->enc_at[b] = levels;
        levels += (size_t)vf_branch_get(g, (int)b)->depth;
    }
    c->enc_at[nb] = levels;
    c->encompass = vf_xmalloc((levels ? levels : 1) * sizeof *c->encompass);
    for (size_t b = 0; b < nb; b++)
        for (int d = 1; d <= vf_branch_get(g, (int)b)->depth; d++) {
            vf_place p = {(int)b, d};
            const vf_mapinfo *i = encompass_scan(c, &p);
            c->encompass[c->enc_at[b] + (size_t)d - 1] =
                i ? (long)(i - c->maps) : -1;
        }
}

/* The tag index: choosing by tag looks only at the maps carrying the
 * first wanted tag, not at every map. */
static void build_index(vf_catalog *c)
{
    size_t cap = 0;
    for (size_t k = 0; k < c->n; k++)
        for (const char *t = c->maps[k].tags; *t; t++) cap += *t == ' ';
    c->index = vf_xmalloc((cap ? cap : 1) * sizeof *c->index);
    for (size_t k = 0; k < c->n; k++) {
        const char *t = c->maps[k].tags;
        while (*t) {
            while (*t == ' ') t++;
            size_t len = strcspn(t, " ");
            if (len) c->index[c->nindex++] = (tagged){t, len, k};
            t += len;
        }
    }
    qsort(c->index, c->nindex, sizeof *c->index, cmp_tagged);
    c->placed = vf_xmalloc((c->n ? c->n : 1) * sizeof *c->placed);
    for (size_t k = 0; k < c->n; k++)
        if (c->maps[k].places.n) c->placed[c->nplaced++] = k;
    encompass_table(c);
}

static void fill(vf_mapinfo *i, const vf_game *g, const vf_mapdef *def,
                 const vf_rmap *m, int loaded, char *problem)
{
    i->def = def;
    i->game = g;
    i->loaded = loaded;
    i->problem = problem;
    i->tags = vf_xstrdup(vf_sbuf_str(&m->tags));
    i->orient = m->orient ? vf_xstrdup(m->orient) : NULL;
    i->depth = vf_xstrdup(vf_sbuf_str(&m->depth));
    i->place = vf_xstrdup(vf_sbuf_str(&m->place));
    vf_depths_copy(&i->depths, &m->depths);
    vf_depths_copy(&i->places, &m->places);
    /* validate_map_def: no DEPTH of its own, the file's default-depth. */
    if (!i->depths.n && def->default_depth) {
        vf_sbuf ignore = VF_SBUF_INIT;
        vf_depths_add(g, &i->depths, def->default_depth, &ignore);
        vf_sbuf_free(&ignore);
    }
    i->weight = m->weight;
    vf_depth_values_copy(&i->weights, &m->weights);
    i->chance = m->chance;
    vf_depth_values_copy(&i->chances, &m->chances);
}

vf_catalog *vf_catalog_new(const vf_desset *set, const vf_engine_config *cfg)
{
    vf_catalog *c = vf_xcalloc(1, sizeof *c);
    c->set = set;
    c->cfg = *cfg;
    c->cfg.catalog = NULL;
    c->n = set->nmaps;
    c->maps = vf_xcalloc(c->n ? c->n : 1, sizeof *c->maps);
    c->filled = vf_xcalloc(c->n ? c->n : 1, 1);
    return c;
}

static vf_engine *loader_new(const vf_catalog *c, vf_sbuf *err)
{
    vf_diag d;
    vf_diag_init(&d);
    vf_engine *e = vf_engine_new(c->set, &c->cfg, &d, err);
    vf_diag_free(&d);
    if (e) e->loading = 1;
    return e;
}

/* Entry k from the map's load-time run on loader; touches nothing else of
 * c, so several threads may fill different entries at once. */
static void fill_entry(vf_catalog *c, vf_engine *loader, size_t k)
{
    const vf_mapdef *def = &c->set->maps[k];
    vf_rmap m;
    vf_rmap_init(&m, def, NULL);
    vf_sbuf why = VF_SBUF_INIT;
    vf_resolve_req rq = {.def = def, .seed = vf_seed_case(0, def->name, 0),
                         .validating = 1};
    vf_resolve_status st = vf_engine_resolve(loader, &rq, &m, &why);
    int loaded = st != VF_LUA_ERROR;
    int failed = !loaded || vf_mapcheck(&m, vf_engine_is_flag, loader, &why);
    fill(&c->maps[k], &c->cfg.game, def, &m, loaded,
         failed ? vf_sbuf_take(&why) : NULL);
    vf_sbuf_free(&why);
    vf_rmap_free(&m);
    c->filled[k] = 1;
}

static void finish(vf_catalog *c)
{
    c->nfilled = c->n;
    vf_engine_free(c->loader);
    c->loader = NULL;
    build_index(c);
}

/* Fills entry k with the map's load-time run. */
static int fill_one(vf_catalog *c, size_t k, vf_sbuf *err)
{
    if (!c->loader && !(c->loader = loader_new(c, err))) return -1;
    fill_entry(c, c->loader, k);
    if (++c->nfilled == c->n) finish(c);
    return 0;
}

int vf_catalog_complete(vf_catalog *c, vf_sbuf *err)
{
    if (c->nfilled == c->n) return 0;
    for (size_t k = 0; k < c->n; k++)
        if (!c->filled[k] && fill_one(c, k, err)) return -1;
    return 0;
}

/* ---- building on several threads ---------------------------------------- */

typedef struct filler {
    vf_catalog *c;
    atomic_size_t *next;     /* the next entry anyone may take */
    vf_sbuf err;             /* why this thread's engine did not start */
    int failed;
} filler;

/* Takes entries one at a time, so one slow map holds up one thread only. */
static void *fill_some(void *arg)
{
    filler *f = arg;
    vf_engine *loader = loader_new(f->c, &f->err);
    if (!loader) {
        f->failed = 1;
        return NULL;
    }
    for (size_t k; (k = atomic_fetch_add(f->next, 1)) < f->c->n;)
        fill_entry(f->c, loader, k);
    vf_engine_free(loader);
    return NULL;
}

/* Threads beyond the first run fill_some; the caller runs it too. A
 * thread that cannot be made leaves its share to the others; an engine
 * that cannot start fails the whole (every thread's would, alike). */
static int complete_threaded(vf_catalog *c, int threads, vf_sbuf *err)
{
    atomic_size_t next = 0;
    filler *f = vf_xcalloc((size_t)threads, sizeof *f);
    pthread_t *t = vf_xcalloc((size_t)threads, sizeof *t);
    int *started = vf_xcalloc((size_t)threads, sizeof *started);
    for (int i = 0; i < threads; i++) {
        f[i].c = c;
        f[i].next = &next;
    }
    for (int i = 1; i < threads; i++)
        started[i] = pthread_create(&t[i], NULL, fill_some, &f[i]) == 0;
    fill_some(&f[0]);
    for (int i = 1; i < threads; i++)
        if (started[i]) pthread_join(t[i], NULL);
    int rc = 0;
    for (int i = 0; i < threads && !rc; i++)
        if (f[i].failed) {
            vf_sbuf_printf(err, "%s", vf_sbuf_str(&f[i].err));
            rc = -1;
        }
    for (int i = 0; i < threads; i++) vf_sbuf_free(&f[i].err);
    free(started);
    free(t);
    free(f);
    if (rc == 0) finish(c);
    return rc;
}

vf_catalog *vf_catalog_build(const vf_desset *set,
                             const vf_engine_config *cfg, int threads,
                             vf_sbuf *err)
{
    vf_catalog *c = vf_catalog_new(set, cfg);
    int rc = threads > 1 && c->n > 1 ? complete_threaded(c, threads, err)
                                     : vf_catalog_complete(c, err);
    if (rc == 0) return c;
    vf_catalog_free(c);
    return NULL;
}

void vf_catalog_free(vf_catalog *c)
{
    if (!c) return;
    for (size_t k = 0; k < c->n; k++) {
        vf_mapinfo *i = &c->maps[k];
        free(i->tags);
        free(i->problem);
        free(i->orient);
        free(i->depth);
        free(i->place);
        vf_depths_free(&i->depths);
        vf_depths_free(&i->places);
        vf_depth_values_free(&i->weights);
        vf_depth_values_free(&i->chances);
    }
    vf_engine_free(c->loader);
    free(c->maps);
    free(c->filled);
    free(c->index);
    free(c->placed);
    free(c->encompass);
    free(c->enc_at);
    free(c);
}

const vf_mapinfo *vf_catalog_info(vf_catalog *c, const vf_mapdef *def,
                                  vf_sbuf *err)
{
    size_t k = (size_t)(def - c->set->maps);
    if (k >= c->n) return NULL;
    if (!c->filled[k] && fill_one(c, k, err)) return NULL;
    return &c->maps[k];
}

const vf_mapinfo *vf_catalog_entry(const vf_catalog *c, const vf_mapdef *def)
{
    size_t k = (size_t)(def - c->set->maps);
    return k < c->n && c->filled[k] ? &c->maps[k] : NULL;
}

/* ---- questions ----------------------------------------------------------- */

/* Whether " word " is in a " a b " tag string. */
static int has_word(const char *tags, const char *w, size_t n)
{
    for (const char *p = strchr(tags, ' '); p; p = strchr(p + 1, ' '))
        if (!strncmp(p + 1, w, n) && p[1 + n] == ' ') return 1;
    return 0;
}

int vf_mapinfo_has_tag(const vf_mapinfo *i, const char *tag, size_t n)
{
    return has_word(i->tags, tag, n);
}

void vf_mapinfo_seed(const vf_mapinfo *i, vf_rmap *m)
{
    vf_rmap_add_tags(m, i->tags);
    free(m->orient);
    m->orient = i->orient ? vf_xstrdup(i->orient) : NULL;
    vf_sbuf_reset(&m->depth);
    vf_sbuf_adds(&m->depth, i->depth);
    vf_sbuf_reset(&m->place);
    vf_sbuf_adds(&m->place, i->place);
    vf_depths_copy(&m->depths, &i->depths);
    vf_depths_copy(&m->places, &i->places);
    m->weight = i->weight;
    vf_depth_values_copy(&m->weights, &i->weights);
    m->chance = i->chance;
    vf_depth_values_copy(&m->chances, &i->chances);
}

int vf_mapinfo_weight(const vf_mapinfo *i, const vf_place *p)
{
    return vf_depth_values_get(i->game, &i->weights, p, i->weight);
}

int vf_mapinfo_chance(const vf_mapinfo *i, const vf_place *p)
{
    return vf_depth_values_get(i->game, &i->chances, p, i->chance);
}

/* The tags the game's Vaults layout draws its rooms by (dat/dlua/
 * v_layouts.lua, its "tagged" generators), and its entries' prefix. */
static const char *const vaults_room_tags[] = {
    "vaults_room", "vaults_empty", "vaults_hard", "vaults_necropolis",
    "vaults_gulch"};
#define VAULTS_ENTRY_PREFIX "vaults_entry_"

/* Whether tags (" a b ") hold a word that starts with prefix and goes on. */
static int has_word_from(const char *tags, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = strchr(tags, ' '); p; p = strchr(p + 1, ' '))
        if (!strncmp(p + 1, prefix, n) && p[1 + n] && p[1 + n] != ' ')
            return 1;
    return 0;
}

static int vaults_room(const vf_mapinfo *i)
{
    for (size_t k = 0; k < sizeof vaults_room_tags / sizeof *vaults_room_tags;
         k++)
        if (has_word(i->tags, vaults_room_tags[k],
                     strlen(vaults_room_tags[k])))
            return 1;
    return has_word_from(i->tags, VAULTS_ENTRY_PREFIX);
}

int vf_mapinfo_drawn_in(const vf_mapinfo *i, vf_place *out)
{
    if (i->places.n || i->depths.n || !vaults_room(i)) return -1;
    char why[64];
    return vf_place_parse(i->game, "Vaults:1", out, why, sizeof why);
}

void vf_mapinfo_place(const vf_mapinfo *i, const vf_place *want,
                      vf_place *out)
{
    *out = *want;
    if ((!i->places.n && !i->depths.n) ||
        vf_depths_match(i->game, &i->places, want) ||
        vf_depths_match(i->game, &i->depths, want))
        return;
    if (vf_depths_first(i->game, &i->places, out) == 0) return;
    if (vf_depths_first(i->game, &i->depths, out) == 0) return;
    *out = *want;
}

/* Calls f on each space-separated word of s until it returns 0. */
static int each_word(const char *s, const void *ctx,
                     int (*f)(const void *, const char *, size_t))
{
    while (*s) {
        while (*s == ' ' || *s == '\t') s++;
        size_t n = strcspn(s, " \t");
        if (n && !f(ctx, s, n)) return 0;
        s += n;
    }
    return 1;
}

static int info_has(const void *info, const char *w, size_t n)
{
    return vf_mapinfo_has_tag(info, w, n);
}

static int listed(const vf_strlist *l, const char *w, size_t n)
{
    for (size_t i = 0; i < l->n; i++)
        if (strlen(l->v[i]) == n && !strncmp(l->v[i], w, n)) return 1;
    return 0;
}

static int tag_free(const void *used, const char *w, size_t n)
{
    return !listed(&((const vf_used *)used)->tags, w, n);
}

static int used_up(const vf_used *u, const vf_mapinfo *i)
{
    const char *name = i->def->name;
    return listed(&u->names, name, strlen(name)) ||
           !each_word(i->tags, u, tag_free);
}

/* Whether map i may be chosen for tags at place (one of its tags is
 * known to be wanted already). */
static int eligible(const vf_mapinfo *i, const vf_pick_req *q)
{
    if (!i->loaded || !each_word(q->tags, i, info_has)) return 0;
    if (q->check_depth && i->depths.n
        && !vf_depths_match(i->game, &i->depths, q->place))
        return 0;
    return !q->used || !used_up(q->used, i);
}

static int wanted(const vf_mapinfo *i, const vf_pick_req *q)
{
    return eligible(i, q) && (!q->keep || q->keep(q->ctx, i));
}

#define CHANCE_ROLL 10000   /* mapdef.h: a CHANCE is out of this */
#define CHANCE_MAPS 64

/* A weighted roll over the candidates, as they come; each one with a
 * weight is also listed in cand (up to cap) when cand is not NULL.
 * With chance set, maps with a CHANCE at the place are set aside in
 * chances (one per chance_* tag) instead. */
typedef struct roller {
    const vf_place *place;
    vf_rng *r;
    int total;
    const vf_mapinfo *chosen;
    const vf_mapinfo **cand;
    size_t ncand, cap;
    int chance;
    const vf_mapinfo *chances[CHANCE_MAPS];
    size_t nchances;
} roller;

/* The map's first chance_* tag (maps.cc vault_chance_tag), its length in
 * *n; NULL when it has none. */
static const char *chance_tag(const vf_mapinfo *i, size_t *n)
{
    const char *t = strstr(i->tags, " chance_");
    if (!t) return NULL;
    *n = strcspn(t + 1, " ");
    return t + 1;
}

/* maps.cc _vault_chance_new: a map with a CHANCE is rolled unless one
 * with the same chance_* tag came first. */
static void set_aside(roller *ro, const vf_mapinfo *i)
{
    size_t n, m;
    const char *tag = chance_tag(i, &n);
    for (size_t k = 0; tag && k < ro->nchances; k++) {
        const char *other = chance_tag(ro->chances[k], &m);
        if (other && m == n && !strncmp(other, tag, n)) return;
    }
    if (ro->nchances < CHANCE_MAPS) ro->chances[ro->nchances++] = i;
}

/* Map i's turn in the roll, its CHANCE at the place (when ro->chance
 * asks) and weight there given. */
static void roll_with(roller *ro, const vf_mapinfo *i, int chance, int w)
{
    if (ro->chance && chance >= 0) {
        set_aside(ro, i);
        return;
    }
    if (w <= 0) return;
    ro->total += w;
    if (vf_x_chance_in_y(ro->r, w, ro->total)) ro->chosen = i;
    if (ro->cand && ro->ncand < ro->cap) ro->cand[ro->ncand++] = i;
}

static void roll(roller *ro, const vf_mapinfo *i)
{
    int chance = ro->chance ? vf_mapinfo_chance(i, ro->place) : -1;
    roll_with(ro, i, chance, vf_mapinfo_weight(i, ro->place));
}

static void roll_each(void *ro, const vf_mapinfo *i)
{
    roll(ro, i);
}

/* The eligible maps for q, in the order the game rolls them, each given
 * to each(arg, map): of vf_catalog_pick_listed, vf_catalog_pick_if and
 * vf_catalog_list_if. */
static void pick_core(const vf_catalog *c, const vf_pick_req *q,
                      void (*each)(void *arg, const vf_mapinfo *i),
                      void *arg)
{
    const char *tags = q->tags;
    const char *first = tags + strspn(tags, " \t");
    size_t len = strcspn(first, " \t");
    if (!len) {   /* no tag wanted: every map, in order */
        for (size_t k = 0; k < c->n; k++)
            if (wanted(&c->maps[k], q)) each(arg, &c->maps[k]);
    } else {
        /* The first entry for the tag, then its run, in map order. */
        size_t lo = 0, hi = c->nindex;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (cmp_tag(c->index[mid].tag, c->index[mid].len, first, len) < 0)
                lo = mid + 1;
            else hi = mid;
        }
        for (; lo < c->nindex && !cmp_tag(c->index[lo].tag, c->index[lo].len,
                                          first, len); lo++) {
            const vf_mapinfo *i = &c->maps[c->index[lo].map];
            if (wanted(i, q)) each(arg, i);
        }
    }
}

const vf_mapinfo *vf_catalog_pick_listed(const vf_catalog *c,
                                         const vf_pick_req *q, vf_rng *r,
                                         const vf_mapinfo **cand, size_t cap,
                                         size_t *ncand)
{
    roller ro = {.place = q->place, .r = r, .cand = cand, .cap = cap};
    pick_core(c, q, roll_each, &ro);
    if (ncand) *ncand = ro.ncand;
    return ro.chosen;
}

/* maps.cc _resolve_chance_vault: a winner with a chance_* tag stands for
 * a weighted roll among the maps carrying that tag. */
static const vf_mapinfo *chance_winner(const vf_catalog *c,
                                       const vf_pick_req *q,
                                       const vf_mapinfo *i, vf_rng *r)
{
    size_t n;
    const char *tag = chance_tag(i, &n);
    if (!tag) return i;
    char want[128];
    snprintf(want, sizeof want, "%.*s", (int)n, tag);
    roller ro = {.place = q->place, .r = r};
    vf_pick_req of_tag = *q;
    of_tag.tags = want;
    pick_core(c, &of_tag, roll_each, &ro);
    return ro.chosen;
}

/* The maps set aside for their CHANCE rolled in turn, then the weighted
 * roll's winner: the end of vf_catalog_pick_if. */
static const vf_mapinfo *chances_then_chosen(const vf_catalog *c,
                                             const vf_pick_req *q,
                                             const roller *ro, vf_rng *r)
{
    for (size_t k = 0; k < ro->nchances; k++) {
        if (vf_random2(r, CHANCE_ROLL)
            >= vf_mapinfo_chance(ro->chances[k], q->place))
            continue;
        const vf_mapinfo *won = chance_winner(c, q, ro->chances[k], r);
        if (won) return won;
    }
    return ro->chosen;
}

const vf_mapinfo *vf_catalog_pick_if(const vf_catalog *c,
                                     const vf_pick_req *q, vf_rng *r)
{
    roller ro = {.place = q->place, .r = r, .chance = q->check_chance};
    pick_core(c, q, roll_each, &ro);
    return chances_then_chosen(c, q, &ro, r);
}

typedef struct lister {
    const vf_place *place;
    vf_pick_cand *cand;
    size_t n, cap;
} lister;

static void list_each(void *arg, const vf_mapinfo *i)
{
    lister *li = arg;
    if (li->n < li->cap) {
        vf_pick_cand *c = &li->cand[li->n];
        c->map = i;
        c->chance = vf_mapinfo_chance(i, li->place);
        c->weight = vf_mapinfo_weight(i, li->place);
    }
    li->n++;
}

size_t vf_catalog_list_if(const vf_catalog *c, const vf_pick_req *q,
                          vf_pick_cand *cand, size_t cap)
{
    lister li = {.place = q->place, .cand = cand, .cap = cap};
    vf_pick_req unused = *q;
    unused.used = NULL;
    pick_core(c, &unused, list_each, &li);
    return li.n;
}

const vf_mapinfo *vf_catalog_pick_from(const vf_catalog *c,
                                       const vf_pick_req *q,
                                       const vf_pick_cand *cand, size_t n,
                                       vf_rng *r)
{
    roller ro = {.place = q->place, .r = r, .chance = q->check_chance};
    for (size_t k = 0; k < n; k++)
        roll_with(&ro, cand[k].map, cand[k].chance, cand[k].weight);
    vf_pick_req unused = *q;
    unused.used = NULL;
    return chances_then_chosen(c, &unused, &ro, r);
}

const vf_mapinfo *vf_catalog_pick(const vf_catalog *c, const char *tags,
                                  int check_depth, const vf_place *place,
                                  const vf_used *used, vf_rng *r)
{
    vf_pick_req q = {.tags = tags, .check_depth = check_depth,
                     .place = place, .used = used};
    const vf_mapinfo *chosen = vf_catalog_pick_listed(c, &q, r, NULL, 0,
                                                      NULL);
    if (chosen && vf_mapinfo_has_tag(chosen, "dummy", 5)) return NULL;
    return chosen;
}

const vf_mapinfo *vf_catalog_failed_for(const vf_catalog *c, const char *tags)
{
    for (size_t k = 0; k < c->n; k++) {
        const vf_mapinfo *i = &c->maps[k];
        if (!i->loaded && i->problem && each_word(tags, i, info_has)) return i;
    }
    return NULL;
}

/* Whether a tag of the " a b " string tags starts with prefix. */
static int has_tag_prefix(const char *tags, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *t = strchr(tags, ' '); t; t = strchr(t + 1, ' '))
        if (!strncmp(t + 1, prefix, n)) return 1;
    return 0;
}

const vf_mapinfo *vf_catalog_place_encompass(const vf_catalog *c,
                                             const vf_place *p)
{
    size_t nb = vf_branch_count(&c->cfg.game);
    if (c->encompass && p->branch >= 0 && (size_t)p->branch < nb &&
        p->depth >= 1 &&
        c->enc_at[p->branch] + (size_t)p->depth <= c->enc_at[p->branch + 1]) {
        long k = c->encompass[c->enc_at[p->branch] + (size_t)p->depth - 1];
        return k < 0 ? NULL : &c->maps[k];
    }
    return encompass_scan(c, p);
}

static const vf_mapinfo *encompass_scan(const vf_catalog *c,
                                        const vf_place *p)
{
    const vf_mapinfo *first = NULL;
    /* Once the index is made, only the few maps with a PLACE are looked
     * at. */
    size_t n = c->index ? c->nplaced : c->n;
    for (size_t k = 0; k < n; k++) {
        const vf_mapinfo *i = &c->maps[c->index ? c->placed[k] : k];
        /* maps.cc map_selector::accept, PLACE: not a minivault, PLACE
         * allows the level, not a tutorial map outside the tutorial; the
         * roll skips maps without a weight there. */
        if (!i->places.n || !i->loaded || !i->orient ||
            !vf_depths_match(i->game, &i->places, p) ||
            vf_mapinfo_has_tag(i, "minivault", 9) ||
            vf_mapinfo_weight(i, p) <= 0 ||
            has_tag_prefix(i->tags, "tutorial"))   /* tutorial games only */
            continue;
        /* A dummy winning the roll means no map (_random_map_in_list):
         * the level could then take a vault by DEPTH after all. */
        if (strcmp(i->orient, "encompass") ||
            vf_mapinfo_has_tag(i, "dummy", 5))
            return NULL;
        if (!first) first = i;
    }
    return first;
}

/* ---- uniqueness ---------------------------------------------------------- */

static int add_uniq_tag(const void *u, const char *w, size_t n)
{
    if ((n >= 5 && !strncmp(w, "uniq_", 5)) ||
        (n >= 6 && (!strncmp(w, "luniq_", 6) || !strncmp(w, "buniq_", 6))))
        vf_strlist_push(&((vf_used *)u)->tags, vf_xstrndup(w, n));
    return 1;
}

void vf_used_add(vf_used *u, const char *name, const char *tags)
{
    if (!has_word(tags, "allow_dup", 9) || has_word(tags, "luniq", 5))
        vf_strlist_push(&u->names, vf_xstrdup(name));
    each_word(tags, u, add_uniq_tag);
}

static void truncate_list(vf_strlist *l, size_t n)
{
    while (l->n > n) free(l->v[--l->n]);
}

void vf_used_truncate(vf_used *u, size_t names, size_t tags)
{
    truncate_list(&u->names, names);
    truncate_list(&u->tags, tags);
}

void vf_used_free(vf_used *u)
{
    vf_strlist_free(&u->names);
    vf_strlist_free(&u->tags);
}
