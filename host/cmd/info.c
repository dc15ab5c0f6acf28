/*
 * cmd/info.c - "pmuctl info": the core, its counters, what each counts and
 * how (modes, the simulator's word), the freeze state.
 */
#include "cmd/commands.h"

#include <stdio.h>
#include <string.h>

#include "cmd/common.h"
#include "pmu/mt.h"
#include "pmu/perfctl.h"
#include "session/counters.h"
#include "session/simulator.h"

static int run_info(const struct cli *c, struct target *t)
{
    int frozen = -1, rc;
    (void)c;
    if ((rc = target_frozen(t, &frozen)))
        return cmd_fail(t, rc);
    if (t->sim.name[0])
        printf("simulator: %s (its counts are simulated: exact, model, or none "
               "per event; pmuctl list)\n", t->sim.name);
    printf("core: %s, %u counters", t->pmu.core, t->pmu.n_counters);
    if (frozen >= 0)
        printf("; frozen while the program is stopped; on resume they %s",
               frozen ? "stay frozen (pmuctl unfreeze)" : "count");
    printf("\n");
    if (t->wide_reg[0] < 0)
        printf("counts are 32 bit: they wrap at 2^32 (reached through %s: "
               "nothing on the target keeps 64-bit counts)\n", t->access->name);
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        uint32_t ctl;
        uint64_t cnt;
        int wide;
        char modes[32];
        if ((rc = target_pmu_read(t, 1, n, &ctl)) ||
            (rc = target_pmu_count(t, n, &cnt, &wide)))
            return cmd_fail(t, rc);
        perfctl_format_modes(t->pmu.lay, perfctl_ctl_modes(t->pmu.lay, ctl), modes,
                             sizeof modes);
        const char *how = target_sim_counting(t, cmd_event_name(t, n, ctl));
        char mt[16], mtw[24] = "";
        mt_format(t->pmu.lay, ctl, mt, sizeof mt);
        if (mt[0])
            snprintf(mtw, sizeof mtw, ", %s only", mt);
        printf("counter %u: %s (code %u), modes %s%s%s, count %llu%s%s%s%s\n", n,
               cmd_event_name(t, n, ctl), perfctl_event(t->pmu.lay, ctl), modes, mtw,
               ctl & t->pmu.lay->ie ? ", interrupt on overflow" : "",
               (unsigned long long)cnt,
               perfctl_ctl_modes(t->pmu.lay, ctl) ? "" : " (not counting)",
               how ? " (" : "", !how ? "" : !strcmp(how, "none")
               ? "not modelled by the simulator: <not supported>" : how, how ? ")" : "");
    }
    return 0;
}

static const struct cli_opt opts[] = {CLI_END};

const struct cli_command cmd_info = {
    .name = "info",
    .summary = "core, counters, what each counts, frozen or not",
    .about = "Prints the target's core, its number of counters, what each "
             "counts and in which modes, its count, and whether the counters "
             "stay frozen when the program resumes.",
    .target = CLI_TARGET,
    .opts = opts,
    .run = run_info,
};
