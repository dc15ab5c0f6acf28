/*
 * test_session.c - a new GDB session on a line that has no connection
 * event: qSupported starts one. It is acked whatever mode the last session
 * left, acks are on again, and the last session's breakpoints are taken
 * out. And after a detach, a 0x03 that stops the program gets its stop
 * reply. LLDB's order (no-ack mode asked for before qSupported) after
 * every kind of session. A client that connects while the program runs:
 * its first packet stops the program (the port's rx_scan over the same
 * fake line) and is answered, whatever the last session left. A program
 * of its own: the tests run in order and leave the core in no-ack mode or
 * with breakpoints in for the next.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* bp_is_ours() */
#include "rx_ctrlc.h"       /* rx_scan(), rx_stop(): the ports' part */

#define A (FAKE_RAM_BASE + 0x200)
#define B (FAKE_RAM_BASE + 0x380)

/* What GDB 13 sends first on every connection. */
#define QSUPPORTED                                                          \
    "qSupported:multiprocess+;swbreak+;hwbreak+;qRelocInsn+;fork-events+;" \
    "vfork-events+;exec-events+;vContSupported+;QThreadEvents+;"            \
    "no-resumed+;memory-tagging+;xmlRegisters=mips"

/* What LLDB 14 sends, in this order, on "gdb-remote" (measured with "log
 * enable gdb-remote packets"): '+', QStartNoAckMode in ack mode, the '+'
 * of the OK, then qSupported and the rest in no-ack mode. */
#define LLDB_QSUPPORTED \
    "qSupported:xmlRegisters=i386,arm,mips,arc;multiprocess+;fork-events+;" \
    "vfork-events+"

/* LLDB's connection up to and including its qSupported. */
static void lldb_handshake_input(void)
{
    fake_input_str("+");
    fake_input_packet_str("QStartNoAckMode");
    fake_input_str("+");
    fake_input_packet_str(LLDB_QSUPPORTED);
}

static void enter_noack(void)
{
    assert_string_equal(exchange("QStartNoAckMode"), "OK");
}

/* The program stops (as the port reports it) with the PC at pc, and the
 * stub serves input until it ends; returns the units the stub sent. */
static int stop_at(uint32_t pc, struct stub_stop why, const char *input,
                   struct rsp_unit **u)
{
    uint8_t *r = fake.regs[FAKE_REG_PC];
    r[0] = (uint8_t)(pc >> 24), r[1] = (uint8_t)(pc >> 16);
    r[2] = (uint8_t)(pc >> 8), r[3] = (uint8_t)pc;
    fake_clear_io();
    fake_input_str(input);
    stub_stopped(&why);
    return out_units(u);
}

/* A session left in no-ack mode (GDB's "disconnect" or a killed GDB):
 * the next GDB's qSupported, sent in ack mode after its connect '+',
 * gets its '+' before the reply, and the session goes on with acks. */
static void qsupported_after_noack_session_is_acked(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    enter_noack();
    fake_clear_io();
    fake_input_str("+");
    fake_input_packet_str(QSUPPORTED);
    fake_input_str("+"); /* GDB acks the reply */
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$");
    out_units(&u);
    assert_int_equal(strncmp(u[1].payload, "PacketSize=", 11), 0);
    assert_string_equal(u[3].payload, "1");
}

/* In ack mode, qSupported is acked once, as any packet. */
static void qsupported_in_ack_mode_is_acked_once(void **st)
{
    (void)st;
    assert_true(strstr(exchange(QSUPPORTED), "PacketSize=") != NULL);
    assert_true(strstr(exchange("qSupported"), "PacketSize=") != NULL);
}

/* The reply of a new session waits for its ack and is sent again on '-',
 * which a no-ack session would not do. */
static void new_session_retransmits_on_minus(void **st)
{
    (void)st;
    enter_noack();
    fake_clear_io();
    fake_input_packet_str("qSupported");
    fake_input_str("-+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$$");
}

/* The last session's breakpoints: still in memory when the new session
 * starts (GDB was killed, or "always-inserted"); they go, the original
 * instructions are back, and the program's stop at one of them is no
 * longer reported as ours. */
