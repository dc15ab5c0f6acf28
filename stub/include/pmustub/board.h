/*
 * board.h - what a board gives the arch port: its debug line, its reset
 * and the RAM words a reset keeps. A board (stub/board/<board>/board.c)
 * fills one struct stub_board_io and hands it to stub_port_init(), which
 * the board's arch port (stub/board/<board>/board.cmake names it)
 * implements; the board needs nothing else of the port.
 */
#ifndef PMUSTUB_BOARD_H
#define PMUSTUB_BOARD_H

#include <stdint.h>

/* The debug UART's receive interrupt, on a board that routes it to the
 * CPU: the port then learns of GDB's 0x03 by that interrupt while the
 * program runs, and never interrupts the program otherwise. Without one
 * (rx_irq = NULL) the port polls the line from a timer interrupt. The
 * board sets its interrupt controller up before stub_port_init(). */
struct stub_board_rx_irq {
    /* MIPS: the Cause.IP line (2..7) the controller's output reaches;
     * Power Book E: 0, the external input (IVOR4). */
    unsigned line;
    void (*arm)(void);    /* a received byte interrupts from now on */
    void (*disarm)(void); /* it does not, and no request of it is left */
    /* The interrupt being taken is the UART's: acknowledged at the
     * controller, 1; 0: another source's, and nothing was touched. */
    int (*claim)(void);
    void (*eoi)(void);    /* after a claim, once the UART has been read */
#if PMUSTUB_STAT_INTERVALS
    /* The transmit interrupt (16550 IER.ETBEI, "THRE"), on the same
     * output, for pmuctl stat's intervals (pmustub/interval.h); NULL: the
     * board cannot send while the program runs. tx_room: bytes the
     * transmitter takes now without a wait (0 while THRE is clear);
     * tx_put writes one of them; tx_irq(1): THRE interrupts from now on.
     * Only in a build with the option: the small builds count bytes. */
    unsigned (*tx_room)(void);
    void (*tx_put)(int c);
    void (*tx_irq)(int on);
#endif
};

struct stub_board_io {
    int (*getc)(void);      /* waits for a byte of the debug line */
    int (*poll_getc)(void); /* a byte, or -1 at once if none came */
    void (*putc)(int c);
    void (*reset)(void);    /* 'k', vRun: the board reset; never returns */
    /* stub_target.keep: two RAM words a board reset leaves as they were
     * (vRun's marker), or NULL: then vRun is refused. */
    uint32_t *keep;
    const struct stub_board_rx_irq *rx_irq; /* NULL: a timer poll */
};

/* The arch port's start: takes the line, finds the core, installs its
 * vectors. The board calls it once from pmustub_board_init(). */
void stub_port_init(const struct stub_board_io *io);

#endif
