/*
 * pmuctl_test_rsp.c - the RSP client against a scripted peer on a
 * socketpair. Oracles: packets as the GDB manual spells them ("$?#3f",
 * "$OK#9a", run-length "0* " = "0000", escape "}]" = "}"), acks, timeouts
 * and a closed peer; and a noisy line (docs/pmuctl.md, "A noisy line"):
 * resends on '-' and on silence, a '$' for a garbled '+', resynchronising
 * on '$', '-' for a bad checksum and for a garbled reply gone silent, the
 * ack mode read from the first answer, a slow line that is not lost.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "pmuctl_peer.h"
#include "rsp/rsp.h"

static struct rsp *r;
static int peer;

static int setup(void **s)
{
    (void)s;
    r = calloc(1, sizeof *r);
    peer = peer_connect(r, 200);
    assert_true(peer >= 0);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    conn_close(&r->conn);
    if (peer >= 0)
        close(peer);
    free(r);
    return 0;
}

static void peer_says(const char *bytes)
{
    assert_int_equal(write(peer, bytes, strlen(bytes)), (ssize_t)strlen(bytes));
}


static void send_frames_and_waits_for_ack(void **s)
{
    (void)s;
    peer_says("+");
    assert_int_equal(rsp_send(r, "?"), RSP_OK);
    assert_string_equal(peer_heard(peer), "$?#3f");
    /* A '-' asks for the packet again. */
    peer_says("-+");
    assert_int_equal(rsp_send(r, "?"), RSP_OK);
    assert_string_equal(peer_heard(peer), "$?#3f$?#3f");
    /* No ack at all: timeout. */
    assert_int_equal(rsp_send(r, "?"), RSP_TIMEOUT);
}