static void qsupported_takes_the_last_sessions_breakpoints_out(void **st)
{
    struct rsp_unit *u;
    char want[16];
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    assert_string_equal(exchange("Z0,80001380,4"), "OK");
    assert_mem(A, fake_break_insn, 4);
    expect_resume("c");
    assert_int_equal(
        stop_at(A, (struct stub_stop){STUB_SIGTRAP, 1, 0, 0}, "+", &u), 1);
    assert_int_equal(strncmp(u[0].payload, "T05swbreak:;", 12), 0);
    enter_noack(); /* and then the GDB goes away */

    assert_true(strstr(exchange(QSUPPORTED), "PacketSize=") != NULL);
    assert_mem_pristine(A, 4);
    assert_mem_pristine(B, 4);
    assert_false(bp_is_ours(A) || bp_is_ours(B));
    /* The stop is where it was, as a plain SIGTRAP. */
    snprintf(want, sizeof want, "T05%02x:", FAKE_REG_PC);
    assert_int_equal(strncmp(exchange("?"), want, strlen(want)), 0);
    /* The new session's own breakpoints work as ever. */
    assert_string_equal(exchange("Z0,80001380,4"), "OK");
    assert_mem(B, fake_break_insn, 4);
    assert_string_equal(exchange("z0,80001380,4"), "OK");
    assert_mem_pristine(B, 4);
}

/* Nobody waits after a detach: a stop of the program's own is not
 * reported. A 0x03 from a client is different: its sender waits for the
 * stop reply. */
static void detach_then_interrupt_gets_its_stop_reply(void **st)
{
    struct rsp_unit *u;
    char want[8];
    (void)st;
    fake_clear_io();
    fake_input_packet_str("D");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 1);
    assert_string_equal(out_kinds(), "+$");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);

    assert_int_equal(
        stop_at(A + 0x40, (struct stub_stop){STUB_SIGTRAP, 0, 0, 0}, "", &u), 0);
    /* The client acks the stop reply. */
    assert_int_equal(
        stop_at(A + 0x44, (struct stub_stop){STUB_SIGINT, 0, 1, 0}, "+", &u), 1);
    snprintf(want, sizeof want, "T02%02x:", FAKE_REG_PC);
    assert_true(u[0].cs_ok);
    assert_int_equal(strncmp(u[0].payload, want, strlen(want)), 0);
}

/* LLDB's order on a stub in ack mode: no-ack mode is asked for before
 * qSupported, and qSupported, in the same session, keeps it. The '+' the
 * stub sends before the qSupported reply is the one place it could owe
 * one (LLDB drops it). After it, nothing is acked and no reply waits for
 * an ack: D's OK leaves at once and the program resumes. */
static void lldb_order_keeps_noack_mode(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    fake_clear_io();
    lldb_handshake_input();
    fake_input_packet_str("qAttached");
    fake_input_packet_str("qOffsets");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$$$");
    out_units(&u);
    assert_string_equal(u[1].payload, "OK");
    assert_int_equal(strncmp(u[3].payload, "PacketSize=", 11), 0);
    assert_string_equal(u[4].payload, "1");
    assert_string_equal(u[5].payload, "Text=0;Data=0;Bss=0");
    assert_true(rsp_noack());

    fake_clear_io();
    fake_input_packet_str("D");
    assert_int_equal(stub_serve(), 1);
    assert_string_equal(out_kinds(), "$");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
}

/* A GDB that ended with "disconnect" left no-ack mode on; LLDB's
 * QStartNoAckMode comes in ack mode and waits for its '+' (without it
 * LLDB's handshake failed). The session then goes on in no-ack mode. */
