/*
 * session/resume.c - the program runs until its next stop; SIGINT (or a
 * program that does not get there) stops it with 0x03 so that the target
 * can be put back.
 */
#include "session/resume.h"

#include <stdio.h>
#include <string.h>

#include "base/exit_status.h"
#include "base/interrupted.h"
#include "session/io.h"
#include "session/stop.h"

int target_continue(struct target *t, struct stop *st, int timeout_ms)
{
    return target_resume(t, "c", st, timeout_ms);
}

/* OpenOCD's stop replies carry no registers: the pc, read, for a stop
 * that has one (a T or S reply). */
static int stop_pc(struct target *t, struct stop *st)
{
    if ((st->kind == 'T' || st->kind == 'S') && !st->have_pc)
        return target_read_pc(t, st);
    return 0;
}

int target_resume(struct target *t, const char *how, struct stop *st,
                  int timeout_ms)
{
    int rc;

    if (pmuctl_interrupted) {
        snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
        return PMUCTL_EXIT_INTERRUPTED;
    }
    rc = rsp_send(&t->rsp, how);
    if (rc)
        return target_io_fail(t, rc, "resuming the program");
    t->rsp.st.resumes++;
    t->rsp.intr_ok = 1;
    rc = target_wait_stop(t, st, timeout_ms);
    t->rsp.intr_ok = 0;
    if (rc == RSP_OK) {
        int e = stop_pc(t, st);
        if (e)
            return e;
    }
    if (rc == RSP_OK && pmuctl_interrupted)
        snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
    if (rc == RSP_OK)
        return pmuctl_interrupted ? PMUCTL_EXIT_INTERRUPTED : 0;
    if (rc != RSP_INTR && rc != RSP_TIMEOUT)
        return target_io_fail(t, rc, "waiting for the program to stop");
    /* Ctrl-C or a program that does not get there: stop it, so that the
     * breakpoints can be taken out and the counters put back. The 0x03
     * goes again if it gets no answer (a noisy line may lose it); a
     * program that still runs is left alone: the stub reads nothing but
     * 0x03 while it runs, so whatever else we sent would be lost. */
    int why = rc, wait_ms = t->rsp.timeout_ms < 700 ? t->rsp.timeout_ms : 700;
    for (int tries = 0; tries < 3; tries++) {
        if ((rc = rsp_interrupt(&t->rsp)) ||
            (rc = target_wait_stop(t, st, tries < 2 ? wait_ms : t->rsp.timeout_ms)) != RSP_TIMEOUT)
            break;
    }
    if (rc == RSP_TIMEOUT || rc == RSP_INTR)
        t->unstoppable = 1;
    if (rc)
        return target_io_fail(t, rc, "stopping the program (0x03 unanswered)");
    if ((rc = stop_pc(t, st))) /* where it stopped: said below and by callers */
        return rc;
    if (why == RSP_TIMEOUT) {
        snprintf(t->err, sizeof t->err, "the program did not stop at a "
                 "breakpoint within %d s (stopped it at 0x%08lx)",
                 timeout_ms / 1000, st->pc);
        return PMUCTL_EXIT_TIMEOUT;
    }
    snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
    return PMUCTL_EXIT_INTERRUPTED;
}
