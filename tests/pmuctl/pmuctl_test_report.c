/*
 * pmuctl_test_report.c - the three output formats of a measurement, and
 * the derived metrics: IPC = instructions / cycles (34K note, section
 * 4.3), miss rates in percent, perfex's L1 cache line reuse
 * ((loads + stores - misses) / misses, seed 002), calibration, and an
 * event the simulator does not model: perf stat's "<not supported>" in
 * the table and with -x, null and a reason in JSON, and no metric from it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

static struct result r;

static void add(const char *event, double mean, double cal, size_t n)
{
    struct result_event *e = &r.ev[r.n++];
    memset(e, 0, sizeof *e);
    snprintf(e->label, sizeof e->label, "%s", event);
    e->event = event;
    e->raw.n = n;
    e->raw.mean = e->raw.min = e->raw.max = e->raw.median = mean;
    e->cal.n = n;
    e->cal.mean = cal;
    e->windows = 1;
}

static char *render(void (*fmt)(FILE *, const struct result *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fmt(f, &r);
    fclose(f);
    return buf;
}

static void csv(FILE *f, const struct result *res) { report_separated(f, res, ";"); }
static void comma(FILE *f, const struct result *res) { report_separated(f, res, ","); }

static void start(const char *core, const char *label, unsigned long iterations,
                  int ngroups, int calibrated)
{
    memset(&r, 0, sizeof r);
    r.core = core;
    r.counts_from = label;
    r.from = "region_begin";
    r.to = "region_end";
    r.iterations = iterations;
    r.ngroups = ngroups;
    r.calibrated = calibrated;
}

static void setup_basic(void)
{
    start("34k", "counts from \"vboard\"", 10, 2, 0);
    add("cycles", 2828, 0, 5);
    add("instructions", 1414, 0, 5);
    add("dcache_accesses", 200, 0, 5);
    add("dcache_misses", 50, 0, 5);
}

static void json_fields(void **s)
{
    (void)s;
    setup_basic();
    char *out = render(report_json);
    assert_non_null(strstr(out, "\"iterations\": 10"));
    assert_non_null(strstr(out, "{\"event\": \"instructions\""));
    assert_non_null(strstr(out, "\"counter-value\": 1414, \"min\": 1414, \"max\": 1414"));
    assert_non_null(strstr(out, "{\"metric\": \"IPC\", \"metric-value\": 0.5, \"metric-unit\": \"insn per cycle\"}"));
    assert_non_null(strstr(out, "{\"metric\": \"D-cache miss rate\", \"metric-value\": 25,"));
    /* Quotes in strings are escaped. */
    assert_non_null(strstr(out, "\"counts from \\\"vboard\\\"\""));
    /* No metric without its events: no I-cache rate here. */
    assert_null(strstr(out, "I-cache"));
    free(out);
}

static void separated_lines(void **s)
{
    (void)s;
    setup_basic();
    char *out = render(csv);
    /* perf stat's order: value;unit;event;spread;iterations counted;
     * percent of the 10 iterations;metric value;metric unit; then ours,
     * a simulator's word (none: a board) and the raw mean (uncalibrated:
     * none) */
    assert_non_null(strstr(out, "2828;;cycles;0.00%;5;50.00;;;;\n"));
    assert_non_null(strstr(out, "1414;;instructions;0.00%;5;50.00;;;;\n"));
    assert_non_null(strstr(out, ";;IPC;;;;0.500000;insn per cycle;;\n"));
    int lines = 0;
    for (char *p = out; *p; p++)
        lines += *p == '\n';
    /* misses per 1000 instructions: 50 * 1000 / 1414 */
    assert_non_null(strstr(out, ";;D-cache misses per 1000 instructions;;;;35.360679;MPKI;;\n"));
    assert_int_equal(lines, 4 + 3); /* events, IPC, D-cache miss rate, MPKI */
    free(out);
}

static void table_is_labelled(void **s)
{
    (void)s;
    setup_basic();
    char *out = render(report_table);
    assert_non_null(strstr(out, "counts from \"vboard\"; core 34k; 10 iterations, 2 groups"));
    assert_non_null(strstr(out, "instructions"));
    assert_non_null(strstr(out, "5/10"));
    assert_non_null(strstr(out, "0.500  insn per cycle IPC"));
    free(out);
}

