/*
 * ctx_layout.h - the saved context of the Power port, shared by C and
 * assembly: one 32-bit word per slot. GPRs first, so that GDB's numbers
 * r0-r31 = 0-31 index it directly; pc..xer (GDB 64-69) follow at 32-37.
 */
#ifndef PMUSTUB_PPC_CTX_LAYOUT_H
#define PMUSTUB_PPC_CTX_LAYOUT_H

#define CTX_PC 32
#define CTX_MSR 33
#define CTX_CR 34
#define CTX_LR 35
#define CTX_CTR 36
#define CTX_XER 37
/* The program's own SRR0/SRR1: an interrupt of another level leaves them
 * alone, and the stub's own faults (probes) must not change them. */
#define CTX_SRR0 38
#define CTX_SRR1 39
#define CTX_VECTOR 40 /* IVOR number of the interrupt that entered */
#define CTX_LEVEL 41  /* PPC_LEVEL_*: which save/restore pair it used */
/* The program's PMGC0: saved by the vector, written back by the return
 * path as its last act (vectors.S, pmu.c). */
#define CTX_PMGC0 42
#define CTX_WORDS 43

/* Interrupt levels: each has its save/restore registers and its return
 * instruction (Power ISA Book E "Interrupt Classes"; e200z7 RM 3.10). */
#define PPC_LEVEL_BASE 0  /* SRR0/1, rfi */
#define PPC_LEVEL_CRIT 1  /* CSRR0/1, rfci */
#define PPC_LEVEL_DEBUG 2 /* DSRR0/1, rfdi (debug APU on) */
#define PPC_LEVEL_MCHK 3  /* MCSRR0/1, rfmci */

/* Deepest path, from -fstack-usage (GCC 12, -Os): the entry's frame 16,
 * ppc_trap 48, stub_stopped 32, stub_serve 64, h_query 64, h_rcmd 144,
 * mon_pmu 16, stub_mon_putx 32, stub_mon_puts 16, reply_hex_bytes 16:
 * 448 bytes, measured when h_rcmd had a line buffer of 97 bytes (it
 * decodes its command in place now). */
#ifndef STUB_STACK_BYTES /* the build option PMUSTUB_STACK_BYTES */
#define STUB_STACK_BYTES 1024
#endif

#endif
