/*
 * cmd/commands.h - the pmuctl commands, one file each in cmd/, each given
 * a parsed command line and, except list without a target, a connected
 * target with its PMU found. Each returns an exit status and prints its
 * own one-line error.
 */
#ifndef PMUCTL_CMD_COMMANDS_H
#define PMUCTL_CMD_COMMANDS_H

#include "cli.h"
#include "session/target.h"

int cmd_list(const struct cli *c, struct target *t); /* t may be NULL */
int cmd_info(const struct cli *c, struct target *t);
int cmd_set(const struct cli *c, struct target *t);
int cmd_read(const struct cli *c, struct target *t);
int cmd_freeze(const struct cli *c, struct target *t);
int cmd_reset(const struct cli *c, struct target *t);
int cmd_measure(const struct cli *c, struct target *t);
/* GDB through us to OpenOCD, with the PMU registers. */
int cmd_proxy(const struct cli *c, struct target *t);
/* Two measure results side by side (no target). */
int cmd_compare(const struct cli *c);
/* measure --json results drawn with gnuplot (no target). */
int cmd_plot(const struct cli *c);
/* Samples the program by the counters' overflow into a record file; its
 * input checked first, before connecting. */
int cmd_record(const struct cli *c, struct target *t);
int cmd_record_check(const struct cli *c);
/* A record file's samples per function, line, stack (no target). */
int cmd_report(const struct cli *c);
/* Checks measure's input that needs no target (ELF, locations, output
 * file), so that bad input is refused before connecting. */
int cmd_measure_check(const struct cli *c);

#endif
