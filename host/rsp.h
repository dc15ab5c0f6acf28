/*
 * rsp.h - GDB Remote Serial Protocol packets over an rsp_conn: framing,
 * checksums, '+'/'-' acknowledgements or no-ack mode, run-length and
 * binary-escape decoding (GDB manual, "Overview" and "Packet
 * Acknowledgment"), notifications skipped, monitor commands (qRcmd).
 */
#ifndef PMUCTL_RSP_H
#define PMUCTL_RSP_H

#include <signal.h>
#include <stddef.h>

#include "rsp_conn.h"

#define RSP_PKT_MAX 16384

enum rsp_status {
    RSP_OK = 0,
    RSP_TIMEOUT = CONN_TIMEOUT,
    RSP_LOST = CONN_LOST,
    RSP_INTR = CONN_INTR, /* only while waiting with rsp.intr_ok set */
    RSP_PROTO = -4        /* framing the protocol does not allow */
};

struct rsp {
    struct rsp_conn conn;
    int noack;
    int timeout_ms;  /* for a reply to an ordinary request */
    int intr_ok;     /* a signal ends the wait with RSP_INTR */
    unsigned long packets_out, packets_in, resumes;
    char reply[RSP_PKT_MAX + 1]; /* last packet received, decoded, NUL-ended */
    size_t reply_len;
};

/* Frames and sends one packet; in ack mode, waits for its '+' (resending
 * on '-'). */
int rsp_send(struct rsp *r, const char *payload);
/* Receives one packet into r->reply, waiting at most timeout_ms (< 0:
 * forever). */
int rsp_recv(struct rsp *r, int timeout_ms);
/* rsp_send then rsp_recv with r->timeout_ms. */
int rsp_request(struct rsp *r, const char *payload);
/* The 0x03 that asks a running target to stop. */
int rsp_interrupt(struct rsp *r);
/* "monitor CMD": its text output (hex-decoded, from O packets or from a
 * hex reply) into out; returns RSP_OK and sets *failed if the target
 * answered E.. or nothing (unsupported). */
int rsp_monitor(struct rsp *r, const char *cmd, char *out, size_t cap,
                int *failed);

/* Helpers shared by the parsers. */
int rsp_hexval(int c); /* -1 if c is no hex digit */
/* Decodes the hex of a register value in target byte order. */
int rsp_decode_reg(const char *hex, size_t nhex, int big_endian,
                   unsigned long long *value);
void rsp_encode_reg(unsigned long long value, unsigned bytes, int big_endian,
                    char *out);
const char *rsp_status_text(int status);

#endif
