/*
 * session/pmu_openocd.c - the PMU through OpenOCD's gdb server, whose target
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

#include "base/exit_status.h"
#include "pmu/catalog.h"
#include "pmu/perfctl.h"
#include "session/attach.h"
#include "session/io.h"
#include "session/pmu_openocd.h"
#include "session/simulator.h"

#define CONFIG1_PC (1u << 4)
#define PERFCTL_M (1u << 31)

int openocd_cp0(struct target *t, unsigned reg, unsigned sel, const uint32_t *wr,
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
    return openocd_cp0(t, 25, 2 * n + (ctl ? 0 : 1), NULL, v);
}

static int oo_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    return openocd_cp0(t, 25, 2 * n + (ctl ? 0 : 1), &v, NULL);
}

/* 32-bit counts only, and no freeze state of the stub's: the counters
 * count while the core runs and not while it is halted in debug mode. */
static int oo_count(struct target *t, unsigned n, uint64_t *v, int *wide)
{
    uint32_t v32;
    int rc = oo_read(t, 0, n, &v32);
    *v = v32;
    *wide = 0;
    return rc;
}

static int oo_put_count(struct target *t, unsigned n, uint64_t v, int wide)
{
    (void)wide;
    return oo_write(t, 0, n, (uint32_t)v);
}

static int oo_frozen(struct target *t, int *frozen)
{
    (void)t;
    *frozen = -1;
    return 0;
}

static int oo_set_frozen(struct target *t, int frozen)
{
    (void)frozen;
    snprintf(t->err, sizeof t->err, "freeze and unfreeze are the stub's "
             "(monitor pmu); through OpenOCD the counters count while the "
             "core runs");
    return PMUCTL_EXIT_TARGET;
}

/* OpenOCD's D only says OK (src/server/gdb_server.c, gdb_detach): resume
 * the core it halted for us first. */
static void oo_leave(struct target *t)
{
    char out[256];
    int failed;
    if (rsp_monitor(&t->rsp, "resume", out, sizeof out, &failed) || failed)
        fprintf(stderr, "pmuctl: could not resume the core through OpenOCD\n");
}

/* Is the gdb server OpenOCD? */
static int is_openocd(struct target *t, int *yes)
{
    char out[256];
    int failed, rc = rsp_monitor(&t->rsp, "version", out, sizeof out, &failed);
    if (rc)
        return target_io_fail(t, rc, "monitor version");
    *yes = !failed && strstr(out, "Open On-Chip Debugger") != NULL;
    return 0;
}

static int oo_attach(struct target *t)
{
    const struct pmu_catalog *core;
    uint32_t prid, config1, ctl;
    int rc, yes;

    if ((rc = is_openocd(t, &yes)))
        return rc;
    if (!yes)
        return PMU_ACCESS_NOT_MINE;
    /* OpenOCD halts a running core when a gdb client attaches
     * ("debug-request": SIGINT); leave it running then. */
    t->found_running = t->first_signal == 2;
    if ((rc = target_openocd_simulator(t)))
        return rc;
    if ((rc = openocd_cp0(t, 15, 0, NULL, &prid)) ||
        (rc = openocd_cp0(t, 16, 1, NULL, &config1)))
        return rc;
    t->pmu.id = prid;
    if (!(config1 & CONFIG1_PC)) {
        snprintf(t->err, sizeof t->err, "this core has no performance counters "
                 "(Config1.PC = 0, PRId 0x%08x, read through OpenOCD)", prid);
        return PMUCTL_EXIT_TARGET;
    }
    /* OpenOCD's mips_m4k: a MIPS32 core (src/target/mips_m4k.c). */
    if (!(core = catalog_core_by_id("mips32", prid))) {
        snprintf(t->err, sizeof t->err, "PRId 0x%08x is no core pmuctl has a "
                 "catalogue for (known: %s)", prid, catalog_core_names());
        return PMUCTL_EXIT_TARGET;
    }
    snprintf(t->pmu.core, sizeof t->pmu.core, "%s", core->core);
    t->pmu.cat = core;
    t->pmu.lay = perfctl_layout(t->pmu.core);
    t->pmu.n_counters = core->n_counters;
    if (core->m_chain) {
        for (unsigned n = 0; n < core->n_counters; n++) {
            if ((rc = oo_read(t, 1, n, &ctl)))
                return rc;
            if (!(ctl & PERFCTL_M)) {
                t->pmu.n_counters = n + 1;
                break;
            }
        }
    }
    return 0;
}

const struct pmu_access pmu_openocd_access = {
    .name = "OpenOCD mips32 cp0",
    .halt_sampling = 1,
    .attach = oo_attach,
    .read = oo_read,
    .write = oo_write,
    .count = oo_count,
    .put_count = oo_put_count,
    .frozen = oo_frozen,
    .set_frozen = oo_set_frozen,
    .leave = oo_leave,
};
