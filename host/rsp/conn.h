/*
 * rsp/conn.h - the byte stream to a GDB remote target: TCP HOST:PORT or a
 * serial DEVICE[@BAUD] set up raw with termios. Reads wait at most a
 * timeout; nothing here knows about packets.
 */
#ifndef PMUCTL_RSP_CONN_H
#define PMUCTL_RSP_CONN_H

#include <stddef.h>

enum conn_status {
    CONN_OK = 0,
    CONN_TIMEOUT = -1, /* nothing arrived in time */
    CONN_LOST = -2,    /* the other end closed, or an I/O error */
    CONN_INTR = -3     /* a signal arrived (the caller checks its flag) */
};

/* Another descriptor a wait for the target also watches (pmuctl proxy:
 * GDB's connection while a "monitor pmuctl" command runs). ready() is
 * called before each wait and when fd can be read; nonzero ends the wait
 * with CONN_INTR and drops the watch (the caller's flag says why). */
struct conn_watch {
    int fd;
    int (*ready)(struct conn_watch *w);
};

struct rsp_conn {
    int fd;
    struct conn_watch *watch; /* NULL: none */
    int is_serial;
    unsigned baud;     /* serial: bits per second (10 bits a byte) */
    unsigned char buf[4096];
    size_t len, pos;
    unsigned long bytes_in, bytes_out;
};

/* Splits a target spec: "HOST:PORT" -> TCP, "DEVICE[@BAUD]" (a path with
 * '/') -> serial. Returns 0, or -1 with a one-line reason in err. */
int conn_parse_target(const char *spec, char *host, size_t hostlen,
                      char *port_or_dev, size_t plen, unsigned *baud,
                      int *is_serial, char *err, size_t errlen);

int conn_open(struct rsp_conn *c, const char *spec, char *err, size_t errlen);
void conn_close(struct rsp_conn *c);

/* Next byte, waiting at most timeout_ms; returns the byte or a status. */
int conn_getc(struct rsp_conn *c, int timeout_ms);
/* Puts back the byte conn_getc just returned. */
void conn_ungetc(struct rsp_conn *c);

int conn_write(struct rsp_conn *c, const void *data, size_t n);

/* CLOCK_MONOTONIC in milliseconds, for deadlines. */
long long conn_now_ms(void);

#endif
