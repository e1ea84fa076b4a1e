/* A worker's layouts, each built once per (layout, place, layout seed)
 * and copied into every case that draws it. A layout here never depends
 * on the vault: it is drawn on its own and copied round the vault's
 * cells (case_draw_layout), so a copy is the level a fresh build gives. */
#include "case_int.h"
#include "vf_layout.h"

#include <stdlib.h>

/* Two-way: a layout's key hashes to a set of two slots, and a new layout
 * takes the one used least lately. The five layouts' pools are 5 x
 * VF_LAYOUT_POOL = 1,280 layouts per place key, and a whole-trunk run
 * meets a few dozen keys: 4,096 slots threw layouts out so often that
 * half the draws of a run of ten iterations built again (a quarter of
 * the trunk: 30,000 builds for 64,000 draws; 65,536 slots: 15,000).
 * 16,384 slots hold a dozen keys' pools; at most about 92 MB, allocated
 * as slots are first used. Direct-mapped, two layouts drawn in turn that
 * hashed to one slot built each other out for ever: a rooms run of the
 * trunk built 2,893 layouts between 12 and 24 iterations, against 1,275
 * with room for all. A run hands its cases out by place (run.c
 * by_place), so with every layout it needs one place's pools at a time:
 * in the maps' own order a whole-trunk run of all five built each layout
 * about twice. */
#define SLOTS 16384
#define WAYS 2

/* A layout is keyed by what of its place the builders read
 * (vf_layout_place_key): D:8 and Lair:3 at the same depth share theirs. */
typedef struct slot {
    int used;
    vf_mode mode;
    uint64_t place;
    uint64_t seed;
    case_layout *lay;
} slot;

struct vf_layout_cache {
    slot slots[SLOTS];
    uint8_t recent[SLOTS / WAYS];   /* per set: the way used last */
    vf_layout_cache_stats stats;
};

vf_layout_cache *vf_layout_cache_new(void)
{
    return vf_xcalloc(1, sizeof(vf_layout_cache));
}

void vf_layout_cache_free(vf_layout_cache *c)
{
    if (!c) return;
    for (int i = 0; i < SLOTS; i++) free(c->slots[i].lay);
    free(c);
}

vf_layout_cache_stats vf_layout_cache_counts(const vf_layout_cache *c)
{
    return c->stats;
}

static size_t set_of(vf_mode m, uint64_t place, uint64_t seed)
{
    uint64_t h = vf_seed_mix(seed ^ ((uint64_t)m << 48) ^ place);
    return (size_t)(h % (SLOTS / WAYS));
}

static int holds(const slot *s, vf_mode m, uint64_t place, uint64_t seed)
{
    return s->used && s->mode == m && s->seed == seed && s->place == place;
}

const case_layout *case_layout_cached(vf_layout_cache *c, case_layout *scratch,
                                      const case_layout_key *k, vf_sbuf *err)
{
    if (!c) return case_layout_build(scratch, k, err) ? NULL : scratch;
    vf_mode m = k->mode;
    uint64_t seed = k->seed;
    uint64_t place = vf_layout_place_key(k->game, k->place);
    size_t set = set_of(m, place, seed);
    slot *ways = &c->slots[set * WAYS];
    for (int w = 0; w < WAYS; w++)
        if (holds(&ways[w], m, place, seed)) {
            c->stats.hits++;
            c->recent[set] = (uint8_t)w;
            return ways[w].lay;
        }
    c->stats.builds++;
    int w = (c->recent[set] + 1) % WAYS;   /* of two, the one not used last */
    c->recent[set] = (uint8_t)w;
    slot *s = &ways[w];
    if (!s->lay) s->lay = vf_xmalloc(sizeof *s->lay);
    s->used = 0;
    if (case_layout_build(s->lay, k, err)) return NULL;
    s->used = 1;
    s->mode = m;
    s->place = place;
    s->seed = seed;
    return s->lay;
}
