/*
 * test_rsp_framing.c - the packet layer in acknowledged mode: checksums,
 * '+'/'-' with retransmission, noise, cut packets, end of input and
 * oversized packets (GDB manual, "Overview" and "Packet Acknowledgment"),
 * and a noisy line: after any garbage the next good packet works.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
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

/* The packet and its reply share one buffer (stub.c): a write of the full
 * PacketSize still gets its OK, and is done. */
static void largest_write_gets_its_ok(void **state)
{
    static char pkt[STUB_PKT_MAX + 1];
    const char *head = "M80001000,1f9:"; /* 14 + 2 * 0x1f9 = 1024 */
    size_t n;
    (void)state;
    assert_int_equal(strlen(head) + 2 * 0x1f9, STUB_PKT_MAX);
    memset(pkt, '5', STUB_PKT_MAX);
    memcpy(pkt, head, strlen(head));
    assert_string_equal(exchange_bin(pkt, STUB_PKT_MAX, &n), "OK");
    assert_int_equal(fake.ram[0], 0x55);
    assert_int_equal(fake.ram[0x1f8], 0x55);
}

/* A short reply outlives a noise frame that comes after it: the frame is
 * received past the reply, and a '-' gets the reply again. */
static void short_reply_is_sent_again_after_noise(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_input_packet_str("qAttached");
    fake_input_str("+$noise#00-");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$-$");
    out_units(&u);
    assert_string_equal(u[3].payload, "1");
    assert_true(u[3].cs_ok);
}

/* A long reply outlives a short noise frame too: the frame is received
 * after it (a client's '-' may cross a new packet of its own). */
static void long_reply_is_sent_again_after_short_noise(void **state)
{
    struct rsp_unit *u;
    (void)state;
    fake_input_packet_str("m80001000,100"); /* a 512-character reply */
    fake_input_str("+$qXfer:features:read:target.xml:0,100#00-");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$-$");
    out_units(&u);
    assert_int_equal(strlen(u[1].payload), 512);
    assert_string_equal(u[3].payload, u[1].payload);
    assert_true(u[3].cs_ok);
}

/* A long reply that a long noise frame has overwritten is not sent again
 * (it would be the noise): the '-' gets nothing, the client asks again. */
static void overwritten_reply_is_not_sent_again(void **state)
{
    static char noise[600];
    struct rsp_unit *u;
    (void)state;
    fake_input_packet_str("m80001000,100"); /* a 512-character reply */
    fake_input_str("+$");
    memset(noise, 'z', sizeof noise - 4);
    memcpy(noise + sizeof noise - 4, "#00", 4);
    fake_input_str(noise);
    fake_input_str("-");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$-+$");
    out_units(&u);
    assert_int_equal(strlen(u[1].payload), 512);
    assert_string_equal(u[4].payload, "1");
}

/* A line that loses, adds and changes bytes: garbage before a packet and
 * inside a cut one, stray acks, '$' anywhere. Pseudo-random (a fixed LCG)
 * but without '#', so that no garbage frame can complete by chance, and
 * without '-', which asks for the last reply (see below). Every good
 * packet after it is answered, exactly once. */
static void garbage_storm_then_every_good_packet_works(void **state)
{
    uint32_t x = 12345;
    struct rsp_unit *u;
    char pkt[24], want[16];
    (void)state;
    for (unsigned round = 0; round < 64; round++) {
        uint32_t addr = FAKE_RAM_BASE + 4 * round;
        unsigned n;
        fake_clear_io();
        x = x * 1103515245u + 12345u;
        for (n = x >> 26; n; n--) { /* 0..63 bytes */
            x = x * 1103515245u + 12345u;
            char c = (char)(x >> 24);
            fake_input(c == '#' || c == '-' ? "$" : &c, 1);
        }
        snprintf(pkt, sizeof pkt, "m%x,4", addr);
        fake_input_packet_str(pkt);
        fake_input_str("+");
        assert_int_equal(stub_serve(), 0);
        assert_string_equal(out_kinds(), "+$");
        out_units(&u);
        for (int i = 0; i < 4; i++)
            sprintf(want + 2 * i, "%02x", fake_mem_pattern(addr + i));
        assert_string_equal(u[1].payload, want);
    }
    assert_int_equal(fake.mem_writes + fake.reg_writes + fake.prepare_calls,
                     0);
}

/* Every single-bit error in a write packet: the packet is never carried
 * out (a bad checksum gets '-', a lost '$' or '#' makes the rest noise up
 * to the next '$'), and GDB's next packet is answered. The checksum of
 * this payload is 0x25, decimal digits, so that no flip makes it another
 * spelling of the same number (a/A). */
static void every_bit_error_is_refused_and_the_next_packet_works(void **st)
{
    static const char good[] = "$M80001000,4:deadbe00#25";
    struct rsp_unit *u;
    char bad[sizeof good];
    (void)st;
    assert_int_equal(rsp_checksum(good + 1, sizeof good - 5), 0x25);
    for (size_t i = 0; i < sizeof good - 1; i++) {
        for (int bit = 0; bit < 8; bit++) {
            memcpy(bad, good, sizeof good);
            bad[i] = (char)(bad[i] ^ (1 << bit));
            fake_clear_io();
            fake_input(bad, sizeof good - 1);
            fake_input_packet_str("m80001000,4");
            fake_input_str("+");
            assert_int_equal(stub_serve(), 0);
            int n = out_units(&u);
            assert_true(n >= 2);
            assert_int_equal(u[n - 2].kind, '+');
            assert_true(u[n - 1].kind == '$' && u[n - 1].cs_ok);
            assert_int_equal(strlen(u[n - 1].payload), 8);
            for (int k = 0; k < n - 2; k++)
                assert_int_equal(u[k].kind, '-');
            assert_int_equal(fake.mem_writes, 0);
        }
    }
}

/* GDB's '-' for a reply whose ack wait is already over (a noise '$'
 * ended it: "$zz#00" here, which gets its own '-'): the reply goes again. */
static void minus_after_the_wait_for_the_ack_resends_the_reply(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_input_packet_str("qAttached");
    fake_input_str("$zz#00");
    fake_input_str("-+");
    fake_input_packet_str("m80001000,1");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$-$+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
    assert_string_equal(u[3].payload, "1");
    assert_int_equal(strlen(u[5].payload), 2);
}

/* Once a new packet has come, the last reply is not asked for any more
 * (its buffer is reused): a '-' after a packet that has no reply ('k')
 * sends nothing. */
static void minus_after_a_packet_without_reply_sends_nothing(void **st)
{
    (void)st;
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    fake_input_packet_str("k");
    fake_input_str("-");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$++$");
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
        cmocka_unit_test_setup(largest_write_gets_its_ok, setup),
        cmocka_unit_test_setup(short_reply_is_sent_again_after_noise, setup),
        cmocka_unit_test_setup(long_reply_is_sent_again_after_short_noise,
                               setup),
        cmocka_unit_test_setup(overwritten_reply_is_not_sent_again, setup),
        cmocka_unit_test_setup(oversized_packet_gets_error_and_stub_goes_on,
                               setup),
        cmocka_unit_test_setup(garbage_storm_then_every_good_packet_works,
                               setup),
        cmocka_unit_test_setup(
            every_bit_error_is_refused_and_the_next_packet_works, setup),
        cmocka_unit_test_setup(
            minus_after_the_wait_for_the_ack_resends_the_reply, setup),
        cmocka_unit_test_setup(minus_after_a_packet_without_reply_sends_nothing,
                               setup),
        cmocka_unit_test_setup(empty_packet_gets_empty_reply, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
