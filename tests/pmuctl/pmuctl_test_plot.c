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
#include "report/plot_stat.h"

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
    has("set xtics ('64' 64, '512' 512, '2,048' 2048)");
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
    /* each file's value and its label; none for what was not counted */
    has("$bars0 << EOD\n\"instructions\" 25 \"25\" 5 \"5\"\n"
        "\"dcache_misses\" NaN \"\" NaN \"\"\nEOD");
    /* No bar and no number where vboard does not model the event, in
     * perf stat's words; "not counted" only for what has no such reason. */
    has("set label 'not supported'");
    assert_null(strstr(script, "not counted"));
    has("set ylabel \"% of cycles\"");
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

/* Counts of three magnitudes: cycles and instructions in the tens of
 * millions, dcache_misses in the thousands. */
static void big(char *out, size_t len, const char *vars, double cyc, double miss)
{
    snprintf(out, len,
             "{\"counts-from\": \"lab\", \"from\": \"f\", \"to\": \"g\", %s "
             "\"events\": [{\"event\": \"cycles\", \"counter-value\": %.17g},"
             "{\"event\": \"instructions\", \"counter-value\": 41234567},"
             "{\"event\": \"dcache_misses\", \"counter-value\": %.17g}]}",
             vars, cyc, miss);
}

/* Every "set yrange [A:" of the script: A is 0. */
static void every_range_from_zero(void)
{
    int n = 0;
    for (const char *p = script; (p = strstr(p, "set yrange [")); p++, n++)
        assert_memory_equal(p + 12, "0:", 2);
    assert_true(n > 0);
}

/* No number the reader sees in e-notation: no "set format" left to
 * gnuplot, and no tic or value label with an exponent. */
static void no_e_notation(void)
{
    assert_null(strstr(script, "set format"));
    for (const char *p = script; (p = strchr(p, '"')); ) {
        const char *q = strchr(p + 1, '"');
        assert_non_null(q);
        for (const char *c = p + 1; c + 1 < q; c++)
            assert_false(c[0] >= '0' && c[0] <= '9' && (c[1] == 'e' || c[1] == 'E'));
        p = q + 1;
    }
}

/* Bars of 68.4M and 1,234: two panels (the misses would be a line along
 * the cycles' zero), both from zero, names turned, numbers readable. */
static void bars_by_magnitude(void **state)
{
    char a[1024], b[1024];
    (void)state;
    big(a, sizeof a, "", 68412345, 1234);
    big(b, sizeof b, "", 70112345, 5234);
    assert_int_equal(plot_parse(a, "a", &files[0], err, sizeof err), 0);
    assert_int_equal(plot_parse(b, "b", &files[1], err, sizeof err), 0);
    assert_int_equal(draw(2, NULL, NULL, NULL, NULL, "f.png"), 0);
    has("set multiplot layout 2,1 title 'f .. g: lab'");
    has("$bars0 << EOD\n\"cycles\" 68412345 \"68.4M\" 70112345 \"70.1M\"\n"
        "\"instructions\" 41234567 \"41.2M\" 41234567 \"41.2M\"\nEOD");
    has("$bars1 << EOD\n\"dcache_misses\" 1234 \"1,234\" 5234 \"5,234\"\nEOD");
    has("set xtics nomirror rotate by 30 right");
    has("set ytics (\"0\" 0, \"10M\" 10000000, ");
    has("set ytics (\"0\" 0, \"1,000\" 1000, ");
    every_range_from_zero();
    no_e_notation();
    /* --log: one panel, decades from the smallest value's */
    struct plot_request r;
    FILE *f = fmemopen(script, sizeof script, "w");
    assert_int_equal(plot_request_init(&r, NULL, NULL, NULL, NULL, "f.svg", err,
                                       sizeof err), 0);
    r.scale = PLOT_LOG;
    assert_int_equal(plot_script(f, files, 2, &r, err, sizeof err), 0);
    fclose(f);
    has("set multiplot layout 1,1");
    has("set logscale y 10\nset yrange [1000:");
    has("set ytics (\"1,000\" 1000, \"10,000\" 10000, \"100,000\" 100000, "
        "\"1M\" 1000000, \"10M\" 10000000, \"100M\" 100000000)");
    no_e_notation();
}

/* A sweep of one file: cycles and instructions (within ten times of
 * each other) share a panel, dcache_misses has its own; from zero
 * unless --zoom, which spans the values. */
static void lines_by_magnitude(void **state)
{
    char a[1024], b[1024], text[3000];
    struct plot_request r;
    FILE *f;
    (void)state;
    big(a, sizeof a, "\"variables\": {\"bs\": 64},", 68412345, 1234);
    big(b, sizeof b, "\"variables\": {\"bs\": 1048576},", 70112345, 5234);
    snprintf(text, sizeof text, "{\"sweep\": [{\"variable\": \"bs\"}], "
             "\"results\": [%s, %s]}", a, b);
    assert_int_equal(plot_parse(text, "s", &files[0], err, sizeof err), 0);
    assert_int_equal(draw(1, "cycles,instructions,dcache_misses", NULL, NULL, NULL,
                          "f.svg"), 0);
    has("set multiplot layout 2,1 title 'f .. g: lab'");
    has("set xtics ('64' 64, '1,048,576' 1048576)");
    has("plot $d0_0_0 using 1:2 with linespoints lw 2 pt 7 title 'cycles', "
        "$d1_0_0 using 1:2 with linespoints lw 2 pt 7 title 'instructions'\n");
    has("set ylabel \"dcache_misses\\n(events per iteration)\"\nunset key\n"
        "plot $d2_0_0 ");
    every_range_from_zero();
    no_e_notation();
    f = fmemopen(script, sizeof script, "w");
    assert_int_equal(plot_request_init(&r, "dcache_misses", NULL, NULL, NULL, "f.svg",
                                       err, sizeof err), 0);
    r.scale = PLOT_ZOOM;
    assert_int_equal(plot_script(f, files, 1, &r, err, sizeof err), 0);
    fclose(f);
    /* 1,234 .. 5,234: tics every 1,000 from 1,000 */
    has("set yrange [1000:");
    has("set ytics (\"1,000\" 1000, \"2,000\" 2000, ");
}

