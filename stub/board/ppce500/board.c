/*
 * board.c - ppce500 board support: the CCSR mapping, the debug line and
 * its receive interrupt, and the board reset.
 *
 * QEMU's ppce500 puts CCSR, the SoC's register block, at physical
 * 0xF_E000_0000 (hw/ppc/e500plat.c, ccsrbar_base; docs/power.md,
 * "QEMU 7.2 facts found on the way"), outside the
 * 64 MiB that QEMU's TLB1 entry 0 maps: the stub maps 1 MiB of it at
 * virtual 0xE0000000 with TLB1 entry 1, as U-Boot's qemu-ppce500 board does
 * (CONFIG_SYS_CCSRBAR).
 */
#include <stdint.h>
#include "booke.h" /* the arch's SPR access (SPR_WRITE) and numbers */
#include "pmustub/board.h"
#include "uart16550.h"
#include "rx_irq.h"

#define CCSR_VA 0xE0000000u
#define CCSR_PA 0xFE0000000ull
/* The first 16550 of the DUART (MPC8544 RM, DUART at CCSR + 0x4500; QEMU
 * MPC8544_SERIAL0_REGS_OFFSET). */
#define UART0 (CCSR_VA + 0x4500u)
/* Global utilities RSTCR (CCSR + 0xE0000 + 0xB0): writing HRESET_REQ
 * (0x2) resets the SoC (MPC8544 RM "Reset Control Register"; QEMU
 * hw/ppc/mpc8544_guts.c, which asks for a system reset: with -no-reboot
 * QEMU exits). A 32-bit access, as the GUTS block takes no other. */
#define GUTS_RSTCR (CCSR_VA + 0xE00B0u)

/* MAS register fields (Linux arch/powerpc/include/asm/mmu-book3e.h; e500
 * core RM "MMU Assist Registers"): TLB1, entry 1; valid, protected from
 * invalidation, 1 MiB (MAS1_TSIZE(BOOK3E_PAGESZ_1M) = 0x500); caching-
 * inhibited and guarded as device registers are; supervisor read/write;
 * MAS7 the physical address bits above 32. */
#define MAS0_TLB1_ESEL1 (0x10000000u | (1u << 16))
#define MAS1_V_IPROT_1M (0x80000000u | 0x40000000u | 0x500u)
#define MAS2_I_G (0x8u | 0x2u)
#define MAS3_SR_SW (0x1u | 0x4u)

static void map_ccsr(void)
{
    SPR_WRITE(SPR_MAS0, MAS0_TLB1_ESEL1);
    SPR_WRITE(SPR_MAS1, MAS1_V_IPROT_1M);
    SPR_WRITE(SPR_MAS2, CCSR_VA | MAS2_I_G);
    SPR_WRITE(SPR_MAS3, (uint32_t)CCSR_PA | MAS3_SR_SW);
    SPR_WRITE(SPR_MAS7, (uint32_t)(CCSR_PA >> 32));
    __asm__ volatile("tlbwe\n\tisync" : : : "memory");
}

static void ppce500_reset(void)
{
    *(volatile uint32_t *)GUTS_RSTCR = 0x2;
    for (;;)
        ;
}

static const struct stub_board_io ppce500_io = {
    .getc = uart16550_getc,
    .poll_getc = uart16550_poll_getc,
    .putc = uart16550_putc,
    .reset = ppce500_reset,
    .rx_irq = &ppce500_rx_irq,
};

void pmustub_board_init(void)
{
    map_ccsr();
    uart16550_init(UART0);
    ppce500_rx_irq_init(CCSR_VA);
    stub_port_init(&ppce500_io);
}
