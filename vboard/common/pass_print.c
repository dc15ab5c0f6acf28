/*
 * pass_print.c - pass N's counts of a core's whole catalogue, through the
 * machine's own event bindings (pass.h).
 */
#include <string.h>

#include "pass.h"
#include "pmu_catalog.h"

void vb_pass_print(FILE *f, const struct pmu_catalog *cat, const struct vb_pass *p,
                   vb_event_sources sources, const void *ctx)
{
    for (unsigned i = 0; i < cat->n_events; i++) {
        const char *name = cat->events[i].name;
        bool seen = false;
        for (unsigned j = 0; j < i && !seen; j++)
            seen = strcmp(cat->events[j].name, name) == 0;
        if (seen)
            continue;
        uint8_t src[4] = { 0, 0, 0, 0 };
        if (!sources(ctx, name, src)) {
            fprintf(f, "%s <not supported>\n", name);
            continue;
        }
        uint64_t n = 0;
        for (unsigned k = 0; k < 4; k++)
            if (src[k] && src[k] < p->n_ev)
                n += p->delta[src[k]];
        fprintf(f, "%s %llu\n", name, (unsigned long long)n);
    }
}
