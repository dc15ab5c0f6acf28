/*
 * report/plot_stat.h - pmuctl plot's reading of stat -I output (the
 * --json lines or the -x lines) as a timeline: a point an interval, at
 * the interval's end time, with each event's count in the interval and
 * the metrics (report/metrics.h) computed from those counts.
 */
#ifndef PMUCTL_REPORT_PLOT_STAT_H
#define PMUCTL_REPORT_PLOT_STAT_H

#include <stddef.h>

#include "report/plot.h"

/* Is text stat -I output (its first line an interval's)? */
int plot_stat_is(const char *text);
/* Reads it into f (plot_file_init first); 0, or -1 with err. */
int plot_stat_parse(const char *text, struct plot_file *f, char *err,
                    size_t errlen);

#endif
