/*
 * session/simulator.h - board or simulator: where the counts come from.
 */
#ifndef PMUCTL_SESSION_SIMULATOR_H
#define PMUCTL_SESSION_SIMULATOR_H

#include <stddef.h>

#include "session/target.h"

/* Does the target say it is a simulator? Over the stub's
 * line, vboard answers qPmustub.Simulator itself; through OpenOCD, the
 * TAP's IDCODE tells (target_openocd_simulator, asked by that backend).
 * Fills t->sim. */
int target_ask_simulator(struct target *t);
int target_openocd_simulator(struct target *t);
/* How the simulator counts event name: "exact", "model" or "none" (the
 * catalogue's vboard column); NULL on a board. */
const char *target_sim_counting(const struct target *t, const char *name);
/* "counts from ..." for reports: the simulator's name and its words, or
 * the target's counters; label (--label) added when given. */
void target_counts_from(const struct target *t, const char *label, char *out,
                        size_t len);

#endif
