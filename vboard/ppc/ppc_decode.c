/*
 * ppc_decode.c - raw instruction word -> struct ppc_dinsn (ppc_decode.h).
 * Only the instructions compiled code runs often are given their own
 * handler; everything else (system, storage control, traps, invalid forms)
 * becomes OP_SYS and is executed from the raw word by ppc_sys.c.
 * Opcode and extended-opcode numbers: Power ISA 2.06 Book I appendix
 * "Opcode Maps" (checked against binutils opcodes/ppc-opc.c, which
 * powerpc-linux-gnu-objdump decodes with).
 */
#include "ppc_decode.h"

#include <stddef.h>

#include "ppc_cpu.h"

#define RD(i) (((i) >> 21) & 31u)
#define RA(i) (((i) >> 16) & 31u)
#define RB(i) (((i) >> 11) & 31u)
#define XO10(i) (((i) >> 1) & 0x3ffu)
#define XO9(i) (((i) >> 1) & 0x1ffu)
#define SIMM(i) ((uint32_t)(int32_t)(int16_t)(i))
#define UIMM(i) ((i) & 0xffffu)

static uint8_t or_zero(unsigned r) { return (uint8_t)(r ? r : PPC_R0_IS_ZERO); }

/* Primary opcodes of the D-form instructions with one handler each:
 * how their fields are laid out. */
enum dform { D_ARITH, D_ARITH0, D_LOGIC, D_MEM, D_MEMU, D_CMP };
struct dentry { uint8_t op; uint8_t form; bool shifted; bool unsigned_imm; bool load; };
static const struct dentry primary[64] = {
    [7] = { OP_MULLI, D_ARITH, false, false, false },
    [8] = { OP_SUBFIC, D_ARITH, false, false, false },
    [10] = { OP_CMPLI, D_CMP, false, true, false },
    [11] = { OP_CMPI, D_CMP, false, false, false },
    [12] = { OP_ADDIC, D_ARITH, false, false, false },
    [13] = { OP_ADDIC_RC, D_ARITH, false, false, false },
    [14] = { OP_ADDI, D_ARITH0, false, false, false },
    [15] = { OP_ADDI, D_ARITH0, true, false, false },   /* addis */
    [24] = { OP_ORI, D_LOGIC, false, true, false },
    [25] = { OP_ORI, D_LOGIC, true, true, false },      /* oris */
    [26] = { OP_XORI, D_LOGIC, false, true, false },
    [27] = { OP_XORI, D_LOGIC, true, true, false },     /* xoris */
    [28] = { OP_ANDI_RC, D_LOGIC, false, true, false },
    [29] = { OP_ANDI_RC, D_LOGIC, true, true, false },  /* andis. */
    [32] = { OP_LWZ, D_MEM, false, false, true },
    [33] = { OP_LWZU, D_MEMU, false, false, true },
    [34] = { OP_LBZ, D_MEM, false, false, true },
    [35] = { OP_LBZU, D_MEMU, false, false, true },
    [36] = { OP_STW, D_MEM, false, false, false },
    [37] = { OP_STWU, D_MEMU, false, false, false },
    [38] = { OP_STB, D_MEM, false, false, false },
    [39] = { OP_STBU, D_MEMU, false, false, false },
    [40] = { OP_LHZ, D_MEM, false, false, true },
    [41] = { OP_LHZU, D_MEMU, false, false, true },
    [42] = { OP_LHA, D_MEM, false, false, true },
    [43] = { OP_LHAU, D_MEMU, false, false, true },
    [44] = { OP_STH, D_MEM, false, false, false },
    [45] = { OP_STHU, D_MEMU, false, false, false },
    [46] = { OP_LMW, D_MEM, false, false, true },
    [47] = { OP_STMW, D_MEM, false, false, false },
};

/* Opcode 31, XO-form arithmetic (9-bit XO, OE at bit 21 IBM = 0x400). */
struct xo9 { uint16_t xo; uint8_t op; bool has_oe; bool two_operands; };
static const struct xo9 arith[] = {
    { 8, OP_SUBFC, true, true },     { 10, OP_ADDC, true, true },
    { 11, OP_MULHWU, false, true },  { 40, OP_SUBF, true, true },
    { 75, OP_MULHW, false, true },   { 104, OP_NEG, true, false },
    { 136, OP_SUBFE, true, true },   { 138, OP_ADDE, true, true },
    { 200, OP_SUBFZE, true, false }, { 202, OP_ADDZE, true, false },
    { 232, OP_SUBFME, true, false }, { 234, OP_ADDME, true, false },
    { 235, OP_MULLW, true, true },   { 266, OP_ADD, true, true },
    { 459, OP_DIVWU, true, true },   { 491, OP_DIVW, true, true },
};

