/*
 * rx_irq.c - ppce500: the first 16550's receive interrupt through the
 * SoC's MPIC to the core's external input (IVOR4), so that GDB's 0x03
 * interrupts the program (pmustub/board.h).
 *
 * The wiring: the DUART is the MPIC's internal interrupt 26, MPIC source
 * 16 + 26 = 42 (MPC8544E Reference Manual, "Internal Interrupt Sources",
 * DUART 26; QEMU hw/ppc/e500.c serial_mm_init(... mpic[42] ...) and the
 * "interrupts = <42 2>" it writes into the device tree). The MPIC's INT
 * output for processor 0 is the e500's int input, the external input
 * interrupt when MSR[EE] = 1 (QEMU e500.c irqs[OPENPIC_OUTPUT_INT] =
 * input[PPCE500_INPUT_INT]).
 *
 * Registers (MPC8544E RM, "Programmable Interrupt Controller (PIC)"; the
 * MPIC at CCSR + 0x4_0000; QEMU hw/intc/openpic.c serves the same map):
 * GCR 0x4_1020 (M, bit 0x20000000: mixed mode, interrupts delivered
 * through the PIC rather than passed through), IIVPRn 0x5_0200 + 0x20n
 * (MSK 0x80000000, A 0x40000000 in request or in service, POLARITY
 * 0x00800000, PRIORITY bits 19:16, VECTOR bits 15:0), IIDRn 0x5_0210 +
 * 0x20n (P0, bit 0: processor 0), and processor 0's CTPR 0x6_0080, IACK
 * 0x6_00A0, EOI 0x6_00B0. Internal interrupts are level-sensitive and
 * active-high: the request follows the UART's INTRPT.
 */
#include "rx_irq.h"
#include "uart16550.h"

#define MPIC 0x40000u
#define GCR 0x01020u
#define GCR_M 0x20000000u
#define DUART_INTERNAL 26u
#define IIVPR (0x10200u + 0x20u * DUART_INTERNAL)
#define IIDR (IIVPR + 0x10u)
#define CTPR0 0x20080u
#define IACK0 0x200a0u
#define EOI0 0x200b0u

#define IVPR_A 0x40000000u
#define IVPR_POLARITY_HIGH 0x00800000u
/* The highest priority, and the current task priority just below it:
 * only the stub's source passes until a program lowers CTPR for sources
 * of its own (docs/stub.md). */
#define STUB_PRIORITY 15u
#define STUB_CTPR 14u
#define STUB_VECTOR 42u /* any 16-bit value; the source number */
#define IDR_P0 0x1u

static volatile uint32_t *mpic;

static volatile uint32_t *reg(uint32_t off)
{
    return mpic + off / 4;
}

void ppce500_rx_irq_init(uintptr_t ccsr)
{
    mpic = (volatile uint32_t *)(ccsr + MPIC);
    *reg(GCR) |= GCR_M;
    *reg(IIDR) = IDR_P0;
    *reg(IIVPR) = IVPR_POLARITY_HIGH | STUB_PRIORITY << 16 | STUB_VECTOR;
    *reg(CTPR0) = STUB_CTPR;
}

/* IACK moves the highest request to in service and returns its vector;
 * the UART's has the highest priority, so when its source is active the
 * acknowledge is its own. */
static int claim(void)
{
    if (!(*reg(IIVPR) & IVPR_A))
        return 0;
    return *reg(IACK0) == STUB_VECTOR;
}

static void eoi(void)
{
    *reg(EOI0) = 0;
}

static void arm(void)
{
    uart16550_rx_irq(1);
}

/* Level-sensitive: with the UART's interrupt off the request is gone. */
static void disarm(void)
{
    uart16550_rx_irq(0);
}

const struct stub_board_rx_irq ppce500_rx_irq = {
    .line = 0,
    .arm = arm,
    .disarm = disarm,
    .claim = claim,
    .eoi = eoi,
#if PMUSTUB_STAT_INTERVALS /* pmustub/interval.h */
    .tx_room = uart16550_tx_room,
    .tx_put = uart16550_tx_put,
    .tx_irq = uart16550_tx_irq,
#endif
};
