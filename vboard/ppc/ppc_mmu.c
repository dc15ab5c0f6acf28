/*
 * ppc_mmu.c - TLB0/TLB1, the MAS registers and translation (see
 * ppc_mmu.h). Field layouts: ppc_regs.h. Where the architecture leaves a
 * choice to the implementation (the TLB0 victim, MAS0[NV]), vboard does
 * what QEMU 7.2's e500 model does (target/ppc/mmu_helper.c: a round robin
 * over the TLB0 ways, advanced by each TLB miss and tlbsx miss), so that
 * the same firmware reads the same MAS values on both.
 */
#include "ppc_mmu.h"

#include <string.h>

#include "ppc_regs.h"

/* e500 MAS1[TSIZE] is 4 bits at 0x0F00: a page of 4^TSIZE KiB, 1 (4 KiB)
 * to 11 (4 GiB) [FBSD tlb.h TLB_SIZE_*; E500CORERM 2.12.5.2]. The e200z7
 * uses the same encoding. The 5-bit form's low bit (0x80) is ignored. */
#define TSIZE4_SHIFT 8
#define TSIZE4_MASK  0x00000f00u

static uint64_t page_size(const struct ppc_tlbe *e)
{
    unsigned t = (e->mas1 & TSIZE4_MASK) >> TSIZE4_SHIFT;
    if (t < 1)
        t = 1;
    if (t > 11)
        t = 11;
    return 1024ull << (2 * t);
}

void ppc_mmu_flush_pages(struct ppc_mmu *m)
{
    memset(m->page, 0, sizeof(m->page));
}

void ppc_mmu_reset(struct ppc_mmu *m)
{
    memset(m->tlb1, 0, sizeof(m->tlb1));
    memset(m->tlb0, 0, sizeof(m->tlb0));
    memset(m->mas, 0, sizeof(m->mas));
    memset(m->pid, 0, sizeof(m->pid));
    m->nv = 0;
    ppc_mmu_flush_pages(m);
}

static unsigned tid_of(const struct ppc_mmu *m, uint32_t mas1)
{
    return (mas1 >> MAS1_TID_SHIFT) & m->tid_mask;
}

/* Book E "Address Translation": valid, same address space, TID 0 or one
 * of the PIDs, and the effective page. */
static bool matches(const struct ppc_mmu *m, const struct ppc_tlbe *e, uint32_t ea,
                    bool as, const unsigned *pids, unsigned npids)
{
    if (!(e->mas1 & MAS1_VALID) || ((e->mas1 & MAS1_TS) != 0) != as)
        return false;
    unsigned tid = tid_of(m, e->mas1);
    bool pid_ok = tid == 0;
    for (unsigned i = 0; i < npids && !pid_ok; i++)
        pid_ok = tid == pids[i];
    if (!pid_ok)
        return false;
    uint64_t mask = ~(page_size(e) - 1);
    return (ea & mask) == (e->mas2 & MAS2_EPN & mask);
}

static unsigned tlb0_set(uint32_t ea) { return (ea >> 12) & (PPC_TLB0_SETS - 1); }

/* The entry that translates ea, or NULL; *tlbsel and *esel say where. */
static struct ppc_tlbe *lookup(struct ppc_mmu *m, uint32_t ea, bool as,
                               const unsigned *pids, unsigned npids,
                               unsigned *tlbsel, unsigned *esel)
{
    if (m->has_tlb0) {
        struct ppc_tlbe *set = m->tlb0[tlb0_set(ea)];
        for (unsigned w = 0; w < PPC_TLB0_WAYS; w++)
            if (matches(m, &set[w], ea, as, pids, npids)) {
                *tlbsel = 0;
                *esel = w;
                return &set[w];
            }
    }
    for (unsigned i = 0; i < m->tlb1_entries; i++)
        if (matches(m, &m->tlb1[i], ea, as, pids, npids)) {
            *tlbsel = 1;
            *esel = i;
            return &m->tlb1[i];
        }
    return NULL;
}

/* Permission bits of MAS3 for an access in user or supervisor state. */
static bool permitted(uint32_t mas3, enum ppc_access acc, bool user)
{
    static const uint32_t need[2][3] = {
        { MAS3_SR, MAS3_SW, MAS3_SX },
        { MAS3_UR, MAS3_UW, MAS3_UX },
    };
    return (mas3 & need[user][acc]) != 0;
}

/* Where the 4 KiB page at physical pa is in the host's memory, or NULL
 * (a device: the bus). */
static uint8_t *host_page(const struct ppc_mmu_ctx *x, uint64_t pa)
{
    if (pa + 4096 <= x->ram_size)
        return x->ram + pa;
    if (x->ram2 && pa >= x->ram2_base && pa + 4096 <= x->ram2_base + x->ram2_size)
        return x->ram2 + (pa - x->ram2_base);
    return NULL;
}

