/*
 * ppc_mmu.h - the Book E MMU of vboard's Power machine (Freescale EIS MMU
 * as in the e500 Core Reference Manual chapter 12 and the e200z7's chapter
 * on the MMU): TLB1 (fully associative, variable page sizes 4 KiB..4 GiB,
 * IPROT), on the e500v2 also TLB0 (4 KiB pages, 128 sets of 4 ways),
 * managed through MAS0-MAS4, MAS6, MAS7 with tlbwe, tlbre, tlbsx and
 * tlbivax; 36-bit physical addresses (MAS7).
 *
 * Translations used by the interpreter are cached per 4 KiB page in three
 * small direct-mapped tables (read, write, fetch), emptied whenever a TLB
 * entry, PID or MSR[PR/IS/DS] changes.
 */
#ifndef VBOARD_PPC_MMU_H
#define VBOARD_PPC_MMU_H

#include <stdbool.h>
#include <stdint.h>

#define PPC_TLB1_MAX 64
#define PPC_TLB0_SETS 128
#define PPC_TLB0_WAYS 4

struct ppc_tlbe {
    uint32_t mas1, mas2, mas3, mas7; /* as written (MAS0 selected it) */
};

enum ppc_access { ACC_READ = 0, ACC_WRITE = 1, ACC_FETCH = 2 };

/* One cached 4 KiB page translation. */
struct ppc_page {
    uint32_t tag;        /* effective page | 1; 0: empty */
    bool uncached;       /* MAS2[I] */
    bool vle;            /* MAS2[VLE] on a core with VLE pages */
    bool little;         /* MAS2[E] (only VLE fetches look at it) */
    uint8_t *host;       /* RAM behind the page, or NULL (devices) */
    uint64_t pa;         /* physical page address */
};
#define PPC_PAGE_SLOTS 256

struct ppc_mmu {
    unsigned tlb1_entries;           /* 0: no MMU personality loaded */
    bool has_tlb0;
    bool has_pid12;                  /* PID1, PID2 (e500v2) */
    bool vle_pages;                  /* MAS2 0x20 is VLE (e200), not X1 */
    uint32_t tid_mask;               /* implemented MAS1[TID] bits */
    struct ppc_tlbe tlb1[PPC_TLB1_MAX];
    struct ppc_tlbe tlb0[PPC_TLB0_SETS][PPC_TLB0_WAYS];
    unsigned nv;                     /* TLB0 next victim (round robin) */
    uint32_t mas[8];                 /* MAS0-MAS7 (MAS5 unused) */
    uint32_t pid[3];
    struct ppc_page page[3][PPC_PAGE_SLOTS]; /* by enum ppc_access */
};

/* Result of a translation for an access. */
enum ppc_xlate { XLATE_OK, XLATE_MISS, XLATE_DENIED };

struct ppc_mmu_ctx {                 /* what a translation depends on */
    uint32_t msr;
    uint8_t *ram;
    uint64_t ram_size;
    uint8_t *ram2;            /* a second RAM at ram2_base, or NULL */
    uint64_t ram2_base, ram2_size;
};

void ppc_mmu_reset(struct ppc_mmu *m);
void ppc_mmu_flush_pages(struct ppc_mmu *m);
/* Translates ea for an access; on XLATE_OK fills *page (also cached). */
enum ppc_xlate ppc_mmu_translate(struct ppc_mmu *m, const struct ppc_mmu_ctx *x,
                                 uint32_t ea, enum ppc_access acc,
                                 struct ppc_page *page);
/* The MAS updates of a TLB miss (e500 Core Reference Manual, "MAS Register
 * Updates"; the same in QEMU's booke206_update_mas_tlb_miss). */
void ppc_mmu_miss_update(struct ppc_mmu *m, uint32_t ea, bool as);

/* The TLB management instructions. Each returns false if the MAS
 * registers select something that does not exist (the caller raises the
 * illegal-instruction program interrupt). */
bool ppc_mmu_tlbwe(struct ppc_mmu *m);
bool ppc_mmu_tlbre(struct ppc_mmu *m);
void ppc_mmu_tlbsx(struct ppc_mmu *m, uint32_t ea);
void ppc_mmu_tlbivax(struct ppc_mmu *m, uint32_t ea);
void ppc_mmu_flash_invalidate(struct ppc_mmu *m, uint32_t mmucsr0);

/* The cached page for ea, or NULL. */
static inline struct ppc_page *ppc_mmu_page(struct ppc_mmu *m, enum ppc_access acc,
                                            uint32_t ea)
{
    struct ppc_page *p = &m->page[acc][(ea >> 12) & (PPC_PAGE_SLOTS - 1)];
    return p->tag == ((ea & ~0xfffu) | 1u) ? p : 0;
}

#endif
