/*
 * pass.h - --count-events FROM:TO[:N]: the N-th pass of the program from
 * FROM to TO, seen from the interpreter's event totals (the ones the
 * performance counters sample), with no stub or probe involved.
 *
 * A pass starts when the PC reaches FROM and ends when it reaches TO, both
 * checked before the instruction there is fetched or executed, so a pass
 * holds the instructions from FROM up to but not including TO: what a
 * counter zeroed at a breakpoint at FROM and read at a breakpoint at TO
 * counts. While a pass runs, an arrival at FROM is ignored (one breakpoint
 * at a time, as pmuctl brackets a region); after a pass the next arrival at
 * FROM starts the next one, and with FROM = TO the arrival that ends a pass
 * starts the next. The machine calls vb_pass_at before every instruction
 * while the pass is armed and not done; it only reads the totals, so the
 * simulation (caches, timing, interrupts) runs exactly as without it.
 */
#ifndef VBOARD_PASS_H
#define VBOARD_PASS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define VB_PASS_MAX_EV 64 /* event totals a machine keeps, at most */

struct vb_pass {
    bool on, counting, done;
    uint32_t from, to;
    uint64_t want;        /* N: the pass reported (1: the first) */
    uint64_t completed;   /* passes ended so far */
    unsigned n_ev;
    uint64_t start[VB_PASS_MAX_EV]; /* totals when the pass began */
    uint64_t delta[VB_PASS_MAX_EV]; /* of pass N, once done */
};

/* Arms the tracker; n >= 1, n_ev <= VB_PASS_MAX_EV. */
void vb_pass_arm(struct vb_pass *p, uint32_t from, uint32_t to, uint64_t n,
                 unsigned n_ev);
/* pc is about to be fetched and executed; ev holds the totals of
 * everything before it. True when this arrival ended pass N (then
 * p->delta holds its counts and p->done is set). */
bool vb_pass_at(struct vb_pass *p, uint32_t pc, const uint64_t *ev);

struct pmu_catalog;
/* The event totals (indices into ev[], 0: none) the PMU model binds a
 * catalogue name to; false if vboard does not model the event. The
 * machine's own binding table answers (mips/pmu_bind.c, ppc/ppc_pmu_bind.c). */
typedef bool (*vb_event_sources)(const void *ctx, const char *name, uint8_t src[4]);
/* Pass N's "name count" lines, one per name of the catalogue (a name that
 * two rows share is printed once), the count being the sum of the pass's
 * growth of the bound totals, as a counter would add it; "name <not
 * supported>" for an event vboard does not model. */
void vb_pass_print(FILE *f, const struct pmu_catalog *cat, const struct vb_pass *p,
                   vb_event_sources sources, const void *ctx);

#endif
