/*
 * pmu_mon.c - the port's monitor commands: "monitor pmu", what the core's
 * performance monitor is, and "monitor ctrlc" (interrupt.c).
 */
#include "booke.h"
#include "ppc_port.h"

/* "monitor pmu": one plain line. */
static int mon_pmu(const char *args)
{
    stub_mon_puts("pmu: ");
    stub_mon_puts(ppc_core->name);
    stub_mon_puts(" (PVR ");
    stub_mon_putx(SPR_READ(SPR_PVR));
    stub_mon_puts(ppc_pmu_present
                      ? ") has a performance monitor; its registers are not "
                        "published yet\n"
                      : "): none: mfpmr is an illegal instruction here, this "
                        "core has no performance monitor\n");
    return *args ? -1 : 0;
}

const struct stub_monitor_cmd ppc_monitor_cmds[] = {
    {"pmu", "the performance monitor this core has", mon_pmu},
    {"ctrlc", "GDB's Ctrl-C while the program runs: on or off", ppc_mon_ctrlc},
    {0, 0, 0},
};
