/*
 * measure/group.h - what both ways of measuring do alike: program an
 * event group, check where the program stopped.
 */
#ifndef PMUCTL_MEASURE_GROUP_H
#define PMUCTL_MEASURE_GROUP_H

#include "pmu/events.h"
#include "session/target.h"

/* Group g's events on their counters, the other counters off. */
int measure_program_group(struct target *t, const struct event_list *l, int g);
/* Is the program stopped where it must be (where)? An exit status and a
 * message naming what (e.g. "--to") if not; done: brackets so far. */
int measure_expect_stop(struct target *t, const struct stop *st,
                        unsigned long where, const char *what,
                        unsigned long done);

#endif
