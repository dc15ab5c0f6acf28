/*
 * session/sample_halt.h - sampling a MIPS32 Release 2 core by its
 * counter's overflow interrupt with no code of ours on the target,
 * through a debugger that halts the core (OpenOCD): a hardware breakpoint
 * on the exception vector the interrupt takes; each halt there is a sample
 * when Cause.PCI says the counter asked, and the program's own exception
 * otherwise (docs/record.md, "Through OpenOCD"). Each function returns a
 * pmuctl_exit status (0 ok) and leaves t->err set.
 */
#ifndef PMUCTL_SESSION_SAMPLE_HALT_H
#define PMUCTL_SESSION_SAMPLE_HALT_H

#include <stdint.h>

#include "sample/data.h"
#include "session/target.h"

struct halt_sampler {
    unsigned n;           /* the counter that samples */
    uint32_t period;
    uint32_t vector;      /* where its interrupt enters */
    unsigned line;        /* IntCtl.IPPCI: its IP line, 2..7 */
    unsigned long passed; /* the program's own exceptions let through */
};

/* Finds the vector from the program's Status, Cause, EBase and IntCtl
 * as they are now, puts the hardware breakpoint on it, then arms counter
 * n: interrupt enable on, 2^31 - period in the count. */
int halt_sample_start(struct target *t, struct halt_sampler *h, unsigned n,
                      uint32_t period);
/* The core stopped at pc. At the vector with the counter's interrupt:
 * *taken = 1, the sample in *s, the counter reloaded and the core set to
 * go on where it was interrupted. At the vector for anything else: the
 * program's handler is let run (one step past the breakpoint), *taken =
 * 0. Elsewhere: *taken = -1, nothing done. */
int halt_sample_stop(struct target *t, struct halt_sampler *h, unsigned long pc,
                     struct sample *s, int *taken);
/* The program ran a while without a halt at the vector (the core is
 * stopped now): an error if the counter's interrupt is pending but the
 * program keeps it masked, or it went elsewhere; 0 if the count has not
 * reached the top bit yet. */
int halt_sample_check(struct target *t, const struct halt_sampler *h);

#endif
