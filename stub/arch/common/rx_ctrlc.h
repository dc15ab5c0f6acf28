#ifndef PMUSTUB_RX_CTRLC_H
#define PMUSTUB_RX_CTRLC_H
#include "pmustub/board.h"
#include "pmustub/stub.h"
/* What a client sent while the program ran, as bits: RX_CTRLC, GDB's
 * 0x03 (its sender waits for the stop reply); RX_PACKET, the '$' of a
 * packet (a client that connected while the program ran: its first
 * packet, which must reach the stub; the rest of it is still on the
 * line). 0: nothing that stops the program (acks, noise: dropped). */
enum { RX_CTRLC = 1, RX_PACKET = 2 };
/* Reads the line up to a '$' or until it is empty. */
int rx_scan(int (*poll_getc)(void));
/* The debug UART's interrupt, taken while the program runs: -1 if the
 * board's controller says it is another source's (nothing touched); else
 * the line is read (rx_scan), what waits to be sent is given to the
 * transmitter (stub_interval_pump), the interrupt ended (EOI), and the
 * answer is rx_scan's. */
int rx_ctrlc(const struct stub_board_rx_irq *rx, int (*poll_getc)(void));
/* The stop for what rx_scan found (nonzero): SIGINT, and who waits. */
void rx_stop(int got, struct stub_stop *why);
#endif
