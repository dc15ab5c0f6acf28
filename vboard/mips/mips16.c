/*
 * mips16.c - the MIPS16e Application-Specific Extension, as the 34K, 24K
 * and 74K implement it (their Software User's Manuals MD00534, MD00343 and
 * MD00519: the MIPS16e ASE is present, Config1.CA = 1).
 *
 * Encodings and semantics: "MIPS Architecture for Programmers Volume IV-a:
 * The MIPS16e Application-Specific Extension to the MIPS32 Architecture"
 * (MD00076), chapter 3 ("Instruction Formats", "MIPS16e Instruction
 * Encoding", "Extended Instructions", "PC-Relative Instructions",
 * "Jumps, Branches and Delay Slots", "ISA Mode Switching") and its
 * instruction pages (SAVE/RESTORE, ADDIUPC, LW PC-relative, JAL/JALX,
 * JR/JALR/JRC/JALRC, ZEB/ZEH/SEB/SEH). Checked against a second public
 * source, QEMU's target/mips/tcg/mips16e_translate.c.inc (decode tables,
 * SAVE/RESTORE register order, what an EXTEND before a non-extendable
 * instruction raises: Reserved Instruction).
 *
 * The ISA mode is bit 0 of the PC (cpu.h); this file only runs with it set.
 * Instructions are 16 bits; EXTEND + instruction and JAL/JALX are 32 bits
 * and are one instruction each (MD00076 "Extended Instructions": the EXTEND
 * prefix and the instruction it extends form a single 32-bit instruction),
 * so they complete, count and fault as one: the 34K's "instructions
 * completed" event (MD00534, performance counter event 1) counts one.
 * MIPS16e branches (B, BEQZ, BNEZ, BTEQZ, BTNEZ) and JRC/JALRC have no
 * delay slot; JAL, JALX, JR and JALR have one 16-bit slot.
 *
 * Where MD00076 says UNPREDICTABLE, vboard raises Reserved Instruction as
 * QEMU 7.2 does (gen_compute_branch: a branch or jump in a delay slot) or as
 * a core may (an EXTENDed instruction or JAL/JALX in a jump delay slot,
 * which MD00076 forbids). The 64-bit MIPS16e instructions (LD, SD, LWU,
 * DADDIU, DSLL, the I64 and D* RR functions) are Reserved Instruction on
 * these MIPS32 cores (MD00076, "MIPS16e Opcode Encoding" tables: MIPS64
 * only).
 */
#include "mips16.h"

#include "cpu_ops.h"
#include "mem.h"

/* Major opcodes, bits 15:11 (MD00076 "MIPS16e Encoding of the Opcode
 * Field"). */
enum {
    OP_ADDIUSP = 0, OP_ADDIUPC = 1, OP_B = 2, OP_JAL = 3, OP_BEQZ = 4,
    OP_BNEZ = 5, OP_SHIFT = 6, OP_RRIA = 8, OP_ADDIU8 = 9, OP_SLTI = 10,
    OP_SLTIU = 11, OP_I8 = 12, OP_LI = 13, OP_CMPI = 14, OP_LB = 16,
    OP_LH = 17, OP_LWSP = 18, OP_LW = 19, OP_LBU = 20, OP_LHU = 21,
    OP_LWPC = 22, OP_SB = 24, OP_SH = 25, OP_SWSP = 26, OP_SW = 27,
    OP_RRR = 28, OP_RR = 29, OP_EXTEND = 30,
};

/* I8 functions, bits 10:8. */
enum { I8_BTEQZ = 0, I8_BTNEZ = 1, I8_SWRASP = 2, I8_ADJSP = 3, I8_SVRS = 4,
       I8_MOV32R = 5, I8_MOVR32 = 7 };

#define T_REG 24  /* MIPS16e "T": $24, the condition register of CMP/SLT/BTEQZ */
#define SP 29
#define RA 31

/* The 3-bit register fields name $16, $17, $2-$7 (MD00076 "MIPS16e
 * General Purpose Registers", Table of the 3-bit encoding). */
static inline unsigned xlat(uint32_t f)
{
    f &= 7u;
    return f < 2 ? 16 + f : f;
}

static inline uint32_t sext(uint32_t v, unsigned bits)
{
    return (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits));
}

