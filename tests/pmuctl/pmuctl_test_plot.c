/*
 * pmuctl_test_plot.c - pmuctl plot's reading and gnuplot script
 * (host/report/plot.c) on results written here: a sweep's lines (the x
 * tics are the swept values, the axes name the variable, the event and
 * its unit, the title where the counts came from, simulated ones so),
 * relative values and percentages computed from the file's means, plain
 * results as bars, and what is refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report/plot.h"

static struct plot_file files[3];
static char err[256], script[65536];

/* The script says this. */
#define has(text) assert_non_null(strstr(script, text))

/* One result object: cycles and instructions, dcache_misses not modelled. */
static void result(char *out, size_t len, const char *vars, double cyc, double ins)
{
    snprintf(out, len,
             "{\"counts-from\": \"counts simulated by vboard (34k)\", "
             "\"simulator\": \"vboard\", \"core\": \"34K\", \"from\": \"ms_begin\", "
             "\"to\": \"ms_end\", %s \"events\": ["
             "{\"event\": \"cycles\", \"counter-value\": %g},"
             "{\"event\": \"instructions\", \"counter-value\": %g},"
             "{\"event\": \"dcache_misses\", \"counter-value\": null, "
             "\"not-supported\": \"vboard, a simulator, does not model this event\"}],"
             " \"metrics\": [{\"metric\": \"IPC\", \"metric-value\": %g, "
             "\"metric-unit\": \"insn per cycle\"}]}",
             vars, cyc, ins, ins / cyc);
}

static const char *sweep_text(void)
{
    static char text[4096];
    char a[1024], b[1024], c[1024];
    result(a, sizeof a, "\"variables\": {\"bs\": 64},", 1000, 500);
    result(b, sizeof b, "\"variables\": {\"bs\": 512},", 1500, 600);
    result(c, sizeof c, "\"variables\": {\"bs\": 2048},", 2000, 700);
    snprintf(text, sizeof text, "{\"sweep\": [{\"variable\": \"bs\", \"address\": 1, "
             "\"size\": 4, \"values\": [64, 512, 2048]}], \"results\": [%s, %s, %s]}",
             a, b, c);
    return text;
}

/* The script for the request into script[]; plot_script's status. */
static int draw(int n, const char *events, const char *metrics, const char *relative,
                const char *pct, const char *output)
{
    struct plot_request r;
    FILE *f = fmemopen(script, sizeof script, "w");
    int rc;
    assert_int_equal(plot_request_init(&r, events, metrics, relative, pct, output,
                                       err, sizeof err), 0);
    rc = plot_script(f, files, n, &r, err, sizeof err);
    fclose(f);
    return rc;
}

static void sweep_lines(void **state)
{
    (void)state;
    assert_int_equal(plot_parse(sweep_text(), "ms", &files[0], err, sizeof err), 0);
    assert_int_equal(files[0].npoints, 3);
    assert_int_equal(files[0].nvars, 1);
    assert_int_equal(draw(1, "instructions", NULL, "cycles", NULL, "f.svg"), 0);
    has("set terminal svg");
    has("set output 'f.svg'");
    has("set xtics ('64' 64, '512' 512, '2048' 2048)");
    has("set logscale x 2"); /* 64 .. 2048 */
    has("set xlabel 'bs'");
    has("set ylabel \"instructions\\n(events per iteration)\"");
    has("set ylabel \"relative execution time\\n(cycles, "
                                   "relative to bs = 64)\"");
    has("ms_begin .. ms_end: counts simulated by vboard (34k)");
    has("set multiplot layout 2,1");
    /* The data: cycles relative to the first value (first panel), then
     * instructions as read. */
    has("$d1_0_0 << EOD\n64 500\n512 600\n2048 700\nEOD");
    has("$d0_0_0 << EOD\n64 1\n512 1.5\n2048 2\nEOD");
}

static void sweep_metric_and_files(void **state)
{
    (void)state;
    assert_int_equal(plot_parse(sweep_text(), "before", &files[0], err, sizeof err), 0);
    assert_int_equal(plot_parse(sweep_text(), "after", &files[1], err, sizeof err), 0);
    assert_int_equal(draw(2, NULL, "IPC", NULL, NULL, "f.png"), 0);
    has("set terminal pngcairo");
    has("set ylabel \"IPC\\n(insn per cycle)\"");
    /* a line per file, titled with the file's name */
    has("title 'before'");
    has("title 'after'");
    has("$d0_1_0 << EOD\n64 0.5\n");
}

