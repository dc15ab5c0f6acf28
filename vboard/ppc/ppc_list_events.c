/*
 * ppc_list_events.c - `vboard --list-events --cpu e200z7|e500v2`: the
 * core's catalogue (target-xml/events/CORE.csv) and how vboard counts each
 * event: exact, from its cache/timing model, or not at all.
 */
#include "ppc_list_events.h"

#include "pmu_catalog.h"

bool ppc_list_events(FILE *f, const char *cpu)
{
    const struct pmu_catalog *cat = pmu_catalog_find("power", cpu);
    if (!cat)
        return false;
    fprintf(f, "# vboard (simulator) events for --cpu %s: 4 counters (PMC0-3)\n", cat->core);
    fprintf(f, "# counted: exact = counted exactly; model = from vboard's cache/timing\n"
               "# model; none = not modelled, the counter stays unchanged\n");
    fprintf(f, "%-5s %-8s %-34s %-7s %s\n", "code", "counters", "name", "counted",
            "description");
    for (unsigned i = 0; i < cat->n_events; i++) {
        const struct pmu_catalog_event *e = &cat->events[i];
        char ctrs[16] = "";
        unsigned k = 0;
        for (unsigned n = 0; n < 4; n++)
            if (e->counters >> n & 1u)
                k += (unsigned)snprintf(ctrs + k, sizeof(ctrs) - k, k ? ",%u" : "%u", n);
        fprintf(f, "%-5u %-8s %-34s %-7s %s\n", e->code, ctrs, e->name, pmu_vboard_name(e->vboard),
                e->description);
    }
    return true;
}
