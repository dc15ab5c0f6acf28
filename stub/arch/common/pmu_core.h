/*
 * pmu_core.h - what every port does the same with its board's generated
 * core table (pmu_registry.h, from target-xml/cores.toml): splice the
 * core's PMU feature into target.xml, list the counts every stop reply
 * carries, and name an event.
 */
#ifndef PMUSTUB_ARCH_PMU_CORE_H
#define PMUSTUB_ARCH_PMU_CORE_H

#include "pmu_registry.h"

/* xml gets the arch's pieces (arch_xml, NULL-terminated, whose last piece
 * closes <target>) with core's feature for its first `counters` counters
 * put before that close, then NULL; expedite from index e on gets each
 * counter's count and 64-bit count, then -1. core NULL: no feature. */
void pmu_describe(const struct pmu_core *core, unsigned counters,
                  const char *const *arch_xml, const char **xml, int *expedite,
                  unsigned e);

/* Prints (stub_mon_puts) the catalogue's name of event code on counter n
 * and returns 0, or prints nothing and returns -1 when it has none. The
 * names are those of the core's target description (its event enums). */
int pmu_put_event_name(const struct pmu_core *core, unsigned n, unsigned code);

#endif
