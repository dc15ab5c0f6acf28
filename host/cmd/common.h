/*
 * cmd/common.h - what several commands print alike.
 */
#ifndef PMUCTL_CMD_COMMON_H
#define PMUCTL_CMD_COMMON_H

#include <stdint.h>

#include "cli.h"
#include "elf/elfsym.h"
#include "session/target.h"

/* Prints t->err as pmuctl's error line; returns rc. */
int cmd_fail(struct target *t, int rc);
/* The event a control value selects on counter n, as a name. */
const char *cmd_event_name(struct target *t, unsigned n, uint32_t ctl);

/* Is the ELF at path (opened as elf) the program on the target? Asked
 * before anything on the target changes, waiting up to wait_ms (the run
 * timeout: the target reads all its code) for each section's answer; 0,
 * or an exit status after pmuctl's error line. Its VLE code then gives
 * Z0 packets their kinds. */
int cmd_check_elf(const char *path, const struct elfsym *elf, struct target *t,
                  int wait_ms);

/* --elf FILE opened, or pmuctl's error line and PMUCTL_EXIT_USAGE. */
int cmd_open_elf(const char *path, struct elfsym *elf);
/* An output file (NULL: none) can be written: checked before the target
 * is touched, so that a run's results are not lost at the end; 0, or the
 * error line and PMUCTL_EXIT_USAGE. */
int cmd_writable(const char *path);

#endif