static void lldb_after_gdb_disconnect(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    assert_true(strstr(exchange(QSUPPORTED), "PacketSize=") != NULL);
    enter_noack();
    fake_clear_io();
    fake_input_packet_str("qAttached");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "$"); /* no-ack mode */
    /* The GDB is gone; LLDB connects. */
    fake_clear_io();
    lldb_handshake_input();
    fake_input_packet_str("qAttached");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$$");
    out_units(&u);
    assert_string_equal(u[1].payload, "OK");
    assert_int_equal(strncmp(u[3].payload, "PacketSize=", 11), 0);
    assert_string_equal(u[4].payload, "1");
    assert_true(rsp_noack());
}

/* The other way round: an LLDB session left no-ack mode on (killed, or
 * "process disconnect"); the next GDB's qSupported, after its connect '+',
 * gets its '+' and the session is in ack mode. */
static void gdb_after_lldb_session(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    fake_clear_io();
    lldb_handshake_input();
    fake_input_packet_str("qAttached");
    assert_int_equal(stub_serve(), 0);
    assert_true(rsp_noack());

    fake_clear_io();
    fake_input_str("+");
    fake_input_packet_str(QSUPPORTED);
    fake_input_str("+");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$");
    out_units(&u);
    assert_int_equal(strncmp(u[1].payload, "PacketSize=", 11), 0);
    assert_string_equal(u[3].payload, "1");
    assert_false(rsp_noack());
}

/* LLDB after LLDB: the second QStartNoAckMode comes in no-ack mode and is
 * acked; the second session is in no-ack mode too. */
static void lldb_after_lldb_session(void **st)
{
    (void)st;
    fake_reset();
    fake_clear_io();
    lldb_handshake_input();
    assert_int_equal(stub_serve(), 0);
    fake_clear_io();
    lldb_handshake_input();
    fake_input_packet_str("qAttached");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$$");
    assert_true(rsp_noack());
}

/* Between QStartNoAckMode and qSupported the stub cannot yet tell LLDB
 * (no-ack) from a GDB whose predecessor ended right after negotiating
 * (ack mode): the qSupported reply's ack decides, and a lost or late
 * verdict does not wedge it: the reply goes again on '-'. */
static void verdict_after_noack_request_retransmits(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    fake_clear_io();
    fake_input_str("+");
    fake_input_packet_str("QStartNoAckMode");
    fake_input_str("+");
    fake_input_packet_str("qSupported");
    fake_input_str("-+");
    fake_input_packet_str("qAttached");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$+$$+$");
    out_units(&u);
    assert_string_equal(u[6].payload, "1");
    assert_false(rsp_noack());
}

/* The program runs (resumed by how, "c" or "D"; a GDB is or was on the
 * line) and a client sends line: the port reads it as its receive
 * interrupt or poll does (rx_scan, to the packet's '$'); if that stops the
 * program (a packet, a 0x03), the core serves the rest of the line.
 * Returns what rx_scan found; *u the units the stub sent. */
static int client_while_running(const char *how, const char *line,
                                struct rsp_unit **u)
{
    struct stub_stop why = {STUB_SIGTRAP, 0, 0, 0};
    int got;

    fake_clear_io();
    fake_input_packet_str(how);
    fake_input_str("+");
    assert_int_equal(stub_serve(), 1);
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    fake_clear_io();
    fake_input_str(line);
    got = rx_scan(stub_port->getc);
    if (got) {
        rx_stop(got, &why);
        stub_stopped(&why);
    }
    out_units(u);
    return got;
}

/* The line after a packet: "$" PAYLOAD "#" checksum, as a client sends
 * it, with prefix first (acks, a 0x03). */
static const char *line_of(const char *prefix, const char *payload)
{
    static char buf[512];
    unsigned sum = 0;
    for (const char *p = payload; *p; p++)
        sum += (unsigned char)*p;
    snprintf(buf, sizeof buf, "%s$%s#%02x", prefix, payload, sum & 0xff);
    return buf;
}

/* Acks and noise while the program runs are dropped: it runs on. */
static void acks_while_running_do_not_stop(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    assert_int_equal(client_while_running("c", "++-\x7f", &u), 0);
    assert_int_equal(out_units(&u), 0);
}

