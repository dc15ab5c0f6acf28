/*
 * test_monitor_pmu.c - "monitor pmu [set ...|read|list|freeze|unfreeze|
 * reset|help]", the
 * core's half (stub/core/monitor_pmu.c), against a fake per-arch table
 * (struct stub_pmu_ops) of two counters. The texts are the ones users and
 * tests/e2e/vboard_pmu.sh read on MIPS.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "pmustub/monitor_pmu.h"

static unsigned n_counters;
static unsigned resets, describes;

static unsigned f_counters(void)
{
    return n_counters;
}

static void f_absent(void)
{
    stub_mon_puts("pmu: none here\n");
}

static void f_describe(void)
{
    describes++;
    stub_mon_puts("FAKE 1, ID 0x2a");
}

static void f_describe_counter(unsigned n)
{
    stub_mon_puts("fake event on ");
    stub_mon_putu(n);
}

static void f_reset(void)
{
    resets++;
}

static uint32_t f_id(void)
{
    return 0x2a;
}

/* The event commands: what the core hands the port. */
static char set_args[64];
static unsigned reads, lists;

static int f_set(const char *args)
{
    snprintf(set_args, sizeof set_args, "[%s]", args);
    return 0;
}

static void f_read(void)
{
    reads++;
}

static void f_list(void)
{
    lists++;
}

static void f_modes(void)
{
    stub_mon_puts("u,k");
}

static const struct stub_pmu_ops fake_pmu = {
    .counters = f_counters,
    .absent = f_absent,
    .describe = f_describe,
    .describe_counter = f_describe_counter,
    .reset = f_reset,
    .id = f_id,
    .set = f_set,
    .read = f_read,
    .list = f_list,
    .modes = f_modes,
};

/* The same table without an id register. */
static const struct stub_pmu_ops fake_pmu_no_id = {
    .counters = f_counters,
    .absent = f_absent,
    .describe = f_describe,
    .describe_counter = f_describe_counter,
    .reset = f_reset,
    .set = f_set,
    .read = f_read,
    .list = f_list,
    .modes = f_modes,
};

static const char summary_counting[] =
    "pmu: FAKE 1, ID 0x2a, 2 counters; frozen while stopped; on resume they "
    "count\n"
    "  counter 0: fake event on 0\n"
    "  counter 1: fake event on 1\n";

static const char usage_error[] =
    "pmu: unknown argument; usage: monitor pmu [set EVENT[:MODES] "
    "...|read|list|freeze|unfreeze|reset|help]\n";

/* A fresh fake with the PMU table; the freeze state is the core's and
 * outlives fake_reset(), so each test starts unfrozen. */
static int setup(void **state)
{
    (void)state;
    fake_reset();
    fake_target.pmu = &fake_pmu;
    n_counters = 2;
    resets = describes = reads = lists = 0;
    set_args[0] = 0;
    monitor("pmu unfreeze");
    return 0;
}

static void summary_frames_the_ports_lines(void **st)
{
    (void)st;
    assert_string_equal(monitor("pmu"), summary_counting);
    assert_int_equal(describes, 1);
}

static void freeze_and_unfreeze_keep_the_resume_state(void **st)
{
    (void)st;
    assert_int_equal(stub_pmu_user_frozen(), 0);
    assert_string_equal(monitor("pmu freeze"),
                        "pmu: counters stay frozen when the program resumes\n");
    assert_int_equal(stub_pmu_user_frozen(), 1);
    /* The state outlives the command, a new session and a second freeze. */
    (void)exchange("qSupported");
    monitor("pmu freeze");
    assert_int_equal(stub_pmu_user_frozen(), 1);
    assert_non_null(strstr(monitor("pmu"),
                           "on resume they stay frozen (monitor pmu unfreeze)\n"
                           "  counter 0: "));
    assert_string_equal(monitor("pmu unfreeze"),
                        "pmu: counters count again when the program resumes\n");
    assert_int_equal(stub_pmu_user_frozen(), 0);
    assert_string_equal(monitor("pmu"), summary_counting);
}

static void reset_asks_the_port_once(void **st)
{
    (void)st;
    assert_string_equal(monitor("pmu reset"), "pmu: all counts set to 0\n");
    assert_int_equal(resets, 1);
    assert_int_equal(stub_pmu_user_frozen(), 0);
}

static void help_lists_the_subcommands(void **st)
{
    (void)st;
    assert_string_equal(monitor("pmu help"),
                        "monitor pmu: core, counters, what each counts\n"
                        "monitor pmu set EVENT[:MODES] ...: count these events "
                        "from 0 (modes: u,k), the other counters off\n"
                        "monitor pmu read: each counter's event and 64-bit count\n"
                        "monitor pmu list: the events of each counter\n"
                        "monitor pmu freeze: keep counters frozen on resume\n"
                        "monitor pmu unfreeze: let them count on resume\n"
                        "monitor pmu reset: set every count to 0\n");
    assert_int_equal(resets + describes, 0);
}

