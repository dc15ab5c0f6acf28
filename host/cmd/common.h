/*
 * cmd/common.h - what several commands print alike.
 */
#ifndef PMUCTL_CMD_COMMON_H
#define PMUCTL_CMD_COMMON_H

#include <stdint.h>

#include "session/target.h"

/* Prints t->err as pmuctl's error line; returns rc. */
int cmd_fail(struct target *t, int rc);
/* The event a control value selects on counter n, as a name. */
const char *cmd_event_name(struct target *t, unsigned n, uint32_t ctl);

#endif
