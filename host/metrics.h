/*
 * metrics.h - metrics derived from measured events (IPC, miss rates,
 * perfex's cache statistics), from a table; a metric is reported only
 * when every event it needs was measured.
 */
#ifndef PMUCTL_METRICS_H
#define PMUCTL_METRICS_H

#define METRIC_TERMS 3

struct metric_def {
    const char *name;
    const char *unit;
    const char *plus[METRIC_TERMS];  /* numerator: sum of these ... */
    const char *minus[METRIC_TERMS]; /* ... minus these */
    const char *den[METRIC_TERMS];   /* denominator: sum of these */
    double scale;                    /* 100 for percentages */
    int one_minus;                   /* value = 1 - ratio (hit rates) */
};

extern const struct metric_def metric_defs[];
extern const unsigned metric_count;

/* The mean of an event per iteration, or < 0 if it was not measured. */
typedef double (*metric_lookup_fn)(void *ctx, const char *event);

/* 0 and *value if def's events were all measured and its denominator is
 * not 0; -1 otherwise. */
int metric_eval(const struct metric_def *def, metric_lookup_fn lookup,
                void *ctx, double *value);

#endif
