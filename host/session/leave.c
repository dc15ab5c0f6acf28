/*
 * session/leave.c - the end of a session: our breakpoints and tracepoints
 * out, the counters and their freeze state put back, then a detach from a
 * program found running (it runs on) or just the connection closed.
 */
#include "session/leave.h"

#include <stdio.h>
#include <string.h>

#include "session/breakpoints.h"
#include "session/counters.h"
#include "session/memory.h"
#include "session/sample.h"
#include "session/interval.h"
#include "session/trace.h"

/* Everything but the detach: 0, or -1 when the program does not stop
 * (then nothing could be put back). */
static int tidy(struct target *t)
{
    if (t->unstoppable) {
        fprintf(stderr, "pmuctl: the program runs on and does not stop: "
                "pmuctl's breakpoints, tracepoints and counter settings%s are "
                "still on the target\n",
                t->saved_mem.n ? ", and the variables it swept," : "");
        return -1;
    }
    t->rsp.intr_ok = 0;
    while (t->bps.n > 0)
        if (target_bp_take_last(t)) {
            fprintf(stderr, "pmuctl: %s\n", t->err);
            t->bps.n--;
        }
    /* Sampling off: the counter's interrupt folds into the 64-bit count
     * again, and the counts are put back below. */
    if (t->sampling.bound && target_sample_off(t))
        fprintf(stderr, "pmuctl: turning sampling off: %s\n", t->err);
    if (t->sampling.interval_bound && target_interval_off(t))
        fprintf(stderr, "pmuctl: turning intervals off: %s\n", t->err);
    /* Our tracepoints out (QTStop takes their traps out; QTinit forgets
     * them), so that the next session finds the target as it was. */
    if (t->trace.defined &&
        (target_trace_stop(t) || target_trace_init(t)))
        fprintf(stderr, "pmuctl: clearing tracepoints: %s\n", t->err);
    t->trace.defined = 0;
    target_mem_restore(t); /* the program's variables as found */
    if (t->saved.valid) {
        for (unsigned n = 0; n < t->pmu.n_counters; n++) {
            if (target_pmu_write(t, 1, n, t->saved.ctl[n]) ||
                t->access->put_count(t, n, t->saved.cnt[n], t->saved.wide[n]))
                fprintf(stderr, "pmuctl: restoring counter %u: %s\n", n, t->err);
        }
        t->saved.valid = 0;
    }
    if (t->saved.frozen >= 0 && target_set_frozen(t, t->saved.frozen))
        fprintf(stderr, "pmuctl: restoring the freeze state: %s\n", t->err);
    t->saved.frozen = -1;
    return 0;
}

void target_tidy(struct target *t)
{
    if (t->rsp.conn.fd >= 0)
        tidy(t);
}

void target_leave(struct target *t)
{
    if (t->rsp.conn.fd < 0)
        return;
    if (tidy(t)) {
        conn_close(&t->rsp.conn);
        return;
    }
    if (t->found_running && t->access && t->access->leave)
        t->access->leave(t);
    if (t->found_running) {
        /* D: the stub takes out its breakpoints and lets the program run
         * (stub/core/stub.c, h_detach). */
        if (rsp_request(&t->rsp, "D") == RSP_OK && strcmp(t->rsp.reply, "OK"))
            fprintf(stderr, "pmuctl: detach answered '%s'\n", t->rsp.reply);
    }
    conn_close(&t->rsp.conn);
}
