/*
 * session/trace.h - the tracepoint packets (GDB manual, "Tracepoint
 * Packets"). A refusal is PMUCTL_EXIT_TARGET with t->err.
 */
#ifndef PMUCTL_SESSION_TRACE_H
#define PMUCTL_SESSION_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "rsp/ax.h"
#include "session/target.h"

int target_trace_offered(const struct target *t);
int target_trace_init(struct target *t);                  /* QTinit */
/* QTNotes user "pmuctl": the run now defined is pmuctl's (QTinit forgets it). */
int target_trace_sign(struct target *t);
/* At connect: a run that a killed pmuctl left (its QTNotes user) is
 * cleared, and stderr says so. */
int target_trace_clear_stale(struct target *t);
int target_trace_var(struct target *t, unsigned number, uint64_t initial);
/* QTDP: tracepoint number at addr, enabled, stopping the run after pass
 * hits (0: never), with an optional condition and nactions X actions. */
int target_trace_point(struct target *t, unsigned number, unsigned long addr,
                       unsigned long pass, const struct ax *cond,
                       const struct ax *const *actions, int nactions);
int target_trace_start(struct target *t);                 /* QTStart */
/* QPmustub.Bracket (stub/core/trace/trace_native.h): tracepoints from_tp and
 * to_tp add up k brackets natively into the variables n_var, armed_var
 * and, per count register regs[i], six from bases[i]; then the stub stops
 * the program at to_tp. */
int target_trace_bracket(struct target *t, unsigned from_tp, unsigned to_tp,
                         unsigned long k, unsigned n_var, unsigned armed_var,
                         const int *regs, const unsigned *bases, int ns);
int target_trace_stop(struct target *t);                  /* QTStop */
int target_trace_get(struct target *t, unsigned number, uint64_t *v); /* qTV */
int target_trace_status(struct target *t, int *running,
                        unsigned long *free_bytes);       /* qTStatus */
/* len bytes of the trace buffer from off (qTBuffer). */
int target_trace_buffer(struct target *t, unsigned long off, size_t len,
                        uint8_t *out);
/* A breakpoint that stops only when cond, evaluated by the target, is
 * not 0 (Z0 with a condition list); target_leave takes it out. */
int target_bp_cond(struct target *t, unsigned long addr, const struct ax *cond);

#endif
