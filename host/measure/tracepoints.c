/*
 * measure/tracepoints.c - measuring with tracepoints: the target adds up the
 * counts itself, and pmuctl reads the sums once per run.
 *
 * One run per event group (and, with --per-iteration, per buffer-full):
 *   QTinit; QTDV for the variables below; QTDP at FROM and TO;
 *   QTStart; Z0 at TO with the condition "n >= k"; c ...
 *   (the program runs k brackets with no exchange)
 *   the stop at TO; QTStop; qTV of each variable; z0.
 * Trace state variables, per run:
 *   n      brackets completed          armed  FROM seen since the last TO
 * and per event of the group (7 numbers from VARS_BASE + 7 * slot):
 *   start  count at FROM               ref    the first bracket's count
 *   sum    of the counts               sq     of (count - ref)^2
 *   min    max                         delta  the last count (frames)
 * FROM's action records each count in start and sets armed. TO's
 * condition is armed (a TO reached without a FROM first, where the run
 * began mid-bracket, is no bracket); its actions add count = now - start
 * (mod 2^32 for a 32-bit counter) to the sums and clear armed. With FROM
 * = TO (one pass of a loop) the one tracepoint does both, ending a pass
 * when armed and starting the next. The squares are taken about ref so
 * that they stay within 64 bits (the spread does not depend on ref).
 *
 * The counts are the same as with breakpoints: the stub freezes the
 * counters at each hit and runs the instruction under a tracepoint once,
 * counted (docs/tracepoints.md). With --per-iteration the TO action also
 * records delta into a frame, and the frames are read back: that is the
 * only way to a median, and it costs buffer, so the run is cut into
 * buffer-fulls.
 */
#include "measure/tracepoints.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "measure/group.h"
#include "rsp/trace_exprs.h"
#include "session/breakpoints.h"
#include "session/io.h"
#include "session/resume.h"
#include "session/stop.h"
#include "session/trace.h"

#define TP_FROM 1
#define TP_TO 2
/* A frame of --per-iteration: header TP(2) SIZE(4), then a 'V' block
 * NUMBER(4) VALUE(8) per event (stub/core/trace/trace_frames.c, gdbserver's
 * layout). */
#define FRAME_HEADER 6
#define FRAME_VAR 13

/* The events of group g, in slots 0..ns-1 (idx: into the event list). */
struct group {
    struct trace_group regs;
    int idx[TRACE_SLOTS];
    int ns;
};

static void group_of(const struct target *t, const struct event_list *l,
                     int g, struct group *gr)
{
    gr->ns = 0;
    for (int i = 0; i < l->n && gr->ns < TRACE_SLOTS; i++) {
        unsigned c = (unsigned)l->e[i].counter;
        int wide = t->wide_reg[c] >= 0;
        if (l->e[i].group != g)
            continue;
        gr->idx[gr->ns] = i;
        gr->regs.wide[gr->ns] = wide;
        gr->regs.reg[gr->ns] = wide ? t->wide_reg[c] : t->cnt_reg[c];
        gr->ns++;
    }
    gr->regs.ns = gr->ns;
}

/* The stub adds up natively (QPmustub.Bracket) where it offers to and
 * nothing but the sums is wanted: --per-iteration's frames, and a stub
 * without it, take the agent expressions. */
static int native(const struct target *t, const struct measure_opts *o)
{
    return o->native && !o->per_iteration && t->trace.bracket_offered;
}

/* The native bracket's tracepoints: no condition, no action, no pass
 * count; the stub stops the program at TO after the k-th bracket. */
