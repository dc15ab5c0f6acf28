/*
 * vle_decode.h - the e200z7's Variable Length Encoding instructions
 * decoded into struct vle_insn (vle_decode.c), executed by vle_exec.c.
 *
 * The list of instructions is binutils opcodes/ppc-opc.c vle_opcodes[]
 * (the table powerpc-linux-gnu-as -mvle assembles from); semantics: VLE
 * Programming Environments Manual (VLE PEM) Rev.0 chapter 3 (e200z7 Core
 * Reference Manual chapter 3 for what the e200z7 leaves out).
 * Book E instructions of primary opcodes 4 and 31 keep their meaning in a
 * VLE page (VLE PEM Table 3-1): they decode to V_BOOKE and the run loop
 * executes the word with its Book E handlers.
 *
 * Register fields are decoded to GPR numbers: the 16-bit forms' RX/RY/RZ
 * 0-7 are r0-r7 and 8-15 are r24-r31, ARX/ARY are r8-r23 (VLE PEM 2.2.1);
 * a field read as (RA|0) is PPC_R0_IS_ZERO (ppc_decode.h).
 */
#ifndef VBOARD_VLE_DECODE_H
#define VBOARD_VLE_DECODE_H

#include <stdint.h>

/* flags */
#define VF_RC       0x01u  /* record: CR0 from the result */
#define VF_UNSIGNED 0x02u  /* compares: logical */
#define VF_HALF     0x04u  /* compares: the low halfwords only */
#define VF_UPDATE   0x08u  /* loads/stores: rA gets the EA */
#define VF_LK       0x10u  /* branches: LR gets the next instruction */
#define VF_SIGNED   0x20u  /* loads: algebraic (sign-extended) */
#define VF_CA       0x40u  /* arithmetic: sets XER[CA] */

enum vle_op {
    V_ILLEGAL,  /* illegal or reserved: program interrupt ESR[PIL] */
    V_BOOKE,    /* a Book E word of opcode 4 or 31 (imm = the word) */
    V_ISYNC,
    V_SC,       /* se_sc, e_sc with LEV = 0 */
    V_BLR,      /* se_blr[l], se_bctr[l]: rd = 1 for CTR */
    V_RFI,      /* imm = 0 rfi, 1 rfci, 2 rfdi, 3 rfmci (ppc_return) */
    /* rd <- f(ra) */
    V_MR, V_NOT, V_NEG, V_EXTZB, V_EXTSB, V_EXTZH, V_EXTSH,
    V_MFLR, V_MTLR, V_MFCTR, V_MTCTR,  /* rd is the GPR */
    /* rd <- ra op rb (flags VF_RC) */
    V_ADD, V_SUBF, V_MULLW, V_AND, V_ANDC, V_OR, V_SLW, V_SRW, V_SRAW, V_RLW,
    /* rd <- ra op imm (flags VF_RC, VF_CA) */
    V_ADDI, V_SUBFIC, V_MULLI, V_ANDI, V_ORI, V_XORI, V_SLWI, V_SRWI,
    V_SRAWI, V_RLWI,
    V_LI,       /* rd <- imm */
    V_RLWINM,   /* rd <- rotl(ra, rb) & imm */
    V_RLWIMI,   /* rd <- rotl(ra, rb) & imm | rd & ~imm */
    V_BTSTI,    /* CR0 from bit imm (IBM numbering) of ra */
    V_CMP,      /* CR field rd <- compare ra, rb (VF_UNSIGNED, VF_HALF) */
    V_CMPI,     /* CR field rd <- compare ra, imm */
    V_LOAD,     /* rd <- mem[ra + imm], rb = size (VF_SIGNED, VF_UPDATE) */
    V_STORE,    /* mem[ra + imm] <- rd, rb = size (VF_UPDATE) */
    V_LMW, V_STMW,  /* rd..r31 at ra + imm */
    V_LMV, V_STMV,  /* e_{l,st}mv*rw: rd = the register set (RT field) */
    V_B,        /* pc + imm (VF_LK) */
    V_BC,       /* rd = Book E BO, ra = BI, pc + imm (VF_LK) */
    V_CROP,     /* CR bit rd <- ra op rb, imm = the XO (ppc_alu.h crop) */
    V_MCRF,     /* CR field rd <- CR field ra */
};

struct vle_insn {
    uint8_t op, len;          /* len: 2 or 4 bytes */
    uint8_t rd, ra, rb, flags;
    uint32_t imm;
};

/* 32-bit iff the first halfword's bits 0 and 3 (IBM) are 0 and 1: primary
 * opcodes 4-7, 12-15, 20-23 and 28-31 (VLE PEM 1.2; binutils ppc-dis.c). */
static inline unsigned vle_length(uint32_t hw)
{
    return (hw & 0x9000u) == 0x1000u ? 4u : 2u;
}

/* Fills *v for the instruction whose first halfword is hi and, for a
 * 32-bit one, second halfword lo. */
void vle_decode(struct vle_insn *v, uint32_t hi, uint32_t lo);

#endif
