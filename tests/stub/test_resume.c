/*
 * test_resume.c - c/s (with and without an address), vCont, D, k, and the
 * stop replies sent when the program stops again (GDB manual, "Packets"
 * and "Stop Reply Packets": T AA n1:r1;... and swbreak).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* bp_is_ours() */

#define A (FAKE_RAM_BASE + 0x200)

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

/* The expedited registers of the fake (pc, sp, fp; f0 is unavailable) as
 * the T packet must carry them, from the fake's registers directly. */
static const char *expedited(void)
{
    static char s[64];
    static const int regs[] = {FAKE_REG_PC, FAKE_REG_SP, FAKE_REG_FP};
    char v[9];
    s[0] = 0;
    for (int i = 0; i < 3; i++)
        snprintf(s + strlen(s), sizeof s - strlen(s), "%02x:%s;", regs[i],
                 to_hex(v, fake.regs[regs[i]], 4));
    return s;
}

/* The program stops (as the port would report it): returns what the stub
 * sent about it before serving on (the input is just the ack). */
static const char *stop(int signal, int swbreak)
{
    struct stub_stop why = {signal, swbreak, 0, 0};
    struct rsp_unit *u;
    int n;

    fake_clear_io();
    fake_input_str("+");
    stub_stopped(&why);
    n = out_units(&u);
    if (n == 0)
        return NULL;
    assert_int_equal(n, 1);
    assert_int_equal(u[0].kind, '$');
    assert_true(u[0].cs_ok);
    return u[0].payload;
}

static void set_pc(uint32_t pc)
{
    char pkt[24];
    snprintf(pkt, sizeof pkt, "P%x=%08x", FAKE_REG_PC, pc);
    assert_string_equal(exchange(pkt), "OK");
}

static void c_and_s_without_address(void **st)
{
    (void)st;
    expect_resume("c");
    assert_int_equal(fake.prepare_calls, 1);
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    expect_resume("s");
    assert_int_equal(fake.prepare_calls, 2);
    assert_int_equal(fake.prepare_how, STUB_STEP);
    assert_int_equal(fake.set_pc_calls, 0);
    assert_int_equal(fake_pc(), FAKE_RAM_BASE + 0x100);
}

static void c_and_s_with_address_set_the_pc(void **st)
{
    (void)st;
    expect_resume("c80001240");
    assert_int_equal(fake.set_pc_calls, 1);
    assert_int_equal(fake_pc(), 0x80001240u);
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    expect_resume("s80001244");
    assert_int_equal(fake_pc(), 0x80001244u);
    assert_int_equal(fake.prepare_how, STUB_STEP);
}

static void bad_address_is_error_and_nothing_moves(void **st)
{
    static const char *const bad[] = {"cxyz", "c80001240x", "s180001240",
                                      "c,1", "s 80001240"};
    (void)st;
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_int_equal(fake.set_pc_calls, 0);
    assert_int_equal(fake.prepare_calls, 0);
}

static void failed_prepare_is_E06_and_stub_serves_on(void **st)
{
    (void)st;
    fake.prepare_fail = 1;
    assert_string_equal(exchange("s"), "E06");
    assert_string_equal(exchange("c"), "E06");
    assert_string_equal(exchange("vCont;s:1"), "E06");
    assert_int_equal(fake.prepare_calls, 3);
    assert_string_equal(exchange("qAttached"), "1");
}

static void vcont_query_and_actions(void **st)
{
    static const struct {
        const char *pkt;
        enum stub_resume how;
    } ok[] = {
        {"vCont;c", STUB_CONTINUE},   {"vCont;s:1", STUB_STEP},
        {"vCont;C05", STUB_CONTINUE}, {"vCont;c:1", STUB_CONTINUE},
        {"vCont;S05:1", STUB_STEP},   {"vCont;s:1;c", STUB_STEP},
        {"vCont;c:p1.-1", STUB_CONTINUE}, /* GDB 13's multiprocess form */
    };
    (void)st;
    assert_string_equal(exchange("vCont?"), "vCont;c;C;s;S");
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        expect_resume(ok[i].pkt);
        assert_int_equal(fake.prepare_how, ok[i].how);
    }
    assert_int_equal(fake.set_pc_calls, 0);
}

