/*
 * board.c - MPC5674F board support: eSCI_A as the debug line, its pins,
 * and the chip reset.
 *
 * Addresses (MPC5674F header mpc5674f.h v1.04, as RTEMS carries it in
 * bsps/powerpc/mpc55xxevb/include/mpc55xx/fsl-mpc567x.h: SIU 0xC3F90000,
 * ESCI_A 0xFFFB0000; the CM2350 emulator's MPC5674F model agrees, after
 * MPC5674F RM rev. 7). Both are in the 1 MiB windows the BAM maps
 * cache-inhibited and guarded (TLB entries 4 and 0: start.S).
 *
 * The receive interrupt (eSCI_A's RIE through the INTC) is not used:
 * without rx_irq the ppc32 port polls the line for GDB's 0x03 from the
 * decrementer (stub/arch/ppc32/interrupt.c), which needs nothing of the
 * chip's interrupt controller.
 */
#include <stdint.h>
#include "pmustub/board.h"
#include "esci.h"

#define SIU 0xC3F90000u
#define ESCI_A 0xFFFB0000u
/* SIU_PCRn: 16 bits at SIU + 0x40 + 2n (struct SIU_tag: PCR[512] after
 * the reserved words at 0x38-0x3F); PA, bits 3-5 (0x1C00), picks the pin's
 * function. eSCI_A's TXD is PCR89, RXD PCR90, both function 1 (RTEMS
 * start-config-siu-pcr.c, MPC5674FEVB: "{ 89, 2, 0, { .PA = 1 } }, ESCI_A";
 * reset leaves them GPIO: CM2350 emulator, after RM Table 6-22). */
#define SIU_PCR(n) (SIU + 0x40u + 2u * (n))
#define PCR_PA_1 0x0400u
#define PCR_ESCI_A_TXD 89u
#define PCR_ESCI_A_RXD 90u
/* SIU_SRCR at SIU + 0x10: SSR (bit 0, 0x80000000) asks for a software
 * system reset (struct SIU_tag; RTEMS start/bspreset.c writes 1 << 31). */
#define SIU_SRCR (SIU + 0x10u)
#define SRCR_SSR 0x80000000u

/* SBR = the eSCI's clock / (16 * baud) (RTEMS console-esci.c; o5e
 * eSCI_OPS.c). The clock the chip runs at after the BAM, with no FMPLL
 * set-up, is not verified (the CM2350 emulator models about 60 MHz, RTEMS
 * divides the system clock by 2 for the peripherals): a board that sets
 * its clock up defines MPC5674F_ESCI_HZ for it. */
#ifndef MPC5674F_ESCI_HZ
#define MPC5674F_ESCI_HZ 30000000u
#endif
#ifndef MPC5674F_BAUD
#define MPC5674F_BAUD 115200u
#endif
#define SBR ((MPC5674F_ESCI_HZ + 8u * MPC5674F_BAUD) / (16u * MPC5674F_BAUD))

static void mpc5674f_reset(void)
{
    *(volatile uint32_t *)SIU_SRCR = SRCR_SSR;
    for (;;)
        ;
}

/* keep: none. start.S writes every SRAM word (ECC) at each reset, so no
 * word survives one, and vRun is refused. */
static const struct stub_board_io mpc5674f_io = {
    .getc = esci_getc,
    .poll_getc = esci_poll_getc,
    .putc = esci_putc,
    .reset = mpc5674f_reset,
};

void pmustub_board_init(void)
{
    *(volatile uint16_t *)SIU_PCR(PCR_ESCI_A_TXD) = PCR_PA_1;
    *(volatile uint16_t *)SIU_PCR(PCR_ESCI_A_RXD) = PCR_PA_1;
    esci_init(ESCI_A, SBR);
    stub_port_init(&mpc5674f_io);
}
