/*
 * displaced.c - single-step out of line: the instruction is copied into a
 * slot in the stub's memory and the program resumes there for one
 * instruction (the debug unit's instruction-complete event, step.c). The
 * program's code is not written, so a step (GDB's, or the stub's own over
 * a breakpoint or tracepoint) leaves its I-cache lines where they were:
 * a trap written into the code needs icbi, which drops the line (Power ISA
 * Book II, "Instruction Storage"). The slot is in the stub's bss, which
 * ppce500.ld links on the cache-inhibited megabyte, so it is fetched from
 * memory and needs only msync before the return (context-synchronizing)
 * fetches it.
 *
 * The slot (words):
 *   0: the instruction, or the branch redirected into the slot
 *   1: a trap: the instruction completed in sequence (pc + 4), or a
 *      conditional branch fell through
 *   2: a trap: the branch was taken (its target computed from the
 *      original encoding, or LR/CTR as they were)
 *   3: a trap
 * The step ends at word 1 or 2 by the instruction-complete event; the
 * traps only catch a step that would run on. Every instruction runs once,
 * as itself, with the counters running, so the counts are those of an
 * ordinary step, branches included (the same kind of branch, the same
 * CTR decrement and condition). What differs: b/bc go to word 2 relative
 * (absolute forms become relative); bclr/bcctr go through LR/CTR, which
 * hold word 2 during the step and get their values back after it; a
 * branch with LK writes the slot's return address, which the stub
 * replaces with the program's (pc + 4). Not stepped out of line (the
 * port steps them in place): sc, tw/twi (the stub's own trap is one),
 * and rfi/rfci/rfdi/rfmci, which step.c refuses anyway.
 */
#include "booke.h"
#include "ppc_port.h"

#define OP(i) ((i) >> 26)
#define XO(i) (((i) >> 1) & 0x3ffu)
#define LK 1u
#define AA 2u
#define TRAP_INSN 0x7fe00008u /* tw 31,0,0: always */

static uint32_t slot[PPC_SLOT_WORDS];

static struct {
    uint32_t pc, target; /* the step's pc; a branch's taken target */
    uint32_t saved;      /* LR or CTR as they were (PPC_TO_LR, PPC_TO_CTR) */
    uint8_t active, kind, link;
} ds;

static uint32_t slot_addr(unsigned word)
{
    return (uint32_t)(uintptr_t)&slot[word];
}

/* The instruction at addr as the program has it (under a trap of ours:
 * the original); 0 if it cannot be read. */
static int original(uint32_t addr, uint32_t *insn)
{
    uint8_t b[4];

    if (stub_bp_original(addr, b, 4) != STUB_MEM_OK)
        return 0;
    *insn = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    return 1;
}

static enum ppc_branch branch_of(uint32_t insn)
{
    if (OP(insn) == 18 || OP(insn) == 16)
        return PPC_REL;
    if (OP(insn) == 19 && XO(insn) == 16)
        return PPC_TO_LR;
    if (OP(insn) == 19 && XO(insn) == 528)
        return PPC_TO_CTR;
    return PPC_NONE;
}

int ppc_steps_out_of_line(stub_addr_t pc)
{
    uint32_t insn;

    /* VLE code steps in place: the slot is on the stub's Book E page,
     * where a VLE instruction would be read as Book E (e200z7 RM ch. 10,
     * VLE is the page's attribute), and its branches are not decoded. */
    if (ppc_vle_page(pc) || !original(pc, &insn))
        return 0;
    /* sc; twi; tw; rfi, rfci, rfdi, rfmci */
    return !(OP(insn) == 17 || OP(insn) == 3 || (OP(insn) == 31 && XO(insn) == 4) ||
             ppc_is_return_insn(insn));
}

/* A sign-extended field of bits bits, in place (low two bits clear). */
static uint32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (v ^ m) - m;
}

int ppc_slot_fill(uint32_t *sl, uint32_t pc, struct ppc_slot_plan *p)
{
    uint32_t insn;
    const uint32_t to_taken = 4 * (PPC_W_TAKEN - PPC_W_INSN);

    if (!original(pc, &insn))
        return 0;
    p->kind = (uint8_t)branch_of(insn);
    p->link = p->kind != PPC_NONE && (insn & LK);
    p->target = 0;
    if (p->kind == PPC_REL) {
        if (OP(insn) == 18) { /* b: LI, bits 25..2 */
            uint32_t li = sext(insn & 0x03fffffcu, 26);
            p->target = (insn & AA) ? li : pc + li;
            insn = (insn & 0xfc000001u) | to_taken;
        } else { /* bc: BD, bits 15..2 */
            uint32_t bd = sext(insn & 0xfffcu, 16);
            p->target = (insn & AA) ? bd : pc + bd;
            insn = (insn & 0xffff0001u) | to_taken;
        }
    }
    sl[PPC_W_INSN] = insn;
    sl[PPC_W_FALL] = sl[PPC_W_TAKEN] = sl[3] = TRAP_INSN;
    __asm__ volatile("msync" : : : "memory");
    return 1;
}

int ppc_displaced_arm(void)
{
    uint32_t pc = ppc_ctx[CTX_PC];
    struct ppc_slot_plan p;

    if (!ppc_slot_fill(slot, pc, &p))
        return -1;
    ds.pc = pc;
    ds.kind = p.kind;
    ds.link = p.link;
    ds.target = p.target;
    if (p.kind == PPC_TO_LR || p.kind == PPC_TO_CTR) {
        unsigned r = p.kind == PPC_TO_LR ? CTX_LR : CTX_CTR;
        ds.saved = ds.target = ppc_ctx[r];
        ppc_ctx[r] = slot_addr(PPC_W_TAKEN);
    }
    ppc_ctx[CTX_PC] = slot_addr(PPC_W_INSN);
    ds.active = 1;
    return 0;
}

int ppc_displaced_end(void)
{
    uint32_t off = ppc_ctx[CTX_PC] - slot_addr(PPC_W_INSN);
    int ran = off == 4 * PPC_W_FALL || (ds.kind != PPC_NONE && off == 4 * PPC_W_TAKEN);

    if (!ds.active)
        return 0;
    ds.active = 0;
    /* LR/CTR as the program's instruction leaves them: bclr and bcctr do
     * not change the register they branch through (bc's CTR decrement is
     * the instruction's own and stays). */
    if (ds.kind == PPC_TO_LR)
        ppc_ctx[CTX_LR] = ds.saved;
    else if (ds.kind == PPC_TO_CTR)
        ppc_ctx[CTX_CTR] = ds.saved;
    if (ran && ds.link)
        ppc_ctx[CTX_LR] = ds.pc + 4;
    if (off == 4 * PPC_W_TAKEN && ds.kind != PPC_NONE)
        ppc_ctx[CTX_PC] = ds.target;
    else if (off == 4 * PPC_W_FALL)
        ppc_ctx[CTX_PC] = ds.pc + 4;
    else /* stopped before the instruction completed: at the program's own */
        ppc_ctx[CTX_PC] = ds.pc;
    return 1;
}