static void recv_acks_and_decodes(void **s)
{
    (void)s;
    peer_says("$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_string_equal(peer_heard(peer), "+");
    peer_says("$0* #7a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "0000");
    peer_says("$}]#da");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "}");
    assert_int_equal(r->reply_len, 1);
    /* Bad checksum: '-', then the resent packet is taken. */
    peer_heard(peer);
    peer_says("$OK#00$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(peer_heard(peer), "-+");
    /* A notification is skipped. */
    peer_says("%Stop:T05#00$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "OK");
}

static char heard_notify[64];
static int notifies;

static void on_notify(void *ctx, const char *text)
{
    (void)ctx;
    snprintf(heard_notify, sizeof heard_notify, "%s", text);
    notifies++;
}

/* With notify set, a whole notification goes to it, unacknowledged (GDB
 * manual, "Notification Packets"), before the reply; a garbled one is
 * dropped without a '-'. */
static void notifications_go_to_notify(void **s)
{
    (void)s;
    r->notify = on_notify;
    notifies = 0;
    peer_says("%Pmustub.Interval:1;2a#9c$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_int_equal(notifies, 1);
    assert_string_equal(heard_notify, "Pmustub.Interval:1;2a");
    assert_string_equal(peer_heard(peer), "+");
    peer_says("%Pmustub.Interval:1;2b#9c$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_int_equal(notifies, 1);
    assert_string_equal(peer_heard(peer), "+");
}

static void noack_mode(void **s)
{
    (void)s;
    r->noack = 1;
    assert_int_equal(rsp_send(r, "g"), RSP_OK);
    assert_string_equal(peer_heard(peer), "$g#67");
    peer_says("$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(peer_heard(peer), "");
}

static void timeout_and_lost(void **s)
{
    (void)s;
    assert_int_equal(rsp_recv(r, 50), RSP_TIMEOUT);
    peer_says("$O");  /* half a packet, then the peer goes */
    close(peer);
    peer = -1;
    assert_int_equal(rsp_recv(r, 200), RSP_LOST);
}

static void monitor_output(void **s)
{
    char out[64];
    int failed;
    (void)s;
    r->noack = 1;
    /* OpenOCD: console output in O packets, then OK. */
    peer_says("$O6869#2c$O0a#e0$OK#9a");
    assert_int_equal(rsp_monitor(r, "pmu", out, sizeof out, &failed), RSP_OK);
    assert_false(failed);
    assert_string_equal(out, "hi\n");
    assert_string_equal(peer_heard(peer), "$qRcmd,706d75#90");
    /* The stub: the output is the reply. */
    peer_says("$6869#dd");
    assert_int_equal(rsp_monitor(r, "x", out, sizeof out, &failed), RSP_OK);
    assert_string_equal(out, "hi");
    peer_says("$E01#a6");
    assert_int_equal(rsp_monitor(r, "x", out, sizeof out, &failed), RSP_OK);
    assert_true(failed);
}

/* Console output ("O" and hex) that comes ahead of an answer is not the
 * answer: OpenOCD 0.12 logs "target halted ..." to GDB as O packets, and
 * one came before its OK to D. "OK" is an answer. */
static void console_output_before_an_answer_is_skipped(void **s)
{
    (void)s;
    r->noack = 1;
    /* "target halted\n" as OpenOCD sends it, an empty keep-alive, then OK. */
    assert_int_equal(peer_packet(peer, "", "O7461726765742068616c7465640a"), 0);
    assert_int_equal(peer_packet(peer, "", "O"), 0);
    assert_int_equal(peer_packet(peer, "", "OK"), 0);
    assert_int_equal(rsp_request(r, "D"), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_string_equal(peer_heard(peer), "$D#44");
    /* Before a memory read's answer, in ack mode. */
    r->noack = 0;
    peer_says("+");
    assert_int_equal(peer_packet(peer, "", "O68690a"), 0);
    assert_int_equal(peer_packet(peer, "", "1000fffd"), 0);
    assert_int_equal(rsp_request(r, "m80100010,4"), RSP_OK);
    assert_string_equal(r->reply, "1000fffd");
    assert_string_equal(peer_heard(peer), "$m80100010,4#57++");
    /* Console output only, then silence: no answer came. */
    r->noack = 1;
    assert_int_equal(peer_packet(peer, "", "O6869"), 0);
    assert_int_equal(rsp_request(r, "?"), RSP_TIMEOUT);
    /* An "O" that is not hex is no console output: it is the answer. */
    assert_true(rsp_is_console("O0a"));
    assert_false(rsp_is_console("OK"));
    assert_false(rsp_is_console("O"));
    assert_false(rsp_is_console("Oxyz"));
    assert_false(rsp_is_console("T05"));
}

static void register_values(void **s)
{
    unsigned long long v;
    char hex[17];
    (void)s;
    assert_int_equal(rsp_decode_reg("8010012c", 8, 1, &v), 0);
    assert_true(v == 0x8010012c);
    assert_int_equal(rsp_decode_reg("2c011080", 8, 0, &v), 0);
    assert_true(v == 0x8010012c);
    assert_int_equal(rsp_decode_reg("xxxxxxxx", 8, 1, &v), -1);
    assert_int_equal(rsp_decode_reg("123", 3, 1, &v), -1);
    rsp_encode_reg(0x2a, 4, 1, hex);
    assert_string_equal(hex, "0000002a");
    rsp_encode_reg(0x2a, 4, 0, hex);
    assert_string_equal(hex, "2a000000");
}

static void target_specs(void **s)
{
    char host[64], port[64], err[256];
    unsigned baud;
    int serial;
    (void)s;
    assert_int_equal(conn_parse_target("127.0.0.1:3333", host, sizeof host, port,
                                       sizeof port, &baud, &serial, err, sizeof err), 0);
    assert_false(serial);
    assert_string_equal(host, "127.0.0.1");
    assert_string_equal(port, "3333");
    assert_int_equal(conn_parse_target("/dev/ttyUSB0@9600", host, sizeof host, port,
                                       sizeof port, &baud, &serial, err, sizeof err), 0);
    assert_true(serial);
    assert_string_equal(port, "/dev/ttyUSB0");
    assert_int_equal(baud, 9600);
    assert_int_equal(conn_parse_target("/dev/ttyS0", host, sizeof host, port,
                                       sizeof port, &baud, &serial, err, sizeof err), 0);
    assert_int_equal(baud, 115200);
    assert_int_equal(conn_parse_target("/dev/ttyS0@12345", host, sizeof host, port,
                                       sizeof port, &baud, &serial, err, sizeof err), -1);
    assert_non_null(strstr(err, "unsupported baud rate"));
    assert_int_equal(conn_parse_target("localhost", host, sizeof host, port,
                                       sizeof port, &baud, &serial, err, sizeof err), -1);
    assert_int_equal(conn_parse_target("h:65536", host, sizeof host, port,
                                       sizeof port, &baud, &serial, err, sizeof err), -1);
}

/* Sends "g" (GDB's "$g#67") and checks the script ran as written. */
static void send_g_against(const char *const *steps, int want)
{
    pid_t pid = peer_script(peer, steps);
    assert_int_equal(rsp_send(r, "g"), want);
    assert_int_equal(peer_done(pid), 0);
}

static void resends_on_minus_and_on_silence(void **s)
{
    (void)s;
    r->retry_ms = 50;
    /* The first copy garbled ('-'), the second lost (silence), the third
     * acked. */
    static const char *const steps[] = {"<$g#67", ">-", "<$g#67", "<$g#67", ">+", NULL};
    send_g_against(steps, RSP_OK);
    assert_int_equal(r->st.resent, 2);
    assert_int_equal(r->st.packets_out, 1);
}

static void a_dollar_is_the_reply_whose_ack_was_garbled(void **s)
{
    (void)s;
    r->retry_ms = 50;
    peer_says("k$OK#9a"); /* '+' garbled into 'k', then the reply */
    assert_int_equal(rsp_request(r, "g"), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_string_equal(peer_heard(peer), "$g#67+"); /* sent once */
    assert_int_equal(r->st.noise, 1);
}

static void garbage_then_silence_asks_again_before_resending(void **s)
{
    (void)s;
    r->retry_ms = 50;
    /* 'k' (a garbled '+') and a reply garbled out of sight: a '-' brings
     * the reply again, and the packet is not run twice. */
    static const char *const steps[] = {"<$g#67", ">k", "<-", ">$OK#9a", "<+", NULL};
    pid_t pid = peer_script(peer, steps);
    assert_int_equal(rsp_request(r, "g"), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_int_equal(peer_done(pid), 0);
    assert_int_equal(r->st.nags, 1);
    assert_int_equal(r->st.resent, 0);
}

static void a_resume_is_not_sent_twice(void **s)
{
    (void)s;
    r->retry_ms = 50;
    /* Garbage, then silence: its '+' garbled, and the program runs. */
    peer_says("k");
    assert_int_equal(rsp_send(r, "c"), RSP_OK);
    assert_string_equal(peer_heard(peer), "$c#63");
    /* Pure silence: the packet never arrived (an ack would be a byte). */
    static const char *const steps[] = {"<$c#63", "<$c#63", ">+", NULL};
    pid_t pid = peer_script(peer, steps);
    assert_int_equal(rsp_send(r, "c"), RSP_OK);
    assert_int_equal(peer_done(pid), 0);
    assert_int_equal(r->st.resent, 1);
}

static void resynchronises_on_dollar(void **s)
{
    (void)s;
    /* Noise, then a packet cut short by the next '$'. */
    peer_says("\x7f\x13$O$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_int_equal(r->st.noise, 4);
    /* A '$' where the checksum should be starts the packet again. */
    peer_says("$OK#$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_string_equal(peer_heard(peer), "++");
}

static void bad_checksum_gets_minus(void **s)
{
    (void)s;
    peer_says("$OK#9b$OK#9a");
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(peer_heard(peer), "-+");
    assert_int_equal(r->st.bad_checksums, 1);
}

static void garbled_reply_gone_silent_is_asked_for_again(void **s)
{
    (void)s;
    r->retry_ms = 50;
    /* '#' garbled into 'c': the stub waits for a verdict that never comes
     * unless we ask. */
    static const char *const steps[] = {">$OKc9a", "<-", ">$OK#9a", "<+", NULL};
    pid_t pid = peer_script(peer, steps);
    assert_int_equal(rsp_recv(r, 1000), RSP_OK);
    assert_string_equal(r->reply, "OK");
    assert_int_equal(peer_done(pid), 0);
    assert_int_equal(r->st.nags, 1);
}

static void a_hopeless_line_ends(void **s)
{
    char bad[RSP_MAX_TRIES * 7 + 1] = "";
    (void)s;
    for (int i = 0; i < RSP_MAX_TRIES; i++)
        strcat(bad, "$OK#00");
    peer_says(bad);
    assert_int_equal(rsp_recv(r, 1000), RSP_GARBLED);
    assert_int_equal(r->st.bad_checksums, RSP_MAX_TRIES - 1);
}

static void a_slow_line_is_not_a_lost_one(void **s)
{
    (void)s;
    /* 44 bytes, 20 ms apart: 0.9 s in all, three times the timeout, but
     * never silent for long. */
    static const char *const steps[] = {"~$0123456789abcdef0123456789abcdef0123456789#d1",
                                        "<+", NULL};
    r->timeout_ms = 300;
    pid_t pid = peer_script(peer, steps);
    assert_int_equal(rsp_recv(r, 300), RSP_OK);
    assert_int_equal(r->reply_len, 42);
    assert_int_equal(peer_done(pid), 0);
}

static void hello_reads_the_ack_mode(void **s)
{
    (void)s;
    peer_says("+$S05#b8");
    assert_int_equal(rsp_hello(r, "?", 200, 1), RSP_OK);
    assert_false(r->noack);
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    assert_string_equal(r->reply, "S05");
    /* A reply and no ack: the stub was left in no-ack mode. */
    peer_heard(peer);
    peer_says("$S05#b8");
    assert_int_equal(rsp_hello(r, "?", 200, 1), RSP_OK);
    assert_true(r->noack);
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    /* Something before the reply: an ack garbled, so ack mode. */
    peer_says("k$S05#b8");
    assert_int_equal(rsp_hello(r, "?", 200, 1), RSP_OK);
    assert_false(r->noack);
    assert_int_equal(rsp_recv(r, 200), RSP_OK);
    /* Silence: a stub running the program. */
    assert_int_equal(rsp_hello(r, "?", 50, 1), RSP_TIMEOUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(send_frames_and_waits_for_ack, setup, teardown),
        cmocka_unit_test_setup_teardown(recv_acks_and_decodes, setup, teardown),
        cmocka_unit_test_setup_teardown(notifications_go_to_notify, setup, teardown),
        cmocka_unit_test_setup_teardown(noack_mode, setup, teardown),
        cmocka_unit_test_setup_teardown(timeout_and_lost, setup, teardown),
        cmocka_unit_test_setup_teardown(monitor_output, setup, teardown),
        cmocka_unit_test_setup_teardown(console_output_before_an_answer_is_skipped,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(register_values, setup, teardown),
        cmocka_unit_test_setup_teardown(target_specs, setup, teardown),
        cmocka_unit_test_setup_teardown(resends_on_minus_and_on_silence, setup, teardown),
        cmocka_unit_test_setup_teardown(a_dollar_is_the_reply_whose_ack_was_garbled,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(garbage_then_silence_asks_again_before_resending,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_resume_is_not_sent_twice, setup, teardown),
        cmocka_unit_test_setup_teardown(resynchronises_on_dollar, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_checksum_gets_minus, setup, teardown),
        cmocka_unit_test_setup_teardown(garbled_reply_gone_silent_is_asked_for_again,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_hopeless_line_ends, setup, teardown),
        cmocka_unit_test_setup_teardown(a_slow_line_is_not_a_lost_one, setup, teardown),
        cmocka_unit_test_setup_teardown(hello_reads_the_ack_mode, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
