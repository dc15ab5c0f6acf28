/*
 * ppc_exec.c - the run loop: fetch through the decoded page of the current
 * instruction, dispatch on its handler index (GCC's labels as values), and
 * the handlers of the instructions compiled code runs most (ppc_decode.h
 * says which fields each uses). Semantics: Power ISA 2.06 Book I, chapter
 * 3 "Fixed-Point Facility" and chapter 2 "Branch Facility".
 *
 * Where the architecture leaves a result undefined and a program could see
 * it, vboard does what QEMU 7.2 does so that differential tests agree:
 * divw/divwu by zero and 0x80000000 / -1 divide by 1 instead
 * (target/ppc/translate.c gen_op_arith_divw), and CR0 of a record form is
 * set from the result.
 *
 * Timing model: one cycle per completed instruction plus the cache-miss
 * penalties (ppc_mem.h). Event totals: c->ev[] (ppc_events.h).
 */
#include "ppc_alu.h"
#include "ppc_decode.h"
#include "ppc_mem.h"

/* lmw/stmw: a word-aligned address or the alignment interrupt (e500 Core
 * Reference Manual, "Alignment Interrupt": misaligned lmw/stmw). */
static inline bool multiple_aligned(struct ppc_cpu *c, uint32_t ea, bool store)
{
    if (ea & 3u) {
        ppc_data_fault(c, IVOR_ALIGN, ea, store);
        return false;
    }
    return true;
}

/* ---- the loop ------------------------------------------------------------- */

#define LABEL(name) &&L_##name,

/* careful: the per-instruction checks only a watch (--count-insns), a pass
 * (--count-events) or single-stepping needs; a branch that predicts
 * perfectly either way. */
