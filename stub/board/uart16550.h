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
/* The transmit interrupt (THRE) on or off, the receive one as it was;
 * the bytes the transmitter takes now without a wait (its FIFO's depth
 * while THRE, else 0), and one of them written. */
void uart16550_tx_irq(int on);
unsigned uart16550_tx_room(void);
void uart16550_tx_put(int c);
#endif
