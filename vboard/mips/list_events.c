/*
 * list_events.c - prints a core's event catalogue and, for each event,
 * whether vboard counts it exactly, from its cache/timing model, or not at
 * all: the catalogue's vboard column, which vboard_unit_pmu checks against
 * the bindings in pmu_bind.c (docs/vboard.md explains the models).
 */
#include "list_events.h"

#include "pmu_catalog.h"

bool list_events(FILE *f, enum pmu_core_id m)
{
    const struct pmu_personality *p = pmu_personality(cpu_model_name(m));
    const struct pmu_catalog *cat = p ? pmu_catalog_of(p) : NULL;
    if (!cat)
        return false;
    fprintf(f, "# vboard (simulator) events for --cpu %s: %u counters\n",
            cat->core, cat->n_counters);
    fprintf(f, "# counted: exact = counted exactly; model = from vboard's cache/timing\n"
               "# model; none = not modelled, the counter stays unchanged\n");
    fprintf(f, "%-5s %-8s %-34s %-4s %-6s %-6s %s\n", "code", "counters", "name",
            "type", "perfex", "counted", "description");
    for (unsigned i = 0; i < cat->n_events; i++) {
        const struct pmu_catalog_event *e = &cat->events[i];
        char ctrs[16] = "";
        unsigned k = 0;
        for (unsigned n = 0; n < cat->n_counters && k + 3 < sizeof(ctrs); n++)
            if (e->counters >> n & 1u)
                k += (unsigned)snprintf(ctrs + k, sizeof(ctrs) - k, k ? ",%u" : "%u", n);
        char perfex[16] = "-";
        if (e->perfex >= 0)
            snprintf(perfex, sizeof(perfex), "%d", e->perfex);
        fprintf(f, "%-5u %-8s %-34s %-4c %-6s %-6s %s\n", e->code, ctrs, e->name,
                e->type, perfex, pmu_vboard_name(e->vboard), e->description);
    }
    return true;
}
