/*
 * measure/measure.c - "pmuctl measure": the counters saved and unfrozen,
 * the region measured with tracepoints where the target offers them
 * (measure/tracepoints.c; breakpoints again if it refuses them before
 * anything ran) or with breakpoints (measure/breakpoints.c), and the
 * counts summed up into the result.
 */
#include "measure/measure.h"

#include <stdio.h>
#include <string.h>

#include "measure/breakpoints.h"
#include "measure/group.h"
#include "measure/modes_seen.h"
#include "measure/tracepoints.h"
#include "session/breakpoints.h"
#include "session/counters.h"
#include "session/resume.h"
#include "session/trace.h"

/* Tracepoints; with --calibrate, the empty brackets first with a
 * breakpoint at FROM (they have no tracepoint form). */
static int run_traced(struct target *t, const struct event_list *l,
                      const struct measure_opts *o, struct stats *raw,
                      struct stats_summary *sums, struct stats *cal,
                      unsigned long *done)
{
    struct stop st;
    int rc, cur = -1;
    double last = 0;

    if (o->calibrate &&
        ((rc = target_bp(t, o->from, 1)) ||
         (rc = target_continue(t, &st, o->run_timeout_ms)) ||
         (rc = measure_expect_stop(t, &st, o->from, "--from", 0)) ||
         (rc = measure_calibrate(t, l, o, cal, &st, &cur, &last)) ||
         (rc = target_bp(t, o->from, 0))))
        return rc;
    return measure_trace(t, l, o, raw, sums, done);
}

int measure_run(struct target *t, const struct event_list *l,
                const struct measure_opts *o, struct result *r)
{
    static struct stats raw[EVENTS_MAX], cal[EVENTS_MAX];
    static struct stats_summary sums[EVENTS_MAX];
    unsigned long done = 0;
    int rc;

    memset(raw, 0, sizeof raw);
    memset(cal, 0, sizeof cal);
    memset(sums, 0, sizeof sums);
    /* A call's return is known only at its entry: no tracepoint for it. */
    int traced = o->trace && !o->function && target_trace_offered(t);
    rc = target_take_pmu(t);
    if (!rc && traced &&
        (rc = run_traced(t, l, o, raw, sums, cal, &done)) == MEASURE_TRACE_REFUSED) {
        fprintf(stderr, "pmuctl: %s; measuring with breakpoints\n", t->err);
        traced = 0;
        rc = 0;
        for (int i = 0; i < l->n; i++)
            stats_free(&cal[i]);
    }
    if (!rc && !traced)
        rc = measure_breakpoints(t, l, o, raw, cal, &done);
    if (o->progress)
        fprintf(stderr, "\r%70s\r", "");
    if (!rc) /* stopped at --to: the mode the bracket ended in */
        modes_seen_warn(t, l, stderr);
    r->iterations = done;
    r->ngroups = l->ngroups;
    r->calibrated = o->calibrate;
    r->traced = traced;
    r->per_iteration = o->per_iteration;
    r->n = l->n;
    for (int i = 0; i < l->n; i++) {
        if (traced && !o->per_iteration)
            r->ev[i].raw = sums[i];
        else
            stats_summarize(&raw[i], &r->ev[i].raw);
        stats_summarize(&cal[i], &r->ev[i].cal);
        if (o->per_iteration && raw[i].n) { /* the result keeps them */
            r->ev[i].values = raw[i].v;
            raw[i] = (struct stats){0};
        }
        r->ev[i].event = l->e[i].ev.name;
        r->ev[i].group = l->e[i].group;
        r->ev[i].counter = l->e[i].counter;
        r->ev[i].windows = traced ? 2 : 1;
        stats_free(&raw[i]);
        stats_free(&cal[i]);
    }
    return rc;
}
