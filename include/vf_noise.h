/* vf_noise: the coherent noise the game's layout Lua samples per cell
 * (crawl.worley, crawl.worley_diff and crawl.simplex, used through
 * dlua/layout/procedural.lua).
 *
 * Every function is a pure function of its arguments: no tables built at
 * run time, no state, so cases can run side by side. The layout code seeds
 * the noise by offsetting the coordinates with random numbers, not with a
 * seed argument; the functions take none. They are defined for every
 * double: past 2^50 (no fraction left) a coordinate is taken modulo 2^32,
 * and NaN or an infinity reads as 0.
 *
 * Worley (cellular) noise: space is cut into unit cubes after scaling by
 * VF_WORLEY_DENSITY; each cube holds a Poisson number (mean 2.5) of feature
 * points placed by a 32-bit LCG seeded from a linear hash of the cube, and
 * the id of a point is the LCG state it was drawn from. The mean nearest
 * distance is about 1 in input units. The placement follows Worley's
 * published scheme, which the game uses; the per-cube counts come from the
 * Poisson distribution's inverse CDF rather than the game's fixed table,
 * so ids and distances differ from the game's while their distribution and
 * value ranges are the same.
 *
 * Simplex noise (Perlin's 2001 algorithm, Gustavson's formulation) in 2, 3
 * and 4 dimensions: values in [-1, 1], 0 at every lattice point, smooth.
 * The gradient of a lattice point is chosen by hashing its coordinates (the
 * game indexes a permutation table), so values differ from the game's but
 * have the same range and character. */
#ifndef VF_NOISE_H
#define VF_NOISE_H

#include <stdint.h>

/* Scales space so that the mean distance to the nearest point is 1. */
#define VF_WORLEY_DENSITY 0.398150

typedef struct vf_worley {
    double dist[2];       /* distances to the nearest and second nearest
                           * point: 0 <= dist[0] <= dist[1] */
    uint32_t id[2];       /* their ids */
    double delta[2][3];   /* from the sample to each of them */
} vf_worley;

void vf_worley3(double x, double y, double z, vf_worley *out);

double vf_simplex2(double x, double y);
double vf_simplex3(double x, double y, double z);
double vf_simplex4(double x, double y, double z, double w);

#endif
