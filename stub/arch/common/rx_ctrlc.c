/*
 * rx_ctrlc.c - the part of Ctrl-C by receive interrupt that every port
 * shares (rx_ctrlc.h); the ports arm the CPU's side (interrupt.c).
 */
#include "rx_ctrlc.h"

int rx_ctrlc(const struct stub_board_rx_irq *rx, int (*poll_getc)(void))
{
    int c, ctrlc = 0;

    if (!rx->claim())
        return -1;
    /* All of them, not just up to the 0x03: an edge-triggered controller
     * sees the next byte only once the UART's request has dropped. */
    while ((c = poll_getc()) >= 0)
        ctrlc |= c == 0x03;
    rx->eoi();
    return ctrlc;
}
