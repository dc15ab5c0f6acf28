/*
 * report/report.c - output formats. The -x and --json field names follow perf
 * stat's (-x: value, unit, event, ...; -j: "counter-value", "event",
 * "metric-value", "metric-unit") so that scripts written for perf stat
 * need little change; our own additions are min, max, median, spread.
 */
#include "report/report.h"

#include "base/json_str.h"

#include <math.h>
#include <string.h>

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
    fprintf(f, "\n Performance counter stats for %s (0x%08lx) .. %s (0x%08lx)\n",
            r->from, r->from_addr, r->to, r->to_addr);
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

struct sep_ctx {
    FILE *f;
    const char *sep;
    const struct result *r;
};

/* A sweep's values first on each line, as perf stat -I puts the time. */
static void sep_point(FILE *f, const struct result *r, const char *sep)
{
    for (int k = 0; r->point && k < r->point->n; k++)
        fprintf(f, "%s%s", r->point->value[k], sep);
}

static void sep_metric(void *arg, const struct metric_def *d, double v,
                       int first)
{
    struct sep_ctx *c = arg;
    (void)first;
    sep_point(c->f, c->r, c->sep);
    fprintf(c->f, "%.6f%s%s%s%s%s%s\n", v, c->sep, d->unit, c->sep, d->name,
            c->sep, c->sep);
}

void report_separated(FILE *f, const struct result *r, const char *sep)
{
    struct sep_ctx c = {f, sep, r};
    for (int i = 0; i < r->n; i++) {
        const struct result_event *e = &r->ev[i];
        char val[32];
        sep_point(f, r, sep);
        if (!result_counted(e)) {
            /* as perf stat -x: the word, no unit, counted in 0 iterations */
            fprintf(f, "%s%s%s%s%s0%s%s\n", NOT_SUPPORTED, sep, sep, e->label,
                    sep, sep, r->calibrated ? sep : "");
            continue;
        }
        fmt_count(val, sizeof val, result_value(e, r->calibrated));
        /* value, unit (counts have none), event, iterations, spread */
        fprintf(f, "%s%s%s%s%s%zu%s%.2f%%", val, sep, sep, e->label, sep,
                e->raw.n, sep, stats_spread_pct(&e->raw));
        if (r->calibrated) {
            char raw[32];
            fmt_count(raw, sizeof raw, e->raw.mean);
            fprintf(f, "%s%s", sep, raw);
        }
        fputc('\n', f);
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
    fprintf(f, ",\n  \"from-address\": %lu,\n  \"to-address\": %lu", r->from_addr,
            r->to_addr);
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
