/*
 * report/plot_axis.h - the numbers of pmuctl plot's figures written as a
 * reader reads them (12,345 and 68.4M, never 6.84e+07) and the y axis
 * each panel gets: its range, which starts at zero unless asked, and its
 * tics, whose labels pmuctl writes itself so that gnuplot's own format
 * (e-notation for large or small numbers) never shows.
 */
#ifndef PMUCTL_REPORT_PLOT_AXIS_H
#define PMUCTL_REPORT_PLOT_AXIS_H

#include <stddef.h>
#include <stdio.h>

/* How a panel's y axis spans its values (plot --log, --zoom). */
enum plot_scale {
    PLOT_FROM_ZERO, /* linear, from 0: a height compares with a height */
    PLOT_LOG,       /* log10, from the decade below the smallest value */
    PLOT_ZOOM,      /* linear, the values' own span (slopes exaggerated) */
};

/* v as a measured value: `digits` significant digits, whole numbers
 * below a million whole with thousands separators (no "k": 12,345), an SI
 * suffix from there: "0.0123", "13.0", "25", "12,345", "68.4M", "1.50G".
 * NaN: "". */
void plot_readable(double v, int digits, char *out, size_t len);
/* v as written: a whole number in full with separators (1,048,576), else
 * 6 significant digits, trailing zeros dropped: a swept value's label. */
void plot_exact(double v, char *out, size_t len);
/* "set yrange ...", "set ytics (...)" and the scale for values lo..hi
 * (lo: the smallest, or the smallest above zero for PLOT_LOG). */
void plot_y_axis(FILE *o, double lo, double hi, enum plot_scale s);

#endif
