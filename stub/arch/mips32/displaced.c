/*
 * displaced.c - single-step by running the instruction out of line: it is
 * copied into a slot in the stub's memory, followed by a trap, and the
 * program resumes in the slot. The program's code is not written, so a
 * step (GDB's, or the stub's own over a breakpoint or tracepoint) leaves
 * its I-cache lines where they were: a trap written into the code needs
 * SYNCI, which invalidates the line (MD00086 SYNCI). The slot is in the
 * stub's bss, which malta.ld links in kseg1, so it is fetched uncached and
 * needs no cache maintenance, only a SYNC so that its stores have reached
 * memory before the fetch (MD00086 SYNC).
 *
 * The slot (words):
 *   0: the instruction, or the branch with its target moved to word 4
 *   1: a trap (not a branch: the step ends here, at pc + 4), or the
 *      branch's delay slot
 *   2: a trap: the branch fell through (pc + 8; a branch-likely that is
 *      not taken skips word 1, as it would skip its delay slot)
 *   3: unused
 *   4: a trap: the branch was taken (its target, computed from the
 *      original encoding)
 * Every instruction runs once, as itself, with the counters running, so
 * the program's counts are those of an ordinary step. What differs is the
 * link: jal becomes j, bltzal/bgezal(l) become bltz/bgez(l) and jalr
 * writes $0, and the stub writes the program's return address (pc + 8)
 * into the link register before the step (MD00086: the link is written
 * whether or not the branch is taken, and the delay slot sees it). The
 * event classes are the same (34K: "branches", "j/jal", "jr/jalr").
 * jr/jalr jump through their register, which holds the slot's word 4
 * during the step and gets its value back after it; a delay slot that may
 * name that register (any of its register fields) is stepped in place
 * instead (port.c), as are eret/deret and code in user mode, where kseg1
 * is out of reach (MD00090, "Virtual Memory Segments").
 */
#include "mips_port.h"

#define OP(i) ((i) >> 26)
#define RS(i) (((i) >> 21) & 31)
#define RT(i) (((i) >> 16) & 31)
#define RD(i) (((i) >> 11) & 31)
#define OP_REGIMM 1u
#define OP_J 2u
#define OP_JAL 3u
#define REGIMM_LINK 0x10u /* rt bit 4: bltzal, bgezal, bltzall, bgezall */
#define FUNCT_JALR 9u
#define ST_KSU (3u << 3)
#define CAUSE_BD (1u << 31)
#define BREAK_INSN 0x0005000du /* "break 5", as the port's traps */


static uint32_t slot[MIPS_SLOT_WORDS];

/* What mips_steps_out_of_line read last: mips_displaced_arm, which the
 * port calls right after it for the same pc, takes it from here. */
static uint32_t checked_insn, checked_delay;

static struct {
    uint32_t pc, target;   /* the step's pc; a branch's taken target */
    uint32_t saved_rs;     /* jr/jalr: the register's own value */
    uint32_t saved_link;   /* the link register before the step */
    uint8_t active, branch, rs, link;
} ds;

/* The instruction at addr as the program has it (under a trap of ours:
 * the original); 0 if it cannot be read. */
int mips_original(uint32_t addr, uint32_t *insn)
{
    uint8_t b[4];

    if (stub_bp_original(addr, b, 4) != STUB_MEM_OK)
        return 0;
    *insn = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    return 1;
}

/* Does any register field of insn name r? (Conservative: a field that is
 * not a register counts too.) */
static int names(uint32_t insn, unsigned r)
{
    return RS(insn) == r || RT(insn) == r || RD(insn) == r;
}

/* The slot's address as the program's pc sees it (kseg1, malta.ld). */
static uint32_t slot_addr(unsigned word)
{
    return (uint32_t)(uintptr_t)&slot[word];
}

int mips_steps_out_of_line(uint32_t pc)
{
    uint32_t insn, delay;
    enum mips_branch kind;

    /* The saved Status has EXL set (the stub's own exception); KSU is the
     * program's mode. The slot must be uncached (kseg1: its top three
     * bits 0b101), or the I-cache could hold a stale copy of it. */
    if ((mips_ctx[CTX_STATUS] & ST_KSU) != 0 || slot_addr(0) >> 29 != 5 ||
        !mips_original(pc, &insn))
        return 0;
    checked_insn = insn;
    kind = mips_branch_of(insn);
    if (kind == MIPS_BRANCH_ERET)
        return 0;
    if (kind == MIPS_BRANCH_NONE)
        return 1;
    if (!mips_original(pc + 4, &delay))
        return 0;
    checked_delay = delay;
    return kind != MIPS_BRANCH_REG || (RS(insn) != 0 && !names(delay, RS(insn)));
}

