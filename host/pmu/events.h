/*
 * pmu/events.h - the events a command asks for ("-e" lists, "set" arguments)
 * and how they share the counters: groups measured together, each event
 * on a counter that can count it (34K even/odd tables, R10000 counter
 * 0/1), groups taking turns over iterations.
 */
#ifndef PMUCTL_EVENTS_H
#define PMUCTL_EVENTS_H

#include <stddef.h>

#include "pmu/catalog.h"
#include "pmu/perfctl.h"

#define EVENTS_MAX 64
#define GROUPS_MAX 32

struct event_req {
    struct pmu_event ev;
    unsigned modes;  /* mode-enable bits */
    int modes_given; /* EVENT:MODES named them */
    unsigned mt;     /* MT filter bits of the control value (tc=N, vpe=N), 0: all */
    int group;       /* index into the group table once assigned */
    int counter;     /* counter within that group */
    int user_group;  /* {...} number from the command line, -1 if none */
    /* --modes sweep: the event's index in the list as given (its row of
     * the report) and the mode word of its column; -1, NULL otherwise. */
    int sweep_row;
    const char *sweep_mode;
};

struct event_list {
    struct event_req e[EVENTS_MAX];
    int n;
    int ngroups;
};

/* Parses "EVENT[:MODES],...,{EVENT,...},..." for core. Braces put events
 * in one group (an event may then appear in several groups: its counts
 * are reported per group). Unknown names get the nearest names in err. */
int events_parse(struct event_list *l, const char *spec,
                 const struct pmu_catalog *cat,
                 const struct pmuctl_ctl_layout *lay, unsigned default_modes,
                 char *err, size_t errlen);
/* Places every event on a counter (n_counters published by the target):
 * braced groups as given, the others packed into as few groups as fit.
 * An event no counter can count, or a braced group that cannot be placed,
 * is an error. */
int events_assign(struct event_list *l, unsigned n_counters, char *err,
                  size_t errlen);
/* --modes sweep: every event replaced by one copy per mode (modes[m],
 * named words[m]), in order, a braced group by one group per mode. An
 * event that names its own modes is refused. */
int events_sweep(struct event_list *l, const unsigned *modes,
                 const char *const *words, int nmodes, char *err,
                 size_t errlen);
/* The control value of event r on counter c: its code, modes and MT filter. */
unsigned events_ctl(const struct pmuctl_ctl_layout *lay,
                    const struct event_req *r, unsigned c);
/* "name" or "name:modes" when the modes are not the default, and
 * "[gN]" when the event is in several groups. */
void events_label(const struct event_list *l, int i,
                  const struct pmuctl_ctl_layout *lay, unsigned default_modes,
                  char *out, size_t len);

#endif
