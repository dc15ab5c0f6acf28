/*
 * stat/run.c - the program run to its end with the counters counting:
 * halted (0x03) only to read an interval's counts or to give the next
 * event group its turn, as perf stat rotates multiplexed groups.
 */
#include "stat/stat.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "base/exit_status.h"
#include "measure/group.h"
#include "session/breakpoints.h"
#include "session/counters.h"
#include "session/resume.h"
#include "stat/ring.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned group_mask(const struct event_list *l, int g)
{
    unsigned m = 0;
    for (int i = 0; i < l->n; i++)
        if (l->e[i].group == g)
            m |= 1u << l->e[i].counter;
    return m;
}

/* What a run keeps between its stops. */
struct run {
    struct target *t;
    const struct event_list *l;
    struct stat_result *r;
    int g;                           /* the group counting */
    unsigned mask;                   /* its counters */
    uint64_t base[TARGET_MAX_COUNTERS];
    unsigned wide_base;
    struct stat_interval iv;         /* the interval so far */
};

/* Group g counts from now: its events on their counters, their counts
 * now as the base. */
static int start_group(struct run *x, int g)
{
    struct stop none;
    int rc;
    memset(&none, 0, sizeof none);
    x->g = g;
    x->mask = group_mask(x->l, g);
    if ((rc = measure_program_group(x->t, x->l, g)))
        return rc;
    return measure_counts_at(x->t, &none, x->mask, x->base, &x->wide_base);
}

/* The counts at stop st less the base: to the run's totals and the
 * interval's; ran: host seconds the program ran since the base. */
static int take_counts(struct run *x, const struct stop *st, double ran)
{
    uint64_t cur[TARGET_MAX_COUNTERS] = {0};
    unsigned wide = 0;
    int rc = x->t->access ? measure_counts_at(x->t, st, x->mask, cur, &wide) : 0;
    if (rc)
        return rc;
    for (int i = 0; i < x->l->n; i++) {
        unsigned c = (unsigned)x->l->e[i].counter;
        if (x->l->e[i].group != x->g)
            continue;
        uint64_t d = measure_count_diff(x->base[c], cur[c],
                                        (wide & x->wide_base & (1u << c)) != 0);
        x->r->count[i] += d;
        x->r->running_s[i] += ran;
        x->iv.delta[i] += d;
        x->iv.running_s[i] += ran;
        x->iv.counted[i] = 1;
    }
    x->iv.enabled_s += ran;
    memcpy(x->base, cur, sizeof cur);
    x->wide_base = wide;
    return 0;
}

static void emit_interval(struct run *x, double t_s, stat_interval_fn fn,
                          void *ctx)
{
    x->iv.t_s = t_s;
    if (fn)
        fn(ctx, &x->iv);
    memset(&x->iv, 0, sizeof x->iv);
}

/* The program stopped at the breakpoint on pmustub_exit: counted to
 * there; now let it end, for its exit status. */
static int run_to_end(struct run *x, const struct stat_opts *o, struct stop *st)
{
    int rc = target_bp(x->t, o->exit_addr, 0);
    if (!rc)
        rc = target_continue(x->t, st, o->run_timeout_ms);
    return rc;
}

int stat_run(struct target *t, const struct event_list *l,
             const struct stat_opts *o, struct stat_result *r,
             stat_interval_fn fn, void *ctx)
{
    static struct run x;
    static struct stat_ring g;
    struct stop st, none;
    int rc, ring = 0;

    memset(r, 0, sizeof *r);
    r->why_halts = o->halts_because;
    memset(&x, 0, sizeof x);
    r->n = l->n;
    x.t = t;
    x.l = l;
    x.r = r;
    /* A target with no counters (t->access NULL, l->n 0) is still run,
     * timed and ended: nothing to program or read. */
    if ((t->access && (rc = target_take_pmu(t))) ||
        (o->exit_addr && (rc = target_bp(t, o->exit_addr, 1))) ||
        (t->access && (rc = start_group(&x, 0))))
        return rc;
    if (o->ring_period) {
        int no_line;
        /* The bind preloads the clock's count: the base is read after. */
        memset(&none, 0, sizeof none);
        if ((rc = stat_ring_begin(&g, t, l, o, r, fn, ctx, &no_line)) ||
            (r->on_target &&
             (rc = measure_counts_at(t, &none, x.mask, x.base, &x.wide_base))))
            return rc;
        ring = r->on_target;
        if (no_line)
            r->why_halts = "the stub's board has no UART transmit interrupt";
        if (ring)
            stat_ring_base(&g, x.base);
    }

    const double start = now_s();
    const double end_at = o->duration_ms ? start + o->duration_ms / 1e3 : INFINITY;
    double next_iv = o->interval_ms && !ring ? start + o->interval_ms / 1e3
                                             : INFINITY;
    double slice_end = l->ngroups > 1 ? start + o->slice_ms / 1e3 : INFINITY;
    double halted_at = -1;

    for (;;) {
        double until = fmin(fmin(next_iv, end_at), slice_end), t0 = now_s();
        int wait_ms = isinf(until) ? -1 : (int)fmax(1.0, (until - t0) * 1e3);

        if (halted_at >= 0)
            r->halted_s += t0 - halted_at;
        rc = target_continue(t, &st, wait_ms);
        double t1 = now_s();
        /* Our own halt comes back as the timeout of the wait. */
        int ours = rc == PMUCTL_EXIT_TIMEOUT;
        if (rc && !ours && rc != PMUCTL_EXIT_INTERRUPTED)
            return rc;
        r->enabled_s += t1 - t0;
        int e = take_counts(&x, &st, t1 - t0);
        if (e)
            return e;
        /* Halted from the stop reply to the next resume, the reads
         * included (through OpenOCD they are most of it). */
        halted_at = t1;
        r->end_pc = st.pc;
        if (st.kind == 'W' || st.kind == 'X') {
            r->end = st.kind == 'W' ? STAT_EXITED : STAT_KILLED;
            r->end_code = st.signal;
            break;
        }
        if (rc == PMUCTL_EXIT_INTERRUPTED) {
            r->end = STAT_INTERRUPTED;
            break;
        }
        if (!ours) {
            if (o->exit_addr && st.have_pc && st.pc == o->exit_addr) {
                if ((rc = run_to_end(&x, o, &st)))
                    return rc;
                if (st.kind == 'W' || st.kind == 'X') {
                    r->end = st.kind == 'W' ? STAT_EXITED : STAT_KILLED;
                    r->end_code = st.signal;
                    break;
                }
            }
            r->end = STAT_STOPPED;
            r->end_code = st.signal;
            r->end_pc = st.pc;
            break;
        }
        r->halts++;
        if (halted_at >= end_at) {
            r->end = STAT_DURATION;
            break;
        }
        if (halted_at >= next_iv) {
            emit_interval(&x, halted_at - start, fn, ctx);
            while (next_iv <= halted_at)
                next_iv += o->interval_ms / 1e3;
        }
        if (halted_at >= slice_end) {
            if ((rc = start_group(&x, (x.g + 1) % l->ngroups)))
                return rc;
            slice_end = now_s() + o->slice_ms / 1e3;
        }
    }
    /* The last, partial interval: its counts are in the totals too. */
    if (ring)
        stat_ring_end(&g);
    else if (o->interval_ms)
        emit_interval(&x, halted_at - start, fn, ctx);
    return r->end == STAT_INTERRUPTED ? PMUCTL_EXIT_INTERRUPTED : 0;
}