static int define_native(struct target *t, const struct measure_opts *o,
                         const struct group *gr, unsigned long k)
{
    unsigned bases[TRACE_SLOTS];
    int one = o->from == o->to, rc = 0;

    for (int s = 0; s < gr->ns; s++)
        bases[s] = trace_var(s, V_START);
    if (!one)
        rc = target_trace_point(t, TP_FROM, o->from, 0, NULL, NULL, 0);
    if (!rc)
        rc = target_trace_point(t, TP_TO, o->to, 0, NULL, NULL, 0);
    if (!rc)
        rc = target_trace_bracket(t, one ? TP_TO : TP_FROM, TP_TO, k,
                                  TRACE_VAR_N, TRACE_VAR_ARMED, gr->regs.reg,
                                  bases, gr->ns);
    return rc ? rc : target_trace_start(t);
}

/* Defines the run's variables and tracepoints, k brackets of group gr,
 * and the breakpoint that ends it. start: the program is stopped at FROM
 * with these counts, and the run begins armed with them, as FROM's action
 * would have (resuming there steps over FROM's trap without a hit), so
 * that the pass under way is measured; NULL elsewhere. */
static int define_run(struct target *t, const struct measure_opts *o,
                      const struct group *gr, unsigned long k,
                      const uint64_t *start)
{
    static struct trace_exprs x;
    const struct ax *acts[TRACE_SLOTS + 1];
    int rc;

    trace_exprs_build(&x, &gr->regs, o->from == o->to, o->per_iteration, k);
    for (int i = 0; i < x.n_to_act; i++)
        acts[i] = &x.to_act[i];
    if ((rc = target_trace_init(t)) || (rc = target_trace_sign(t)) ||
        (rc = target_trace_var(t, TRACE_VAR_N, 0)) ||
        (rc = target_trace_var(t, TRACE_VAR_ARMED, start != NULL)))
        return rc;
    for (int s = 0; s < gr->ns; s++)
        for (int w = 0; w < V_PER_EVENT && !rc; w++)
            if (w != V_DELTA || o->per_iteration)
                rc = target_trace_var(t, trace_var(s, w),
                                      w == V_START && start ? start[s]
                                                            : trace_var_initial(w));
    if (rc)
        return rc;
    if (native(t, o))
        return define_native(t, o, gr, k);
    /* One point: its first hit only arms (unless the run begins armed),
     * so k brackets are k + 1 hits. The pass count ends the run at the
     * last one, where the breakpoint also stops the program. */
    if (x.one_point)
        rc = target_trace_point(t, TP_TO, o->to, k + !start, NULL, acts,
                                x.n_to_act);
    else if (!(rc = target_trace_point(t, TP_FROM, o->from, 0, NULL,
                                       (const struct ax *[]){x.from_act}, 1)))
        rc = target_trace_point(t, TP_TO, o->to, k, &x.to_cond, acts,
                                x.n_to_act);
    if (!rc && !(rc = target_trace_start(t)))
        rc = target_bp_cond(t, o->to, &x.stop_cond);
    return rc;
}

/* --per-iteration: each frame's counts into vals. */
static int read_frames(struct target *t, const struct group *gr,
                       unsigned long n, struct stats *vals)
{
    size_t fsize = FRAME_HEADER + FRAME_VAR * (size_t)gr->ns;
    size_t len = fsize * n;
    uint8_t *buf = malloc(len ? len : 1);
    int rc;

    if (!buf) {
        snprintf(t->err, sizeof t->err, "out of memory");
        return PMUCTL_EXIT_TARGET;
    }
    rc = target_trace_buffer(t, 0, len, buf);
    for (unsigned long f = 0; !rc && f < n; f++) {
        const uint8_t *p = buf + f * fsize;
        unsigned size = (unsigned)p[2] << 24 | (unsigned)p[3] << 16 |
                        (unsigned)p[4] << 8 | p[5];
        if (size != fsize - FRAME_HEADER) {
            snprintf(t->err, sizeof t->err, "trace frame %lu holds %u bytes, "
                     "not the %zu of its counts", f, size, fsize - FRAME_HEADER);
            rc = PMUCTL_EXIT_TARGET;
            break;
        }
        for (int s = 0; s < gr->ns; s++) {
            const uint8_t *b = p + FRAME_HEADER + FRAME_VAR * (size_t)s;
            uint64_t v = 0;
            unsigned num = (unsigned)b[1] << 24 | (unsigned)b[2] << 16 |
                           (unsigned)b[3] << 8 | b[4];
            for (int i = 0; i < 8; i++)
                v = v << 8 | b[5 + i];
            if (b[0] != 'V' || num != trace_var(s, V_DELTA)) {
                snprintf(t->err, sizeof t->err, "trace frame %lu: not the "
                         "counts pmuctl asked for", f);
                rc = PMUCTL_EXIT_TARGET;
                break;
            }
            if (stats_add(&vals[gr->idx[s]], (double)v)) {
                snprintf(t->err, sizeof t->err, "out of memory");
                rc = PMUCTL_EXIT_TARGET;
                break;
            }
        }
    }
    free(buf);
    return rc;
}

