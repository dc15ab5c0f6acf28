/*
 * trace_native.h - the native bracket: pmuctl's accumulation of a
 * region's counts (how many brackets; per counter the sum, the sum of
 * squares about the first bracket, the minimum and the maximum), done in
 * C at two tracepoints instead of by agent expressions, and the stop
 * after the k-th bracket instead of a breakpoint condition
 * (docs/tracepoints.md, "The native bracket").
 *
 * QPmustub.Bracket:FROM,TO,K,N,ARMED[;REG,BASE]... (all hex) binds the
 * tracepoints numbered FROM and TO (the same for one point: one pass of
 * a loop) to it. N and ARMED are trace state variables, and each REG (a
 * count register, 4 or 8 bytes) keeps its numbers in the six variables
 * BASE .. BASE+5: start, ref, sum, sq, min, max. All must be defined
 * (QTDV) and are read back with qTV, as the agent expressions' are.
 * qSupported offers it as "qPmustub.Bracket+".
 */
#ifndef PMUSTUB_TRACE_NATIVE_H
#define PMUSTUB_TRACE_NATIVE_H

#include "trace/trace_internal.h"

#ifndef PMUSTUB_NATIVE_SLOTS
#define PMUSTUB_NATIVE_SLOTS 8 /* counters of one bracket */
#endif

/* tracepoint.native: what a hit at it does. */
enum { NATIVE_FROM = 1, NATIVE_TO = 2 };

/* The QPmustub.Bracket packet's arguments; 0 or an error code. */
unsigned trace_native_bind(const char *args, struct reply *r);
/* QTinit: no binding. */
void trace_native_clear(void);
/* A hit at a tracepoint bound with role (NATIVE_FROM | NATIVE_TO). */
void trace_native_hit(unsigned role);
/* Nonzero once, right after the hit that completed the k-th bracket: the
 * program stops there for GDB. */
int trace_native_stop(void);

#endif
