/*
 * stat/print.c - perf stat's output for a whole run. The field orders are
 * perf stat's (perf-stat(1), "CSV FORMAT" and "JSON FORMAT"): -x has
 * [time,] value, unit, event, run time (ns), percentage running, metric
 * value, metric unit, then ours: how a simulator counts the event (a
 * metric's line has its name in the event field, as measure's -x); -j
 * one object per line with "counter-value" (a string, as perf's),
 * "unit", "event", "event-runtime", "pcnt-running", and "interval" in -I
 * lines. A value is not printed for an event the simulator does not model
 * ("<not supported>") nor for one whose group never had a turn ("<not
 * counted>").
 */
#include "stat/print.h"

#include "base/json_str.h"

#include <string.h>

#include "report/metrics.h"
#include "report/report.h"

#define NOT_SUPPORTED "<not supported>"
#define NOT_COUNTED "<not counted>"

static int supported(const struct stat_print *p, int i)
{
    return !p->counting[i] || strcmp(p->counting[i], "none") != 0;
}

/* An event's value over a time it was enabled: its count scaled by
 * enabled / running where its group took turns (perf's estimate), < 0
 * where it never ran. *pct: the percentage of the time it ran. */
static double scaled(uint64_t count, double running, double enabled, double *pct)
{
    if (running <= 0) {
        *pct = 0;
        return -1;
    }
    if (running >= enabled || enabled <= 0) {
        *pct = 100;
        return (double)count;
    }
    *pct = 100 * running / enabled;
    return (double)count * enabled / running;
}

/* The value as printed: whole counts whole, scaled ones rounded. */
static void value_text(char *out, size_t len, const struct stat_print *p, int i,
                       double v)
{
    if (!supported(p, i))
        snprintf(out, len, NOT_SUPPORTED);
    else if (v < 0)
        snprintf(out, len, NOT_COUNTED);
    else
        snprintf(out, len, "%.0f", v);
}

/* One event's line in the chosen format; t_s < 0: no time (totals). */
static void event_line(struct stat_print *p, int i, double t_s, double v,
                       double running, double pct)
{
    char val[32];
    FILE *f = p->f;
    value_text(val, sizeof val, p, i, v);
    const char *how = p->counting[i] ? p->counting[i] : "";
    if (p->json) {
        fputc('{', f);
        if (t_s >= 0)
            fprintf(f, "\"interval\" : %.9f, ", t_s);
        fputs("\"counter-value\" : ", f);
        json_write_str(f, val);
        fputs(", \"unit\" : \"\", \"event\" : ", f);
        json_write_str(f, p->label[i]);
        fprintf(f, ", \"event-runtime\" : %.0f, \"pcnt-running\" : %.2f",
                running * 1e9, pct);
        if (p->counting[i]) {
            fputs(", \"simulated\" : ", f);
            json_write_str(f, how);
        }
        fputs("}\n", f);
    } else if (p->sep) {
        const char *s = p->sep;
        if (t_s >= 0)
            fprintf(f, "%.9f%s", t_s, s);
        fprintf(f, "%s%s%s", val, s, s);
        report_sep_field(f, p->label[i], s);
        fprintf(f, "%s%.0f%s%.2f%s%s%s", s, running * 1e9, s, pct, s, s, s);
        report_sep_field(f, how, s);
        fputc('\n', f);
    } else {
        if (t_s >= 0)
            fprintf(f, "%16.9f ", t_s);
        fprintf(f, "%18s      %-28s", val, p->label[i]);
        if (!supported(p, i) && p->no_counters)
            fputs(" (no counters)", f);
        else if (!supported(p, i))
            fprintf(f, " (%s does not model it)", p->simulator ? p->simulator
                                                              : "the target");
        else if (p->counting[i])
            fprintf(f, " (%s)", how);
        if (supported(p, i) && v >= 0 && pct < 100)
            fprintf(f, "  (%.2f%%)", pct);
        fputc('\n', f);
    }
}

void stat_print_interval(struct stat_print *p, const struct stat_interval *iv)
{
    if (!p->json && !p->sep && !p->header_done) {
        fprintf(p->f, "#%15s %18s      %s\n", "time", "counts", "events");
        p->header_done = 1;
    }
    for (int i = 0; i < p->n; i++) {
        double pct = 0, v = -1;
        if (iv->counted[i])
            v = scaled(iv->delta[i], iv->running_s[i], iv->enabled_s, &pct);
        event_line(p, i, iv->t_s, v, iv->running_s[i], pct);
    }
    fflush(p->f);
}

struct totals {
    const struct stat_print *p;
    const struct stat_result *r;
    struct stat_print *p_out;
};

/* Metrics take each event's (scaled) total; an event not counted leaves
 * its metrics out. */
static double total_of(void *ctx, const char *event)
{
    const struct totals *x = ctx;
    for (int i = 0; i < x->p->n; i++) {
        double pct;
        if (strcmp(x->p->event[i], event))
            continue;
        if (!supported(x->p, i))
            return -1;
        return scaled(x->r->count[i], x->r->running_s[i], x->r->enabled_s, &pct);
    }
    return -1;
}

static void metric_line(void *arg, const struct metric_def *d, double v,
                        int first)
{
    struct stat_print *p = ((struct totals *)arg)->p_out;
    if (p->json) {
        fprintf(p->f, "{\"metric-value\" : \"%.6f\", \"metric-unit\" : ", v);
        json_write_str(p->f, d->unit);
        fputs(", \"metric\" : ", p->f);
        json_write_str(p->f, d->name);
        fputs("}\n", p->f);
    } else if (p->sep) {
        /* As measure's -x: the metric's name in the event field. */
        const char *s = p->sep;
        fprintf(p->f, "%s%s", s, s);
        report_sep_field(p->f, d->name, s);
        fprintf(p->f, "%s%s%s%.6f%s", s, s, s, v, s);
        report_sep_field(p->f, d->unit, s);
        fprintf(p->f, "%s\n", s);
    } else {
        if (first)
            fputc('\n', p->f);
        fprintf(p->f, "  %18.3f  %-14s %s\n", v, d->unit, d->name);
    }
}

