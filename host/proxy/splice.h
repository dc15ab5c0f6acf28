/*
 * proxy/splice.h - OpenOCD's target description plus our PMU feature, and
 * the numbering of the PMU registers it gives them. pmuctl proxy
 * (docs/proxy.md) is a GDB remote server in front of OpenOCD's gdb server
 * that adds the PMU as GDB registers:
 *
 *  proxy/splice.c  OpenOCD's target description plus our PMU feature
 *  proxy/regs.c    p/P of the PMU registers -> "monitor mips32 cp0 25 SEL"
 *  proxy/link.c    raw RSP frames between the two sides, acks per side
 *  proxy/server.c  the listening socket, one GDB session after another
 */
#ifndef PMUCTL_PROXY_SPLICE_H
#define PMUCTL_PROXY_SPLICE_H

#include <stddef.h>

#include "rsp/tdesc.h"
#include "session/target.h"

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

#endif
