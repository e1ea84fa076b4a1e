/* Worley cellular noise: the two nearest feature points of a sample. */
#include "vf_noise.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* Knuth's full-period 32-bit LCG, which churns a cube's seed. */
static uint32_t churn(uint32_t s)
{
    return 1402024253u * s + 586950981u;
}

/* A Poisson(2.5) count from the top byte of a cube's seed, by the inverse
 * CDF at the byte's midpoint (0 to 8 points). */
static int cube_points(uint32_t seed)
{
    double u = ((seed >> 24) + 0.5) / 256.0;
    double p = 0.0820849986238988;   /* e^-2.5: P(0) */
    double cdf = p;
    int k = 0;
    while (u > cdf) {
        k++;
        p *= 2.5 / k;
        cdf += p;
    }
    return k;
}

/* The best two so far, in squared scaled distance. */
typedef struct best2 {
    double d2[2];
    uint32_t id[2];
    double delta[2][3];
} best2;

static void offer(best2 *b, double d2, uint32_t id, const double delta[3])
{
    if (d2 >= b->d2[1]) return;
    int slot = d2 < b->d2[0] ? 0 : 1;
    if (slot == 0) {
        b->d2[1] = b->d2[0];
        b->id[1] = b->id[0];
        for (int i = 0; i < 3; i++) b->delta[1][i] = b->delta[0][i];
    }
    b->d2[slot] = d2;
    b->id[slot] = id;
    for (int i = 0; i < 3; i++) b->delta[slot][i] = delta[i];
}

/* Offers every point of cube c to b; at is the scaled sample. */
static void visit_cube(const int64_t c[3], const double at[3], best2 *b)
{
    uint32_t seed = 702395077u * (uint32_t)c[0] + 915488749u * (uint32_t)c[1] +
                    2120969693u * (uint32_t)c[2];
    int n = cube_points(seed);
    seed = churn(seed);
    for (int j = 0; j < n; j++) {
        uint32_t id = seed;
        double delta[3], d2 = 0;
        for (int i = 0; i < 3; i++) {
            seed = churn(seed);
            double f = (seed + 0.5) * (1.0 / 4294967296.0);
            delta[i] = (double)c[i] + f - at[i];
            d2 += delta[i] * delta[i];
        }
        seed = churn(seed);
        offer(b, d2, id, delta);
    }
}

/* Squared distance from the sample (fraction f of its cube) to the cube
 * off cubes away along one axis. */
static double axis_gap2(int off, double f)
{
    double gap = off < 0 ? f + (-off - 1) : off > 0 ? (1 - f) + (off - 1) : 0;
    return gap * gap;
}

/* Visits the cubes at Chebyshev distance ring from the sample's cube that
 * could still hold one of the two nearest points. */
static void visit_ring(int ring, const int64_t base[3], const double frac[3],
                       const double at[3], best2 *b)
{
    for (int dz = -ring; dz <= ring; dz++)
        for (int dy = -ring; dy <= ring; dy++)
            for (int dx = -ring; dx <= ring; dx++) {
                int m = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
                if ((abs(dz) > m ? abs(dz) : m) != ring) continue;
                double g2 = axis_gap2(dx, frac[0]) + axis_gap2(dy, frac[1]) +
                            axis_gap2(dz, frac[2]);
                if (g2 >= b->d2[1]) continue;
                int64_t c[3] = {base[0] + dx, base[1] + dy, base[2] + dz};
                visit_cube(c, at, b);
            }
}

/* A scaled coordinate whose cube index an int64_t holds: cubes are hashed
 * by their index's low 32 bits, so the noise repeats every 2^32 cubes and
 * a coordinate past 2^50 (where no fraction is left anyway) is the same
 * taken modulo 2^32. NaN and infinities, which have no cube, read as 0
 * (the Lua binding refuses them). */
static double tame(double v)
{
    if (!isfinite(v)) return 0;
    return fabs(v) < 0x1p50 ? v : fmod(v, 0x1p32);
}

void vf_worley3(double x, double y, double z, vf_worley *out)
{
    double at[3] = {tame(x * VF_WORLEY_DENSITY), tame(y * VF_WORLEY_DENSITY),
                    tame(z * VF_WORLEY_DENSITY)};
    int64_t base[3];
    double frac[3];
    for (int i = 0; i < 3; i++) {
        double f = floor(at[i]);
        base[i] = (int64_t)f;
        frac[i] = at[i] - f;
    }
    best2 b = {{DBL_MAX, DBL_MAX}, {0, 0}, {{0, 0, 0}, {0, 0, 0}}};
    visit_cube(base, at, &b);
    /* Every cube past ring r is at least r away: once the second nearest
     * is that close, no further ring can change the answer. Empty rings
     * are rare (P(0 points) is 8%), so this almost always stops at 1. */
    for (int ring = 1; ring <= 4; ring++) {
        visit_ring(ring, base, frac, at, &b);
        if (b.d2[1] <= (double)ring * ring) break;
    }
    for (int k = 0; k < 2; k++) {
        out->dist[k] = sqrt(b.d2[k]) / VF_WORLEY_DENSITY;
        out->id[k] = b.id[k];
        for (int i = 0; i < 3; i++)
            out->delta[k][i] = b.delta[k][i] / VF_WORLEY_DENSITY;
    }
}
