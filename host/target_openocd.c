/*
 * target_openocd.c - the PMU through OpenOCD's gdb server, whose target
 * description (OpenOCD 0.12, mips_m4k) has no counter registers. OpenOCD
 * is recognised by "monitor version"; CP0 registers are read and written
 * with "monitor mips32 cp0 REG SEL [VALUE]", which answers
 * "cp0 reg REG, select SEL: HHHHHHHH" (OpenOCD src/target/mips32.c,
 * mips32_handle_cp0_command).
 *
 * The core is told by PRId (CP0 15.0) through the registry of cores
 * (target-xml/cores.toml, generated into pmu_catalog.h), the counters by
 * Config1.PC (CP0 16.1 bit 4) and, where the registry says so, the M chain
 * (PerfCtl bit 31: another counter follows), as the stub does. Config1.PC:
 * MD00090 Config1; Linux asm/mipsregs.h MIPS_CONF1_PC (1 << 4). Control n is CP0 25 select 2n, count n select
 * 2n + 1 (MD00548 Table 2; Linux perf_event_mipsxx.c uses the same selects
 * for the R10000 family).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_status.h"
#include "target.h"

#define CONFIG1_PC (1u << 4)
#define PERFCTL_M (1u << 31)

static int cp0(struct target *t, unsigned reg, unsigned sel, const uint32_t *wr,
               uint32_t *rd)
{
    char cmd[64], out[512], want[48];
    const char *p;
    int failed, rc;

    if (wr)
        snprintf(cmd, sizeof cmd, "mips32 cp0 %u %u 0x%08x", reg, sel, *wr);
    else
        snprintf(cmd, sizeof cmd, "mips32 cp0 %u %u", reg, sel);
    if ((rc = rsp_monitor(&t->rsp, cmd, out, sizeof out, &failed)))
        return target_io_fail(t, rc, cmd);
    if (wr && !failed && !strstr(out, "couldn't"))
        return 0;
    snprintf(want, sizeof want, "cp0 reg %u, select %u: ", reg, sel);
    p = strstr(out, want);
    if (failed || !p) {
        out[strcspn(out, "\n")] = 0;
        snprintf(t->err, sizeof t->err, "'monitor %s' through OpenOCD: %.120s",
                 cmd, *out ? out : "no answer");
        return PMUCTL_EXIT_TARGET;
    }
    *rd = (uint32_t)strtoul(p + strlen(want), NULL, 16);
    return 0;
}

static int oo_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    return cp0(t, 25, 2 * n + (ctl ? 0 : 1), NULL, v);
}

static int oo_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    return cp0(t, 25, 2 * n + (ctl ? 0 : 1), &v, NULL);
}

static const struct pmu_access openocd_access = {"OpenOCD mips32 cp0", oo_read,
                                                 oo_write};

int target_openocd_detect(struct target *t)
{
    char out[256];
    int failed, rc = rsp_monitor(&t->rsp, "version", out, sizeof out, &failed);
    if (rc)
        return target_io_fail(t, rc, "monitor version");
    t->is_openocd = !failed && strstr(out, "Open On-Chip Debugger") != NULL;
    return 0;
}

int target_openocd_find_pmu(struct target *t)
{
    const struct pmu_catalog *core = NULL;
    uint32_t prid, config1, ctl;
    int rc;

    t->pmu = &openocd_access;
    if ((rc = cp0(t, 15, 0, NULL, &prid)) || (rc = cp0(t, 16, 1, NULL, &config1)))
        return rc;
    t->prid = prid;
    if (!(config1 & CONFIG1_PC)) {
        snprintf(t->err, sizeof t->err, "this core has no performance counters "
                 "(Config1.PC = 0, PRId 0x%08x, read through OpenOCD)", prid);
        return PMUCTL_EXIT_TARGET;
    }
    for (unsigned i = 0; i < PMU_CATALOG_COUNT; i++)
        if (!strcmp(pmu_catalogs[i].family, "mips32") &&
            (prid & pmu_catalogs[i].id_mask) == pmu_catalogs[i].id_value)
            core = &pmu_catalogs[i];
    if (!core) {
        snprintf(t->err, sizeof t->err, "PRId 0x%08x is no core pmuctl has a "
                 "catalogue for (known: %s)", prid, catalog_core_names());
        return PMUCTL_EXIT_TARGET;
    }
    snprintf(t->core, sizeof t->core, "%s", core->core);
    t->cat = core;
    t->lay = perfctl_layout(t->core);
    t->n_counters = core->n_counters;
    for (unsigned n = 0; n < TARGET_MAX_COUNTERS; n++)
        t->wide_reg[n] = -1;
    if (core->m_chain) {
        for (unsigned n = 0; n < core->n_counters; n++) {
            if ((rc = oo_read(t, 1, n, &ctl)))
                return rc;
            if (!(ctl & PERFCTL_M)) {
                t->n_counters = n + 1;
                break;
            }
        }
    }
    return 0;
}