static uint64_t run_loop(struct ppc_cpu *c, uint64_t n, const bool careful)
{
    static const void *const labels[OP_COUNT] = { PPC_OPS(LABEL) };
    uint32_t *const r = c->gpr;
    uint32_t pc = c->pc;
    uint32_t page_ea = 1;          /* no page: pc is always aligned */
    uint32_t iline = c->iline;     /* kept from the last run unless the page changes */
    bool first_page = true;
    const uint32_t lmask = ~((1u << c->icache.line_shift) - 1u);
    struct ppc_fetch f = { 0 };
    struct ppc_dinsn *d, vd;
    uint32_t msr_before = 0;
    uint64_t done = 0;
    bool slow = false;     /* an out-of-line path ran: look at c->stop */

/* The next instruction in the same I-cache line needs no page, line or
 * stop check: straight to it, unless something out of line ran or the
 * careful checks are on. */
#define SEQ                                                                    \
    do {                                                                       \
        pc += 4;                                                               \
        if (__builtin_expect((pc & ~lmask) && !careful && !slow, 1))           \
            goto next_in_line;                                                 \
        goto completed;                                                        \
    } while (0)
#define JUMP(t) do { pc = (t); goto completed; } while (0)
/* Loads and stores: the fast path (ppc_mem.h) inline; anything else goes
 * out of line with c->pc set for the interrupt it may raise, and the loop
 * looks at c->stop after it (a device may have asked for a reset). */
#define LOAD(ea, size, v)                                                      \
    do {                                                                       \
        const struct ppc_page *p_ = ppc_fast_page(c, ACC_READ, (ea), (size));  \
        if (p_) {                                                              \
            ppc_model_data(c, p_->pa | ((ea) & 0xfffu), false);                \
            (v) = ppc_be_get(p_->host + ((ea) & 0xfffu), (size));              \
        } else {                                                               \
            c->pc = pc;                                                        \
            slow = true;                                                       \
            if (!ppc_load_slow(c, (ea), (size), &(v)))                         \
                goto interrupted;                                              \
        }                                                                      \
    } while (0)
#define STORE(ea, size, v)                                                     \
    do {                                                                       \
        const struct ppc_page *p_ = ppc_fast_page(c, ACC_WRITE, (ea), (size)); \
        if (p_) {                                                              \
            ppc_model_data(c, p_->pa | ((ea) & 0xfffu), true);                 \
            ppc_be_put(p_->host + ((ea) & 0xfffu), (size), (v));               \
            ppc_code_written(c, p_->pa | ((ea) & 0xfffu), (size));             \
        } else {                                                               \
            c->pc = pc;                                                        \
            slow = true;                                                       \
            if (!ppc_store_slow(c, (ea), (size), (v)))                         \
                goto interrupted;                                              \
        }                                                                      \
    } while (0)
#define LOADED(k) do { c->ev[PEV_LOAD]++; c->ev[PEV_LOAD_UOPS] += (k); } while (0)
#define STORED(k) do { c->ev[PEV_STORE]++; c->ev[PEV_STORE_UOPS] += (k); } while (0)

top:
    if (done == n)
        goto out;
    done++;
    if ((pc & ~0xfffu) != page_ea) {
        if (!ppc_fetch_page(c, pc, &f))
            goto interrupted;
        page_ea = pc & ~0xfffu;
        if (!first_page)
            iline = 1;
        first_page = false;
    }
    /* --count-events: after the translation (an instruction TLB miss at
     * FROM is not the arrival; a breakpoint there would not be hit yet),
     * before the I-cache model sees the fetch: a pass holds its first
     * instruction's fetch and not TO's; at the end of pass N the loop
     * stops with TO not run */
    if (careful && c->pass.on && !c->pass.done && vb_pass_at(&c->pass, pc, c->ev)) {
        done--;
        goto out;
    }
    if (f.cached && ((pc ^ iline) & lmask)) {
        iline = pc & lmask;
        ppc_model_fetch(c, f.pa | (pc & 0xfe0u));
    }
    if (careful && c->watch_on && !c->watch_done) {
        if (!c->watch_counting && pc == c->watch_from)
            c->watch_counting = true;
        if (c->watch_counting && pc == c->watch_to) {
            c->watch_done = true;
            c->watch_counting = false;
            c->stop = true;
        }
        c->watch_count += c->watch_counting;
    }
    if (careful && c->profile)
        vb_profile_hit(c->profile, pc);
    if (careful)
        msr_before = c->msr;
    c->ev[PEV_INSNS]++;
    c->vle_insn = f.vle;
    if (__builtin_expect(f.vle || (pc & 2u), 0))
        goto vle;
    d = &f.code[(pc >> 2) & (PPC_DPAGE_SLOTS - 1)];
    goto *labels[d->op];

    /* A VLE page (vle_exec.c), or a halfword address in a Book E page:
     * the instruction storage interrupt with ESR[MIF] (e200z7 RM Tables
     * 7-15/7-16). A Book E word of a VLE page runs through the handlers
     * below, decoded into vd; slow makes SEQ end at "completed". */
vle:
    c->pc = pc;
    slow = true;
    if (!f.vle) {
        c->ev[PEV_ISI]++;
        ppc_fault(c, IVOR_ISI, ESR_MIF);
        goto interrupted;
    }
    {
        uint32_t word;
        switch (ppc_exec_vle(c, &f, &word)) {
        case VLE_DONE: JUMP(c->pc);
        case VLE_CONTEXT: page_ea = 1; JUMP(c->pc);
        case VLE_BOOKE:
            ppc_decode(&vd, word);
            d = &vd;
            goto *labels[d->op];
        default: goto interrupted;
        }
    }

next_in_line:
    if (done == n)
        goto out;
    done++;
    c->ev[PEV_INSNS]++;
    d++;
    goto *labels[d->op];

L_DECODE:
    ppc_decode(d, ppc_be_get(f.host + (pc & 0xfffu), 4));
    goto *labels[d->op];

L_SYS:
    c->pc = pc;
    slow = true;
    if (ppc_exec_sys(c, d->imm)) {
        page_ea = 1; /* the MMU or MSR may have changed */
        JUMP(c->pc);
    }
    goto interrupted;

    /* ---- D-form arithmetic, compare, logical ---- */
L_ADDI: r[d->rd] = r[d->ra] + d->imm; SEQ;
L_ADDIC: r[d->rd] = add3(c, r[d->ra], d->imm, 0, true, 0); SEQ;
L_ADDIC_RC: r[d->rd] = add3(c, r[d->ra], d->imm, 0, true, DF_RC); SEQ;
L_SUBFIC: r[d->rd] = add3(c, ~r[d->ra], d->imm, 1, true, 0); SEQ;
L_MULLI: c->ev[PEV_MUL]++; r[d->rd] = r[d->ra] * d->imm; SEQ;
L_CMPI:
    set_crf(c, d->rd, cmp_field(c, (int32_t)r[d->ra] < (int32_t)d->imm,
                                (int32_t)r[d->ra] > (int32_t)d->imm));
    SEQ;
L_CMPLI: set_crf(c, d->rd, cmp_field(c, r[d->ra] < d->imm, r[d->ra] > d->imm)); SEQ;
L_ANDI_RC: r[d->rd] = r[d->ra] & d->imm; set_cr0(c, r[d->rd]); SEQ;
L_ORI: r[d->rd] = r[d->ra] | d->imm; SEQ;
L_XORI: r[d->rd] = r[d->ra] ^ d->imm; SEQ;

    /* ---- loads and stores ---- */
#define LD(name, size, conv, ea_expr, upd)                                     \
    L_##name: {                                                                \
        uint32_t ea = (ea_expr), v;                                            \
        LOAD(ea, size, v);                                                     \
        r[d->rd] = conv;                                                       \
        if (upd)                                                               \
            r[d->ra] = ea;                                                     \
        LOADED(1);                                                             \
        SEQ;                                                                   \
    }
