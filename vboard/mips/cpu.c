/*
 * cpu.c - the MIPS32 Release 2 integer interpreter (big-endian).
 *
 * Encodings and semantics: "MIPS32 Architecture For Programmers Volume II:
 * The MIPS32 Instruction Set" (MD00086), chapter 3 and the opcode tables of
 * appendix A (A.2 "Instruction Encoding Tables"). Where the architecture says
 * UNPREDICTABLE and a program could observe it (division by zero), vboard
 * does what QEMU 7.2 does (target/mips/tcg/translate.c gen_muldiv: the
 * divisor is replaced by 1), so that differential tests agree.
 *
 * Timing model: every completed instruction is one cycle; cache misses add
 * the miss penalty (mem.c). Event totals for the counters are kept in
 * c->ev[] (events.h).
 */
#include "cpu.h"

#include <string.h>

#include "cpu_ops.h"
#include "ejtag.h"
#include "mem.h"
#include "mips16.h"

#define RS(i) (((i) >> 21) & 31u)
#define RT(i) (((i) >> 16) & 31u)
#define RD(i) (((i) >> 11) & 31u)
#define SA(i) (((i) >> 6) & 31u)
#define FN(i) ((i) & 63u)
#define SIMM(i) ((uint32_t)(int32_t)(int16_t)(i))
#define ZIMM(i) ((i) & 0xffffu)

/* ---- helpers ------------------------------------------------------------ */

/* Conditional branch at cur_pc: the delay slot runs either way. */
static inline void cond_branch(struct cpu *c, bool taken, uint32_t insn)
{
    c->ev[EV_BRANCH]++;
    c->ev[EV_CBRANCH]++;
    if (taken)
        branch_to(c, c->cur_pc + 4 + (SIMM(insn) << 2));
    else
        c->in_ds = true;
}

/* Branch likely: a not-taken branch nullifies its delay slot. */
static inline void likely_branch(struct cpu *c, bool taken, uint32_t insn)
{
    c->ev[EV_BRANCH]++;
    c->ev[EV_CBRANCH]++;
    if (taken) {
        branch_to(c, c->cur_pc + 4 + (SIMM(insn) << 2));
    } else {
        c->pc = c->cur_pc + 8;
        c->npc = c->cur_pc + 12;
    }
}

static void reserved(struct cpu *c) { cpu_exception(c, EXC_RI); }

static void cop_unusable(struct cpu *c, unsigned n)
{
    c->cause = (c->cause & ~(3u << CAUSE_CE_SHIFT)) | (n << CAUSE_CE_SHIFT);
    cpu_exception(c, EXC_CPU);
}

static bool cp0_usable(const struct cpu *c)
{
    return cpu_kernel_mode(c) || (c->status & ST_CU0);
}

/* ---- loads and stores --------------------------------------------------- */