/* The 16-bit immediate of an EXTENDed instruction (EXT-I, EXT-RI, EXT-RRI
 * formats): imm[15:11] in EXTEND bits 4:0, imm[10:5] in EXTEND bits 10:5,
 * imm[4:0] in the instruction's bits 4:0. w = EXTEND << 16 | instruction. */
static inline uint32_t ext_imm16(uint32_t w)
{
    return ((w >> 16) & 0x1fu) << 11 | ((w >> 21) & 0x3fu) << 5 | (w & 0x1fu);
}

/* EXT-RRI-A: a 15-bit immediate, imm[14:11] in EXTEND bits 3:0, imm[10:4]
 * in EXTEND bits 10:4, imm[3:0] in the instruction's bits 3:0. */
static inline uint32_t ext_imm15(uint32_t w)
{
    return ((w >> 16) & 0xfu) << 11 | ((w >> 20) & 0x7fu) << 4 | (w & 0xfu);
}

static void reserved(struct cpu *c) { cpu_exception(c, EXC_RI); }

/* ---- fetch --------------------------------------------------------------- */

/* The aligned word at va (va & 3 == 0) as an instruction fetch: the
 * I-cache model sees it when `model` (a new line is touched). */
static bool fetch_word(struct cpu *c, uint32_t va, bool model, uint32_t *w)
{
    uint32_t pa;
    if (mem_fast_ram(c, va, &pa)) {
        if (model)
            mem_model_fetch(c, pa);
        *w = be32_get(c->ram + pa);
        return true;
    }
    if (!model) /* same line as the first half, which was fetched: no fault */
        return mem_peek(c, va, 4, w);
    return fetch_slow(c, va, w);
}

/* The instruction at va (even): 16 bits, or 32 for EXTEND and JAL/JALX
 * (MD00076 "Instruction Formats"), as w = first << 16 | second. A fetch
 * touches the I-cache line each halfword lies in: one model access per
 * instruction, a second only when a 32-bit one crosses into the next line. */
static bool fetch16(struct cpu *c, uint32_t va, uint32_t *w, unsigned *len)
{
    uint32_t word;
    if (!fetch_word(c, va & ~3u, true, &word))
        return false;
    uint32_t first = (va & 2u) ? word & 0xffffu : word >> 16;
    unsigned op = first >> 11;
    if (op != OP_EXTEND && op != OP_JAL) {
        *w = first;
        *len = 2;
        return true;
    }
    *len = 4;
    if (!(va & 2u)) {
        *w = word;
        return true;
    }
    uint32_t next = va + 2;
    bool new_line = (next & ((1u << c->icache.line_shift) - 1u)) == 0;
    if (!fetch_word(c, next, new_line, &word))
        return false;
    *w = first << 16 | word >> 16;
    return true;
}

/* ---- control transfer ---------------------------------------------------- */

/* A jump with a delay slot (JAL, JALX, JR, JALR), `len` bytes long: the
 * slot's EPC/DEPC name the jump (cpu_slot_branch). target bit 0: the ISA
 * mode after the slot. */
static inline void jump_ds(struct cpu *c, uint32_t target, unsigned len)
{
    c->m16_jump_len = (uint8_t)len;
    branch_to(c, target);
}

/* A compact transfer (branches, JRC, JALRC): no delay slot. */
static inline void jump_now(struct cpu *c, uint32_t target)
{
    c->pc = target;
    c->npc = target + 4;
}

static void cond16(struct cpu *c, bool taken, uint32_t target)
{
    c->ev[EV_BRANCH]++;
    c->ev[EV_CBRANCH]++;
    if (taken)
        jump_now(c, target);
}

/* JAL/JALX: target[25:0] in bits 4:0 (25:21), 9:5 (20:16) of the first
 * halfword and the whole second one; the region is the delay slot's
 * (MD00076 JAL: PC[31:28] of the slot); ra = the instruction after the
 * slot, in MIPS16 mode. JALX changes the ISA mode (bit 10 = 1). */
