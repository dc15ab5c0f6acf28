/*
 * monitor_pmu.c - "monitor pmu [freeze|unfreeze|reset|read|list|help]"
 * and "monitor pmu set EVENT[:MODES] ...": the part every architecture
 * shares. What the port knows comes through stub_target.pmu
 * (pmustub/monitor_pmu.h).
 */
#include "pmustub/monitor_pmu.h"
#include "stub_internal.h"
#include "stat/interval.h"

static int user_frozen; /* monitor pmu freeze */

int stub_pmu_user_frozen(void)
{
    return user_frozen;
}

static void summary(void)
{
    const struct stub_pmu_ops *pmu = STUB_T(pmu);
    unsigned n = pmu->counters();

    stub_mon_puts("pmu: ");
    pmu->describe();
    stub_mon_puts(", ");
    stub_mon_putu(n);
    stub_mon_puts(" counters; frozen while stopped; on resume they ");
    stub_mon_puts(user_frozen ? "stay frozen (monitor pmu unfreeze)\n"
                              : "count\n");
    for (unsigned i = 0; i < n; i++) {
        stub_mon_puts("  counter ");
        stub_mon_putu(i);
        stub_mon_puts(": ");
        pmu->describe_counter(i);
        stub_mon_puts("\n");
    }
    if (pmu->notes)
        pmu->notes();
    interval_describe();
}

static void freeze(void)
{
    user_frozen = 1;
    stub_mon_puts("pmu: counters stay frozen when the program resumes\n");
}

static void unfreeze(void)
{
    user_frozen = 0;
    stub_mon_puts("pmu: counters count again when the program resumes\n");
}

static void reset(void)
{
    STUB_T(pmu)->reset();
    stub_mon_puts("pmu: all counts set to 0\n");
}

static void help(void)
{
    stub_mon_puts("monitor pmu: core, counters, what each counts\n");
#if PMUSTUB_PMU_SUMMARY
    stub_mon_puts("monitor pmu set EVENT[:MODES] ...: count these events from 0 "
                  "(modes: ");
    STUB_T(pmu)->modes();
    stub_mon_puts("), the other counters off\n"
                  "monitor pmu read: each counter's event and 64-bit count\n"
                  "monitor pmu list: the events of each counter\n");
#endif
    stub_mon_puts("monitor pmu freeze: keep counters frozen on resume\n"
                  "monitor pmu unfreeze: let them count on resume\n"
                  "monitor pmu reset: set every count to 0\n");
}

#if PMUSTUB_PMU_SUMMARY
static void read(void)
{
    STUB_T(pmu)->read();
}

static void list(void)
{
    STUB_T(pmu)->list();
}
#endif

/* The summary left out of the build (PMUSTUB_PMU_SUMMARY off). */
static void no_summary(void)
{
    stub_mon_puts("pmu: built without its summary: print GDB's registers of group pmu\n");
}

static const struct {
    const char *arg;
    void (*run)(void);
} subcommands[] = {
    {"", PMUSTUB_PMU_SUMMARY ? summary : no_summary}, {"freeze", freeze},
    {"unfreeze", unfreeze}, {"reset", reset},
    {"help", PMUSTUB_PMU_SUMMARY ? help : no_summary},
#if PMUSTUB_PMU_SUMMARY /* the event commands: not a byte in a stub without */
    {"read", read}, {"list", list},
#endif
};

static int mon_pmu(const char *args)
{
    const char *rest;

    if (!STUB_T(pmu)->counters()) {
        if (PMUSTUB_PMU_SUMMARY || STUB_T(pmu)->absent)
            STUB_T(pmu)->absent();
        else
            stub_mon_puts("pmu: none\n");
        return *args ? -1 : 0;
    }
#if PMUSTUB_PMU_SUMMARY
    if (str_starts(args, "set", &rest) && (!*rest || *rest == ' '))
        return STUB_T(pmu)->set(rest);
#endif
    for (unsigned i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
        if (str_starts(args, subcommands[i].arg, &rest) && !*rest) {
            subcommands[i].run();
            return 0;
        }
    }
    stub_mon_puts(PMUSTUB_PMU_SUMMARY
                      ? "pmu: unknown argument; usage: monitor pmu [set EVENT[:MODES] "
                        "...|read|list|freeze|unfreeze|reset|help]\n"
                      : "pmu: unknown argument; "
                        "usage: monitor pmu [freeze|unfreeze|reset|help]\n");
    return -1;
}

/* "id=HHHHHHHH;frozen=0|1": what pmuctl would otherwise have to read out
 * of the summary's words. A q packet of our own name (GDB manual, "General
 * Query Packets": qCompany.Operation); a stub without it answers empty. */
void stub_pmu_query(struct reply *r)
{
    const struct stub_pmu_ops *pmu = STUB_T(pmu);

    if (!pmu)
        return;
    if (pmu->id) {
        reply_str(r, "id=");
        reply_hex_u32(r, pmu->id(), 8);
        reply_str(r, ";");
    }
    reply_str(r, user_frozen ? "frozen=1" : "frozen=0");
}

const struct stub_monitor_cmd stub_pmu_monitor_cmds[] = {
    {"pmu", "performance counters: monitor pmu help", mon_pmu},
    {0, 0, 0},
};
