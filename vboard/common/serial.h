/*
 * serial.h - the host end of the board's UART: stdio, or a TCP listener
 * like QEMU's `-serial tcp:HOST:PORT,server[,nowait]` (one client at a time;
 * after it disconnects the next one can connect).
 */
#ifndef VBOARD_SERIAL_H
#define VBOARD_SERIAL_H

#include <poll.h>
#include <stdbool.h>

#include "sim_query.h"
#include "uart.h"

enum serial_kind { SERIAL_NONE = 0, SERIAL_STDIO, SERIAL_TCP };

struct serial {
    enum serial_kind kind;
    bool wait_first;   /* TCP: do not run before the first client (QEMU "wait") */
    char host[256];
    unsigned port;
    int listen_fd, client_fd;
    bool in_eof;
    struct sim_query query; /* vboard's own packet, answered here */
};

/* Parses "stdio" or "tcp:HOST:PORT[,server][,nowait|,wait=off|...]";
 * false with a message in err. core: the --cpu vboard simulates, which it
 * tells the host when asked (sim_query.h). */
bool serial_parse(struct serial *s, const char *spec, const char *core, char *err,
                  unsigned errlen);
/* Opens the backend (listens for TCP); false with a message on stderr. */
bool serial_open(struct serial *s);
void serial_close(struct serial *s);
/* Blocks until the first TCP client when wait_first is set. */
bool serial_wait_client(struct serial *s);
/* Adds the fds to watch to pfds; returns how many were added. */
unsigned serial_pollfds(const struct serial *s, struct pollfd *pfds);
/* Moves bytes between the backend and the UART without blocking; answers
 * the host's qPmustub.Simulator itself (sim_query.h). */
void serial_service(struct serial *s, struct uart *u);
/* Writes out all bytes the UART transmitted (at exit). */
void serial_flush(struct serial *s, struct uart *u);

#endif
