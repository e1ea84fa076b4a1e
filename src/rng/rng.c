/* xoshiro256** with splitmix64 seeding, and the game's random helpers. */
#include "vf_rng.h"

#include <limits.h>
#include <string.h>

uint64_t vf_seed_mix(uint64_t x)
{
    uint64_t z = x + 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void vf_rng_seed(vf_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        r->s[i] = vf_seed_mix(x);
        x += 0x9E3779B97F4A7C15u;
    }
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t vf_rng_u64(vf_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t vf_rng_below(vf_rng *r, uint32_t n)
{
    if (n == 0) return 0;
    uint64_t m = (vf_rng_u64(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (vf_rng_u64(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

uint64_t vf_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001B3u;
    return h;
}

uint64_t vf_seed_case(uint64_t base, const char *name, uint32_t iter)
{
    uint64_t h = vf_hash(VF_HASH_INIT, name, strlen(name));
    return vf_seed_mix(vf_seed_mix(vf_seed_mix(base) ^ h) ^ iter);
}

uint64_t vf_seed_layout_case(uint64_t base, const char *name,
                             const char *layout, uint32_t iter)
{
    uint64_t c = vf_seed_case(base, name, iter);
    if (!layout || !strcmp(layout, "empty")) return c;
    return vf_seed_mix(c ^ vf_hash(VF_HASH_INIT, layout, strlen(layout)));
}

int vf_random2(vf_rng *r, int max)
{
    return max <= 1 ? 0 : (int)vf_rng_below(r, (uint32_t)max);
}

/* random2 over a span an int cannot hold (hi - lo + 1, max + 1): the same
 * draw as random2 wherever random2 could take the span, and the whole 32
 * bits for the one span past UINT32_MAX (INT_MIN..INT_MAX). The game
 * computes these spans in int and overflows; vault code reaches them. */
static int64_t random2_wide(vf_rng *r, int64_t span)
{
    if (span <= 1) return 0;
    if (span <= (int64_t)UINT32_MAX) return vf_rng_below(r, (uint32_t)span);
    return (int64_t)(vf_rng_u64(r) >> 32);
}

int vf_random_range(vf_rng *r, int lo, int hi)
{
    if (hi < lo) return lo;
    return (int)(lo + random2_wide(r, (int64_t)hi - lo + 1));
}

/* The sum is kept in 64 bits: each roll is at most max, so the average
 * always fits an int. */
int vf_random2avg(vf_rng *r, int max, int rolls)
{
    if (rolls < 1) rolls = 1;
    int64_t sum = vf_random2(r, max);
    for (int i = 0; i < rolls - 1; i++)
        sum += random2_wide(r, (int64_t)max + 1);
    return (int)(sum / rolls);
}

int vf_coinflip(vf_rng *r)
{
    return vf_random2(r, 2);
}

int vf_one_chance_in(vf_rng *r, int a)
{
    return vf_random2(r, a) == 0;
}

int vf_x_chance_in_y(vf_rng *r, int x, int y)
{
    if (x <= 0) return 0;
    if (x >= y) return 1;
    return vf_random2(r, y) < x;
}

/* A sum past INT_MAX saturates (the game's overflows); the Lua binding
 * refuses dice that could get there. */
int vf_roll_dice(vf_rng *r, int num, int size)
{
    if (num <= 0 || size <= 0) return 0;
    int64_t sum = num;
    for (int i = 0; i < num; i++) sum += vf_random2(r, size);
    return sum > INT_MAX ? INT_MAX : (int)sum;
}

/* INT_MIN / -1 has no int quotient (the game's raises SIGFPE): it
 * saturates at INT_MAX; the Lua binding refuses it. */
int vf_div_rand_round(vf_rng *r, int num, int den)
{
    if (den == 0) return 0;
    if (den == -1) return num == INT_MIN ? INT_MAX : -num;
    int rem = num % den;
    return num / den + (rem ? vf_random2(r, den) < rem : 0);
}

double vf_random_real(vf_rng *r)
{
    uint64_t bits = 0x3FF0000000000000u | (vf_rng_u64(r) & 0xFFFFFFFFFFFFFu);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d - 1.0;
}
