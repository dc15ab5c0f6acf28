/*
 * report/plot_stat.c - stat -I output read for pmuctl plot
 * (report/plot_stat.h). The fields are stat/print.c's: --json lines with
 * "interval" (the interval's end, seconds since the resume), "event" and
 * "counter-value" (a string: a number, "<not supported>" or "<not
 * counted>"), the totals without "interval", and a last object saying
 * how the run ended; -x lines with the time first, then value, unit,
 * event, run time, percentage, metric value, metric unit and how a
 * simulator counts the event (totals and metrics have no time field).
 */
#include "report/plot_stat.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/metrics.h"

/* The separator of a -x interval line ("0.010000123,..."): the character
 * after its leading time, or 0 when the line does not start with one. */
static char csv_sep(const char *line)
{
    const char *p = line;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == line || *p++ != '.')
        return 0;
    for (int i = 0; i < 9; i++, p++)
        if (*p < '0' || *p > '9')
            return 0;
    return *p && *p != '\n' ? *p : 0;
}

int plot_stat_is(const char *text)
{
    while (*text == '\n' || *text == ' ')
        text++;
    if (*text == '{') {
        const char *nl = strchr(text, '\n');
        const char *key = strstr(text, "\"interval\"");
        return key && (!nl || key < nl);
    }
    return csv_sep(text) != 0;
}

/* The point of the interval ending at t: the last one, or a new one. */
static int point_at(struct plot_file *f, double t, char *err, size_t errlen)
{
    if (f->npoints && f->x[f->npoints - 1][0] == t)
        return f->npoints - 1;
    if (f->npoints == PLOT_MAX_POINTS) {
        snprintf(err, errlen, "more than %d intervals", PLOT_MAX_POINTS);
        return -1;
    }
    f->x[f->npoints][0] = t;
    return f->npoints++;
}

/* One event's count in interval p; value as printed. */
static int put(struct plot_file *f, int p, const char *event, const char *value,
               char *err, size_t errlen)
{
    int k = plot_name_index(f, event, 0);
    char *end;
    double v = strtod(value, &end);
    if (k < 0) {
        snprintf(err, errlen, "more than %d events", PLOT_MAX_NAMES);
        return -1;
    }
    f->val[p][k] = end != value && !*end ? v : NAN;
    f->unsupported[p][k] = !strcmp(value, "<not supported>");
    return 0;
}

static void end_of_run(json_t *o, struct plot_file *f)
{
    const char *how = json_string_value(json_object_get(o, "program"));
    const char *core = json_string_value(json_object_get(o, "core"));
    json_t *st = json_object_get(o, "exit-status");
    char status[32] = "";
    if (json_is_integer(st))
        snprintf(status, sizeof status, " (status %d)", (int)json_integer_value(st));
    snprintf(f->ran, sizeof f->ran, "stat -I: the program to %s%s, core %s",
             !strcmp(how, "exited") ? "its exit" : how, status, core ? core : "?");
    snprintf(f->counts_from, sizeof f->counts_from, "%s",
             json_string_value(json_object_get(o, "counts-from")) ?: "");
    /* Whose clock timed the intervals (stat/print.c): the target's cycles
     * ("target"), or the host's between halts ("halts"). */
    const char *clock = json_string_value(json_object_get(o, "intervals"));
    if (clock && !strcmp(clock, "target"))
        snprintf(f->var[0], sizeof f->var[0], "target time since the resume (s, from its cycles)");
    else if (clock && !strcmp(clock, "halts"))
        /* -x lines do not say whose clock timed them. */
    if (!f->var[0][0])
        snprintf(f->var[0], sizeof f->var[0], "time since the resume (s)");
}

