/*
 * quick.h - the native bracket's quick path: the two hits of pmuctl's
 * bracket (stub/core/trace/trace_native.h) served by the port straight from its
 * exception vector, without saving the whole context, freezing the
 * counters, arming the Ctrl-C interrupt and walking the core's tables at
 * each hit. A port offers it through stub_target.quick_set; one that does
 * not serves every hit through the full stop path, as before.
 *
 * The division of work:
 *   - the core decides when the quick path may run and tells the port
 *     (quick_set) each time the program resumes;
 *   - the port, at a trap at FROM, keeps the counters' values; at a trap
 *     at TO, it keeps each counter's count since FROM, and hands such
 *     brackets to the core (stub_quick_end), which does the bracket's
 *     arithmetic, the same arithmetic as the full path's. Each trap's
 *     instruction runs out of line, as for any step over a trap of ours;
 *   - before its full stop path runs, for any reason, the port hands back
 *     a FROM it kept (stub_quick_started) and stops serving quick hits.
 */
#ifndef PMUSTUB_QUICK_H
#define PMUSTUB_QUICK_H

#include <stdint.h>
#include "pmustub/target.h"

#define STUB_QUICK_COUNTERS 4

struct stub_quick {
    stub_addr_t from, to; /* the traps (the same address for one point) */
    unsigned n;           /* counters of the bracket */
    unsigned reg[STUB_QUICK_COUNTERS]; /* their register numbers, in order */
    /* Brackets to the one the program stops at, that one included (0:
     * none): the port hands that one over at once. */
    uint32_t left;
};

/* Brackets that quick hits at FROM and TO measured, in the order they
 * ended: bracket b's count of register reg[i] since its FROM is
 * counts[b * stride + at[i]] (mod 2^32: a bracket counts less than 2^32
 * of any event, as the port's overflow interrupt guarantees). Returns 0
 * when the program goes on, 1 when the last of them was the one the
 * program stops at: the port then takes its full stop path, which reports
 * the stop without counting that bracket again. */
int stub_quick_end(const uint32_t *counts, unsigned brackets, unsigned stride,
                   const uint8_t *at);
/* Before the port's full path: from_hits quick hits at FROM since the last
 * call, the last of them still open (open != 0) with the counters at
 * start[i] (register reg[i]'s value, as the register reads). */
void stub_quick_started(unsigned from_hits, int open, const uint64_t *start);
/* The port resumed the program from its full path without a stop (an
 * interrupt of its own): the quick path may serve again. */
void stub_quick_update(void);

#endif
