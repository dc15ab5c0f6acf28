/*
 * sample.h - sampling by the counters' overflow interrupt: the port's
 * half (stub/core/sample/ is the core's; docs/record.md).
 *
 * The host binds counters, each to a period (QPmustub.Sample, pmustub/wire.h)
 * and the core preloads it with 2^31 - period, so that its top bit, the
 * overflow condition of every core the stub drives (MIPS32 PRA MD00090
 * "Performance Counter Register": IE and count bit 31; e200z7 RM 8.4 and
 * EREF "Performance monitor interrupt": PMLCa[CE] and the PMC's MSB), comes
 * after period events. The port's overflow interrupt, which it takes
 * anyway for the 64-bit counts, asks the core first, counter by counter.
 */
#ifndef PMUSTUB_SAMPLE_H
#define PMUSTUB_SAMPLE_H

#include <stdint.h>
#include "pmustub/target.h"

/* A sample in the buffer: these words, in target order (the counter
 * that overflowed: the host's N of QPmustub.Sample, for records of
 * several events). With a stack copy bound (QPmustub.Sample's @BYTES,
 * pmuctl record --call-graph dwarf) the sample goes on with the stack
 * pointer, the bytes of the stack copied (BYTES or fewer, where the
 * program's stack ends) and BYTES of room for them: the copy. */
enum { STUB_SAMPLE_PC, STUB_SAMPLE_RA, STUB_SAMPLE_COUNTER, STUB_SAMPLE_WORDS,
       STUB_SAMPLE_SP = STUB_SAMPLE_WORDS, STUB_SAMPLE_STACK_LEN,
       STUB_SAMPLE_STACK_WORDS };

/* Counter n's top bit is set, the program interrupted at pc with return
 * address ra (MIPS $31, Power LR) and stack pointer sp (MIPS $29, Power
 * r1). 0: n is not sampling now, the port
 * folds the count as ever. Otherwise the sample is recorded (or counted
 * lost in a full buffer) and the period is returned: the port takes it
 * off the count, so that the next overflow comes period events after
 * this one, whatever the count went past the top bit by. */
uint32_t stub_sample_overflow(unsigned n, stub_addr_t pc, stub_addr_t ra,
                              stub_addr_t sp);
/* Nonzero once after the buffer filled: the port stops the program
 * (SIGTRAP, at the interrupted pc) for the host to drain it. */
int stub_sample_stop(void);

#endif
