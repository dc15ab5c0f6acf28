/*
 * session/counters.h - the counters through the backend that reached them
 * (t->access), and saving them to be put back. Each returns a pmuctl_exit
 * status (0 ok) and leaves t->err set.
 */
#ifndef PMUCTL_SESSION_COUNTERS_H
#define PMUCTL_SESSION_COUNTERS_H

#include <stdint.h>

#include "session/target.h"

/* Sets the counters' register numbers to -1 (none), before an attach. */
void target_no_pmu_regs(struct target *t);
int target_pmu_read(struct target *t, int ctl, unsigned n, uint32_t *v);
int target_pmu_write(struct target *t, int ctl, unsigned n, uint32_t v);
/* Count n as wide as the target keeps it: the stub's 64-bit count where it
 * publishes one (*wide = 1), else the 32-bit register. */
int target_pmu_count(struct target *t, unsigned n, uint64_t *v, int *wide);
/* *frozen = 1 if counters stay frozen on resume, -1 if the target has no
 * such state. */
int target_frozen(struct target *t, int *frozen);
int target_set_frozen(struct target *t, int frozen);
/* Saves every control and count (once), to be put back by target_leave. */
int target_save_pmu(struct target *t);
/* target_save_pmu, and the counters unfrozen if the user froze them
 * (target_leave freezes them again): what a run that counts does first. */
int target_take_pmu(struct target *t);

#endif
