/*
 * sample.h - what the rest of the core sees of sampling (PMUSTUB_SAMPLING,
 * docs/record.md): its packets, the hits at its FROM and TO tracepoints,
 * and a new session. Built without it, every hook is a no-op.
 */
#ifndef PMUSTUB_CORE_SAMPLE_H
#define PMUSTUB_CORE_SAMPLE_H

#include "stub_internal.h"
#include "pmustub/wire.h"

/* tracepoint.native's roles of sampling (beside the native bracket's
 * NATIVE_FROM 1 and NATIVE_TO 2, trace/trace_native.h). */
enum { SAMPLE_FROM = 4, SAMPLE_TO = 8 };

#if PMUSTUB_SAMPLING

/* qSupported's features of sampling: PMUSTUB_FEATURE_SAMPLE, and
 * PMUSTUB_FEATURE_SAMPLE_STACK=HEX, the most bytes of stack a sample
 * copies, where the buffer has room for one. */
void sample_features(struct reply *r);
/* qPmustub.Sample, QPmustub.Sample:..., QPmustub.SampleReset; return 1 if
 * the packet was one of them. */
int sample_query(const char *pkt, struct reply *r);
int sample_set_query(const char *pkt, struct reply *r);
/* A hit at a tracepoint with role SAMPLE_FROM (arm) or SAMPLE_TO (disarm). */
void sample_hit(unsigned role);
/* A new session, or QTinit: no sampling. */
void sample_clear(void);

#else

#define sample_features(r) ((void)(r))
#define sample_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define sample_set_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define sample_hit(role) ((void)(role))
#define sample_clear() ((void)0)

#endif

/* trace/sample_points.c (with tracepoints): the tracepoints numbered from and to
 * get the roles SAMPLE_FROM and SAMPLE_TO; 0, or an error code. */
#if PMUSTUB_TRACEPOINTS
unsigned sample_bind_points(uint32_t from, uint32_t to);
void sample_unbind_points(void);
#else
#define sample_bind_points(from, to) ((void)(from), (void)(to), 1u)
#define sample_unbind_points() ((void)0)
#endif

#endif
