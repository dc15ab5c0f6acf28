/*
 * pmu_mon.c - performance-counter detection and "monitor pmu".
 *
 * Config1.PC (bit 4) says whether any performance counter exists (MD00090
 * Config1; Linux mipsregs.h MIPS_CONF1_PC). QEMU 7.2's 34Kf reports 0.
 * Publishing the counters as registers comes with the PMU drivers.
 */
#include "mips_port.h"

static int has_pmu;

void mips_pmu_detect(void)
{
    has_pmu = (CP0_READ(16, 1) & CONF1_PC) != 0;
}

static int mon_pmu(const char *args)
{
    if (*args) {
        stub_mon_puts("pmu: unexpected argument; usage: monitor pmu\n");
        return -1;
    }
    if (!has_pmu) {
        stub_mon_puts("pmu: none: Config1.PC = 0, this core implements no "
                      "performance counters\n");
        return 0;
    }
    stub_mon_puts("pmu: Config1.PC = 1, performance counters present "
                  "(PRId ");
    stub_mon_putx(CP0_READ(15, 0));
    stub_mon_puts("); this stub does not drive them yet\n");
    return 0;
}

const struct stub_monitor_cmd mips_monitor_cmds[] = {
    {"pmu", "performance-monitor unit: what this core has", mon_pmu},
    {0, 0, 0},
};
