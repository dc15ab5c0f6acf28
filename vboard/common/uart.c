/*
 * uart.c - polled 16550 (register map: TI/National PC16550D data sheet,
 * "Register Summary"; the same offsets QEMU's hw/char/serial.c serves).
 * Line status: DR (bit 0) when a byte can be read, THRE (bit 5) and TEMT
 * (bit 6) when the transmitter can take a byte. Two interrupts are
 * modelled, which the board wires to its interrupt controller (uart_irq):
 * "received data available" (IER.ERBFI, bit 0; IIR 0x04), high while it is
 * enabled and a byte can be read (the FIFO's trigger level taken as one
 * byte, FCR bits 7:6 = 0), and "transmitter holding register empty"
 * (IER.ETBEI, bit 1; IIR 0x02, below the receive interrupt's priority),
 * high while it is enabled and THRE is set. The data sheet also clears the
 * THRE interrupt when IIR is read with it as the source; here it follows
 * THRE only (a driver that writes THR or clears ETBEI sees the same).
 */
#define _POSIX_C_SOURCE 200809L
#include "uart.h"

#include <string.h>
#include <time.h>

enum { RBR = 0, IER = 1, IIR = 2, LCR = 3, MCR = 4, LSR = 5, MSR = 6, SCR = 7 };
#define LCR_DLAB 0x80u
#define LSR_DR   0x01u
#define LSR_THRE 0x20u
#define LSR_TEMT 0x40u
#define IER_ERBFI 0x01u
#define IER_ETBEI 0x02u
#define IIR_NONE 0x01u  /* no interrupt pending */
#define IIR_RDA  0x04u  /* received data available */
#define IIR_THRE 0x02u  /* transmitter holding register empty */
#define IIR_FIFO 0xc0u  /* FIFOs enabled */

double uart_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void uart_init(struct uart *u, uint32_t baud)
{
    memset(u, 0, sizeof(*u));
    u->baud = baud;
    u->lcr = 0x03; /* 8N1 */
}

/* Nanoseconds one byte takes on the line: 10 bits (start, 8 data, stop). */
static double byte_ns(const struct uart *u) { return 10.0 * 1e9 / u->baud; }

static bool rx_ready(const struct uart *u, double now)
{
    return u->rx_len > 0 && (!u->baud || now >= u->next_rx_ns);
}

static bool tx_ready(const struct uart *u, double now)
{
    return u->tx_len < UART_BUF && (!u->baud || now >= u->next_tx_ns);
}

uint8_t uart_read(struct uart *u, unsigned reg, double now)
{
    u->reads++;
    switch (reg) {
    case RBR:
        if (u->lcr & LCR_DLAB)
            return u->dll;
        if (!rx_ready(u, now))
            return 0;
        {
            uint8_t b = u->rx[u->rx_head];
            u->rx_head = (u->rx_head + 1) % UART_BUF;
            u->rx_len--;
            if (u->baud)
                u->next_rx_ns = now + byte_ns(u);
            return b;
        }
    case IER: return (u->lcr & LCR_DLAB) ? u->dlm : u->ier;
    case IIR:
        return (uint8_t)(((u->fcr & 1u) ? IIR_FIFO : 0) |
                         ((u->ier & IER_ERBFI) && rx_ready(u, now) ? IIR_RDA
                          : (u->ier & IER_ETBEI) && tx_ready(u, now) ? IIR_THRE
                          : IIR_NONE));
    case LCR: return u->lcr;
    case MCR: return u->mcr;
    case LSR: {
        uint8_t v = 0;
        if (rx_ready(u, now))
            v |= LSR_DR;
        if (tx_ready(u, now))
            v |= LSR_THRE | LSR_TEMT;
        /* nothing received and nothing sent that pacing still holds: only
         * the host can change what the next read returns */
        if (u->rx_len == 0 && v == (LSR_THRE | LSR_TEMT))
            u->quiet_reads++;
        return v;
    }
    case MSR: return 0xb0; /* DCD, DSR, CTS asserted */
    case SCR: return u->scr;
    default: return 0;
    }
}

void uart_write(struct uart *u, unsigned reg, uint8_t v, double now)
{
    switch (reg) {
    case RBR:
        if (u->lcr & LCR_DLAB) {
            u->dll = v;
        } else if (u->tx_len < UART_BUF) {
            u->tx[(u->tx_head + u->tx_len) % UART_BUF] = v;
            u->tx_len++;
            if (u->baud)
                u->next_tx_ns = (now > u->next_tx_ns ? now : u->next_tx_ns) + byte_ns(u);
        }
        break;
    case IER:
        if (u->lcr & LCR_DLAB)
            u->dlm = v;
        else
            u->ier = v & 0x0f;
        break;
    case IIR: u->fcr = v; break;
    case LCR: u->lcr = v; break;
    case MCR: u->mcr = v & 0x1f; break;
    case SCR: u->scr = v; break;
    default: break;
    }
}

bool uart_irq(const struct uart *u, double now_ns)
{
    return ((u->ier & IER_ERBFI) && rx_ready(u, now_ns)) ||
           ((u->ier & IER_ETBEI) && tx_ready(u, now_ns));
}

unsigned uart_rx_space(const struct uart *u) { return UART_BUF - u->rx_len; }

void uart_rx_push(struct uart *u, const uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n && u->rx_len < UART_BUF; i++) {
        u->rx[(u->rx_head + u->rx_len) % UART_BUF] = p[i];
        u->rx_len++;
    }
}

unsigned uart_tx_take(struct uart *u, uint8_t *out, unsigned max)
{
    unsigned n = 0;
    while (n < max && u->tx_len > 0) {
        out[n++] = u->tx[u->tx_head];
        u->tx_head = (u->tx_head + 1) % UART_BUF;
        u->tx_len--;
    }
    return n;
}
