/*
 * proxy/breaks.h - GDB's breakpoints through the proxy (docs/proxy.md,
 * "Breakpoints and steps"): placed as the core's instruction breakpoints
 * while it has free ones, and every stop at one of them, or at the end of
 * a step, reported to GDB as SIGTRAP whatever OpenOCD says.
 */
#ifndef PMUCTL_PROXY_BREAKS_H
#define PMUCTL_PROXY_BREAKS_H

#include <stddef.h>

#include "session/target.h"

#define PROXY_MAX_BREAKS 64

/* One address with a breakpoint of GDB's on it. */
struct proxy_break {
    unsigned long addr;
    unsigned kind;
    unsigned char gdb;  /* bit 0: GDB's Z0 is in, bit 1: its Z1 */
    unsigned char hard; /* OpenOCD holds it as a hardware breakpoint */
};

struct proxy_breaks {
    struct proxy_break b[PROXY_MAX_BREAKS];
    size_t n;
    /* How many hardware breakpoints OpenOCD gives: as many as it held
     * when it first refused one; -1 until then. */
    int hard_cap;
    int stepping;  /* the last resume was a step */
};

/* Forgets every breakpoint: OpenOCD clears them all when a gdb client
 * connects and on an extended-mode restart, R (openocd v0.12.0
 * src/server/gdb_server.c, gdb_new_connection, gdb_restart_inferior). */
void proxy_breaks_reset(struct proxy_breaks *b);

/* GDB's Z0/Z1/z0/z1 packet pkt, done with OpenOCD through t: 1 with
 * reply (at least 8 bytes) set, 0 if pkt is not one, RSP_LOST if
 * OpenOCD went away. */
int proxy_breaks_handle(struct proxy_breaks *b, struct target *t, const char *pkt,
                        char *reply);

/* Every breakpoint of GDB's out of OpenOCD (z = 'z') or back as it was
 * (z = 'Z'), around a command the proxy runs itself: 0, or -1 with
 * t->err. */
int proxy_breaks_place_all(const struct proxy_breaks *b, struct target *t, char z);

/* GDB resumes the program with pkt (c, s, vCont ...). */
void proxy_breaks_resumed(struct proxy_breaks *b, const char *pkt);

/* OpenOCD's stop reply (payload, NUL-ended, changed in place): a stop
 * with no signal (T00/S00: OpenOCD 0.12 learns no reason from an SDBBP)
 * at one of GDB's breakpoints or after a step becomes SIGTRAP (05). The
 * pc is read through t for that. 0, or RSP_LOST. */
int proxy_breaks_stopped(struct proxy_breaks *b, struct target *t, char *payload);

#endif
