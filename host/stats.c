/*
 * stats.c - summary statistics. The mean's spread is its standard error,
 * s / sqrt(n) with the sample standard deviation s, which is what perf
 * stat prints as "+- x%" (tools/perf/util/stat.c, stddev_stats /
 * rel_stddev_stats).
 */
#include "stats.h"

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
