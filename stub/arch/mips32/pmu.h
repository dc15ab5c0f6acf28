/*
 * pmu.h - the MIPS PMU driver, for the register table and monitor.
 */
#ifndef PMUSTUB_MIPS_PMU_H
#define PMUSTUB_MIPS_PMU_H

#include <stdint.h>

#define PMU_MAX_COUNTERS 4
#define PMU_FIRST_REGNUM 72 /* perfctlN = 72 + 2N, perfcntN = 73 + 2N */
#define PMU_WIDE_REGNUM 80  /* perfcntN_64 = 80 + N: the 64-bit counts */

struct pmu_core {
    const char *name;    /* as the manuals write it */
    const char *key;     /* the catalogue's name: events/<key>.csv */
    uint32_t prid;       /* PRId bits 23:8 */
    uint8_t has_m_chain; /* PerfCtl.M says whether another counter follows */
    uint8_t max_counters;
    /* Interrupt line (2..7) of the counter overflow; 0 = IntCtl.IPPCI says
     * (Release 2 cores). */
    uint8_t irq_line;
    const char *xml_head;           /* generated from the catalogue */
    const char *const *xml_counters;
};

extern const struct pmu_core *pmu_core; /* NULL: no counters we drive */
extern unsigned pmu_counters;
extern int pmu_user_frozen;

void pmu_detect(void);
void pmu_freeze(void);
void pmu_unfreeze(void);
uint32_t pmu_ctl(unsigned n);
uint32_t pmu_count(unsigned n);
void pmu_set_ctl(unsigned n, uint32_t v);
void pmu_set_count(unsigned n, uint32_t v);
uint64_t pmu_count64(unsigned n);
void pmu_set_count64(unsigned n, uint64_t v);
/* Folds every count whose bit 31 is set into its 64-bit extension; returns
 * how many it folded (called on interrupts). */
int pmu_overflow(void);
/* Status.IM bit of the counter overflow line, or 0 without counters. */
uint32_t pmu_irq_im(void);

#endif
