/*
 * pmuctl_test_cost.c - perfex -y's time estimates (measure --cost).
 * Oracles: the costs perfex(1) (seed 002, COST ESTIMATE OPTIONS) gives,
 * written here as numbers: a cycle costs one cycle; the summary events
 * (issued/decoded and graduated instructions) 0 minimum and typical, 1
 * maximum; a graduated FP instruction at least 0.5; and arithmetic: a
 * count times cycles over MHz is microseconds.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/cost.h"

static struct result r;

static void event(const char *name, double mean, const char *counting)
{
    struct result_event *e = &r.ev[r.n++];
    e->event = name;
    snprintf(e->label, sizeof e->label, "%s", name);
    e->raw.n = 4;
    e->raw.mean = mean;
    e->counting = counting;
}

static const struct pmuctl_cost *cost_of(const struct pmuctl_cost_table *t,
                                         const char *ev)
{
    for (unsigned i = 0; i < t->n; i++)
        if (!strcmp(t->rows[i].event, ev))
            return &t->rows[i];
    return NULL;
}

static void tables_hold_the_seeds_numbers(void **s)
{
    static const char *const summary[2][2] = {{"r10k", "issued_instructions"},
                                              {"r12k", "decoded_instructions"}};
    (void)s;
    for (int k = 0; k < 2; k++) {
        const struct pmuctl_cost_table *t = cost_table(summary[k][0], NULL);
        assert_non_null(t);
        assert_true(t->mhz == 200.0); /* seed 003: "21 seconds at 200 MHZ" */
        const struct pmuctl_cost *c = cost_of(t, "cycles");
        assert_true(c && c->min == 1 && c->typical == 1 && c->max == 1);
        for (int j = 0; j < 2; j++) {
            c = cost_of(t, j ? "instructions" : summary[k][1]);
            assert_true(c && c->min == 0 && c->typical == 0 && c->max == 1);
        }
        c = cost_of(t, "graduated_fp_instructions");
        assert_true(c && c->min == 0.5 && c->typical < 0 && c->max < 0);
    }
}

static void cores_without_a_table_are_named(void **s)
{
    const char *have = NULL;
    (void)s;
    assert_null(cost_table("34k", &have));
    assert_string_equal(have, "r10k, r12k");
    assert_null(cost_table("e200z7", &have));
}

static void times_are_count_times_cost_over_mhz(void **s)
{
    struct cost_line lines[8];
    double tot[3];
    (void)s;
    memset(&r, 0, sizeof r);
    r.core = "r10k";
    event("instructions", 1000, "exact");
    event("graduated_fp_instructions", 7, "none");  /* not counted */
    event("graduated_loads", 300, "exact");         /* no cost in the table */
    event("cycles", 2000, "model");
    event("graduated_fp_instructions", 40, NULL);   /* a board: counted */
    assert_int_equal(cost_compute(&r, cost_table("r10k", NULL), 200, lines, tot), 5);
    /* most costly (typical) first; those without a typical time last, in
     * the order measured */
    assert_string_equal(lines[0].label, "cycles");
    assert_true(lines[0].us[0] == 10 && lines[0].us[1] == 10 && lines[0].us[2] == 10);
    assert_string_equal(lines[1].label, "instructions");
    assert_true(lines[1].us[0] == 0 && lines[1].us[1] == 0 && lines[1].us[2] == 5);
    assert_string_equal(lines[2].label, "graduated_fp_instructions");
    assert_true(lines[2].count < 0 && lines[2].us[0] < 0);
    assert_string_equal(lines[3].label, "graduated_loads");
    assert_true(lines[3].count == 300 && lines[3].us[1] < 0);
    assert_true(lines[4].count == 40 && lines[4].us[0] == 0.1 && lines[4].us[2] < 0);
    assert_true(tot[0] == 10.1 && tot[1] == 10 && tot[2] == 15);
}

static void printed_as_perfex_does(void **s)
{
    char *buf = NULL;
    size_t len = 0;
    (void)s;
    memset(&r, 0, sizeof r);
    r.core = "r12k";
    event("cycles", 3000, "model");
    event("instructions", 1500, "exact");
    FILE *f = open_memstream(&buf, &len);
    report_cost_table(f, &r, cost_table("r12k", NULL), 300);
    fclose(f);
    assert_non_null(strstr(buf, "at 300 MHz (perfex -y)"));
    assert_non_null(strstr(buf, "  cycles                                 3000         10.000"
                                "         10.000         10.000\n"));
    assert_non_null(strstr(buf, "  instructions                           1500          0.000"
                                "          0.000          5.000\n"));
    assert_non_null(strstr(buf, "  total                                               10.000"
                                "         10.000         15.000\n"));
    free(buf);
    f = open_memstream(&buf, &len);
    report_cost_separated(f, &r, cost_table("r12k", NULL), 300, ";");
    fclose(f);
    assert_string_equal(buf, "cost;cycles;3000;10.000;10.000;10.000;us\n"
                             "cost;instructions;1500;0.000;0.000;5.000;us\n"
                             "cost;total;;10.000;10.000;15.000;us\n");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_hold_the_seeds_numbers),
        cmocka_unit_test(cores_without_a_table_are_named),
        cmocka_unit_test(times_are_count_times_cost_over_mhz),
        cmocka_unit_test(printed_as_perfex_does),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
