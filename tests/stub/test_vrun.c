/*
 * test_vrun.c - target extended-remote: '!', vRun (the program runs again
 * from its start through a board reset) and vKill (GDB manual, "vRun",
 * "vKill"). The fake's kill() only counts; the tests play the reset that
 * follows by calling stub_init() again, as the boot code does, and the
 * boot stop by stub_stopped(). A program of its own: the tests run in
 * order through one core's life.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* bp_is_ours() */
#include "trace.h" /* TRACE_FEATURES: the host core has tracepoints */
#include "pmustub/wire.h" /* and sampling: 4 samples leave a stack copy 28 bytes */

/* The boot: what the stub sends when the reset program reaches its first
 * stop (a break instruction of the start-up code, not one of GDB's), with
 * the input given to serve. */
static const char *boot(const char *input)
{
    struct stub_stop why = {STUB_SIGTRAP, 1, 0, 0};
    struct rsp_unit *u;
    static char first[RSP_UNIT_MAX + 1];
    stub_init(&fake_target);
    fake_clear_io();
    fake_input_str(input);
    stub_stopped(&why);
    if (out_units(&u) == 0)
        return NULL;
    assert_int_equal(u[0].kind, '$');
    assert_true(u[0].cs_ok);
    snprintf(first, sizeof first, "%s", u[0].payload);
    return first;
}

/* The program ends, GDB waiting for it (after its 'c'); the stub serves
 * input afterwards. */
static void program_exits(int code, const char *input)
{
    fake_clear_io();
    fake_input_packet_str("c");
    assert_int_equal(stub_serve(), 1);
    fake_clear_io();
    fake_input_str(input);
    stub_exited(code);
}

static void a_power_on_boot_stops_silently(void **st)
{
    (void)st;
    fake_reset();
    assert_null(boot("")); /* nobody asked: GDB connects later */
    assert_string_equal(exchange("!"), "OK");
}

/* In ack mode: vRun is acked, the board is reset; after the reset the boot
 * stop is vRun's stop reply, and waits for its ack. */
static void vrun_after_exit_resets_and_the_boot_stop_answers_it(void **st)
{
    struct rsp_unit *u;
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    program_exits(7, "+$vRun;#e6");
    assert_string_equal(out_kinds(), "$+");
    out_units(&u);
    assert_string_equal(u[0].payload, "W07");
    assert_int_equal(fake.kill_calls, 1);
    assert_mem_pristine(FAKE_RAM_BASE + 0x200, 4); /* no trap survives it */

    fake_clear_io();
    const char *reply = boot("");
    assert_non_null(reply);
    assert_int_equal(strncmp(reply, "T05", 3), 0); /* a plain SIGTRAP */
    assert_null(strstr(reply, "swbreak"));
    /* The marker is used up: a later reset is a plain boot again. */
    assert_null(boot(""));
    assert_string_equal(exchange("?"), reply); /* and runs, not W */
}

/* In no-ack mode (as GDB runs after QStartNoAckMode): the reset keeps
 * the mode, so the stop reply is not held up for an ack GDB will not
 * send, and the next packets are served without acks. */
static void vrun_keeps_noack_mode_across_the_reset(void **st)
{
    struct rsp_unit *u;
    (void)st;
    assert_string_equal(exchange("QStartNoAckMode"), "OK");
    program_exits(0x105, "$vRun;#e6");
    assert_string_equal(out_kinds(), "$"); /* W05, vRun not acked */
    out_units(&u);
    assert_string_equal(u[0].payload, "W05");
    assert_int_equal(fake.kill_calls, 2);
    /* The boot stop's reply goes out and the stub serves on at once. */
    assert_non_null(boot("$qAttached#8f"));
    assert_string_equal(out_kinds(), "$$");
    out_units(&u);
    assert_string_equal(u[1].payload, "1");
}

