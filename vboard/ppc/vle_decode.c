/*
 * vle_decode.c - VLE instruction halfwords -> struct vle_insn
 * (vle_decode.h). Encodings and field layouts: binutils opcodes/ppc-opc.c
 * (vle_opcodes[] and the form macros SE_R, SE_RR, SE_IM5, IM7, SD4, BD8,
 * BD8IO, SCI8, SCI8BF, OPVUP, I16A, I16L, LI20, M, BD24, BD15, EX, XL and
 * the operand extractors extract_rx/ry/arx/ary, extract_sci8, extract_li20,
 * extract_vlesi/vleui/vleil, extract_oimm), checked against VLE PEM Rev.0
 * chapter 3 and the vectors measured with powerpc-linux-gnu-as -mvle.
 *
 * Left out as illegal, as on an e200z7 with no debugger probe: se_rfgi and
 * e_sc with LEV != 0 (no hypervisor), se_dnh/e_dnh (illegal unless a JTAG
 * probe set EDBCR0[DNH_EN]: e200z7 RM section 3.10.1), and reserved
 * encodings and invalid forms (update forms with rA = 0, or rA = rT for a
 * load), which raise the illegal-instruction program interrupt as the
 * Book E decoder does (ppc_decode.c).
 */
#include "vle_decode.h"

#include <stdbool.h>

#include "ppc_decode.h"

/* 16-bit register fields [ppc-opc.c extract_rx/ry, extract_arx/ary] */
static uint8_t rx(uint32_t hw) { unsigned v = hw & 15u; return (uint8_t)(v < 8 ? v : v + 16); }
static uint8_t ry(uint32_t hw) { return rx(hw >> 4); }
static uint8_t arx(uint32_t hw) { return (uint8_t)((hw & 15u) + 8); }
static uint8_t ary(uint32_t hw) { return (uint8_t)(((hw >> 4) & 15u) + 8); }

static uint8_t or_zero(unsigned r) { return (uint8_t)(r ? r : PPC_R0_IS_ZERO); }

static uint32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (v ^ m) - m;
}

static void set(struct vle_insn *v, unsigned op, unsigned rd, unsigned ra, unsigned rb,
                unsigned flags, uint32_t imm)
{
    *v = (struct vle_insn){ .op = (uint8_t)op, .len = v->len, .rd = (uint8_t)rd,
                            .ra = (uint8_t)ra, .rb = (uint8_t)rb, .flags = (uint8_t)flags,
                            .imm = imm };
}

/* ---- 16-bit ---------------------------------------------------------------- */

/* Opcode 0: the C forms (0x0000-0x000F), SE_R (xop 2-15 at bits 6-11) and
 * se_mr/mtar/mfar (SE_RR 0, xop 1-3). */
static void decode_op0(struct vle_insn *v, uint32_t hw)
{
    static const uint8_t c_form[16][2] = {
        [1] = { V_ISYNC, 0 }, [2] = { V_SC, 0 },
        [4] = { V_BLR, 0 }, [5] = { V_BLR, 0 }, [6] = { V_BLR, 1 }, [7] = { V_BLR, 1 },
        [8] = { V_RFI, 0 }, [9] = { V_RFI, 1 }, [10] = { V_RFI, 2 }, [11] = { V_RFI, 3 },
    };
    static const uint8_t r_form[16] = {
        [2] = V_NOT, [3] = V_NEG, [8] = V_MFLR, [9] = V_MTLR, [10] = V_MFCTR,
        [11] = V_MTCTR, [12] = V_EXTZB, [13] = V_EXTSB, [14] = V_EXTZH, [15] = V_EXTSH,
    };
    if (hw < 0x10u) {
        const uint8_t *e = c_form[hw];
        if (e[0] == V_BLR)
            set(v, V_BLR, e[1], 0, 0, (hw & 1u) ? VF_LK : 0, 0);
        else
            set(v, e[0], 0, 0, 0, 0, e[1]);
        return;
    }
    if (hw < 0x100u) {
        unsigned xop = (hw >> 4) & 0x3fu;
        if (xop < 16 && r_form[xop])
            set(v, r_form[xop], rx(hw), rx(hw), 0, 0, 0);
        return;
    }
    switch ((hw >> 8) & 3u) {
    case 1: set(v, V_MR, rx(hw), ry(hw), 0, 0, 0); return;   /* se_mr */
    case 2: set(v, V_MR, arx(hw), ry(hw), 0, 0, 0); return;  /* se_mtar */
    default: set(v, V_MR, rx(hw), ary(hw), 0, 0, 0); return; /* se_mfar */
    }
}

