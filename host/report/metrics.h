/*
 * report/metrics.h - metrics derived from measured events (IPC, miss rates,
 * perfex's cache statistics), from a table; a metric is reported only
 * when every event it needs was measured.
 */
#ifndef PMUCTL_METRICS_H
#define PMUCTL_METRICS_H

/* struct metric_def and the table metric_defs[] (target-xml/metrics.toml). */
#include "pmu_metrics.h"

extern const unsigned metric_count;

/* The mean of an event per iteration, or < 0 if it was not measured. */
typedef double (*metric_lookup_fn)(void *ctx, const char *event);

/* 0 and *value if def's events were all measured and its denominator is
 * not 0; -1 otherwise. */
int metric_eval(const struct metric_def *def, metric_lookup_fn lookup,
                void *ctx, double *value);

/* fn for every metric whose events were all measured, once per name
 * (first: the first call). */
typedef void (*metric_each_fn)(void *arg, const struct metric_def *d,
                               double value, int first);
void metrics_each(metric_lookup_fn lookup, void *ctx, metric_each_fn fn,
                  void *arg);

#endif
