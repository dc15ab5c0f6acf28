/*
 * ppc_spr.c - mfspr/mtspr of the Book E SPRs the e500v2 and e200z7 have
 * (numbers in ppc_regs.h), as one table: where each lives, what a write
 * may change, and the few with side effects. An SPR not in the table is
 * an illegal instruction, or privileged from user mode when its number is
 * a supervisor one (SPR_IS_PRIVILEGED): e500 Core Reference Manual,
 * "mtspr"/"mfspr" (QEMU 7.2 instead ignores an undefined SPR in supervisor
 * mode; docs/vboard.md "Power" lists this difference).
 */
#include <stddef.h>

#include "ppc_internal.h"
#include "ppc_spr.h"

enum spr_kind {
    K_REG,      /* a plain register: c + off, writes masked by wmask */
    K_W1C,      /* write 1 to clear (DBSR, TSR, MCSR) */
    K_CONST,    /* read-only, from the personality or constant (off: value) */
    K_TB,       /* TBL/TBU for reading (off: 0 low, 1 high) */
    K_TBW,      /* TBL/TBU for writing */
    K_DEC,
    K_MAS,      /* off: MAS number */
    K_PID,      /* off: PID number (PID1/PID2 read 0 on cores without) */
    K_MMUCSR0,
    K_L1CSR,    /* off: 0 data, 1 instruction cache */
    K_DBCR0,
    K_STOP,     /* a plain register whose change the run loop must see */
};

struct spr {
    uint16_t num;
    uint8_t kind;
    bool readable, writable;
    size_t off;
    uint32_t wmask;
};

#define F(field) offsetof(struct ppc_cpu, field)
#define RW(n, field, mask) { n, K_REG, true, true, F(field), mask }
#define IVOR(n, i) { n, K_REG, true, true, F(ivor) + 4 * (i), IVOR_MASK }

/* Write masks: IVPR keeps its upper half, IVORs a quadword offset
 * (ppc_regs.h); DBCR0[EDM] is read-only to software (e200z7.md sec. 4). */
