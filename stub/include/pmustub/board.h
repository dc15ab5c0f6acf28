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

struct stub_board_io {
    int (*getc)(void);      /* waits for a byte of the debug line */
    int (*poll_getc)(void); /* a byte, or -1 at once if none came */
    void (*putc)(int c);
    void (*reset)(void);    /* 'k', vRun: the board reset; never returns */
    /* stub_target.keep: two RAM words a board reset leaves as they were
     * (vRun's marker), or NULL: then vRun is refused. */
    uint32_t *keep;
};

/* The arch port's start: takes the line, finds the core, installs its
 * vectors. The board calls it once from pmustub_board_init(). */
void stub_port_init(const struct stub_board_io *io);

#endif