#define ST(name, size, conv, ea_expr, upd)                                     \
    L_##name: {                                                                \
        uint32_t ea = (ea_expr), v = r[d->rd];                                 \
        STORE(ea, size, conv);                                                 \
        if (upd)                                                               \
            r[d->ra] = ea;                                                     \
        STORED(1);                                                             \
        SEQ;                                                                   \
    }
#define DISP (r[d->ra] + d->imm)
#define INDX (r[d->ra] + r[d->rb])
#define SH16(x) ((uint32_t)(int32_t)(int16_t)(x))
#define BSWAP16(x) ((((x) & 0xffu) << 8) | (((x) >> 8) & 0xffu))
    LD(LWZ, 4, v, DISP, false)   LD(LWZU, 4, v, DISP, true)
    LD(LBZ, 1, v, DISP, false)   LD(LBZU, 1, v, DISP, true)
    LD(LHZ, 2, v, DISP, false)   LD(LHZU, 2, v, DISP, true)
    LD(LHA, 2, SH16(v), DISP, false) LD(LHAU, 2, SH16(v), DISP, true)
    LD(LWZX, 4, v, INDX, false)  LD(LWZUX, 4, v, INDX, true)
    LD(LBZX, 1, v, INDX, false)  LD(LBZUX, 1, v, INDX, true)
    LD(LHZX, 2, v, INDX, false)  LD(LHZUX, 2, v, INDX, true)
    LD(LHAX, 2, SH16(v), INDX, false) LD(LHAUX, 2, SH16(v), INDX, true)
    LD(LWBRX, 4, __builtin_bswap32(v), INDX, false)
    LD(LHBRX, 2, BSWAP16(v), INDX, false)
    ST(STW, 4, v, DISP, false)   ST(STWU, 4, v, DISP, true)
    ST(STB, 1, v, DISP, false)   ST(STBU, 1, v, DISP, true)
    ST(STH, 2, v, DISP, false)   ST(STHU, 2, v, DISP, true)
    ST(STWX, 4, v, INDX, false)  ST(STWUX, 4, v, INDX, true)
    ST(STBX, 1, v, INDX, false)  ST(STBUX, 1, v, INDX, true)
    ST(STHX, 2, v, INDX, false)  ST(STHUX, 2, v, INDX, true)
    ST(STWBRX, 4, __builtin_bswap32(v), INDX, false)
    ST(STHBRX, 2, BSWAP16(v), INDX, false)

L_LMW: {
    uint32_t ea = DISP;
    c->pc = pc;
    if (!multiple_aligned(c, ea, false))
        goto interrupted;
    for (unsigned k = d->rd; k < 32; k++, ea += 4) {
        uint32_t v;
        LOAD(ea, 4, v);
        r[k] = v;
    }
    LOADED(32u - d->rd);
    SEQ;
}
L_STMW: {
    uint32_t ea = DISP;
    c->pc = pc;
    if (!multiple_aligned(c, ea, true))
        goto interrupted;
    for (unsigned k = d->rd; k < 32; k++, ea += 4)
        STORE(ea, 4, r[k]);
    STORED(32u - d->rd);
    SEQ;
}

    /* ---- rotates ---- */
