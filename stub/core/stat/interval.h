/*
 * interval.h - what the rest of the core sees of pmuctl stat's intervals
 * on the target (PMUSTUB_STAT_INTERVALS; pmustub/interval.h is the
 * port's side): its packet, the stop, a new session. Built without it,
 * every hook is a no-op.
 */
#ifndef PMUSTUB_CORE_INTERVAL_H
#define PMUSTUB_CORE_INTERVAL_H

#include "stub_internal.h"
#include "pmustub/wire.h"

#if PMUSTUB_STAT_INTERVALS
#define INTERVAL_FEATURES ";" PMUSTUB_FEATURE_INTERVAL
/* QPmustub.Interval:...; 1 if the packet was it. */
int interval_set_query(const char *pkt, struct reply *r);
/* The program stopped: what is still to send goes now, before any reply
 * (the transmit interrupt is off while the stub serves). */
void interval_flush(void);
/* A new session: no intervals; a run the last session left on is
 * remembered for interval_describe. */
void interval_session(void);
/* monitor pmu's line on pmuctl stat -I: on (counter, period, intervals so
 * far), or off (and whether the last session left a run on). */
void interval_describe(void);
#else
#define INTERVAL_FEATURES ""
#define interval_set_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define interval_flush() ((void)0)
#define interval_session() ((void)0)
#define interval_describe() ((void)0)
#endif

#endif
