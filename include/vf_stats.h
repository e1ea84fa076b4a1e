/* vf_stats: the tests that decide whether a failure rate really changed
 * between two reports.
 *
 * Two counts -- k1 failing of n1 cases, k2 of n2 -- are compared with
 * Fisher's exact test: under "the rate did not change", the failures are
 * k1 + k2 spread at random over the n1 + n2 cases, and the p-value is the
 * chance of a split at least as uneven as the one seen (two-sided: every
 * split no likelier than it). Pure functions, no state. */
#ifndef VF_STATS_H
#define VF_STATS_H

/* Fisher's exact two-sided p-value for k1 of n1 against k2 of n2; 1 when
 * either count has no cases. */
double vf_fisher_p(unsigned long k1, unsigned long n1, unsigned long k2,
                   unsigned long n2);

/* The chance of seeing no failure in n cases at rate p: (1 - p)^n. */
double vf_p_none(double p, unsigned long n);

/* How many cases without a failure it takes before "no failure" is
 * evidence at level alpha against rate p (the least n with (1 - p)^n <
 * alpha); 0 when p <= 0. */
unsigned long vf_cases_to_settle(double p, double alpha);

#endif