L_RLWINM: r[d->rd] = rotl(r[d->ra], d->rb) & d->imm; SEQ;
L_RLWINM_RC: r[d->rd] = rotl(r[d->ra], d->rb) & d->imm; set_cr0(c, r[d->rd]); SEQ;
L_RLWNM:
    r[d->rd] = rotl(r[d->ra], r[d->rb & 31u]) & d->imm;
    if (d->rb & 0x80u)
        set_cr0(c, r[d->rd]);
    SEQ;
L_RLWIMI:
    r[d->rd] = (rotl(r[d->ra], d->rb) & d->imm) | (r[d->rd] & ~d->imm);
    if (d->rb & 0x80u)
        set_cr0(c, r[d->rd]);
    SEQ;

    /* ---- XO-form arithmetic ---- */
L_ADD: r[d->rd] = add3(c, r[d->ra], r[d->rb], 0, false, d->imm); SEQ;
L_ADDC: r[d->rd] = add3(c, r[d->ra], r[d->rb], 0, true, d->imm); SEQ;
L_ADDE: r[d->rd] = add3(c, r[d->ra], r[d->rb], ca_in(c), true, d->imm); SEQ;
L_ADDZE: r[d->rd] = add3(c, r[d->ra], 0, ca_in(c), true, d->imm); SEQ;
L_ADDME: r[d->rd] = add3(c, r[d->ra], 0xffffffffu, ca_in(c), true, d->imm); SEQ;
L_SUBF: r[d->rd] = add3(c, ~r[d->ra], r[d->rb], 1, false, d->imm); SEQ;
L_SUBFC: r[d->rd] = add3(c, ~r[d->ra], r[d->rb], 1, true, d->imm); SEQ;
L_SUBFE: r[d->rd] = add3(c, ~r[d->ra], r[d->rb], ca_in(c), true, d->imm); SEQ;
L_SUBFZE: r[d->rd] = add3(c, ~r[d->ra], 0, ca_in(c), true, d->imm); SEQ;
L_SUBFME: r[d->rd] = add3(c, ~r[d->ra], 0xffffffffu, ca_in(c), true, d->imm); SEQ;
L_NEG: r[d->rd] = add3(c, ~r[d->ra], 0, 1, false, d->imm); SEQ;
L_MULLW: {
    int64_t p = (int64_t)(int32_t)r[d->ra] * (int32_t)r[d->rb];
    c->ev[PEV_MUL]++;
    if (d->imm & DF_OE)
        set_ov(c, p != (int32_t)p);
    r[d->rd] = (uint32_t)p;
    if (d->imm & DF_RC)
        set_cr0(c, r[d->rd]);
    SEQ;
}
L_MULHW:
    c->ev[PEV_MUL]++;
    r[d->rd] = (uint32_t)((uint64_t)((int64_t)(int32_t)r[d->ra] * (int32_t)r[d->rb]) >> 32);
    if (d->imm & DF_RC)
        set_cr0(c, r[d->rd]);
    SEQ;
L_MULHWU:
    c->ev[PEV_MUL]++;
    r[d->rd] = (uint32_t)(((uint64_t)r[d->ra] * r[d->rb]) >> 32);
    if (d->imm & DF_RC)
        set_cr0(c, r[d->rd]);
    SEQ;
L_DIVW: {
    int32_t a = (int32_t)r[d->ra], b = (int32_t)r[d->rb];
    bool bad = b == 0 || (a == INT32_MIN && b == -1);
    c->ev[PEV_DIV]++;
    if (d->imm & DF_OE)
        set_ov(c, bad);
    r[d->rd] = (uint32_t)(bad ? a : a / b);
    if (d->imm & DF_RC)
        set_cr0(c, r[d->rd]);
    SEQ;
}
L_DIVWU: {
    uint32_t a = r[d->ra], b = r[d->rb];
    c->ev[PEV_DIV]++;
    if (d->imm & DF_OE)
        set_ov(c, b == 0);
    r[d->rd] = b ? a / b : a;
    if (d->imm & DF_RC)
        set_cr0(c, r[d->rd]);
    SEQ;
}

    /* ---- X-form logical and shifts (rd = rA, ra = rS) ---- */
