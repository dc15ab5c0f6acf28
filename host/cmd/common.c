/*
 * cmd/common.c - what several commands print alike (cmd/common.h).
 */
#include "cmd/common.h"

#include "base/error.h"
#include "pmu/catalog.h"
#include "pmu/perfctl.h"

int cmd_fail(struct target *t, int rc)
{
    pmuctl_error("%s", t->err);
    return rc;
}

const char *cmd_event_name(struct target *t, unsigned n, uint32_t ctl)
{
    const char *name = catalog_name_of(t->pmu.cat, n, perfctl_event(t->pmu.lay, ctl));
    return name ? name : "(reserved code)";
}
