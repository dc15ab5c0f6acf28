/*
 * ppc_sys.c - the instructions without a handler of their own in the run
 * loop (ppc_decode.c): system linkage, traps, MSR and SPR/PMR moves, the
 * reserved load/store pair, storage control (cache, synchronization and
 * TLB management), and everything that is not implemented, which raises
 * the illegal-instruction program interrupt: SPE (primary opcode 4),
 * floating point (48-55, 59, 63), the string instructions, cache locking,
 * DCRs, and invalid forms. Encodings: Power ISA 2.06 Books I-III-E and
 * "EREF: A Programmer's Reference Manual for Freescale Embedded
 * Processors" (tlbivax, tlbsx, tlbre, tlbwe, mfpmr/mtpmr, isel, wrtee).
 */
#include <stddef.h>

#include "ppc_mem.h"
#include "ppc_spr.h"

#define RD(i) (((i) >> 21) & 31u)
#define RA(i) (((i) >> 16) & 31u)
#define RB(i) (((i) >> 11) & 31u)
#define XO10(i) (((i) >> 1) & 0x3ffu)
/* SPR and PMR numbers are encoded with their two 5-bit halves swapped */
#define SWAPPED(i) (RA(i) | RB(i) << 5)

static uint32_t gpr0(const struct ppc_cpu *c, unsigned r) { return r ? c->gpr[r] : 0; }

static bool illegal(struct ppc_cpu *c)
{
    ppc_fault(c, IVOR_PROGRAM, ESR_PIL);
    return false;
}

static bool privileged(struct ppc_cpu *c)
{
    ppc_fault(c, IVOR_PROGRAM, ESR_PPR);
    return false;
}

static bool next(struct ppc_cpu *c)
{
    c->pc += 4;
    return true;
}

/* tw/twi TO bits: 16 signed <, 8 signed >, 4 =, 2 unsigned <, 1 unsigned >
 * (Book I "Fixed-Point Trap Instructions"). A trap with DBCR0[IDM] and
 * [TRAP] is a trap debug event: the debug interrupt when MSR[DE], else it
 * is recorded (DBSR[TIE], DBSR[IDE]) and the program interrupt is taken
 * (Book III-E "Trap Debug Event"). */
static bool trap(struct ppc_cpu *c, unsigned to, uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    bool hit = ((to & 16u) && sa < sb) || ((to & 8u) && sa > sb) ||
               ((to & 4u) && a == b) || ((to & 2u) && a < b) || ((to & 1u) && a > b);
    if (!hit)
        return next(c);
    if ((c->dbcr0 & (DBCR0_IDM | DBCR0_TRAP)) == (DBCR0_IDM | DBCR0_TRAP)) {
        c->dbsr |= DBSR_TIE | (c->vle_insn ? DBSR_VLES : 0);
        if (c->msr & MSR_DE) {
            ppc_fault(c, IVOR_DEBUG, 0);
            return false;
        }
        c->dbsr |= DBSR_IDE;
    }
    ppc_fault(c, IVOR_PROGRAM, ESR_PTR);
    return false;
}

/* ---- opcode 31 ------------------------------------------------------------ */

static bool x_tw(struct ppc_cpu *c, uint32_t i)
{
    return trap(c, RD(i), c->gpr[RA(i)], c->gpr[RB(i)]);
}

static bool x_mfmsr(struct ppc_cpu *c, uint32_t i)
{
    c->gpr[RD(i)] = c->msr;
    return next(c);
}

static bool x_mtmsr(struct ppc_cpu *c, uint32_t i)
{
    ppc_set_msr(c, c->gpr[RD(i)]);
    return next(c);
}

static bool x_wrtee(struct ppc_cpu *c, uint32_t i)
{
    ppc_set_msr(c, (c->msr & ~MSR_EE) | (c->gpr[RD(i)] & MSR_EE));
    return next(c);
}

static bool x_wrteei(struct ppc_cpu *c, uint32_t i)
{
    ppc_set_msr(c, (i & 0x8000u) ? c->msr | MSR_EE : c->msr & ~MSR_EE);
    return next(c);
}

static bool spr_result(struct ppc_cpu *c, enum ppc_spr_access r)
{
    if (r == SPR_PRIVILEGED)
        return privileged(c);
    return r == SPR_OK ? next(c) : illegal(c);
}

static bool x_mfspr(struct ppc_cpu *c, uint32_t i)
{
    uint32_t v;
    enum ppc_spr_access r = ppc_mfspr(c, SWAPPED(i), &v);
    if (r == SPR_OK)
        c->gpr[RD(i)] = v;
    return spr_result(c, r);
}

static bool x_mtspr(struct ppc_cpu *c, uint32_t i)
{
    return spr_result(c, ppc_mtspr(c, SWAPPED(i), c->gpr[RD(i)]));
}

