#ifndef PMUSTUB_UART16550_H
#define PMUSTUB_UART16550_H
#include <stdint.h>
/* base: the virtual address of the receive/transmit register. */
void uart16550_init(uintptr_t base);
int uart16550_getc(void);
int uart16550_poll_getc(void);
void uart16550_putc(int c);
/* Waits until every byte written has left the transmitter. */
void uart16550_drain(void);
/* The receive interrupt on (a byte waiting raises the UART's INTRPT
 * output) or off. */
void uart16550_rx_irq(int on);
#endif
