/*
 * delay_slot.c - an interrupt that comes in a branch's delay slot, without
 * the branch running twice.
 *
 * Such an interrupt leaves EPC at the branch and sets Cause.BD (MIPS32
 * PRA MD00090, "EPC Register" and "Cause Register": an exception in a
 * delay slot restarts the branch). The branch has already run, and been
 * counted; the return to EPC runs it again, so every interrupt that lands
 * in a delay slot (the receive interrupt of a 0x03, the counters' overflow
 * of the 64-bit counts and of sampling, the Ctrl-C timer poll) would add
 * one branch to the program's counts: one instruction, one branch, and its
 * cycles. Measured: pmuctl stat -I 10, halting the program 13 times, read
 * one instruction more than QEMU executes (tests/e2e/stat.sh).
 *
 * So the stub finishes the delay slot itself: the delay slot's instruction
 * runs out of line, once, counted, in displaced.c's slot followed by a
 * trap, and at the trap the program goes on where the branch sent it: its
 * target if it was taken, else pc + 8. Whether it was taken is decided
 * from the registers as they are, which are as the branch saw them: the
 * delay slot has not run, and a linking branch's link register cannot be
 * its own operand (MD00086: UNPREDICTABLE). A branch-likely's delay slot
 * runs only when it is taken. The program is stopped, if it is to stop, at
 * that next pc, with nothing of the branch left to run.
 *
 * Not done (the branch runs again, as before): a bc1f/bc1t (their FP
 * condition codes are not decoded here), code in user mode or in kseg1
 * (the slot is reached through kseg1, and a pc there is the stub's own
 * slots), MIPS16 code, and a delay slot under one of the stub's traps.
 */
#include "mips_port.h"

#if PMUSTUB_DELAY_SLOTS

#define OP(i) ((i) >> 26)
#define RS(i) (((i) >> 21) & 31)
#define RT(i) (((i) >> 16) & 31)
#define OP_REGIMM 1u
#define OP_BEQ 4u
#define OP_BNE 5u
#define OP_BLEZ 6u
#define OP_BEQL 20u
#define OP_COP1 17u
#define ST_KSU (3u << 3)
#define CAUSE_BD (1u << 31)
#define BREAK_INSN 0x0005000du /* "break 5", as the port's traps */

static uint32_t slot[2];

static struct {
    uint32_t pc, next;    /* the branch; where it sent the program */
    uint32_t ie;          /* the program's Status.IE, off in the slot */
    uint8_t active, stop; /* stop: the stop the interrupt asked for waits */
    struct stub_stop why;
} bd;

/* Was the conditional branch insn taken, with the registers in ctx? */
static int taken(uint32_t insn, const uint32_t *ctx)
{
    unsigned op = OP(insn);
    int32_t s = (int32_t)ctx[RS(insn)];

    if (op >= OP_BEQL)
        return 1; /* a likely branch's delay slot runs only when taken */
    if (op == OP_REGIMM) /* bltz, bgez, bltzal, bgezal: rt bit 0 is "ge" */
        return (RT(insn) & 1) ? s >= 0 : s < 0;
    if (op == OP_BEQ || op == OP_BNE)
        return (ctx[RS(insn)] == ctx[RT(insn)]) == (op == OP_BEQ);
    return op == OP_BLEZ ? s <= 0 : s > 0; /* blez, bgtz */
}

int mips_delay_slot_arm(const struct stub_stop *why, int stop)
{
    uint32_t pc = mips_ctx[CTX_PC], insn, delay, here;
    enum mips_branch kind;

    if (!(mips_ctx[CTX_CAUSE] & CAUSE_BD) || (mips_ctx[CTX_STATUS] & ST_KSU) ||
        pc >> 29 == 5 || (pc & 3) || (uint32_t)(uintptr_t)slot >> 29 != 5 ||
        !mips_original(pc, &insn) || !mips_original(pc + 4, &delay) ||
        mips_peek_word(pc + 4, &here) || here != delay)
        return 0;
    kind = mips_branch_of(insn);
    if (kind == MIPS_BRANCH_REG)
        bd.next = mips_ctx[RS(insn)];
    else if (kind == MIPS_BRANCH_JUMP ||
             (kind == MIPS_BRANCH_COND && OP(insn) != OP_COP1))
        bd.next = kind == MIPS_BRANCH_JUMP || taken(insn, mips_ctx)
                      ? mips_branch_target(pc, insn) : pc + 8;
    else
        return 0;
    slot[0] = delay;
    slot[1] = BREAK_INSN;
    mips_sync(); /* stored before fetched (displaced.c) */
    bd.active = 1;
    bd.stop = (uint8_t)stop;
    bd.why = *why;
    bd.pc = pc;
    /* No interrupt inside the slot: one there could stop the program at
     * a pc of the stub's. A pending one comes at the next pc. */
    bd.ie = mips_ctx[CTX_STATUS] & ST_IE;
    mips_ctx[CTX_STATUS] &= ~ST_IE;
    mips_ctx[CTX_PC] = (uint32_t)(uintptr_t)slot;
    return 1;
}

int mips_delay_slot_end(unsigned exc, struct stub_stop *why)
{
    if (!bd.active)
        return 0;
    bd.active = 0;
    mips_ctx[CTX_STATUS] |= bd.ie;
    if (exc != 9 || mips_ctx[CTX_PC] != (uint32_t)(uintptr_t)&slot[1]) {
        /* The delay slot's instruction faulted: as the core reports a
         * fault in a delay slot, at the branch with Cause.BD. */
        mips_ctx[CTX_PC] = bd.pc;
        mips_ctx[CTX_CAUSE] |= CAUSE_BD;
        return 0;
    }
    mips_ctx[CTX_PC] = bd.next;
    *why = bd.why;
    return bd.stop ? 1 : 2;
}
#endif