/* SE_RR forms at opcodes 1, 3, 16, 17: rX <- rX op rY. */
static void decode_rr(struct vle_insn *v, uint32_t hw)
{
    unsigned x = rx(hw), y = ry(hw), xo = (hw >> 8) & 3u;
    switch (hw >> 10) {
    case 1: {
        static const uint8_t ops[4] = { V_ADD, V_MULLW, V_SUBF, V_SUBF };
        /* se_sub rX = rX - rY is subf with rA = rY; se_subf rX = rY - rX */
        set(v, ops[xo], x, xo == 2 ? y : x, xo == 2 ? x : y, 0, 0);
        return;
    }
    case 3: /* se_cmp, se_cmpl, se_cmph, se_cmphl: CR0 */
        set(v, V_CMP, 0, x, y, ((xo & 1u) ? VF_UNSIGNED : 0) | ((xo & 2u) ? VF_HALF : 0), 0);
        return;
    case 16: {
        static const uint8_t ops[3] = { V_SRW, V_SRAW, V_SLW };
        if (xo < 3)
            set(v, ops[xo], x, x, y, 0, 0);
        return;
    }
    default: { /* 17: se_or, se_andc, se_and, se_and. */
        static const uint8_t ops[4] = { V_OR, V_ANDC, V_AND, V_AND };
        set(v, ops[xo], x, x, y, xo == 3 ? VF_RC : 0, 0);
        return;
    }
    }
}

/* IM5 and OIM5 forms, opcodes 8-11 and 24-27: bit 6 is the XO. */
static void decode_im5(struct vle_insn *v, uint32_t hw)
{
    unsigned x = rx(hw), ui5 = (hw >> 4) & 31u, oimm = ui5 + 1, xo = (hw >> 9) & 1u;
    uint32_t bit = 0x80000000u >> ui5;
    switch ((hw >> 10) * 2 + xo) {
    case 16: set(v, V_ADDI, x, x, 0, 0, oimm); return;                      /* se_addi */
    case 17: set(v, V_CMPI, 0, x, 0, VF_UNSIGNED, oimm); return;            /* se_cmpli */
    case 18: set(v, V_ADDI, x, x, 0, 0, (uint32_t)-oimm); return;           /* se_subi */
    case 19: set(v, V_ADDI, x, x, 0, VF_RC, (uint32_t)-oimm); return;       /* se_subi. */
    case 21: set(v, V_CMPI, 0, x, 0, 0, ui5); return;                       /* se_cmpi */
    case 22: set(v, V_LI, x, 0, 0, 0, ui5 ? (1u << ui5) - 1u : ~0u); return; /* se_bmaski */
    case 23: set(v, V_ANDI, x, x, 0, 0, ui5); return;                       /* se_andi */
    case 48: set(v, V_ANDI, x, x, 0, 0, ~bit); return;                      /* se_bclri */
    case 49: set(v, V_LI, x, 0, 0, 0, bit); return;                         /* se_bgeni */
    case 50: set(v, V_ORI, x, x, 0, 0, bit); return;                        /* se_bseti */
    case 51: set(v, V_BTSTI, 0, x, 0, 0, ui5); return;                      /* se_btsti */
    case 52: set(v, V_SRWI, x, x, 0, 0, ui5); return;                       /* se_srwi */
    case 53: set(v, V_SRAWI, x, x, 0, VF_CA, ui5); return;                  /* se_srawi */
    case 54: set(v, V_SLWI, x, x, 0, 0, ui5); return;                       /* se_slwi */
    default: return;                                                        /* 20, 55 */
    }
}

/* SD4 loads and stores, opcodes 8-13 in bits 0-3: rZ, SD4 scaled by the
 * size, rX (r0 is a register here: VLE PEM 2.1.1). */
