/*
 * ppc_irq.c - Book E interrupts: where each saves its state (the four
 * interrupt classes), what it does to the MSR, the vector from IVPR and
 * IVORn, the return instructions, and the asynchronous interrupts vboard
 * raises (debug, external input, decrementer, performance monitor) in
 * priority order.
 *
 * Power ISA 2.06 Book III-E chapter 7 "Interrupts and Exceptions" (7.5
 * "Interrupt Definitions", 7.6 "Partially Executed Instructions", 7.9
 * "Interrupt Priorities"); e500 Core Reference Manual chapter 4; e200z7
 * manual chapters 5 and 13 (debug interrupt with DSRR0/1 when the debug
 * APU is enabled, HID0[DAPUEN]).
 */
#include "ppc_internal.h"

enum irq_class { CL_BASE, CL_CRITICAL, CL_DEBUG, CL_MCHECK };

static enum irq_class class_of(const struct ppc_cpu *c, unsigned ivor)
{
    switch (ivor) {
    case IVOR_CRITICAL: case IVOR_WDT: return CL_CRITICAL;
    case IVOR_MCHECK: return CL_MCHECK;
    case IVOR_DEBUG:
        return c->p->debug_dsrr && (c->hid0 & HID0_DAPUEN) ? CL_DEBUG : CL_CRITICAL;
    default: return CL_BASE;
    }
}

/* The MSR bits an interrupt of each class keeps; all others are cleared
 * (ISA 2.06 Book III-E 7.5, table "MSR setting due to interrupt": base
 * class keeps CE, ME, DE; critical keeps ME; debug class keeps CE, ME;
 * machine check keeps none). */
static const uint32_t msr_kept[] = {
    [CL_BASE] = MSR_CE | MSR_ME | MSR_DE,
    [CL_CRITICAL] = MSR_ME,
    [CL_DEBUG] = MSR_CE | MSR_ME,
    [CL_MCHECK] = 0,
};

void ppc_set_msr(struct ppc_cpu *c, uint32_t msr)
{
    uint32_t old = c->msr;
    msr &= MSR_WMASK;
    ppc_pmu_sync(&c->pmu, c->ev, old);
    c->msr = msr;
    ppc_pmu_sync(&c->pmu, c->ev, msr);
    if ((old ^ msr) & (MSR_PR | MSR_IS | MSR_DS))
        ppc_mmu_flush_pages(&c->mmu);
    /* MSR[WE] with HID0[DOZE|NAP|SLEEP]: power-down until an interrupt
     * (e500 Core Reference Manual "Power Management") */
    if ((msr & MSR_WE) && (c->hid0 & (HID0_DOZE | HID0_NAP | HID0_SLEEP)))
        c->waiting = true;
    c->stop = true;
}

void ppc_take(struct ppc_cpu *c, unsigned ivor, uint32_t return_pc)
{
    enum irq_class cl = class_of(c, ivor);
    uint32_t msr = c->msr;
    c->iline = 1; /* the handler's first fetch is a new line */
    switch (cl) {
    case CL_BASE: c->srr0 = return_pc; c->srr1 = msr; break;
    case CL_CRITICAL: c->csrr0 = return_pc; c->csrr1 = msr; break;
    case CL_DEBUG: c->dsrr0 = return_pc; c->dsrr1 = msr; break;
    case CL_MCHECK: c->mcsrr0 = return_pc; c->mcsrr1 = msr; break;
    }
    if (ivor == IVOR_PERFMON)
        ppc_pmu_interrupt_taken(&c->pmu);
    ppc_set_msr(c, msr & msr_kept[cl]);
    /* counted in the state the interrupt enters (supervisor) */
    c->ev[PEV_INTERRUPTS]++;
    c->pc = (c->ivpr & IVPR_MASK) | (c->ivor[ivor] & IVOR_MASK);
    c->waiting = false;
    c->stop = true;
}

