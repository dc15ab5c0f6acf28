/*
 * test_monitor_pmu_terse.c - "monitor pmu" of a stub built without its
 * summary (PMUSTUB_PMU_SUMMARY=0: this program links its own copy of
 * stub/core/monitor_pmu.c so built, in place of the library's): one line
 * instead of the summary and the help, the port's table not asked to
 * describe anything, and freeze, unfreeze and reset as in every build
 * (pmuctl freezes and unfreezes through them).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "pmustub/monitor_pmu.h"

static unsigned n_counters, resets, described;

static unsigned f_counters(void)
{
    return n_counters;
}

static void f_described(void)
{
    described++;
}

static void f_described_counter(unsigned n)
{
    (void)n;
    described++;
}

static void f_reset(void)
{
    resets++;
}

/* A port's table as the terse build fills it (PMUSTUB_SUMMARY_OP). */
static const struct stub_pmu_ops terse_pmu = {
    .counters = f_counters,
    .absent = PMUSTUB_SUMMARY_OP(f_described),
    .describe = PMUSTUB_SUMMARY_OP(f_described),
    .describe_counter = PMUSTUB_SUMMARY_OP(f_described_counter),
    .notes = PMUSTUB_SUMMARY_OP(f_described),
    .reset = f_reset,
};

static const char no_summary[] =
    "pmu: built without its summary: print GDB's registers of group pmu\n";

static int setup(void **state)
{
    (void)state;
    fake_reset();
    fake_target.pmu = &terse_pmu;
    n_counters = 2;
    resets = described = 0;
    monitor("pmu unfreeze");
    return 0;
}

static void the_table_has_no_summary_ops(void **st)
{
    (void)st;
    assert_null(terse_pmu.absent);
    assert_null(terse_pmu.describe);
    assert_null(terse_pmu.describe_counter);
    assert_null(terse_pmu.notes);
}

static void summary_and_help_are_one_line(void **st)
{
    (void)st;
    assert_string_equal(monitor("pmu"), no_summary);
    assert_string_equal(monitor("pmu help"), no_summary);
    assert_int_equal(described, 0);
}

static void freeze_unfreeze_and_reset_stay(void **st)
{
    (void)st;
    assert_string_equal(monitor("pmu freeze"),
                        "pmu: counters stay frozen when the program resumes\n");
    assert_string_equal(exchange("qPmustub.Pmu"), "frozen=1");
    assert_string_equal(monitor("pmu unfreeze"),
                        "pmu: counters count again when the program resumes\n");
    assert_string_equal(exchange("qPmustub.Pmu"), "frozen=0");
    assert_string_equal(monitor("pmu reset"), "pmu: all counts set to 0\n");
    assert_int_equal(resets, 1);
    assert_int_equal(described, 0);
}

static void without_counters_one_line(void **st)
{
    (void)st;
    n_counters = 0;
    assert_string_equal(monitor("pmu"), "pmu: none\n");
    assert_string_equal(monitor("pmu freeze"), "pmu: none\n");
    assert_int_equal(stub_pmu_user_frozen(), 0);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup(f, setup)
    const struct CMUnitTest tests[] = {
        T(the_table_has_no_summary_ops),
        T(summary_and_help_are_one_line),
        T(freeze_unfreeze_and_reset_stay),
        T(without_counters_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
