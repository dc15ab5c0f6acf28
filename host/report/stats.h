/*
 * report/stats.h - per-event statistics over iterations, as perf stat reports
 * them: mean, min, max, median and the standard error of the mean.
 */
#ifndef PMUCTL_STATS_H
#define PMUCTL_STATS_H

#include <stddef.h>
#include <stdint.h>

struct stats {
    double *v;
    size_t n, cap;
};

struct stats_summary {
    size_t n;
    double mean, min, max, median;
    double stddev;     /* sample standard deviation (n - 1) */
    double stderr_mean; /* stddev / sqrt(n); 0 for n < 2 */
};

int stats_add(struct stats *s, double x); /* -1: out of memory */
void stats_summarize(const struct stats *s, struct stats_summary *out);
void stats_free(struct stats *s);
/* The summary of n values known only by their sums, as a target adds them
 * up (measure/tracepoints.c): sum of the values, sq = the sum of (value - ref)^2
 * modulo 2^64, min and max. No median (NAN); a stddev only where sq cannot
 * have wrapped (else NAN). */
void stats_from_sums(struct stats_summary *out, uint64_t n, uint64_t sum,
                     uint64_t ref, uint64_t sq, uint64_t min, uint64_t max);
/* The spread of the mean in percent of it, as perf stat's "+- x%". */
double stats_spread_pct(const struct stats_summary *s);

#endif
