/*
 * ppc_pmu.h - the Book E performance monitor of the e200z7 and the e500v2:
 * PMGC0, PMLCa0-3, PMLCb0-3, PMC0-3 and their read-only user copies,
 * reached by mfpmr/mtpmr (e200z7 Core Reference Manual chapter 8, decoded in
 * shared/reference/e200z7.md sections 1-2; Linux reg_fsl_emb.h; the e500
 * Core Reference Manual chapter 7 for the e500v2).
 *
 * Counters are lazy: each counting PMC remembers the event totals it last
 * saw and adds what happened since whenever it is read or the freeze state
 * changes (ppc_pmu_sync), so the interpreter pays nothing per counter.
 */
#ifndef VBOARD_PPC_PMU_H
#define VBOARD_PPC_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include "ppc_events.h"

/* PMR numbers (e200z7.md section 1, [RM8] Table 8-1; Linux reg_fsl_emb.h) */
#define PMRN_PMC0    16u
#define PMRN_PMLCA0  144u
#define PMRN_PMLCB0  272u
#define PMRN_PMGC0   400u
#define PMRN_USER_OF(n) ((n) & ~16u) /* UPMRs: the same number without bit 4 */
#define PMRN_SUPERVISOR 16u           /* PMRN[5] (IBM): a supervisor PMR */

/* PMGC0 (e200z7.md section 2) */
#define PMGC0_FAC   0x80000000u
#define PMGC0_PMIE  0x40000000u
#define PMGC0_FCECE 0x20000000u
#define PMGC0_TBSEL 0x00001800u
#define PMGC0_TBEE  0x00000100u
/* PMLCa */
#define PMLCA_FC    0x80000000u
#define PMLCA_FCS   0x40000000u
#define PMLCA_FCU   0x20000000u
#define PMLCA_FCM1  0x10000000u
#define PMLCA_FCM0  0x08000000u
#define PMLCA_CE    0x04000000u
#define PMLCA_EVENT_SHIFT 16
#define PMLCA_PMP   0x00007000u
#define PMC_OV      0x80000000u /* the overflow condition: the counter's MSB */

#define PPC_PMU_COUNTERS 4

/* What a counter samples: the sum of up to four event totals, and whether
 * FCS/FCU/FCM0/FCM1 apply (RM Table 8-10 "PR, PMM filtering"). */
struct ppc_pmu_model {
    uint8_t src[4];
    bool unfiltered;
};

struct ppc_pmu_personality {
    const char *core;          /* catalogue name */
    uint32_t event_mask;       /* EVENT field value mask (after >> 16) */
    uint32_t pmlca_wmask;
    uint32_t pmlcb_wmask[PPC_PMU_COUNTERS];
};

struct ppc_pmc {
    uint32_t value;            /* at the last sync */
    uint64_t snap;             /* source total at the last sync */
    bool counting;             /* not frozen, event modelled */
    bool bound;                /* the event selected is modelled on this PMC */
    struct ppc_pmu_model model;
};

struct ppc_pmu {
    const struct ppc_pmu_personality *p;
    uint32_t pmgc0;
    uint32_t pmlca[PPC_PMU_COUNTERS], pmlcb[PPC_PMU_COUNTERS];
    struct ppc_pmc c[PPC_PMU_COUNTERS];
    uint32_t msr;              /* PR and PMM as of the last sync */
};

enum ppc_pmr_access { PMR_OK, PMR_ILLEGAL, PMR_PRIVILEGED };

const struct ppc_pmu_personality *ppc_pmu_personality(const char *core);
void ppc_pmu_reset(struct ppc_pmu *m, const struct ppc_pmu_personality *p);

/* mfpmr/mtpmr. user: MSR[PR] = 1. Not PMR_OK: nothing changed, the caller
 * raises the program interrupt (illegal or privileged), e200z7.md sec. 1. */
enum ppc_pmr_access ppc_pmu_mfpmr(struct ppc_pmu *m, unsigned pmrn, bool user,
                                  const uint64_t *ev, uint32_t *out);
enum ppc_pmr_access ppc_pmu_mtpmr(struct ppc_pmu *m, unsigned pmrn, bool user,
                                  uint32_t v, const uint64_t *ev);

/* Folds pending events into the counters and re-evaluates the freeze
 * conditions for msr (MSR[PR], MSR[PMM]). Call before any change of those
 * bits, with the old MSR, and after, with the new one. */
void ppc_pmu_sync(struct ppc_pmu *m, const uint64_t *ev, uint32_t msr);
/* The enabled condition: a PMC with PMLCa[CE] has its MSB set. With
 * PMGC0[FCECE] it sets PMGC0[FAC] (freezes all); returns whether the
 * performance-monitor interrupt is requested (PMGC0[PMIE] as well). */
bool ppc_pmu_update(struct ppc_pmu *m, const uint64_t *ev);
/* The interrupt was taken: hardware clears PMGC0[PMIE] (e200z7.md sec. 2). */
void ppc_pmu_interrupt_taken(struct ppc_pmu *m);
/* Lower bound on source events before some CE counter's MSB sets. */
uint64_t ppc_pmu_events_to_condition(const struct ppc_pmu *m, const uint64_t *ev);

/* The model bound to catalogue event `name` of the personality's core;
 * false if vboard does not model it (ppc_pmu_bind.c). */
bool ppc_pmu_model_for(const char *core, const char *name, struct ppc_pmu_model *out);

/* A moment ppc_cpu_run() must not run past: when the sum of ev[src[]]
 * reaches `at` (PEV_NONE stays 0). */
struct ppc_watch {
    uint8_t src[4];
    uint64_t at;
};
/* A watch for each enabled PMC below its overflow condition while the
 * condition would do something (PMGC0[PMIE] or [FCECE]), due at the
 * instruction that takes it there; returns how many (at most
 * PPC_PMU_COUNTERS). A PMC frozen now is watched too: a mode change
 * within a run (rfi) may start it, and it counts at most its sources, so
 * its watch comes early, never late. */
unsigned ppc_pmu_watches(const struct ppc_pmu *m, const uint64_t *ev, struct ppc_watch *w);

#endif