#define LOGIC(name, expr)                                                      \
    L_##name: {                                                                \
        uint32_t a = r[d->ra], b = r[d->rb];                                   \
        (void)b;                                                               \
        r[d->rd] = (expr);                                                     \
        if (d->imm & DF_RC)                                                    \
            set_cr0(c, r[d->rd]);                                              \
        SEQ;                                                                   \
    }
    LOGIC(AND, a & b) LOGIC(ANDC, a & ~b) LOGIC(OR, a | b) LOGIC(ORC, a | ~b)
    LOGIC(XOR, a ^ b) LOGIC(NAND, ~(a & b)) LOGIC(NOR, ~(a | b)) LOGIC(EQV, ~(a ^ b))
    LOGIC(SLW, (b & 0x20u) ? 0 : a << (b & 31u))
    LOGIC(SRW, (b & 0x20u) ? 0 : a >> (b & 31u))
    LOGIC(SRAW, sra(c, a, b & 0x3fu))
    LOGIC(CNTLZW, a ? (uint32_t)__builtin_clz(a) : 32u)
    LOGIC(EXTSB, (uint32_t)(int32_t)(int8_t)a)
    LOGIC(EXTSH, (uint32_t)(int32_t)(int16_t)a)
L_SRAWI:
    r[d->rd] = sra(c, r[d->ra], d->rb);
    if (d->imm & DF_RC)
        set_cr0(c, r[d->rd]);
    SEQ;
L_CMP:
    set_crf(c, d->rd, cmp_field(c, (int32_t)r[d->ra] < (int32_t)r[d->rb],
                                (int32_t)r[d->ra] > (int32_t)r[d->rb]));
    SEQ;
L_CMPL: set_crf(c, d->rd, cmp_field(c, r[d->ra] < r[d->rb], r[d->ra] > r[d->rb])); SEQ;
L_ISEL: r[d->rd] = cr_bit(c, d->imm) ? r[d->ra] : r[d->rb]; SEQ;

    /* ---- moves of CR and the branch/fixed-point SPRs ---- */
L_MFCR: r[d->rd] = d->imm ? c->cr & d->imm : c->cr; SEQ;
L_MTCRF: c->cr = (c->cr & ~d->imm) | (r[d->rd] & d->imm); SEQ;
L_MFLR: r[d->rd] = c->lr; SEQ;
L_MFCTR: r[d->rd] = c->ctr; SEQ;
L_MFXER: r[d->rd] = c->xer; SEQ;
L_MTLR: c->lr = r[d->rd]; SEQ;
L_MTCTR: c->ctr = r[d->rd]; SEQ;
L_MTXER: c->xer = r[d->rd] & (XER_SO | XER_OV | XER_CA | XER_BC); SEQ;

    /* ---- branches ---- */
L_B:
    branch_events(c, 0x14u, true, d->rd & 1u);
    if (d->rd & 1u)
        c->lr = pc + 4;
    JUMP((d->rd & 2u) ? d->imm : pc + d->imm);
L_BC: {
    bool taken = bc_taken(c, d->rd, d->ra, true);
    branch_events(c, d->rd, taken, d->rb & 1u);
    if (d->rb & 1u)
        c->lr = pc + 4;
    JUMP(taken ? ((d->rb & 2u) ? d->imm : pc + d->imm) : pc + 4);
}
L_BCLR: {
    uint32_t target = c->lr & c->ret_mask;
    bool taken = bc_taken(c, d->rd, d->ra, true);
    branch_events(c, d->rd, taken, d->rb & 1u);
    if (d->rb & 1u)
        c->lr = pc + 4;
    JUMP(taken ? target : pc + 4);
}
L_BCCTR: {
    bool taken = bc_taken(c, d->rd, d->ra, false);
    branch_events(c, d->rd, taken, d->rb & 1u);
    if (d->rb & 1u)
        c->lr = pc + 4;
    JUMP(taken ? c->ctr & c->ret_mask : pc + 4);
}
L_CROP: {
    uint32_t bit = 0x80000000u >> d->rd;
    bool v = crop(d->imm, cr_bit(c, d->ra), cr_bit(c, d->rb));
    c->cr = v ? c->cr | bit : c->cr & ~bit;
    SEQ;
}
L_MCRF: set_crf(c, d->rd, (c->cr >> (28 - 4 * d->ra)) & 0xfu); SEQ;

completed:
    /* DBCR0[IDM] and [ICMP] with MSR[DE]: an instruction complete debug
     * event after each instruction (Book E "Instruction Complete Debug
     * Event"); ppc_check_interrupts takes the debug interrupt */
    if (careful && (c->dbcr0 & (DBCR0_IDM | DBCR0_ICMP)) == (DBCR0_IDM | DBCR0_ICMP) &&
        (msr_before & MSR_DE)) {
        c->dbsr |= DBSR_IC | (c->vle_insn ? DBSR_VLES : 0);
        c->stop = true;
    }
    if ((careful || slow) && c->stop)
        goto out;
    slow = false;
    goto top;

