/*
 * ppc_idle.c - the Power CPU as the idle-loop search sees it
 * (common/idle.h): which instructions an idle loop may hold, one step of
 * the interpreter, and the state compared at the loop's head.
 *
 * Allowed: what has a handler of its own in the run loop (ppc_decode.h)
 * but the stores: the integer ALU, rotates, compares, loads, the moves of
 * CR, LR, CTR and XER, branches. Not allowed: stores, and everything
 * ppc_sys.c executes (mfspr reads the time base, the decrementer and the
 * counters; mtmsr, lwarx/stwcx., cache and TLB instructions, traps, sc,
 * wait), and VLE code (not looked into).
 */
#include "ppc_idle.h"

#include "ppc_decode.h"
#include "ppc_internal.h"

static bool op_ok(enum ppc_op op)
{
    switch (op) {
    case OP_DECODE: case OP_SYS:
    case OP_STW: case OP_STWU: case OP_STB: case OP_STBU: case OP_STH: case OP_STHU:
    case OP_STMW: case OP_STWX: case OP_STWUX: case OP_STBX: case OP_STBUX:
    case OP_STHX: case OP_STHUX: case OP_STWBRX: case OP_STHBRX:
        return false;
    default:
        return true;
    }
}

static bool may_loop(void *cpu)
{
    struct ppc_cpu *c = cpu;
    uint32_t word;
    struct ppc_dinsn d;
    if (!ppc_peek_insn(c, c->pc, &word))
        return false;
    ppc_decode(&d, word);
    return op_ok((enum ppc_op)d.op);
}

static bool step(void *cpu)
{
    struct ppc_cpu *c = cpu;
    uint64_t irqs = c->ev[PEV_INTERRUPTS], lost = c->ev[PEV_ABANDONED];
    return ppc_cpu_run(c, 1) == PPC_RUN_SLICE && !c->waiting &&
           c->ev[PEV_INTERRUPTS] == irqs && c->ev[PEV_ABANDONED] == lost;
}

static void state(const void *cpu, uint32_t *out)
{
    const struct ppc_cpu *c = cpu;
    unsigned n = 0;
    out[n++] = c->pc;
    for (unsigned i = 0; i < 32; i++)
        out[n++] = c->gpr[i];
    out[n++] = c->cr;
    out[n++] = c->lr;
    out[n++] = c->ctr;
    out[n++] = c->xer;
    out[n++] = c->msr;
    out[n++] = c->resv;
    while (n < VB_IDLE_STATE_WORDS)
        out[n++] = 0;
}

static uint64_t cycles(const uint64_t *delta)
{
    return delta[PEV_INSNS] + delta[PEV_STALLS] + delta[PEV_IDLE];
}

struct vb_idle_cpu ppc_idle_cpu(struct ppc_cpu *c, struct uart *line)
{
    return (struct vb_idle_cpu){ .cpu = c, .ev = c->ev, .n_ev = PEV_COUNT, .bus = &c->bus,
                                 .line = line, .may_loop = may_loop, .step = step,
                                 .state = state, .cycles = cycles };
}
