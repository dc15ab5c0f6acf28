/*
 * ppc_personality.c - what differs between the two Power cores vboard
 * plays on its ppce500-compatible board.
 *
 * e500v2: the core QEMU 7.2's ppce500 runs as "-cpu e500v2", with the
 * values QEMU gives it (measured with -d cpu: PVR 0x80210022, i.e. e500v2
 * revision 2.2; SVR 0; TLB0CFG 0x04110200 = 512 entries, 4 ways;
 * TLB1CFG 0x101cc010 = 16 entries with IPROT; MMUCFG 0), so that the same
 * firmware sees the same values on both. PID0-2 with 8-bit TIDs, 32 KiB
 * 8-way L1 caches with 32-byte lines (e500 Core Reference Manual chapters
 * 11-12; QEMU's device tree gives 0x8000-byte caches, 32-byte lines).
 * The debug interrupt saves CSRR0/1 (QEMU writes DSRR0/1 as well).
 *
 * e200z7 (e200z760n3 of the MPC5674F): PVR version 0x8160 (RTEMS
 * libcpu/powerpc/shared/include/cpuIdent.h PPC_e200z7; revision 0 is
 * vboard's), a 64-entry TLB1 and no TLB0, 16 KiB I and D caches (MPC5674F
 * summary in the CM2350 emulator's mpc5674.py: "MMU: 64 entry", "Cache:
 * 32kb (16kb I/16kb D)"), 4 ways of 32-byte lines; PID0 only; VLE pages;
 * the debug APU (DSRR0/1, rfdi) when HID0[DAPUEN] is set (e200z7.md
 * section 4). TLB1CFG is built from those facts: ASSOC 64, MINSIZE 1
 * (4 KiB), MAXSIZE 11 (4 GiB), IPROT and AVAIL, NENTRY 64. Unlike the
 * real e200z7 (32-bit real addresses), vboard's also honours MAS7, so that
 * the ppce500 CCSR at 0xF_E000_0000 can be mapped.
 * The values themselves are the registry's (target-xml/cores.toml, each
 * core's "booke"); this comment says where they come from.
 *
 * Time base: one tick per model cycle on the e200z7 (HID0[SEL_TBCLK] = 0:
 * the processor clock) and per 8 model cycles on the e500v2 (vboard's
 * choice; on a board the e500 time base follows the platform clock).
 */
#include "pmu_catalog.h"
#include "ppc_cpu.h"

/* Every power core of the registry is a --cpu of vboard's ppce500: its
 * PVR and caches are the registry's "vboard" entry, its machine the
 * registry's "booke" facts, its counters the PMU personality of the same
 * name (ppc_pmu.c). */
static struct ppc_personality personalities[PMU_CATALOG_COUNT];

const struct ppc_personality *ppc_personality(const char *name)
{
    const struct pmu_catalog *c = pmu_catalog_find("power", name);
    if (!c || !c->booke)
        return NULL;
    const struct pmu_booke *b = c->booke;
    struct ppc_personality *p = &personalities[c - pmu_catalogs];
    *p = (struct ppc_personality){
        .name = c->core, .pvr = c->vboard_id, .svr = b->svr, .pmu = c->core,
        .tlb1_entries = b->tlb1_entries, .has_tlb0 = b->tlb0, .has_pid12 = b->pid12,
        .tid_mask = b->tid_mask, .tlb0cfg = b->tlb0cfg, .tlb1cfg = b->tlb1cfg,
        .mmucfg = b->mmucfg, .vle_pages = b->vle, .debug_dsrr = b->debug_apu,
        .icache_size = c->icache[0], .icache_ways = c->icache[1],
        .dcache_size = c->dcache[0], .dcache_ways = c->dcache[1], .line = c->dcache[2],
        .tb_div = b->tb_div};
    return p;
}
