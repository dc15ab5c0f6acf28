/*
 * report/report.c - output formats. The -x and --json field names follow perf
 * stat's (-x: value, unit, event, ...; -j: "counter-value", "event",
 * "metric-value", "metric-unit") so that scripts written for perf stat
 * need little change; our own additions are min, max, median, spread.
 */
#include "report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_str.h"
#include "report/metrics.h"

double result_value(const struct result_event *e, int calibrated)
{
    double v = e->raw.mean;
    if (calibrated) {
        v -= e->windows * e->cal.mean;
        if (v < 0)
            v = 0;
    }
    return v;
}

void result_free(struct result *r)
{
    for (int i = 0; i < r->n; i++) {
        free(r->ev[i].values);
        r->ev[i].values = NULL;
    }
}

#define NOT_SUPPORTED "<not supported>" /* perf stat's word */

int result_counted(const struct result_event *e)
{
    return !e->counting || strcmp(e->counting, "none") != 0;
}

/* Metrics use the first measurement of each event by name; an event that
 * was not counted leaves its metrics out. */
static double lookup_mean(void *ctx, const char *event)
{
    const struct result *r = ctx;
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->ev[i].event, event) && r->ev[i].raw.n)
            return result_counted(&r->ev[i])
                       ? result_value(&r->ev[i], r->calibrated) : -1;
    return -1;
}

/* Calls fn for every metric whose events were measured, once per name. */
static void each_metric(const struct result *r, metric_each_fn fn, void *arg)
{
    /* Each event measured in each mode apart: no one value to derive from. */
    if (!r->modes_swept)
        metrics_each(lookup_mean, (void *)r, fn, arg);
}

static void fmt_count(char *out, size_t len, double v)
{
    /* Whole numbers print whole; means of varying counts keep 2 digits. */
    if (fabs(v - nearbyint(v)) < 1e-9)
        snprintf(out, len, "%.0f", v);
    else
        snprintf(out, len, "%.2f", v);
}

void report_count(char *out, size_t len, double v)
{
    fmt_count(out, len, v);
}

static void table_metric(void *arg, const struct metric_def *d, double v,
                         int first)
{
    FILE *f = arg;
    if (first)
        fputc('\n', f);
    fprintf(f, "  %18.3f  %-14s %s\n", v, d->unit, d->name);
}