static void exec_load_store(struct cpu *c, uint32_t insn)
{
    uint32_t va = c->gpr[RS(insn)] + SIMM(insn);
    unsigned rt = RT(insn);
    uint32_t v, sh;
    switch (insn >> 26) {
    case 0x20: if (load(c, va, 1, &v)) c->gpr[rt] = (uint32_t)(int32_t)(int8_t)v; break;  /* lb */
    case 0x21: if (load(c, va, 2, &v)) c->gpr[rt] = (uint32_t)(int32_t)(int16_t)v; break; /* lh */
    case 0x23: if (load(c, va, 4, &v)) c->gpr[rt] = v; break;                             /* lw */
    case 0x24: if (load(c, va, 1, &v)) c->gpr[rt] = v; break;                             /* lbu */
    case 0x25: if (load(c, va, 2, &v)) c->gpr[rt] = v; break;                             /* lhu */
    case 0x22: /* lwl (big-endian: MD00086 LWL, Figure 3.x) */
        if (load(c, va & ~3u, 4, &v)) {
            sh = 8 * (va & 3u);
            c->gpr[rt] = (v << sh) | (c->gpr[rt] & ((1u << sh) - 1u));
        }
        break;
    case 0x26: /* lwr */
        if (load(c, va & ~3u, 4, &v)) {
            sh = 8 * (3u - (va & 3u));
            c->gpr[rt] = (v >> sh) | (c->gpr[rt] & ~(0xffffffffu >> sh));
        }
        break;
    case 0x28: store(c, va, 1, c->gpr[rt]); break; /* sb */
    case 0x29: store(c, va, 2, c->gpr[rt]); break; /* sh */
    case 0x2b: store(c, va, 4, c->gpr[rt]); break; /* sw */
    case 0x2a: /* swl */
        sh = 8 * (va & 3u);
        if (mem_merge_word(c, va & ~3u, ~(0xffffffffu >> sh), c->gpr[rt] >> sh) == MEM_OK)
            c->ev[EV_STORE]++;
        break;
    case 0x2e: /* swr */
        sh = 8 * (3u - (va & 3u));
        if (mem_merge_word(c, va & ~3u, (uint32_t)((1ull << sh) - 1u), c->gpr[rt] << sh) == MEM_OK)
            c->ev[EV_STORE]++;
        break;
    case 0x30: /* ll */
        if (load(c, va, 4, &v)) {
            c->gpr[rt] = v;
            c->llbit = true;
            c->lladdr = va;
        }
        break;
    case 0x38: /* sc: stores only while LLbit is set; rt := success */
        if (va & 3u) {
            cpu_address_error(c, true, va);
            break;
        }
        if (c->llbit) {
            if (!store(c, va, 4, c->gpr[rt]))
                break;
            c->gpr[rt] = 1;
        } else {
            c->ev[EV_STORE]++;
            c->ev[EV_SC_FAIL]++;
            c->gpr[rt] = 0;
        }
        c->ev[EV_SC]++;
        c->llbit = false;
        break;
    default:
        reserved(c);
        break;
    }
}

/* ---- SPECIAL (opcode 0) -------------------------------------------------- */

static void trap_if(struct cpu *c, bool cond)
{
    if (cond)
        cpu_exception(c, EXC_TR);
}