/* Opcode 31, X-form with a 10-bit XO. */
enum xform { X_LOGIC, X_UNARY, X_SHIFTI, X_MEM, X_MEMU, X_CMP };
struct xo10 { uint16_t xo; uint8_t op; uint8_t form; bool load; };
static const struct xo10 xforms[] = {
    { 0, OP_CMP, X_CMP, false },      { 32, OP_CMPL, X_CMP, false },
    { 24, OP_SLW, X_LOGIC, false },   { 26, OP_CNTLZW, X_UNARY, false },
    { 28, OP_AND, X_LOGIC, false },   { 60, OP_ANDC, X_LOGIC, false },
    { 124, OP_NOR, X_LOGIC, false },  { 284, OP_EQV, X_LOGIC, false },
    { 316, OP_XOR, X_LOGIC, false },  { 412, OP_ORC, X_LOGIC, false },
    { 444, OP_OR, X_LOGIC, false },   { 476, OP_NAND, X_LOGIC, false },
    { 536, OP_SRW, X_LOGIC, false },  { 792, OP_SRAW, X_LOGIC, false },
    { 824, OP_SRAWI, X_SHIFTI, false }, { 922, OP_EXTSH, X_UNARY, false },
    { 954, OP_EXTSB, X_UNARY, false },
    { 23, OP_LWZX, X_MEM, true },     { 55, OP_LWZUX, X_MEMU, true },
    { 87, OP_LBZX, X_MEM, true },     { 119, OP_LBZUX, X_MEMU, true },
    { 279, OP_LHZX, X_MEM, true },    { 311, OP_LHZUX, X_MEMU, true },
    { 343, OP_LHAX, X_MEM, true },    { 375, OP_LHAUX, X_MEMU, true },
    { 151, OP_STWX, X_MEM, false },   { 183, OP_STWUX, X_MEMU, false },
    { 215, OP_STBX, X_MEM, false },   { 247, OP_STBUX, X_MEMU, false },
    { 407, OP_STHX, X_MEM, false },   { 439, OP_STHUX, X_MEMU, false },
    { 534, OP_LWBRX, X_MEM, true },   { 662, OP_STWBRX, X_MEM, false },
    { 790, OP_LHBRX, X_MEM, true },   { 918, OP_STHBRX, X_MEM, false },
};

static void set(struct ppc_dinsn *d, unsigned op, unsigned rd, unsigned ra,
                unsigned rb, uint32_t imm)
{
    d->op = (uint8_t)op;
    d->rd = (uint8_t)rd;
    d->ra = (uint8_t)ra;
    d->rb = (uint8_t)rb;
    d->imm = imm;
}

static bool decode_dform(struct ppc_dinsn *d, uint32_t i)
{
    const struct dentry *e = &primary[i >> 26];
    if (e->op == OP_DECODE)
        return false;
    uint32_t imm = e->unsigned_imm ? UIMM(i) : SIMM(i);
    if (e->shifted)
        imm = i << 16;
    unsigned rd = RD(i), ra = RA(i);
    switch (e->form) {
    case D_ARITH: set(d, e->op, rd, ra, 0, imm); return true;
    case D_ARITH0: set(d, e->op, rd, or_zero(ra), 0, imm); return true;
    case D_LOGIC: set(d, e->op, ra, rd, 0, imm); return true;
    case D_CMP: /* L = 1 (64-bit compare) is invalid on a 32-bit core */
        if (rd & 1u)
            return false;
        set(d, e->op, rd >> 2, ra, 0, imm);
        return true;
    case D_MEMU: /* invalid forms: rA = 0, or rA = rD for a load */
        if (ra == 0 || (e->load && ra == rd))
            return false;
        set(d, e->op, rd, ra, 0, imm);
        return true;
    default: /* D_MEM; lmw with rA in the range loaded is invalid */
        if (e->op == OP_LMW && ra >= rd)
            return false;
        set(d, e->op, rd, or_zero(ra), 0, imm);
        return true;
    }
}

