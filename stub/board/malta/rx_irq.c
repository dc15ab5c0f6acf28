/*
 * rx_irq.c - Malta: COM1's receive interrupt through the southbridge's
 * i8259, so that GDB's 0x03 interrupts the program (pmustub/board.h).
 *
 * The wiring: COM1 (the Super I/O's first 16550, ISA I/O 0x3f8) drives
 * ISA IRQ4, an input of the PIIX4's master 8259 (Malta User's Manual
 * MD00048, "Interrupt Controller"; QEMU hw/isa/superio: COM1 irq 4). The
 * master's INT output reaches the CPU's hardware interrupt 0, Cause.IP2
 * (QEMU hw/mips/malta.c create_cpu_without_cps: i8259_irq = env->irq[2];
 * Linux arch/mips/include/asm/mips-boards/maltaint.h MIPSCPU_INT_I8259A 2).
 * ISA I/O port p is at physical 0x18000000 + p (as COM1, board.c),
 * reached uncached through kseg1.
 *
 * The 8259 commands: Intel 8259A data sheet (ICW1-4, OCW1-3). MIPS has no
 * interrupt-acknowledge cycle of its own, so the stub acknowledges with
 * the poll command (OCW3 P = 1: the next read returns 0x80 | level and
 * acts as INTA), which QEMU's i8259 (hw/intc/i8259.c, s->poll) and the
 * PIIX4 both implement. The controller runs edge-triggered (the ELCR
 * reset value), so a request is a rising edge of the UART's INTRPT; the
 * UART's interrupt is on only while the program runs (arm), and the stub
 * reads every byte before the EOI, so an edge is seen for each new byte.
 */
#include <stdint.h>
#include "rx_irq.h"
#include "uart16550.h"

#define PIC_CMD (*(volatile uint8_t *)0xb8000020u)  /* ISA 0x20 */
#define PIC_DATA (*(volatile uint8_t *)0xb8000021u) /* ISA 0x21 */
#define COM1_IR 4u

#define ICW1_INIT_ICW4 0x11u  /* ICW1: edge, cascade, ICW4 follows */
#define ICW3_SLAVE_ON_IR2 0x04u
#define ICW4_8086 0x01u       /* normal (not automatic) EOI */
#define OCW2_SET_PRIORITY 0xc0u /* | L: IR L lowest, IR L+1 highest */
#define OCW2_SPECIFIC_EOI 0x60u /* | L */
#define OCW3_READ_IRR 0x0au
#define OCW3_POLL 0x0cu
#define POLL_INT 0x80u        /* the poll found a request */

void malta_rx_irq_init(void)
{
    PIC_CMD = ICW1_INIT_ICW4;
    PIC_DATA = 0x00; /* ICW2: vector base, unused without INTA cycles */
    PIC_DATA = ICW3_SLAVE_ON_IR2;
    PIC_DATA = ICW4_8086;
    /* OCW1: every input masked but COM1's. A program that unmasks
     * others of its own shares IP2 with the stub (docs/stub.md). */
    PIC_DATA = (uint8_t)~(1u << COM1_IR);
    /* COM1 the highest priority, so that a poll while it requests is
     * always its own acknowledge, never another input's. */
    PIC_CMD = OCW2_SET_PRIORITY | (COM1_IR - 1);
}

static int com1_requests(void)
{
    PIC_CMD = OCW3_READ_IRR;
    return (PIC_CMD >> COM1_IR) & 1;
}

static int claim(void)
{
    if (!com1_requests())
        return 0;
    PIC_CMD = OCW3_POLL;
    return PIC_CMD == (POLL_INT | COM1_IR);
}

static void eoi(void)
{
    PIC_CMD = OCW2_SPECIFIC_EOI | COM1_IR;
}

static void arm(void)
{
    uart16550_rx_irq(1);
}

/* A byte that came while armed and was then read by the stub's packet
 * loop, not by an interrupt, left an edge latched in IRR: acknowledge it
 * here, or it would interrupt the program at the next resume. */
static void disarm(void)
{
    uart16550_rx_irq(0);
    if (claim())
        eoi();
}

const struct stub_board_rx_irq malta_rx_irq = {
    .line = 2,
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
