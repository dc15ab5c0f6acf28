/*
 * cmd/measure_sweep.h - measure --sweep: the variables found in the ELF
 * and their values checked before the target is touched; then, for each
 * point of the product, the variables written and one measurement; the
 * results in the chosen format; the variables put back by target_leave.
 */
#ifndef PMUCTL_CMD_MEASURE_SWEEP_H
#define PMUCTL_CMD_MEASURE_SWEEP_H

#include <stdio.h>

#include "cli.h"
#include "elf/elfsym.h"
#include "report/report.h"
#include "session/target.h"

/* One measurement into r (a fresh result); an exit status. */
typedef int (*sweep_measure_fn)(void *ctx, struct result *r);
/* Writes a result in the command line's format. */
typedef void (*sweep_write_fn)(const struct cli *c, const struct result *r, FILE *f);

/* Checks every --sweep against the ELF; an exit status (2, message
 * printed). */
int sweep_prepare(const struct cli *c, const struct elfsym *elf);
/* Measures every point and writes the results; an exit status. */
int sweep_measure(const struct cli *c, struct target *t, sweep_measure_fn fn,
                  void *ctx, sweep_write_fn write);

#endif
