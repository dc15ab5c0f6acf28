/*
 * pmuctl_test_stats.c - statistics against values worked out by hand:
 * for 1, 2, 3, 4 the sample standard deviation is sqrt(5/3) and the
 * standard error of the mean sqrt(5/3)/2 (perf stat's "+-").
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>

#include "report/stats.h"

static void four_values(void **s)
{
    struct stats st = {0};
    struct stats_summary sum;
    (void)s;
    for (int i = 4; i >= 1; i--)
        assert_int_equal(stats_add(&st, i), 0);
    stats_summarize(&st, &sum);
    assert_int_equal(sum.n, 4);
    assert_true(sum.mean == 2.5);
    assert_true(sum.min == 1 && sum.max == 4);
    assert_true(sum.median == 2.5);
    assert_true(fabs(sum.stddev - sqrt(5.0 / 3)) < 1e-12);
    assert_true(fabs(sum.stderr_mean - sqrt(5.0 / 3) / 2) < 1e-12);
    assert_true(fabs(stats_spread_pct(&sum) - 100 * sqrt(5.0 / 3) / 2 / 2.5) < 1e-9);
    stats_free(&st);
}

static void one_value_has_no_spread(void **s)
{
    struct stats st = {0};
    struct stats_summary sum;
    (void)s;
    stats_add(&st, 1414);
    stats_summarize(&st, &sum);
    assert_true(sum.mean == 1414 && sum.median == 1414);
    assert_true(sum.stderr_mean == 0 && stats_spread_pct(&sum) == 0);
    stats_free(&st);
    stats_summarize(&st, &sum);
    assert_int_equal(sum.n, 0);
}

/* Large equal counts (near 2^32): no cancellation error in the spread. */
static void large_counts(void **s)
{
    struct stats st = {0};
    struct stats_summary sum;
    (void)s;
    for (int i = 0; i < 1000; i++)
        stats_add(&st, 4294967295.0 - (i % 2));
    stats_summarize(&st, &sum);
    assert_true(sum.mean == 4294967294.5);
    assert_true(fabs(sum.stddev - sqrt(250.0 / 999)) < 1e-9);
    assert_true(sum.median == 4294967294.5);
    stats_free(&st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_values),
        cmocka_unit_test(one_value_has_no_spread),
        cmocka_unit_test(large_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
