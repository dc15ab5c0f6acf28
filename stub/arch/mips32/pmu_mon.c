/*
 * pmu_mon.c - "monitor pmu ...": what the core has, what each counter
 * counts, and freeze/unfreeze/reset by hand.
 *
 * Event names come from the board's generated core table (pmu_registry.h,
 * from target-xml/cores.toml and the core's catalogue).
 */
#include "mips_port.h"
#include "pmu.h"

static const char *after(const char *s, const char *needle, const char *end)
{
    for (; *s && (!end || s < end); s++) {
        const char *a = s, *b = needle;
        while (*b && *a == *b)
            a++, b++;
        if (!*b)
            return a;
    }
    return 0;
}

/* Prints the name of event code on counter n, or "?" if the catalogue has
 * none (reserved code). */
static void put_event_name(unsigned n, unsigned code)
{
    for (unsigned i = 0; i < pmu_core->n_events; i++) {
        const struct pmu_event_name *e = &pmu_core->events[i];
        if (e->code == code && (e->counters >> n & 1)) {
            stub_mon_puts(e->name);
            return;
        }
    }
    stub_mon_puts("?");
}

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

static void summary(void)
{
    stub_mon_puts("pmu: MIPS ");
    stub_mon_puts(pmu_core->name);
    stub_mon_puts(", PRId ");
    stub_mon_putx(CP0_READ(15, 0));
    stub_mon_puts(", ");
    stub_mon_putu(pmu_counters);
    stub_mon_puts(" counters; frozen while stopped; on resume they ");
    stub_mon_puts(pmu_user_frozen ? "stay frozen (monitor pmu unfreeze)\n"
                                  : "count\n");
    for (unsigned i = 0; i < pmu_counters; i++) {
        uint32_t ctl = pmu_ctl(i);
        uint32_t code = (ctl >> pmu_core->event_shift) & pmu_core->event_mask;
        stub_mon_puts("  counter ");
        stub_mon_putu(i);
        stub_mon_puts(": event ");
        stub_mon_putu(code);
        stub_mon_puts(" ");
        put_event_name(i, code);
        stub_mon_puts(", modes ");
        put_modes(ctl);
        stub_mon_puts(ctl & (1u << 4) ? ", interrupt on overflow" : "");
        stub_mon_puts(", count ");
        stub_mon_putu(pmu_count(i));
        stub_mon_puts("\n");
    }
}

static int mon_pmu(const char *args)
{
    static const char usage[] =
        "usage: monitor pmu [freeze|unfreeze|reset|help]\n";
    const char *a;

    if (!pmu_core) {
        stub_mon_puts(CP0_READ(16, 1) & CONF1_PC
                          ? "pmu: Config1.PC = 1 but this core (PRId "
                          : "pmu: none: Config1.PC = 0, this core implements "
                            "no performance counters\n");
        if (CP0_READ(16, 1) & CONF1_PC) {
            stub_mon_putx(CP0_READ(15, 0));
            stub_mon_puts(") is not one this stub knows\n");
        }
        return *args ? -1 : 0;
    }
    if (!*args) {
        summary();
    } else if ((a = after(args, "freeze", 0)) && a - args == 6 && !*a) {
        pmu_user_frozen = 1;
        stub_mon_puts("pmu: counters stay frozen when the program resumes\n");
    } else if ((a = after(args, "unfreeze", 0)) && a - args == 8 && !*a) {
        pmu_user_frozen = 0;
        stub_mon_puts("pmu: counters count again when the program resumes\n");
    } else if ((a = after(args, "reset", 0)) && a - args == 5 && !*a) {
        for (unsigned i = 0; i < pmu_counters; i++)
            pmu_set_count(i, 0);
        stub_mon_puts("pmu: all counts set to 0\n");
    } else if ((a = after(args, "help", 0)) && a - args == 4 && !*a) {
        stub_mon_puts("monitor pmu: core, counters, what each counts\n"
                      "monitor pmu freeze: keep counters frozen on resume\n"
                      "monitor pmu unfreeze: let them count on resume\n"
                      "monitor pmu reset: set every count to 0\n");
    } else {
        stub_mon_puts("pmu: unknown argument; ");
        stub_mon_puts(usage);
        return -1;
    }
    return 0;
}

const struct stub_monitor_cmd mips_monitor_cmds[] = {
    {"pmu", "performance counters: monitor pmu help", mon_pmu},
    {"ctrlc", "GDB's Ctrl-C while the program runs: on or off", mips_mon_ctrlc},
    {0, 0, 0},
};
