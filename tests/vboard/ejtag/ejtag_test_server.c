/*
 * ejtag_test_server.c - vboard's EJTAG port and remote_bitbang server with
 * the fake CPU of the unit tests (ejtag_test_jtag.c) instead of the real
 * interpreter, so that stock OpenOCD can be pointed at the TAP alone
 * (tests/e2e/openocd_tap.sh). Usage: ejtag_test_server PORT
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "ejtag_port.h"
#include "ejtag_test_jtag.h"

static volatile sig_atomic_t done;

static void on_signal(int sig)
{
    (void)sig;
    done = 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }
    struct cpu cpu = { 0 };
    struct ejtag *ej = ejtag_new(&cpu);
    if (!ej)
        return 1;
    struct rbb_tap tap = ejtag_rbb_tap(ej);
    char err[256];
    struct rbb *r = rbb_listen(&tap, (uint16_t)atoi(argv[1]), err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        return 1;
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    while (!done) {
        struct pollfd p = { .fd = rbb_fd(r), .events = POLLIN };
        poll(&p, 1, 100);
        while (rbb_service(r))
            ;
    }
    rbb_close(r);
    ejtag_free(ej);
    return 0;
}