static void jal16(struct cpu *c, uint32_t w)
{
    uint32_t idx = ((w >> 16) & 0x1fu) << 21 | ((w >> 21) & 0x1fu) << 16 | (w & 0xffffu);
    uint32_t at = c->cur_pc & ~1u;
    uint32_t target = ((at + 4) & 0xf0000000u) | idx << 2;
    bool x = (w >> 26) & 1u;
    c->ev[EV_BRANCH]++;
    c->ev[EV_JJAL]++;
    c->gpr[RA] = c->cur_pc + 6; /* cur_pc is odd: the link keeps MIPS16 mode */
    jump_ds(c, x ? target : target | 1u, 4);
}

/* RR function 0: the ry field is nd, l, ra (MD00076 "Encoding of the
 * MIPS16e JR/JALR/JRC/JALRC instructions"): 000 JR rx, 001 JR ra,
 * 010 JALR ra,rx, 100 JRC rx, 101 JRC ra, 110 JALRC ra,rx; 011 and 111
 * are reserved. The target's bit 0 is the new ISA mode. */
static void jr16(struct cpu *c, uint32_t i, unsigned rx)
{
    unsigned f = (i >> 5) & 7u;
    if (f == 3 || f == 7) {
        reserved(c);
        return;
    }
    bool compact = f & 4u, link = f & 2u, via_ra = f & 1u;
    unsigned src = via_ra ? RA : rx;
    uint32_t target = c->gpr[src];
    c->ev[EV_BRANCH]++;
    c->ev[src == RA ? EV_JR31 : EV_JRXX]++;
    if (link)
        c->gpr[RA] = c->cur_pc + (compact ? 2 : 4);
    if (compact)
        jump_now(c, target);
    else
        jump_ds(c, target, 2);
}

/* ---- SAVE / RESTORE ------------------------------------------------------ */

/* aregs (EXTENDed SAVE/RESTORE, EXTEND bits 3:0): how many of a0-a3 are
 * arguments (stored by SAVE into the caller's frame at sp+0..) and how many
 * static registers (saved with the others, a3 first); 15 is reserved
 * (MD00076 SAVE, "aregs encoding" table). */
static const int8_t n_args[16] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 0, 3, 3, 4, -1};
static const int8_t n_static[16] = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 4, 0, 1, 0, -1};

/* The registers SAVE stores below sp (and RESTORE loads below sp+frame),
 * from the highest address down: ra, then xsregs s8, s7..s2 (xsregs = 7
 * adds s8 = $30 to s2-s7), s1, s0, then the static argument registers a3
 * down. Returns how many. */
static unsigned frame_regs(uint32_t i, unsigned xs, unsigned nstatic, unsigned *r)
{
    unsigned n = 0;
    if (i & 0x40u)
        r[n++] = RA;
    if (xs == 7)
        r[n++] = 30;
    for (unsigned k = xs > 6 ? 6 : xs; k > 0; k--)
        r[n++] = 17 + k; /* s2 = $18 .. s7 = $23 */
    if (i & 0x10u)
        r[n++] = 17;
    if (i & 0x20u)
        r[n++] = 16;
    for (unsigned k = 0; k < nstatic; k++)
        r[n++] = 7 - k;
    return n;
}

/* I8 SVRS: bit 7 = SAVE (1) / RESTORE (0), bit 6 ra, bit 5 s0, bit 4 s1,
 * bits 3:0 framesize/8 (0 means 128 unextended). EXTENDed: xsregs in
 * EXTEND bits 10:8, framesize[7:4] in 7:4, aregs in 3:0, the frame size
 * (framesize * 8) as it is. A fault stops it with sp unchanged, so the
 * instruction restarts from the beginning. */
static void svrs(struct cpu *c, uint32_t i, uint32_t w, bool ext)
{
    unsigned xs = 0, aregs = 0, frame;
    if (ext) {
        xs = (w >> 24) & 7u;
        aregs = (w >> 16) & 0xfu;
        frame = (((w >> 20) & 0xfu) << 4 | (i & 0xfu)) << 3;
    } else {
        frame = (i & 0xfu) ? (i & 0xfu) << 3 : 128u;
    }
    if (n_args[aregs] < 0) {
        reserved(c);
        return;
    }
    unsigned r[16];
    unsigned n = frame_regs(i, xs, (unsigned)n_static[aregs], r);
    uint32_t sp = c->gpr[SP];
    if (i & 0x80u) { /* SAVE */
        for (unsigned k = 0; k < (unsigned)n_args[aregs]; k++)
            if (!store(c, sp + 4 * k, 4, c->gpr[4 + k]))
                return;
        for (unsigned k = 0; k < n; k++)
            if (!store(c, sp - 4 * (k + 1), 4, c->gpr[r[k]]))
                return;
        c->gpr[SP] = sp - frame;
        return;
    }
    uint32_t v[16]; /* RESTORE: registers change only when every load did */
    for (unsigned k = 0; k < n; k++)
        if (!load(c, sp + frame - 4 * (k + 1), 4, &v[k]))
            return;
    for (unsigned k = 0; k < n; k++)
        c->gpr[r[k]] = v[k];
    c->gpr[SP] = sp + frame;
}

