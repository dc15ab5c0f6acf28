/*
 * measure/breakpoints.h - the measurement with breakpoints: every bracket
 * a stop at FROM and a stop at TO.
 */
#ifndef PMUCTL_MEASURE_BREAKPOINTS_H
#define PMUCTL_MEASURE_BREAKPOINTS_H

#include "measure/opts.h"
#include "pmu/events.h"
#include "report/stats.h"
#include "session/target.h"

/* o->iterations brackets, group after group, each event's counts into
 * raw (with --calibrate, the empty brackets first into cal); *done
 * counts the brackets. */
int measure_breakpoints(struct target *t, const struct event_list *l,
                        const struct measure_opts *o, struct stats *raw,
                        struct stats *cal, unsigned long *done);
/* --calibrate: at FROM (stopped there, its breakpoint in, counts in st),
 * empty brackets, as many per group as the measurement has, into cal;
 * *cur is the group programmed last, *last the time of the last progress
 * line. */
int measure_calibrate(struct target *t, const struct event_list *l,
                      const struct measure_opts *o, struct stats *cal,
                      struct stop *st, int *cur, double *last);

#endif