void report_table(FILE *f, const struct result *r)
{
    if (r->function)
        fprintf(f, "\n Performance counter stats for each outermost call of "
                "%s (0x%08lx) to its return\n", r->from, r->from_addr);
    else
        fprintf(f, "\n Performance counter stats for %s (0x%08lx) .. %s "
                "(0x%08lx)\n", r->from, r->from_addr, r->to, r->to_addr);
    if (r->point) {
        fputc(' ', f);
        for (int k = 0; k < r->point->n; k++)
            fprintf(f, "%s%s = %s", k ? ", " : "", r->point->name[k],
                    r->point->value[k]);
        fputs(" (--sweep)\n", f);
    }
    fprintf(f, " %s; core %s; %lu iteration%s, %d group%s %s\n",
            r->counts_from, r->core, r->iterations,
            r->iterations == 1 ? "" : "s", r->ngroups, r->ngroups == 1 ? "" : "s",
            r->traced ? "run in turn, added up by the target (tracepoints)"
                      : "taking turns (breakpoints)");
    if (r->simulator)
        fprintf(f, " %s: (exact) counted exactly, (model) from its timing and "
                "cache model\n", r->simulator);
    fputc('\n', f);
    if (r->calibrated)
        fprintf(f, "  %18s  %12s  %-28s %-10s %9s  %s\n", "corrected mean",
                "raw mean", "event", "counted in", "spread", "min .. max");
    else
        fprintf(f, "  %18s  %-28s %-10s %9s  %s\n", "mean", "event",
                "counted in", "spread", "min .. max");
    for (int i = 0; i < r->n; i++) {
        const struct result_event *e = &r->ev[i];
        char val[32], raw[32], mn[32], mx[32], it[32];
        if (!result_counted(e)) {
            fprintf(f, "  %18s  ", NOT_SUPPORTED);
            if (r->calibrated)
                fprintf(f, "%12s  ", "");
            fprintf(f, "%-28s (%s does not model it)\n", e->label,
                    r->simulator ? r->simulator : "the target");
            continue;
        }
        fmt_count(val, sizeof val, result_value(e, r->calibrated));
        fmt_count(raw, sizeof raw, e->raw.mean);
        fmt_count(mn, sizeof mn, e->raw.min);
        fmt_count(mx, sizeof mx, e->raw.max);
        snprintf(it, sizeof it, "%zu/%lu", e->raw.n, r->iterations);
        fprintf(f, "  %18s  ", val);
        if (r->calibrated)
            fprintf(f, "%12s  ", raw);
        fprintf(f, "%-28s %-10s +-%6.2f%%  %s .. %s", e->label, it,
                stats_spread_pct(&e->raw), mn, mx);
        if (e->counting)
            fprintf(f, "  (%s)", e->counting);
        fputc('\n', f);
    }
    each_metric(r, table_metric, f);
    if (r->calibrated) {
        fprintf(f, "\n  corrected = raw - %smean of an empty bracket (",
                r->traced ? "2 x " : "");
        for (int i = 0, k = 0; i < r->n; i++) {
            char c[32];
            if (!result_counted(&r->ev[i]))
                continue;
            fmt_count(c, sizeof c, r->ev[i].cal.mean);
            fprintf(f, "%s%s %s", k++ ? ", " : "", r->ev[i].label, c);
        }
        fprintf(f, ")\n");
        if (r->traced)
            fprintf(f, "  (a traced bracket passes the stub twice: at the "
                    "tracepoint and at the step over it)\n");
    }
    fputc('\n', f);
}

/*
 * -x lines follow perf stat's CSV field order (tools/perf/Documentation/
 * perf-stat.txt, "CSV FORMAT", with the variance where perf prints it
 * since Linux 4.12): counter value, unit, event, variance (our spread),
 * run time (the iterations that counted the event), percentage of the
 * run it was counting (of the iterations), metric value, metric unit.
 * Then ours: how the simulator counted it (exact, model, none; empty on
 * a board) and the raw mean (with --calibrate; else empty). Every line
 * has these ten fields; a metric's line has its name as the event and
 * its value and unit in the metric fields. A sweep's values come first,
 * as perf stat -I puts the time; with --per-iteration, then the
 * iteration: the event's k-th count, or "all" on the summary lines.
 */
#define SEP_FIELDS 10