enum ppc_xlate ppc_mmu_translate(struct ppc_mmu *m, const struct ppc_mmu_ctx *x,
                                 uint32_t ea, enum ppc_access acc,
                                 struct ppc_page *page)
{
    bool as = x->msr & (acc == ACC_FETCH ? MSR_IS : MSR_DS);
    unsigned pids[3] = { m->pid[0], m->pid[1], m->pid[2] };
    unsigned tlbsel, esel;
    struct ppc_tlbe *e = lookup(m, ea, as, pids, m->has_pid12 ? 3 : 1, &tlbsel, &esel);
    if (!e)
        return XLATE_MISS;
    if (!permitted(e->mas3, acc, (x->msr & MSR_PR) != 0))
        return XLATE_DENIED;
    uint64_t size = page_size(e);
    uint64_t rpn = ((uint64_t)(e->mas7 & MAS7_RPN_HI) << 32 | (e->mas3 & MAS3_RPN)) &
                   ~(size - 1);
    uint64_t pa = rpn | (ea & (size - 1) & ~0xfffull);
    struct ppc_page *slot = &m->page[acc][(ea >> 12) & (PPC_PAGE_SLOTS - 1)];
    slot->tag = (ea & ~0xfffu) | 1u;
    slot->uncached = (e->mas2 & MAS2_I) != 0;
    /* MAS2 0x20 is VLE on the e200z7 [e200z7 RM Table 10-11] and X1, an
     * implementation-dependent attribute with no effect, on the e500v2
     * [e500 Core RM "MAS Register 2"]: kept by tlbwe/tlbre on both */
    slot->vle = m->vle_pages && (e->mas2 & MAS2_VLE);
    slot->little = (e->mas2 & MAS2_E) != 0;
    slot->pa = pa;
    slot->host = host_page(x, pa);
    *page = *slot;
    return XLATE_OK;
}

/* Next victim (QEMU mmu_helper.c "next victim logic"): MAS0[ESEL] gets the
 * current round-robin way, MAS0[NV] the one after it. */
static uint32_t next_victim(struct ppc_mmu *m)
{
    uint32_t v = (uint32_t)m->nv << MAS0_ESEL_SHIFT;
    m->nv = (m->nv + 1) & (PPC_TLB0_WAYS - 1);
    return v | m->nv;
}

/* Defaults from MAS4 for a miss or a failed tlbsx [E500CORERM "MAS
 * Register Updates", TLB miss and tlbsx-miss columns]. */
static void defaults(struct ppc_mmu *m, uint32_t ea, bool as, unsigned tid, bool valid)
{
    uint32_t mas4 = m->mas[4];
    m->mas[0] = (mas4 & MAS4_TLBSELD) | (m->has_tlb0 ? next_victim(m) : 0);
    m->mas[1] = (valid ? MAS1_VALID : 0) | ((uint32_t)tid << MAS1_TID_SHIFT) |
                (as ? MAS1_TS : 0) | (mas4 & MAS4_TSIZED);
    /* MAS4[VLED] (0x20, where MAS2 has VLE) is the e200z7's default for
     * the VLE attribute [e200z7 RM Table 10-11; mpc5674f_vle.md section 2];
     * the e500's X0D/X1D are not copied, as in QEMU 7.2 */
    m->mas[2] = (ea & MAS2_EPN) | (mas4 & (MAS2_WIMGE | (m->vle_pages ? MAS2_VLE : 0)));
    m->mas[3] = 0;
    m->mas[7] = 0;
}

void ppc_mmu_miss_update(struct ppc_mmu *m, uint32_t ea, bool as)
{
    /* MAS4[TIDSELD]: 0 PID0, 1 PID1, 2 PID2, 3 TID = 0 */
    unsigned sel = (m->mas[4] & MAS4_TIDSELD) >> 16;
    unsigned tid = sel < 3 && (sel == 0 || m->has_pid12) ? m->pid[sel] : 0;
    defaults(m, ea, as, tid, true);
    m->mas[6] = (m->pid[0] << MAS6_SPID_SHIFT) | (as ? MAS6_SAS : 0);
}

/* The entry MAS0 (and, for TLB0, MAS2[EPN]) selects. */
static struct ppc_tlbe *selected(struct ppc_mmu *m, unsigned *tlbsel, unsigned *esel)
{
    uint32_t mas0 = m->mas[0];
    *tlbsel = (mas0 & MAS0_TLBSEL) >> MAS0_TLBSEL_SHIFT;
    *esel = (mas0 & MAS0_ESEL) >> MAS0_ESEL_SHIFT;
    if (*tlbsel == 1 && m->tlb1_entries) {
        *esel %= m->tlb1_entries;
        return &m->tlb1[*esel];
    }
    if (*tlbsel == 0 && m->has_tlb0) {
        *esel &= PPC_TLB0_WAYS - 1;
        return &m->tlb0[tlb0_set(m->mas[2])][*esel];
    }
    return NULL;
}

