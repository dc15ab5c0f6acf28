/*
 * rsp/rsp.h - GDB Remote Serial Protocol packets over an rsp_conn: framing,
 * checksums, '+'/'-' acknowledgements or no-ack mode, run-length and
 * binary-escape decoding (GDB manual, "Overview" and "Packet
 * Acknowledgment"), monitor commands (qRcmd).
 *
 * A noisy serial line (docs/pmuctl.md, "A noisy line"): in ack mode a
 * packet is sent again on '-' and when no ack comes within the retry
 * interval; a reply with a bad checksum gets '-'; bytes outside a packet
 * are discarded up to the next '$' (which also restarts a packet cut
 * short); and when a garbled reply has fallen silent, a '-' asks for it
 * again. A line is lost when it closes or stays silent for the timeout;
 * a slow one, whose bytes keep coming, is waited for.
 */
#ifndef PMUCTL_RSP_H
#define PMUCTL_RSP_H

#include <signal.h>
#include <stddef.h>

#include "rsp/conn.h"

#define RSP_PKT_MAX 16384
/* Attempts at one exchange (sends, and '-' for a reply) before the line
 * is declared too noisy to use. On a line that garbles 0.3% of its bytes
 * a 690-byte reply (the stub's "monitor pmu") arrives whole in one try of
 * eight (0.997^690): all 50 fail once in 800; a 183-byte stop reply, never
 * in practice (0.42^50). */
#define RSP_MAX_TRIES 50

enum rsp_status {
    RSP_OK = 0,
    RSP_TIMEOUT = CONN_TIMEOUT,
    RSP_LOST = CONN_LOST,
    RSP_INTR = CONN_INTR, /* only while waiting with rsp.intr_ok set */
    RSP_PROTO = -4,       /* framing the protocol does not allow */
    RSP_GARBLED = -5      /* RSP_MAX_TRIES attempts all garbled */
};

/* What the line cost: what --rsp-stats prints. */
struct rsp_stats {
    unsigned long packets_out, packets_in, resumes;
    unsigned long resent;       /* our packets sent again (a '-', or no ack) */
    unsigned long bad_checksums; /* replies answered with '-' */
    unsigned long nags;         /* '-' for a garbled reply that fell silent */
    unsigned long noise;        /* bytes discarded outside any packet */
    unsigned long longest;      /* the longest packet received, in bytes */
};

struct rsp {
    struct rsp_conn conn;
    int noack;
    int timeout_ms;  /* silence that ends a wait for a reply or an ack */
    int retry_ms;    /* ack mode: silence before a packet is sent again or a
                        garbled reply is asked for again; 0: timeout_ms */
    int intr_ok;     /* a signal ends the wait with RSP_INTR */
    struct rsp_stats st;
    /* Notifications ('%' NAME ':' DATA '#' cs; GDB manual, "Notification
     * Packets"), which come whenever the target likes and get no ack:
     * each whole one goes to notify (its text, NUL-ended), if set; else,
     * or with a bad checksum, it is skipped like any byte before a '$'. */
    void (*notify)(void *ctx, const char *text);
    void *notify_ctx;
    char reply[RSP_PKT_MAX + 1]; /* last packet received, decoded, NUL-ended */
    size_t reply_len;
};

/* Frames and sends one packet; in ack mode, waits for its '+' (resending
 * on '-' or silence; a '$' instead of the '+' is the reply, whose ack was
 * garbled). */
int rsp_send(struct rsp *r, const char *payload);
/* Sends payload and lets the target's first answer decide the ack mode:
 * '+' ack mode, a '$' with nothing before it no-ack mode (a client before
 * us left the stub so), anything else an ack garbled on the line. With
 * silent_ok, silence for wait_ms is RSP_TIMEOUT at once (a stub running
 * the program reads nothing but 0x03); else the packet is sent again. */
int rsp_hello(struct rsp *r, const char *payload, int wait_ms, int silent_ok);
/* Receives one packet into r->reply, waiting at most timeout_ms (< 0:
 * forever) for it to start. */
int rsp_recv(struct rsp *r, int timeout_ms);
/* Console output: "O" and hex (GDB manual, "Stop Reply Packets", O XX...).
 * OpenOCD sends its log this way whenever it likes, e.g. "target halted
 * ..." ahead of the answer to D. "OK" is no console output (K is no hex
 * digit), and no other reply starts with O. */
int rsp_is_console(const char *reply);
/* rsp_recv, skipping console output: the answer to a request. */
int rsp_recv_answer(struct rsp *r, int timeout_ms);
/* rsp_send then rsp_recv_answer with r->timeout_ms. */
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
/* Copies the value of "key=" in a "k=v;k=v" reply (qPmustub.*) into out;
 * 0 if it is there, not empty and fits. */
int rsp_reply_field(const char *reply, const char *key, char *out, size_t len);

#endif