/* mftb rD, 268|269 (e500 keeps mftb; Book E prefers mfspr) */
static bool x_mftb(struct ppc_cpu *c, uint32_t i)
{
    unsigned tbr = SWAPPED(i);
    if (tbr != SPR_TBL_R && tbr != SPR_TBU_R)
        return illegal(c);
    c->gpr[RD(i)] = (uint32_t)(ppc_tb_read(c) >> (tbr == SPR_TBU_R ? 32 : 0));
    return next(c);
}

static bool pmr_result(struct ppc_cpu *c, enum ppc_pmr_access r)
{
    if (r == PMR_PRIVILEGED)
        return privileged(c);
    return r == PMR_OK ? next(c) : illegal(c);
}

static bool x_mfpmr(struct ppc_cpu *c, uint32_t i)
{
    uint32_t v;
    enum ppc_pmr_access r = ppc_pmu_mfpmr(&c->pmu, SWAPPED(i), c->msr & MSR_PR, c->ev, &v);
    if (r == PMR_OK)
        c->gpr[RD(i)] = v;
    return pmr_result(c, r);
}

static bool x_mtpmr(struct ppc_cpu *c, uint32_t i)
{
    enum ppc_pmr_access r = ppc_pmu_mtpmr(&c->pmu, SWAPPED(i), c->msr & MSR_PR,
                                          c->gpr[RD(i)], c->ev);
    c->stop = true; /* a condition or interrupt may now be due */
    return pmr_result(c, r);
}

/* lwarx/stwcx.: word aligned or the alignment interrupt (e500 Core
 * Reference Manual, "Alignment Interrupt"); stwcx. stores only with a
 * reservation on the same address and reports it in CR0[EQ]. */
static bool x_lwarx(struct ppc_cpu *c, uint32_t i)
{
    uint32_t ea = gpr0(c, RA(i)) + c->gpr[RB(i)], v;
    if (ea & 3u) {
        ppc_data_fault(c, IVOR_ALIGN, ea, false);
        return false;
    }
    if (!ppc_load(c, ea, 4, &v))
        return false;
    c->gpr[RD(i)] = v;
    c->resv = true;
    c->resv_addr = ea;
    c->ev[PEV_LOAD]++;
    c->ev[PEV_LOAD_UOPS]++;
    return next(c);
}

static bool x_stwcx(struct ppc_cpu *c, uint32_t i)
{
    uint32_t ea = gpr0(c, RA(i)) + c->gpr[RB(i)];
    if (!(i & 1u))
        return illegal(c);
    if (ea & 3u) {
        ppc_data_fault(c, IVOR_ALIGN, ea, true);
        return false;
    }
    bool ok = c->resv && c->resv_addr == ea;
    if (ok && !ppc_store(c, ea, 4, c->gpr[RD(i)]))
        return false;
    c->resv = false;
    c->cr = (c->cr & 0x0fffffffu) | (ok ? 0x20000000u : 0) | (c->xer >> 31) << 28;
    c->ev[PEV_STORE]++;
    c->ev[PEV_STORE_UOPS]++;
    return next(c);
}

/* Cache management: translated and checked as a load (dcbf, dcbst, icbi)
 * or a store (dcbi, dcbz) would be, so they fault the same way; touches
 * and dcba are hints that never fault (Book II "Cache Management
 * Instructions"). The modelled caches are tag-only: only dcbz changes
 * memory (the 32-byte line of EA becomes zeros). dcbf and dcbi take the
 * line out of the data cache, icbi out of the instruction cache (Book II:
 * "flush", "invalidate"), so that a later access misses as on the core;
 * dcbst keeps it (its write-back is not counted: cache.h). */
enum cache_effect { KEEP, DROP_D, DROP_I };

static bool cache_op(struct ppc_cpu *c, uint32_t i, bool store, enum cache_effect effect)
{
    uint64_t pa;
    if (!ppc_translate_data(c, gpr0(c, RA(i)) + c->gpr[RB(i)], store, &pa))
        return false;
    c->ev[PEV_CACHEOP]++;
    if (effect == DROP_D) {
        cache_invalidate(&c->dcache, (uint32_t)pa);
        cache_memo_clear(&c->dmemo);
    } else if (effect == DROP_I) {
        cache_invalidate(&c->icache, (uint32_t)pa);
        cache_memo_clear(&c->imemo);
    }
    return next(c);
}

static bool x_dcbst(struct ppc_cpu *c, uint32_t i) { return cache_op(c, i, false, KEEP); }
static bool x_dcbf(struct ppc_cpu *c, uint32_t i) { return cache_op(c, i, false, DROP_D); }
static bool x_icbi(struct ppc_cpu *c, uint32_t i) { return cache_op(c, i, false, DROP_I); }
static bool x_dcbi(struct ppc_cpu *c, uint32_t i) { return cache_op(c, i, true, DROP_D); }