/* The sums of one run into the events' summaries. */
static int read_sums(struct target *t, const struct group *gr, uint64_t n,
                     struct stats_summary *out)
{
    for (int s = 0; s < gr->ns; s++) {
        uint64_t v[V_PER_EVENT] = {0};
        int rc;
        for (int w = V_START; w <= V_MAX; w++)
            if (w != V_START && (rc = target_trace_get(t, trace_var(s, w), &v[w])))
                return rc;
        stats_from_sums(&out[gr->idx[s]], n, v[V_SUM], v[V_REF], v[V_SQ],
                        v[V_MIN], v[V_MAX]);
    }
    return 0;
}

/* Runs the program until the run's breakpoint at TO stops it. --run-timeout
 * is the wait for the program to reach a breakpoint, as without
 * tracepoints: each time it passes with no stop, the program is stopped and
 * n, the brackets completed, read; if n moved, the program reached TO in
 * that time (as a tracepoint) and runs on. A stop costs the program
 * nothing counted (the counters are frozen while it is stopped). */
static int run_until_to(struct target *t, const struct measure_opts *o,
                        struct stop *st)
{
    uint64_t seen = 0, n;
    int rc;

    for (;;) {
        rc = target_continue(t, st, o->run_timeout_ms);
        if (rc != PMUCTL_EXIT_TIMEOUT || t->unstoppable || st->kind == 'W' ||
            st->kind == 'X')
            return rc;
        if (target_trace_get(t, TRACE_VAR_N, &n) || n == seen)
            return rc;
        seen = n;
    }
}

/* *at_from: the program is stopped at FROM (where a run after a
 * --calibrate, or a loop's next run, begins); start: the counts there,
 * read from the registers TO's action reads. */
static int at_from_counts(struct target *t, const struct measure_opts *o,
                          const struct group *gr, uint64_t *start, int *at_from)
{
    struct stop st;
    int rc = target_read_pc(t, &st);

    *at_from = !rc && st.pc == o->from;
    for (int s = 0; !rc && *at_from && s < gr->ns; s++) {
        unsigned long long v;
        rc = target_reg_get(t, gr->regs.reg[s], "a count", &v);
        start[s] = gr->regs.wide[s] ? v : (uint32_t)v;
    }
    return rc;
}

/* One run of k brackets of group gr: their sums into sums (or, with
 * --per-iteration, each bracket's counts into vals); *n says how many
 * completed, also when the run ends early (interrupted, timeout).
 * MEASURE_TRACE_REFUSED: the target refused the definitions of the first
 * run (t->err says how); nothing ran and nothing is left defined. */