static void decode_sd4(struct vle_insn *v, uint32_t hw)
{
    static const uint8_t size[6] = { 1, 1, 2, 2, 4, 4 };
    unsigned k = (hw >> 12) - 8;
    uint32_t disp = ((hw >> 8) & 15u) * size[k];
    set(v, (k & 1u) ? V_STORE : V_LOAD, ry(hw), rx(hw), size[k], 0, disp);
}

static void decode16(struct vle_insn *v, uint32_t hw)
{
    unsigned op6 = hw >> 10;
    if (hw >= 0x8000u && hw < 0xe000u) {
        decode_sd4(v, hw);
        return;
    }
    switch (op6) {
    case 0: decode_op0(v, hw); return;
    case 1: case 3: case 16: case 17: decode_rr(v, hw); return;
    case 8: case 9: case 10: case 11: case 24: case 25: case 26: case 27:
        decode_im5(v, hw);
        return;
    case 18: case 19: /* se_li rX, UI7 */
        set(v, V_LI, rx(hw), 0, 0, 0, (hw >> 4) & 0x7fu);
        return;
    case 56: case 57: { /* se_bc BO16, BI16, BD8: BO16 1 = branch if true */
        unsigned bo = (hw & 0x400u) ? 12u : 4u;
        set(v, V_BC, bo, (hw >> 8) & 3u, 0, 0, sext(hw & 0xffu, 8) << 1);
        return;
    }
    case 58: /* se_b, se_bl; bit 6 (AA) must be 0 */
        if (!(hw & 0x200u))
            set(v, V_B, 0, 0, 0, (hw & 0x100u) ? VF_LK : 0, sext(hw & 0xffu, 8) << 1);
        return;
    default: return;
    }
}

/* ---- 32-bit ---------------------------------------------------------------- */

#define RD(i) (((i) >> 21) & 31u)
#define RA(i) (((i) >> 16) & 31u)
#define RB(i) (((i) >> 11) & 31u)

/* SCI8 immediate: UI8 shifted left SCL bytes, the rest filled with F
 * [ppc-opc.c extract_sci8; VLE PEM Table 3-2]. */
static uint32_t sci8(uint32_t i)
{
    unsigned scl = 8 * ((i >> 8) & 3u);
    uint32_t v = (i & 0xffu) << scl;
    return (i & 0x400u) ? v | ~(0xffu << scl) : v;
}

/* Opcode 6: SCI8 arithmetic/logical/compare (bits 16-20 >= 16) or D8
 * loads and stores with update and the multiple forms. */
static void decode_op6(struct vle_insn *v, uint32_t i)
{
    unsigned xo = (i >> 11) & 31u, rc = xo & 1u;
    uint32_t imm = sci8(i);
    if (xo >= 16) {
        switch (xo & ~1u) {
        case 16: set(v, V_ADDI, RD(i), RA(i), 0, rc, imm); return;            /* e_addi */
        case 18: set(v, V_ADDI, RD(i), RA(i), 0, rc | VF_CA, imm); return;    /* e_addic */
        case 20:
            if (!rc) { /* e_mulli */
                set(v, V_MULLI, RD(i), RA(i), 0, 0, imm);
            } else if (((i >> 23) & 7u) < 2) { /* e_cmpi, e_cmpli: BF32 bits 9-10 */
                set(v, V_CMPI, (i >> 21) & 3u, RA(i), 0, ((i >> 23) & 1u) ? VF_UNSIGNED : 0, imm);
            }
            return;
        case 22: set(v, V_SUBFIC, RD(i), RA(i), 0, rc | VF_CA, imm); return;  /* e_subfic */
        case 24: set(v, V_ANDI, RA(i), RD(i), 0, rc, imm); return;            /* e_andi */
        case 26: set(v, V_ORI, RA(i), RD(i), 0, rc, imm); return;             /* e_ori */
        case 28: set(v, V_XORI, RA(i), RD(i), 0, rc, imm); return;            /* e_xori */
        default: return;
        }
    }
    unsigned rt = RD(i), ra = RA(i), xo8 = (i >> 8) & 0xffu;
    uint32_t d8 = sext(i & 0xffu, 8);
    static const uint8_t size[7] = { 1, 2, 4, 2, 1, 2, 4 };
    if (xo8 < 7) { /* e_lbzu e_lhzu e_lwzu e_lhau e_stbu e_sthu e_stwu */
        bool load = xo8 < 4;
        if (ra == 0 || (load && ra == rt))
            return;
        set(v, load ? V_LOAD : V_STORE, rt, ra, size[xo8],
            VF_UPDATE | (xo8 == 3 ? VF_SIGNED : 0), d8);
        return;
    }
    switch (xo8) {
    case 8: /* e_lmw: rA in the range loaded is invalid */
        if (ra && ra >= rt)
            return;
        set(v, V_LMW, rt, or_zero(ra), 0, 0, d8);
        return;
    case 9: set(v, V_STMW, rt, or_zero(ra), 0, 0, d8); return;
    case 16: case 17: /* e_{l,st}mv{gpr,spr,srr,csrr,dsrr,mcsrr}w */
        if (rt == 0 || rt == 1 || (rt >= 4 && rt <= 7))
            set(v, xo8 == 16 ? V_LMV : V_STMV, rt, or_zero(ra), 0, 0, d8);
        return;
    default: return;
    }
}

