/*
 * session/attach.c - which backend reaches the target's PMU: the stub's
 * registers where the description has a PMU feature pmuctl knows, else
 * OpenOCD's CP0 access where the gdb server is OpenOCD.
 */
#include "session/attach.h"

#include <stdio.h>

#include "base/exit_status.h"
#include "session/counters.h"

static const struct pmu_access *const backends[] = {
    &pmu_stub_access,
    &pmu_openocd_access,
};

/* The first backend that claims the target's PMU; PMU_ACCESS_NOT_MINE
 * when none does. */
static int attach_first(struct target *t)
{
    for (size_t i = 0; i < sizeof backends / sizeof *backends; i++) {
        target_no_pmu_regs(t);
        int rc = backends[i]->attach(t);
        if (rc == 0) {
            t->access = backends[i];
            return 0;
        }
        if (rc != PMU_ACCESS_NOT_MINE)
            return rc;
    }
    target_no_pmu_regs(t);
    return PMU_ACCESS_NOT_MINE;
}

int pmu_attach_if_any(struct target *t)
{
    int rc = attach_first(t);
    return rc == PMU_ACCESS_NOT_MINE ? 0 : rc;
}

int pmu_attach(struct target *t)
{
    int rc = attach_first(t);
    if (rc != PMU_ACCESS_NOT_MINE)
        return rc;
    snprintf(t->err, sizeof t->err,
             "this target publishes no performance counters (no PMU feature "
             "pmuctl knows in its description): %s",
             t->tdesc.nregs ? "its core has none, or its debugger does not "
                              "show them" : "it has no registers at all");
    return PMUCTL_EXIT_TARGET;
}