/* Files of different regions: the title names none, each legend entry
 * its own. */
static void regions_in_legend(void **state)
{
    char a[1024];
    (void)state;
    big(a, sizeof a, "", 100, 10);
    assert_int_equal(plot_parse(a, "one", &files[0], err, sizeof err), 0);
    assert_int_equal(plot_parse(a, "two", &files[1], err, sizeof err), 0);
    snprintf(files[1].from, sizeof files[1].from, "h");
    assert_int_equal(draw(2, "cycles", NULL, NULL, NULL, "f.svg"), 0);
    has("title 'lab'");
    has("title 'one (f .. g)'");
    has("title 'two (h .. g)'");
}

/* Numbers as a reader reads them. */
static void readable_numbers(void **state)
{
    char s[32];
    (void)state;
#define READS(v, d, want) (plot_readable(v, d, s, sizeof s), assert_string_equal(s, want))
#define EXACT(v, want) (plot_exact(v, s, sizeof s), assert_string_equal(s, want))
    READS(68412345, 3, "68.4M");
    READS(1.5e9, 3, "1.50G");
    READS(12345, 3, "12,345");
    READS(-12345, 3, "-12,345");
    READS(25, 3, "25");
    READS(13.04, 3, "13.0");
    READS(0.000123456, 3, "0.000123");
    READS(0, 3, "0");
    EXACT(1048576, "1,048,576");
    EXACT(0.25, "0.25");
    EXACT(1.5e15, "1.5P");
}

/* stat -I output: the -x lines (a quoted event name, a total and a
 * metric line that are not intervals) and the --json lines give one
 * point an interval, and each interval's IPC from its own counts. */
static void stat_timeline(void **state)
{
    const char *csv =
        "0.010000000,100,,instructions,10000000,100.00,,,exact\n"
        "0.010000000,400,,\"cy,cles\",10000000,100.00,,,model\n"
        "0.020000000,300,,instructions,10000000,100.00,,,exact\n"
        "0.020000000,300,,\"cy,cles\",10000000,100.00,,,model\n"
        "400,,instructions,20000000,100.00,,,exact\n"
        ",,IPC,,,0.571429,insn per cycle,\n";
    const char *json =
        "{\"interval\" : 0.010000000, \"counter-value\" : \"100\", \"event\" : \"instructions\"}\n"
        "{\"interval\" : 0.010000000, \"counter-value\" : \"400\", \"event\" : \"cycles\"}\n"
        "{\"interval\" : 0.020000000, \"counter-value\" : \"<not supported>\", \"event\" : \"instructions\"}\n"
        "{\"interval\" : 0.020000000, \"counter-value\" : \"300\", \"event\" : \"cycles\"}\n"
        "{\"counter-value\" : \"100\", \"event\" : \"instructions\"}\n"
        "{\"program\" : \"exited\", \"exit-status\" : 3, \"core\" : \"34k\", "
        "\"counts-from\" : \"counts simulated by vboard (34k)\", \"intervals\" : \"target\"}\n";
    char err[200];
    (void)state;
    assert_true(plot_stat_is(csv));
    assert_true(plot_stat_is(json));
    assert_false(plot_stat_is("{\"events\": []}"));
    plot_file_init(&files[0], "csv");
    assert_int_equal(plot_stat_parse(csv, &files[0], err, sizeof err), 0);
    assert_int_equal(files[0].npoints, 2);
    assert_true(files[0].timeline);
    assert_string_equal(files[0].name[1], "cy,cles");
    assert_true(files[0].val[1][0] == 300 && files[0].val[1][1] == 300);
    assert_string_equal(files[0].counts_from, "simulated counts (-x names no target)");
    assert_string_equal(files[0].var[0], "time since the resume (s)");

    plot_file_init(&files[0], "json");
    assert_int_equal(plot_stat_parse(json, &files[0], err, sizeof err), 0);
    assert_int_equal(files[0].npoints, 2);
    assert_string_equal(files[0].ran, "stat -I: the program to its exit (status 3), core 34k");
    /* Timed by the stub from the target's cycles, not by the host. */
    assert_string_equal(files[0].var[0], "target time since the resume (s, from its cycles)");
    assert_true(files[0].unsupported[1][0]);
    int ipc = -1;
    for (int k = 0; k < files[0].nnames; k++)
        if (files[0].metric[k] && !strcmp(files[0].name[k], "IPC"))
            ipc = k;
    assert_true(ipc >= 0 && files[0].val[0][ipc] == 0.25);
    assert_true(files[0].val[1][ipc] != files[0].val[1][ipc]); /* no instructions: NaN */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sweep_lines), cmocka_unit_test(sweep_metric_and_files),
        cmocka_unit_test(plain_bars),  cmocka_unit_test(refusals),
        cmocka_unit_test(title_source), cmocka_unit_test(bars_by_magnitude),
        cmocka_unit_test(lines_by_magnitude), cmocka_unit_test(regions_in_legend),
        cmocka_unit_test(readable_numbers), cmocka_unit_test(stat_timeline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