static void exec_special(struct cpu *c, uint32_t insn)
{
    unsigned rs = RS(insn), rt = RT(insn), rd = RD(insn), sa = SA(insn);
    uint32_t a = c->gpr[rs], b = c->gpr[rt], r;
    switch (FN(insn)) {
    case 0x00: /* sll; nop, ssnop, ehb are sll $0,$0,0/1/3 */
        if (rd == 0 && rt == 0 && (sa == 0 || sa == 1 || sa == 3))
            c->ev[EV_NOP]++;
        c->gpr[rd] = b << sa;
        break;
    case 0x01: cop_unusable(c, 1); break; /* movf/movt: no FPU */
    case 0x02: /* srl / rotr (rs=1) */
        c->gpr[rd] = (rs & 1u) ? (sa ? (b >> sa) | (b << (32 - sa)) : b) : b >> sa;
        break;
    case 0x03: c->gpr[rd] = (uint32_t)((int32_t)b >> sa); break;
    case 0x04: c->gpr[rd] = b << (a & 31u); break;
    case 0x06: /* srlv / rotrv (sa=1) */
        r = a & 31u;
        c->gpr[rd] = (sa & 1u) ? (r ? (b >> r) | (b << (32 - r)) : b) : b >> r;
        break;
    case 0x07: c->gpr[rd] = (uint32_t)((int32_t)b >> (a & 31u)); break;
    case 0x08: /* jr, jr.hb */
        c->ev[EV_BRANCH]++;
        c->ev[rs == 31 ? EV_JR31 : EV_JRXX]++;
        /* bit 0 of the target is the ISA mode after the slot (MD00086 JR:
         * ISAMode <- temp[0]); without MIPS16e the misaligned fetch
         * faults later (cpu.h, pc) */
        branch_to(c, a);
        break;
    case 0x09: /* jalr, jalr.hb */
        c->ev[EV_BRANCH]++;
        c->ev[rs == 31 ? EV_JR31 : EV_JRXX]++;
        c->gpr[rd] = c->cur_pc + 8;
        branch_to(c, a);
        break;
    case 0x0a: if (b == 0) c->gpr[rd] = a; break; /* movz */
    case 0x0b: if (b != 0) c->gpr[rd] = a; break; /* movn */
    case 0x0c: cpu_exception(c, EXC_SYS); break;
    case 0x0d: cpu_exception(c, EXC_BP); break;
    case 0x0f: c->ev[EV_SYNC]++; break; /* sync: memory is sequentially consistent */
    case 0x10: c->gpr[rd] = c->hi; break;
    case 0x11: c->hi = a; break;
    case 0x12: c->gpr[rd] = c->lo; break;
    case 0x13: c->lo = a; break;
    case 0x18: case 0x19: case 0x1a: case 0x1b: cpu_muldiv(c, FN(insn), a, b); break;
    case 0x20: /* add */
        r = a + b;
        if (((a ^ r) & (b ^ r)) >> 31)
            cpu_exception(c, EXC_OV);
        else
            c->gpr[rd] = r;
        break;
    case 0x21: c->gpr[rd] = a + b; break;
    case 0x22: /* sub */
        r = a - b;
        if (((a ^ b) & (a ^ r)) >> 31)
            cpu_exception(c, EXC_OV);
        else
            c->gpr[rd] = r;
        break;
    case 0x23: c->gpr[rd] = a - b; break;
    case 0x24: c->gpr[rd] = a & b; break;
    case 0x25: c->gpr[rd] = a | b; break;
    case 0x26: c->gpr[rd] = a ^ b; break;
    case 0x27: c->gpr[rd] = ~(a | b); break;
    case 0x2a: c->gpr[rd] = (int32_t)a < (int32_t)b; break;
    case 0x2b: c->gpr[rd] = a < b; break;
    case 0x30: trap_if(c, (int32_t)a >= (int32_t)b); break; /* tge */
    case 0x31: trap_if(c, a >= b); break;                   /* tgeu */
    case 0x32: trap_if(c, (int32_t)a < (int32_t)b); break;  /* tlt */
    case 0x33: trap_if(c, a < b); break;                    /* tltu */
    case 0x34: trap_if(c, a == b); break;                   /* teq */
    case 0x36: trap_if(c, a != b); break;                   /* tne */
    default: reserved(c); break;
    }
}

/* ---- REGIMM (opcode 1) --------------------------------------------------- */

static void exec_regimm(struct cpu *c, uint32_t insn)
{
    int32_t a = (int32_t)c->gpr[RS(insn)];
    uint32_t imm = SIMM(insn);
    switch (RT(insn)) {
    case 0x00: cond_branch(c, a < 0, insn); break;    /* bltz */
    case 0x01: cond_branch(c, a >= 0, insn); break;   /* bgez */
    case 0x02: likely_branch(c, a < 0, insn); break;  /* bltzl */
    case 0x03: likely_branch(c, a >= 0, insn); break; /* bgezl */
    case 0x08: trap_if(c, a >= (int32_t)imm); break;  /* tgei */
    case 0x09: trap_if(c, (uint32_t)a >= imm); break; /* tgeiu */
    case 0x0a: trap_if(c, a < (int32_t)imm); break;   /* tlti */
    case 0x0b: trap_if(c, (uint32_t)a < imm); break;  /* tltiu */
    case 0x0c: trap_if(c, a == (int32_t)imm); break;  /* teqi */
    case 0x0e: trap_if(c, a != (int32_t)imm); break;  /* tnei */
    case 0x10: c->gpr[31] = c->cur_pc + 8; cond_branch(c, a < 0, insn); break;    /* bltzal */
    case 0x11: c->gpr[31] = c->cur_pc + 8; cond_branch(c, a >= 0, insn); break;   /* bgezal, bal */
    case 0x12: c->gpr[31] = c->cur_pc + 8; likely_branch(c, a < 0, insn); break;  /* bltzall */
    case 0x13: c->gpr[31] = c->cur_pc + 8; likely_branch(c, a >= 0, insn); break; /* bgezall */
    case 0x1f: /* synci: D line written back (no change here), I line gone */
        mem_cache_invalidate(c, c->gpr[RS(insn)] + SIMM(insn), true, false);
        break;
    default: reserved(c); break;
    }
}

