/*
 * measure.h - "pmuctl measure": counts of a region between two
 * breakpoints over iterations, event groups taking turns.
 */
#ifndef PMUCTL_MEASURE_H
#define PMUCTL_MEASURE_H

#include "pmu/events.h"
#include "report/report.h"
#include "target/target.h"

struct measure_opts {
    unsigned long from, to;
    unsigned long iterations;
    int calibrate;
    int run_timeout_ms; /* for the program to reach a breakpoint */
    int progress;       /* print a progress line on stderr */
    int trace;          /* tracepoints, if the target offers them */
    int per_iteration;  /* with tracepoints: each bracket's counts too */
    int native;         /* the stub's native bracket, if it offers it */
};

/* Runs the measurement; fills r (r->n events, per-event statistics) and
 * returns an exit status. On failure r->iterations says how many
 * iterations completed. The caller calls target_leave. */
int measure_run(struct target *t, const struct event_list *l,
                const struct measure_opts *o, struct result *r);

/* measure_trace.c: the measurement with tracepoints (target_trace_offered
 * must be true). Per event, either every bracket's count into vals (with
 * o->per_iteration) or the summary of the target's sums into sums;
 * *done counts the brackets. MEASURE_TRACE_REFUSED: the target refused
 * the first run's tracepoints (t->err); nothing ran, breakpoints can. */
#define MEASURE_TRACE_REFUSED (-1)
int measure_trace(struct target *t, const struct event_list *l,
                  const struct measure_opts *o, struct stats *vals,
                  struct stats_summary *sums, unsigned long *done);

/* Shared by both ways of measuring (measure.c). */
/* Group g's events on their counters, the other counters off. */
int measure_program_group(struct target *t, const struct event_list *l, int g);
/* Is the program stopped where it must be (where)? An exit status and a
 * message naming what (e.g. "--to") if not; done: brackets so far. */
int measure_expect_stop(struct target *t, const struct stop *st,
                        unsigned long where, const char *what,
                        unsigned long done);

#endif
