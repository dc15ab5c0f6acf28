/*
 * cmd/record_halt.c - see record_halt.h.
 */
#include "cmd/record_halt.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "base/exit_status.h"
#include "session/resume.h"
#include "session/sample_halt.h"

/* How long the program may run without a halt at the vector before
 * pmuctl looks whether the counter's interrupt is pending but masked. */
#define CHECK_MS 2000

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int loop(const struct cli *c, struct target *t, struct sample_data *d,
                struct halt_sampler *h, double end)
{
    int progress = !c->no_progress && isatty(2);

    for (;;) {
        int slice = CHECK_MS, rc, taken;
        struct sample s = {0}; /* event 0: the one event sampled */
        struct stop st;

        if (end) {
            double left = (end - now_s()) * 1000;
            if (left <= 0)
                return 0; /* --duration */
            if (left < slice)
                slice = left < 1 ? 1 : (int)left;
        }
        rc = target_continue(t, &st, slice);
        if (rc == PMUCTL_EXIT_TIMEOUT) {
            if (end && now_s() >= end)
                return 0;
            if ((rc = halt_sample_check(t, h)))
                return rc;
            continue;
        }
        if (rc)
            return rc;
        if (st.kind == 'W' || st.kind == 'X')
            return 0; /* the program's end */
        if ((rc = halt_sample_stop(t, h, st.pc, &s, &taken)))
            return rc;
        if (taken < 0) {
            snprintf(t->err, sizeof t->err, "the program stopped with signal "
                     "%d at 0x%08lx", st.signal, st.pc);
            return PMUCTL_EXIT_TARGET;
        }
        if (!taken)
            continue;
        if (sample_append(d, s)) {
            snprintf(t->err, sizeof t->err, "out of memory");
            return PMUCTL_EXIT_TARGET;
        }
        if (progress)
            fprintf(stderr, "\rpmuctl record: %zu samples", d->n);
        if (c->max_samples && d->n >= c->max_samples)
            return 0;
    }
}

int record_halt_run(const struct cli *c, struct target *t, struct sample_data *d)
{
    struct halt_sampler h;
    double start = now_s();
    int rc = halt_sample_start(t, &h, d->ev[0].counter, (uint32_t)d->ev[0].period);

    if (rc)
        return rc;
    rc = loop(c, t, d, &h, c->duration_ms ? start + c->duration_ms / 1000.0 : 0);
    if (d->n)
        fprintf(stderr, "pmuctl record: no stub on the target: each sample "
                "halted the core through OpenOCD at the counter's interrupt "
                "vector 0x%08x (%zu halts, and %lu of the program's own "
                "exceptions let through by one step each), %.0f ms of wall "
                "time a sample; the counters do not count while the core is "
                "halted, but the program stands still for each halt\n",
                h.vector, d->n, h.passed,
                (now_s() - start) * 1000 / (double)d->n);
    return rc;
}
