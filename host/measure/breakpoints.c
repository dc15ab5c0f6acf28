/*
 * measure/breakpoints.c - the measurement with breakpoints.
 *
 * Exchanges per iteration on the stub (its stop replies carry the counts,
 * stub/arch/mips32/port.c "expedite"): only one breakpoint is in at a
 * time, so no step over a breakpoint is needed:
 *   at FROM: [perfctl writes when the group changes] Z0 TO, z0 FROM, c
 *   at TO:   Z0 FROM, z0 TO, c
 * A region's count is the count at TO minus the count at FROM (mod 2^32).
 * This equals zeroing at FROM because the stub freezes the counters while
 * the program is stopped and restores them as its last act on resume
 * (docs/pmu.md, "The stub does not count itself"), so nothing but the program
 * counts between the two stop replies. Where a stop reply does not carry
 * the counts (OpenOCD), they are read after each stop.
 */
#include "measure/breakpoints.h"

#include <stdio.h>
#include <time.h>

#include "base/exit_status.h"
#include "measure/function.h"
#include "measure/group.h"
#include "session/breakpoints.h"
#include "session/counters.h"
#include "session/resume.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress(const struct measure_opts *o, unsigned long i,
                     const char *phase, double *last)
{
    double t = now_s();
    if (!o->progress || t - *last < 0.1)
        return;
    *last = t;
    fprintf(stderr, "\rpmuctl: %s %lu/%lu ", phase, i, o->iterations);
}

/* Runs the program from FROM, where it is stopped with FROM's breakpoint
 * in, to the bracket's end: TO; or, when FROM is TO (one pass of a loop),
 * round to FROM again, stepping off its breakpoint first; or (--function)
 * to the call's return; or (empty) nowhere: resumed onto FROM's
 * breakpoint it traps at once. */
static int run_bracket(struct target *t, const struct measure_opts *o,
                       struct stop *st, int empty)
{
    int rc;
    if (o->function && !empty)
        return measure_run_call(t, o, st);
    if (empty || o->from == o->to) {
        if (!empty && ((rc = target_bp(t, o->from, 0)) ||
                       (rc = target_resume(t, "s", st, o->run_timeout_ms)) ||
                       (rc = measure_expect_stop(t, st, st->pc, "the step", 0)) ||
                       (rc = target_bp(t, o->from, 1))))
            return rc;
        if ((rc = target_continue(t, st, o->run_timeout_ms)))
            return rc;
        return measure_expect_stop(t, st, o->from, "--from", 0);
    }
    if ((rc = target_bp(t, o->to, 1)) || (rc = target_bp(t, o->from, 0)) ||
        (rc = target_continue(t, st, o->run_timeout_ms)))
        return rc;
    return measure_expect_stop(t, st, o->to, "--to", 0);
}

/* One bracket: we are stopped at FROM (counts in st); records the counts
 * of group g's events into the stats. empty: the bracket ends where it
 * starts, FROM's breakpoint staying in (--calibrate). The caller puts
 * FROM's breakpoint back in after a full one. */
static int bracket(struct target *t, const struct event_list *l, int g,
                   const struct measure_opts *o, struct stop *st, int empty,
                   struct stats *out)
{
    uint64_t start[TARGET_MAX_COUNTERS], end[TARGET_MAX_COUNTERS];
    unsigned wide_start, wide_end;
    unsigned used = 0;
    int rc;

    for (int i = 0; i < l->n; i++)
        if (l->e[i].group == g)
            used |= 1u << l->e[i].counter;
    if ((rc = measure_counts_at(t, st, used, start, &wide_start)))
        return rc;
    if ((rc = run_bracket(t, o, st, empty)) ||
        (rc = measure_counts_at(t, st, used, end, &wide_end)))
        return rc;
    for (int i = 0; i < l->n; i++) {
        unsigned c = (unsigned)l->e[i].counter;
        int wide = (wide_start & wide_end & (1u << c)) != 0;
        if (l->e[i].group == g &&
            stats_add(&out[i], (double)measure_count_diff(start[c], end[c], wide))) {
            snprintf(t->err, sizeof t->err, "out of memory");
            return PMUCTL_EXIT_TARGET;
        }
    }
    return 0;
}

int measure_calibrate(struct target *t, const struct event_list *l,
                      const struct measure_opts *o, struct stats *cal,
                      struct stop *st, int *cur, double *last)
{
    int rc;
    for (unsigned long k = 0; k < o->iterations; k++) {
        int cg = (int)(k % (unsigned long)l->ngroups);
        progress(o, k, "calibration", last);
        if (cg != *cur && (rc = measure_program_group(t, l, cg)))
            return rc;
        *cur = cg;
        if ((rc = bracket(t, l, cg, o, st, 1, cal)))
            return rc;
    }
    return 0;
}

int measure_breakpoints(struct target *t, const struct event_list *l,
                        const struct measure_opts *o, struct stats *raw,
                        struct stats *cal, unsigned long *done)
{
    struct stop st;
    int rc, cur = -1, at_from = 0;
    double last = 0;

    if ((rc = target_bp(t, o->from, 1)))
        return rc;
    for (unsigned long i = 0; i < o->iterations; i++) {
        int g = (int)(i % (unsigned long)l->ngroups);
        progress(o, i, "iteration", &last);
        /* A loop pass (FROM = TO) ends where the next one starts. */
        if (!at_from && ((rc = target_continue(t, &st, o->run_timeout_ms)) ||
                         (rc = measure_expect_stop(t, &st, o->from, "--from", i))))
            return rc;
        at_from = o->from == o->to;
        /* Empty brackets first: resuming onto FROM's breakpoint traps
         * before the instruction there runs. */
        if (o->calibrate && i == 0 &&
            (rc = measure_calibrate(t, l, o, cal, &st, &cur, &last)))
            return rc;
        if (g != cur && (rc = measure_program_group(t, l, g)))
            return rc;
        cur = g;
        if ((rc = bracket(t, l, g, o, &st, 0, raw)))
            return rc;
        /* Its counts are in: it completed, even if the line is lost
         * before the next. */
        *done = i + 1;
        if (o->from != o->to && !o->function &&
            ((rc = target_bp(t, o->from, 1)) || (rc = target_bp(t, o->to, 0))))
            return rc;
    }
    return 0;
}
