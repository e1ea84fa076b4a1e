/* Simplex noise in 2, 3 and 4 dimensions, written once for all three. */
#include "vf_noise.h"

#include <math.h>

#define MAXDIM 4

/* A well-mixed 32-bit hash of a lattice point. */
static uint32_t lattice_hash(const int64_t *c, int n)
{
    uint32_t h = 0x9e3779b9u;
    for (int i = 0; i < n; i++) {
        h = (h ^ (uint32_t)c[i]) * 0x85ebca6bu;
        h ^= h >> 13;
    }
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

/* The dot product of d with the gradient picked by h: in 2 and 3
 * dimensions one of the 12 midpoints of a cube's edges (2D drops z), in 4
 * one of the 32 midpoints of a tesseract's edges -- the sets the algorithm
 * is defined with. */
static double grad_dot(uint32_t h, const double d[MAXDIM], int n)
{
    if (n < 4) {
        int g = (int)(h % 12);
        int a = g < 8 ? 0 : 1, b = g < 4 ? 1 : 2;
        return ((g & 1) ? -d[a] : d[a]) + ((g & 2) ? -d[b] : d[b]);
    }
    int g = (int)(h & 31), zero = g >> 3, bit = 0;
    double sum = 0;
    for (int i = 0; i < 4; i++) {
        if (i == zero) continue;
        sum += (g >> bit++ & 1) ? -d[i] : d[i];
    }
    return sum;
}

/* A coordinate whose lattice cell an int64_t holds: past 2^50 no
 * fraction is left, and the coordinate is taken modulo 2^32 (the lattice
 * hash reads 32 bits of a cell); NaN and infinities read as 0 (the Lua
 * binding refuses them). */
static double tame(double v)
{
    if (!isfinite(v)) return 0;
    return fabs(v) < 0x1p50 ? v : fmod(v, 0x1p32);
}

static double simplex(const double *in, int n)
{
    double p[MAXDIM];
    for (int i = 0; i < n; i++) p[i] = tame(in[i]);
    static const double radius2[] = {0, 0, 0.5, 0.6, 0.6};
    static const double scale[] = {0, 0, 70.0, 32.0, 27.0};
    double root = sqrt(n + 1.0);
    double skew = (root - 1) / n, unskew = (1 - 1 / root) / n;

    /* The cell: skew to the hypercubic lattice, floor, unskew back. */
    double s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    s *= skew;
    int64_t cell[MAXDIM];
    double t = 0, d0[MAXDIM] = {0};
    for (int i = 0; i < n; i++) {
        cell[i] = (int64_t)floor(p[i] + s);
        t += (double)cell[i];
    }
    t *= unskew;
    for (int i = 0; i < n; i++) d0[i] = p[i] - ((double)cell[i] - t);

    /* Rank the offsets (ties to the later axis): the simplex's corner k
     * steps along every axis whose rank is at least n - k. */
    int rank[MAXDIM] = {0};
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            rank[d0[i] > d0[j] ? i : j]++;

    double sum = 0;
    for (int k = 0; k <= n; k++) {
        int64_t corner[MAXDIM];
        double d[MAXDIM] = {0}, len2 = 0;
        for (int i = 0; i < n; i++) {
            int step = k > 0 && rank[i] >= n - k;
            corner[i] = cell[i] + step;
            d[i] = d0[i] - step + k * unskew;
            len2 += d[i] * d[i];
        }
        double f = radius2[n] - len2;
        if (f <= 0) continue;
        f *= f;
        sum += f * f * grad_dot(lattice_hash(corner, n), d, n);
    }
    /* The scales are the algorithm's; the 3D one can overshoot by a hair. */
    double v = scale[n] * sum;
    return v > 1 ? 1 : v < -1 ? -1 : v;
}

double vf_simplex2(double x, double y)
{
    double p[] = {x, y};
    return simplex(p, 2);
}

double vf_simplex3(double x, double y, double z)
{
    double p[] = {x, y, z};
    return simplex(p, 3);
}

double vf_simplex4(double x, double y, double z, double w)
{
    double p[] = {x, y, z, w};
    return simplex(p, 4);
}
