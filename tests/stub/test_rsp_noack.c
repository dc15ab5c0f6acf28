/*
 * test_rsp_noack.c - QStartNoAckMode (GDB manual, "Packet Acknowledgment"):
 * the OK is still acknowledged; afterwards neither side sends '+'/'-'.
 * A program of its own: the core cannot leave no-ack mode.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "trace.h" /* TRACE_FEATURES: the host core has tracepoints */
#include "pmustub/wire.h" /* and sampling: 4 samples leave a stack copy 28 bytes */

/* Runs in order: the first test switches the mode for the rest. */
static void ok_is_acked_and_retransmitted_before_switching(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_reset();
    assert_string_equal(exchange("qSupported:swbreak+"),
                        "PacketSize=400;qXfer:features:read+;"
                        "QStartNoAckMode+;swbreak+" TRACE_FEATURES
                        ";" PMUSTUB_FEATURE_SAMPLE ";"
                        PMUSTUB_FEATURE_SAMPLE_STACK "=01c");
    fake_clear_io();
    fake_input_packet_str("QStartNoAckMode");
    fake_input_str("-+"); /* GDB asks for the OK again, then acks it */
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$$");
    out_units(&u);
    assert_string_equal(u[1].payload, "OK");
    assert_string_equal(u[2].payload, "OK");
}

static void no_acks_afterwards(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_clear_io();
    fake_input_packet_str("qAttached");
    fake_input_packet_str("m80001000,1");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "$$");
    out_units(&u);
    assert_string_equal(u[0].payload, "1");
    assert_int_equal(strlen(u[1].payload), 2);
}

static void bad_checksum_is_dropped_silently(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_clear_io();
    fake_input_str("$qAttached#00");
    fake_input_packet_str("qAttached");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "$");
    out_units(&u);
    assert_string_equal(u[0].payload, "1");
}

static void minus_after_reply_is_noise(void **state)
{
    (void)state;
    fake_clear_io();
    fake_input_packet_str("qAttached");
    fake_input_str("-");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "$"); /* sent once, not retransmitted */
}

static void resume_is_not_acked(void **state)
{
    (void)state;
    fake_clear_io();
    fake_input_packet_str("c");
    assert_int_equal(stub_serve(), 1);
    assert_int_equal(fake.out_len, 0);
    assert_int_equal(fake.prepare_calls, 1);
}

/* GDB closes the connection after D or k; the next GDB to connect starts
 * in acknowledged mode (GDB manual, "Packet Acknowledgment": no-ack mode
 * lasts for the rest of the connection). */
static void new_session_after_D_or_k_is_acked(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_clear_io();
    fake_input_packet_str("D");
    assert_int_equal(stub_serve(), 1);
    assert_string_equal(out_kinds(), "$"); /* OK, in no-ack mode still */
    assert_string_equal(exchange("qAttached"), "1"); /* '+' then reply */

    assert_string_equal(exchange("QStartNoAckMode"), "OK");
    fake_clear_io();
    fake_input_packet_str("k");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
    assert_int_equal(fake.kill_calls, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ok_is_acked_and_retransmitted_before_switching),
        cmocka_unit_test(no_acks_afterwards),
        cmocka_unit_test(bad_checksum_is_dropped_silently),
        cmocka_unit_test(minus_after_reply_is_noise),
        cmocka_unit_test(resume_is_not_acked),
        cmocka_unit_test(new_session_after_D_or_k_is_acked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
