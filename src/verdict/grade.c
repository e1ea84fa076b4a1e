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
    vf_sev sev = VF_SEV_OK;
    if (n->game_vetoed) {
        double s = share(n->game_vetoed, n->game_tried);
        sev = s >= t.veto_error ? VF_SEV_ERROR
              : s >= t.veto_warning ? VF_SEV_WARNING : VF_SEV_NOTE;
    }
    if (n->stress_vetoed && sev < VF_SEV_WARNING) {
        double s = share(n->stress_vetoed, n->stress_tried);
        sev = s >= t.stress_warning ? VF_SEV_WARNING : VF_SEV_NOTE;
    }
    return sev;
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