interrupted:
    pc = c->pc;
    iline = 1;
out:
    c->pc = pc;
    /* a system instruction may have changed the translation: the next run
     * starts on a new line, as the next instruction here would have */
    c->iline = page_ea == 1 ? 1u : iline;
    return done;
#undef SEQ
#undef JUMP
#undef LOAD
#undef STORE
}

/* The most a source can grow in one instruction, at or above the truth:
 * lmw and stmw move up to 32 words (Book E), 128 bytes over at most five
 * cache lines, each a miss of miss_penalty stall cycles (ppc_mem.h), and
 * one fetch; doze cycles are added outside the run (skip_idle). */
static uint64_t most_per_insn(const struct ppc_cpu *c, unsigned src)
{
    switch (src) {
    case PEV_NONE: case PEV_IDLE:
        return 0;
    case PEV_INSNS:
        return 1;
    case PEV_STALLS: case PEV_IC_STALL: case PEV_DC_STALL:
        return 8u * (uint64_t)c->miss_penalty;
    default:
        return 32;
    }
}

static uint64_t watch_sum(const struct ppc_cpu *c, const struct ppc_watch *w)
{
    return c->ev[w->src[0]] + c->ev[w->src[1]] + c->ev[w->src[2]] + c->ev[w->src[3]];
}

/* Instructions that cannot reach any watch (0: one may be due within the
 * next). */
static uint64_t watch_room(const struct ppc_cpu *c, const struct ppc_watch *w, unsigned nw)
{
    uint64_t room = UINT64_MAX;
    for (unsigned k = 0; k < nw; k++) {
        uint64_t now = watch_sum(c, &w[k]), most = 0;
        for (unsigned s = 0; s < 4; s++)
            most += most_per_insn(c, w[k].src[s]);
        uint64_t r = now >= w[k].at ? 0 : most ? (w[k].at - now) / most : UINT64_MAX;
        if (r < room)
            room = r;
    }
    return room;
}

static bool watch_due(const struct ppc_cpu *c, const struct ppc_watch *w, unsigned nw)
{
    for (unsigned k = 0; k < nw; k++)
        if (watch_sum(c, &w[k]) >= w[k].at)
            return true;
    return false;
}

enum ppc_run_stop ppc_cpu_run(struct ppc_cpu *c, uint64_t n)
{
    c->stop = false;
    if (c->waiting)
        return PPC_RUN_IDLE;
    bool careful = c->profile || (c->watch_on && !c->watch_done) ||
                   (c->pass.on && !c->pass.done) ||
                   (c->dbcr0 & (DBCR0_IDM | DBCR0_ICMP)) == (DBCR0_IDM | DBCR0_ICMP);
    /* The counters' overflow condition and the decrementer, each at its
     * instruction: the main loop's slice only bounds instructions, and at
     * fewer than one instruction a cycle a PMC of cycles would meet its
     * condition many instructions before the slice ends. Far from every
     * watch the loop runs unchecked; near one, an instruction at a time. */
    struct ppc_watch w[PPC_PMU_COUNTERS + 1];
    unsigned nw = ppc_pmu_watches(&c->pmu, c->ev, w);
    uint64_t dec = ppc_dec_expiry(c);
    if (dec != UINT64_MAX)
        w[nw++] = (struct ppc_watch){{PEV_INSNS, PEV_STALLS, PEV_IDLE, PEV_NONE},
                                     dec * c->p->tb_div};
    if (!nw) {
        run_loop(c, n, careful);
    } else {
        for (uint64_t i = 0; i < n;) {
            uint64_t room = watch_room(c, w, nw);
            uint64_t want = !room ? 1 : room < n - i ? room : n - i;
            uint64_t done = run_loop(c, want, careful);
            i += want;
            /* fewer than asked: an interrupt, a stop or a doze ended it */
            if (done < want || c->stop || c->waiting || c->reset_requested ||
                watch_due(c, w, nw))
                break;
        }
    }
    if (c->reset_requested)
        return PPC_RUN_RESET;
    return c->waiting ? PPC_RUN_IDLE : PPC_RUN_SLICE;
}
