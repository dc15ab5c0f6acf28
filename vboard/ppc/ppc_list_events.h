/*
 * ppc_list_events.h - vboard --list-events for the Power cores.
 */
#ifndef VBOARD_PPC_LIST_EVENTS_H
#define VBOARD_PPC_LIST_EVENTS_H

#include <stdbool.h>
#include <stdio.h>

/* false if cpu has no catalogue */
bool ppc_list_events(FILE *f, const char *cpu);

#endif
