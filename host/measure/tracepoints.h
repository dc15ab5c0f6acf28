/*
 * measure/tracepoints.h - the measurement with tracepoints
 * (target_trace_offered must be true).
 */
#ifndef PMUCTL_MEASURE_TRACEPOINTS_H
#define PMUCTL_MEASURE_TRACEPOINTS_H

#include "measure/opts.h"
#include "pmu/events.h"
#include "report/stats.h"
#include "session/target.h"

/* Per event, either every bracket's count into vals (with
 * o->per_iteration) or the summary of the target's sums into sums;
 * *done counts the brackets. MEASURE_TRACE_REFUSED: the target refused
 * the first run's tracepoints (t->err); nothing ran, breakpoints can. */
#define MEASURE_TRACE_REFUSED (-1)
int measure_trace(struct target *t, const struct event_list *l,
                  const struct measure_opts *o, struct stats *vals,
                  struct stats_summary *sums, unsigned long *done);

#endif