/* ---- the instruction groups ---------------------------------------------- */

/* PC-relative base (ADDIUPC, LWPC): the instruction's address, or the
 * jump's when in its delay slot, with the two low bits cleared (MD00076
 * "PC-Relative Instructions"). */
static inline uint32_t pc_base(const struct cpu *c, bool slot)
{
    return (slot ? cpu_slot_branch(c, c->cur_pc) : c->cur_pc) & ~3u;
}

static void exec_i8(struct cpu *c, uint32_t i, uint32_t w, bool ext, bool slot)
{
    unsigned f = (i >> 8) & 7u;
    uint32_t off = ext ? sext(ext_imm16(w), 16) : sext(i & 0xffu, 8);
    uint32_t next = c->cur_pc + (ext ? 4 : 2);
    switch (f) {
    case I8_BTEQZ:
    case I8_BTNEZ:
        if (slot) {
            reserved(c);
            break;
        }
        cond16(c, (c->gpr[T_REG] == 0) == (f == I8_BTEQZ), next + (off << 1));
        break;
    case I8_SWRASP: /* sw ra, imm8 << 2 (zero-extended) | simm16 (sp) */
        store(c, c->gpr[SP] + (ext ? off : (i & 0xffu) << 2), 4, c->gpr[RA]);
        break;
    case I8_ADJSP: /* addiu sp, simm8 << 3 | simm16 */
        c->gpr[SP] += ext ? off : off << 3;
        break;
    case I8_SVRS: svrs(c, i, w, ext); break;
    case I8_MOV32R: { /* move r32, rz: r32[2:0] in bits 7:5, r32[4:3] in 4:3 */
        unsigned r32 = ((i >> 3) & 3u) << 3 | ((i >> 5) & 7u);
        if (r32 == 0) /* NOP is move $0, $16 (MD00076 NOP) */
            c->ev[EV_NOP]++;
        c->gpr[r32] = c->gpr[xlat(i)];
        break;
    }
    case I8_MOVR32: c->gpr[xlat(i >> 5)] = c->gpr[i & 0x1fu]; break; /* move ry, r32 */
    default: reserved(c); break;
    }
}

static void cnvt(struct cpu *c, uint32_t i, unsigned rx)
{
    uint32_t v = c->gpr[rx];
    switch ((i >> 5) & 7u) { /* the ry field (MD00076 ZEB, ZEH, SEB, SEH) */
    case 0: c->gpr[rx] = v & 0xffu; break;
    case 1: c->gpr[rx] = v & 0xffffu; break;
    case 4: c->gpr[rx] = sext(v, 8); break;
    case 5: c->gpr[rx] = sext(v, 16); break;
    default: reserved(c); break; /* ZEW, SEW: MIPS64 */
    }
}

