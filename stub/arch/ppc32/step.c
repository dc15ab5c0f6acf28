/*
 * step.c - single-step with the core's debug unit: the instruction
 * complete event (DBCR0[ICMP]) in internal debug mode (DBCR0[IDM]) with
 * MSR[DE] set interrupts through IVOR15 after the one instruction the
 * program resumes with (Power ISA Book E, "Debug Facilities"; e200z7 RM
 * ch. 13). No next-PC decoding: the core says where it went.
 *
 * What cannot be stepped, and why:
 *  - rfi, rfci, rfdi, rfmci, and in VLE pages se_rfi, se_rfci, se_rfdi,
 *    se_rfmci: their destination is a save/restore pair the
 *    stub's own interrupt has overwritten (a breakpoint's program
 *    interrupt writes SRR0/1; on the e500v2 the step's debug interrupt
 *    writes CSRR0/1). The stub refuses the step (E06, GDB reports an
 *    error); "tbreak" at the destination and "continue" work.
 *  - sc enters the system call interrupt, which the stub owns: the step
 *    ends there as a stop with SIGSYS, pc after the sc (exceptions.c).
 * A step that raises any other interrupt ends at that interrupt's stop.
 * VLE code steps the same way: the event comes after the instruction,
 * 16- or 32-bit, and DSRR0 holds the next one wherever it is (e200z7 RM
 * 13.2.6), so nothing needs the instruction's length or a branch decoded.
 */
#include "booke.h"
#include "ppc_port.h"

static int armed;
static uint32_t prog_de; /* the program's own MSR[DE] */

/* The instruction at pc is one of the returns (above). Read as the
 * program has it (under a trap of ours, the original), through memory.c:
 * around the caches. */
static int is_return_at(uint32_t pc)
{
    uint8_t b[4];

    if (ppc_vle_page(pc))
        return stub_bp_original(pc, b, 2) != STUB_MEM_OK ||
               ppc_vle_is_return((uint16_t)(b[0] << 8 | b[1]));
    return stub_bp_original(pc, b, 4) != STUB_MEM_OK ||
           ppc_is_return_insn((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
                              (uint32_t)b[2] << 8 | b[3]);
}

int ppc_step_arm(void)
{
    if (is_return_at(ppc_ctx[CTX_PC]))
        return -1;
    prog_de = ppc_ctx[CTX_MSR] & MSR_DE;
    ppc_ctx[CTX_MSR] |= MSR_DE;
    SPR_WRITE(SPR_DBSR, DBSR_IC); /* write 1 to clear a stale event */
    SPR_WRITE(SPR_DBCR0, DBCR0_IDM | DBCR0_ICMP);
    armed = 1;
    return 0;
}

/* Called on every entry: whatever ended the step, the program gets its own
 * MSR[DE] back and the event is off before the stub runs on. */
int ppc_step_end(void)
{
    int was = armed;

    if (armed) {
        SPR_WRITE(SPR_DBCR0, DBCR0_IDM);
        SPR_WRITE(SPR_DBSR, DBSR_IC);
        ppc_ctx[CTX_MSR] = (ppc_ctx[CTX_MSR] & ~MSR_DE) | prog_de;
        armed = 0;
    }
    return was;
}

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK /* quick.c's */
int ppc_stepping(void)
{
    return armed;
}
#endif
