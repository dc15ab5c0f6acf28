/*
 * uart16550.c - polled driver for a 16550 whose byte-wide registers are
 * consecutive, the debug line of both boards: Malta's ISA COM1 and the
 * first DUART channel of ppce500's CCSR (QEMU hw/mips/malta.c and
 * hw/ppc/e500.c map them with no register shift). Byte registers have no
 * byte order, so the same code serves little- and big-endian buses.
 * Offsets and bits: TI PC16550D datasheet (RBR/THR 0, IER 1, FCR 2, LCR 3,
 * MCR 4, LSR 5; LSR.DR bit 0, LSR.THRE bit 5, LSR.TEMT bit 6: holding and
 * shift registers both empty), as Linux serial_reg.h.
 */
#include "uart16550.h"

#define RBR 0
#define THR 0
#define IER 1
#define FCR 2
#define LCR 3
#define MCR 4
#define LSR 5
#define DLL 0
#define DLM 1
#define IER_ERBFI 0x01 /* received data available interrupt */
#define IER_ETBEI 0x02 /* transmitter holding register empty interrupt */
/* The transmit FIFO's depth (PC16550D, "FIFO Mode"): with THRE set it
 * takes this many bytes without a wait. */
#define TX_FIFO 16
#define LSR_DR 0x01
#define LSR_THRE 0x20
#define LSR_TEMT 0x40
#define LCR_DLAB 0x80
#define LCR_8N1 0x03

static volatile uint8_t *uart;
#if PMUSTUB_STAT_INTERVALS
static uint8_t ier; /* what uart16550_rx_irq and uart16550_tx_irq set */
#endif

void uart16550_init(uintptr_t base)
{
    uart = (volatile uint8_t *)base;
    uart[IER] = 0;             /* no interrupts until uart16550_rx_irq */
    uart[LCR] = LCR_DLAB;
    uart[DLL] = 1;             /* the fastest rate of the board's clock */
    uart[DLM] = 0;
    uart[LCR] = LCR_8N1;
    /* Enable and clear both FIFOs; receiver trigger level (bits 7:6) 0:
     * one byte raises the receive interrupt (PC16550D, FCR). */
    uart[FCR] = 0x07;
    uart[MCR] = 0x03;          /* DTR, RTS */
    /* One read of RBR, discarded. On QEMU it also tells the character
     * device that the UART takes input again (hw/char/serial.c: a read of
     * RBR calls qemu_chr_fe_accept_input, the FIFO clear does not): bytes
     * that arrived before this init otherwise stall the line for good
     * (measured: a client that sends at once never gets an answer). */
    (void)uart[RBR];
}

int uart16550_getc(void)
{
    while (!(uart[LSR] & LSR_DR))
        ;
    return uart[RBR];
}

int uart16550_poll_getc(void)
{
    return (uart[LSR] & LSR_DR) ? uart[RBR] : -1;
}

void uart16550_putc(int c)
{
    while (!(uart[LSR] & LSR_THRE))
        ;
    uart[THR] = (uint8_t)c;
}

void uart16550_drain(void)
{
    while (!(uart[LSR] & LSR_TEMT))
        ;
}

/* INTRPT follows IER.ERBFI && a byte waiting (PC16550D "Interrupt
 * Identification Register", priority 2: received data available, cleared
 * by reading RBR until the FIFO is under the trigger level). Off, the
 * transmit interrupt is off too: the stub is stopped and sends by
 * waiting. */
void uart16550_rx_irq(int on)
{
#if PMUSTUB_STAT_INTERVALS
    ier = on ? IER_ERBFI : 0;
    uart[IER] = ier;
#else
    uart[IER] = on ? IER_ERBFI : 0;
#endif
}

#if PMUSTUB_STAT_INTERVALS /* pmustub/interval.h: sending while the program runs */
/* And IER.ETBEI && THRE (priority 3: cleared by writing THR; QEMU
 * hw/char/serial.c, UART_IER_THRI, raises it at once when enabled with
 * the holding register empty). */
void uart16550_tx_irq(int on)
{
    ier = on ? ier | IER_ETBEI : ier & ~IER_ETBEI;
    uart[IER] = ier;
}

unsigned uart16550_tx_room(void)
{
    return (uart[LSR] & LSR_THRE) ? TX_FIFO : 0;
}

void uart16550_tx_put(int c)
{
    uart[THR] = (uint8_t)c;
}
#endif
