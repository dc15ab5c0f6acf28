/*
 * stat/trace_json.h - stat -I's intervals as Chrome/Perfetto trace-event
 * JSON ("Trace Event Format": one "ph":"C" counter event per event and
 * interval, "ts" in microseconds), so that a run opens in Perfetto's UI
 * or chrome://tracing beside other traces: one counter track per event.
 */
#ifndef PMUCTL_STAT_TRACE_JSON_H
#define PMUCTL_STAT_TRACE_JSON_H

#include <stdio.h>

#include "stat/stat.h"

/* Opens the trace's array; pid names the run's process track. */
void trace_json_begin(FILE *f, const char *process);
/* One counter event per event counted in the interval, at its start
 * (start_s: the end of the one before; a counter track holds a value
 * until its next point); an event that did not count in it (not
 * supported, not its group's turn) has no point there. */
void trace_json_interval(FILE *f, int n, const char *const *label,
                         const int *supported, const struct stat_interval *iv,
                         double start_s);
void trace_json_end(FILE *f);

#endif
