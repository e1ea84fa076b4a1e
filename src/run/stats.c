/* Fisher's exact test and its helpers. */
#include "vf_stats.h"

#include <math.h>

/* log C(n, k) */
static double log_choose(unsigned long n, unsigned long k)
{
    return lgamma((double)n + 1) - lgamma((double)k + 1)
           - lgamma((double)(n - k) + 1);
}

/* log P(X = k) for X hypergeometric: k failures among the n1 cases of
 * the first count, when k1 + k2 = total fail among n1 + n2. */
static double log_hyper(unsigned long k, unsigned long n1, unsigned long n2,
                        unsigned long total)
{
    return log_choose(n1, k) + log_choose(n2, total - k)
           - log_choose(n1 + n2, total);
}

double vf_fisher_p(unsigned long k1, unsigned long n1, unsigned long k2,
                   unsigned long n2)
{
    if (!n1 || !n2) return 1;
    unsigned long total = k1 + k2;
    unsigned long lo = total > n2 ? total - n2 : 0;
    unsigned long hi = total < n1 ? total : n1;
    double seen = log_hyper(k1, n1, n2, total);
    /* Splits no likelier than the one seen, with a relative tolerance for
     * rounding (as R's fisher.test does). */
    double limit = seen + 1e-7 * fabs(seen) + 1e-12, p = 0;
    for (unsigned long k = lo; k <= hi; k++) {
        double l = log_hyper(k, n1, n2, total);
        if (l <= limit) p += exp(l);
    }
    return p > 1 ? 1 : p;
}

double vf_p_none(double p, unsigned long n)
{
    return p <= 0 ? 1 : p >= 1 ? 0 : exp((double)n * log1p(-p));
}

unsigned long vf_cases_to_settle(double p, double alpha)
{
    if (p <= 0) return 0;
    if (p >= 1) return 1;
    return (unsigned long)floor(log(alpha) / log1p(-p)) + 1;
}