/* ---- SPECIAL2 / SPECIAL3 ------------------------------------------------- */

static void exec_special2(struct cpu *c, uint32_t insn)
{
    uint32_t a = c->gpr[RS(insn)], b = c->gpr[RT(insn)];
    unsigned rd = RD(insn);
    switch (FN(insn)) {
    case 0x00: c->ev[EV_MULDIV]++; set_hilo(c, get_hilo(c) + (uint64_t)((int64_t)(int32_t)a * (int32_t)b)); break;
    case 0x01: c->ev[EV_MULDIV]++; set_hilo(c, get_hilo(c) + (uint64_t)a * b); break;
    case 0x02: c->ev[EV_MULDIV]++; c->gpr[rd] = (uint32_t)((int32_t)a * (int64_t)(int32_t)b); break;
    case 0x04: c->ev[EV_MULDIV]++; set_hilo(c, get_hilo(c) - (uint64_t)((int64_t)(int32_t)a * (int32_t)b)); break;
    case 0x05: c->ev[EV_MULDIV]++; set_hilo(c, get_hilo(c) - (uint64_t)a * b); break;
    case 0x20: c->gpr[rd] = a ? (uint32_t)__builtin_clz(a) : 32u; break;   /* clz */
    case 0x21: c->gpr[rd] = ~a ? (uint32_t)__builtin_clz(~a) : 32u; break; /* clo */
    case 0x3f: cpu_enter_debug(c, DBG_DBP); break;                         /* sdbbp */
    default: reserved(c); break;
    }
}

static uint32_t rdhwr(struct cpu *c, unsigned rd, bool *ok)
{
    *ok = true;
    if (!cpu_kernel_mode(c) && !(c->hwrena & (1u << rd))) {
        *ok = false;
        return 0;
    }
    switch (rd) { /* MD00086 RDHWR: CPUNum, SYNCI_Step, CC, CCRes */
    case 0: return c->ebase & 0x3ffu;
    case 1: return 32;
    case 2: return cpu_count(c);
    case 3: return 2;
    default: *ok = false; return 0;
    }
}

static void exec_special3(struct cpu *c, uint32_t insn)
{
    unsigned rs = RS(insn), rt = RT(insn), rd = RD(insn), sa = SA(insn);
    uint32_t a = c->gpr[rs], b = c->gpr[rt], mask;
    bool ok;
    switch (FN(insn)) {
    case 0x00: /* ext rt, rs, pos=sa, size=rd+1 */
        mask = rd == 31 ? 0xffffffffu : (1u << (rd + 1)) - 1u;
        c->gpr[rt] = (a >> sa) & mask;
        break;
    case 0x04: /* ins rt, rs, pos=sa, size=rd-sa+1 */
        if (rd < sa)
            break; /* UNPREDICTABLE: leave rt alone */
        mask = (rd - sa == 31) ? 0xffffffffu : ((1u << (rd - sa + 1)) - 1u);
        c->gpr[rt] = (b & ~(mask << sa)) | ((a & mask) << sa);
        break;
    case 0x20: /* BSHFL */
        switch (sa) {
        case 0x02: c->gpr[rd] = ((b & 0x00ff00ffu) << 8) | ((b >> 8) & 0x00ff00ffu); break;
        case 0x10: c->gpr[rd] = (uint32_t)(int32_t)(int8_t)b; break;
        case 0x18: c->gpr[rd] = (uint32_t)(int32_t)(int16_t)b; break;
        default: reserved(c); break;
        }
        break;
    case 0x3b: {
        uint32_t v = rdhwr(c, rd, &ok);
        if (ok)
            c->gpr[rt] = v;
        else
            reserved(c);
        break;
    }
    default: reserved(c); break;
    }
}