void report_sep_field(FILE *f, const char *s, const char *sep)
{
    if (!strstr(s, sep) && !strpbrk(s, "\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* One line: the sweep's values, the iteration (--per-iteration), then
 * the SEP_FIELDS fields (NULL: empty). */
static void sep_line(FILE *f, const struct result *r, const char *sep,
                     const char *iteration, const char *const field[SEP_FIELDS])
{
    for (int k = 0; r->point && k < r->point->n; k++)
        fprintf(f, "%s%s", r->point->value[k], sep);
    if (r->per_iteration)
        fprintf(f, "%s%s", iteration, sep);
    for (int i = 0; i < SEP_FIELDS; i++) {
        if (i)
            fputs(sep, f);
        if (field[i])
            report_sep_field(f, field[i], sep);
    }
    fputc('\n', f);
}

struct sep_ctx {
    FILE *f;
    const char *sep;
    const struct result *r;
};

/* How the simulator counted a metric: exactly only if every event it
 * is made of was counted exactly; NULL on a board. */
static const char *metric_counting(const struct result *r, const struct metric_def *d)
{
    const char *const *terms[] = {d->plus, d->minus, d->den};
    if (!r->simulator)
        return NULL;
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < METRIC_TERMS && terms[t][k]; k++)
            for (int i = 0; i < r->n; i++)
                if (!strcmp(r->ev[i].event, terms[t][k]) && r->ev[i].counting &&
                    strcmp(r->ev[i].counting, "exact"))
                    return r->ev[i].counting;
    return "exact";
}

static void sep_metric(void *arg, const struct metric_def *d, double v,
                       int first)
{
    struct sep_ctx *c = arg;
    char val[32];
    (void)first;
    snprintf(val, sizeof val, "%.6f", v);
    const char *field[SEP_FIELDS] = {
        NULL, NULL, d->name, NULL, NULL, NULL, val, d->unit,
        metric_counting(c->r, d), NULL,
    };
    sep_line(c->f, c->r, c->sep, "all", field);
}

/* --per-iteration: each count of the event, as counted. */
static void sep_values(FILE *f, const struct result *r, const char *sep,
                       const struct result_event *e)
{
    for (size_t k = 0; e->values && k < e->raw.n; k++) {
        char it[24], val[32];
        snprintf(it, sizeof it, "%zu", k + 1);
        fmt_count(val, sizeof val, e->values[k]);
        const char *field[SEP_FIELDS] = {
            val, NULL, e->label, NULL, "1", NULL, NULL, NULL, e->counting, NULL,
        };
        sep_line(f, r, sep, it, field);
    }
}

void report_separated(FILE *f, const struct result *r, const char *sep)
{
    struct sep_ctx c = {f, sep, r};
    for (int i = 0; i < r->n; i++)
        sep_values(f, r, sep, &r->ev[i]);
    for (int i = 0; i < r->n; i++) {
        const struct result_event *e = &r->ev[i];
        char val[32], spread[32], n[24], pct[32], raw[32];
        if (!result_counted(e)) {
            /* as perf stat -x: the word, no unit, counted in 0 iterations */
            const char *field[SEP_FIELDS] = {
                NOT_SUPPORTED, NULL, e->label, NULL, "0", "0.00", NULL, NULL,
                e->counting, NULL,
            };
            sep_line(f, r, sep, "all", field);
            continue;
        }
        fmt_count(val, sizeof val, result_value(e, r->calibrated));
        snprintf(spread, sizeof spread, "%.2f%%", stats_spread_pct(&e->raw));
        snprintf(n, sizeof n, "%zu", e->raw.n);
        snprintf(pct, sizeof pct, "%.2f", r->iterations
                 ? 100.0 * (double)e->raw.n / (double)r->iterations : 0);
        fmt_count(raw, sizeof raw, e->raw.mean);
        const char *field[SEP_FIELDS] = {
            val, NULL, e->label, spread, n, pct, NULL, NULL, e->counting,
            r->calibrated ? raw : NULL,
        };
        sep_line(f, r, sep, "all", field);
    }
    each_metric(r, sep_metric, &c);
}

static void json_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.17g", v);
    else
        fputs("null", f);
}

static void json_metric(void *arg, const struct metric_def *d, double v,
                        int first)
{
    FILE *f = arg;
    fprintf(f, "%s\n    {\"metric\": ", first ? "" : ",");
    json_write_str(f, d->name);
    fputs(", \"metric-value\": ", f);
    json_num(f, v);
    fputs(", \"metric-unit\": ", f);
    json_write_str(f, d->unit);
    fputc('}', f);
}

void report_json(FILE *f, const struct result *r)
{
    fprintf(f, "{\n  \"counts-from\": ");
    json_write_str(f, r->counts_from);
    fprintf(f, ",\n  \"simulator\": ");
    if (r->simulator)
        json_write_str(f, r->simulator);
    else
        fputs("null", f);
    fprintf(f, ",\n  \"core\": ");
    json_write_str(f, r->core);
    fprintf(f, ",\n  \"from\": ");
    json_write_str(f, r->from);
    fprintf(f, ",\n  \"to\": ");
    json_write_str(f, r->to);
    fprintf(f, ",\n  \"from-address\": %lu", r->from_addr);
    if (r->function)
        fputs(",\n  \"to-address\": null, \"function\": true", f);
    else
        fprintf(f, ",\n  \"to-address\": %lu", r->to_addr);
    if (r->point) {
        fputs(",\n  \"variables\": {", f);
        for (int k = 0; k < r->point->n; k++) {
            fputs(k ? ", " : "", f);
            json_write_str(f, r->point->name[k]);
            fprintf(f, ": %s", r->point->value[k]);
        }
        fputc('}', f);
    }
    fprintf(f, ",\n  \"iterations\": %lu,\n  \"iterations-requested\": %lu,"
            "\n  \"groups\": %d,\n  \"calibrated\": %s"
            ",\n  \"method\": \"%s\"", r->iterations,
            r->requested ? r->requested : r->iterations, r->ngroups,
            r->calibrated ? "true" : "false",
            r->traced ? "tracepoints" : "breakpoints");
    fprintf(f, ",\n  \"events\": [");
    for (int i = 0; i < r->n; i++) {
        const struct result_event *e = &r->ev[i];
        fprintf(f, "%s\n    {\"event\": ", i ? "," : "");
        json_write_str(f, e->event);
        fputs(", \"label\": ", f);
        json_write_str(f, e->label);
        fprintf(f, ", \"group\": %d, \"counter\": %d", e->group + 1, e->counter);
        if (e->mode) {
            fputs(", \"mode\": ", f);
            json_write_str(f, e->mode);
        }
        if (e->counting) {
            fputs(", \"simulated\": ", f);
            json_write_str(f, e->counting);
        }
        if (!result_counted(e)) {
            /* No number for what was not measured, and why. */
            char why[96];
            snprintf(why, sizeof why, "%s, a simulator, does not model this event",
                     r->simulator ? r->simulator : "the target");
            fputs(", \"counter-value\": null, \"not-supported\": ", f);
            json_write_str(f, why);
            fputs(", \"min\": null, \"max\": null, \"median\": null, "
                  "\"stderr\": null, \"iterations\": 0", f);
            if (r->calibrated)
                fputs(", \"raw-value\": null, \"calibration-value\": null", f);
            fputc('}', f);
            continue;
        }
        fputs(", \"counter-value\": ", f);
        json_num(f, result_value(e, r->calibrated));
        fputs(", \"min\": ", f);
        json_num(f, e->raw.min);
        fputs(", \"max\": ", f);
        json_num(f, e->raw.max);
        fputs(", \"median\": ", f);
        json_num(f, e->raw.median);
        fputs(", \"stderr\": ", f);
        json_num(f, e->raw.stderr_mean);
        fprintf(f, ", \"iterations\": %zu", e->raw.n);
        if (e->values) {
            /* as counted, in order (perf stat record keeps each run's) */
            fputs(", \"values\": [", f);
            for (size_t k = 0; k < e->raw.n; k++) {
                fputs(k ? ", " : "", f);
                json_num(f, e->values[k]);
            }
            fputc(']', f);
        }
        if (r->calibrated) {
            fputs(", \"raw-value\": ", f);
            json_num(f, e->raw.mean);
            fputs(", \"calibration-value\": ", f);
            json_num(f, e->cal.mean);
        }
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n  \"metrics\": [");
    each_metric(r, json_metric, f);
    fprintf(f, "\n  ]\n}\n");
}

void report_json_sweep(FILE *f, const struct result_sweep_var *vars, int nvars,
                       const struct result *const *r, int n)
{
    fputs("{\n\"sweep\": [", f);
    for (int k = 0; k < nvars; k++) {
        fprintf(f, "%s\n  {\"variable\": ", k ? "," : "");
        json_write_str(f, vars[k].name);
        fprintf(f, ", \"address\": %lu, \"size\": %u, \"values\": [",
                vars[k].addr, vars[k].size);
        for (int i = 0; i < vars[k].nvalues; i++)
            fprintf(f, "%s%s", i ? ", " : "", vars[k].values[i]);
        fputs("]}", f);
    }
    fputs("\n],\n\"results\": [\n", f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(",\n", f);
        report_json(f, r[i]);
    }
    fputs("]\n}\n", f);
}
