/*
 * report/modes.h - a --modes sweep's table: one row per event, one column
 * per counting mode (pc_sweep's mode sweep, seed 000 section 4). The -x
 * and JSON outputs carry the mode per value themselves (the label's
 * ":MODE", JSON "mode").
 */
#ifndef PMUCTL_REPORT_MODES_H
#define PMUCTL_REPORT_MODES_H

#include <stdio.h>

#include "report/report.h"

void report_modes_table(FILE *f, const struct result *r);

#endif
