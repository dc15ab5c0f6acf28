/*
 * cmd/list.c - "pmuctl list": the event catalogue of a core (--cpu), of the
 * target's core, or of every core the registry knows.
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "pmu/catalog.h"

static int run_list(const struct cli *c, struct target *t)
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

static const struct cli_opt opts[] = {
    {"cpu", 'c', "CORE", "the catalogue of this core of the registry, without "
     "contacting a target:", cli_set_string, offsetof(struct cli, cpu), 0,
     catalog_core_names},
    CLI_END,
};

const struct cli_command cmd_list = {
    .name = "list",
    .summary = "the event catalogue (with -t: the target's core)",
    .about = "Prints the event catalogue of a core of the registry: each "
             "event's name, code, the counters that count it, how vboard "
             "counts it and what it is; then the generic names the core maps "
             "and the raw numbers it takes. With a target (-t or "
             "PMUCTL_TARGET) and no --cpu, the target's core; with neither, "
             "every core.",
    .target = CLI_TARGET_OPTIONAL,
    .opts = opts,
    .run = run_list,
};
