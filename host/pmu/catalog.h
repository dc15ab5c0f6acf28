/*
 * pmu/catalog.h - the event catalogues generated from target-xml/events/CORE.csv
 * (pmu_catalog.h), looked up by name: which counters count an event and
 * with which EVENT code, and the nearest names for a misspelt one.
 */
#ifndef PMUCTL_CATALOG_H
#define PMUCTL_CATALOG_H

#include <stdio.h>

#include "pmu_catalog.h"

#define CATALOG_MAX_COUNTERS 32

struct pmu_event {
    const char *name;
    const char *description;
    char type;                           /* 34K P/V/T, else '-' */
    enum pmu_vboard vboard;              /* how vboard counts it */
    enum pmu_worse worse;                /* which change of its count is worse */
    unsigned counters;                   /* bit n: counter n can count it */
    unsigned char code[CATALOG_MAX_COUNTERS]; /* its EVENT code there */
};

const struct pmu_catalog *catalog_core(const char *core);
/* The core of family whose id register (PRId, PVR) reads id, by the
 * registry's mask and value; NULL if none. */
const struct pmu_catalog *catalog_core_by_id(const char *family, uint32_t id);
/* Every core's names, comma-separated, for messages. */
const char *catalog_core_names(void);
/* 0 and *ev filled if the core has an event of that name, or a generic
 * name it maps to one of its events (cycles, dcache_misses ...: the
 * registry's "generic"), or the name is a raw number ("57" or "raw57",
 * within the EVENT field); -1 if not. */
int catalog_event(const struct pmu_catalog *c, const char *name,
                  struct pmu_event *ev);
/* The catalogue's name for code on counter n, or NULL. */
const char *catalog_name_of(const struct pmu_catalog *c, unsigned counter,
                            unsigned code);
/* Up to max names nearest to name (edit distance, then common prefix);
 * returns how many. */
int catalog_suggest(const struct pmu_catalog *c, const char *name,
                    const char *out[], int max);
/* Does an event's name pass perf list's filter (a glob where it has
 * * ? or [, else a substring; NULL: every name)? */
int catalog_matches(const char *name, const char *filter);
/* Prints the catalogue's events whose names pass filter as a table: name,
 * code, the counters that count it, type, how vboard counts it, which
 * change is worse, description; then the generic names the core maps and
 * the raw numbers it takes. Nothing when no name passes; returns how many
 * names were printed. */
int catalog_print(FILE *f, const struct pmu_catalog *c, const char *filter);

#endif