static int json_line(const char *line, struct plot_file *f, int *simulated,
                     char *err, size_t errlen)
{
    json_error_t je;
    json_t *o = json_loads(line, 0, &je), *t;
    const char *ev, *cv;
    int rc = 0, p;
    if (!json_is_object(o)) {
        snprintf(err, errlen, "a line that is no JSON object: %.40s", line);
        json_decref(o);
        return -1;
    }
    t = json_object_get(o, "interval");
    ev = json_string_value(json_object_get(o, "event"));
    cv = json_string_value(json_object_get(o, "counter-value"));
    if (json_object_get(o, "program"))
        end_of_run(o, f);
    else if (json_is_number(t) && ev && cv) {
        *simulated |= json_object_get(o, "simulated") != NULL;
        p = point_at(f, json_number_value(t), err, errlen);
        rc = p < 0 ? -1 : put(f, p, ev, cv, err, errlen);
    }
    json_decref(o);
    return rc;
}

/* A -x line's fields, quoted as CSV quotes ("" a quote); the number. */
#define CSV_FIELDS 10
static int fields(char *line, char sep, char *fld[CSV_FIELDS])
{
    int n = 0;
    char *w = line, *r = line;
    while (n < CSV_FIELDS) {
        fld[n++] = w;
        int q = *r == '"';
        r += q;
        for (; *r && (q || *r != sep); r++) {
            if (q && *r == '"') {
                if (r[1] != '"') {
                    q = 0;
                    continue;
                }
                r++;
            }
            *w++ = *r;
        }
        int more = *r == sep;
        *w++ = 0;
        if (!more)
            break;
        r++;
    }
    return n;
}

static int csv_line(char *line, char sep, struct plot_file *f, int *simulated,
                    char *err, size_t errlen)
{
    char *fld[CSV_FIELDS];
    if (!csv_sep(line)) /* a total or a metric: the timeline has no place */
        return 0;
    if (fields(line, sep, fld) != 9) {
        snprintf(err, errlen, "an interval line without stat -x's 9 fields");
        return -1;
    }
    *simulated |= fld[8][0] != 0;
    int p = point_at(f, strtod(fld[0], NULL), err, errlen);
    return p < 0 ? -1 : put(f, p, fld[3], fld[1], err, errlen);
}

struct at_point {
    struct plot_file *f;
    int p;
};

static double lookup(void *ctx, const char *event)
{
    struct at_point *a = ctx;
    for (int k = 0; k < a->f->nnames; k++)
        if (!a->f->metric[k] && !strcmp(a->f->name[k], event))
            return isfinite(a->f->val[a->p][k]) ? a->f->val[a->p][k] : -1;
    return -1;
}

static void metric(void *arg, const struct metric_def *d, double v, int first)
{
    struct at_point *a = arg;
    int k = plot_name_index(a->f, d->name, 1);
    (void)first;
    if (k < 0)
        return;
    snprintf(a->f->unit[k], sizeof a->f->unit[k], "%s", d->unit);
    a->f->val[a->p][k] = v;
}

int plot_stat_parse(const char *text, struct plot_file *f, char *err,
                    size_t errlen)
{
    char *copy = strdup(text), *line, *save = NULL;
    int json = 0, simulated = 0, rc = 0;
    char sep = 0;
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (line = strtok_r(copy, "\n", &save); line && !rc;
         line = strtok_r(NULL, "\n", &save)) {
        if (!json && !sep) {
            json = line[0] == '{';
            sep = json ? 0 : csv_sep(line);
        }
        rc = json ? json_line(line, f, &simulated, err, errlen)
                  : csv_line(line, sep, f, &simulated, err, errlen);
    }
    free(copy);
    if (rc)
        return -1;
    f->timeline = 1;
    f->nvars = 1;
    /* -x lines do not say whose clock timed them. */
    if (!f->var[0][0])
        snprintf(f->var[0], sizeof f->var[0], "time since the resume (s)");
    if (!f->ran[0])
        snprintf(f->ran, sizeof f->ran, "stat -I");
    /* -x output names no target: its simulated field is all it says. */
    if (!f->counts_from[0])
        snprintf(f->counts_from, sizeof f->counts_from, "%s (-x names no target)",
                 simulated ? "simulated counts" : "counts");
    /* The metrics of each interval, from its counts. */
    for (int p = 0; p < f->npoints; p++) {
        struct at_point a = {f, p};
        metrics_each(lookup, &a, metric, &a);
    }
    return 0;
}