static void exec_rr(struct cpu *c, uint32_t i, bool slot)
{
    unsigned rx = xlat(i >> 8), ry = xlat(i >> 5);
    uint32_t a = c->gpr[rx], b = c->gpr[ry];
    switch (i & 0x1fu) {
    case 0x00:
        if (slot)
            reserved(c);
        else
            jr16(c, i, rx);
        break;
    case 0x01: cpu_enter_debug(c, DBG_DBP); break; /* SDBBP code6 */
    case 0x02: c->gpr[T_REG] = (int32_t)a < (int32_t)b; break; /* slt */
    case 0x03: c->gpr[T_REG] = a < b; break;                    /* sltu */
    case 0x04: c->gpr[ry] = b << (a & 31u); break;              /* sllv ry, rx */
    case 0x05: cpu_exception(c, EXC_BP); break;                 /* break code6 */
    case 0x06: c->gpr[ry] = b >> (a & 31u); break;              /* srlv */
    case 0x07: c->gpr[ry] = (uint32_t)((int32_t)b >> (a & 31u)); break; /* srav */
    case 0x0a: c->gpr[T_REG] = a ^ b; break;                    /* cmp */
    case 0x0b: c->gpr[rx] = 0u - b; break;                      /* neg */
    case 0x0c: c->gpr[rx] = a & b; break;
    case 0x0d: c->gpr[rx] = a | b; break;
    case 0x0e: c->gpr[rx] = a ^ b; break;
    case 0x0f: c->gpr[rx] = ~b; break;                          /* not */
    case 0x10: c->gpr[rx] = c->hi; break;                       /* mfhi */
    case 0x11: cnvt(c, i, rx); break;
    case 0x12: c->gpr[rx] = c->lo; break;                       /* mflo */
    case 0x18: case 0x19: case 0x1a: case 0x1b: cpu_muldiv(c, i & 0x1fu, a, b); break;
    default: reserved(c); break;
    }
}

/* Which instructions EXTEND may prefix (MD00076 "Extended Instructions";
 * QEMU raises Reserved Instruction for the others). */
static bool extendable(uint32_t i)
{
    switch (i >> 11) {
    case OP_JAL: case OP_RRR: case OP_RR: case OP_EXTEND:
        return false;
    case OP_I8: {
        unsigned f = (i >> 8) & 7u;
        return f != I8_MOV32R && f != I8_MOVR32;
    }
    default:
        return true;
    }
}

/* Loads and stores of the RRI, RI and PC-relative forms: `off` is already
 * scaled (unextended) or the EXTENDed simm16. */
static void exec_mem(struct cpu *c, unsigned op, uint32_t va, unsigned reg)
{
    uint32_t v;
    switch (op) {
    case OP_LB: if (load(c, va, 1, &v)) c->gpr[reg] = sext(v, 8); break;
    case OP_LH: if (load(c, va, 2, &v)) c->gpr[reg] = sext(v, 16); break;
    case OP_LBU: if (load(c, va, 1, &v)) c->gpr[reg] = v; break;
    case OP_LHU: if (load(c, va, 2, &v)) c->gpr[reg] = v; break;
    case OP_LW: case OP_LWSP: case OP_LWPC: if (load(c, va, 4, &v)) c->gpr[reg] = v; break;
    case OP_SB: store(c, va, 1, c->gpr[reg]); break;
    case OP_SH: store(c, va, 2, c->gpr[reg]); break;
    default: store(c, va, 4, c->gpr[reg]); break; /* sw, swsp */
    }
}

