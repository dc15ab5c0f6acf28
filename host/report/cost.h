/*
 * report/cost.h - perfex -y's time estimates (pmuctl measure --cost): each
 * event's count times its minimum, typical and maximum cost in cycles
 * from the registry's cost table (target-xml/costs/CORE.csv, generated
 * into pmuctl_fields.h), at a clock rate, sorted from the most costly
 * (typical) down, and the totals.
 */
#ifndef PMUCTL_REPORT_COST_H
#define PMUCTL_REPORT_COST_H

#include <stdio.h>

#include "pmuctl_fields.h"
#include "report/report.h"

/* The core's cost table, or NULL (then *cores names those that have one). */
const struct pmuctl_cost_table *cost_table(const char *core, const char **cores);

/* One event's estimate, in microseconds per iteration; a cost the table
 * does not give (or an event it does not list, or one not counted) is
 * < 0. */
struct cost_line {
    const char *label;
    double count;             /* mean per iteration; < 0: not counted */
    double us[3];             /* minimum, typical, maximum */
};

/* The lines of r's events in the order printed (typical time, largest
 * first; those without one last, in the order measured) and the totals of
 * the times given; returns how many lines. */
int cost_compute(const struct result *r, const struct pmuctl_cost_table *t,
                 double mhz, struct cost_line *lines, double totals[3]);

void report_cost_table(FILE *f, const struct result *r,
                       const struct pmuctl_cost_table *t, double mhz);
/* -x: "cost SEP EVENT SEP COUNT SEP MIN SEP TYPICAL SEP MAX SEP us" a
 * line, then "cost SEP total SEP SEP MIN ...". */
void report_cost_separated(FILE *f, const struct result *r,
                           const struct pmuctl_cost_table *t, double mhz,
                           const char *sep);

#endif
