/*
 * session/breakpoints.h - software breakpoints (Z0/z0) and hardware ones
 * (Z1/z1), remembered so that target_leave takes them out.
 */
#ifndef PMUCTL_SESSION_BREAKPOINTS_H
#define PMUCTL_SESSION_BREAKPOINTS_H

#include "session/target.h"

/* The kind a Z0/z0 at addr carries: 4, or t->bps.kind_at's. */
int target_bp_kind(const struct target *t, unsigned long addr);
/* Returns a pmuctl_exit status (0 ok) and leaves t->err set. */
int target_bp(struct target *t, unsigned long addr, int insert);
/* A hardware breakpoint (Z1: nothing is written into the program; on
 * MIPS an EJTAG instruction breakpoint). */
int target_hwbp(struct target *t, unsigned long addr, int insert);
/* Takes out the last breakpoint remembered, whichever its type. */
int target_bp_take_last(struct target *t);
/* Records a breakpoint the target took (or let go), for target_leave. */
void target_bp_note(struct target *t, unsigned long addr, int insert);

#endif