/* ---- COP0 ------------------------------------------------------------------ */

static void eret(struct cpu *c)
{
    uint32_t mode = pmu_mode_bit(c->status, c->debug & DBG_DM);
    pmu_sync(&c->pmu, c->ev, mode);
    if (c->status & ST_ERL) {
        c->pc = c->errorepc;
        c->status &= ~ST_ERL;
    } else {
        c->pc = c->epc;
        c->status &= ~ST_EXL;
    }
    c->npc = c->pc + 4;
    c->in_ds = false; /* ERET has no delay slot */
    c->llbit = false; /* MD00086 ERET: clears LLbit */
    pmu_sync(&c->pmu, c->ev, pmu_mode_bit(c->status, false));
    c->stop = true;
}

static void deret(struct cpu *c)
{
    if (!(c->debug & DBG_DM)) {
        reserved(c);
        return;
    }
    c->debug &= ~DBG_DM;
    cpu_debug_mode_changed(c);
    c->pc = c->depc;
    c->npc = c->pc + 4;
    c->in_ds = false;
    pmu_sync(&c->pmu, c->ev, pmu_mode_bit(c->status, false));
    c->stop = true;
}

static void exec_cop0(struct cpu *c, uint32_t insn)
{
    if (!cp0_usable(c)) {
        cop_unusable(c, 0);
        return;
    }
    unsigned rt = RT(insn), rd = RD(insn), sel = insn & 7u;
    if (insn & (1u << 25)) { /* CO */
        switch (FN(insn)) {
        case 0x01: /* tlbr: the single entry reads as invalid */
            c->entryhi = c->entrylo0 = c->entrylo1 = c->pagemask = 0;
            break;
        case 0x02: case 0x06: break;           /* tlbwi/tlbwr: entry never matches */
        case 0x08: c->index = 0x80000000u; break; /* tlbp: no match (Index.P) */
        case 0x18: eret(c); break;
        case 0x1f: deret(c); break;
        case 0x20: c->waiting = true; c->stop = true; break; /* wait */
        default: reserved(c); break;
        }
        return;
    }
    switch (RS(insn)) {
    case 0x00: c->gpr[rt] = cp0_read(c, rd, sel); break;
    case 0x04: cp0_write(c, rd, sel, c->gpr[rt]); c->stop = true; break;
    case 0x0a: c->gpr[rd] = c->gpr[rt]; break; /* rdpgpr: one shadow set (SRSCtl.HSS=0) */
    case 0x0e: c->gpr[rd] = c->gpr[rt]; break; /* wrpgpr */
    case 0x0b: /* MFMC0: di / ei */
        if (rd != 12) {
            reserved(c);
            break;
        }
        c->gpr[rt] = c->status;
        if (insn & 0x20u)
            c->status |= ST_IE;
        else
            c->status &= ~ST_IE;
        c->stop = true;
        break;
    default: reserved(c); break;
    }
}

/* ---- dispatch ------------------------------------------------------------- */

