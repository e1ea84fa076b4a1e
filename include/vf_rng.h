/* vf_rng: the seeded random numbers every transform and Lua call draws from.
 *
 * Generator: xoshiro256** (Blackman & Vigna), its state filled from the
 * seed by splitmix64. Bounded draws use Lemire's multiply-and-reject, so
 * they are unbiased and identical on every platform: the same seed gives the
 * same numbers everywhere, forever (tests pin the first values).
 *
 * Case seeds: a case (map, iteration) under a base seed gets
 *     vf_seed_case(base, name, iter) =
 *         mix(mix(mix(base) ^ fnv1a64(name)) ^ iter)
 * where mix is splitmix64's step (add 0x9E3779B97F4A7C15, then its
 * finaliser) and fnv1a64 is 64-bit FNV-1a over the name's bytes. So any
 * case can be replayed alone, whatever ran before it.
 *
 * A case in a layout other than placement.lua's empty level draws from
 *     vf_seed_layout_case(base, name, layout, iter) =
 *         mix(vf_seed_case(base, name, iter) ^ fnv1a64(layout))
 * (the empty level's is vf_seed_case itself), so the layouts of one
 * iteration are independent cases, not one draw seen six times. */
#ifndef VF_RNG_H
#define VF_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct vf_rng {
    uint64_t s[4];
} vf_rng;

void vf_rng_seed(vf_rng *r, uint64_t seed);
uint64_t vf_rng_u64(vf_rng *r);
/* Uniform in [0, n); 0 when n is 0. */
uint32_t vf_rng_below(vf_rng *r, uint32_t n);

uint64_t vf_seed_mix(uint64_t x);
uint64_t vf_seed_case(uint64_t base, const char *name, uint32_t iter);
/* layout: the mode's name ("rooms"); NULL or "empty": vf_seed_case. */
uint64_t vf_seed_layout_case(uint64_t base, const char *name,
                             const char *layout, uint32_t iter);

/* 64-bit FNV-1a of n bytes, continuing from h (start with VF_HASH_INIT):
 * the name hash of vf_seed_case, also used to fingerprint inputs. */
#define VF_HASH_INIT 0xCBF29CE484222325u
uint64_t vf_hash(uint64_t h, const void *p, size_t n);

/* The game's helpers (random.cc), with the same edge cases and draws;
 * where the game's int arithmetic overflows (INT_MIN / -1, a span or sum
 * past INT_MAX) these compute in 64 bits or saturate: no input is UB. */
int vf_random2(vf_rng *r, int max);                /* [0, max); 0 if max<=1 */
int vf_random_range(vf_rng *r, int lo, int hi);    /* [lo, hi] */
int vf_random2avg(vf_rng *r, int max, int rolls);
int vf_coinflip(vf_rng *r);
int vf_one_chance_in(vf_rng *r, int a);
int vf_x_chance_in_y(vf_rng *r, int x, int y);
int vf_roll_dice(vf_rng *r, int num, int size);    /* [num, num*size],
                                                     * at most INT_MAX */
int vf_div_rand_round(vf_rng *r, int num, int den);
double vf_random_real(vf_rng *r);                  /* [0, 1) */

#endif
