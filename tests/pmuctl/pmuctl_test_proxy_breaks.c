/*
 * pmuctl_test_proxy_breaks.c - GDB's breakpoints through the proxy
 * (host/proxy/breaks.c) against a scripted OpenOCD (pmuctl_peer.h) that
 * answers as OpenOCD 0.12's gdb server does (src/server/gdb_server.c):
 * "OK", "E0E" when a hardware breakpoint is refused (gdb_error sends
 * EFAULT), a register as target-order hex.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proxy/breaks.h"
#include "pmuctl_peer.h"

static struct target *tg;
static struct proxy_breaks br;
static int peer;

static int setup(void **s)
{
    (void)s;
    tg = calloc(1, sizeof *tg);
    tg->big_endian = 1;
    peer = peer_connect(&tg->rsp, 500);
    proxy_breaks_reset(&br);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    close(peer);
    conn_close(&tg->rsp.conn);
    free(tg);
    return 0;
}

static void answers(const char *payload)
{
    assert_int_equal(peer_packet(peer, "+", payload), 0);
}

/* What the proxy sent OpenOCD since the last call, packets only. */
static const char *sent(void)
{
    static char out[1024];
    const char *h = peer_heard(peer);
    size_t n = 0;
    for (; *h; h++) {
        if (*h == '$')
            for (h++; *h && *h != '#' && n + 2 < sizeof out; h++)
                out[n++] = *h;
        if (*h == '#') {
            out[n++] = ' ';
            h += 2;
        }
    }
    out[n] = 0;
    return out;
}

static void handle(const char *pkt, const char *reply)
{
    char out[16] = "";
    assert_int_equal(proxy_breaks_handle(&br, tg, pkt, out), 1);
    assert_string_equal(out, reply);
}

static void hardware_first_then_software(void **s)
{
    (void)s;
    answers("OK");
    handle("Z0,80100000,4", "OK");
    assert_string_equal(sent(), "Z1,80100000,4 ");
    /* The core has one: OpenOCD refuses the next; the proxy learns it. */
    answers("E0E");
    answers("OK");
    handle("Z0,80100010,4", "OK");
    assert_string_equal(sent(), "Z1,80100010,4 Z0,80100010,4 ");
    answers("OK");
    handle("Z0,80100020,4", "OK");
    assert_string_equal(sent(), "Z0,80100020,4 ");
    /* GDB's own hbreak: the proxy's hardware one moves to software. */
    answers("E0E");
    answers("OK");
    answers("OK");
    answers("OK");
    handle("Z1,80100030,4", "OK");
    assert_string_equal(sent(), "Z1,80100030,4 z1,80100000,4 Z0,80100000,4 Z1,80100030,4 ");
    /* Z0 and Z1 at one address are one breakpoint; removed with the last. */
    handle("Z0,80100030,4", "OK");
    handle("z1,80100030,4", "OK");
    assert_string_equal(sent(), "");
    answers("OK");
    handle("z0,80100030,4", "OK");
    assert_string_equal(sent(), "z1,80100030,4 ");
    /* Watchpoints and conditions are OpenOCD's. */
    char out[16] = "";
    assert_int_equal(proxy_breaks_handle(&br, tg, "Z2,80200000,4", out), 0);
    assert_int_equal(proxy_breaks_handle(&br, tg, "Z0,80100040,4;X2,0a01", out), 0);
}

static void stops_at_breakpoints_and_steps_are_sigtrap(void **s)
{
    char stop[32];
    (void)s;
    answers("OK");
    handle("Z0,80100010,4", "OK");
    sent();
    /* A halt with signal 0 at one of GDB's breakpoints (the pc read). */
    proxy_breaks_resumed(&br, "vCont;c");
    strcpy(stop, "T00");
    answers("80100010");
    assert_int_equal(proxy_breaks_stopped(&br, tg, stop), 0);
    assert_string_equal(stop, "T05");
    assert_string_equal(sent(), "p25 ");
    /* ... elsewhere: as OpenOCD said. */
    proxy_breaks_resumed(&br, "c");
    strcpy(stop, "S00");
    answers("80100014");
    assert_int_equal(proxy_breaks_stopped(&br, tg, stop), 0);
    assert_string_equal(stop, "S00");
    /* The end of a step, whatever OpenOCD said; no pc needed. */
    proxy_breaks_resumed(&br, "vCont;s:0;c:0");
    strcpy(stop, "T00thread:1;");
    assert_int_equal(proxy_breaks_stopped(&br, tg, stop), 0);
    assert_string_equal(stop, "T05thread:1;");
    assert_string_equal(sent(), "p25 ");
    /* Ctrl-C stays SIGINT. */
    proxy_breaks_resumed(&br, "c");
    strcpy(stop, "T02");
    assert_int_equal(proxy_breaks_stopped(&br, tg, stop), 0);
    assert_string_equal(stop, "T02");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(hardware_first_then_software, setup, teardown),
        cmocka_unit_test_setup_teardown(stops_at_breakpoints_and_steps_are_sigtrap, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
