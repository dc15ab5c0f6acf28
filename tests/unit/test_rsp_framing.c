/*
 * test_rsp_framing.c - the packet layer in acknowledged mode: checksums,
 * '+'/'-' with retransmission, noise, cut packets, end of input and
 * oversized packets (GDB manual, "Overview" and "Packet Acknowledgment").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* STUB_PKT_MAX, the PacketSize we advertise */

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

static void good_checksum_is_acked_and_answered(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_input_str("$qAttached#8f+"); /* 0x8f = sum of the payload bytes */
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
    assert_true(u[1].cs_ok);
}

static void upper_case_checksum_digits_are_accepted(void **state)
{
    (void)state;
    fake_input_str("$qC#B4+"); /* 'q'+'C' = 0xb4 */
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$");
}

static void bad_checksum_gets_minus_then_next_packet_works(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_input_str("$qAttached#8e");   /* off by one */
    fake_input_str("$qAttached#zz");   /* not hex */
    fake_input_packet_str("qAttached"); /* GDB's retransmission */
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "--+$");
    out_units(&u);
    assert_string_equal(u[3].payload, "1");
}

static void stub_retransmits_on_minus(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_input_packet_str("qAttached");
    fake_input_str("--+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$$$");
    out_units(&u);
    for (int i = 1; i < 4; i++) {
        assert_string_equal(u[i].payload, "1");
        assert_true(u[i].cs_ok);
    }
}

static void plus_ack_is_consumed_not_a_packet(void **state)
{
    (void)state;
    /* Two exchanges, each reply acked: exactly two replies, one each. */
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$");
}

static void noise_before_dollar_is_ignored(void **state)
{
    (void)state;
    /* Stray acks, a late interrupt byte, line garbage and a lone '#' ('-'
     * is no noise: it asks for the last reply again, see below). */
    fake_input_str("++\x03zz#00 \r\n");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$");
}

static void dollar_restarts_a_cut_packet(void **state)
{
    struct rsp_unit *u;
    (void)state;
    /* The checksum covers only what follows the last '$'. */
    fake_input_str("$m80001000,4");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
}

static void dollar_in_place_of_the_checksum_restarts_too(void **state)
{
    struct rsp_unit *u;
    (void)state;
    /* The line dropped the end of a packet, checksum included: the '$'
     * that follows starts the next packet. No '-': the cut packet is not
     * retransmitted by itself, and a '-' would make GDB send the new one
     * twice. */
    fake_input_str("$M80001000,1:aa#");
    fake_input_packet_str("qAttached");
    fake_input_str("+$M80001000,1:aa#a");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
    assert_string_equal(u[3].payload, "1");
    assert_int_equal(fake.mem_writes, 0);
}

static void gdb_packet_instead_of_ack_is_served(void **state)
{
    struct rsp_unit *u;
    (void)state;
    /* GDB may send its next packet without acking our reply: that '$'
     * starts a packet, it is not lost. */
    fake_input_packet_str("qAttached");
    fake_input_packet_str("m80001000,1");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
    assert_int_equal(strlen(u[3].payload), 2);
}

static void end_of_input_anywhere_returns_zero(void **state)
{
    static const char *const cuts[] = {
        "", "+", "$", "$qAtt", "$qAttached", "$qAttached#", "$qAttached#8",
    };
    (void)state;
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        fake_clear_io();
        fake_input_str(cuts[i]);
        assert_int_equal(stub_serve(), 0);
        assert_int_equal(fake.out_len, 0); /* nothing complete: no ack, no reply */
    }
    /* Input ends while the stub waits for the ack of its reply. */
    fake_clear_io();
    fake_input_packet_str("qAttached");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$");
}

static void largest_packet_is_accepted(void **state)
{
    static char pkt[STUB_PKT_MAX];
    size_t n;
    (void)state;
    /* An unknown packet of exactly PacketSize bytes: empty reply. */
    memset(pkt, 'j', sizeof pkt);
    assert_string_equal(exchange_bin(pkt, sizeof pkt, &n), "");
}

static void oversized_packet_gets_error_and_stub_goes_on(void **state)
{
    static char pkt[STUB_PKT_MAX + 200];
    struct rsp_unit *u;
    (void)state;
    memset(pkt, '0', sizeof pkt);
    memcpy(pkt, "M80001000,2:", 12); /* a write that must not happen */
    fake_input_packet(pkt, sizeof pkt);
    fake_input_str("+");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$");
    out_units(&u);
    assert_true(u[1].payload[0] == 'E');
    assert_string_equal(u[3].payload, "1");
    assert_int_equal(fake.mem_writes, 0);
    assert_mem_pristine(FAKE_RAM_BASE, 2);
}

static void empty_packet_gets_empty_reply(void **state)
{
    (void)state;
    assert_string_equal(exchange(""), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(good_checksum_is_acked_and_answered, setup),
        cmocka_unit_test_setup(upper_case_checksum_digits_are_accepted, setup),
        cmocka_unit_test_setup(bad_checksum_gets_minus_then_next_packet_works,
                               setup),
        cmocka_unit_test_setup(stub_retransmits_on_minus, setup),
        cmocka_unit_test_setup(plus_ack_is_consumed_not_a_packet, setup),
        cmocka_unit_test_setup(noise_before_dollar_is_ignored, setup),
        cmocka_unit_test_setup(dollar_restarts_a_cut_packet, setup),
        cmocka_unit_test_setup(dollar_in_place_of_the_checksum_restarts_too,
                               setup),
        cmocka_unit_test_setup(gdb_packet_instead_of_ack_is_served, setup),
        cmocka_unit_test_setup(end_of_input_anywhere_returns_zero, setup),
        cmocka_unit_test_setup(largest_packet_is_accepted, setup),
        cmocka_unit_test_setup(oversized_packet_gets_error_and_stub_goes_on,
                               setup),
        cmocka_unit_test_setup(empty_packet_gets_empty_reply, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
