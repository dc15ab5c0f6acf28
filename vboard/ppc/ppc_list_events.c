/*
 * ppc_list_events.c - `vboard --list-events --cpu e200z7|e500v2`: the
 * core's catalogue (target-xml/events/CORE.csv) and how vboard counts each
 * event: exact, from its cache/timing model, or not at all.
 */
#include "ppc_list_events.h"

#include <string.h>

#include "ppc_catalog.h"

static const char *const how_names[] = {
    [PPC_COUNT_EXACT] = "exact", [PPC_COUNT_MODEL] = "model", [PPC_COUNT_NONE] = "none",
};

bool ppc_list_events(FILE *f, const char *cpu)
{
    const struct ppc_catalog *cat = NULL;
    for (unsigned i = 0; i < PPC_CATALOG_COUNT; i++)
        if (strcmp(ppc_catalogs[i].core, cpu) == 0)
            cat = &ppc_catalogs[i];
    if (!cat)
        return false;
    fprintf(f, "# vboard (simulator) events for --cpu %s: 4 counters (PMC0-3)\n", cat->core);
    fprintf(f, "# counted: exact = counted exactly; model = from vboard's cache/timing\n"
               "# model; none = not modelled, the counter stays unchanged\n");
    fprintf(f, "%-5s %-8s %-34s %-7s %s\n", "code", "counters", "name", "counted",
            "description");
    for (unsigned i = 0; i < cat->n_events; i++) {
        const struct ppc_catalog_event *e = &cat->events[i];
        char ctrs[16] = "";
        unsigned k = 0;
        for (unsigned n = 0; n < 4; n++)
            if (e->counters >> n & 1u)
                k += (unsigned)snprintf(ctrs + k, sizeof(ctrs) - k, k ? ",%u" : "%u", n);
        fprintf(f, "%-5u %-8s %-34s %-7s %s\n", e->code, ctrs, e->name, how_names[e->how],
                e->description);
    }
    return true;
}
