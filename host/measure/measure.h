/*
 * measure/measure.h - "pmuctl measure": counts of a region between two
 * locations over iterations, event groups taking turns; with tracepoints
 * where the target offers them (measure/tracepoints.c), else with
 * breakpoints (measure/breakpoints.c).
 */
#ifndef PMUCTL_MEASURE_H
#define PMUCTL_MEASURE_H

#include "measure/opts.h"
#include "pmu/events.h"
#include "report/report.h"
#include "session/target.h"

/* Runs the measurement; fills r (r->n events, per-event statistics) and
 * returns an exit status. On failure r->iterations says how many
 * iterations completed. The caller calls target_leave. */
int measure_run(struct target *t, const struct event_list *l,
                const struct measure_opts *o, struct result *r);

#endif