bool ppc_mmu_tlbwe(struct ppc_mmu *m)
{
    unsigned tlbsel, esel;
    struct ppc_tlbe *e = selected(m, &tlbsel, &esel);
    if (!e)
        return false;
    uint32_t mas1 = m->mas[1] & (MAS1_VALID | MAS1_IPROT | MAS1_TS | TSIZE4_MASK |
                                 (m->tid_mask << MAS1_TID_SHIFT));
    if (tlbsel == 0) /* TLB0: 4 KiB pages only, no IPROT */
        mas1 = (mas1 & ~(MAS1_IPROT | TSIZE4_MASK)) | (1u << TSIZE4_SHIFT);
    e->mas1 = mas1;
    uint64_t size = page_size(e);
    e->mas2 = (m->mas[2] & MAS2_EPN & (uint32_t)~(size - 1)) |
              (m->mas[2] & (MAS2_X0X1 | MAS2_WIMGE));
    e->mas3 = m->mas[3] & (MAS3_RPN | MAS3_U0U3 | 0x3fu);
    e->mas7 = m->mas[7] & MAS7_RPN_HI;
    ppc_mmu_flush_pages(m);
    return true;
}

static void to_mas(struct ppc_mmu *m, const struct ppc_tlbe *e, unsigned tlbsel,
                   unsigned esel)
{
    m->mas[0] = (uint32_t)tlbsel << MAS0_TLBSEL_SHIFT | (uint32_t)esel << MAS0_ESEL_SHIFT |
                (m->has_tlb0 ? m->nv : 0);
    m->mas[1] = e->mas1;
    m->mas[2] = e->mas2;
    m->mas[3] = e->mas3;
    m->mas[7] = e->mas7;
}

bool ppc_mmu_tlbre(struct ppc_mmu *m)
{
    unsigned tlbsel, esel;
    struct ppc_tlbe *e = selected(m, &tlbsel, &esel);
    if (!e)
        return false;
    to_mas(m, e, tlbsel, esel);
    return true;
}

/* tlbsx: the entry for ea with TID = MAS6[SPID] (or 0) in address space
 * MAS6[SAS]; on a miss the MAS defaults with MAS1[V] = 0. */
void ppc_mmu_tlbsx(struct ppc_mmu *m, uint32_t ea)
{
    unsigned spid = ((m->mas[6] & MAS6_SPID) >> MAS6_SPID_SHIFT) & m->tid_mask;
    bool as = m->mas[6] & MAS6_SAS;
    unsigned tlbsel, esel;
    struct ppc_tlbe *e = lookup(m, ea, as, &spid, 1, &tlbsel, &esel);
    if (e)
        to_mas(m, e, tlbsel, esel);
    else
        defaults(m, ea, as, spid, false);
}

static void invalidate(struct ppc_tlbe *e, bool all, uint32_t ea)
{
    if (e->mas1 & MAS1_IPROT)
        return;
    uint64_t mask = ~(page_size(e) - 1);
    if (all || (ea & mask) == (e->mas2 & MAS2_EPN & mask))
        e->mas1 &= ~MAS1_VALID;
}

/* tlbivax: EA bit 0x8 selects TLB1, bit 0x4 invalidates the whole TLB
 * [E500CORERM "tlbivax"; Linux head_fsl_booke.S uses 0xc for "all of
 * TLB1"]; IPROT entries stay. */
void ppc_mmu_tlbivax(struct ppc_mmu *m, uint32_t ea)
{
    bool all = ea & 4u;
    if (ea & 8u) {
        for (unsigned i = 0; i < m->tlb1_entries; i++)
            invalidate(&m->tlb1[i], all, ea);
    } else if (m->has_tlb0) {
        for (unsigned s = 0; s < PPC_TLB0_SETS; s++)
            for (unsigned w = 0; w < PPC_TLB0_WAYS; w++)
                invalidate(&m->tlb0[s][w], all, ea);
    }
    ppc_mmu_flush_pages(m);
}

void ppc_mmu_flash_invalidate(struct ppc_mmu *m, uint32_t mmucsr0)
{
    if (mmucsr0 & MMUCSR0_TLB1FI)
        ppc_mmu_tlbivax(m, 8u | 4u);
    if (mmucsr0 & MMUCSR0_TLB0FI)
        ppc_mmu_tlbivax(m, 4u);
}
