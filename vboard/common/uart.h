/*
 * uart.h - the part of a 16550 UART that firmware uses: THR/RBR, IER,
 * IIR/FCR, LCR (DLAB), MCR, LSR (DR, THRE, TEMT), MSR, SCR, DLL/DLM, and
 * the receive and transmit interrupts (INTRPT while IER.ERBFI and a byte
 * waits, or while IER.ETBEI and THRE).
 * Bytes are buffered; with a baud rate set, transmission and reception are
 * paced at 10 bits per byte in real time (--baud).
 */
#ifndef VBOARD_UART_H
#define VBOARD_UART_H

#include <stdbool.h>
#include <stdint.h>

#define UART_BUF 4096

struct uart {
    uint8_t ier, lcr, mcr, scr, dll, dlm, fcr;
    /* receive queue, filled by the serial backend */
    uint8_t rx[UART_BUF];
    unsigned rx_head, rx_len;
    /* transmit queue, drained by the serial backend */
    uint8_t tx[UART_BUF];
    unsigned tx_head, tx_len;
    uint32_t baud;           /* 0: no pacing */
    double next_tx_ns;       /* pacing: earliest time the next byte may go */
    double next_rx_ns;       /* pacing: earliest time RBR may show a byte */
    /* For idle-loop detection (common/idle.h): register reads, and those
     * of LSR that found the line quiet (no byte received or on its way,
     * the transmitter ready for good): until the host sends something
     * such a read returns the same value and changes nothing. */
    uint64_t reads, quiet_reads;
};

void uart_init(struct uart *u, uint32_t baud);
uint8_t uart_read(struct uart *u, unsigned reg, double now_ns);
void uart_write(struct uart *u, unsigned reg, uint8_t v, double now_ns);
/* The INTRPT output: the receive interrupt is enabled and a byte waits,
 * or the transmit interrupt is enabled and THRE is set. */
bool uart_irq(const struct uart *u, double now_ns);
/* Backend side. */
unsigned uart_rx_space(const struct uart *u);
void uart_rx_push(struct uart *u, const uint8_t *p, unsigned n);
/* Takes up to max transmitted bytes into out; returns how many. */
unsigned uart_tx_take(struct uart *u, uint8_t *out, unsigned max);
double uart_now_ns(void);

#endif