static const struct spr sprs[] = {
    RW(SPR_SRR0, srr0, ~0u), RW(SPR_SRR1, srr1, ~0u),
    RW(SPR_CSRR0, csrr0, ~0u), RW(SPR_CSRR1, csrr1, ~0u),
    RW(SPR_DSRR0, dsrr0, ~0u), RW(SPR_DSRR1, dsrr1, ~0u),
    RW(SPR_MCSRR0, mcsrr0, ~0u), RW(SPR_MCSRR1, mcsrr1, ~0u),
    RW(SPR_DEAR, dear, ~0u), RW(SPR_ESR, esr, ~0u),
    RW(SPR_IVPR, ivpr, IVPR_MASK),
    RW(SPR_USPRG0, usprg0, ~0u),
    { SPR_SPRG3R, K_REG, true, false, F(sprg) + 3 * 4, 0 },
    { SPR_SPRG4R, K_REG, true, false, F(sprg) + 4 * 4, 0 },
    { SPR_SPRG4R + 1, K_REG, true, false, F(sprg) + 5 * 4, 0 },
    { SPR_SPRG4R + 2, K_REG, true, false, F(sprg) + 6 * 4, 0 },
    { SPR_SPRG7R, K_REG, true, false, F(sprg) + 7 * 4, 0 },
    RW(SPR_SPRG0, sprg[0], ~0u), RW(SPR_SPRG0 + 1, sprg[1], ~0u),
    RW(SPR_SPRG0 + 2, sprg[2], ~0u), RW(SPR_SPRG0 + 3, sprg[3], ~0u),
    RW(SPR_SPRG0 + 4, sprg[4], ~0u), RW(SPR_SPRG0 + 5, sprg[5], ~0u),
    RW(SPR_SPRG0 + 6, sprg[6], ~0u), RW(SPR_SPRG7, sprg[7], ~0u),
    { SPR_TBL_R, K_TB, true, false, 0, 0 }, { SPR_TBU_R, K_TB, true, false, 1, 0 },
    { SPR_TBL_W, K_TBW, false, true, 0, 0 }, { SPR_TBU_W, K_TBW, false, true, 1, 0 },
    { SPR_DEC, K_DEC, true, true, 0, ~0u },
    { SPR_DECAR, K_STOP, true, true, F(decar), ~0u },
    { SPR_TCR, K_STOP, true, true, F(tcr), ~0u },
    { SPR_TSR, K_W1C, true, true, F(tsr), ~0u },
    { SPR_PIR, K_CONST, true, false, 0, 0 },
    { SPR_PVR, K_CONST, true, false, 0, 0 },
    { SPR_SVR, K_CONST, true, false, 0, 0 },
    { SPR_TLB0CFG, K_CONST, true, false, 0, 0 },
    { SPR_TLB1CFG, K_CONST, true, false, 0, 0 },
    { SPR_MMUCFG, K_CONST, true, false, 0, 0 },
    { SPR_DBSR, K_W1C, true, true, F(dbsr), ~0u },
    { SPR_DBCR0, K_DBCR0, true, true, F(dbcr0), ~DBCR0_EDM },
    RW(SPR_DBCR1, dbcr1, ~0u), RW(SPR_DBCR2, dbcr2, ~0u),
    RW(SPR_IAC1, iac[0], ~3u), RW(SPR_IAC2, iac[1], ~3u),
    RW(SPR_DAC1, dac[0], ~0u), RW(SPR_DAC2, dac[1], ~0u),
    IVOR(SPR_IVOR0, 0), IVOR(SPR_IVOR0 + 1, 1), IVOR(SPR_IVOR0 + 2, 2),
    IVOR(SPR_IVOR0 + 3, 3), IVOR(SPR_IVOR0 + 4, 4), IVOR(SPR_IVOR0 + 5, 5),
    IVOR(SPR_IVOR0 + 6, 6), IVOR(SPR_IVOR0 + 7, 7), IVOR(SPR_IVOR0 + 8, 8),
    IVOR(SPR_IVOR0 + 9, 9), IVOR(SPR_IVOR0 + 10, 10), IVOR(SPR_IVOR0 + 11, 11),
    IVOR(SPR_IVOR0 + 12, 12), IVOR(SPR_IVOR0 + 13, 13), IVOR(SPR_IVOR0 + 14, 14),
    IVOR(SPR_IVOR15, 15), IVOR(SPR_IVOR32, 32), IVOR(SPR_IVOR32 + 1, 33),
    IVOR(SPR_IVOR32 + 2, 34), IVOR(SPR_IVOR35, 35),
    RW(SPR_SPEFSCR, spefscr, ~0u),
    { SPR_MCSR, K_W1C, true, true, F(mcsr), ~0u },
    { SPR_MCAR, K_REG, true, false, F(mcar), 0 },
    { SPR_MAS0, K_MAS, true, true, 0, ~0u }, { SPR_MAS1, K_MAS, true, true, 1, ~0u },
    { SPR_MAS2, K_MAS, true, true, 2, ~0u }, { SPR_MAS3, K_MAS, true, true, 3, ~0u },
    { SPR_MAS4, K_MAS, true, true, 4, ~0u }, { SPR_MAS6, K_MAS, true, true, 6, ~0u },
    { SPR_MAS7, K_MAS, true, true, 7, MAS7_RPN_HI },
    { SPR_PID, K_PID, true, true, 0, ~0u },
    { SPR_PID1, K_PID, true, true, 1, ~0u }, { SPR_PID2, K_PID, true, true, 2, ~0u },
    { SPR_MMUCSR0, K_MMUCSR0, true, true, 0, ~0u },
    { SPR_HID0, K_STOP, true, true, F(hid0), ~0u },
    RW(SPR_HID1, hid1, ~0u),
    { SPR_L1CSR0, K_L1CSR, true, true, 0, ~0u },
    { SPR_L1CSR1, K_L1CSR, true, true, 1, ~0u },
    RW(SPR_BUCSR, bucsr, ~0u),
};

