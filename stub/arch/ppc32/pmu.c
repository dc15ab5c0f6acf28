/*
 * pmu.c - the performance monitor of Book E cores: found or not, and kept
 * from counting the stub.
 *
 * Detection: mfpmr of PMGC0 (PMR 400, e200z7 RM Table 8-1) through a probe;
 * a core without performance monitor registers takes it as an illegal
 * instruction (QEMU's e500 models: DESIGN.md, measured), which the probe
 * turns into a plain "no".
 *
 * Honest counting: on every entry the stub sets PMGC0[FAC], freezing all
 * counters (RM 8.3, "FAC does not change any PMLCa[FC]"), and on resume
 * writes back the program's PMGC0 as its last act. The PMRs themselves as
 * GDB registers are a later step; their table goes here, and what
 * "monitor pmu" says about them into pmu_mon.c.
 */
#include "ppc_port.h"

#define PMGC0_FAC 0x80000000u

int ppc_pmu_present;
static uint32_t prog_pmgc0; /* the program's PMGC0 while the stub runs */

void ppc_pmu_detect(void)
{
    uint32_t v;
    ppc_pmu_present = ppc_probe_pmgc0(&v) == 0;
}

void ppc_pmu_freeze(void)
{
    if (!ppc_pmu_present)
        return;
    __asm__ volatile("mfpmr %0, 400" : "=r"(prog_pmgc0));
    __asm__ volatile("mtpmr 400, %0\n\tisync" : : "r"(prog_pmgc0 | PMGC0_FAC));
}

void ppc_pmu_unfreeze(void)
{
    if (ppc_pmu_present)
        __asm__ volatile("mtpmr 400, %0\n\tisync" : : "r"(prog_pmgc0));
}
