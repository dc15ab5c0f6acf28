/*
 * stat/print.h - "pmuctl stat"'s output: perf stat's, for the run's totals
 * and for -I's intervals, as a table, with -x SEP, or as JSON lines
 * (perf stat -j: one object per event per line).
 */
#ifndef PMUCTL_STAT_PRINT_H
#define PMUCTL_STAT_PRINT_H

#include <stdio.h>

#include "stat/stat.h"

struct stat_print {
    FILE *f;
    const char *sep;        /* -x, or NULL */
    int json;               /* --json */
    const char *counts_from;
    const char *core;
    const char *simulator;  /* "vboard", or NULL on a board */
    unsigned long start_pc; /* where the program was resumed */
    int n;
    const char *event[EVENTS_MAX];    /* catalogue names */
    const char *label[EVENTS_MAX];    /* as the user asked (name:modes) */
    const char *counting[EVENTS_MAX]; /* "exact"/"model"/"none"; NULL: board */
    int ngroups;
    int no_counters; /* the target has none: counts_from says so, alone */
    int header_done;                  /* the interval table's header */
};

/* One -I interval's lines: one per event, each with the interval's end
 * time (seconds since the start: the target's when timed on the target,
 * else the host's). */
void stat_print_interval(struct stat_print *p, const struct stat_interval *iv);
/* The run's totals: per event (scaled by enabled/running where the event's
 * group took turns, with the percentage it ran), the metrics, how it
 * ended and what the halts cost. */
void stat_print_totals(struct stat_print *p, const struct stat_result *r);

#endif