static bool decode_31(struct ppc_dinsn *d, uint32_t i)
{
    unsigned rd = RD(i), ra = RA(i), rb = RB(i), rc = i & 1u;
    if ((XO10(i) & 31u) == 15u) { /* isel rD, rA|0, rB, crb */
        set(d, OP_ISEL, rd, or_zero(ra), rb, (i >> 6) & 31u);
        return true;
    }
    for (size_t k = 0; k < sizeof(arith) / sizeof(arith[0]); k++) {
        const struct xo9 *e = &arith[k];
        if (XO9(i) != e->xo)
            continue;
        bool oe = (i >> 10) & 1u;
        if ((oe && !e->has_oe) || (!e->two_operands && rb != 0))
            return false;
        set(d, e->op, rd, ra, rb, (rc ? DF_RC : 0) | (oe ? DF_OE : 0));
        return true;
    }
    for (size_t k = 0; k < sizeof(xforms) / sizeof(xforms[0]); k++) {
        const struct xo10 *e = &xforms[k];
        if (XO10(i) != e->xo)
            continue;
        switch (e->form) {
        case X_LOGIC: set(d, e->op, ra, rd, rb, rc); return true;
        case X_UNARY: if (rb) return false; set(d, e->op, ra, rd, 0, rc); return true;
        case X_SHIFTI: set(d, e->op, ra, rd, rb, rc); return true;
        case X_CMP:
            if ((rd & 1u) || rc)
                return false;
            set(d, e->op, rd >> 2, ra, rb, 0);
            return true;
        case X_MEMU:
            if (rc || ra == 0 || (e->load && ra == rd))
                return false;
            set(d, e->op, rd, ra, rb, 0);
            return true;
        default:
            if (rc)
                return false;
            set(d, e->op, rd, or_zero(ra), rb, 0);
            return true;
        }
    }
    unsigned spr = ra | rb << 5;
    switch (XO10(i)) {
    case 19: /* mfcr, or mfocrf with exactly one field */
        if (i & 0x00100000u) {
            uint32_t fxm = (i >> 12) & 0xffu;
            if (!fxm || (fxm & (fxm - 1)))
                return false;
            set(d, OP_MFCR, rd, 0, 0, 0xfu << (4 * (unsigned)__builtin_ctz(fxm)));
        } else {
            set(d, OP_MFCR, rd, 0, 0, 0);
        }
        return true;
    case 144: { /* mtcrf / mtocrf */
        uint32_t fxm = (i >> 12) & 0xffu, mask = 0;
        for (unsigned f = 0; f < 8; f++)
            if (fxm & (0x80u >> f))
                mask |= 0xf0000000u >> (4 * f);
        set(d, OP_MTCRF, rd, 0, 0, mask);
        return true;
    }
    case 339: /* mfspr of the user SPRs that compiled code moves often */
        if (spr == SPR_LR) { set(d, OP_MFLR, rd, 0, 0, 0); return true; }
        if (spr == SPR_CTR) { set(d, OP_MFCTR, rd, 0, 0, 0); return true; }
        if (spr == SPR_XER) { set(d, OP_MFXER, rd, 0, 0, 0); return true; }
        return false;
    case 467:
        if (spr == SPR_LR) { set(d, OP_MTLR, rd, 0, 0, 0); return true; }
        if (spr == SPR_CTR) { set(d, OP_MTCTR, rd, 0, 0, 0); return true; }
        if (spr == SPR_XER) { set(d, OP_MTXER, rd, 0, 0, 0); return true; }
        return false;
    default:
        return false;
    }
}

static bool decode_19(struct ppc_dinsn *d, uint32_t i)
{
    unsigned rd = RD(i), ra = RA(i), rb = RB(i);
    switch (XO10(i)) {
    case 0: /* mcrf */
        set(d, OP_MCRF, rd >> 2, ra >> 2, 0, 0);
        return true;
    case 16: set(d, OP_BCLR, rd, ra, i & 1u, 0); return true;
    case 528: /* bcctr with BO[2] = 0 (decrement CTR) is invalid */
        if (!(rd & 4u))
            return false;
        set(d, OP_BCCTR, rd, ra, i & 1u, 0);
        return true;
    case 33: case 129: case 193: case 225: case 257: case 289: case 417: case 449:
        set(d, OP_CROP, rd, ra, rb, XO10(i));
        return true;
    default:
        return false;
    }
}

void ppc_decode(struct ppc_dinsn *d, uint32_t i)
{
    bool ok;
    switch (i >> 26) {
    case 16: /* bc */
        set(d, OP_BC, RD(i), RA(i), i & 3u, (uint32_t)(int32_t)(int16_t)(i & 0xfffcu));
        return;
    case 18: { /* b: LI sign-extended from 26 bits */
        uint32_t li = i & 0x03fffffcu;
        set(d, OP_B, i & 3u, 0, 0, (li & 0x02000000u) ? li | 0xfc000000u : li);
        return;
    }
    case 19: ok = decode_19(d, i); break;
    case 20: case 21: case 23: { /* rlwimi, rlwinm, rlwnm */
        static const uint8_t ops[3][2] = { { OP_RLWIMI, OP_RLWIMI }, { OP_RLWINM, OP_RLWINM_RC },
                                           { OP_RLWNM, OP_RLWNM } };
        unsigned row = (i >> 26) == 20 ? 0 : (i >> 26) == 21 ? 1 : 2;
        set(d, ops[row][i & 1u], RA(i), RD(i), RB(i), ppc_rot_mask((i >> 6) & 31u, (i >> 1) & 31u));
        /* Rc of rlwimi and rlwnm rides in the top bit of rb */
        if (row != 1 && (i & 1u))
            d->rb |= 0x80u;
        return;
    }
    case 31: ok = decode_31(d, i); break;
    default: ok = decode_dform(d, i); break;
    }
    if (!ok)
        set(d, OP_SYS, 0, 0, 0, i);
}
