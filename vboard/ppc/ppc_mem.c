/*
 * ppc_mem.c - the slow paths of memory access (see ppc_internal.h):
 * translation through the TLBs and the faults it raises, misaligned and
 * page-crossing accesses, cache-inhibited pages, devices on the board's
 * bus, and the pages of decoded instructions.
 *
 * Misaligned loads and stores are done in hardware on the e500 and the
 * e200z7 (no alignment interrupt; lwarx/stwcx. and lmw/stmw check their
 * own alignment in ppc_sys.c/ppc_exec.c), as QEMU 7.2 does for the e500v2.
 * A physical address where nothing answers reads 0 and ignores writes, as
 * QEMU's unassigned memory on ppce500 does.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ppc_mem.h"

static struct ppc_mmu_ctx ctx_of(const struct ppc_cpu *c)
{
    return (struct ppc_mmu_ctx){ c->msr, c->ram, c->ram_size, c->ram2, c->ram2_base,
                                 c->ram2_size };
}

/* The page for a data access, or false after raising the data TLB error
 * (with the MAS updates) or data storage interrupt. */
static bool data_page(struct ppc_cpu *c, uint32_t ea, bool store, struct ppc_page *out)
{
    enum ppc_access acc = store ? ACC_WRITE : ACC_READ;
    const struct ppc_page *hit = ppc_mmu_page(&c->mmu, acc, ea);
    if (hit) {
        *out = *hit;
        return true;
    }
    struct ppc_mmu_ctx x = ctx_of(c);
    switch (ppc_mmu_translate(&c->mmu, &x, ea, acc, out)) {
    case XLATE_OK:
        return true;
    case XLATE_MISS:
        ppc_mmu_miss_update(&c->mmu, ea, (c->msr & MSR_DS) != 0);
        c->ev[PEV_DTLB_MISS]++;
        ppc_data_fault(c, IVOR_DTLB, ea, store);
        return false;
    default:
        c->ev[PEV_DSI]++;
        ppc_data_fault(c, IVOR_DSI, ea, store);
        return false;
    }
}

bool ppc_translate_data(struct ppc_cpu *c, uint32_t ea, bool store, uint64_t *pa)
{
    struct ppc_page pg;
    if (!data_page(c, ea, store, &pg))
        return false;
    *pa = pg.pa | (ea & 0xfffu);
    return true;
}

/* An access that stays inside one translated page. */
static void in_page(struct ppc_cpu *c, const struct ppc_page *pg, uint32_t ea,
                    unsigned size, bool store, uint32_t *v)
{
    uint32_t off = ea & 0xfffu;
    uint64_t pa = pg->pa | off;
    if (pg->uncached)
        c->ev[store ? PEV_UC_STORE : PEV_UC_LOAD]++;
    else if (pg->host)
        ppc_model_data(c, pa, store);
    if (pg->host) {
        if (store) {
            ppc_be_put(pg->host + off, size, *v);
            ppc_code_written(c, pa, size);
        } else {
            *v = ppc_be_get(pg->host + off, size);
        }
        return;
    }
    if (store)
        c->bus.write(c->bus.ctx, pa, size, *v);
    else if (!c->bus.read(c->bus.ctx, pa, size, v))
        *v = 0;
}

static bool slow(struct ppc_cpu *c, uint32_t ea, unsigned size, bool store, uint32_t *v)
{
    struct ppc_page pg;
    if (ea & (size - 1))
        c->ev[PEV_MISALIGNED]++;
    if ((ea & 0xfffu) + size <= 4096u) {
        if (!data_page(c, ea, store, &pg))
            return false;
        in_page(c, &pg, ea, size, store, v);
        return true;
    }
    /* crosses a page: byte by byte, big-endian, each byte translated (the
     * first fault ends the access, as on the e500, which may already have
     * written the bytes before it) */
    uint32_t acc = 0;
    for (unsigned i = 0; i < size; i++) {
        uint32_t b = store ? (*v >> (8 * (size - 1 - i))) & 0xffu : 0;
        if (!data_page(c, ea + i, store, &pg))
            return false;
        in_page(c, &pg, ea + i, 1, store, &b);
        acc = acc << 8 | (b & 0xffu);
    }
    if (!store)
        *v = acc;
    return true;
}

bool ppc_load_slow(struct ppc_cpu *c, uint32_t ea, unsigned size, uint32_t *v)
{
    return slow(c, ea, size, false, v);
}

bool ppc_store_slow(struct ppc_cpu *c, uint32_t ea, unsigned size, uint32_t v)
{
    return slow(c, ea, size, true, &v);
}

void ppc_code_written_slow(struct ppc_cpu *c, uint64_t pa, unsigned size)
{
    for (uint64_t w = pa & ~3ull; w < pa + size; w += 4) {
        struct ppc_dpage *dp = c->dmap[w >> 12];
        if (dp)
            dp->d[(w & 0xfffu) >> 2].op = 0; /* OP_DECODE */
    }
}

