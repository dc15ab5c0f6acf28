/*
 * cmd/freeze.c - "pmuctl freeze" and "pmuctl unfreeze": whether the counters stay
 * frozen when the program resumes.
 */
#include "cmd/commands.h"

#include <stdio.h>

#include "cmd/common.h"
#include "session/counters.h"

int cmd_freeze(const struct cli *c, struct target *t)
{
    int rc = target_set_frozen(t, c->cmd == CMD_FREEZE);
    if (rc)
        return cmd_fail(t, rc);
    printf("counters %s when the program resumes\n",
           c->cmd == CMD_FREEZE ? "stay frozen" : "count");
    return 0;
}
