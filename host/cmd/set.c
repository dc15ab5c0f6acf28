/*
 * cmd/set.c - "pmuctl set": events on the counters, one EVENT[:MODES] per
 * argument, every other counter off.
 */
#include "cmd/commands.h"

#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/common.h"
#include "pmu/events.h"
#include "pmu/mt.h"
#include "pmu/perfctl.h"
#include "session/counters.h"

static int run_set(const struct cli *c, struct target *t)
{
    static struct event_list l;
    char spec[2048] = "", err[512];
    unsigned def;
    int rc;

    def = perfctl_default_modes(t->pmu.lay);
    for (int i = 0; i < c->nargs; i++) {
        /* One event; its modes may hold commas ("instructions:u,marked"). */
        size_t name_len = strcspn(c->args[i], ":");
        if (strcspn(c->args[i], ",") < name_len || strchr(c->args[i], '{')) {
            pmuctl_error("set takes one EVENT[:MODES] per argument: '%s'",
                         c->args[i]);
            return PMUCTL_EXIT_USAGE;
        }
        size_t at = strlen(spec);
        snprintf(spec + at, sizeof spec - at, "%s%s", i ? "," : "", c->args[i]);
    }
    if (events_parse(&l, spec, t->pmu.cat, t->pmu.lay, def, err, sizeof err) ||
        events_assign(&l, t->pmu.n_counters, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (l.ngroups > 1) {
        pmuctl_error("these events cannot all be counted at once on the %s "
                     "(%u counters, even/odd or per-counter event tables): "
                     "measure takes turns, set cannot", t->pmu.core, t->pmu.n_counters);
        return PMUCTL_EXIT_USAGE;
    }
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        uint32_t ctl = perfctl_off(t->pmu.lay);
        const char *what = "off";
        char modes[32] = "";
        for (int i = 0; i < l.n; i++) {
            if (l.e[i].counter == (int)n) {
                ctl = events_ctl(t->pmu.lay, &l.e[i], n);
                what = l.e[i].ev.name;
                perfctl_format_modes(t->pmu.lay, l.e[i].modes, modes, sizeof modes);
            }
        }
        if ((rc = target_pmu_write(t, 1, n, ctl)))
            return cmd_fail(t, rc);
        char mt[16];
        mt_format(t->pmu.lay, ctl, mt, sizeof mt);
        printf("counter %u: %s%s%s%s%s\n", n, what, *modes ? ", modes " : "", modes,
               mt[0] ? ", " : "", mt);
    }
    return 0;
}

static const struct cli_opt opts[] = {CLI_END};

const struct cli_command cmd_set = {
    .name = "set",
    .args = "EVENT[:MODES]...",
    .min_args = 1,
    .max_args = CLI_ANY_ARGS,
    .summary = "program counters for these events",
    .about = "Programs the counters: each EVENT on a counter that can count "
             "it; counters not named are switched off. MODES: MIPS u,s,k,exl "
             "(default u,k); Power u,s (default u,s) and marked or unmarked "
             "(MSR[PMM]); with the MT ASE's filter tc=N or vpe=N count one TC "
             "or VPE.",
    .target = CLI_TARGET,
    .opts = opts,
    .run = run_set,
};
