/*
 * stub.h - what a port calls into the portable core.
 */
#ifndef PMUSTUB_STUB_H
#define PMUSTUB_STUB_H

#include "pmustub/target.h"

/* Why the program stopped, as the port saw it. */
/* The flags are bytes: the core copies the struct, which at 8 bytes is
 * two words and no call to memcpy (the stub has no libc). */
struct stub_stop {
    int signal;   /* GDB signal number: 5 SIGTRAP, 4 SIGILL, 10 SIGBUS ... */
    unsigned char swbreak; /* nonzero if a trap instruction stopped it; the
                              core checks it against its own breakpoints
                              before saying swbreak: */
    unsigned char interrupted; /* nonzero if GDB's interrupt byte (0x03)
                                  stopped it: its sender waits for the stop
                                  reply even when no GDB resumed the
                                  program (after a detach) */
    unsigned char packet; /* nonzero if a packet's '$' stopped it: a client
                             that connected while the program ran; the core
                             reads the packet (its '$' was taken from the
                             line) and answers it */
};

/* GDB signal numbers (gdb/signals.def), the ones the core and ports use. */
enum {
    STUB_SIGINT = 2, STUB_SIGILL = 4, STUB_SIGTRAP = 5, STUB_SIGFPE = 8,
    STUB_SIGKILL = 9, STUB_SIGBUS = 10, STUB_SIGSEGV = 11, STUB_SIGSYS = 12,
};

/* Once per boot, before the first stop. After a vRun's board reset it
 * finds vRun's marker in t->keep (stub.c). */
void stub_init(const struct stub_target *t);

/* The program stopped: talk to GDB until it says to resume (returns, with
 * the port's resume already prepared) . */
void stub_stopped(const struct stub_stop *why);

/* The program ended with this code: report it, then serve GDB for as long
 * as input lasts (forever on a real line). */
void stub_exited(int code);

/* The instruction bytes at addr as the program has them: the original
 * under a trap of ours, else memory's. Returns 0, or STUB_MEM_FAULT. */
int stub_bp_original(stub_addr_t addr, uint8_t *buf, unsigned len);

/* Is a trap of ours in memory at addr (one of GDB's breakpoints or a
 * tracepoint, not lifted for a step over it)? For a port whose trap is
 * an instruction the program may hold too (an illegal one). Built with
 * tracepoints, which ask it at each hit, and where traps differ in size
 * (PMUSTUB_VARIABLE_TRAPS, stub/sources.cmake: Power's VLE traps are such
 * illegal instructions); MIPS builds without tracepoints leave it out. */
int stub_bp_trap_at(stub_addr_t addr);

/* Host tests only: process packets until one resumes the program; returns
 * 1 if resumed, 0 if the input ended. */
int stub_serve(void);

#endif
