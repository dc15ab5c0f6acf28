#ifndef PMUSTUB_PPCE500_RX_IRQ_H
#define PMUSTUB_PPCE500_RX_IRQ_H
#include <stdint.h>
#include "pmustub/board.h"
/* The DUART's receive interrupt through the MPIC to the external input
 * (rx_irq.c). */
extern const struct stub_board_rx_irq ppce500_rx_irq;
/* Programs the MPIC; ccsr: the virtual address CCSR is mapped at. */
void ppce500_rx_irq_init(uintptr_t ccsr);
#endif
