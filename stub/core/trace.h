/*
 * trace.h - what the rest of the core sees of tracepoints, trace state
 * variables and target-evaluated breakpoint conditions (PMUSTUB_TRACEPOINTS,
 * docs/tracepoints.md). Built without them, every hook below is a no-op
 * the compiler removes, and the stub is the size it was.
 */
#ifndef PMUSTUB_TRACE_H
#define PMUSTUB_TRACE_H

#include "stub_internal.h"
#include "pmustub/wire.h"

#if PMUSTUB_TRACEPOINTS

/* Agent expressions (conditions, X actions, breakpoint conditions): on
 * unless the build says PMUSTUB_TRACE_AGENT=0 (stub/CMakeLists.txt). */
#ifndef PMUSTUB_TRACE_AGENT
#define PMUSTUB_TRACE_AGENT 1
#endif

/* The port's quick path for the native bracket (pmustub/quick.h): on
 * unless the build says PMUSTUB_TRACE_QUICK=0. */
#ifndef PMUSTUB_TRACE_QUICK
#define PMUSTUB_TRACE_QUICK 1
#endif

/* qSupported's features for all this. */
#if PMUSTUB_TRACE_AGENT
#define TRACE_FEATURES ";ConditionalTracepoints+;TraceStateVariables+" \
    ";ConditionalBreakpoints+;QTBuffer:size+;" PMUSTUB_FEATURE_BRACKET
#else
#define TRACE_FEATURES ";TraceStateVariables+;QTBuffer:size+;" \
    PMUSTUB_FEATURE_BRACKET
#endif

/* The program stopped; *why may be adjusted (swbreak). Returns 1 if the
 * stop was the stub's own business (a tracepoint collected, a condition
 * was false, a step over a trap ended) and the program is already prepared
 * to resume; 0 to report it to GDB. */
int trace_on_stop(struct stub_stop *why);
/* GDB resumes the program: like the port's prepare_resume, but first
 * steps over a trap of ours at the pc. */
int trace_prepare_resume(enum stub_resume how);
/* A session ends (new qSupported, detach): the run stops, "disconnected";
 * the frames stay for the next session. */
void trace_session_end(void);
/* The program ended with status code: a run under way stops. */
void trace_program_ended(int code);
/* Back to the live target from a frame GDB looked at (tfind none): before
 * anything writes to the program. */
void trace_frame_none(void);
/* What GDB's register and memory packets (g, G, p, P, m, M, X, qCRC and
 * a stop reply's registers) read and write: while GDB looks at a frame
 * (QTFrame), a view that answers from the frame and refuses writes
 * (trace_frames.c); otherwise the port's own functions. Everything else
 * in the stub works on the port's target, whatever frame GDB looks at.
 * Both views are constant tables of the four functions (the fields of
 * struct stub_target by those names). */
struct trace_access {
    int (*reg_read)(unsigned regno, uint8_t *buf);
    int (*reg_write)(unsigned regno, const uint8_t *buf);
    int (*mem_read)(stub_addr_t addr, uint8_t *buf, unsigned len);
    int (*mem_write)(stub_addr_t addr, const uint8_t *buf, unsigned len);
};
const struct trace_access *trace_view(void);
#if PMUSTUB_TRACE_QUICK
/* The program is about to resume from a stop: tells the port which
 * native bracket's hits it may serve on its own (trace_native.c). */
void trace_native_publish(void);
#else
#define trace_native_publish() ((void)0)
#endif
/* QT... and qT... packets (and QPmustub.Bracket); return 1 if the packet
 * was one of them. One table serves both kinds (trace.c). */
int trace_packet(const char *pkt, struct reply *r);
#define trace_set_query(pkt, r) trace_packet(pkt, r)
#define trace_query(pkt, r) trace_packet(pkt, r)

#if PMUSTUB_TRACE_AGENT
/* Breakpoint conditions (agent_cond.c): the ";X..." list of a Z0 after
 * its kind, replacing the breakpoint's earlier list; 0, or an error code
 * for the E reply. */
unsigned bp_cond_set(stub_addr_t addr, const char *list, const char *end);
void bp_cond_clear(stub_addr_t addr);
/* Nonzero if the breakpoint at addr has no conditions or one is true (or
 * fails to evaluate: a stop is the safe answer). */
int bp_cond_true(stub_addr_t addr);
#else
/* No conditions: a Z0 with a list is refused, as without tracepoints. */
#define bp_cond_set(addr, list, end)                                       \
    ((void)(addr), (void)(list), (void)(end), 1u)
#define bp_cond_clear(addr) ((void)(addr))
#define bp_cond_true(addr) ((void)(addr), 1)
#endif

#else

#define TRACE_FEATURES ""
#define trace_on_stop(why) ((void)(why), 0)
#define trace_prepare_resume(how) STUB_T(prepare_resume)(how)
#define trace_session_end() ((void)0)
#define trace_program_ended(code) ((void)(code))
#define trace_frame_none() ((void)0)
/* The port's target has the four functions by the same names. */
#define trace_access stub_target
#define trace_view() stub_port
#define trace_native_publish() ((void)0)
#define trace_set_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define trace_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define bp_cond_set(addr, list, end)                                       \
    ((void)(addr), (void)(list), (void)(end), 1u)
#define bp_cond_clear(addr) ((void)(addr))

#endif

#endif
