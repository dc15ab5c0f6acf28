/*
 * measure/function.h - --function NAME: a bracket is one call of the
 * function, from its entry to its return, with breakpoints.
 */
#ifndef PMUCTL_MEASURE_FUNCTION_H
#define PMUCTL_MEASURE_FUNCTION_H

#include "measure/opts.h"
#include "session/target.h"

/* Stopped at the function's entry (o->from, its breakpoint in): runs the
 * call to its return and stops there, the entry's breakpoint in again. */
int measure_run_call(struct target *t, const struct measure_opts *o,
                     struct stop *st);

#endif
