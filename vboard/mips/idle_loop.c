/*
 * idle_loop.c - the MIPS CPU as the idle-loop search sees it
 * (common/idle.h): which instructions an idle loop may hold, one step of
 * the interpreter, and the state compared at the loop's head.
 *
 * Allowed (MD00086 opcode tables, appendix A.2): the integer ALU, shifts,
 * multiply and divide (HI/LO are part of the state), branches and jumps
 * that stay in MIPS32, loads, sync and pref. Not allowed: stores, ll/sc,
 * every COP0 instruction (mfc0 reads Count, Cause, the counters), rdhwr
 * (CC is Count), traps, syscall, break, sdbbp, cache, synci, jalx, the FPU
 * and COP2, and MIPS16e code (not looked into). A load from a device is
 * judged by the search itself (it must be a quiet status read).
 */
#include "idle_loop.h"

#include "mem.h"

static bool special_ok(uint32_t fn)
{
    switch (fn) {
    case 0x00: case 0x02: case 0x03: case 0x04: case 0x06: case 0x07: /* shifts */
    case 0x08: case 0x09:                                   /* jr, jalr */
    case 0x0a: case 0x0b:                                   /* movz, movn */
    case 0x0f:                                              /* sync */
    case 0x10: case 0x11: case 0x12: case 0x13:             /* mfhi..mtlo */
    case 0x18: case 0x19: case 0x1a: case 0x1b:             /* mult..divu */
        return true;
    default:
        return fn >= 0x20 && fn <= 0x2b && fn != 0x28 && fn != 0x29; /* add..sltu */
    }
}

static bool insn_ok(uint32_t insn)
{
    uint32_t op = insn >> 26, fn = insn & 63u, rt = (insn >> 16) & 31u;
    switch (op) {
    case 0x00: return special_ok(fn);
    case 0x01: return rt <= 0x03 || (rt >= 0x10 && rt <= 0x13); /* branches */
    case 0x1c: return fn <= 0x02 || fn == 0x04 || fn == 0x05 || fn == 0x20 || fn == 0x21;
                                            /* madd..msubu, clz, clo */
    case 0x1f: return fn == 0x00 || fn == 0x04 || fn == 0x20;  /* ext, ins, bshfl */
    case 0x33: return true;                                    /* pref */
    default:
        return (op >= 0x02 && op <= 0x0f) ||  /* j, jal, branches, ALU immediate */
               (op >= 0x14 && op <= 0x17) ||  /* branch likely */
               (op >= 0x20 && op <= 0x26);    /* lb lh lwl lw lbu lhu lwr */
    }
}

static bool may_loop(void *cpu)
{
    struct cpu *c = cpu;
    uint32_t insn;
    if ((c->pc & 1u) || (c->debug & DBG_DM) || !mem_peek(c, c->pc, 4, &insn))
        return false;
    return insn_ok(insn);
}

static bool step(void *cpu)
{
    struct cpu *c = cpu;
    return cpu_run(c, 1) == RUN_SLICE_DONE && !c->waiting;
}

static void state(const void *cpu, uint32_t *out)
{
    const struct cpu *c = cpu;
    unsigned n = 0;
    out[n++] = c->pc;
    for (unsigned i = 0; i < 32; i++)
        out[n++] = c->gpr[i];
    out[n++] = c->hi;
    out[n++] = c->lo;
    out[n++] = c->npc;
    out[n++] = c->in_ds;
    out[n++] = c->llbit;
    while (n < VB_IDLE_STATE_WORDS)
        out[n++] = 0;
}

static uint64_t cycles(const uint64_t *delta)
{
    return delta[EV_INSNS] + delta[EV_STALLS] + delta[EV_IDLE];
}

struct vb_idle_cpu mips_idle_cpu(struct cpu *c, struct uart *line)
{
    return (struct vb_idle_cpu){ .cpu = c, .ev = c->ev, .n_ev = EV_COUNT, .bus = &c->bus,
                                 .line = line, .may_loop = may_loop, .step = step,
                                 .state = state, .cycles = cycles };
}
