/*
 * report/report.h - a measurement's results and its three output formats: a
 * readable table, one line per event with a separator (-x), and JSON.
 */
#ifndef PMUCTL_REPORT_H
#define PMUCTL_REPORT_H

#include <stdio.h>

#include "pmu/events.h"
#include "report/stats.h"

struct result_event {
    char label[112];          /* event name, modes, [gN] */
    const char *event;        /* catalogue name */
    int group, counter;
    /* From a simulator: "exact", "model" or "none" (it does not model the
     * event: no number is shown); NULL from a board. */
    const char *counting;
    struct stats_summary raw; /* per iteration */
    /* --per-iteration: each of the raw.n counts as counted, in order
     * (before --calibrate's correction); NULL otherwise. Owned by the
     * result (result_free). */
    double *values;
    struct stats_summary cal; /* empty bracket, when calibrated */
    /* How many empty brackets a bracket holds: 1 between breakpoints; 2
     * between tracepoints (the stub is passed at the hit and again at
     * the step over the instruction under it; docs/tracepoints.md). */
    int windows;
    /* --modes sweep: the mode word of its column and the row it is on
     * (the event's place in the list as given); NULL, -1 otherwise. */
    const char *mode;
    int row;
};

/* measure --sweep: the variables' values this result was measured at. */
#define RESULT_MAX_VARS 4
struct result_point {
    int n;
    const char *name[RESULT_MAX_VARS];
    const char *value[RESULT_MAX_VARS]; /* decimal */
};

struct result {
    const char *core;
    const char *counts_from;  /* what produced the counts, in words */
    const char *simulator;    /* its name when simulated ("vboard"), or NULL */
    const char *from, *to;    /* as the user wrote them */
    unsigned long from_addr, to_addr;
    int function;             /* --function: to is its return, no one address */
    unsigned long iterations;
    unsigned long requested; /* -r: fewer completed when the program ended */
    int ngroups;
    int calibrated;
    int traced;               /* counted by the target (tracepoints) */
    struct result_event ev[EVENTS_MAX];
    int n;
    const struct result_point *point; /* NULL: no sweep */
    int modes_swept;          /* --modes sweep: columns a row, else 0 */
    int per_iteration;        /* --per-iteration: each count printed too */
};

/* Frees what the result owns (each event's values). */
void result_free(struct result *r);

/* A swept variable, for the JSON of a whole sweep. */
struct result_sweep_var {
    const char *name;
    unsigned long addr;
    unsigned size;
    int nvalues;
    const char *const *values;
};

/* The value reported for an event: the mean, less windows times the
 * empty bracket's mean when calibrated (never below 0). */
double result_value(const struct result_event *e, int calibrated);
/* Was the event counted at all? Not when the simulator does not model it
 * (perf stat's "<not supported>"). */
int result_counted(const struct result_event *e);

/* A count as the reports print it: whole numbers whole, else 2 digits. */
void report_count(char *out, size_t len, double v);

void report_table(FILE *f, const struct result *r);
/* -x: perf stat's field order (report.c), every line the same number of
 * fields; a field holding sep or a quote is quoted as CSV quotes it. */
void report_separated(FILE *f, const struct result *r, const char *sep);
/* One field of a -x line, quoted where it holds sep, a quote or a line
 * break (RFC 4180: in double quotes, each quote doubled). */
void report_sep_field(FILE *f, const char *s, const char *sep);
void report_json(FILE *f, const struct result *r);
/* A sweep's results in one JSON object: "sweep" (the variables, their
 * addresses, sizes and values) and "results" (one report_json object per
 * point, each with its "variables"). */
void report_json_sweep(FILE *f, const struct result_sweep_var *vars, int nvars,
                       const struct result *const *r, int n);

#endif