/* Opcode 28: e_li (LI20, bit 16 = 0), else I16A/I16L by bits 16-20. */
static void decode_op28(struct vle_insn *v, uint32_t i)
{
    if (!(i & 0x8000u)) { /* li20: bits 17-20, 11-15, 21-31 [extract_li20] */
        uint32_t li = ((i << 5) & 0xf0000u) | ((i >> 5) & 0xf800u) | (i & 0x7ffu);
        set(v, V_LI, RD(i), 0, 0, 0, sext(li, 20));
        return;
    }
    uint32_t si = sext(((i >> 10) & 0xf800u) | (i & 0x7ffu), 16); /* I16A [vlesi] */
    uint32_t ua = ((i >> 10) & 0xf800u) | (i & 0x7ffu);            /* I16A [vleui] */
    uint32_t ul = ((i >> 5) & 0xf800u) | (i & 0x7ffu);             /* I16L [vleil] */
    unsigned ra = RA(i), rd = RD(i);
    switch ((i >> 11) & 31u) {
    case 17: set(v, V_ADDI, ra, ra, 0, VF_RC, si); return;              /* e_add2i. */
    case 18: set(v, V_ADDI, ra, ra, 0, 0, si << 16); return;            /* e_add2is */
    case 19: set(v, V_CMPI, 0, ra, 0, 0, si); return;                   /* e_cmp16i */
    case 20: set(v, V_MULLI, ra, ra, 0, 0, si); return;                 /* e_mull2i */
    case 21: set(v, V_CMPI, 0, ra, 0, VF_UNSIGNED, ua); return;         /* e_cmpl16i */
    case 22: set(v, V_CMPI, 0, ra, 0, VF_HALF, si); return;             /* e_cmph16i */
    case 23: set(v, V_CMPI, 0, ra, 0, VF_HALF | VF_UNSIGNED, ua); return; /* e_cmphl16i */
    case 24: set(v, V_ORI, rd, rd, 0, 0, ul); return;                   /* e_or2i */
    case 25: set(v, V_ANDI, rd, rd, 0, VF_RC, ul); return;              /* e_and2i. */
    case 26: set(v, V_ORI, rd, rd, 0, 0, ul << 16); return;             /* e_or2is */
    case 28: set(v, V_LI, rd, 0, 0, 0, ul << 16); return;               /* e_lis */
    case 29: set(v, V_ANDI, rd, rd, 0, VF_RC, ul << 16); return;        /* e_and2is. */
    default: return;
    }
}

/* Opcode 30: e_b[l] (BD24, bit 6 = 0) and e_bc[l] (BD15, bits 6-9 = 1000;
 * BO32 bits 10-11 as the Book E BO it means: 00 false, 01 true, 10 CTR-1
 * != 0, 11 CTR-1 = 0 [VLE PEM 3 "e_bc"]). */