static void plain_bars(void **state)
{
    char a[1024], b[1024];
    (void)state;
    result(a, sizeof a, "", 1000, 250);
    result(b, sizeof b, "", 2000, 100);
    assert_int_equal(plot_parse(a, "bs64", &files[0], err, sizeof err), 0);
    assert_int_equal(plot_parse(b, "bs2048", &files[1], err, sizeof err), 0);
    assert_int_equal(draw(2, "instructions,dcache_misses", NULL, NULL, "cycles",
                          "f.svg"), 0);
    has("set style data histograms");
    has("$bars << EOD\n\"instructions\" 25 5\n"
                                   "\"dcache_misses\" NaN NaN\nEOD");
    /* No bar and no number where vboard does not model the event, in
     * perf stat's words; "not counted" only for what has no such reason. */
    has("set label 'not supported'");
    assert_null(strstr(script, "not counted"));
    has("set ylabel '% of cycles'");
    has("title 'bs64'");
    has("title 'bs2048'");
    has("counts simulated by vboard");
    assert_int_equal(plot_parse("{\"events\": [{\"event\": \"instructions\", "
                                "\"counter-value\": null}]}", "x", &files[0], err,
                                sizeof err), 0);
    assert_int_equal(draw(1, "instructions", NULL, NULL, NULL, "f.svg"), 0);
    has("set label 'not counted'");
    assert_null(strstr(script, "not supported"));
}

static void refusals(void **state)
{
    struct plot_request r;
    char a[1024];
    (void)state;
    result(a, sizeof a, "", 1000, 250);
    assert_int_equal(plot_parse(sweep_text(), "s", &files[0], err, sizeof err), 0);
    assert_int_equal(plot_parse(a, "p", &files[1], err, sizeof err), 0);
    assert_int_equal(draw(2, "cycles", NULL, NULL, NULL, "f.svg"), -1);
    assert_non_null(strstr(err, "not both"));
    assert_int_equal(draw(1, "no_such", NULL, NULL, NULL, "f.svg"), -1);
    assert_non_null(strstr(err, "'no_such'"));
    assert_int_equal(plot_request_init(&r, NULL, NULL, NULL, NULL, "f.pdf", err,
                                       sizeof err), -1);
    assert_int_equal(plot_request_init(&r, NULL, NULL, NULL, "cycles", "f.svg", err,
                                       sizeof err), -1);
    assert_int_equal(plot_parse("{\"x\": 1}", "x", &files[0], err, sizeof err), -1);
    assert_non_null(strstr(err, "no \"events\""));
    assert_int_equal(plot_parse("{", "x", &files[0], err, sizeof err), -1);
}

/* A file of a board (no simulator) is not called simulated; one of a
 * simulator whose words do not say so is. */
static void title_source(void **state)
{
    static const char *const fmt =
        "{\"counts-from\": \"%s\", \"simulator\": %s, \"from\": \"a\", "
        "\"to\": \"b\", \"events\": [{\"event\": \"cycles\", \"counter-value\": 5}]}";
    char text[512];
    (void)state;
    snprintf(text, sizeof text, fmt, "my board", "null");
    assert_int_equal(plot_parse(text, "x", &files[0], err, sizeof err), 0);
    assert_int_equal(draw(1, NULL, NULL, NULL, NULL, "f.svg"), 0);
    has("'a .. b: my board'");
    assert_null(strstr(script, "simulated"));
    snprintf(text, sizeof text, fmt, "lab", "\"vboard\"");
    assert_int_equal(plot_parse(text, "x", &files[0], err, sizeof err), 0);
    assert_int_equal(draw(1, NULL, NULL, NULL, NULL, "f.svg"), 0);
    has("'a .. b: lab (simulated by vboard)'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sweep_lines), cmocka_unit_test(sweep_metric_and_files),
        cmocka_unit_test(plain_bars),  cmocka_unit_test(refusals),
        cmocka_unit_test(title_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