static void calibration_corrects(void **s)
{
    (void)s;
    start("34k", "x", 2, 1, 1);
    add("cycles", 110, 10, 2);
    add("instructions", 100, 0, 2);
    add("loads", 3, 5, 2);  /* never corrected below 0 */
    char *out = render(csv);
    assert_non_null(strstr(out, "100;;cycles;0.00%;2;100.00;;;;110\n"));
    assert_non_null(strstr(out, "0;;loads;0.00%;2;100.00;;;;3\n"));
    assert_non_null(strstr(out, ";;IPC;;;;1.000000;insn per cycle;;\n"));
    free(out);
    out = render(report_json);
    assert_non_null(strstr(out, "\"raw-value\": 110, \"calibration-value\": 10"));
    free(out);
}

static void perfex_line_reuse(void **s)
{
    (void)s;
    start("r10k", "x", 2, 2, 0);
    add("graduated_loads", 300, 0, 1);
    add("graduated_stores", 100, 0, 1);
    add("dcache_misses", 40, 0, 1);
    char *out = render(report_json);
    /* (300 + 100 - 40) / 40 = 9; hit rate 1 - 40/400 = 90% */
    assert_non_null(strstr(out, "\"L1 cache line reuse\", \"metric-value\": 9,"));
    assert_non_null(strstr(out, "\"L1 data cache hit rate\", \"metric-value\": 90,"));
    free(out);
}

/* vboard's 34K: branches exact, cycles modelled, branch_mispredictions
 * and alu_stalls not modelled (target-xml/events/34k.csv). */
static void setup_simulated(int calibrated)
{
    static const char *how[] = {"model", "exact", "exact", "none", "none"};
    start("34k", "counts simulated by vboard (34k)", 4, 2, calibrated);
    r.simulator = "vboard";
    add("cycles", 2828, 0, 2);
    add("instructions", 1414, 0, 2);
    add("branches", 204, 0, 2);
    add("branch_mispredictions", 0, 0, 2);
    add("alu_stalls", 0, 0, 2);
    for (int i = 0; i < r.n; i++)
        r.ev[i].counting = how[i];
}

static void not_supported_table(void **s)
{
    (void)s;
    setup_simulated(0);
    char *out = render(report_table);
    assert_non_null(strstr(out, " counts simulated by vboard (34k); core 34k;"));
    assert_non_null(strstr(out, "     <not supported>  alu_stalls "));
    assert_non_null(strstr(out, "<not supported>  branch_mispredictions "));
    assert_null(strstr(out, " 0 .. 0")); /* no number for them */
    assert_non_null(strstr(out, "(model)"));
    assert_non_null(strstr(out, "insn per cycle IPC"));
    /* branches were counted, mispredictions not: no misprediction rate */
    assert_null(strstr(out, "misprediction rate"));
    free(out);
}

static void not_supported_separated(void **s)
{
    (void)s;
    setup_simulated(0);
    char *out = render(csv);
    assert_non_null(strstr(out, "\n<not supported>;;alu_stalls;;0;0.00;;;none;\n"));
    /* each count labelled as the table labels it */
    assert_non_null(strstr(out, "204;;branches;0.00%;2;50.00;;;exact;\n"));
    assert_non_null(strstr(out, "2828;;cycles;0.00%;2;50.00;;;model;\n"));
    /* IPC: from cycles, which vboard models: a model's number */
    assert_non_null(strstr(out, ";;IPC;;;;0.500000;insn per cycle;model;\n"));
    assert_null(strstr(out, "misprediction rate"));
    free(out);
    setup_simulated(1); /* the raw column is empty where nothing counted */
    out = render(csv);
    assert_non_null(strstr(out, "\n<not supported>;;alu_stalls;;0;0.00;;;none;\n"));
    assert_non_null(strstr(out, "204;;branches;0.00%;2;50.00;;;exact;204\n"));
    free(out);
}

/* Fields per line, CSV-quoted fields counted as one. */
static int fields(const char *line, char sep)
{
    int n = 1, quoted = 0;
    for (; *line && *line != '\n'; line++) {
        if (*line == '"')
            quoted = !quoted;
        else if (*line == sep && !quoted)
            n++;
    }
    return n;
}

