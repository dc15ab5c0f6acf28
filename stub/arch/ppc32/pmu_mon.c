/*
 * pmu_mon.c - the Power half of "monitor pmu" (the command is the core's:
 * stub/core/monitor_pmu.c), and the port's own monitor commands ("monitor
 * ctrlc": interrupt.c).
 *
 * Event names come from the board's generated core table (pmu_registry.h,
 * from target-xml/cores.toml and the core's catalogue); a core the
 * registry does not know shows raw event numbers.
 */
#include "booke.h"
#include "ppc_port.h"
#include "pmu_core.h"
#include "pmustub/monitor_pmu.h"

static unsigned counters(void)
{
    return ppc_pmu_counters; /* 0 when nothing is published */
}

static void absent(void)
{
    stub_mon_puts("pmu: ");
    stub_mon_puts(ppc_core->name);
    stub_mon_puts(" (PVR ");
    stub_mon_putx(ppc_pmu_pvr);
    stub_mon_puts("): none: mfpmr is an illegal instruction here, this core "
                  "has no performance monitor\n");
}

static void describe(void)
{
    stub_mon_puts("Power ");
    stub_mon_puts(ppc_pmu_core->name);
    stub_mon_puts(", PVR ");
    stub_mon_putx(ppc_pmu_pvr);
    if (ppc_pmu_core == &pmu_core_unknown)
        stub_mon_puts(" (no core of this stub's registry: registers "
                      "published with raw event numbers)");
}

/* pmu_regs.c: how the stub keeps itself out of the counts. */
static void notes(void)
{
    stub_mon_puts("  the program runs marked (MSR[PMM] = 1), the stub "
                  "unmarked, and every counter freezes while unmarked "
                  "(FCM0): the counts hold none of the stub's instructions\n");
    if (ppc_pmu_unmarked)
        stub_mon_puts("  WARNING: the program cleared MSR[PMM] itself since "
                      "it was resumed: from there on it was not counted\n");
}

/* The catalogue's name of event code on counter n: "?" for a code it has
 * not (reserved), nothing for a core it does not know. */
static void put_event_name(unsigned n, unsigned code)
{
    if (!ppc_pmu_core->n_events)
        return;
    stub_mon_puts(" ");
    if (pmu_put_event_name(ppc_pmu_core, n, code))
        stub_mon_puts("?");
}

/* PMLCa (e200z7 RM 8.3.3): FC freezes the counter; FCS, FCU freeze it in
 * supervisor / user mode; FCM1, FCM0 while MSR[PMM] is 1 / 0. */
static const struct {
    uint32_t bit;
    const char *says;
} freezes[] = {
    {0x80000000u, ", frozen (FC)"},
    {0x40000000u, ", not in supervisor mode (FCS)"},
    {0x20000000u, ", not in user mode (FCU)"},
    {0x10000000u, ", not while MSR[PMM] = 1 (FCM1): none of the program, "
                  "which runs marked"},
    {0x08000000u, ", not while MSR[PMM] = 0 (FCM0)"},
};

static void describe_counter(unsigned n)
{
    uint8_t b[4];
    uint32_t ctl;

    (void)ppc_pmu_reg_read(PMU_REGNUM_CONTROL(n), b);
    ctl = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    stub_mon_puts("event ");
    stub_mon_putu((ctl >> ppc_pmu_core->event_shift) & ppc_pmu_core->event_mask);
    put_event_name(n, (ctl >> ppc_pmu_core->event_shift) & ppc_pmu_core->event_mask);
    for (unsigned i = 0; i < sizeof freezes / sizeof *freezes; i++)
        if (ctl & freezes[i].bit)
            stub_mon_puts(freezes[i].says);
    stub_mon_puts(ctl & PMLCA_CE ? ", interrupt on overflow (CE)" : "");
    stub_mon_puts(", count ");
    stub_mon_putu((uint32_t)ppc_pmu_count64(n));
}

static void reset(void)
{
    for (unsigned i = 0; i < ppc_pmu_counters; i++)
        ppc_pmu_set_count64(i, 0);
}

static uint32_t id(void)
{
    return ppc_pmu_pvr; /* the PVR the core was recognised by */
}

#if PMUSTUB_PMU_SUMMARY
/* The event commands (pmu_select.c), on the core found at start-up. */
static int set(const char *args)
{
    const struct pmu_select p = {ppc_pmu_core, ppc_pmu_counters, ppc_pmu_reg_read, ppc_pmu_reg_write};
    if (pmu_select_set(&p, args))
        return -1;
    pmu_select_read(&p);
    return 0;
}

static void read(void)
{
    const struct pmu_select p = {ppc_pmu_core, ppc_pmu_counters, ppc_pmu_reg_read, ppc_pmu_reg_write};
    pmu_select_read(&p);
}

static void list(void)
{
    const struct pmu_select p = {ppc_pmu_core, ppc_pmu_counters, ppc_pmu_reg_read, ppc_pmu_reg_write};
    pmu_select_list(&p);
}
#endif

const struct stub_pmu_ops ppc_pmu_ops = {
    .counters = counters,
    .absent = PMUSTUB_SUMMARY_OP(absent),
    .describe = PMUSTUB_SUMMARY_OP(describe),
    .describe_counter = PMUSTUB_SUMMARY_OP(describe_counter),
    .notes = PMUSTUB_SUMMARY_OP(notes),
    .reset = reset,
    .id = id,
#if PMUSTUB_PMU_SUMMARY
    .set = set, .read = read, .list = list, .modes = pmu_select_modes,
#endif
};

const struct stub_monitor_cmd ppc_monitor_cmds[] = {
    {"ctrlc", "GDB's Ctrl-C while the program runs: on or off", ppc_mon_ctrlc},
    {0, 0, 0},
};
