/*
 * session/interval.c - see interval.h.
 */
#include "session/interval.h"

#include <stdio.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmustub/wire.h"
#include "session/io.h"

int target_interval_bind(struct target *t, unsigned n, int cnt_reg,
                         unsigned long period, const int *regs, int nregs,
                         int *no_line)
{
    char pkt[160];
    int len, rc;

    len = snprintf(pkt, sizeof pkt, PMUSTUB_Q_INTERVAL_SET "%x,%x,%lx", n,
                   (unsigned)cnt_reg, period);
    for (int i = 0; i < nregs; i++)
        len += snprintf(pkt + len, sizeof pkt - (size_t)len, ",%x",
                        (unsigned)regs[i]);
    *no_line = 0;
    if ((rc = rsp_request(&t->rsp, pkt)))
        return target_io_fail(t, rc, PMUSTUB_Q_INTERVAL_SET);
    if (!strcmp(t->rsp.reply, "OK")) {
        t->sampling.interval_bound = 1;
        return 0;
    }
    /* stub/core/stat/interval.c: E02, no transmit interrupt. */
    *no_line = !strcmp(t->rsp.reply, "E02");
    snprintf(t->err, sizeof t->err, "%s answered '%.40s'", pkt, t->rsp.reply);
    return PMUCTL_EXIT_TARGET;
}

int target_interval_off(struct target *t)
{
    t->sampling.interval_bound = 0;
    return target_request_ok(t, PMUSTUB_Q_INTERVAL_SET "off",
                             "turning intervals off");
}
