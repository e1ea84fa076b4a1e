/* A map's cost from all its cases: what share of the levels the game
 * builds with it are thrown away. A connectivity veto (dungeon.cc
 * _dgn_verify_connectivity throws dgn_veto_exception) makes the builder
 * start the level again and draw its vaults afresh, so the map silently
 * loses that share of its placements; at 100% it is never placed. */
#include "vf_severity.h"

#include <math.h>

void vf_wilson(unsigned long k, unsigned long n, double *lo, double *hi)
{
    if (!n) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;   /* the 97.5% normal quantile */
    double p = (double)k / n, z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

static double or_default(double v, double d)
{
    return v > 0 ? v : d;
}

vf_grade_opts vf_grade_opts_resolved(const vf_grade_opts *o)
{
    vf_grade_opts r = {0, 0, 0};
    if (o) r = *o;
    r.veto_error = or_default(r.veto_error, VF_GRADE_VETO_ERROR);
    r.veto_warning = or_default(r.veto_warning, VF_GRADE_VETO_WARNING);
    r.stress_warning = or_default(r.stress_warning, VF_GRADE_STRESS_WARNING);
    return r;
}

/* The share of vetoed builds the map surely has: the low end of its
 * 95% interval, so that one veto in ten builds does not weigh as a
 * hundred in a thousand. */
static double share(unsigned long n, unsigned long of)
{
    double lo, hi;
    vf_wilson(n, of, &lo, &hi);
    return lo;
}

vf_sev vf_grade_veto(const vf_veto_count *n, const vf_grade_opts *o)
{
    vf_grade_opts t = vf_grade_opts_resolved(o);
    const unsigned long *v = n->vetoed, *b = n->built;
    if (!v[VF_VETO_EMPTY] && !v[VF_VETO_GAME] && !v[VF_VETO_STRESS])
        return VF_SEV_OK;
    double e = share(v[VF_VETO_EMPTY], b[VF_VETO_EMPTY]);
    double g = share(v[VF_VETO_GAME], b[VF_VETO_GAME]);
    double l = share(v[VF_VETO_GAME] + v[VF_VETO_STRESS],
                     b[VF_VETO_GAME] + b[VF_VETO_STRESS]);
    double s = share(v[VF_VETO_STRESS], b[VF_VETO_STRESS]);
    if (e >= t.veto_error || (g >= t.veto_error && l >= t.veto_error)
        || g >= VF_GRADE_VETO_MOST)
        return VF_SEV_ERROR;
    if (e >= t.veto_warning || (v[VF_VETO_GAME] && l >= t.veto_warning)
        || s >= t.stress_warning)
        return VF_SEV_WARNING;
    return VF_SEV_NOTE;
}

unsigned vf_grade_design(const unsigned long *counts, int nkinds,
                         unsigned long tried)
{
    unsigned out = 0;
    for (int k = 0; tried && k < nkinds && k < 32; k++)
        if ((VF_GRADE_DESIGN_KINDS >> k & 1) && counts[k] == tried)
            out |= 1u << k;
    return out;
}

unsigned vf_grade_rare(const unsigned long *counts, int nkinds,
                       unsigned long tried, const vf_grade_opts *o)
{
    vf_grade_opts t = vf_grade_opts_resolved(o);
    unsigned out = 0;
    for (int k = 0; tried && k < nkinds && k < 32; k++)
        if ((VF_GRADE_RARE_KINDS >> k & 1) && counts[k]
            && share(counts[k], tried) < t.veto_warning)
            out |= 1u << k;
    return out;
}
