/*
 * cmd/freeze.c - "pmuctl freeze" and "pmuctl unfreeze": whether the counters stay
 * frozen when the program resumes.
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "cmd/common.h"
#include "session/counters.h"

/* Both commands: the counters' state is the command's (freeze: frozen). */
static int run_frozen(const struct cli *c, struct target *t)
{
    int frozen = c->cmd == &cmd_freeze;
    int rc = target_set_frozen(t, frozen);
    if (rc)
        return cmd_fail(t, rc);
    printf("counters %s when the program resumes\n",
           frozen ? "stay frozen" : "count");
    return 0;
}

static const struct cli_opt opts[] = {CLI_END};

/* The two commands differ in their name and words only. */
#define FREEZE_COMMAND(word, line, text) \
    { .name = word, .summary = line, .about = text, .target = CLI_TARGET, \
      .opts = opts, .run = run_frozen }

const struct cli_command cmd_freeze = FREEZE_COMMAND(
    "freeze", "keep the counters frozen when the program resumes",
    "Keeps the counters frozen when the program resumes (monitor pmu freeze "
    "on the stub); they count again after unfreeze.");

const struct cli_command cmd_unfreeze = FREEZE_COMMAND(
    "unfreeze", "let the counters count when the program resumes",
    "Lets the counters count when the program resumes (monitor pmu unfreeze "
    "on the stub).");
