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
 *
 * Time base: one tick per model cycle on the e200z7 (HID0[SEL_TBCLK] = 0:
 * the processor clock) and per 8 model cycles on the e500v2 (vboard's
 * choice; on a board the e500 time base follows the platform clock).
 */
#include <string.h>

#include "pmu_catalog.h"
#include "ppc_cpu.h"

/* The PVR and the L1 caches are the registry's (cores.toml "vboard":
 * id, icache, dcache); the rest is the machine's own. */
static const struct ppc_personality machines[] = {
    { .name = "e200z7", .svr = 0, .pmu = "e200z7",
      .tlb1_entries = 64, .has_tlb0 = false, .has_pid12 = false, .tid_mask = 0xffu,
      .tlb0cfg = 0, .tlb1cfg = 0x401bc040u, .mmucfg = 0,
      .vle_pages = true, .debug_dsrr = true, .tb_div = 1 },
    { .name = "e500v2", .svr = 0, .pmu = "e500v2",
      .tlb1_entries = 16, .has_tlb0 = true, .has_pid12 = true, .tid_mask = 0xffu,
      .tlb0cfg = 0x04110200u, .tlb1cfg = 0x101cc010u, .mmucfg = 0,
      .vle_pages = false, .debug_dsrr = false, .tb_div = 8 },
};
#define N_MACHINES (sizeof(machines) / sizeof(machines[0]))

static struct ppc_personality personalities[N_MACHINES];

const char *const ppc_cpu_names[] = { "e200z7", "e500v2", NULL };

const struct ppc_personality *ppc_personality(const char *name)
{
    for (size_t i = 0; i < N_MACHINES; i++) {
        if (strcmp(machines[i].name, name) != 0)
            continue;
        const struct pmu_catalog *c = pmu_catalog_find("power", name);
        if (c) {
            personalities[i] = machines[i];
            personalities[i].pvr = c->vboard_id;
            personalities[i].icache_size = c->icache[0];
            personalities[i].icache_ways = c->icache[1];
            personalities[i].dcache_size = c->dcache[0];
            personalities[i].dcache_ways = c->dcache[1];
            personalities[i].line = c->dcache[2];
            return &personalities[i];
        }
    }
    return NULL;
}
