/*
 * proxy/regs.h - GDB's p and P of the PMU registers the proxy adds.
 */
#ifndef PMUCTL_PROXY_REGS_H
#define PMUCTL_PROXY_REGS_H

#include "proxy/splice.h"
#include "session/target.h"

/* If pkt (a decoded payload) is p or P of a register in map, does it
 * through t's PMU access and writes the reply payload into reply (at
 * least 32 bytes): returns 1, or an rsp status (< 0) when the connection
 * to OpenOCD was lost. 0: not ours (pass it on). */
int proxy_regs_handle(const struct proxy_map *map, struct target *t,
                      const char *pkt, char *reply);

#endif
