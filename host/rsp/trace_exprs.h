/*
 * rsp/trace_exprs.h - the agent expressions with which the target adds up a
 * measurement's counts itself (measure/tracepoints.c runs them; the layout is
 * described there). Pure data building: no target, so that a unit test
 * can run them through the stub's own interpreter.
 */
#ifndef PMUCTL_TRACE_EXPRS_H
#define PMUCTL_TRACE_EXPRS_H

#include <stdint.h>

#include "rsp/ax.h"

#define TRACE_SLOTS 8 /* events of one group: the counters */

/* Trace state variables: two per run, V_PER_EVENT per event slot. */
enum { TRACE_VAR_N = 1, TRACE_VAR_ARMED, TRACE_VARS_BASE };
enum { V_START, V_REF, V_SUM, V_SQ, V_MIN, V_MAX, V_DELTA, V_PER_EVENT };
unsigned trace_var(int slot, int which);
/* Its value at the start of a run (min starts at all ones). */
uint64_t trace_var_initial(int which);

/* One group's events: the register each is read from. */
struct trace_group {
    int reg[TRACE_SLOTS];  /* the count register's GDB number */
    int wide[TRACE_SLOTS]; /* a 64-bit count, else 32 bits (mod 2^32) */
    int ns;
};

/* What the tracepoints of one run carry. With one point (FROM = TO) only
 * the "to" half is used, at that point. */
struct trace_exprs {
    int one_point;
    struct ax from_act[1];            /* FROM: the starts, armed = 1 */
    struct ax to_cond;                /* TO: armed */
    struct ax to_act[TRACE_SLOTS + 1]; /* per slot, then n += 1 */
    int n_to_act;
    struct ax stop_cond;              /* the breakpoint's: n >= k */
};

/* per_iteration: each count is also recorded (tracev of V_DELTA). */
void trace_exprs_build(struct trace_exprs *x, const struct trace_group *g,
                       int one_point, int per_iteration, uint64_t k);

#endif
