/*
 * sample.c - the MIPS half of sampling (pmustub/sample.h): a counter
 * whose bit 31 is set interrupts (PerfCtl.IE, which the stub keeps on in
 * the hardware while the program runs: pmu.c; MIPS32 PRA MD00090,
 * "Performance Counter Register", and the 34K Software User's Manual
 * MD00534, "Performance Counters": the request is Cause.PCI, bit 26, on
 * the line IntCtl.IPPCI names; Linux arch/mips/kernel/perf_event_mipsxx.c
 * reloads the same way in its overflow handler, mipsxx_pmu_handle_shared_irq).
 * The sample is the interrupted pc, EPC (on a delay slot the branch's
 * address, Cause.BD), $31 and the stack pointer, $29 (o32).
 */
#include "mips_port.h"
#include "pmustub/sample.h"

int mips_sample_take(unsigned n, uint32_t *count)
{
    uint32_t period = stub_sample_overflow(n, mips_ctx[CTX_PC], mips_ctx[31],
                                           mips_ctx[29]);

    if (!period)
        return 0;
    *count -= period;
    return 1;
}

int mips_sample_stop(void)
{
    return stub_sample_stop();
}