static inline __attribute__((always_inline)) void execute(struct cpu *c, uint32_t insn)
{
    unsigned rs = RS(insn), rt = RT(insn);
    uint32_t a = c->gpr[rs], b = c->gpr[rt], r;
    switch (insn >> 26) {
    case 0x00: exec_special(c, insn); break;
    case 0x01: exec_regimm(c, insn); break;
    case 0x02: /* j */
    case 0x03: /* jal */
        c->ev[EV_BRANCH]++;
        c->ev[EV_JJAL]++;
        if (insn >> 26 == 3)
            c->gpr[31] = c->cur_pc + 8;
        branch_to(c, ((c->cur_pc + 4) & 0xf0000000u) | ((insn & 0x03ffffffu) << 2));
        break;
    case 0x04: cond_branch(c, a == b, insn); break;
    case 0x05: cond_branch(c, a != b, insn); break;
    case 0x1d: /* jalx: jal that toggles the ISA mode to MIPS16e (MD00086
                * JALX; MD00076 "ISA Mode Switching"). The R10000/R12000
                * have no MIPS16e: opcode 011101 is reserved in MIPS IV
                * (MIPS IV Instruction Set, appendix A, the encoding
                * table of the opcode field): Reserved Instruction. */
        if (!c->mips16) {
            reserved(c);
            break;
        }
        c->ev[EV_BRANCH]++;
        c->ev[EV_JJAL]++;
        c->gpr[31] = c->cur_pc + 8;
        branch_to(c, ((c->cur_pc + 4) & 0xf0000000u) | ((insn & 0x03ffffffu) << 2) | 1u);
        break;
    case 0x06: cond_branch(c, (int32_t)a <= 0, insn); break;
    case 0x07: cond_branch(c, (int32_t)a > 0, insn); break;
    case 0x08: /* addi */
        r = a + SIMM(insn);
        if (((a ^ r) & (SIMM(insn) ^ r)) >> 31)
            cpu_exception(c, EXC_OV);
        else
            c->gpr[rt] = r;
        break;
    case 0x09: c->gpr[rt] = a + SIMM(insn); break;
    case 0x0a: c->gpr[rt] = (int32_t)a < (int32_t)SIMM(insn); break;
    case 0x0b: c->gpr[rt] = a < SIMM(insn); break;
    case 0x0c: c->gpr[rt] = a & ZIMM(insn); break;
    case 0x0d: c->gpr[rt] = a | ZIMM(insn); break;
    case 0x0e: c->gpr[rt] = a ^ ZIMM(insn); break;
    case 0x0f: c->gpr[rt] = insn << 16; break;
    case 0x10: exec_cop0(c, insn); break;
    case 0x11: case 0x13: /* COP1, COP1X: Config1.FP=0 */
    case 0x31: case 0x35: case 0x39: case 0x3d: /* lwc1 ldc1 swc1 sdc1 */
        cop_unusable(c, 1);
        break;
    case 0x12: case 0x32: case 0x36: case 0x3a: case 0x3e: /* COP2 and its loads/stores */
        cop_unusable(c, 2);
        break;
    case 0x14: likely_branch(c, a == b, insn); break;
    case 0x15: likely_branch(c, a != b, insn); break;
    case 0x16: likely_branch(c, (int32_t)a <= 0, insn); break;
    case 0x17: likely_branch(c, (int32_t)a > 0, insn); break;
    case 0x1c: exec_special2(c, insn); break;
    case 0x1f: exec_special3(c, insn); break;
    case 0x2f: /* cache: Hit_Invalidate (op 4) of I or D, Hit_Writeback_
                * Invalidate of D (op 5) take the line out of the model;
                * the other operations change nothing a tag-only model
                * keeps (MD00086 CACHE: op = insn[20:18], cache = [17:16]) */
        if (!cp0_usable(c)) {
            cop_unusable(c, 0);
        } else {
            unsigned op = (insn >> 18) & 7u, which = (insn >> 16) & 3u;
            uint32_t va = c->gpr[RS(insn)] + SIMM(insn);
            if (op == 4 && which <= 1)
                mem_cache_invalidate(c, va, which == 0, which == 1);
            else if (op == 5 && which == 1)
                mem_cache_invalidate(c, va, false, true);
        }
        break;
    case 0x33: c->ev[EV_PREFETCH]++; break; /* pref: a hint */
    default: exec_load_store(c, insn); break;
    }
}

/* ---- the run loop -------------------------------------------------------- */

/* Per-instruction checks that only matter with a probe or an oracle attached
 * (--count-insns, --count-events).
 * Returns false if the instruction must not execute now. */