/* Instruction fetch faults: the instruction never began, so nothing is
 * abandoned but the attempt (which still counts as progress). */
static bool fetch_fault(struct ppc_cpu *c, uint32_t pc, unsigned ivor, uint32_t esr)
{
    c->pc = pc;
    c->ev[PEV_ABANDONED]++;
    if (ivor == IVOR_PROGRAM || ivor == IVOR_ISI)
        c->esr = esr;
    ppc_take(c, ivor, pc);
    return false;
}

/* Translates ea for a fetch into *pg: -1, or the interrupt the fetch
 * raises (the instruction TLB error, after the MAS updates; instruction
 * storage; machine check), for the caller to take. */
static int fetch_translate(struct ppc_cpu *c, uint32_t ea, struct ppc_page *pg)
{
    const struct ppc_page *hit = ppc_mmu_page(&c->mmu, ACC_FETCH, ea);
    if (hit) {
        *pg = *hit;
    } else {
        struct ppc_mmu_ctx x = ctx_of(c);
        switch (ppc_mmu_translate(&c->mmu, &x, ea, ACC_FETCH, pg)) {
        case XLATE_OK:
            break;
        case XLATE_MISS:
            ppc_mmu_miss_update(&c->mmu, ea, (c->msr & MSR_IS) != 0);
            c->ev[PEV_ITLB_MISS]++;
            return IVOR_ITLB;
        default:
            c->ev[PEV_ISI]++;
            return IVOR_ISI;
        }
    }
    /* vboard executes code from RAM only: a fetch from a device is a bus
     * error on the instruction side (machine check, e500 MCSR[BUS_IAERR]) */
    if (!pg->host) {
        c->mcsr |= 0x00000080u;
        return IVOR_MCHECK;
    }
    return -1;
}

bool ppc_fetch_page(struct ppc_cpu *c, uint32_t pc, struct ppc_fetch *f)
{
    struct ppc_page pg;
    int ivor = fetch_translate(c, pc, &pg);
    if (ivor >= 0)
        return fetch_fault(c, pc, (unsigned)ivor, 0);
    /* a VLE page must be big-endian: MAS2[E] = 1 is the instruction
     * storage interrupt with ESR[BO] (VLE PEM 1.1; e200z7 RM Table 7-15) */
    if (pg.vle && pg.little) {
        c->ev[PEV_ISI]++;
        return fetch_fault(c, pc, IVOR_ISI, ESR_BO | ESR_VLEMI);
    }
    uint64_t page = pg.pa >> 12;
    if (!c->dmap[page]) {
        c->dmap[page] = calloc(1, sizeof(struct ppc_dpage));
        if (!c->dmap[page]) {
            fprintf(stderr, "vboard: out of memory for decoded code\n");
            exit(1);
        }
    }
    f->code = c->dmap[page]->d;
    f->host = pg.host;
    f->pa = pg.pa;
    f->cached = !pg.uncached;
    f->vle = pg.vle;
    return true;
}

bool ppc_peek_insn(struct ppc_cpu *c, uint32_t pc, uint32_t *word)
{
    struct ppc_page pg;
    const struct ppc_page *hit = ppc_mmu_page(&c->mmu, ACC_FETCH, pc);
    struct ppc_mmu_ctx x = ctx_of(c);
    if (hit)
        pg = *hit;
    else if (ppc_mmu_translate(&c->mmu, &x, pc, ACC_FETCH, &pg) != XLATE_OK)
        return false;
    if (!pg.host || pg.vle || (pc & 3u))
        return false;
    *word = ppc_be_get(pg.host + (pc & 0xfffu), 4);
    return true;
}

/* The second half of a 32-bit VLE instruction lies in the next page: a
 * TLB miss there is the instruction TLB error for the instruction (SRR0 =
 * its first half) with ESR[MIF], and a Book E page the instruction
 * storage interrupt with ESR[BO] (e200z7 RM Tables 7-15/7-16, VLE PEM
 * 2.1.2). The I-cache model sees the instruction's first line only. */
bool ppc_fetch_half2(struct ppc_cpu *c, uint32_t pc, uint32_t *lo)
{
    struct ppc_page pg;
    int ivor = fetch_translate(c, pc + 2, &pg);
    if (ivor == IVOR_ITLB) /* the TLB error interrupt does not set ESR itself */
        c->esr = ESR_MIF | ESR_VLEMI;
    if (ivor >= 0) {
        ppc_fault(c, (unsigned)ivor, 0);
        return false;
    }
    if (!pg.vle || pg.little) {
        c->ev[PEV_ISI]++;
        ppc_fault(c, IVOR_ISI, ESR_BO);
        return false;
    }
    *lo = ppc_be_get(pg.host, 2);
    return true;
}