/* The interrupts that report in ESR (Book III-E 7.5: DSI, ISI, alignment,
 * program, data TLB error, SPE unavailable); the others leave it. */
static bool sets_esr(unsigned ivor)
{
    return ivor == IVOR_DSI || ivor == IVOR_ISI || ivor == IVOR_ALIGN ||
           ivor == IVOR_PROGRAM || ivor == IVOR_DTLB || ivor == IVOR_SPE;
}

void ppc_fault(struct ppc_cpu *c, unsigned ivor, uint32_t esr)
{
    c->ev[PEV_INSNS]--; /* the instruction does not complete */
    c->ev[PEV_ABANDONED]++;
    /* e200z7 RM Figure 7-1: ESR[VLEMI] when a VLE instruction caused it */
    if (sets_esr(ivor))
        c->esr = esr | (c->vle_insn ? ESR_VLEMI : 0);
    if (ivor == IVOR_PROGRAM && (esr & ESR_PTR))
        c->ev[PEV_SC_TRAP]++;
    ppc_take(c, ivor, c->pc);
}

void ppc_data_fault(struct ppc_cpu *c, unsigned ivor, uint32_t ea, bool store)
{
    c->dear = ea;
    ppc_fault(c, ivor, store ? ESR_ST : 0);
}

void ppc_return(struct ppc_cpu *c, unsigned kind)
{
    static const enum irq_class of[4] = { CL_BASE, CL_CRITICAL, CL_DEBUG, CL_MCHECK };
    uint32_t pc, msr;
    switch (of[kind & 3u]) {
    case CL_BASE: pc = c->srr0; msr = c->srr1; break;
    case CL_CRITICAL: pc = c->csrr0; msr = c->csrr1; break;
    case CL_DEBUG: pc = c->dsrr0; msr = c->dsrr1; break;
    default: pc = c->mcsrr0; msr = c->mcsrr1; break;
    }
    c->ev[PEV_RFI]++;
    c->pc = pc & c->ret_mask;
    ppc_set_msr(c, msr);
}

/* Book III-E 7.9: debug (with MSR[DE]) before the external input before
 * the decrementer before the performance monitor, which is the lowest of
 * the asynchronous interrupts (e200z7.md section 1). The external input is
 * level-sensitive: taken while the board asserts it and MSR[EE] is set. The debug interrupt is level-sensitive on the
 * DBSR event bits, so an event recorded while MSR[DE] = 0 is taken when DE
 * is set (DBSR[IDE]). */
bool ppc_check_interrupts(struct ppc_cpu *c)
{
    bool pm = ppc_pmu_update(&c->pmu, c->ev);
    if ((c->dbcr0 & DBCR0_IDM) && (c->dbsr & DBSR_EVENTS) && (c->msr & MSR_DE)) {
        ppc_take(c, IVOR_DEBUG, c->pc);
        return true;
    }
    if (!(c->msr & MSR_EE))
        return false;
    if (c->ext_input) {
        ppc_take(c, IVOR_EXTERNAL, c->pc);
        return true;
    }
    if ((c->tsr & TSR_DIS) && (c->tcr & TCR_DIE)) {
        ppc_take(c, IVOR_DEC, c->pc);
        return true;
    }
    if (pm) {
        ppc_take(c, IVOR_PERFMON, c->pc);
        return true;
    }
    return false;
}

uint64_t ppc_quiet_budget(const struct ppc_cpu *c)
{
    uint64_t best = UINT64_MAX;
    uint64_t at = ppc_dec_expiry(c);
    if (at != UINT64_MAX) { /* every instruction takes at least one cycle */
        uint64_t cycle = at * c->p->tb_div, now = ppc_cycles(c);
        best = cycle > now ? cycle - now : 1;
    }
    uint64_t p = ppc_pmu_events_to_condition(&c->pmu, c->ev);
    return p < best ? (p ? p : 1) : best;
}
