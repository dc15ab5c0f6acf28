/*
 * rbb.h - an OpenOCD remote_bitbang server (rbb.c) in front of a machine's
 * JTAG TAP (for MIPS, the EJTAG port: mips/ejtag_rbb.c). The server knows
 * the wire protocol and the socket; the TAP behind it is a struct rbb_tap.
 */
#ifndef VBOARD_RBB_H
#define VBOARD_RBB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The TAP the server drives. ctx is passed back to every call. */
struct rbb_tap {
    void *ctx;
    /* Drive TCK/TMS/TDI; the TAP acts on TCK rising edges. */
    void (*pins)(void *ctx, bool tck, bool tms, bool tdi);
    /* TDO as sampled by the probe. */
    bool (*tdo)(void *ctx);
    /* Reset lines, true = asserted. */
    void (*reset_lines)(void *ctx, bool trst, bool srst);
    /* True while the CPU owes the probe its next processor access; the
     * server stops clocking the TAP until then (rbb_service). */
    bool (*waiting_for_cpu)(void *ctx);
    /* Stop waiting: the CPU posted nothing in reasonable time. */
    void (*stop_waiting_for_cpu)(void *ctx);
};

struct rbb;
/* Listens on 127.0.0.1:port for the TAP (copied); NULL with a one-line
 * reason in err on error. */
struct rbb *rbb_listen(const struct rbb_tap *tap, uint16_t port, char *err,
                       size_t errlen);
/* The socket fd to include in the main loop's poll() set (listen or client). */
int rbb_fd(const struct rbb *r);
/* Processes whatever bytes are waiting, without blocking; returns true if it
 * did anything (so the main loop keeps polling the probe while the CPU is
 * stalled on a pending processor access).
 * It stops early, and returns false, when the TAP is waiting for the CPU
 * (the probe has just completed a processor access, requested a debug
 * interrupt or reset the processor into debug mode), and keeps returning
 * false until the CPU has posted its next access (at most 100 ms): the main
 * loop must run the CPU in between, so that the access is already pending
 * at the next Capture-DR. The bytes not yet processed stay in the socket,
 * so poll() reports rbb_fd() readable. */
bool rbb_service(struct rbb *r);
void rbb_close(struct rbb *r);

#endif