static bool x_touch(struct ppc_cpu *c, uint32_t i)
{
    (void)i;
    c->ev[PEV_TOUCH]++;
    return next(c);
}

static bool x_dcba(struct ppc_cpu *c, uint32_t i)
{
    (void)i;
    c->ev[PEV_CACHEOP]++;
    return next(c);
}

static bool x_dcbz(struct ppc_cpu *c, uint32_t i)
{
    uint32_t ea = (gpr0(c, RA(i)) + c->gpr[RB(i)]) & ~31u;
    for (uint32_t k = 0; k < 32; k += 4)
        if (!ppc_store_slow(c, ea + k, 4, 0))
            return false;
    c->ev[PEV_CACHEOP]++;
    return next(c);
}

static bool x_nop(struct ppc_cpu *c, uint32_t i)
{
    (void)i;
    return next(c);
}

static bool x_tlbwe(struct ppc_cpu *c, uint32_t i)
{
    (void)i;
    return ppc_mmu_tlbwe(&c->mmu) ? next(c) : illegal(c);
}

static bool x_tlbre(struct ppc_cpu *c, uint32_t i)
{
    (void)i;
    return ppc_mmu_tlbre(&c->mmu) ? next(c) : illegal(c);
}

static bool x_tlbsx(struct ppc_cpu *c, uint32_t i)
{
    ppc_mmu_tlbsx(&c->mmu, gpr0(c, RA(i)) + c->gpr[RB(i)]);
    return next(c);
}

static bool x_tlbivax(struct ppc_cpu *c, uint32_t i)
{
    ppc_mmu_tlbivax(&c->mmu, gpr0(c, RA(i)) + c->gpr[RB(i)]);
    return next(c);
}

struct xop {
    uint16_t xo;
    bool priv;
    bool (*run)(struct ppc_cpu *c, uint32_t i);
};

static const struct xop ops31[] = {
    { 4, false, x_tw },        { 83, true, x_mfmsr },     { 146, true, x_mtmsr },
    { 131, true, x_wrtee },    { 163, true, x_wrteei },   { 339, false, x_mfspr },
    { 467, false, x_mtspr },   { 371, false, x_mftb },    { 334, false, x_mfpmr },
    { 462, false, x_mtpmr },   { 20, false, x_lwarx },    { 150, false, x_stwcx },
    { 54, false, x_dcbst },
    { 86, false, x_dcbf },     { 982, false, x_icbi },
    { 470, true, x_dcbi },     { 1014, false, x_dcbz },
    { 246, false, x_touch },   { 278, false, x_touch },   { 22, false, x_touch }, /* icbt */
    { 758, false, x_dcba },
    { 598, false, x_nop },     /* sync, msync */
    { 854, false, x_nop },     /* mbar */
    { 566, true, x_nop },      /* tlbsync */
    { 978, true, x_tlbwe },    { 946, true, x_tlbre },    { 914, true, x_tlbsx },
    { 786, true, x_tlbivax },
};

static bool exec_31(struct ppc_cpu *c, uint32_t i)
{
    for (size_t k = 0; k < sizeof(ops31) / sizeof(ops31[0]); k++) {
        if (ops31[k].xo != XO10(i))
            continue;
        if (ops31[k].priv && (c->msr & MSR_PR))
            return privileged(c);
        return ops31[k].run(c, i);
    }
    return illegal(c);
}

/* ---- opcode 19: returns and isync ---------------------------------------------- */

static bool exec_19(struct ppc_cpu *c, uint32_t i)
{
    unsigned kind;
    switch (XO10(i)) {
    case 150: return next(c); /* isync */
    case 50: kind = 0; break;  /* rfi */
    case 51: kind = 1; break;  /* rfci */
    case 39: kind = 2; break;  /* rfdi */
    case 38: kind = 3; break;  /* rfmci */
    default: return illegal(c);
    }
    if (c->msr & MSR_PR)
        return privileged(c);
    ppc_return(c, kind);
    return true;
}

bool ppc_exec_sys(struct ppc_cpu *c, uint32_t i)
{
    switch (i >> 26) {
    case 3: /* twi */
        return trap(c, RD(i), c->gpr[RA(i)], (uint32_t)(int32_t)(int16_t)i);
    case 17: /* sc: SRR0 is the next instruction (Book III-E 7.5.10) */
        if (!(i & 2u))
            return illegal(c);
        c->ev[PEV_SC_TRAP]++;
        ppc_take(c, IVOR_SYSCALL, c->pc + 4);
        return false;
    case 19: return exec_19(c, i);
    case 31: return exec_31(c, i);
    default: return illegal(c);
    }
}
