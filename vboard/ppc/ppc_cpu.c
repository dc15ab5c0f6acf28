/*
 * ppc_cpu.c - creating, resetting and freeing a Power CPU (ppc_cpu.h).
 *
 * Reset values: Book E and the e500 Core Reference Manual ("Reset
 * Settings") leave MSR, the save/restore registers, IVPR/IVORs, timers
 * (TCR, TSR), debug (DBCR0-2, DBSR) and the MMU assist registers at 0 and
 * all TLB entries invalid; QEMU 7.2's e500v2 agrees (measured with -d cpu)
 * and in addition runs its decrementer down from 0xFFFFFFFF, which vboard
 * copies. The board puts the -kernel entry state on top (ppce500.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppc_internal.h"

/* Stall cycles per modelled cache miss: the same fixed penalty as
 * vboard's MIPS board (the seed's "approximately 50 cycles", MD00548
 * section 5); a model, not a measurement of these cores. */
#define MISS_PENALTY 50

bool ppc_cpu_init(struct ppc_cpu *c, const struct ppc_personality *p,
                  uint8_t *ram, uint64_t ram_size, struct vb_bus bus)
{
    memset(c, 0, sizeof(*c));
    c->p = p;
    c->ram = ram;
    c->ram_size = ram_size;
    c->bus = bus;
    c->ram_pages = (uint32_t)(ram_size >> 12);
    c->dmap = calloc(c->ram_pages ? c->ram_pages : 1, sizeof(*c->dmap));
    c->mmu.tlb1_entries = p->tlb1_entries;
    c->mmu.has_tlb0 = p->has_tlb0;
    c->mmu.has_pid12 = p->has_pid12;
    c->mmu.vle_pages = p->vle_pages;
    /* e200z7 RM section 3.3: bclr, bcctr and the rfi family keep bit 30 of
     * the target (a VLE halfword); Book E-only cores clear bits 30-31 */
    c->ret_mask = p->vle_pages ? ~1u : ~3u;
    c->mmu.tid_mask = p->tid_mask;
    c->miss_penalty = MISS_PENALTY;
    const struct ppc_pmu_personality *pmu = ppc_pmu_personality(p->pmu);
    if (!c->dmap || !pmu ||
        !cache_init(&c->icache, p->icache_size, p->icache_ways, p->line) ||
        !cache_init(&c->dcache, p->dcache_size, p->dcache_ways, p->line)) {
        fprintf(stderr, "vboard: cannot set up the %s CPU model\n", p->name);
        ppc_cpu_free(c);
        return false;
    }
    ppc_pmu_reset(&c->pmu, pmu);
    ppc_cpu_reset(c);
    return true;
}

bool ppc_cpu_add_ram2(struct ppc_cpu *c, uint64_t base, uint8_t *host, uint64_t size)
{
    /* decoded code is kept per physical page: the map reaches the end of
     * the second RAM */
    uint32_t pages = (uint32_t)((base + size) >> 12);
    if (pages > c->ram_pages) {
        struct ppc_dpage **d = calloc(pages, sizeof(*d));
        if (!d)
            return false;
        memcpy(d, c->dmap, c->ram_pages * sizeof(*d));
        free(c->dmap);
        c->dmap = d;
        c->ram_pages = pages;
    }
    c->ram2 = host;
    c->ram2_base = base;
    c->ram2_size = size;
    return true;
}

void ppc_cpu_flush_code(struct ppc_cpu *c)
{
    for (uint32_t i = 0; c->dmap && i < c->ram_pages; i++) {
        free(c->dmap[i]);
        c->dmap[i] = NULL;
    }
}

void ppc_cpu_free(struct ppc_cpu *c)
{
    ppc_cpu_flush_code(c);
    free(c->dmap);
    c->dmap = NULL;
    cache_free(&c->icache);
    cache_free(&c->dcache);
}

void ppc_cpu_reset(struct ppc_cpu *c)
{
    memset(c->gpr, 0, sizeof(c->gpr));
    c->cr = c->lr = c->ctr = c->xer = 0;
    c->msr = 0;
    c->srr0 = c->srr1 = c->csrr0 = c->csrr1 = c->dsrr0 = c->dsrr1 = 0;
    c->mcsrr0 = c->mcsrr1 = c->esr = c->dear = c->ivpr = c->mcsr = c->mcar = 0;
    memset(c->ivor, 0, sizeof(c->ivor));
    memset(c->sprg, 0, sizeof(c->sprg));
    c->usprg0 = 0;
    c->dbcr0 = c->dbcr1 = c->dbcr2 = c->dbsr = 0;
    memset(c->iac, 0, sizeof(c->iac));
    memset(c->dac, 0, sizeof(c->dac));
    c->hid0 = c->hid1 = c->l1csr0 = c->l1csr1 = c->bucsr = c->spefscr = 0;
    c->tcr = c->tsr = c->decar = 0;
    c->resv = false;
    c->tb_base = 0;
    c->tb_tick0 = ppc_tb_ticks(c);
    c->dec_base = 0xffffffffu;
    c->dec_tick0 = c->tb_tick0;
    ppc_mmu_reset(&c->mmu);
    ppc_pmu_reset(&c->pmu, c->pmu.p);
    ppc_pmu_sync(&c->pmu, c->ev, 0);
    cache_reset(&c->icache);
    cache_reset(&c->dcache);
    cache_memo_clear(&c->imemo);
    cache_memo_clear(&c->dmemo);
    ppc_cpu_flush_code(c);
    c->iline = 1;
    c->pc = 0xfffffffcu; /* Book E reset vector; the board sets the entry */
    c->stop = c->waiting = c->reset_requested = false;
}
