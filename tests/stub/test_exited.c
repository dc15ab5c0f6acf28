/*
 * test_exited.c - the program ended (stub_exited): GDB gets "W" with the
 * code (GDB manual, "Stop Reply Packets": W AA), breakpoints are taken
 * out, and from then on nothing runs. A program of its own: the core
 * cannot un-exit. The tests run in order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* bp_is_ours() */

#define A (FAKE_RAM_BASE + 0x300)

static void exit_while_gdb_waits_sends_W_with_the_code(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    assert_string_equal(exchange("Z0,80001300,4"), "OK");
    assert_string_equal(exchange("QTDP:1:80001300:E:0:0"), "OK");
    assert_string_equal(exchange("QTStart"), "OK");
    expect_resume("c");
    fake_clear_io();
    fake_input_str("+"); /* GDB acks the W */
    stub_exited(0x1234); /* main returned 0x1234: the low 8 bits */
    assert_string_equal(out_kinds(), "$");
    out_units(&u);
    assert_string_equal(u[0].payload, "W34");
    assert_true(u[0].cs_ok);
    assert_mem_pristine(A, 4);
    assert_false(bp_is_ours(A));
}

/* A trace run under way ends with the program, and says why in its
 * notes (no stop reason of GDB's names an exit: tunknown). */
static void exit_ends_a_trace_run(void **st)
{
    char want[80] = "T0;tunknown:0;";
    const char *note = ";notes:", *txt = "the program ended (status 0x34)";
    (void)st;
    assert_true(strstr(exchange("qTStatus"), want) != NULL);
    strcpy(want, note);
    for (; *txt; txt++)
        sprintf(want + strlen(want), "%02x", (unsigned char)*txt);
    assert_true(strstr(exchange("qTStatus"), want) != NULL);
}

static void after_the_exit_resumes_answer_W_and_run_nothing(void **st)
{
    static const char *const resumes[] = {"c", "s", "c80001000",
                                          "vCont;c", "vCont;s:1", "?"};
    (void)st;
    for (size_t i = 0; i < sizeof resumes / sizeof *resumes; i++)
        assert_string_equal(exchange(resumes[i]), "W34");
    assert_int_equal(fake.prepare_calls, 1); /* the 'c' before the exit */
    assert_int_equal(fake.set_pc_calls, 0);
}

static void after_the_exit_D_says_OK_and_k_kills(void **st)
{
    (void)st;
    assert_string_equal(exchange("D"), "OK");
    assert_int_equal(fake.prepare_calls, 1);
    fake_clear_io();
    fake_input_packet_str("k");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+");
    assert_int_equal(fake.kill_calls, 1);
    /* Memory and registers can still be looked at. */
    assert_string_equal(exchange("qAttached"), "1");
    assert_int_equal(strlen(exchange("m80001300,4")), 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exit_while_gdb_waits_sends_W_with_the_code),
        cmocka_unit_test(exit_ends_a_trace_run),
        cmocka_unit_test(after_the_exit_resumes_answer_W_and_run_nothing),
        cmocka_unit_test(after_the_exit_D_says_OK_and_k_kills),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
