/*
 * cmd/list.c - "pmuctl list [FILTER]": the event catalogue of a core
 * (--cpu), of the target's core, or of every core the registry knows,
 * saying which; FILTER keeps the events whose names match it, as perf
 * list's does (a glob, or a substring).
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "pmu/catalog.h"

static int run_list(const struct cli *c, struct target *t)
{
    const char *filter = c->nargs ? c->args[0] : NULL;
    int shown = 0;

    if (c->cpu) {
        const struct pmu_catalog *cat = catalog_core(c->cpu);
        if (!cat) {
            pmuctl_error("unknown --cpu '%s' (known: %s)", c->cpu,
                         catalog_core_names());
            return PMUCTL_EXIT_USAGE;
        }
        shown = catalog_print(stdout, cat, filter);
    } else if (t) {
        printf("the target's core: %s\n", t->pmu.core);
        shown = catalog_print(stdout, t->pmu.cat, filter);
    } else {
        printf("every core of the registry, %s (--cpu CORE or -t TARGET: "
               "one)\n", catalog_core_names());
        for (int i = 0; i < PMU_CATALOG_COUNT; i++) {
            if (shown)
                putchar('\n');
            shown += catalog_print(stdout, &pmu_catalogs[i], filter);
        }
    }
    if (!shown)
        fprintf(stderr, "pmuctl: no event matches '%s'\n", filter);
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
    .args = "[FILTER]",
    .min_args = 0,
    .max_args = 1,
    .summary = "the event catalogue (with -t: the target's core)",
    .about = "Prints the event catalogue of a core of the registry: each "
             "event's name, code, the counters that count it, how vboard "
             "counts it, which change of its count is the worse one and what "
             "it is; then the generic names the core maps and the raw numbers "
             "it takes. With a target (-t or PMUCTL_TARGET) and no --cpu, the "
             "target's core; with neither, every core; the first line says "
             "which. FILTER, as perf list's: only the events whose names "
             "match it, a glob (\"dcache_*\") or a substring (\"miss\").",
    .target = CLI_TARGET_OPTIONAL,
    .opts = opts,
    .run = run_list,
};
