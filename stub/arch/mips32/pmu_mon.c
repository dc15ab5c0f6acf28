/*
 * pmu_mon.c - the MIPS half of "monitor pmu" (the command is the core's:
 * stub/core/monitor_pmu.c), and the port's own monitor commands.
 *
 * Event names come from the board's generated core table (pmu_registry.h,
 * from target-xml/cores.toml and the core's catalogue).
 */
#include "mips_port.h"
#include "pmu.h"
#include "pmu_core.h"
#include "pmustub/monitor_pmu.h"

static unsigned counters(void)
{
    return pmu_counters; /* 0 when pmu_core is NULL (pmu_detect) */
}

static void absent(void)
{
    if (!(mips_cp0_config1() & CONF1_PC)) {
        stub_mon_puts("pmu: none: Config1.PC = 0, this core implements "
                      "no performance counters\n");
        return;
    }
    stub_mon_puts("pmu: Config1.PC = 1 but this core (PRId ");
    stub_mon_putx(mips_cp0_prid());
    stub_mon_puts(") is not one this stub knows\n");
}

static void describe(void)
{
    stub_mon_puts("MIPS ");
    stub_mon_puts(pmu_core->name);
    stub_mon_puts(", PRId ");
    stub_mon_putx(mips_cp0_prid());
}

/* Prints the name of event code on counter n, or "?" if the catalogue has
 * none (reserved code). */
static void put_event_name(unsigned n, unsigned code)
{
    if (pmu_put_event_name(pmu_core, n, code))
        stub_mon_puts("?");
}

/* PerfCtl bits 0, 1, 2, 3 are EXL, K, S, U (MD00548 Table 1). */
static void put_modes(uint32_t ctl)
{
    static const char *const mode[4] = {"exl", "k", "s", "u"};
    int any = 0;
    for (int b = 3; b >= 0; b--) {
        if (ctl & (1u << b)) {
            stub_mon_puts(any++ ? "," : "");
            stub_mon_puts(mode[b]);
        }
    }
    if (!any)
        stub_mon_puts("none (not counting)");
}

static void describe_counter(unsigned n)
{
    uint32_t ctl = pmu_ctl(n);
    uint32_t code = (ctl >> pmu_core->event_shift) & pmu_core->event_mask;

    stub_mon_puts("event ");
    stub_mon_putu(code);
    stub_mon_puts(" ");
    put_event_name(n, code);
    stub_mon_puts(", modes ");
    put_modes(ctl);
    /* PerfCtl bit 4 is IE (MD00548 Table 1). */
    stub_mon_puts(ctl & (1u << 4) ? ", interrupt on overflow" : "");
    stub_mon_puts(", count ");
    stub_mon_putu(pmu_count(n));
}

static void reset(void)
{
    for (unsigned i = 0; i < pmu_counters; i++)
        pmu_set_count(i, 0);
}

static uint32_t id(void)
{
    return mips_cp0_prid(); /* PRId, the register pmu_detect matched */
}

#if PMUSTUB_PMU_SUMMARY
/* The event commands (pmu_select.c), on the core found at start-up. */
static int set(const char *args)
{
    const struct pmu_select p = {pmu_core, pmu_counters, mips_reg_read, mips_reg_write};
    if (pmu_select_set(&p, args))
        return -1;
    pmu_select_read(&p);
    return 0;
}

static void read(void)
{
    const struct pmu_select p = {pmu_core, pmu_counters, mips_reg_read, mips_reg_write};
    pmu_select_read(&p);
}

static void list(void)
{
    const struct pmu_select p = {pmu_core, pmu_counters, mips_reg_read, mips_reg_write};
    pmu_select_list(&p);
}
#endif

const struct stub_pmu_ops mips_pmu_ops = {
    .counters = counters,
    .absent = PMUSTUB_SUMMARY_OP(absent),
    .describe = PMUSTUB_SUMMARY_OP(describe),
    .describe_counter = PMUSTUB_SUMMARY_OP(describe_counter),
    .reset = reset,
    .id = id,
#if PMUSTUB_PMU_SUMMARY
    .set = set, .read = read, .list = list, .modes = pmu_select_modes,
#endif
};

const struct stub_monitor_cmd mips_monitor_cmds[] = {
    {"ctrlc", "GDB's Ctrl-C while the program runs: on or off", mips_mon_ctrlc},
    {0, 0, 0},
};