static void vrun_with_a_file_or_arguments_is_refused(void **st)
{
    static const char *const bad[] = {
        "vRun;2f62696e2f6c73", /* set remote exec-file /bin/ls */
        "vRun;;2d76",          /* run -v */
        "vRun;;",
    };
    (void)st;
    assert_string_equal(exchange("qSupported"), /* back to acks */
                        "PacketSize=400;qXfer:features:read+;"
                        "QStartNoAckMode+;swbreak+" TRACE_FEATURES
                        ";" PMUSTUB_FEATURE_SAMPLE ";"
                        PMUSTUB_FEATURE_SAMPLE_STACK "=01c");
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_string_equal(exchange("vRun"), ""); /* not vRun: unknown */
    assert_int_equal(fake.kill_calls, 2);
}

static void vrun_without_keep_words_is_refused(void **st)
{
    (void)st;
    fake_target.keep = NULL;
    assert_error_reply(exchange("vRun;"));
    assert_int_equal(fake.kill_calls, 2);
    fake_target.keep = fake.keep;
}

/* GDB's "kill" in extended-remote: the program is gone (X09), breakpoints
 * out, no reset until the vRun that follows. */
static void vkill_ends_the_program_without_a_reset(void **st)
{
    (void)st;
    assert_string_equal(exchange("!"), "OK"); /* extended-remote */
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    assert_string_equal(exchange("vKill;a410"), "OK");
    assert_int_equal(fake.kill_calls, 2);
    assert_false(bp_is_ours(FAKE_RAM_BASE + 0x200));
    assert_mem_pristine(FAKE_RAM_BASE + 0x200, 4);
    assert_string_equal(exchange("?"), "X09");
    assert_string_equal(exchange("c"), "X09"); /* nothing to run */
    assert_int_equal(fake.prepare_calls, 2);   /* the two exits' 'c' */

    fake_clear_io();
    fake_input_packet_str("vRun;");
    assert_int_equal(stub_serve(), 0);
    assert_int_equal(fake.kill_calls, 3);
    assert_int_equal(strncmp(boot("+"), "T05", 3), 0);
}

/* The session after a vRun is the one that sent it: GDB sends no second
 * '!', so a "kill" of the new run is still extended-remote's (no reset:
 * the vRun GDB sends next would be lost in it). */
static void extended_mode_outlives_the_vrun_reset(void **st)
{
    (void)st;
    assert_string_equal(exchange("!"), "OK");
    program_exits(0, "+$vRun;#e6");
    assert_int_equal(strncmp(boot(""), "T05", 3), 0);
    unsigned kills = fake.kill_calls;
    assert_string_equal(exchange("vKill;a410"), "OK");
    assert_int_equal(fake.kill_calls, kills);
    assert_string_equal(exchange("?"), "X09");
    /* A plain power-on boot is a new board: nothing carried over (no
     * qSupported here: stub_init() alone must forget the '!'). */
    assert_null(boot(""));
    assert_string_equal(exchange("vKill;a410"), "OK");
    assert_int_equal(fake.kill_calls, kills + 1);
}

/* GDB 13's "kill" in plain remote is a vKill too, after which GDB closes
 * the connection: OK, then the board reset of 'k'. A new session forgets
 * the last one's '!'. */
static void vkill_in_plain_remote_resets_the_board(void **st)
{
    unsigned kills;

    (void)st;
    assert_string_equal(exchange("!"), "OK");
    (void)exchange("qSupported:swbreak+"); /* a new GDB, not extended */
    kills = fake.kill_calls;
    assert_string_equal(exchange("vKill;a410"), "OK");
    assert_int_equal(fake.kill_calls, kills + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_power_on_boot_stops_silently),
        cmocka_unit_test(vrun_after_exit_resets_and_the_boot_stop_answers_it),
        cmocka_unit_test(vrun_keeps_noack_mode_across_the_reset),
        cmocka_unit_test(vrun_with_a_file_or_arguments_is_refused),
        cmocka_unit_test(vrun_without_keep_words_is_refused),
        cmocka_unit_test(vkill_ends_the_program_without_a_reset),
        cmocka_unit_test(extended_mode_outlives_the_vrun_reset),
        cmocka_unit_test(vkill_in_plain_remote_resets_the_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
