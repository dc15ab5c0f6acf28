/*
 * step.c - what kind of branch an instruction is, and where the
 * instruction at pc can go next, for single-stepping by temporary
 * breakpoints (displaced.c steps out of line where it can). A branch or jump is stepped together with its
 * delay slot, as GDB's own MIPS software single-step does; a branch-likely
 * that is not taken skips (nullifies) its delay slot, so pc + 8 covers both.
 *
 * Encodings: MIPS32 Architecture for Programmers Vol. II (MD00086), opcode
 * tables A.2-A.5; cross-checked against binutils opcodes/mips-opc.c.
 */
#include "mips_port.h"

#define OP(i) ((i) >> 26)
#define RS(i) (((i) >> 21) & 31)
#define RT(i) (((i) >> 16) & 31)
#define FUNCT(i) ((i) & 63)
#define COP0_ERET 0x42000018u
#define COP0_DERET 0x4200001fu
#define BRANCH_TARGET(pc, i) ((pc) + 4 + ((uint32_t)(int16_t)(i) << 2))

enum {
    OP_SPECIAL = 0, OP_REGIMM = 1, OP_J = 2, OP_JAL = 3, OP_BEQ = 4,
    OP_BGTZ = 7, OP_COP1 = 17, OP_BEQL = 20, OP_BGTZL = 23,
    FUNCT_JR = 8, FUNCT_JALR = 9, COP1_BC = 8,
};

enum mips_branch mips_branch_of(uint32_t insn)
{
    unsigned op = OP(insn);

    if (op == OP_SPECIAL &&
        (FUNCT(insn) == FUNCT_JR || FUNCT(insn) == FUNCT_JALR))
        return MIPS_BRANCH_REG;
    if (op == OP_J || op == OP_JAL)
        return MIPS_BRANCH_JUMP;
    /* REGIMM rt 0-3 bltz/bgez(l), 16-19 bltzal/bgezal(l); rt 8-14 are
     * traps, which fall through. */
    if ((op == OP_REGIMM && (RT(insn) & 0xc) == 0) ||
        (op >= OP_BEQ && op <= OP_BGTZ) || (op >= OP_BEQL && op <= OP_BGTZL) ||
        (op == OP_COP1 && RS(insn) == COP1_BC))
        return MIPS_BRANCH_COND;
    if (insn == COP0_ERET || insn == COP0_DERET)
        return MIPS_BRANCH_ERET;
    return MIPS_BRANCH_NONE;
}

uint32_t mips_branch_target(uint32_t pc, uint32_t insn)
{
    if (OP(insn) == OP_J || OP(insn) == OP_JAL)
        return ((pc + 4) & 0xf0000000u) | ((insn & 0x03ffffffu) << 2);
    return BRANCH_TARGET(pc, insn);
}

/* Returns how many of next[] are filled (1 or 2), or 0 if the instruction
 * cannot be stepped. */
int mips_next_pcs(uint32_t pc, uint32_t insn, const uint32_t *ctx,
                  uint32_t next[2])
{
    switch (mips_branch_of(insn)) {
    case MIPS_BRANCH_REG:
        next[0] = ctx[RS(insn)];
        return 1;
    case MIPS_BRANCH_JUMP:
        next[0] = mips_branch_target(pc, insn);
        return 1;
    case MIPS_BRANCH_COND:
        next[0] = mips_branch_target(pc, insn);
        next[1] = pc + 8;
        return next[0] == next[1] ? 1 : 2;
    case MIPS_BRANCH_ERET:
        /* Its destination is the EPC of an exception the program was
         * handling, which the stub's own break exception has overwritten:
         * this stub cannot step it (EJTAG can). */
        return 0;
    default:
        next[0] = pc + 4;
        return 1;
    }
}
