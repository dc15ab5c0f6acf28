/*
 * session/counters.c - the counters through the backend that reached them
 * (t->access, session/attach.c), and what we change saved to be put back
 * by target_leave.
 */
#include "session/counters.h"

void target_no_pmu_regs(struct target *t)
{
    for (unsigned n = 0; n < TARGET_MAX_COUNTERS; n++)
        t->ctl_reg[n] = t->cnt_reg[n] = t->wide_reg[n] = -1;
}

int target_pmu_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    return t->access->read(t, ctl, n, v);
}

int target_pmu_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    return t->access->write(t, ctl, n, v);
}

int target_pmu_count(struct target *t, unsigned n, uint64_t *v, int *wide)
{
    return t->access->count(t, n, v, wide);
}

int target_frozen(struct target *t, int *frozen)
{
    return t->access->frozen(t, frozen);
}

int target_set_frozen(struct target *t, int frozen)
{
    return t->access->set_frozen(t, frozen);
}

int target_save_pmu(struct target *t)
{
    if (t->saved.valid)
        return 0;
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        int rc = target_pmu_read(t, 1, n, &t->saved.ctl[n]);
        if (!rc)
            rc = target_pmu_count(t, n, &t->saved.cnt[n], &t->saved.wide[n]);
        if (rc)
            return rc;
    }
    t->saved.valid = 1;
    return 0;
}

int target_take_pmu(struct target *t)
{
    int frozen, rc = target_save_pmu(t);
    if (!rc) /* the stub's "monitor pmu freeze" state: counting needs it off */
        rc = target_frozen(t, &frozen);
    if (!rc && frozen == 1) {
        t->saved.frozen = 1;
        rc = target_set_frozen(t, 0);
    }
    return rc;
}
