/*
 * session/pmu_openocd.h - a CP0 register through OpenOCD's
 * "monitor mips32 cp0 REG SEL [VALUE]" (session/pmu_openocd.c), for the
 * counters and for sampling by halting (session/sample_halt.c).
 */
#ifndef PMUCTL_SESSION_PMU_OPENOCD_H
#define PMUCTL_SESSION_PMU_OPENOCD_H

#include <stdint.h>

#include "session/target.h"

/* Writes *wr when wr is not NULL, else reads into *rd; 0 or an exit
 * status with t->err. OpenOCD does not keep these in its register cache:
 * Status, Cause and the PC go through GDB's p/P (OpenOCD writes its cached
 * copies back at every resume: src/target/mips32.c,
 * mips32_restore_context). */
int openocd_cp0(struct target *t, unsigned reg, unsigned sel, const uint32_t *wr,
                uint32_t *rd);

#endif
