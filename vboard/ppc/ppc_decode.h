/*
 * ppc_decode.h - the handler indices of pre-decoded instructions and how
 * ppc_decode() fills struct ppc_dinsn for each (field meanings per group).
 * Encodings: Power ISA 2.06 Book I (integer, branch) and Book III-E;
 * "Book E: Enhanced PowerPC Architecture" v1.0 appendix A opcode maps.
 *
 * A register field that the architecture reads as (rA|0) is decoded to
 * PPC_R0_IS_ZERO, a register that always holds 0 (struct ppc_cpu gpr[32]).
 */
#ifndef VBOARD_PPC_DECODE_H
#define VBOARD_PPC_DECODE_H

#include <stdint.h>

struct ppc_dinsn;

#define PPC_R0_IS_ZERO 32
/* flag bits in imm of the XO- and X-form ALU groups */
#define DF_RC 1u
#define DF_OE 2u

#define PPC_OPS(X)                                                             \
    X(DECODE)  /* slot not decoded yet */                                      \
    X(SYS)     /* imm = the raw instruction (ppc_sys.c) */                     \
    /* D-form: rd, ra, imm = SIMM or UIMM (<< 16 for the "s" forms) */         \
    X(ADDI) X(ADDIC) X(ADDIC_RC) X(SUBFIC) X(MULLI) X(CMPI) X(CMPLI)           \
    /* D-form logical: rd = rA (target), ra = rS */                            \
    X(ANDI_RC) X(ORI) X(XORI)                                                  \
    /* loads and stores: rd, ra, imm = displacement; X forms: rb */            \
    X(LWZ) X(LWZU) X(LBZ) X(LBZU) X(LHZ) X(LHZU) X(LHA) X(LHAU)                \
    X(STW) X(STWU) X(STB) X(STBU) X(STH) X(STHU) X(LMW) X(STMW)                \
    X(LWZX) X(LWZUX) X(LBZX) X(LBZUX) X(LHZX) X(LHZUX) X(LHAX) X(LHAUX)        \
    X(STWX) X(STWUX) X(STBX) X(STBUX) X(STHX) X(STHUX)                         \
    X(LWBRX) X(STWBRX) X(LHBRX) X(STHBRX)                                      \
    /* rotates: rd = rA (target), ra = rS, rb = SH or rB, imm = mask */        \
    X(RLWINM) X(RLWINM_RC) X(RLWNM) X(RLWIMI)                                  \
    /* XO-form: rd, ra, rb, imm = DF_RC | DF_OE */                             \
    X(ADD) X(ADDC) X(ADDE) X(ADDZE) X(ADDME) X(SUBF) X(SUBFC) X(SUBFE)         \
    X(SUBFZE) X(SUBFME) X(NEG) X(MULLW) X(MULHW) X(MULHWU) X(DIVW) X(DIVWU)    \
    /* X-form logical: rd = rA (target), ra = rS, rb = rB or SH, imm = DF_RC */\
    X(AND) X(ANDC) X(OR) X(ORC) X(XOR) X(NAND) X(NOR) X(EQV) X(SLW) X(SRW)     \
    X(SRAW) X(SRAWI) X(CNTLZW) X(EXTSB) X(EXTSH)                               \
    /* rd = crfD, ra, rb */                                                    \
    X(CMP) X(CMPL)                                                             \
    /* rd, ra, rb, imm = CR bit */                                             \
    X(ISEL)                                                                    \
    /* rd; MTCRF imm = the field mask; MFCR imm = 0 or one field's mask */     \
    X(MFCR) X(MTCRF) X(MFLR) X(MFCTR) X(MFXER) X(MTLR) X(MTCTR) X(MTXER)       \
    /* B: imm = LI or target, rd = AA<<1|LK; BC: rd = BO, ra = BI,             \
       rb = AA<<1|LK, imm = BD; BCLR/BCCTR: rd = BO, ra = BI, rb = LK */       \
    X(B) X(BC) X(BCLR) X(BCCTR)                                                \
    /* CR logical: rd = crbD, ra = crbA, rb = crbB, imm = XO; MCRF rd, ra */   \
    X(CROP) X(MCRF)

#define PPC_OP_ENUM(name) OP_##name,
enum ppc_op { PPC_OPS(PPC_OP_ENUM) OP_COUNT };
#undef PPC_OP_ENUM

/* MASK(mb, me) of rlwinm and friends, IBM bit numbers, wrapping when
 * mb > me (Power ISA Book I "Rotate Instructions"). */
static inline uint32_t ppc_rot_mask(unsigned mb, unsigned me)
{
    uint32_t a = 0xffffffffu >> mb, b = 0xffffffffu << (31 - me);
    return mb <= me ? a & b : a | b;
}

/* Fills *d for the instruction word insn. */
void ppc_decode(struct ppc_dinsn *d, uint32_t insn);

#endif