static void decode_op30(struct vle_insn *v, uint32_t i)
{
    unsigned lk = (i & 1u) ? VF_LK : 0;
    if (!(i & 0x02000000u)) {
        set(v, V_B, 0, 0, 0, lk, sext(i & 0x01fffffeu, 25));
        return;
    }
    if (((i >> 22) & 15u) != 8u)
        return;
    static const uint8_t bo[4] = { 4, 12, 16, 18 };
    set(v, V_BC, bo[(i >> 20) & 3u], (i >> 16) & 15u, 0, lk, sext(i & 0xfffeu, 16));
}

/* Opcode 31: the VLE X/XL/EX forms; everything else is Book E. */
static void decode_op31(struct vle_insn *v, uint32_t i)
{
    unsigned xo = (i >> 1) & 0x3ffu, rc = i & 1u;
    switch (xo) {
    case 14: case 46: /* e_cmph, e_cmphl crD, rA, rB (bits 9-10 ignored,
                          * as binutils' X_MASK leaves them) */
        if (!rc)
            set(v, V_CMP, (i >> 23) & 7u, RA(i), RB(i),
                VF_HALF | (xo == 46 ? VF_UNSIGNED : 0), 0);
        return;
    case 36: /* e_sc LEV: LEV != 0 is the hypervisor's */
        if (!rc && !RB(i) && !RD(i) && !RA(i))
            set(v, V_SC, 0, 0, 0, 0, 0);
        return;
    case 16: /* e_mcrf */
        if (!rc)
            set(v, V_MCRF, (i >> 23) & 7u, (i >> 18) & 7u, 0, 0, 0);
        return;
    case 33: case 129: case 193: case 225: case 257: case 289: case 417: case 449:
        if (!rc)
            set(v, V_CROP, RD(i), RA(i), RB(i), 0, xo);
        return;
    case 56: set(v, V_SLWI, RA(i), RD(i), 0, rc, RB(i)); return;   /* e_slwi[.] */
    case 568: set(v, V_SRWI, RA(i), RD(i), 0, rc, RB(i)); return;  /* e_srwi[.] */
    case 312: set(v, V_RLWI, RA(i), RD(i), 0, rc, RB(i)); return;  /* e_rlwi[.] */
    case 280: set(v, V_RLW, RA(i), RD(i), RB(i), rc, 0); return;   /* e_rlw[.] */
    case 97: return;                                               /* e_dnh */
    default: set(v, V_BOOKE, 0, 0, 0, 0, i); return;
    }
}

static void decode32(struct vle_insn *v, uint32_t i)
{
    unsigned op = i >> 26;
    switch (op) {
    case 4: set(v, V_BOOKE, 0, 0, 0, 0, i); return; /* SPE/EFPU */
    case 6: decode_op6(v, i); return;
    case 7: set(v, V_ADDI, RD(i), RA(i), 0, 0, sext(i & 0xffffu, 16)); return; /* e_add16i */
    case 12: case 13: case 14: case 20: case 21: case 22: case 23: {
        /* e_lbz e_stb e_lha e_lwz e_stw e_lhz e_sth: rD, D(rA|0) */
        static const uint8_t size[32] = { [12] = 1, [13] = 1, [14] = 2, [20] = 4,
                                          [21] = 4, [22] = 2, [23] = 2 };
        bool store = op == 13 || op == 21 || op == 23;
        set(v, store ? V_STORE : V_LOAD, RD(i), or_zero(RA(i)), size[op],
            op == 14 ? VF_SIGNED : 0, sext(i & 0xffffu, 16));
        return;
    }
    case 28: decode_op28(v, i); return;
    case 29: /* e_rlwinm (bit 31 = 1), e_rlwimi: rA, rS, SH, MB, ME */
        set(v, (i & 1u) ? V_RLWINM : V_RLWIMI, RA(i), RD(i), RB(i), 0,
            ppc_rot_mask((i >> 6) & 31u, (i >> 1) & 31u));
        return;
    case 30: decode_op30(v, i); return;
    case 31: decode_op31(v, i); return;
    default: return; /* 5, 15 and the 16-bit opcodes never get here */
    }
}

void vle_decode(struct vle_insn *v, uint32_t hi, uint32_t lo)
{
    v->len = (uint8_t)vle_length(hi);
    set(v, V_ILLEGAL, 0, 0, 0, 0, 0);
    if (v->len == 4)
        decode32(v, hi << 16 | lo);
    else
        decode16(v, hi);
}
