/*
 * report/stats.c - summary statistics. The mean's spread is its standard error,
 * s / sqrt(n) with the sample standard deviation s, which is what perf
 * stat prints as "+- x%" (tools/perf/util/stat.c, stddev_stats /
 * rel_stddev_stats).
 */
#include "report/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int stats_add(struct stats *s, double x)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        double *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void stats_summarize(const struct stats *s, struct stats_summary *out)
{
    memset(out, 0, sizeof *out);
    out->n = s->n;
    if (!s->n)
        return;
    double sum = 0;
    out->min = out->max = s->v[0];
    for (size_t i = 0; i < s->n; i++) {
        sum += s->v[i];
        out->min = s->v[i] < out->min ? s->v[i] : out->min;
        out->max = s->v[i] > out->max ? s->v[i] : out->max;
    }
    out->mean = sum / (double)s->n;
    if (s->n > 1) {
        double ss = 0; /* two passes: no cancellation for large counts */
        for (size_t i = 0; i < s->n; i++)
            ss += (s->v[i] - out->mean) * (s->v[i] - out->mean);
        out->stddev = sqrt(ss / (double)(s->n - 1));
        out->stderr_mean = out->stddev / sqrt((double)s->n);
    }
    double *sorted = malloc(s->n * sizeof *sorted);
    if (sorted) {
        memcpy(sorted, s->v, s->n * sizeof *sorted);
        qsort(sorted, s->n, sizeof *sorted, cmp_double);
        out->median = s->n % 2 ? sorted[s->n / 2]
                               : (sorted[s->n / 2 - 1] + sorted[s->n / 2]) / 2;
        free(sorted);
    }
}

void stats_free(struct stats *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}

double stats_spread_pct(const struct stats_summary *s)
{
    return s->mean != 0 ? 100.0 * s->stderr_mean / fabs(s->mean) : 0;
}

void stats_from_sums(struct stats_summary *out, uint64_t n, uint64_t sum,
                     uint64_t ref, uint64_t sq, uint64_t min, uint64_t max)
{
    memset(out, 0, sizeof *out);
    out->n = (size_t)n;
    out->median = NAN;
    if (!n)
        return;
    out->min = (double)min;
    out->max = (double)max;
    /* Every value lies in [min, max], so sum is at most n * max: past
     * 2^64 it may have wrapped. */
    if ((unsigned __int128)n * max > UINT64_MAX) {
        out->mean = out->stddev = out->stderr_mean = NAN;
        return;
    }
    out->mean = (double)sum / (double)n;
    if (n < 2)
        return;
    /* |value - ref| <= max - min, so sq is exact while n (max - min)^2
     * fits in 64 bits. Then, with e = sum - n ref (the sum of the
     * differences), n sq - e^2 = n (n - 1) s^2 exactly in 128 bits. */
    unsigned __int128 range = max - min;
    if (n > (1ull << 40) ||
        (range && (unsigned __int128)n * range > UINT64_MAX / range)) {
        out->stddev = out->stderr_mean = NAN;
        return;
    }
    __int128 e = (__int128)sum - (__int128)n * ref;
    __int128 num = (__int128)n * sq - e * e;
    double var = num > 0 ? (double)num / ((double)n * (double)(n - 1)) : 0;
    out->stddev = sqrt(var);
    out->stderr_mean = out->stddev / sqrt((double)n);
}