/* Only the exact words: no prefixes, no extensions, nothing after them. */
static void unknown_argument_gets_the_usage_and_changes_nothing(void **st)
{
    static const char *const wrong[] = {
        "pmu sideways", "pmu freezer", "pmu fre", "pmu freeze now",
        "pmu reset ", "pmu HELP", "pmu unfreezeX", "pmu setx", "pmu reads",
        "pmu list all",
    };
    (void)st;
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++)
        assert_string_equal(monitor(wrong[i]), usage_error);
    assert_int_equal(stub_pmu_user_frozen(), 0);
    assert_int_equal(resets + describes + reads + lists, 0);
    assert_string_equal(set_args, "");
    /* Blanks between "pmu" and the word are the monitor's to skip. */
    assert_string_equal(monitor("pmu   reset"), "pmu: all counts set to 0\n");
}

/* set hands the port what follows its word; read and list are the port's. */
static void event_commands_go_to_the_port(void **st)
{
    (void)st;
    monitor("pmu set instructions:k cycles");
    assert_string_equal(set_args, "[ instructions:k cycles]");
    monitor("pmu set");
    assert_string_equal(set_args, "[]");
    monitor("pmu read");
    monitor("pmu list");
    assert_int_equal(reads, 1);
    assert_int_equal(lists, 1);
}

/* No counters the port drives: its one line, whatever the arguments, and
 * nothing frozen or reset. */
static void without_counters_only_the_ports_line(void **st)
{
    static const char *const forms[] = {
        "pmu", "pmu freeze", "pmu reset", "pmu help", "pmu sideways",
    };
    (void)st;
    n_counters = 0;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        assert_string_equal(monitor(forms[i]), "pmu: none here\n");
    assert_int_equal(stub_pmu_user_frozen(), 0);
    assert_int_equal(resets + describes, 0);
}

/* The command is listed, after the core's help and before the port's. */
static void monitor_help_lists_pmu_with_the_port(void **st)
{
    const char *out, *pmu, *echo;
    (void)st;
    out = monitor("help");
    pmu = strstr(out, "pmu - performance counters: monitor pmu help\n");
    echo = strstr(out, "echo - ");
    assert_non_null(pmu);
    assert_non_null(echo);
    assert_true(strstr(out, "help - ") < pmu && pmu < echo);
}

/* A port without a table has no "monitor pmu" at all. */
static void no_table_no_command(void **st)
{
    (void)st;
    fake_target.pmu = 0;
    assert_null(strstr(monitor("help"), "pmu"));
    assert_string_equal(monitor("pmu"),
                        "unknown monitor command 'pmu'; "
                        "'monitor help' lists them\n");
}

/* qPmustub.Pmu: the id register and the freeze state as data (pmuctl
 * reads these, not the summary's words), following monitor pmu freeze. */
static void pmu_query_gives_the_id_and_the_freeze_state(void **st)
{
    (void)st;
    assert_string_equal(exchange("qPmustub.Pmu"), "id=0000002a;frozen=0");
    monitor("pmu freeze");
    assert_string_equal(exchange("qPmustub.Pmu"), "id=0000002a;frozen=1");
    monitor("pmu unfreeze");
    assert_string_equal(exchange("qPmustub.Pmu"), "id=0000002a;frozen=0");
    /* Only the exact name; a port without an id leaves it out; no table,
     * no answer (a q packet the stub does not know). */
    assert_string_equal(exchange("qPmustub.Pmux"), "");
    fake_target.pmu = &fake_pmu_no_id;
    assert_string_equal(exchange("qPmustub.Pmu"), "frozen=0");
    fake_target.pmu = 0;
    assert_string_equal(exchange("qPmustub.Pmu"), "");
    assert_int_equal(resets + describes, 0);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup(f, setup)
    const struct CMUnitTest tests[] = {
        T(summary_frames_the_ports_lines),
        T(freeze_and_unfreeze_keep_the_resume_state),
        T(reset_asks_the_port_once),
        T(help_lists_the_subcommands),
        T(unknown_argument_gets_the_usage_and_changes_nothing),
        T(event_commands_go_to_the_port),
        T(without_counters_only_the_ports_line),
        T(monitor_help_lists_pmu_with_the_port),
        T(no_table_no_command),
        T(pmu_query_gives_the_id_and_the_freeze_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
