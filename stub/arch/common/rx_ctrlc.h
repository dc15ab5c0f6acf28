#ifndef PMUSTUB_RX_CTRLC_H
#define PMUSTUB_RX_CTRLC_H
#include "pmustub/board.h"
/* The debug UART's receive interrupt, taken while the program runs: -1 if
 * the board's controller says it is another source's (nothing touched);
 * else every byte waiting is read, the interrupt ended (EOI), and the
 * answer is 1 if one of the bytes was GDB's 0x03, 0 if not (they are
 * dropped: GDB sends nothing else while the program runs). */
int rx_ctrlc(const struct stub_board_rx_irq *rx, int (*poll_getc)(void));
#endif