static void vcont_bad_actions_are_errors(void **st)
{
    static const char *const bad[] = {"vCont", "vCont;", "vCont;t",
                                      "vCont;r1,2", "vCont:c", "vCont?x"};
    (void)st;
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_int_equal(fake.prepare_calls, 0);
    /* Other v packets: not supported, the empty reply. */
    assert_string_equal(exchange("vMustReplyEmpty"), "");
    assert_string_equal(exchange("vFile:open:2f,0,0"), "");
    assert_string_equal(exchange("v"), "");
}

static void stop_at_our_breakpoint_says_swbreak(void **st)
{
    char want[96];
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    expect_resume("c");
    set_pc(A); /* the port: the program hit the trap at A */
    snprintf(want, sizeof want, "T05swbreak:;%s", expedited());
    assert_string_equal(stop(STUB_SIGTRAP, 1), want);
    /* '?' repeats it. */
    assert_string_equal(exchange("?"), want);
    assert_string_equal(exchange("z0,80001200,4"), "OK");
}

static void stop_elsewhere_has_no_swbreak(void **st)
{
    char want[96];
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    /* A trap the program has compiled in, not one of ours. */
    expect_resume("c");
    set_pc(A + 8);
    snprintf(want, sizeof want, "T05%s", expedited());
    assert_string_equal(stop(STUB_SIGTRAP, 1), want);
    /* A single step that lands on our breakpoint's address. */
    expect_resume("s");
    set_pc(A);
    snprintf(want, sizeof want, "T05%s", expedited());
    assert_string_equal(stop(STUB_SIGTRAP, 0), want);
    /* Another signal. */
    expect_resume("c");
    snprintf(want, sizeof want, "T0a%s", expedited());
    assert_string_equal(stop(STUB_SIGBUS, 0), want);
    assert_string_equal(exchange("?"), want);
    assert_string_equal(exchange("z0,80001200,4"), "OK");
}

static void D_removes_breakpoints_says_OK_and_resumes(void **st)
{
    struct rsp_unit *u;
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    assert_string_equal(exchange("Z0,80001210,4"), "OK");
    fake_clear_io();
    fake_input_packet_str("D");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 1);
    assert_string_equal(out_kinds(), "+$");
    out_units(&u);
    assert_string_equal(u[1].payload, "OK");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    assert_mem_pristine(A, 0x20);
    assert_false(bp_is_ours(A) || bp_is_ours(A + 0x10));
    /* Nobody waits for a stop reply after a detach. */
    assert_null(stop(STUB_SIGTRAP, 1));
}

static void D_that_cannot_resume_keeps_serving(void **st)
{
    struct rsp_unit *u;
    char want[96];
    (void)st;
    fake.prepare_fail = 1;
    fake_clear_io();
    fake_input_packet_str("D");
    fake_input_str("+");
    assert_int_equal(stub_serve(), 0); /* stays stopped */
    assert_string_equal(out_kinds(), "+$"); /* just the OK */
    out_units(&u);
    assert_string_equal(u[1].payload, "OK");
    /* A later session resumes and gets its stop reply. */
    fake.prepare_fail = 0;
    expect_resume("c");
    snprintf(want, sizeof want, "T05%s", expedited());
    assert_string_equal(stop(STUB_SIGTRAP, 0), want);
}

static void k_kills_without_reply(void **st)
{
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    fake_clear_io();
    fake_input_packet_str("k");
    assert_int_equal(stub_serve(), 0);
    assert_string_equal(out_kinds(), "+");
    assert_int_equal(fake.kill_calls, 1);
    assert_mem_pristine(A, 4);
    assert_false(bp_is_ours(A));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup(f, setup)
        T(c_and_s_without_address),
        T(c_and_s_with_address_set_the_pc),
        T(bad_address_is_error_and_nothing_moves),
        T(failed_prepare_is_E06_and_stub_serves_on),
        T(vcont_query_and_actions),
        T(vcont_bad_actions_are_errors),
        T(stop_at_our_breakpoint_says_swbreak),
        T(stop_elsewhere_has_no_swbreak),
        T(D_removes_breakpoints_says_OK_and_resumes),
        T(D_that_cannot_resume_keeps_serving),
        T(k_kills_without_reply),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
