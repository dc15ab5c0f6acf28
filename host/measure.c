/*
 * measure.c - the measurement loop.
 *
 * Exchanges per iteration on the stub (its stop replies carry the counts,
 * stub/arch/mips32/port.c "expedite"): only one breakpoint is in at a
 * time, so no step over a breakpoint is needed:
 *   at FROM: [perfctl writes when the group changes] Z0 TO, z0 FROM, c
 *   at TO:   Z0 FROM, z0 TO, c
 * A region's count is the count at TO minus the count at FROM (mod 2^32).
 * This equals zeroing at FROM because the stub freezes the counters while
 * the program is stopped and restores them as its last act on resume
 * (DESIGN.md, "How measurement stays honest"), so nothing but the program
 * counts between the two stop replies. Where a stop reply does not carry
 * the counts (OpenOCD), they are read after each stop.
 */
#include "measure.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/exit_status.h"
#include "target/breakpoints.h"
#include "target/counters.h"
#include "target/resume.h"
#include "target/stop.h"
#include "target/trace.h"

/* Counts at this stop of the counters in mask, from the reply or read
 * from the target. */
static int counts_at(struct target *t, const struct stop *st, unsigned mask,
                     uint64_t *cnt, unsigned *wide)
{
    *wide = 0;
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        int w;
        if (!(mask & (1u << n)))
            continue;
        if (st->cnt_mask & (1u << n)) {
            cnt[n] = st->cnt[n];
            *wide |= st->wide_mask & (1u << n);
            continue;
        }
        int rc = target_pmu_count(t, n, &cnt[n], &w);
        if (rc)
            return rc;
        *wide |= (unsigned)w << n;
    }
    return 0;
}

/* A bracket's count: 64-bit counts subtract as they are; 32-bit ones
 * modulo 2^32 (the region must then count fewer than 2^32 events). */
static uint64_t count_diff(uint64_t start, uint64_t end, int wide)
{
    return wide ? end - start : (uint32_t)(end - start);
}

int measure_program_group(struct target *t, const struct event_list *l, int g)
{
    unsigned used = 0;
    for (int i = 0; i < l->n; i++) {
        const struct event_req *e = &l->e[i];
        if (e->group != g)
            continue;
        unsigned c = (unsigned)e->counter;
        int rc = target_pmu_write(t, 1, c,
                                  perfctl_encode(t->pmu.lay, e->ev.code[c], e->modes));
        if (rc)
            return rc;
        used |= 1u << c;
    }
    /* Counters outside the group stop counting (their counts are not
     * read; this keeps an overflow interrupt of theirs out of the way). */
    for (unsigned c = 0; c < t->pmu.n_counters; c++) {
        int rc = (used & (1u << c)) ? 0
                                    : target_pmu_write(t, 1, c, perfctl_off(t->pmu.lay));
        if (rc)
            return rc;
    }
    return 0;
}

int measure_expect_stop(struct target *t, const struct stop *st,
                       unsigned long where, const char *what,
                       unsigned long done)
{
    if (st->kind == 'W' || st->kind == 'X') {
        snprintf(t->err, sizeof t->err, "the program ended (%s %d) after %lu "
                 "iteration%s, before reaching %s", st->kind == 'W' ? "status"
                 : "signal", st->signal, done, done == 1 ? "" : "s", what);
        return PMUCTL_EXIT_ENDED;
    }
    /* A PC garbled past the checksum of a serial line: read it again. */
    if (st->have_pc && st->pc != where && t->rsp.conn.is_serial) {
        struct stop again = *st;
        if (target_read_pc(t, &again) == 0 && again.pc == where)
            return 0;
    }
    if (!st->have_pc || st->pc != where) {
        snprintf(t->err, sizeof t->err, "the program stopped at 0x%08lx "
                 "(signal %d), not at %s (0x%08lx)", st->pc, st->signal, what,
                 where);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

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
 * round to FROM again, stepping off its breakpoint first; or (empty)
 * nowhere: resumed onto FROM's breakpoint it traps at once. */
static int run_bracket(struct target *t, const struct measure_opts *o,
                       struct stop *st, int empty)
{
    int rc;
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
 * starts, FROM's breakpoint staying in (--calibrate). */
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
    if ((rc = counts_at(t, st, used, start, &wide_start)))
        return rc;
    if ((rc = run_bracket(t, o, st, empty)) ||
        (rc = counts_at(t, st, used, end, &wide_end)))
        return rc;
    for (int i = 0; i < l->n; i++) {
        unsigned c = (unsigned)l->e[i].counter;
        int wide = (wide_start & wide_end & (1u << c)) != 0;
        if (l->e[i].group == g &&
            stats_add(&out[i], (double)count_diff(start[c], end[c], wide))) {
            snprintf(t->err, sizeof t->err, "out of memory");
            return PMUCTL_EXIT_TARGET;
        }
    }
    if (!empty && o->from != o->to &&
        ((rc = target_bp(t, o->from, 1)) || (rc = target_bp(t, o->to, 0))))
        return rc;
    return 0;
}

/* --calibrate: at FROM (stopped there, its breakpoint in), empty
 * brackets, as many per group as the measurement has; *cur is the group
 * programmed last. */
static int calibrate(struct target *t, const struct event_list *l,
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

static int run(struct target *t, const struct event_list *l,
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
            (rc = calibrate(t, l, o, cal, &st, &cur, &last)))
            return rc;
        if (g != cur && (rc = measure_program_group(t, l, g)))
            return rc;
        cur = g;
        if ((rc = bracket(t, l, g, o, &st, 0, raw)))
            return rc;
        *done = i + 1;
    }
    return 0;
}

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
         (rc = calibrate(t, l, o, cal, &st, &cur, &last)) ||
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
    int traced = o->trace && target_trace_offered(t);
    rc = target_save_pmu(t);
    if (!rc) { /* the stub's "monitor pmu freeze" state */
        int frozen;
        rc = target_frozen(t, &frozen);
        if (!rc && frozen == 1) {
            t->saved.frozen = 1;
            rc = target_set_frozen(t, 0);
        }
    }
    if (!rc && traced &&
        (rc = run_traced(t, l, o, raw, sums, cal, &done)) == MEASURE_TRACE_REFUSED) {
        fprintf(stderr, "pmuctl: %s; measuring with breakpoints\n", t->err);
        traced = 0;
        rc = 0;
        for (int i = 0; i < l->n; i++)
            stats_free(&cal[i]);
    }
    if (!rc && !traced)
        rc = run(t, l, o, raw, cal, &done);
    if (o->progress)
        fprintf(stderr, "\r%70s\r", "");
    r->iterations = done;
    r->ngroups = l->ngroups;
    r->calibrated = o->calibrate;
    r->traced = traced;
    r->n = l->n;
    for (int i = 0; i < l->n; i++) {
        if (traced && !o->per_iteration)
            r->ev[i].raw = sums[i];
        else
            stats_summarize(&raw[i], &r->ev[i].raw);
        stats_summarize(&cal[i], &r->ev[i].cal);
        r->ev[i].event = l->e[i].ev.name;
        r->ev[i].group = l->e[i].group;
        r->ev[i].counter = l->e[i].counter;
        r->ev[i].windows = traced ? 2 : 1;
        stats_free(&raw[i]);
        stats_free(&cal[i]);
    }
    return rc;
}
