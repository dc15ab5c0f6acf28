/*
 * session/attach.h - the ways pmuctl reaches a PMU (struct pmu_access,
 * session/pmu_access.h), and the one place that chooses among them.
 */
#ifndef PMUCTL_SESSION_ATTACH_H
#define PMUCTL_SESSION_ATTACH_H

#include "session/target.h"

/* session/pmu_stub.c: the stub's registers (its PMU feature in target.xml). */
extern const struct pmu_access pmu_stub_access;
/* session/pmu_openocd.c: OpenOCD's "monitor mips32 cp0". */
extern const struct pmu_access pmu_openocd_access;

/* Attaches the first backend that reaches the target's PMU (t->access set);
 * an exit status with t->err when none does. */
int pmu_attach(struct target *t);
/* The same, but a target whose description has no PMU pmuctl knows (QEMU's
 * cores, a board's stub built without one) is no failure: 0 with
 * t->access NULL, for a command that counts nothing there (stat). */
int pmu_attach_if_any(struct target *t);

#endif
