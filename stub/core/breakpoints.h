/*
 * breakpoints.h - the table of traps the stub has put in the program
 * (breakpoints.c), with their owners: GDB (Z0) and the tracepoints
 * (trace/). A trap goes when its last owner lets go. What the packet loop
 * alone uses (bp_is_ours, bp_remove_all) is in stub_internal.h.
 */
#ifndef PMUSTUB_BREAKPOINTS_H
#define PMUSTUB_BREAKPOINTS_H

#include "stub_internal.h"

/* The owners of a trap. */
enum { BP_OWNER_GDB = 1, BP_OWNER_TRACE = 2 };

/* Puts a trap at addr for owner (BP_OWNER_*); kind: the Z0 packet's, 0
 * for the stub's own (the port's choice, target.h break_at). 0 or an
 * error code. */
unsigned bp_insert(stub_addr_t addr, unsigned owner, unsigned kind);
/* Nonzero if a trap can go at addr: one fits there (aligned to its size)
 * and it is readable (whether it is writable shows only when it goes in). */
int bp_place_ok(stub_addr_t addr);
/* Takes owner's claim away; the original goes back with the last owner. */
void bp_remove(stub_addr_t addr, unsigned owner);
/* Is there a trap of ours in memory at addr (any owner)? pmustub/stub.h */
#define bp_trap_at stub_bp_trap_at
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