/* One instruction: w = the first halfword (len 2), or both (len 4). */
static void execute16(struct cpu *c, uint32_t w, unsigned len, bool slot)
{
    bool ext = len == 4 && (w >> 27) == OP_EXTEND;
    uint32_t i = len == 2 ? w : (ext ? w & 0xffffu : w >> 16);
    unsigned op = i >> 11;
    if (op == OP_JAL) {
        jal16(c, w);
        return;
    }
    if (ext && !extendable(i)) {
        reserved(c);
        return;
    }
    unsigned rx = xlat(i >> 8), ry = xlat(i >> 5);
    uint32_t simm = ext ? sext(ext_imm16(w), 16) : 0; /* EXTENDed immediate */
    uint32_t imm8 = i & 0xffu, imm5 = i & 0x1fu;
    uint32_t next = c->cur_pc + len; /* odd: MIPS16 mode */
    uint32_t sa;
    switch (op) {
    case OP_ADDIUSP: c->gpr[rx] = c->gpr[SP] + (ext ? simm : imm8 << 2); break;
    case OP_ADDIUPC: c->gpr[rx] = pc_base(c, slot) + (ext ? simm : imm8 << 2); break;
    case OP_B:
        if (slot) {
            reserved(c);
            break;
        }
        c->ev[EV_BRANCH]++; /* unconditional (MD00076 B) */
        jump_now(c, next + ((ext ? simm : sext(i & 0x7ffu, 11)) << 1));
        break;
    case OP_BEQZ:
    case OP_BNEZ:
        if (slot) {
            reserved(c);
            break;
        }
        cond16(c, (c->gpr[rx] == 0) == (op == OP_BEQZ),
               next + ((ext ? simm : sext(imm8, 8)) << 1));
        break;
    case OP_SHIFT: /* sll/srl/sra rx, ry, sa: sa 1-8 (0 = 8), EXTENDed 0-31 */
        sa = ext ? (w >> 22) & 0x1fu : ((i >> 2) & 7u ? (i >> 2) & 7u : 8u);
        switch (i & 3u) {
        case 0: c->gpr[rx] = c->gpr[ry] << sa; break;
        case 2: c->gpr[rx] = c->gpr[ry] >> sa; break;
        case 3: c->gpr[rx] = (uint32_t)((int32_t)c->gpr[ry] >> sa); break;
        default: reserved(c); break; /* dsll */
        }
        break;
    case OP_RRIA: /* addiu ry, rx, simm4 | simm15; bit 4 = daddiu */
        if (i & 0x10u)
            reserved(c);
        else
            c->gpr[ry] = c->gpr[rx] + (ext ? sext(ext_imm15(w), 15) : sext(i & 0xfu, 4));
        break;
    case OP_ADDIU8: c->gpr[rx] += ext ? simm : sext(imm8, 8); break;
    case OP_SLTI: c->gpr[T_REG] = (int32_t)c->gpr[rx] < (int32_t)(ext ? simm : imm8); break;
    case OP_SLTIU: c->gpr[T_REG] = c->gpr[rx] < (ext ? simm : imm8); break;
    case OP_I8: exec_i8(c, i, w, ext, slot); break;
    case OP_LI: c->gpr[rx] = ext ? simm & 0xffffu : imm8; break;
    case OP_CMPI: c->gpr[T_REG] = c->gpr[rx] ^ (ext ? simm & 0xffffu : imm8); break;
    case OP_LB: case OP_LBU: case OP_SB:
        exec_mem(c, op, c->gpr[rx] + (ext ? simm : imm5), ry);
        break;
    case OP_LH: case OP_LHU: case OP_SH:
        exec_mem(c, op, c->gpr[rx] + (ext ? simm : imm5 << 1), ry);
        break;
    case OP_LW: case OP_SW:
        exec_mem(c, op, c->gpr[rx] + (ext ? simm : imm5 << 2), ry);
        break;
    case OP_LWSP: case OP_SWSP:
        exec_mem(c, op, c->gpr[SP] + (ext ? simm : imm8 << 2), rx);
        break;
    case OP_LWPC: exec_mem(c, op, pc_base(c, slot) + (ext ? simm : imm8 << 2), rx); break;
    case OP_RRR: /* addu/subu rz, rx, ry; f 0 and 2 are daddu/dsubu */
        switch (i & 3u) {
        case 1: c->gpr[xlat(i >> 2)] = c->gpr[rx] + c->gpr[ry]; break;
        case 3: c->gpr[xlat(i >> 2)] = c->gpr[rx] - c->gpr[ry]; break;
        default: reserved(c); break;
        }
        break;
    case OP_RR: exec_rr(c, i, slot); break;
    default: reserved(c); break; /* ld, sd, lwu, I64; EXTEND after EXTEND */
    }
}

bool mips16_step(struct cpu *c)
{
    uint32_t w;
    unsigned len;
    /* MIPS32's fetch window assumes its line was the last one touched */
    c->fetch_line = 1;
    if (!fetch16(c, c->pc & ~1u, &w, &len))
        return false;
    uint64_t n = ++c->ev[EV_INSNS];
    bool slot = c->in_ds;
    c->pc = slot ? c->npc : c->cur_pc + len;
    c->npc = c->pc + 4;
    c->in_ds = false;
    if (slot && len == 4) /* EXTENDed or JAL(X) in a delay slot */
        reserved(c);
    else
        execute16(c, w, len, slot);
    /* 34K/24K event 16 (odd counters), 74K 42: MIPS16 instructions
     * completed; one that excepted or stalled took its EV_INSNS back */
    if (c->ev[EV_INSNS] == n)
        c->ev[EV_MIPS16]++;
    return true;
}
