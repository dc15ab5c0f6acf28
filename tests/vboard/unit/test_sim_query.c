/*
 * test_sim_query.c - vboard's own query on the host side of its serial
 * line (sim_query.h): qPmustub.Simulator is answered and never reaches
 * the board; every other byte reaches it unchanged, in order, also when a
 * packet arrives in pieces. Framing oracle: GDB's manual ("Overview":
 * $payload#cs, cs the modulo-256 sum; the sums below are worked out by
 * hand: "qPmustub.Simulator" 0x4f, "name=vboard;cpu=34k" 0xee).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "sim_query.h"

static struct sim_query q;
static char board[4096], host[4096];

/* Feeds text; appends what the board and the host get. */
static void feed(const char *text)
{
    uint8_t b[512 + SIM_QUERY_HOLD], h[2 * SIM_QUERY_ANSWER_MAX];
    unsigned nh;
    unsigned nb = sim_query_filter(&q, (const uint8_t *)text, (unsigned)strlen(text),
                                   b, h, &nh);
    strncat(board, (const char *)b, nb);
    strncat(host, (const char *)h, nh);
}

static int setup(void **s)
{
    (void)s;
    sim_query_init(&q, "34k");
    board[0] = host[0] = 0;
    return 0;
}

static void answers_and_keeps_it_from_the_board(void **s)
{
    (void)s;
    feed("$qPmustub.Simulator#4f");
    assert_string_equal(board, "");
    assert_string_equal(host, "+$name=vboard;cpu=34k#ee");
    feed("+$?#3f"); /* the host's verdict is vboard's; the next packet the board's */
    assert_string_equal(board, "$?#3f");
    assert_string_equal(host, "+$name=vboard;cpu=34k#ee");
}

static void other_packets_pass_unchanged(void **s)
{
    (void)s;
    feed("+$qSupported:swbreak+#d7$qPmu$g#67\x03$qPmustub.Simulators#00");
    assert_string_equal(board, "+$qSupported:swbreak+#d7$qPmu$g#67\x03$qPmustub.Simulators#00");
    assert_string_equal(host, "");
}

static void a_query_in_pieces(void **s)
{
    (void)s;
    feed("$qPmu");
    feed("stub.Simu");
    feed("lator#4");
    assert_string_equal(board, "");
    feed("f");
    assert_string_equal(host, "+$name=vboard;cpu=34k#ee");
    feed("-"); /* garbled answer: again */
    assert_string_equal(host, "+$name=vboard;cpu=34k#ee$name=vboard;cpu=34k#ee");
    assert_string_equal(board, "");
}

static void a_garbled_query_is_asked_for_again(void **s)
{
    (void)s;
    feed("$qPmustub.Simulator#4e");
    assert_string_equal(host, "-");
    assert_string_equal(board, "");
    feed("$qPmustub.Simulator#$OK");
    assert_string_equal(board, "$qPmustub.Simulator#$OK"); /* a '$': another packet */
}

static void a_host_in_no_ack_mode_goes_on(void **s)
{
    (void)s;
    feed("$qPmustub.Simulator#4f$g#67");
    assert_string_equal(board, "$g#67");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(answers_and_keeps_it_from_the_board, setup),
        cmocka_unit_test_setup(other_packets_pass_unchanged, setup),
        cmocka_unit_test_setup(a_query_in_pieces, setup),
        cmocka_unit_test_setup(a_garbled_query_is_asked_for_again, setup),
        cmocka_unit_test_setup(a_host_in_no_ack_mode_goes_on, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
