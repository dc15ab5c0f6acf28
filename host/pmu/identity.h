/*
 * pmu/identity.h - the PMU a target was found to have: its family and
 * core in the registry (target-xml/cores.toml), the core's event
 * catalogue and control-register layout, how many counters, and the id
 * register that told (PRId on MIPS, PVR on Power). Filled in by the
 * backend that reached the PMU (session/attach.c).
 */
#ifndef PMUCTL_PMU_IDENTITY_H
#define PMUCTL_PMU_IDENTITY_H

#include <stdint.h>

struct pmu_family;
struct pmu_catalog;
struct pmuctl_ctl_layout;

struct pmu_identity {
    const struct pmu_family *fam; /* the registry's family (pmuctl_fields.h) */
    char core[16];                /* the registry key, e.g. "34k" */
    const struct pmu_catalog *cat;
    const struct pmuctl_ctl_layout *lay;
    unsigned n_counters;
    uint32_t id;                  /* the core's id register (PRId, PVR) */
};

#endif
