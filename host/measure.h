/*
 * measure.h - "pmuctl measure": counts of a region between two
 * breakpoints over iterations, event groups taking turns.
 */
#ifndef PMUCTL_MEASURE_H
#define PMUCTL_MEASURE_H

#include "events.h"
#include "report.h"
#include "target.h"

struct measure_opts {
    unsigned long from, to;
    unsigned long iterations;
    int calibrate;
    int run_timeout_ms; /* for the program to reach a breakpoint */
    int progress;       /* print a progress line on stderr */
};

/* Runs the measurement; fills r (r->n events, per-event statistics) and
 * returns an exit status. On failure r->iterations says how many
 * iterations completed. The caller calls target_leave. */
int measure_run(struct target *t, const struct event_list *l,
                const struct measure_opts *o, struct result *r);

#endif
