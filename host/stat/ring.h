/*
 * stat/ring.h - -I timed on the target: the stub's interval clock (a
 * counter counting cycles that overflows every interval) copies the
 * counts at each interval's end and sends them as notifications while
 * the program runs (stub/core/stat/interval.c); here they become
 * intervals. The program is not halted for them.
 */
#ifndef PMUCTL_STAT_RING_H
#define PMUCTL_STAT_RING_H

#include <stdint.h>

#include "stat/stat.h"

struct stat_ring {
    struct target *t;
    const struct event_list *l;
    const struct stat_opts *o;
    struct stat_result *r;
    stat_interval_fn fn;
    void *ctx;
    uint32_t seq;                  /* the last copy's interval number */
    uint64_t prev[EVENTS_MAX];     /* its counts (at first: the base) */
    uint64_t emitted[EVENTS_MAX];  /* the intervals' sums so far */
};

/* Binds the clock (o->ring_clock's counter, o->ring_period cycles) and
 * the counts of l's events, and takes the notifications from now on.
 * *no_line: the stub cannot send while the program runs (then 0 is
 * returned and nothing is bound). */
int stat_ring_begin(struct stat_ring *g, struct target *t,
                    const struct event_list *l, const struct stat_opts *o,
                    struct stat_result *r, stat_interval_fn fn, void *ctx,
                    int *no_line);
/* The counts the intervals start from, by counter, read after the bind. */
void stat_ring_base(struct stat_ring *g, const uint64_t *base);
/* The run's end (r's totals final): the last, partial interval, and the
 * notifications no longer taken. */
void stat_ring_end(struct stat_ring *g);

#endif