/* A GDB that resumed the program and was killed, in no-ack mode, with a
 * breakpoint in; a new GDB connects while the program runs ('+', then
 * qSupported in ack mode, no 0x03). Its packet stops the program and is
 * acked and answered, with no stop reply before it (nobody waits for the
 * last GDB's); the breakpoint goes; "?" says SIGINT, and, the first time,
 * that the program was running. The session goes on in ack mode. */
static void gdb_connects_while_the_program_runs(void **st)
{
    struct rsp_unit *u;
    char want[32];
    (void)st;
    fake_reset();
    assert_true(strstr(exchange(QSUPPORTED), "PacketSize=") != NULL);
    assert_string_equal(exchange("Z0,80001380,4"), "OK");
    enter_noack();
    assert_int_equal(client_while_running("c", line_of("+", QSUPPORTED), &u),
                     RX_PACKET);
    assert_string_equal(out_kinds(), "+$");
    assert_int_equal(strncmp(u[1].payload, "PacketSize=", 11), 0);
    assert_false(rsp_noack());
    assert_mem_pristine(B, 4);
    snprintf(want, sizeof want, "T02pmustub.entered:;%02x:", FAKE_REG_PC);
    assert_int_equal(strncmp(exchange("?"), want, strlen(want)), 0);
    /* Said once: a client after this one finds the program stopped. */
    snprintf(want, sizeof want, "T02%02x:", FAKE_REG_PC);
    assert_int_equal(strncmp(exchange("?"), want, strlen(want)), 0);
    /* The program runs again: the next stop is a plain one. */
    expect_resume("c");
    assert_int_equal(
        stop_at(A, (struct stub_stop){STUB_SIGTRAP, 0, 0, 0}, "+", &u), 1);
    assert_null(strstr(u[0].payload, "pmustub"));
}

/* LLDB after a detach: its QStartNoAckMode stops the program and the
 * handshake goes on as on a stopped program. */
static void lldb_connects_while_the_program_runs(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    assert_int_equal(
        client_while_running("D", line_of("+", "QStartNoAckMode"), &u),
        RX_PACKET);
    assert_string_equal(out_kinds(), "+$");
    assert_string_equal(u[1].payload, "OK");
    fake_clear_io();
    fake_input_str("+");
    fake_input_packet_str(LLDB_QSUPPORTED);
    fake_input_packet_str("?");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+$$");
    out_units(&u);
    assert_int_equal(strncmp(u[2].payload, "T02", 3), 0);
    assert_true(rsp_noack());
}

/* pmuctl's first packet is "?" (in whatever mode it finds); after a 0x03
 * of the same client both come in one read: the 0x03's sender gets its
 * stop reply, then the packet its answer. */
static void interrupt_and_packet_in_one_read(void **st)
{
    struct rsp_unit *u;
    (void)st;
    fake_reset();
    assert_int_equal(client_while_running("D", line_of("\x03+", "?"), &u),
                     RX_CTRLC | RX_PACKET);
    assert_string_equal(out_kinds(), "$+$");
    assert_int_equal(strncmp(u[0].payload, "T02", 3), 0);
    assert_int_equal(strncmp(u[2].payload, "T02", 3), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qsupported_after_noack_session_is_acked),
        cmocka_unit_test(qsupported_in_ack_mode_is_acked_once),
        cmocka_unit_test(new_session_retransmits_on_minus),
        cmocka_unit_test(qsupported_takes_the_last_sessions_breakpoints_out),
        cmocka_unit_test(detach_then_interrupt_gets_its_stop_reply),
        cmocka_unit_test(lldb_order_keeps_noack_mode),
        cmocka_unit_test(lldb_after_gdb_disconnect),
        cmocka_unit_test(gdb_after_lldb_session),
        cmocka_unit_test(lldb_after_lldb_session),
        cmocka_unit_test(verdict_after_noack_request_retransmits),
        cmocka_unit_test(acks_while_running_do_not_stop),
        cmocka_unit_test(gdb_connects_while_the_program_runs),
        cmocka_unit_test(lldb_connects_while_the_program_runs),
        cmocka_unit_test(interrupt_and_packet_in_one_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
