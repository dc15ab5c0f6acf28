/*
 * measure/group.h - what both ways of measuring do alike: program an
 * event group, check where the program stopped.
 */
#ifndef PMUCTL_MEASURE_GROUP_H
#define PMUCTL_MEASURE_GROUP_H

#include <stdint.h>

#include "pmu/events.h"
#include "session/target.h"

/* Group g's events on their counters, the other counters off. */
int measure_program_group(struct target *t, const struct event_list *l, int g);
/* Is the program stopped where it must be (where)? An exit status and a
 * message naming what (e.g. "--to") if not; done: brackets so far. */
int measure_expect_stop(struct target *t, const struct stop *st,
                        unsigned long where, const char *what,
                        unsigned long done);

/* Counts at stop st of the counters in mask (bit n: counter n): from the
 * stop reply where it carries them, else read; *wide: bit n set where
 * cnt[n] is the stub's 64-bit count. */
int measure_counts_at(struct target *t, const struct stop *st, unsigned mask,
                      uint64_t *cnt, unsigned *wide);

/* Events between two counts: 64-bit counts subtract as they are; 32-bit
 * ones modulo 2^32 (fewer than 2^32 events must have passed). */
static inline uint64_t measure_count_diff(uint64_t start, uint64_t end, int wide)
{
    return wide ? end - start : (uint32_t)(end - start);
}

#endif