static bool slow_checks(struct cpu *c)
{
    /* the instruction's address, without the ISA mode bit: what an ELF
     * symbol, objdump and QEMU's exec log name */
    uint32_t at = c->pc & ~1u;
    if (c->profile)
        vb_profile_hit(c->profile, at);
    if (c->watch_on && !c->watch_done) {
        if (!c->watch_counting && at == c->watch_from)
            c->watch_counting = true;
        if (c->watch_counting && at == c->watch_to) {
            c->watch_done = true;
            c->watch_counting = false;
            c->stop = true;
        }
        if (c->watch_counting)
            c->watch_count++;
    }
    /* before the fetch: a pass holds its first instruction's fetch and not
     * TO's; at the end of pass N the CPU stops with TO not run */
    if (c->pass.on && !c->pass.done && vb_pass_at(&c->pass, at, c->ev)) {
        c->stop = true;
        return false;
    }
    /* IBAn compares the PC with the ISA mode in bit 0 (MD00047 "Conditions
     * for Matching Instruction Breakpoints", the MIPS16 form of IB_match):
     * a breakpoint on MIPS16e code has bit 0 set, as on a core */
    if (c->ejtag && !(c->debug & DBG_DM) && ejtag_ibreak_match(c->ejtag, c->pc)) {
        cpu_enter_debug(c, DBG_DIB);
        return false;
    }
    return true;
}

/* Fetch through the window on the current I-cache line of kseg0 RAM, or
 * the slow path. Inside the window the I-cache model has nothing to look up
 * (the line was just used), so only the access is counted. Returns false if
 * no instruction is to execute now (exception or stall). */
static inline __attribute__((always_inline)) bool fetch(struct cpu *c, uint32_t pc, uint32_t *insn)
{
    if ((pc & c->fetch_mask) == c->fetch_line) { /* aligned, same line */
        c->ev[EV_IC_ACCESS]++;
        *insn = be32_get(c->fetch_host + (pc & ~c->fetch_mask));
        return true;
    }
    if (pc & 3u) {
        c->fetching = true; /* the instruction was never fetched: see take() */
        cpu_address_error(c, false, pc);
        c->fetching = false;
        return false;
    }
    uint32_t pa;
    if (mem_fast_ram(c, pc, &pa)) { /* open a window on this line */
        c->fetch_mask = ~((1u << c->icache.line_shift) - 1u) | 3u;
        c->fetch_line = pc & c->fetch_mask;
        c->fetch_host = c->ram + (pa & c->fetch_mask);
        mem_model_fetch(c, pa);
        *insn = be32_get(c->ram + pa);
        return true;
    }
    return fetch_slow(c, pc, insn);
}

/* One instruction. `careful` (a constant in each caller) adds what only
 * matters with a probe, an oracle or single-stepping attached: the
 * per-instruction checks and Debug.SSt. Anything that changes whether care
 * is needed sets c->stop, so cpu_run picks the loop again. */
static inline __attribute__((always_inline)) void step(struct cpu *c, const bool careful)
{
    uint32_t insn;
    c->cur_pc = c->pc;
    c->cur_ds = c->in_ds;
    if (careful && !slow_checks(c))
        return;
    uint32_t dbg = careful ? c->debug : 0; /* before: DERET must not single-step itself */
    if (__builtin_expect(c->pc & 1u, 0) && c->mips16) { /* ISA mode bit: MIPS16e */
        if (!mips16_step(c))
            return;
    } else {
        if (!fetch(c, c->pc, &insn))
            return;
        c->ev[EV_INSNS]++;
        c->pc = c->npc;
        c->npc += 4;
        c->in_ds = false;
        execute(c, insn);
    }
    c->gpr[0] = 0;
    /* EJTAG Debug.SSt: a debug exception after each instruction executed
     * outside debug mode (not after the DERET that leaves it), and not
     * between a branch and its delay slot (MD00047 9.2.1) */
    if (careful && (dbg & DBG_SST) && !(dbg & DBG_DM) && !(c->debug & DBG_DM) &&
        !c->in_ds && !c->probe_stalled)
        cpu_enter_debug(c, DBG_DSS);
}

