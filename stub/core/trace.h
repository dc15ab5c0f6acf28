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

/* The breakpoint table's owners of a trap (breakpoints.c). */
enum { BP_OWNER_GDB = 1, BP_OWNER_TRACE = 2 };

#if PMUSTUB_TRACEPOINTS

/* qSupported's features for all this. */
#define TRACE_FEATURES ";ConditionalTracepoints+;TraceStateVariables+" \
    ";ConditionalBreakpoints+;QTBuffer:size+;" PMUSTUB_FEATURE_BRACKET

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
/* The port's own target, also while a frame's view stands in for it
 * (trace_frames.c): traps go in and out of the program's memory whatever
 * frame GDB looks at. */
const struct stub_target *trace_live_target(void);
/* The program is about to resume from a stop: tells the port which
 * native bracket's hits it may serve on its own (trace_native.c). */
void trace_native_publish(void);
/* QT... and qT... packets; return 1 if the packet was one of them. */
int trace_set_query(const char *pkt, struct reply *r);
int trace_query(const char *pkt, struct reply *r);

/* Breakpoint conditions (agent_cond.c): the ";X..." list of a Z0 after
 * its kind, replacing the breakpoint's earlier list; 0, or an error code
 * for the E reply. */
unsigned bp_cond_set(stub_addr_t addr, const char *list, const char *end);
void bp_cond_clear(stub_addr_t addr);
/* Nonzero if the breakpoint at addr has no conditions or one is true (or
 * fails to evaluate: a stop is the safe answer). */
int bp_cond_true(stub_addr_t addr);

#else

#define TRACE_FEATURES ""
#define trace_on_stop(why) ((void)(why), 0)
#define trace_prepare_resume(how) stub_t->prepare_resume(how)
#define trace_session_end() ((void)0)
#define trace_program_ended(code) ((void)(code))
#define trace_frame_none() ((void)0)
#define trace_live_target() stub_t
#define trace_native_publish() ((void)0)
#define trace_set_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define trace_query(pkt, r) ((void)(pkt), (void)(r), 0)
#define bp_cond_set(addr, list, end)                                       \
    ((void)(addr), (void)(list), (void)(end), 1u)
#define bp_cond_clear(addr) ((void)(addr))

#endif

/* ---- breakpoints.c: traps with owners ---- */
/* Puts a trap at addr for owner (BP_OWNER_*); 0 or an error code. */
unsigned bp_insert(stub_addr_t addr, unsigned owner);
/* Nonzero if a trap can go at addr: aligned to the trap's size and
 * readable (whether it is writable shows only when it goes in). */
int bp_place_ok(stub_addr_t addr);
/* Takes owner's claim away; the original goes back with the last owner. */
void bp_remove(stub_addr_t addr, unsigned owner);
/* Is there a trap of ours in memory at addr (any owner)? */
int bp_trap_at(stub_addr_t addr);
/* Both at once, with one look in the table: BP_STATE_TRAP if bp_trap_at,
 * BP_STATE_GDB if GDB owns a breakpoint there (bp_is_ours). */
enum { BP_STATE_TRAP = 1, BP_STATE_GDB = 2 };
unsigned bp_state(stub_addr_t addr);
/* Writes the original back but keeps the entry (a step over it), and puts
 * the trap back. */
void bp_lift(stub_addr_t addr);
void bp_lay(stub_addr_t addr);
/* Is the trap at addr lifted? */
int bp_lifted(stub_addr_t addr);

#endif
