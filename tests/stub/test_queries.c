/*
 * test_queries.c - qSupported, qAttached, qRcmd (monitor commands), H,
 * qOffsets, LLDB's qHostInfo and qProcessInfo, and the empty reply to
 * everything the stub does not know (GDB manual, "General Query Packets",
 * "Packets"; lldb/docs/resources/lldbgdbremote.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

/* GDB 13's own qSupported (what gdb-multiarch sends on connect). */
static const char gdb_qsupported[] =
    "qSupported:multiprocess+;swbreak+;hwbreak+;qRelocInsn+;fork-events+;"
    "vfork-events+;exec-events+;vContSupported+;QThreadEvents+;no-resumed+;"
    "memory-tagging+;xmlRegisters=i386";

/* Does the ';'-separated list hold item exactly? */
static int has_item(const char *list, const char *item)
{
    size_t n = strlen(item);
    for (const char *p = list; p; p = strchr(p, ';')) {
        p += *p == ';';
        if (!strncmp(p, item, n) && (p[n] == ';' || p[n] == 0))
            return 1;
    }
    return 0;
}

static void qsupported_lists_what_the_stub_does(void **st)
{
    const char *r;
    (void)st;
    r = exchange(gdb_qsupported);
    assert_true(has_item(r, "qXfer:features:read+"));
    assert_true(has_item(r, "QStartNoAckMode+"));
    assert_true(has_item(r, "swbreak+"));
    assert_non_null(strstr(r, "PacketSize="));
    assert_false(has_item(r, "hwbreak+")); /* Z1 is not implemented */
    assert_string_equal(exchange("qSupported"), r);
}

static void advertised_packet_size_is_what_the_stub_accepts(void **st)
{
    static char pkt[8192];
    unsigned long size;
    (void)st;
    size = strtoul(strstr(exchange("qSupported"), "PacketSize=") + 11, NULL,
                   16); /* hex, GDB manual "qSupported" */
    /* GDB's G packet for the 72 core registers must fit. */
    assert_true(size >= 1 + FAKE_NREGS_G * 8 && size < sizeof pkt);
    /* An unknown packet gets the empty reply if it fits, an error if it
     * is longer than advertised. */
    memset(pkt, 'j', sizeof pkt);
    assert_string_equal(exchange_bin(pkt, size, NULL), "");
    assert_error_reply(exchange_bin(pkt, size + 1, NULL));
}

static void qattached_says_attached(void **st)
{
    (void)st;
    /* "1": quitting GDB detaches instead of killing the program. */
    assert_string_equal(exchange("qAttached"), "1");
    assert_string_equal(exchange("qAttached:1"), "1");
}

static void monitor_help_lists_every_command(void **st)
{
    const char *out;
    (void)st;
    out = monitor("help");
    assert_non_null(strstr(out, "help - "));
    for (const struct stub_monitor_cmd *c = fake_monitor_cmds; c->name; c++) {
        char line[128];
        snprintf(line, sizeof line, "%s - %s\n", c->name, c->help);
        assert_non_null(strstr(out, line));
    }
    assert_string_equal(monitor("  help"), out); /* leading blanks */
}

static void monitor_runs_port_commands_with_arguments(void **st)
{
    (void)st;
    assert_string_equal(monitor("echo a b  c"), "echo:a b  c\n");
    assert_string_equal(monitor("echo   x"), "echo:x\n");
    assert_string_equal(monitor("echo"), "echo:\n");
    assert_string_equal(monitor("num"), "0xdeadbeef 4294967295 0");
    assert_string_equal(monitor("fail"), "fail: always\n");
    assert_string_equal(exchange("qRcmd,73696c656e74"), "OK"); /* silent */
}

static void monitor_unknown_command_says_so(void **st)
{
    (void)st;
    assert_string_equal(monitor("frobnicate 3"),
                        "unknown monitor command 'frobnicate 3'; "
                        "'monitor help' lists them\n");
    /* A prefix or an extension of a name is not that command. */
    assert_non_null(strstr(monitor("ech"), "unknown"));
    assert_non_null(strstr(monitor("echoes"), "unknown"));
    assert_non_null(strstr(monitor(""), "unknown"));
}

/* Output longer than the reply holds goes ahead of it in 'O' packets
 * (GDB manual, "qRcmd"), each acked, and the reply is OK: GDB prints all
 * of it, in order. */