/* The original at slot word 0 (a branch: retargeted to word W_TAKEN), its
 * delay slot or a trap, and the traps; what the step must do around it
 * goes to *p. A jr/jalr's register is the caller's to point at W_TAKEN. */
void mips_slot_fill(uint32_t *sl, uint32_t pc, uint32_t insn, uint32_t delay,
                    struct mips_slot_plan *p)
{
    enum mips_branch kind = mips_branch_of(insn);
    uint32_t taken = (uint32_t)(uintptr_t)&sl[W_TAKEN];
    unsigned op = OP(insn), link = 0;

    p->branch = kind != MIPS_BRANCH_NONE;
    p->target = 0;
    if (kind == MIPS_BRANCH_JUMP || kind == MIPS_BRANCH_COND)
        p->target = mips_branch_target(pc, insn);
    if (kind == MIPS_BRANCH_JUMP) {
        if (op == OP_JAL)
            link = 31, insn = (insn & 0x03ffffffu) | OP_J << 26;
        insn = (insn & 0xfc000000u) | ((taken >> 2) & 0x03ffffffu);
    } else if (kind == MIPS_BRANCH_COND) {
        if (op == OP_REGIMM && (RT(insn) & REGIMM_LINK))
            link = 31, insn &= ~(REGIMM_LINK << 16);
        /* offset in words from the delay slot (word 1) to word 4 */
        insn = (insn & 0xffff0000u) | (W_TAKEN - 1);
    } else if (kind == MIPS_BRANCH_REG) {
        if ((insn & 63) == FUNCT_JALR && RD(insn) != 0)
            link = RD(insn), insn &= ~(31u << 11);
    }
    p->link = (uint8_t)link;
    sl[0] = insn;
    sl[1] = p->branch ? delay : BREAK_INSN;
    sl[W_FALL] = BREAK_INSN;
    sl[3] = BREAK_INSN;
    sl[W_TAKEN] = BREAK_INSN;
    mips_sync(); /* stored before fetched */
}

int mips_displaced_arm(void)
{
    uint32_t pc = mips_ctx[CTX_PC], insn = checked_insn;
    struct mips_slot_plan p;

    mips_slot_fill(slot, pc, insn, checked_delay, &p);
    ds.pc = pc;
    ds.branch = p.branch;
    ds.target = p.target;
    ds.rs = 0;
    if (mips_branch_of(insn) == MIPS_BRANCH_REG) {
        ds.rs = (uint8_t)RS(insn);
        ds.saved_rs = mips_ctx[ds.rs];
        ds.target = ds.saved_rs;
        mips_ctx[ds.rs] = slot_addr(W_TAKEN);
    }
    ds.link = p.link;
    if (p.link) {
        ds.saved_link = mips_ctx[p.link];
        mips_ctx[p.link] = pc + 8;
    }
    mips_ctx[CTX_PC] = slot_addr(0);
    ds.active = 1;
    return 0;
}

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK /* port.c's quick_set */
int mips_displaced_active(void)
{
    return ds.active;
}
#endif

int mips_displaced_end(unsigned exc)
{
    uint32_t epc = mips_ctx[CTX_PC], off = epc - slot_addr(0);
    int done_by_trap = exc == 9;

    if (!ds.active)
        return 0;
    ds.active = 0;
    if (ds.rs)
        mips_ctx[ds.rs] = ds.saved_rs;
    if (!ds.branch && off == 4 && done_by_trap) {
        mips_ctx[CTX_PC] = ds.pc + 4;
    } else if (ds.branch && off == 4 * W_FALL && done_by_trap) {
        mips_ctx[CTX_PC] = ds.pc + 8;
    } else if (ds.branch && off == 4 * W_TAKEN && done_by_trap) {
        mips_ctx[CTX_PC] = ds.target;
    } else {
        /* Stopped inside the step (a fault, GDB's 0x03): at the program's
         * own address. Before the branch ran (no delay slot under way),
         * its link was not written yet. */
        mips_ctx[CTX_PC] = ds.pc + (off < 8 ? off : 0);
        if (ds.link && off == 0 && !(mips_ctx[CTX_CAUSE] & CAUSE_BD))
            mips_ctx[ds.link] = ds.saved_link;
    }
    return 1;
}
