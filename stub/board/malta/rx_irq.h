#ifndef PMUSTUB_MALTA_RX_IRQ_H
#define PMUSTUB_MALTA_RX_IRQ_H
#include "pmustub/board.h"
/* COM1's receive interrupt through the i8259 on IP2 (rx_irq.c). */
extern const struct stub_board_rx_irq malta_rx_irq;
/* Programs the master 8259; after uart16550_init. */
void malta_rx_irq_init(void);
#endif
