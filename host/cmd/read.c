/*
 * cmd/read.c - "pmuctl read": each counter's count and event, "<not supported>"
 * where the simulator does not model the event, and how a simulator counts
 * it (as measure's table labels its counts).
 */
#include "cmd/commands.h"

#include <stdio.h>
#include <string.h>

#include "cmd/common.h"
#include "session/counters.h"
#include "session/simulator.h"

static int run_read(const struct cli *c, struct target *t)
{
    (void)c;
    /* The stub's 64-bit counts where it keeps them (perfcntN_64). */
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        uint32_t ctl;
        uint64_t cnt;
        int rc, wide;
        if ((rc = target_pmu_read(t, 1, n, &ctl)) ||
            (rc = target_pmu_count(t, n, &cnt, &wide)))
            return cmd_fail(t, rc);
        const char *how = target_sim_counting(t, cmd_event_name(t, n, ctl));
        if (how && !strcmp(how, "none"))
            printf("<not supported> %s counter%u\n", cmd_event_name(t, n, ctl), n);
        else if (how)
            printf("%llu %s counter%u (%s: %s)\n", (unsigned long long)cnt,
                   cmd_event_name(t, n, ctl), n, t->sim.name, how);
        else
            printf("%llu %s counter%u\n", (unsigned long long)cnt,
                   cmd_event_name(t, n, ctl), n);
    }
    return 0;
}

static const struct cli_opt opts[] = {CLI_END};

const struct cli_command cmd_read = {
    .name = "read",
    .summary = "print every counter's count",
    .about = "Prints one line per counter: its count, its event and the "
             "counter (the stub's 64-bit count where it keeps one; <not "
             "supported> for an event vboard does not model); on vboard, "
             "(vboard: exact) or (vboard: model): how it counts the event.",
    .target = CLI_TARGET,
    .opts = opts,
    .run = run_read,
};
