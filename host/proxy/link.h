/*
 * proxy/link.h - raw RSP frames between the proxy's two sides (GDB,
 * OpenOCD), each with its own ack mode.
 */
#ifndef PMUCTL_PROXY_LINK_H
#define PMUCTL_PROXY_LINK_H

#include <stddef.h>

#include "rsp/conn.h"

/* One side of the proxy. */
struct proxy_side {
    struct rsp_conn *conn;
    int noack;
};
enum { LINK_PACKET = 1, LINK_BREAK = 2 };
/* The next packet (the whole frame, '$' to checksum, NUL-ended, into
 * frame) or 0x03 within timeout_ms; acks a packet in ack mode ('-' and
 * again for a bad checksum); skips acks and other bytes. Returns
 * LINK_PACKET, LINK_BREAK or a conn status. */
int link_read(struct proxy_side *s, char *frame, size_t cap, size_t *len,
              int timeout_ms);
/* Writes a frame; in ack mode waits up to timeout_ms for its '+' and
 * sends it again on '-'. */
int link_write(struct proxy_side *s, const char *frame, size_t n,
               int timeout_ms);
/* Frames payload (n bytes, any values) with '$', '#', '}' and '*'
 * escaped; returns the frame's length, or 0 if it does not fit cap. */
size_t link_frame(const char *payload, size_t n, char *frame, size_t cap);
/* Bytes already read from the side but not consumed (poll would miss them). */
int link_buffered(const struct proxy_side *s);

#endif
