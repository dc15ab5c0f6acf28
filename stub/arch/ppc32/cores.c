/*
 * cores.c - the Book E core the port runs on, told apart by PVR through
 * the board's generated core table (target-xml/cores.toml: each core's
 * "booke" facts, debug level and HID0 bits, beside its PMU). Plain C (host
 * unit tests).
 */
#include "ppc_port.h"

const struct pmu_core *ppc_core_lookup(uint32_t pvr)
{
    const struct pmu_core *c = pmu_core_find(pvr);
    return c ? c : &pmu_core_unknown;
}
