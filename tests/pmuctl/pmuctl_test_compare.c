/*
 * pmuctl_test_compare.c - pmuctl compare's verdicts (host/report/compare.c)
 * on results written here: the change, the threshold, the noise band
 * (twice the standard error of the difference of the means), what is in
 * one file only, what was not counted, and metrics, which are not gated.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "report/compare.h"

static struct cmp_file base, new_;
static struct cmp_result r;

/* A result with one event per "NAME MEAN STDERR" line ("NAME -" for one
 * the target does not model) and one metric IPC. */
static void result(struct cmp_file *f, const char *events, double ipc)
{
    char text[4096], err[256], name[64], mean[32];
    double se;
    int n = 0, used;
    const char *p = events;

    n += snprintf(text + n, sizeof text - (size_t)n,
                  "{\"counts-from\": \"test\", \"simulator\": null, \"core\": \"34K\","
                  " \"from\": \"a\", \"to\": \"b\", \"iterations\": 50, \"events\": [");
    for (int i = 0; sscanf(p, "%63s %31s%n", name, mean, &used) == 2; i++) {
        p += used;
        if (!strcmp(mean, "-")) {
            n += snprintf(text + n, sizeof text - (size_t)n,
                          "%s{\"event\": \"%s\", \"counter-value\": null,"
                          " \"not-supported\": \"not modelled\"}", i ? "," : "", name);
            continue;
        }
        sscanf(p, "%lf%n", &se, &used);
        p += used;
        n += snprintf(text + n, sizeof text - (size_t)n,
                      "%s{\"event\": \"%s\", \"counter-value\": %s, \"stderr\": %g,"
                      " \"iterations\": 50}", i ? "," : "", name, mean, se);
    }
    snprintf(text + n, sizeof text - (size_t)n,
             "], \"metrics\": [{\"metric\": \"IPC\", \"metric-value\": %g,"
             " \"metric-unit\": \"insn per cycle\"}]}", ipc);
    assert_int_equal(cmp_parse(text, f, err, sizeof err), 0);
}

static const struct cmp_row *row(const char *name)
{
    for (int i = 0; i < r.nrows; i++)
        if (!strcmp(r.row[i].name, name))
            return &r.row[i];
    fail_msg("no row %s", name);
    return NULL;
}

static void an_exact_event_that_moves_beyond_the_threshold_is_moved(void **st)
{
    (void)st;
    result(&base, "instructions 1000 0", 1.0);
    result(&new_, "instructions 1020 0", 1.0);
    cmp_compute(&base, &new_, 1.0, &r);
    assert_int_equal(row("instructions")->verdict, CMP_MOVED);
    assert_true(fabs(row("instructions")->change_pct - 2.0) < 1e-9);
    assert_true(r.moved);
    /* The same against itself: nothing. */
    cmp_compute(&base, &base, 1.0, &r);
    assert_int_equal(row("instructions")->verdict, CMP_SAME);
    assert_false(r.moved);
    /* A threshold above the change: below it. */
    cmp_compute(&base, &new_, 2.5, &r);
    assert_int_equal(row("instructions")->verdict, CMP_BELOW);
    assert_false(r.moved);
}

static void a_change_within_the_runs_noise_is_not_moved(void **st)
{
    (void)st;
    /* 3% more cycles; the difference's standard error is sqrt(10^2 +
     * 10^2) = 14.1, so the band is 28.3 (2.83%): 30 is beyond it, 25 not. */
    result(&base, "cycles 1000 10", 1.0);
    result(&new_, "cycles 1030 10", 1.0);
    cmp_compute(&base, &new_, 1.0, &r);
    assert_int_equal(row("cycles")->verdict, CMP_MOVED);
    assert_true(fabs(row("cycles")->noise_pct - 2 * sqrt(200.0) / 10) < 1e-9);
    result(&new_, "cycles 1025 10", 1.0);
    cmp_compute(&base, &new_, 1.0, &r);
    assert_int_equal(row("cycles")->verdict, CMP_WITHIN);
    assert_false(r.moved);
}

static void from_zero_any_change_beyond_the_noise_is_moved(void **st)
{
    (void)st;
    result(&base, "dcache_misses 0 0", 1.0);
    result(&new_, "dcache_misses 3 0", 1.0);
    cmp_compute(&base, &new_, 1.0, &r);
    assert_int_equal(row("dcache_misses")->verdict, CMP_MOVED);
    assert_true(isinf(row("dcache_misses")->change_pct));
}

static void rows_in_one_file_or_not_counted_are_shown_and_not_gated(void **st)
{
    (void)st;
    result(&base, "instructions 1000 0 loads 100 0 dtlb_misses -", 1.0);
    result(&new_, "instructions 1000 0 stores 50 0 dtlb_misses -", 1.5);
    cmp_compute(&base, &new_, 1.0, &r);
    assert_int_equal(row("loads")->verdict, CMP_ONLY_BASE);
    assert_int_equal(row("stores")->verdict, CMP_ONLY_NEW);
    assert_int_equal(row("dtlb_misses")->verdict, CMP_NOT_COUNTED);
    assert_true(row("dtlb_misses")->unsupported);
    assert_true(isnan(row("dtlb_misses")->base)); /* no number for it */
    /* IPC 50% up: shown, but files keep no spread for metrics. */
    assert_int_equal(row("IPC")->verdict, CMP_UNGATED);
    assert_true(row("IPC")->metric);
    assert_false(r.moved);
}

static void files_that_are_not_results_are_refused(void **st)
{
    char err[256];
    (void)st;
    assert_int_equal(cmp_parse("{\"events\": [", &base, err, sizeof err), -1);
    assert_non_null(strstr(err, "not JSON"));
    assert_int_equal(cmp_parse("{\"cycles\": 3}", &base, err, sizeof err), -1);
    assert_non_null(strstr(err, "pmuctl measure --json"));
    assert_int_equal(cmp_load("/nonexistent/x.json", &base, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/x.json"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_exact_event_that_moves_beyond_the_threshold_is_moved),
        cmocka_unit_test(a_change_within_the_runs_noise_is_not_moved),
        cmocka_unit_test(from_zero_any_change_beyond_the_noise_is_moved),
        cmocka_unit_test(rows_in_one_file_or_not_counted_are_shown_and_not_gated),
        cmocka_unit_test(files_that_are_not_results_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
