/*
 * regs_layout.h - the saved context: one 32-bit word per GDB register
 * number, so that GDB's fixed MIPS numbering (docs/hardware-facts.md,
 * "GDB's MIPS register numbers": r0-31 0-31,
 * status 32, lo 33, hi 34, badvaddr 35, cause 36, pc 37, f0-31 38-69,
 * fcsr 70, fir 71) indexes it directly. Shared by C and assembly.
 */
#ifndef PMUSTUB_MIPS_REGS_LAYOUT_H
#define PMUSTUB_MIPS_REGS_LAYOUT_H

#define CTX_STATUS 32
#define CTX_LO 33
#define CTX_HI 34
#define CTX_BADVADDR 35
#define CTX_CAUSE 36
#define CTX_PC 37
#define CTX_F0 38
#define CTX_FCSR 70
#define CTX_FIR 71
#define CTX_WORDS 72

/* The stub's stack: the build option PMUSTUB_STACK_BYTES (default 1024;
 * docs/stub.md, "Footprint", gives the depth measured). */
#ifndef STUB_STACK_BYTES
#define STUB_STACK_BYTES 1024
#endif

#endif