static void print_metrics(struct stat_print *p, const struct stat_result *r)
{
    struct totals x = {p, r, p};
    metrics_each(total_of, &x, metric_line, &x);
}

static const char *end_words(const struct stat_result *r, char *buf, size_t len)
{
    switch (r->end) {
    case STAT_EXITED:
        snprintf(buf, len, "its end (exit status %d)", r->end_code);
        break;
    case STAT_KILLED:
        snprintf(buf, len, "its end (killed by signal %d)", r->end_code);
        break;
    case STAT_STOPPED:
        snprintf(buf, len, "a stop of its own (signal %d at 0x%08lx)",
                 r->end_code, r->end_pc);
        break;
    case STAT_DURATION:
        snprintf(buf, len, "--duration (stopped at 0x%08lx)", r->end_pc);
        break;
    case STAT_INTERRUPTED:
        snprintf(buf, len, "Ctrl-C (stopped at 0x%08lx)", r->end_pc);
        break;
    }
    return buf;
}

static const char *end_key(enum stat_end e)
{
    static const char *const keys[] = {"exited", "killed", "stopped",
                                       "duration", "interrupted"};
    return keys[e];
}

void stat_print_totals(struct stat_print *p, const struct stat_result *r)
{
    char end[96];
    FILE *f = p->f;

    if (p->json) {
        for (int i = 0; i < p->n; i++) {
            double pct, v = scaled(r->count[i], r->running_s[i], r->enabled_s, &pct);
            event_line(p, i, -1, v, r->running_s[i], pct);
        }
        print_metrics(p, r);
        fprintf(f, "{\"program\" : \"%s\"", end_key(r->end));
        if (r->end == STAT_EXITED || r->end == STAT_KILLED)
            fprintf(f, ", \"exit-status\" : %d", r->end_code);
        else
            fprintf(f, ", \"pc\" : %lu", r->end_pc);
        fprintf(f, ", \"core\" : ");
        json_write_str(f, p->core);
        fprintf(f, ", \"counts-from\" : ");
        json_write_str(f, p->counts_from);
        fprintf(f, ", \"seconds\" : %.6f, \"halts\" : %lu, \"halted-seconds\" : "
                "%.6f", r->enabled_s, r->halts, r->halted_s);
        if (r->on_target) {
            fprintf(f, ", \"intervals\" : \"target\", \"interval-records\" : %lu, "
                    "\"intervals-merged\" : %lu, \"interval-mhz\" : %g, "
                    "\"interval-mhz-from\" : ", r->ring_records, r->ring_merged,
                    r->ring_mhz);
            json_write_str(f, r->ring_mhz_assumed ? r->ring_mhz_assumed : "--mhz");
        }
        else if (r->why_halts) {
            fputs(", \"intervals\" : \"halts\", \"intervals-why\" : ", f);
            json_write_str(f, r->why_halts);
        }
        fputs("}\n", f);
        return;
    }
    if (p->sep) {
        for (int i = 0; i < p->n; i++) {
            double pct, v = scaled(r->count[i], r->running_s[i], r->enabled_s, &pct);
            event_line(p, i, -1, v, r->running_s[i], pct);
        }
        print_metrics(p, r);
        return;
    }
    fprintf(f, "\n Performance counter stats for the program from 0x%08lx to %s\n",
            p->start_pc, end_words(r, end, sizeof end));
    if (p->no_counters)
        fprintf(f, " %s\n", p->counts_from);
    else
        fprintf(f, " %s; core %s; %d group%s%s\n", p->counts_from, p->core,
                p->ngroups, p->ngroups == 1 ? "" : "s",
                p->ngroups > 1 ? " taking turns, counts scaled by the time each "
                                 "ran (its percentage)" : "");
    if (p->simulator)
        fprintf(f, " %s: (exact) counted exactly, (model) from its timing and "
                "cache model\n", p->simulator);
    fputc('\n', f);
    for (int i = 0; i < p->n; i++) {
        double pct, v = scaled(r->count[i], r->running_s[i], r->enabled_s, &pct);
        event_line(p, i, -1, v, r->running_s[i], pct);
    }
    print_metrics(p, r);
    fprintf(f, "\n  %.3f seconds of host time", r->enabled_s);
    if (r->halts)
        fprintf(f, "; pmuctl halted the program %lu time%s (%.3f s in all) to "
                "read the counters or switch groups", r->halts,
                r->halts == 1 ? "" : "s", r->halted_s);
    if (r->on_target) {
        fprintf(f, "\n  -I timed on the target at %g MHz", r->ring_mhz);
        if (r->ring_mhz_assumed)
            fprintf(f, " (assumed: %s; --mhz gives yours)", r->ring_mhz_assumed);
        fprintf(f, ", the program not halted for it: "
                "%lu record%s; %lu interval%s merged into a later record%s",
                r->ring_records, r->ring_records == 1 ? "" : "s",
                r->ring_merged, r->ring_merged == 1 ? "" : "s",
                r->ring_merged ? " (the line did not keep up)" : "");
    }
    else if (r->why_halts)
        fprintf(f, "\n  -I read by halting the program: %s", r->why_halts);
    fputs("\n\n", f);
}
