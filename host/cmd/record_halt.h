/*
 * cmd/record_halt.h - "pmuctl record" where the counters are reached by
 * halting the core (OpenOCD): the samples are taken at halts on the
 * counter's interrupt vector (session/sample_halt.h), with no stub on the
 * target; docs/record.md, "Through OpenOCD".
 */
#ifndef PMUCTL_CMD_RECORD_HALT_H
#define PMUCTL_CMD_RECORD_HALT_H

#include "cli.h"
#include "sample/data.h"
#include "session/target.h"

/* d's one event (d->ev[0]: its counter, programmed for it, and its
 * period) samples until --samples, --duration or Ctrl-C; the samples go
 * into d. Returns a pmuctl_exit status with t->err set. Prints what the
 * halts cost. */
int record_halt_run(const struct cli *c, struct target *t, struct sample_data *d);

#endif
