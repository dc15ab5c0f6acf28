/*
 * sample.c - the Power half of sampling (pmustub/sample.h). A PMC whose
 * most significant bit is set, with PMLCa[CE] (on every counter while the
 * program runs, pmu_regs.c) and PMGC0[PMIE], raises the performance
 * monitor interrupt, IVOR35 (e200z7 Core Reference Manual 8.4 and the
 * PMLCa/PMGC0 tables, reference/e200z7.md; EREF "Performance Monitor
 * Interrupt"; Linux arch/powerpc/perf/core-fsl-emb.c, perf_event_interrupt,
 * reloads the PMC the same way, 0x80000000 - period). The sample is the
 * interrupted pc, SRR0, LR and the stack pointer, r1 (the EABI's).
 */
#include "ppc_port.h"
#include "pmustub/sample.h"

int ppc_sample_take(unsigned n, uint32_t *count)
{
    uint32_t period = stub_sample_overflow(n, ppc_ctx[CTX_PC], ppc_ctx[CTX_LR],
                                           ppc_ctx[1]);

    if (!period)
        return 0;
    *count -= period;
    return 1;
}

int ppc_sample_stop(void)
{
    return stub_sample_stop();
}
