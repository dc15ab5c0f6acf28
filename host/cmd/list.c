/*
 * cmd/list.c - "pmuctl list": the event catalogue of a core (--cpu), of the
 * target's core, or of every core the registry knows.
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "pmu/catalog.h"

int cmd_list(const struct cli *c, struct target *t)
{
    if (c->cpu) {
        const struct pmu_catalog *cat = catalog_core(c->cpu);
        if (!cat) {
            pmuctl_error("unknown --cpu '%s' (known: %s)", c->cpu,
                         catalog_core_names());
            return PMUCTL_EXIT_USAGE;
        }
        catalog_print(stdout, cat);
        return 0;
    }
    if (t) {
        catalog_print(stdout, t->pmu.cat);
        return 0;
    }
    for (int i = 0; i < PMU_CATALOG_COUNT; i++) {
        if (i)
            putchar('\n');
        catalog_print(stdout, &pmu_catalogs[i]);
    }
    return 0;
}
