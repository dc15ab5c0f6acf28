/*
 * mpc5674f_boot.c - what the MPC5674F's Boot Assist Module leaves when it
 * boots from internal flash (mpc5674f.h). vboard runs no BAM code: it
 * puts the core straight into the state the BAM hands over.
 *
 * The search: the BAM reads a reset configuration half word (RCHW) at the
 * start of each low flash block, 0x0, 0x4000, 0x10000, 0x1C000, 0x20000,
 * 0x30000, and boots from the first whose boot ID is 0x5A (CM2350
 * emulator bam.py, citing MPC5674F RM Table 3-4; OpenOCD's unmerged
 * mpc56xx.c reads 0x5A00 at 0 and the entry at 4), jumping to the word
 * that follows it (MPC5644A RM section 21.4: the BAM ends with a blr to
 * it).
 *
 * The MMU: the BAM writes TLB entries 0-4 (CM2350 emulator bam.py, citing
 * MPC5674F RM section 8.5.2; RTEMS start-config-mmu-early.c assumes
 * entries 0 and 4): 0 = 0xFFF00000, 1 MiB, the peripheral bridge B and
 * the BAM, cache-inhibited and guarded; 1 = 0x0, 16 MiB, flash; 2 =
 * 0x20000000, 16 MiB, the external bus; 3 = 0x40000000, 256 KiB, SRAM,
 * cache-inhibited; 4 = 0xC3F00000, 1 MiB, peripheral bridge A, cache-
 * inhibited and guarded. Each is valid, protected (IPROT), TID 0, TS 0,
 * with every permission; 1-3 are VLE pages with RCHW[VLE] = 1.
 * The rest of the core is at its reset values (MSR, HID0 and ESR 0:
 * e200z7 RM chapters 2 and 7).
 */
#include <stdio.h>

#include "mpc5674f.h"
#include "ppc_internal.h"

static const uint32_t rchw_offsets[] = { 0x0, 0x4000, 0x10000, 0x1c000, 0x20000, 0x30000 };

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

long mpc5674f_find_rchw(const uint8_t *flash, uint32_t size)
{
    for (unsigned i = 0; i < sizeof(rchw_offsets) / sizeof(rchw_offsets[0]); i++) {
        uint32_t at = rchw_offsets[i];
        if (at + 8 <= size && (be32(flash + at) & RCHW_ID_MASK) == RCHW_ID)
            return (long)at;
    }
    return -1;
}

/* TSIZE in the e500 4-bit form vboard's MMU reads (4^n KiB, MAS1 0x0F00;
 * the e200z7's 5-bit 2^n form gives the same bits for these sizes). */
#define TSIZE_256K (4u << 8)
#define TSIZE_1M   (5u << 8)
#define TSIZE_16M  (7u << 8)
#define ALL_PERMS  (MAS3_UX | MAS3_SX | MAS3_UW | MAS3_SW | MAS3_UR | MAS3_SR)

static void map(struct ppc_cpu *c, unsigned esel, uint32_t ea, uint32_t tsize,
                uint32_t wimge)
{
    c->mmu.tlb1[esel] = (struct ppc_tlbe){ MAS1_VALID | MAS1_IPROT | tsize, ea | wimge,
                                           ea | ALL_PERMS, 0 };
}

bool mpc5674f_bam(struct ppc_cpu *c, const uint8_t *flash, uint32_t size, uint32_t *rchw,
                  char *err, size_t errlen)
{
    long at = mpc5674f_find_rchw(flash, size);
    if (at < 0) {
        snprintf(err, errlen, "no valid RCHW (boot ID 0x5A in bits 8-15 of the word at "
                 "flash 0x0, 0x4000, 0x10000, 0x1C000, 0x20000 or 0x30000): the "
                 "MPC5674F's BAM would not boot this image (link it with mpc5674f.ld)");
        return false;
    }
    *rchw = be32(flash + at);
    /* RCHW[VLE]: entries 1-3 (flash, external bus, SRAM) become VLE pages
     * (MAS2[VLE]), so the entry word is fetched as VLE; entry 0 (the BAM's
     * own page) and entry 4 (peripherals) stay Book E (CM2350 emulator
     * bam.py, citing MPC5674F RM section 8.5.2) */
    uint32_t vle = (*rchw & RCHW_VLE) ? MAS2_VLE : 0;
    map(c, 0, 0xfff00000u, TSIZE_1M, MAS2_I | MAS2_G);
    map(c, 1, 0x00000000u, TSIZE_16M, vle);
    map(c, 2, 0x20000000u, TSIZE_16M, vle);
    map(c, 3, 0x40000000u, TSIZE_256K, MAS2_I | vle);
    map(c, 4, 0xc3f00000u, TSIZE_1M, MAS2_I | MAS2_G);
    ppc_mmu_flush_pages(&c->mmu);
    c->pc = be32(flash + at + 4);
    return true;
}
