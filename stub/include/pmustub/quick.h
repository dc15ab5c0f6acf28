/*
 * quick.h - the native bracket's quick path: the two hits of pmuctl's
 * bracket (stub/core/trace_native.h) served by the port straight from its
 * exception vector, without saving the whole context, freezing the
 * counters, arming the Ctrl-C interrupt and walking the core's tables at
 * each hit. A port offers it through stub_target.quick_set; one that does
 * not serves every hit through the full stop path, as before.
 *
 * The division of work:
 *   - the core decides when the quick path may run and tells the port
 *     (quick_set) each time the program resumes;
 *   - the port, at a trap at FROM, keeps the counters' values; at a trap
 *     at TO, it hands the core each counter's count since FROM
 *     (stub_quick_end), which does the bracket's arithmetic, the same
 *     arithmetic as the full path's. Each trap's instruction runs out of
 *     line, as for any step over a trap of ours;
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
};

/* A quick hit at TO ended a bracket that a quick FROM started: counts[i]
 * is register reg[i]'s count since then. Returns 0 when the program goes
 * on, 1 when that bracket was the last one asked for: the port then takes
 * its full stop path, which reports the stop without counting the bracket
 * again. */
int stub_quick_end(const uint64_t *counts);
/* Before the port's full path: from_hits quick hits at FROM since the last
 * call, the last of them still open (open != 0) with the counters at
 * start[i] (register reg[i]'s value, as the register reads). */
void stub_quick_started(unsigned from_hits, int open, const uint64_t *start);
/* The port resumed the program from its full path without a stop (an
 * interrupt of its own): the quick path may serve again. */
void stub_quick_update(void);

#endif
