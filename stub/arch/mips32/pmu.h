/*
 * pmu.h - the MIPS PMU driver, for the register table and monitor.
 */
#ifndef PMUSTUB_MIPS_PMU_H
#define PMUSTUB_MIPS_PMU_H

#include <stdint.h>

/* struct pmu_core, the board's pmu_cores[] and the register numbers
 * (PMU_REGNUM_CONTROL(n) = perfctlN, PMU_REGNUM_COUNT(n) = perfcntN,
 * PMU_REGNUM_COUNT64(n) = perfcntN_64), generated from
 * target-xml/cores.toml by gen_pmu.py. */
#include "pmu_registry.h"
#include "cp0.h" /* MIPS_CODE32 */

extern const struct pmu_core *pmu_core; /* NULL: no counters we drive */
extern unsigned pmu_counters;

void pmu_detect(void);
MIPS_CODE32 void pmu_freeze(void);
MIPS_CODE32 void pmu_unfreeze(void);
uint32_t pmu_ctl(unsigned n);
uint32_t pmu_count(unsigned n);
void pmu_set_ctl(unsigned n, uint32_t v);
void pmu_set_count(unsigned n, uint32_t v);
uint64_t pmu_count64(unsigned n);
void pmu_set_count64(unsigned n, uint64_t v);
uint64_t pmu_count64_from(unsigned n, uint32_t hw);
/* Folds every count whose bit 31 is set into its 64-bit extension; returns
 * how many it folded (called on interrupts). */
int pmu_overflow(void);
/* Status.IM bit of the counter overflow line, or 0 without counters. */
uint32_t pmu_irq_im(void);

#endif
