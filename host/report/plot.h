/*
 * report/plot.h - pmuctl plot: measure --json results (plain or --sweep)
 * read with jansson, and the gnuplot script that draws them: a sweep's
 * quantities as lines against the swept value, plain results as bars.
 * cmd/plot.c runs gnuplot on the script (docs/pmuctl.md, "plot").
 */
#ifndef PMUCTL_REPORT_PLOT_H
#define PMUCTL_REPORT_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "report/plot_axis.h"

#define PLOT_MAX_FILES 16
#define PLOT_MAX_POINTS 1024 /* stat -I: 10 s at 10 ms */
#define PLOT_MAX_NAMES 96
#define PLOT_MAX_VARS 4
#define PLOT_MAX_QUANTITIES 16
#define PLOT_NAME 64

/* One file: its points (one for a plain result), each with a value for
 * every event and metric name (NAN where not counted). */
struct plot_file {
    char label[PLOT_NAME];       /* the legend's word: the file's name */
    char counts_from[200], simulator[32], from[PLOT_NAME], to[PLOT_NAME];
    /* stat -I output (report/plot_stat.c): x is the time, and `ran` says
     * what ran and how it ended, for the title. */
    int timeline;
    char ran[160];
    int nvars;                   /* 0: a plain result */
    char var[PLOT_MAX_VARS][PLOT_NAME];
    int npoints;
    double x[PLOT_MAX_POINTS][PLOT_MAX_VARS];
    int nnames;
    char name[PLOT_MAX_NAMES][PLOT_NAME];
    char unit[PLOT_MAX_NAMES][24]; /* metrics' units; "" for events */
    int metric[PLOT_MAX_NAMES];
    double val[PLOT_MAX_POINTS][PLOT_MAX_NAMES];
    /* The file says the target does not model the event ("not-supported"). */
    unsigned char unsupported[PLOT_MAX_POINTS][PLOT_MAX_NAMES];
};

enum plot_kind { PLOT_EVENT, PLOT_METRIC, PLOT_RELATIVE, PLOT_PERCENT };

struct plot_quantity {
    enum plot_kind kind;
    char name[PLOT_NAME];
};

struct plot_request {
    struct plot_quantity q[PLOT_MAX_QUANTITIES];
    int nq;
    char percent_of[PLOT_NAME]; /* PLOT_PERCENT's denominator */
    int png;                    /* else SVG */
    enum plot_scale scale;      /* --log, --zoom; else from zero */
    const char *output;
};

/* The index of name (a metric or an event) in f, added if new; -1 when
 * f holds PLOT_MAX_NAMES already. */
int plot_name_index(struct plot_file *f, const char *name, int metric);
/* f empty, every value NaN; label names it in the legend. */
void plot_file_init(struct plot_file *f, const char *label);
/* Reads one measure --json result's text into f (emptied first); label
 * names it in the legend. 0, or -1 with a one-line message in err. */
int plot_parse(const char *text, const char *label, struct plot_file *f,
               char *err, size_t errlen);
/* The request from the command line's comma lists (each may be NULL):
 * -e events (in percent of percent_of when that is given), --metric,
 * --relative; output's suffix chooses SVG or PNG. */
int plot_request_init(struct plot_request *r, const char *events,
                      const char *metrics, const char *relative,
                      const char *percent_of, const char *output, char *err,
                      size_t errlen);
/* Writes the gnuplot script for the files; 0, or -1 with err (a name no
 * file has, sweeps mixed with plain results, different swept variables). */
int plot_script(FILE *out, const struct plot_file *files, int n,
                const struct plot_request *r, char *err, size_t errlen);

#endif