static const struct spr *find(unsigned num)
{
    for (size_t i = 0; i < sizeof(sprs) / sizeof(sprs[0]); i++)
        if (sprs[i].num == num)
            return &sprs[i];
    return NULL;
}

static uint32_t *reg(struct ppc_cpu *c, const struct spr *s)
{
    return (uint32_t *)((char *)c + s->off);
}

static uint32_t constant(const struct ppc_cpu *c, unsigned num)
{
    const struct ppc_personality *p = c->p;
    switch (num) {
    case SPR_PVR: return p->pvr;
    case SPR_SVR: return p->svr;
    case SPR_TLB0CFG: return p->tlb0cfg;
    case SPR_TLB1CFG: return p->tlb1cfg;
    case SPR_MMUCFG: return p->mmucfg;
    default: return 0; /* PIR: core 0 */
    }
}

/* L1CSR0/1 [LNX reg_booke.h]: CFI (flash invalidate) and CLFC (lock flash
 * clear) act and read back 0; the enable bit is kept but the modelled
 * caches are always on (docs/vboard.md). */
#define L1CSR_CFI  0x00000002u
#define L1CSR_CLFC 0x00000100u

static void write_l1csr(struct ppc_cpu *c, unsigned which, uint32_t v)
{
    struct cache *k = which ? &c->icache : &c->dcache;
    struct cache_memo *memo = which ? &c->imemo : &c->dmemo;
    if (v & L1CSR_CFI) {
        cache_reset(k);
        cache_memo_clear(memo);
    }
    *(which ? &c->l1csr1 : &c->l1csr0) = v & ~(L1CSR_CFI | L1CSR_CLFC);
}

enum ppc_spr_access ppc_mfspr(struct ppc_cpu *c, unsigned num, uint32_t *v)
{
    const struct spr *s = find(num);
    bool user = c->msr & MSR_PR;
    if (user && SPR_IS_PRIVILEGED(num))
        return SPR_PRIVILEGED;
    if (!s || !s->readable)
        return SPR_ILLEGAL;
    switch (s->kind) {
    case K_CONST: *v = constant(c, num); break;
    case K_TB: *v = (uint32_t)(ppc_tb_read(c) >> (32 * s->off)); break;
    case K_DEC: *v = ppc_dec_read(c); break;
    case K_MAS: *v = c->mmu.mas[s->off]; break;
    case K_PID:
        *v = (s->off == 0 || c->p->has_pid12) ? c->mmu.pid[s->off] : 0;
        break;
    case K_MMUCSR0: *v = 0; break;
    case K_L1CSR: *v = s->off ? c->l1csr1 : c->l1csr0; break;
    default: *v = *reg(c, s); break;
    }
    return SPR_OK;
}

enum ppc_spr_access ppc_mtspr(struct ppc_cpu *c, unsigned num, uint32_t v)
{
    const struct spr *s = find(num);
    bool user = c->msr & MSR_PR;
    if (user && SPR_IS_PRIVILEGED(num))
        return SPR_PRIVILEGED;
    if (!s || !s->writable)
        return SPR_ILLEGAL;
    uint32_t *r = reg(c, s);
    switch (s->kind) {
    case K_W1C:
        *r &= ~v;
        c->stop = true;
        break;
    case K_TBW: ppc_tb_write(c, s->off, v); break;
    case K_DEC: ppc_dec_write(c, v); break;
    case K_MAS: c->mmu.mas[s->off] = v & s->wmask; break;
    case K_PID:
        if (s->off == 0 || c->p->has_pid12)
            c->mmu.pid[s->off] = v & c->mmu.tid_mask;
        ppc_mmu_flush_pages(&c->mmu);
        break;
    case K_MMUCSR0: ppc_mmu_flash_invalidate(&c->mmu, v); break;
    case K_L1CSR: write_l1csr(c, s->off, v); break;
    case K_DBCR0: /* the run loop picks single-stepping up again */
    case K_STOP:
        *r = v & s->wmask;
        c->stop = true;
        break;
    default:
        *r = (*r & ~s->wmask) | (v & s->wmask);
        break;
    }
    return SPR_OK;
}
