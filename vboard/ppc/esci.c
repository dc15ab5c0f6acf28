/*
 * esci.c - see esci.h.
 *
 * What is modelled: TE gates transmission and RE reception (a byte
 * written to DR with TE = 0 is lost; with RE = 0 RDRF stays 0); SR's TDRE
 * and TC are 1 while the line can take a byte, RDRF while a received
 * byte waits, and reading DR takes it. The real flags are cleared by
 * writing 1 and set again by the hardware (RTEMS console-esci.c writes
 * SR = TDRE before each byte and SR = RDRF before reading DR); here they
 * follow the line's state, so the write 1 to clear is accepted and has no
 * effect of its own. Not modelled: the baud rate (SBR is kept, the line
 * runs at vboard's --baud), parity, 9-bit data, LIN, DMA, interrupts
 * (TIE/RIE: the stub's port polls), errors (OR, NF, FE, PF).
 */
#include "esci.h"

#define CR1  0x0u
#define CR2  0x4u
#define DR   0x6u
#define SR   0x8u
#define LCR  0xcu
#define CR1_TE 0x8u
#define CR1_RE 0x4u
#define SR_TDRE 0x80000000u
#define SR_TC   0x40000000u
#define SR_RDRF 0x20000000u
/* The 16550's line status (common/uart.c): data ready, THR empty. */
#define UART_LSR 5u
#define UART_LSR_DR 0x01u
#define UART_LSR_THRE 0x20u

void esci_reset(struct esci *e, struct uart *line)
{
    *e = (struct esci){ .line = line };
}

static uint32_t status(struct esci *e, double now)
{
    uint8_t lsr = uart_read(e->line, UART_LSR, now);
    uint32_t sr = 0;
    if (lsr & UART_LSR_THRE)
        sr |= SR_TDRE | SR_TC;
    if ((e->cr1 & CR1_RE) && (lsr & UART_LSR_DR))
        sr |= SR_RDRF;
    return sr;
}

/* DR as a 16-bit read: the received byte (taken from the line) or 0. */
static uint32_t data(struct esci *e, double now)
{
    if (!(status(e, now) & SR_RDRF))
        return 0;
    return uart_read(e->line, 0, now); /* the 16550's RBR */
}

bool esci_read(struct esci *e, uint32_t off, unsigned size, uint32_t *v, double now)
{
    if (off == CR1 && size == 4)
        *v = e->cr1;
    else if (off == CR2 && size == 2)
        *v = e->cr2;
    else if ((off == DR && size == 2) || (off == DR + 1 && size == 1))
        *v = data(e, now);
    else if (off == SR && size == 4)
        *v = status(e, now);
    else if (off == LCR && size == 4)
        *v = e->lcr;
    else
        return false;
    return true;
}

bool esci_write(struct esci *e, uint32_t off, unsigned size, uint32_t v, double now)
{
    if (off == CR1 && size == 4)
        e->cr1 = v;
    else if (off == CR2 && size == 2)
        e->cr2 = (uint16_t)v;
    else if ((off == DR && size == 2) || (off == DR + 1 && size == 1)) {
        if (e->cr1 & CR1_TE)
            uart_write(e->line, 0, (uint8_t)v, now); /* the 16550's THR */
    } else if (off == SR && size == 4)
        ; /* write 1 to clear: the flags follow the line (above) */
    else if (off == LCR && size == 4)
        e->lcr = v;
    else
        return false;
    return true;
}
