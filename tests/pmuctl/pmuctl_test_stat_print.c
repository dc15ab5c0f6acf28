/*
 * pmuctl_test_stat_print.c - pmuctl stat's output (stat/print.c): one
 * group's counts printed as counted; groups that took turns scaled by
 * enabled / running with the percentage (perf stat's estimate); an
 * event whose group never ran "<not counted>", one vboard does not model
 * "<not supported>"; -x lines with perf's eight fields even where a name
 * holds the separator (quoted as CSV quotes); JSON lines with perf -j's
 * keys, the intervals with "interval"; the interval clock's MHz, and
 * where pmuctl assumed it, in the table and in JSON.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat/print.h"

static struct stat_print p;
static struct stat_result r;
static char *buf;
static size_t len;

static void setup_events(int ngroups)
{
    static const char *names[] = {"instructions", "cycles", "dcache_misses",
                                  "odd,name"};
    memset(&p, 0, sizeof p);
    memset(&r, 0, sizeof r);
    p.counts_from = "counts simulated by vboard (34k)";
    p.core = "34k";
    p.simulator = "vboard";
    p.n = r.n = 4;
    p.ngroups = ngroups;
    for (int i = 0; i < 4; i++) {
        p.event[i] = p.label[i] = names[i];
        p.counting[i] = "exact";
    }
    p.counting[2] = "none";
    r.enabled_s = 2.0;
    r.end = STAT_EXITED;
}

static void open_out(void)
{
    free(buf);
    buf = NULL;
    p.f = open_memstream(&buf, &len);
}

static void close_out(void)
{
    fclose(p.f);
}

static void one_group_exact(void **state)
{
    (void)state;
    setup_events(1);
    r.count[0] = 4000000001ull;
    r.count[1] = 2000000000ull;
    r.count[3] = 7;
    for (int i = 0; i < 4; i++)
        r.running_s[i] = 2.0;
    open_out();
    stat_print_totals(&p, &r);
    close_out();
    assert_non_null(strstr(buf, "4000000001      instructions"));
    assert_non_null(strstr(buf, "<not supported>      dcache_misses"));
    assert_non_null(strstr(buf, "its end (exit status 0)"));
    assert_null(strstr(buf, "%)")); /* nothing scaled */
    assert_non_null(strstr(buf, "2.000  insn per cycle"));
}

static void groups_scaled(void **state)
{
    (void)state;
    setup_events(2);
    r.count[0] = 1000;   /* ran a quarter of the time */
    r.running_s[0] = 0.5;
    r.count[1] = 3000;   /* never ran */
    r.running_s[1] = 0;
    r.count[3] = 10;
    r.running_s[3] = 2.0;
    open_out();
    stat_print_totals(&p, &r);
    close_out();
    assert_non_null(strstr(buf, "4000      instructions"));
    assert_non_null(strstr(buf, "(25.00%)"));
    assert_non_null(strstr(buf, "<not counted>      cycles"));
    assert_null(strstr(buf, "insn per cycle")); /* no metric of an uncounted event */
}

/* Fields of a CSV line, honouring quotes. */
static int csv_fields(const char *line, char sep)
{
    int n = 1, q = 0;
    for (const char *c = line; *c && *c != '\n'; c++) {
        if (*c == '"')
            q = !q;
        else if (*c == sep && !q)
            n++;
    }
    return n;
}

static void separated_fields(void **state)
{
    (void)state;
    setup_events(1);
    for (int i = 0; i < 4; i++) {
        r.count[i] = 100 + (unsigned)i;
        r.running_s[i] = 2.0;
    }
    p.sep = ",";
    open_out();
    stat_print_totals(&p, &r);
    close_out();
    int lines = 0;
    for (char *l = buf; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        assert_int_equal(csv_fields(l, ','), 8);
        lines++;
    }
    assert_int_equal(lines, 5); /* four events and IPC */
    assert_non_null(strstr(buf, "100,,instructions,2000000000,100.00,,,exact\n"));
    assert_non_null(strstr(buf, "<not supported>,,dcache_misses,"));
    assert_non_null(strstr(buf, ",\"odd,name\","));
}

static void json_intervals(void **state)
{
    (void)state;
    struct stat_interval iv;
    setup_events(1);
    p.json = 1;
    memset(&iv, 0, sizeof iv);
    iv.t_s = 0.25;
    iv.enabled_s = 0.25;
    iv.delta[0] = 42;
    iv.running_s[0] = 0.25;
    iv.counted[0] = 1;
    open_out();
    stat_print_interval(&p, &iv);
    close_out();
    assert_non_null(strstr(buf, "{\"interval\" : 0.250000000, \"counter-value\" : "
                                "\"42\", \"unit\" : \"\", \"event\" : "
                                "\"instructions\", \"event-runtime\" : 250000000, "
                                "\"pcnt-running\" : 100.00, \"simulated\" : \"exact\"}\n"));
    assert_non_null(strstr(buf, "\"counter-value\" : \"<not counted>\", \"unit\" : "
                                "\"\", \"event\" : \"cycles\""));
}

/* -I timed on the target at a clock pmuctl assumed (no --mhz): the
 * table and the JSON run object say so; with --mhz, neither does. */
static void interval_clock_said(void **state)
{
    (void)state;
    setup_events(1);
    r.on_target = 1;
    r.ring_records = 3;
    r.ring_mhz = 200;
    r.ring_mhz_assumed = "the clock pmuctl's cost table prices the core at";
    open_out();
    stat_print_totals(&p, &r);
    close_out();
    assert_non_null(strstr(buf, "-I timed on the target at 200 MHz (assumed: the "
                                "clock pmuctl's cost table prices the core at; "
                                "--mhz gives yours), the program not halted"));
    p.json = 1;
    open_out();
    stat_print_totals(&p, &r);
    close_out();
    assert_non_null(strstr(buf, "\"interval-mhz\" : 200, \"interval-mhz-from\" : "
                                "\"the clock pmuctl's cost table prices the core at\""));
    r.ring_mhz = 12.5;
    r.ring_mhz_assumed = NULL;
    p.json = 0;
    open_out();
    stat_print_totals(&p, &r);
    close_out();
    assert_non_null(strstr(buf, "-I timed on the target at 12.5 MHz, the program"));
    assert_null(strstr(buf, "assumed"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_group_exact),
        cmocka_unit_test(groups_scaled),
        cmocka_unit_test(separated_fields),
        cmocka_unit_test(json_intervals),
        cmocka_unit_test(interval_clock_said),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(buf);
    return rc;
}
