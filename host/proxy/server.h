/*
 * proxy/server.h - pmuctl proxy's GDB side (docs/proxy.md): a listening
 * socket for GDB, and per GDB session a connection of its own to
 * OpenOCD's gdb server. The command (cmd/proxy.c) puts them together.
 */
#ifndef PMUCTL_PROXY_SERVER_H
#define PMUCTL_PROXY_SERVER_H

#include <stddef.h>

#include "proxy/breaks.h"
#include "proxy/link.h"
#include "proxy/points.h"
#include "proxy/splice.h"
#include "rsp/conn.h"
#include "session/target.h"

struct proxy_session {
    const char *openocd; /* OpenOCD's gdb server, HOST:PORT */
    int timeout_ms;      /* for each exchange */
    struct target *t;
    struct rsp_conn gdb_conn;
    struct proxy_side gdb, oo;
    struct proxy_map map;
    char *xml;
    size_t xml_len;
    int pending; /* a request of GDB's is with OpenOCD */
    int running; /* ... and it resumed the program */
    int killed;  /* GDB sent k: OpenOCD closes the connection (gdb_server.c) */
    struct proxy_breaks breaks; /* GDB's breakpoints on OpenOCD */
    /* The target is our stub, not OpenOCD: it serves the counters itself,
     * so the proxy relays its description, registers and stops as they
     * come, and adds "monitor pmuctl" (proxy/pmuctl_cmd.c). */
    int stub;
    /* Run for each GDB once OpenOCD has halted the core for it (NULL:
     * nothing): cmd/proxy.c's --elf check and SDBBP repair. Nonzero: the
     * exit status that refuses this GDB, the reason already said. */
    int (*on_open)(struct target *t, void *ctx);
    void *on_open_ctx;
    struct proxy_points points; /* GDB's breakpoints on the stub */
    /* GDB's connection, watched while a "monitor pmuctl" command runs
     * (proxy/server.c, gdb_spoke): what GDB sent first that was no ack
     * (0 for nothing yet), and the output of a command GDB stopped
     * waiting for, which goes before the next monitor pmuctl's. */
    struct conn_watch watch;
    int gdb_spoke;
    char *late;
    size_t late_len;
};

/* A socket listening on spec ([HOST:]PORT, HOST 127.0.0.1 if not given);
 * -1 with err if not. */
int proxy_listen(const char *spec, char *err, size_t errlen);
/* Connects s->t to OpenOCD, finds the PMU, and builds the description
 * GDB is served; an exit status with s->t->err. */
int proxy_open_openocd(struct proxy_session *s);
/* One GDB session on fd (accepted), over a new connection to OpenOCD,
 * until either side ends it or SIGINT. */
void proxy_serve_gdb(struct proxy_session *s, int fd);
/* The connection to OpenOCD closed and the description freed. */
void proxy_close(struct proxy_session *s);

#endif
