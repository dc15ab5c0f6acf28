/*
 * measure/group.c - programming an event group's counters, and checking
 * that the program stopped where the measurement expects it.
 */
#include "measure/group.h"

#include <stdio.h>

#include "base/exit_status.h"
#include "pmu/perfctl.h"
#include "session/counters.h"
#include "session/stop.h"

int measure_program_group(struct target *t, const struct event_list *l, int g)
{
    unsigned used = 0;
    for (int i = 0; i < l->n; i++) {
        const struct event_req *e = &l->e[i];
        if (e->group != g)
            continue;
        unsigned c = (unsigned)e->counter;
        int rc = target_pmu_write(t, 1, c,
                                  events_ctl(t->pmu.lay, e, c));
        if (rc)
            return rc;
        used |= 1u << c;
    }
    /* Counters outside the group stop counting (their counts are not
     * read; this keeps an overflow interrupt of theirs out of the way). */
    for (unsigned c = 0; c < t->pmu.n_counters; c++) {
        int rc = (used & (1u << c)) ? 0
                                    : target_pmu_write(t, 1, c, perfctl_off(t->pmu.lay));
        if (rc)
            return rc;
    }
    return 0;
}

int measure_expect_stop(struct target *t, const struct stop *st,
                       unsigned long where, const char *what,
                       unsigned long done)
{
    if (st->kind == 'W' || st->kind == 'X') {
        snprintf(t->err, sizeof t->err, "the program ended (%s %d) after %lu "
                 "iteration%s, before reaching %s", st->kind == 'W' ? "status"
                 : "signal", st->signal, done, done == 1 ? "" : "s", what);
        return PMUCTL_EXIT_ENDED;
    }
    /* A PC garbled past the checksum of a serial line: read it again. */
    if (st->have_pc && st->pc != where && t->rsp.conn.is_serial) {
        struct stop again = *st;
        if (target_read_pc(t, &again) == 0 && again.pc == where)
            return 0;
    }
    if (!st->have_pc || st->pc != where) {
        snprintf(t->err, sizeof t->err, "the program stopped at 0x%08lx "
                 "(signal %d), not at %s (0x%08lx)", st->pc, st->signal, what,
                 where);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

int measure_counts_at(struct target *t, const struct stop *st, unsigned mask,
                      uint64_t *cnt, unsigned *wide)
{
    *wide = 0;
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        int w;
        if (!(mask & (1u << n)))
            continue;
        if (st->cnt_mask & (1u << n)) {
            cnt[n] = st->cnt[n];
            *wide |= st->wide_mask & (1u << n);
            continue;
        }
        int rc = target_pmu_count(t, n, &cnt[n], &w);
        if (rc)
            return rc;
        *wide |= (unsigned)w << n;
    }
    return 0;
}
