/*
 * pmu_core.h - what every port does the same with its board's generated
 * core table (pmu_registry.h, from target-xml/cores.toml): splice the
 * core's PMU feature into target.xml, list the counts every stop reply
 * carries, and name an event.
 */
#ifndef PMUSTUB_ARCH_PMU_CORE_H
#define PMUSTUB_ARCH_PMU_CORE_H

#include "pmu_registry.h"
#include "pmustub/tdesc.h"

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

/* The events of counter n's catalogue, one at a time:
 *   pmu_events_start(&it, core, n);
 *   while (pmu_events_next(&it, name, &code)) ...
 * (none for a core with raw event numbers). */
#define PMU_EVENT_NAME_MAX 40
struct pmu_events {
    struct tdesc_cursor c;
    const char *head[2];
    int any;
};
void pmu_events_start(struct pmu_events *it, const struct pmu_core *core, unsigned n);
int pmu_events_next(struct pmu_events *it, char name[PMU_EVENT_NAME_MAX + 1],
                    unsigned *code);

/* "monitor pmu set|read|list" (pmustub/monitor_pmu.h) for a core of the
 * registry: the port gives its core, its counters and its register access
 * (GDB's numbers, the bytes in the stub's order: big-endian on both
 * ports, port_bind.h STUB_T_big_endian), the same path as GDB's p and P. */
struct pmu_select {
    const struct pmu_core *core;
    unsigned counters;
    int (*reg_read)(unsigned regno, uint8_t *buf);
    int (*reg_write)(unsigned regno, const uint8_t *buf);
};
/* Returns 0 (the port then prints pmu_select_read's lines: not from
 * inside set, whose frame would add to read's depth on a stub whose stack
 * is sized to the summary's path), or -1 with nothing changed. */
int pmu_select_set(const struct pmu_select *p, const char *args);
void pmu_select_read(const struct pmu_select *p);
void pmu_select_list(const struct pmu_select *p);
void pmu_select_modes(void);

#endif
