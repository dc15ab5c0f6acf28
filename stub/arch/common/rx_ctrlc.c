/*
 * rx_ctrlc.c - what every port does alike with the bytes a client sends
 * while the program runs (rx_ctrlc.h); the ports arm the CPU's side
 * (interrupt.c).
 */
#include "rx_ctrlc.h"
#include "pmustub/interval.h"

int rx_scan(int (*poll_getc)(void))
{
    int c, got = 0;

    /* All of them up to a '$', not just up to the 0x03: an edge-triggered
     * controller sees the next byte only once the UART's request has
     * dropped. A packet's bytes after its '$' stay on the line for the
     * stub's packet reader, which this stop starts. */
    while ((c = poll_getc()) >= 0) {
        if (c == '$')
            return got | RX_PACKET;
        if (c == 0x03)
            got = RX_CTRLC;
    }
    return got;
}

int rx_ctrlc(const struct stub_board_rx_irq *rx, int (*poll_getc)(void))
{
    int got;

    if (!rx->claim())
        return -1;
    got = rx_scan(poll_getc);
    /* The same output is the transmit interrupt's: pmuctl stat's
     * intervals go on while THRE (pmustub/interval.h). */
    stub_interval_pump();
    rx->eoi();
    return got;
}

void rx_stop(int got, struct stub_stop *why)
{
    why->signal = STUB_SIGINT;
    why->interrupted = got & RX_CTRLC;
    why->packet = (got & RX_PACKET) != 0;
}
