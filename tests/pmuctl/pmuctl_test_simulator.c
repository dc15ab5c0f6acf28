/*
 * pmuctl_test_simulator.c - counts from vboard are labelled simulated and
 * a board's never are. A scripted peer plays vboard's serial port
 * (answers qPmustub.Simulator: vboard/common/sim_query.c), a stub (the
 * empty reply to a q packet it does not know, GDB manual "General Query
 * Packets"), and OpenOCD (the TAP's IDCODE, in decimal as OpenOCD 0.12
 * prints it: vboard's 0x0340024f is 54526543). The catalogue's vboard
 * column decides what is <not supported> (target-xml/events/34k.csv:
 * alu_stalls none, cycles model, instructions exact).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/catalog.h"
#include "pmuctl_peer_target.h"
#include "session/simulator.h"

static struct target *t;
static int peer;

static int setup(void **s)
{
    (void)s;
    t = peer_target(&peer);
    assert_true(t && peer >= 0);
    snprintf(t->pmu.core, sizeof t->pmu.core, "34k");
    t->pmu.cat = catalog_core("34k");
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    peer_target_free(t, peer);
    return 0;
}

static void peer_answers(const char *ack, const char *payload)
{
    assert_int_equal(peer_packet(peer, ack, payload), 0);
}

static void vboard_says_so(void **s)
{
    char from[256];
    (void)s;
    peer_answers("+", "name=vboard;cpu=34k");
    assert_int_equal(target_ask_simulator(t), 0);
    assert_string_equal(peer_heard(peer), "$qPmustub.Simulator#4f+");
    assert_string_equal(t->sim.name, "vboard");
    assert_string_equal(t->sim.cpu, "34k");
    assert_string_equal(target_sim_counting(t, "alu_stalls"), "none");
    assert_string_equal(target_sim_counting(t, "cycles"), "model");
    assert_string_equal(target_sim_counting(t, "instructions"), "exact");
    target_counts_from(t, NULL, from, sizeof from);
    assert_string_equal(from, "counts simulated by vboard (34k)");
    /* A label does not hide it. */
    target_counts_from(t, "bench 3", from, sizeof from);
    assert_string_equal(from, "bench 3; counts simulated by vboard (34k)");
}

static void a_stub_on_a_board_does_not(void **s)
{
    char from[256];
    (void)s;
    peer_answers("+", "");
    assert_int_equal(target_ask_simulator(t), 0);
    assert_string_equal(t->sim.name, "");
    assert_null(target_sim_counting(t, "alu_stalls")); /* counted by the board */
    target_counts_from(t, NULL, from, sizeof from);
    assert_string_equal(from, "counts from the target's performance counters");
    target_counts_from(t, "bench 3", from, sizeof from);
    assert_string_equal(from, "bench 3");
    /* An error, or an answer without both fields, is no simulator. */
    peer_answers("+", "E01");
    assert_int_equal(target_ask_simulator(t), 0);
    assert_string_equal(t->sim.name, "");
    peer_answers("+", "name=vboard");
    assert_int_equal(target_ask_simulator(t), 0);
    assert_string_equal(t->sim.name, "");
}

/* "monitor ..." through OpenOCD: output in O packets, then OK. */
static void openocd_says(const char *text)
{
    char hex[128] = "O";
    for (const char *p = text; *p; p++)
        sprintf(hex + strlen(hex), "%02x", (unsigned char)*p);
    peer_answers("", hex);
    peer_answers("", "OK");
}

static void openocd_tells_by_the_idcode(void **s)
{
    (void)s;
    t->rsp.noack = 1;
    openocd_says("54526543\n");
    assert_int_equal(target_openocd_simulator(t), 0);
    assert_non_null(strstr(peer_heard(peer), "$qRcmd,"));
    assert_string_equal(t->sim.name, "vboard");
    /* Another TAP: a board. */
    t->sim.name[0] = 0;
    openocd_says("0x1008c17f\n");
    assert_int_equal(target_openocd_simulator(t), 0);
    assert_string_equal(t->sim.name, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(vboard_says_so, setup, teardown),
        cmocka_unit_test_setup_teardown(a_stub_on_a_board_does_not, setup, teardown),
        cmocka_unit_test_setup_teardown(openocd_tells_by_the_idcode, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