/* The e200z7 note's metric "D-cache linefills, of cycles" and an event
 * with modes ("instructions:u,s") hold a comma: with -x , they are quoted
 * (as CSV quotes), so that every line has the same ten fields. */
static void separator_quoted(void **s)
{
    (void)s;
    start("e200z7", "x", 2, 1, 0);
    add("cycles", 1000, 0, 2);
    add("dcache_linefills", 50, 0, 2);
    add("instructions", 400, 0, 2);
    snprintf(r.ev[2].label, sizeof r.ev[2].label, "instructions:u,s");
    char *buf = render(comma);
    assert_non_null(strstr(buf, ",,\"D-cache linefills, of cycles\",,,,5.000000,%,,\n"));
    assert_non_null(strstr(buf, "400,,\"instructions:u,s\",0.00%,2,100.00,,,,\n"));
    int lines = 0;
    for (char *p = buf; *p; p = strchr(p, '\n') + 1, lines++)
        assert_int_equal(fields(p, ','), 10);
    assert_true(lines >= 4);
    free(buf);
}

/* --per-iteration: each count as counted, in JSON "values" and, with -x,
 * one line each with the count's number first; the summary lines and
 * metrics say "all" there. */
static void per_iteration_values(void **s)
{
    static double cyc[] = {110, 130, 120}, ins[] = {100, 100, 100};
    (void)s;
    start("34k", "x", 3, 1, 0);
    add("cycles", 120, 0, 3);
    add("instructions", 100, 0, 3);
    r.per_iteration = 1;
    r.ev[0].values = cyc;
    r.ev[1].values = ins;
    char *out = render(report_json);
    assert_non_null(strstr(out, "\"iterations\": 3, \"values\": [110, 130, 120]"));
    assert_non_null(strstr(out, "\"iterations\": 3, \"values\": [100, 100, 100]"));
    free(out);
    out = render(csv);
    assert_non_null(strstr(out, "1;110;;cycles;;1;;;;;\n2;130;;cycles;;1;;;;;\n"
                                "3;120;;cycles;;1;;;;;\n1;100;;instructions;"));
    assert_non_null(strstr(out, "all;120;;cycles;0.00%;3;100.00;;;;\n"));
    assert_non_null(strstr(out, "all;;;IPC;;;;0.833333;insn per cycle;;\n"));
    for (char *p = out; *p; p = strchr(p, '\n') + 1)
        assert_int_equal(fields(p, ';'), 11);
    free(out);
    r.ev[0].values = r.ev[1].values = NULL; /* not the result's to free */
}

static void not_supported_json(void **s)
{
    (void)s;
    setup_simulated(0);
    char *out = render(report_json);
    assert_non_null(strstr(out, "\"simulator\": \"vboard\""));
    assert_non_null(strstr(out, "{\"event\": \"alu_stalls\", \"label\": \"alu_stalls\", "
                                "\"group\": 1, \"counter\": 0, \"simulated\": \"none\", "
                                "\"counter-value\": null, \"not-supported\": "
                                "\"vboard, a simulator, does not model this event\", "
                                "\"min\": null, \"max\": null, \"median\": null, "
                                "\"stderr\": null, \"iterations\": 0}"));
    assert_non_null(strstr(out, "\"simulated\": \"model\", \"counter-value\": 2828,"));
    assert_null(strstr(out, "misprediction rate"));
    free(out);
    /* A board's events carry no "simulated" field, and there is no
     * simulator. */
    setup_basic();
    out = render(report_json);
    assert_non_null(strstr(out, "\"simulator\": null"));
    assert_null(strstr(out, "\"simulated\""));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_fields), cmocka_unit_test(separated_lines),
        cmocka_unit_test(table_is_labelled), cmocka_unit_test(calibration_corrects),
        cmocka_unit_test(perfex_line_reuse), cmocka_unit_test(not_supported_table),
        cmocka_unit_test(not_supported_separated), cmocka_unit_test(not_supported_json),
        cmocka_unit_test(separator_quoted), cmocka_unit_test(per_iteration_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
