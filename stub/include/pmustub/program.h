/*
 * program.h - what a program linked with libpmustub.a may provide.
 *
 * The stub owns every MIPS exception vector. A program that has interrupt
 * sources of its own defines pmustub_program_interrupt(); the stub calls
 * it for every interrupt that is not the stub's (the counter overflow;
 * Ctrl-C: the debug UART's receive interrupt, which its controller
 * claims, or on a board without one the poll timer), in exception
 * context: Status.EXL = 1, counters frozen, on the stub's stack. It must quiet its source and return nonzero;
 * the program then resumes where it was. Returning 0 (or not defining the
 * function) makes the interrupt a stop that GDB sees as SIGINT.
 *
 * The hand-over of the counter interrupt: the program enables its own IM
 * bits and Status.IE as it likes, and leaves the counter's line
 * (IntCtl.IPPCI on the 34K, IP7 on the R10000/R12000) and PerfCtl.IE to the
 * stub, which sets them whenever the program runs (docs/pmu.md).
 *
 * Power Book E: the stub owns IVPR and every IVOR the same way, and calls
 * the same function for the asynchronous interrupts that are not its own
 * (critical input 0, external input 4 when the MPIC does not give the
 * UART's source, decrementer 10 unless the board polls Ctrl-C with it,
 * fixed-interval timer 11, watchdog 12, and performance
 * monitor 35 on a core whose PMU the stub does not publish), with MSR[EE,
 * CE, DE] = 0 and the counters frozen, from the interrupt's level
 * (critical for 0 and 12). Where the stub publishes the PMU, IVOR35 is its
 * own (the 64-bit counts, docs/pmu.md). The program sets MSR[EE]/[CE] and
 * its sources as it likes (docs/power.md).
 */
#ifndef PMUSTUB_PROGRAM_H
#define PMUSTUB_PROGRAM_H

#include <stdint.h>

/* MIPS: pending = Cause.IP7..IP0 (Cause bits 15:8) that are pending and
 * enabled. Power: pending = the interrupt's IVOR number. */
#if defined(__mips__)
/* A long call (through a register): the Malta stub runs in kseg1 and the
 * program in kseg0, out of a jal's reach (board/malta/malta.ld). */
int pmustub_program_interrupt(uint32_t pending)
    __attribute__((weak, long_call));
#else
int pmustub_program_interrupt(uint32_t pending) __attribute__((weak));
#endif

#endif