static void monitor_output_too_long_goes_in_o_packets(void **st)
{
    char pkt[64] = "qRcmd,", text[1100];
    struct rsp_unit *u;
    size_t got = 0;
    int n;
    (void)st;
    to_hex(pkt + 6, "flood", 5);
    fake_clear_io();
    fake_input_packet(pkt, strlen(pkt));
    fake_input_str("++++++++");
    assert_int_equal(stub_serve(), 0);
    n = out_units(&u);
    assert_true(n >= 4); /* '+', at least one O packet, OK */
    assert_int_equal(u[0].kind, '+');
    for (int i = 1; i < n - 1; i++) {
        assert_int_equal(u[i].kind, '$');
        assert_true(u[i].cs_ok && u[i].payload[0] == 'O');
        for (size_t j = 1; j + 1 < u[i].len && got < sizeof text; j += 2) {
            unsigned b;
            assert_int_equal(sscanf(u[i].payload + j, "%2x", &b), 1);
            text[got++] = (char)b;
        }
    }
    assert_string_equal(u[n - 1].payload, "OK");
    assert_int_equal(got, 1000);
    for (size_t i = 0; i < got; i++)
        assert_int_equal(text[i], '0' + (int)(i % 10));
}

static void monitor_bad_hex_or_length_is_error(void **st)
{
    char pkt[512] = "qRcmd,";
    (void)st;
    assert_error_reply(exchange("qRcmd,68656c7"));  /* odd length */
    assert_error_reply(exchange("qRcmd,68656c7g")); /* not hex */
    assert_error_reply(exchange("qRcmd,zz"));
    memset(pkt + 6, '6', 2 * 200); /* 200 characters: longer than a line */
    pkt[6 + 400] = 0;
    assert_error_reply(exchange(pkt));
}

static void unknown_packets_get_the_empty_reply(void **st)
{
    static const char *const unknown[] = {
        "qC", "qfThreadInfo", "qOffsetsX", "qTfSTM", "qSymbol::",
        "qHostInfoX", "qProcessInfoPID:1", "qStructuredDataPlugins",
        "qXfer:memory-map:read::0,fff", "QNonStop:0", "QStartNoAckModeX",
        "A", "b9600", "T1", "y", "_", "\x7f", "qRcmd",
    };
    (void)st;
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
        const char *r = exchange(unknown[i]);
        if (strcmp(r, ""))
            fail_msg("%s -> \"%s\", want the empty reply", unknown[i], r);
    }
    assert_int_equal(fake.mem_writes + fake.reg_writes + fake.prepare_calls,
                     0);
}

/* The program runs where it is linked: every offset 0, in the form GDB's
 * manual gives and LLDB's GetQOffsets parses. */
static void qoffsets_says_nothing_moved(void **st)
{
    (void)st;
    assert_string_equal(exchange("qOffsets"), "Text=0;Data=0;Bss=0");
}

/* "key:value;" pairs; the triple hex-encoded. The fake port says
 * "mipsel", little-endian: the core must say the same. */
#define FAKE_TRIPLE_HEX "6d697073656c"
static void qhostinfo_says_what_the_port_is(void **st)
{
    (void)st;
    assert_string_equal(exchange("qHostInfo"), "triple:" FAKE_TRIPLE_HEX
                        ";endian:little;ptrsize:4;");
}

static void qprocessinfo_adds_the_one_pid(void **st)
{
    (void)st;
    assert_string_equal(exchange("qProcessInfo"), "pid:1;triple:"
                        FAKE_TRIPLE_HEX ";endian:little;ptrsize:4;");
}

/* A port that does not say what it is: LLDB gets "not supported" and
 * goes by the ELF, as before. */
static void no_triple_no_target_info(void **st)
{
    (void)st;
    fake_target.triple = NULL;
    assert_string_equal(exchange("qHostInfo"), "");
    assert_string_equal(exchange("qProcessInfo"), "");
}

static void H_selects_the_one_thread(void **st)
{
    (void)st;
    assert_string_equal(exchange("Hg0"), "OK");
    assert_string_equal(exchange("Hc-1"), "OK");
}

/* '!' (target extended-remote) turns on extended mode: vRun, vKill. */
static void extended_mode_is_OK(void **st)
{
    (void)st;
    assert_string_equal(exchange("!"), "OK");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup(f, setup)
        T(qsupported_lists_what_the_stub_does),
        T(advertised_packet_size_is_what_the_stub_accepts),
        T(qattached_says_attached),
        T(monitor_help_lists_every_command),
        T(monitor_runs_port_commands_with_arguments),
        T(monitor_unknown_command_says_so),
        T(monitor_output_too_long_goes_in_o_packets),
        T(monitor_bad_hex_or_length_is_error),
        T(unknown_packets_get_the_empty_reply),
        T(qoffsets_says_nothing_moved),
        T(qhostinfo_says_what_the_port_is),
        T(qprocessinfo_adds_the_one_pid),
        T(no_triple_no_target_info),
        T(H_selects_the_one_thread),
        T(extended_mode_is_OK),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
