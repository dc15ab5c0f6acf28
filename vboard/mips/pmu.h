/*
 * pmu.h - performance-counter personalities: the CP0 register 25 pairs
 * (control at select 2n, count at select 2n+1), their field layout and
 * writable masks, mode filtering, and the interrupt request.
 *
 * Counters are lazy: each active counter remembers the event total it last
 * saw and adds what happened since whenever it is read or the counting mode
 * changes (pmu_sync), so the interpreter pays nothing per counter.
 */
#ifndef VBOARD_PMU_H
#define VBOARD_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include "events.h"

/* What a counter samples: the sum of up to three event totals (events.h),
 * e.g. cycles = instructions + stall cycles. EV_NONE entries add nothing. */
struct pmu_model {
    uint8_t src[3];
};

struct pmu_personality;
struct pmu_catalog;
struct pmu_catalog_event;

struct pmu_counter {
    uint32_t ctl;          /* writable bits only */
    uint32_t value;        /* value at the last sync */
    uint64_t snap;         /* source total at the last sync */
    bool active;           /* counting in the current mode */
    bool filter_ok;        /* event modelled and MT filter matches */
    struct pmu_model model;
};

#define PMU_MAX_COUNTERS 4

#define PMU_MAX_EVENTS 128 /* catalogue rows a core may have */

struct pmu {
    const struct pmu_personality *p;
    struct pmu_counter c[PMU_MAX_COUNTERS];
    /* catalogue rows already reported on stderr as not modelled */
    uint32_t told[PMU_MAX_EVENTS / 32];
};

/* Control-register bits common to all three cores (34K: seed MD00548
 * Figure 2 / Table 2; R10000 User's Manual section 14.20 Figure 14-22). */
#define PCTL_EXL (1u << 0)
#define PCTL_K   (1u << 1)
#define PCTL_S   (1u << 2)
#define PCTL_U   (1u << 3)
#define PCTL_IE  (1u << 4)
#define PCTL_EVENT_SHIFT 5
#define PCTL_M   (1u << 31)
/* 34K MT fields (seed MD00548 Table 2; Linux mipsregs.h M_PERFCTL_*). */
#define PCTL_VPEID_SHIFT 16
#define PCTL_MT_EN_SHIFT 20
#define PCTL_TCID_SHIFT  22

const struct pmu_personality *pmu_personality(const char *core);
unsigned pmu_n_counters(const struct pmu *m);
void pmu_reset(struct pmu *m, const struct pmu_personality *p);

/* The counting mode as one of PCTL_EXL/K/S/U, or 0 (ERL set or debug mode:
 * nothing counts). */
uint32_t pmu_mode_bit(uint32_t status, bool debug_mode);
/* Folds pending events into each counter and re-evaluates which counters
 * count in `mode`. Call before any change of mode and after. */
void pmu_sync(struct pmu *m, const uint64_t *ev, uint32_t mode);

uint32_t pmu_read_ctl(const struct pmu *m, unsigned n);
uint32_t pmu_read_count(const struct pmu *m, unsigned n, const uint64_t *ev);
void pmu_write_ctl(struct pmu *m, unsigned n, uint32_t v, const uint64_t *ev,
                   uint32_t mode);
void pmu_write_count(struct pmu *m, unsigned n, uint32_t v, const uint64_t *ev,
                     uint32_t mode);
/* Interrupt request: some counter has IE=1 and count bit 31 set. */
bool pmu_irq(const struct pmu *m, const uint64_t *ev);
/* Lower bound on source events before some IE counter can reach bit 31. */
uint64_t pmu_events_to_irq(const struct pmu *m, const uint64_t *ev);

/* A moment cpu_run() must not run past: when ev[src[0]] + ev[src[1]] +
 * ev[src[2]] reaches `at` (EV_NONE stays 0). */
struct ev_watch {
    uint8_t src[3];
    uint64_t at;
};
/* A watch for each counting IE counter below bit 31, due at the
 * instruction that takes it to bit 31; returns how many (at most
 * PMU_MAX_COUNTERS). They hold while no counter, control or mode changes,
 * and each such change ends cpu_run() (c->stop). */
unsigned pmu_irq_watches(const struct pmu *m, const uint64_t *ev, struct ev_watch *w);

/* Catalogue entry counted by counter n with event code, or NULL (reserved). */
const struct pmu_catalog_event *pmu_event_for(const struct pmu_personality *p,
                                              unsigned n, unsigned code);
/* The model bound to a catalogue name for this core; false if not modelled. */
bool pmu_model_for(const struct pmu_personality *p, const char *name,
                   struct pmu_model *out);
const struct pmu_catalog *pmu_catalog_of(const struct pmu_personality *p);

#endif
