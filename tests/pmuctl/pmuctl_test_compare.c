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
static const char *core = "34K"; /* no core of the registry: no worse way */

static void set_core(const char *c) { core = c; }

/* A result with one event per "NAME MEAN STDERR" line ("NAME -" for one
 * the target does not model) and one metric IPC. */
static void result(struct cmp_file *f, const char *events, double ipc)
{
    char text[4096], err[256], name[64], mean[32];
    double se;
    int n = 0, used;
    const char *p = events;

    n += snprintf(text + n, sizeof text - (size_t)n,
                  "{\"counts-from\": \"test\", \"simulator\": null, \"core\": \"%s\","
                  " \"from\": \"a\", \"to\": \"b\", \"iterations\": 50, \"events\": [",
                  core);
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

/* A threshold for every row, and the way that fails (-1: each row's
 * worse way, the registry's). */
static const struct cmp_gate *gate(double threshold, int fail_on)
{
    static struct cmp_gate g;
    memset(&g, 0, sizeof g);
    g.threshold = threshold;
    g.fail_on = fail_on;
    return &g;
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
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
    assert_int_equal(row("instructions")->verdict, CMP_MOVED);
    assert_true(fabs(row("instructions")->change_pct - 2.0) < 1e-9);
    assert_true(r.moved);
    /* The same against itself: nothing. */
    cmp_compute(&base, &base, gate(1.0, -1), &r);
    assert_int_equal(row("instructions")->verdict, CMP_SAME);
    assert_false(r.moved);
    /* A threshold above the change: below it. */
    cmp_compute(&base, &new_, gate(2.5, -1), &r);
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
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
    assert_int_equal(row("cycles")->verdict, CMP_MOVED);
    assert_true(fabs(row("cycles")->noise_pct - 2 * sqrt(200.0) / 10) < 1e-9);
    result(&new_, "cycles 1025 10", 1.0);
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
    assert_int_equal(row("cycles")->verdict, CMP_WITHIN);
    assert_false(r.moved);
}

static void from_zero_any_change_beyond_the_noise_is_moved(void **st)
{
    (void)st;
    result(&base, "dcache_misses 0 0", 1.0);
    result(&new_, "dcache_misses 3 0", 1.0);
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
    assert_int_equal(row("dcache_misses")->verdict, CMP_MOVED);
    assert_true(isinf(row("dcache_misses")->change_pct));
}

static void rows_in_one_file_or_not_counted_are_shown_and_not_gated(void **st)
{
    (void)st;
    result(&base, "instructions 1000 0 loads 100 0 dtlb_misses -", 1.0);
    result(&new_, "instructions 1000 0 stores 50 0 dtlb_misses -", 1.5);
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
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

/* A CI gate: 33% fewer cycles is an improvement (status 0), 33% more a
 * regression (5); --fail-on any fails both, --fail-on decrease only the
 * fewer. The way comes from the registry: more cycles are worse
 * (events/34k.csv), a lower IPC is (metrics.toml), a change of dual
 * issue cycles is neither (any: fails both ways). */
static void the_worse_way_fails_the_better_way_improves(void **st)
{
    (void)st;
    set_core("34k");
    result(&base, "cycles 1500 0 dual_issue_cycles 100 0", 0.5);
    result(&new_, "cycles 1000 0 dual_issue_cycles 100 0", 0.75);
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
    assert_int_equal(row("cycles")->verdict, CMP_IMPROVED);
    assert_int_equal(row("cycles")->fail_on, PMU_WORSE_INCREASE);
    assert_int_equal(row("IPC")->fail_on, PMU_WORSE_DECREASE);
    assert_false(r.moved);
    cmp_compute(&new_, &base, gate(1.0, -1), &r);
    assert_int_equal(row("cycles")->verdict, CMP_MOVED);
    assert_true(r.moved);
    for (int i = 0; i < 2; i++) {
        cmp_compute(i ? &new_ : &base, i ? &base : &new_, gate(1.0, PMU_WORSE_ANY), &r);
        assert_int_equal(row("cycles")->verdict, CMP_MOVED);
        assert_true(r.moved);
    }
    cmp_compute(&base, &new_, gate(1.0, PMU_WORSE_DECREASE), &r);
    assert_true(r.moved);
    cmp_compute(&new_, &base, gate(1.0, PMU_WORSE_DECREASE), &r);
    assert_int_equal(row("cycles")->verdict, CMP_IMPROVED);
    assert_false(r.moved);
    result(&new_, "cycles 1500 0 dual_issue_cycles 50 0", 0.5);
    cmp_compute(&base, &new_, gate(1.0, -1), &r);
    assert_int_equal(row("dual_issue_cycles")->fail_on, PMU_WORSE_ANY);
    assert_int_equal(row("dual_issue_cycles")->verdict, CMP_MOVED);
    set_core("34K");
}

/* --threshold EVENT=PCT holds that event to its own threshold; the rest
 * to the global one. */
static void a_threshold_per_event(void **st)
{
    (void)st;
    set_core("34k");
    result(&base, "cycles 1000 0 instructions 1000 0", 1.0);
    result(&new_, "cycles 1040 0 instructions 1040 0", 1.0);
    struct cmp_gate g = *gate(1.0, -1);
    g.nnamed = 1;
    g.named[0].name = "cycles";
    g.named[0].pct = 5;
    cmp_compute(&base, &new_, &g, &r);
    assert_int_equal(row("cycles")->verdict, CMP_BELOW);
    assert_true(row("cycles")->threshold == 5);
    assert_int_equal(row("instructions")->verdict, CMP_MOVED);
    assert_true(r.moved);
    g.named[1].name = "instructions";
    g.named[1].pct = 4.5;
    g.nnamed = 2;
    cmp_compute(&base, &new_, &g, &r);
    assert_false(r.moved);
    set_core("34K");
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
        cmocka_unit_test(the_worse_way_fails_the_better_way_improves),
        cmocka_unit_test(a_threshold_per_event),
        cmocka_unit_test(files_that_are_not_results_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
