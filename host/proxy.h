/*
 * proxy.h - pmuctl proxy (docs/proxy.md): a GDB remote server in
 * front of OpenOCD's gdb server that adds the PMU as GDB registers.
 *
 *  proxy_splice.c  OpenOCD's target description plus our PMU feature
 *  proxy_regs.c    p/P of the PMU registers -> "monitor mips32 cp0 25 SEL"
 *  proxy_link.c    raw RSP frames between the two sides, acks per side
 *  proxy_server.c  the listening socket, one GDB session after another
 */
#ifndef PMUCTL_PROXY_H
#define PMUCTL_PROXY_H

#include <stddef.h>

#include "cli.h"
#include "rsp/conn.h"
#include "rsp/tdesc.h"
#include "target/target.h"

/* The PMU registers the proxy serves: GDB numbers first .. first + n - 1,
 * each a counter's control or count. */
struct proxy_map {
    int first;
    unsigned n;
    struct {
        unsigned char counter, control;
    } reg[2 * TARGET_MAX_COUNTERS];
};

/* target.xml as OpenOCD serves it (xml, len; its xi:includes are read
 * through fetch) with the PMU feature of core (registry key) for
 * n_counters counters inserted before </target>, numbered after the
 * highest register number of OpenOCD's description. Returns 0 with a
 * malloc'd document in *out and the numbering in *map, or -1 with err. */
int proxy_splice(const char *xml, size_t len, tdesc_fetch_fn fetch, void *ctx,
                 const char *core, unsigned n_counters, struct proxy_map *map,
                 char **out, size_t *out_len, char *err, size_t errlen);

/* If pkt (a decoded payload) is p or P of a register in map, does it
 * through t's PMU access and writes the reply payload into reply (at
 * least 32 bytes): returns 1, or an rsp status (< 0) when the connection
 * to OpenOCD was lost. 0: not ours (pass it on). */
int proxy_regs_handle(const struct proxy_map *map, struct target *t,
                      const char *pkt, char *reply);

/* proxy_link.c: one side of the proxy. */
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
