/*
 * list_events.h - `vboard --list-events --cpu NAME`: the core's catalogue
 * (target-xml/events/NAME.csv) with how vboard counts each event.
 */
#ifndef VBOARD_LIST_EVENTS_H
#define VBOARD_LIST_EVENTS_H

#include <stdbool.h>
#include <stdio.h>

#include "cpu.h"
#include "pmu.h"

bool list_events(FILE *f, enum pmu_core_id m);

#endif
