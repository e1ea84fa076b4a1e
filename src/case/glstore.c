/* The built layouts of mode game, shared by the workers of a run.
 *
 * A layout map's build costs tens of milliseconds of Lua (the hyper
 * builder's grids and towns up to half a second), against a fraction of
 * a millisecond for the case that uses it. So a build is kept in memory
 * mapped shared before the workers fork (vf_gamelayouts_new): what one
 * worker built, the others copy. Slots are written once: a worker claims
 * an empty slot (empty -> claimed, atomically), fills it and marks it
 * ready; a ready slot never changes, so readers need no lock. A worker
 * killed while it fills a slot leaves it claimed for good, which costs
 * the others a build, never a wrong layout. Builds are deterministic, so
 * a layout two workers built at once is the same either way. */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "case_int.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* 8,192 slots of 11 kB (about 94 MB of address space, used as filled):
 * a whole-trunk run keeps about 1,500 (75 layout maps x VF_GAMELAYOUT_POOL
 * seeds per branch, and per level those whose build read the depth). */
#define SLOTS 8192
#define PROBES 16          /* slots looked at from a key's first */

enum { EMPTY, CLAIMED, READY };

struct case_glstore {
    case_glslot *slots;    /* SLOTS, shared after fork when mapped */
    int mapped;            /* from mmap (else calloc: this process only) */
};

case_glstore *case_glstore_new(void)
{
    case_glstore *s = vf_xmalloc(sizeof *s);
    size_t n = SLOTS * sizeof *s->slots;
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    s->mapped = p != MAP_FAILED;
    /* Without shared memory each worker keeps its own: slower, same
     * layouts. */
    s->slots = s->mapped ? p : vf_xcalloc(SLOTS, sizeof *s->slots);
    return s;
}

void case_glstore_free(case_glstore *s)
{
    if (!s) return;
    if (s->mapped) munmap(s->slots, SLOTS * sizeof *s->slots);
    else free(s->slots);
    free(s);
}

/* The first slot of a key. A layout kept for every depth of its branch
 * is filed under depth -1, one kept for a single level under its depth:
 * each level's builds get a probe of their own (filed together, the 15
 * levels of the Dungeon would fill one probe, and a level past it would
 * be built again at every draw). */
static size_t first_slot(const vf_mapdef *def, uint64_t seed, int branch,
                         int depth)
{
    uint64_t h = vf_hash(seed, def->name, strlen(def->name));
    h ^= (uint64_t)(unsigned)branch | (uint64_t)(unsigned)depth << 32;
    return (size_t)(vf_seed_mix(h) % SLOTS);
}

static int holds(const case_glslot *s, const vf_mapdef *def, int k,
                 uint64_t seed, const vf_place *p)
{
    return s->def == def && s->k == k && s->seed == seed &&
           s->place.branch == p->branch &&
           (s->any_depth || s->place.depth == p->depth);
}

/* The slot holding the key along the probe from at, or NULL. */
static const case_glslot *probe(const case_glstore *st, size_t at,
                                const vf_mapdef *def, int k, uint64_t seed,
                                const vf_place *p)
{
    for (int i = 0; i < PROBES; i++) {
        const case_glslot *s = &st->slots[(at + (size_t)i) % SLOTS];
        unsigned state = atomic_load_explicit(&s->state,
                                              memory_order_acquire);
        if (state == EMPTY) return NULL;
        if (state == READY && holds(s, def, k, seed, p)) return s;
    }
    return NULL;
}

const case_glslot *case_glstore_find(const case_glstore *st,
                                     const vf_mapdef *def, int k,
                                     uint64_t seed, const vf_place *p)
{
    const case_glslot *s = probe(st, first_slot(def, seed, p->branch, -1),
                                 def, k, seed, p);
    return s ? s : probe(st, first_slot(def, seed, p->branch, p->depth),
                         def, k, seed, p);
}

void case_glstore_keep(case_glstore *st, const case_glslot *built)
{
    size_t at = first_slot(built->def, built->seed, built->place.branch,
                           built->any_depth ? -1 : built->place.depth);
    for (int i = 0; i < PROBES; i++) {
        case_glslot *s = &st->slots[(at + (size_t)i) % SLOTS];
        unsigned want = EMPTY;
        if (!atomic_compare_exchange_strong(&s->state, &want, CLAIMED))
            continue;
        /* Everything but the state, which says ready only once the rest
         * is written. */
        size_t off = offsetof(case_glslot, def);
        memcpy((char *)s + off, (const char *)built + off,
               sizeof *s - off);
        atomic_store_explicit(&s->state, READY, memory_order_release);
        return;
    }
    /* No room along the probe: the caller's copy serves this once. */
}