static int one_run(struct target *t, const struct measure_opts *o,
                   const struct group *gr, unsigned long k,
                   struct stats *vals, struct stats_summary *sums,
                   const unsigned long *done_before, uint64_t *n)
{
    struct stop st;
    uint64_t start[TRACE_SLOTS];
    int rc, rc2, at_from;

    *n = 0;
    if ((rc = at_from_counts(t, o, gr, start, &at_from)))
        return rc;
    if ((rc = define_run(t, o, gr, k, at_from ? start : NULL))) {
        /* Nothing ran (the breakpoint, last, is not in): clear the
         * tracepoints and let the caller choose breakpoints instead. */
        if (rc == PMUCTL_EXIT_TARGET && *done_before == 0) {
            char why[sizeof t->err];
            memcpy(why, t->err, sizeof why);
            if ((rc = target_trace_init(t)))
                return rc;
            memcpy(t->err, why, sizeof why);
            return MEASURE_TRACE_REFUSED;
        }
        return rc;
    }
    rc = run_until_to(t, o, &st);
    if ((rc && rc != PMUCTL_EXIT_INTERRUPTED && rc != PMUCTL_EXIT_TIMEOUT) ||
        t->unstoppable)
        return rc;
    /* Stopped (at TO, or where Ctrl-C or the timeout stopped it), or the
     * program ended (the stub keeps the run's variables and frames): what
     * completed is kept. */
    int ended = !rc && (st.kind == 'W' || st.kind == 'X');
    if ((!ended && (rc2 = target_trace_stop(t))) ||
        (rc2 = target_trace_get(t, TRACE_VAR_N, n)) ||
        (rc2 = o->per_iteration ? read_frames(t, gr, *n, vals)
                                : read_sums(t, gr, *n, sums)) ||
        (!ended && !native(t, o) && (rc2 = target_bp(t, o->to, 0))))
        return rc ? rc : rc2;
    if (ended) {
        target_bp_note(t, o->to, 0); /* the stub took it out at the end */
        return measure_expect_stop(t, &st, o->to, "--to", *done_before + *n);
    }
    if (!rc && *n != k)
        rc = measure_expect_stop(t, &st, o->to, "--to", 0);
    if (!rc && *n != k) {
        snprintf(t->err, sizeof t->err, "the run stopped at --to after %llu "
                 "of %lu brackets", (unsigned long long)*n, k);
        rc = PMUCTL_EXIT_TARGET;
    }
    return rc;
}

/* How many brackets of one group fit the buffer as frames. */
static int frames_fit(struct target *t, int ns, unsigned long *cap)
{
    unsigned long free_bytes;
    int running, rc;
    if ((rc = target_trace_init(t)) ||
        (rc = target_trace_status(t, &running, &free_bytes)))
        return rc;
    *cap = free_bytes / (FRAME_HEADER + FRAME_VAR * (unsigned long)ns);
    if (*cap == 0) {
        snprintf(t->err, sizeof t->err, "the stub's trace buffer (%lu bytes) "
                 "holds no frame of %d counts", free_bytes, ns);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

int measure_trace(struct target *t, const struct event_list *l,
                  const struct measure_opts *o, struct stats *vals,
                  struct stats_summary *sums, unsigned long *done)
{
    int rc = 0;

    for (int g = 0; g < l->ngroups && !rc; g++) {
        /* the brackets group g had when taking turns: i % ngroups == g */
        unsigned long k = o->iterations / (unsigned long)l->ngroups +
                          ((unsigned long)g < o->iterations % (unsigned long)l->ngroups);
        unsigned long cap = k;
        struct group gr;

        group_of(t, l, g, &gr);
        if ((rc = measure_program_group(t, l, g)) ||
            (o->per_iteration && (rc = frames_fit(t, gr.ns, &cap))))
            break;
        if (o->progress)
            fprintf(stderr, "\rpmuctl: group %d/%d: %lu brackets traced on "
                    "the target ", g + 1, l->ngroups, k);
        while (k > 0 && !rc) {
            unsigned long run = k < cap ? k : cap;
            uint64_t n;
            rc = one_run(t, o, &gr, run, vals, sums, done, &n);
            *done += n;
            k -= run;
        }
    }
    return rc;
}