/* Whether a watch is due: the run ends after this instruction, so that
 * the interrupt it raises is taken before the next one, as a core takes
 * it (the main loop looks at interrupts between runs). */
static inline bool watch_due(const struct cpu *c, const struct ev_watch *w, unsigned nw)
{
    for (unsigned k = 0; k < nw; k++)
        if (c->ev[w[k].src[0]] + c->ev[w[k].src[1]] + c->ev[w[k].src[2]] >= w[k].at)
            return true;
    return false;
}

/* The most a source can grow in one instruction, at or above the truth:
 * one fetch and the data accesses of one instruction (MIPS16e SAVE and
 * RESTORE move up to 11 words, MD00076), each at most one miss of
 * miss_penalty stall cycles (mem.h); idle cycles are added outside
 * cpu_run (cpu_idle_until_timer). */
static uint64_t most_per_insn(const struct cpu *c, unsigned src)
{
    switch (src) {
    case EV_NONE: case EV_IDLE:
        return 0;
    case EV_INSNS: case EV_MIPS16:
        return 1;
    case EV_STALLS: case EV_IC_STALL: case EV_DC_STALL:
        return 16u * (uint64_t)c->miss_penalty;
    default:
        return 16;
    }
}

/* Instructions that cannot reach any watch: the fast loop runs them with
 * no check, so a far watch costs nothing per instruction. */
static uint64_t watch_room(const struct cpu *c, const struct ev_watch *w, unsigned nw)
{
    uint64_t room = UINT64_MAX;
    for (unsigned k = 0; k < nw; k++) {
        uint64_t now = c->ev[w[k].src[0]] + c->ev[w[k].src[1]] + c->ev[w[k].src[2]];
        uint64_t most = most_per_insn(c, w[k].src[0]) + most_per_insn(c, w[k].src[1]) +
                        most_per_insn(c, w[k].src[2]);
        uint64_t r = now >= w[k].at ? 0 : most ? (w[k].at - now) / most : UINT64_MAX;
        if (r < room)
            room = r;
    }
    return room;
}

enum run_stop cpu_run(struct cpu *c, uint64_t n)
{
    c->stop = false;
    c->probe_stalled = false;
    if (c->waiting)
        return RUN_WAIT;
    /* The counters' overflow and Count = Compare, each at its instruction:
     * the main loop's slice only bounds instructions, and at fewer than
     * one instruction a cycle a counter of cycles would reach bit 31 many
     * instructions before the slice ends. */
    struct ev_watch w[PMU_MAX_COUNTERS + 1];
    unsigned nw = pmu_irq_watches(&c->pmu, c->ev, w);
    if (c->timer_armed)
        w[nw++] = (struct ev_watch){{EV_INSNS, EV_STALLS, EV_IDLE}, c->timer_cycle};
    uint64_t i = 0;
    if (c->slow_checks || (c->debug & (DBG_SST | DBG_DM))) {
        while (i++ < n && !c->stop) {
            step(c, true);
            if (watch_due(c, w, nw))
                break;
        }
    } else if (nw) {
        while (i < n && !c->stop) {
            uint64_t room = watch_room(c, w, nw);
            if (room > n - i)
                room = n - i;
            if (room) { /* no watch can be due within these */
                for (uint64_t j = 0; j < room && !c->stop; j++)
                    step(c, false);
                i += room;
                continue;
            }
            i++;
            step(c, false);
            if (watch_due(c, w, nw))
                break;
        }
    } else {
        while (i++ < n && !c->stop)
            step(c, false);
    }
    if (!c->stop)
        return RUN_SLICE_DONE;
    return c->probe_stalled ? RUN_STALLED : c->waiting ? RUN_WAIT : RUN_EVENT;
}
