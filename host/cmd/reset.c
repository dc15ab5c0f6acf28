/*
 * cmd/reset.c - "pmuctl reset": every count set to 0.
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "cmd/common.h"
#include "session/counters.h"

static int run_reset(const struct cli *c, struct target *t)
{
    (void)c;
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        int rc = target_pmu_write(t, 0, n, 0);
        if (rc)
            return cmd_fail(t, rc);
    }
    printf("all %u counts set to 0\n", t->pmu.n_counters);
    return 0;
}

static const struct cli_opt opts[] = {CLI_END};

const struct cli_command cmd_reset = {
    .name = "reset",
    .summary = "set every count to 0",
    .about = "Sets every counter's count to 0.",
    .target = CLI_TARGET,
    .opts = opts,
    .run = run_reset,
};
