/*
 * cmd/freeze.c - "pmuctl freeze" and "pmuctl unfreeze": whether the counters stay
 * frozen when the program resumes.
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "cmd/common.h"
#include "session/counters.h"

static int set_frozen(struct target *t, int frozen)
{
    int rc = target_set_frozen(t, frozen);
    if (rc)
        return cmd_fail(t, rc);
    printf("counters %s when the program resumes\n",
           frozen ? "stay frozen" : "count");
    return 0;
}

static int run_freeze(const struct cli *c, struct target *t)
{
    (void)c;
    return set_frozen(t, 1);
}

static int run_unfreeze(const struct cli *c, struct target *t)
{
    (void)c;
    return set_frozen(t, 0);
}

static const struct cli_opt opts[] = {CLI_END};

const struct cli_command cmd_freeze = {
    .name = "freeze",
    .summary = "keep the counters frozen when the program resumes",
    .about = "Keeps the counters frozen when the program resumes (monitor "
             "pmu freeze on the stub); they count again after unfreeze.",
    .target = CLI_TARGET,
    .opts = opts,
    .run = run_freeze,
};

const struct cli_command cmd_unfreeze = {
    .name = "unfreeze",
    .summary = "let the counters count when the program resumes",
    .about = "Lets the counters count when the program resumes (monitor pmu "
             "unfreeze on the stub).",
    .target = CLI_TARGET,
    .opts = opts,
    .run = run_unfreeze,
};
