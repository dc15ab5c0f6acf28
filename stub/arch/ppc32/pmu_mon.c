/*
 * pmu_mon.c - the Power half of "monitor pmu" (the command is the core's:
 * stub/core/monitor_pmu.c), and the port's own monitor commands ("monitor
 * ctrlc": interrupt.c).
 *
 * The stub does not drive the performance monitor yet (its registers are
 * not published), so it has no counters for the core's summary, freeze or
 * reset: every "monitor pmu" gets the one line of absent().
 */
#include "booke.h"
#include "ppc_port.h"
#include "pmustub/monitor_pmu.h"

static unsigned counters(void)
{
    return 0;
}

static void absent(void)
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
}

const struct stub_pmu_ops ppc_pmu_ops = {
    .counters = counters,
    .absent = absent,
};

const struct stub_monitor_cmd ppc_monitor_cmds[] = {
    {"ctrlc", "GDB's Ctrl-C while the program runs: on or off", ppc_mon_ctrlc},
    {0, 0, 0},
};
