/*
 * session/target.h - one debugging session with a target that has a PMU:
 * its state. What is done with it is in the other files of session/:
 * connect.c (finding out whether the program was running, the
 * description), attach.c (the backend that reaches the counters:
 * pmu_stub.c, pmu_openocd.c), counters.c, breakpoints.c, trace.c
 * (tracepoints), resume.c and stop.c (run and wait), simulator.c,
 * leave.c (the target left as it was found); io.c under them all.
 */
#ifndef PMUCTL_TARGET_H
#define PMUCTL_TARGET_H

#include <stdint.h>

#include "pmu/identity.h"
#include "rsp/rsp.h"
#include "rsp/tdesc.h"
#include "session/pmu_access.h"

#define TARGET_MAX_COUNTERS 8
#define TARGET_MAX_BPS 8

struct stop {
    char kind;         /* 'T'/'S' stopped, 'W' exited, 'X' killed */
    int signal;        /* or exit status */
    int have_pc;
    unsigned long pc;
    unsigned cnt_mask; /* bit n: cnt[n] came in the reply */
    unsigned wide_mask; /* bit n: cnt[n] is the stub's 64-bit count */
    uint64_t cnt[TARGET_MAX_COUNTERS];
    int entered;       /* the stub stopped a running program for our first
                          packet (PMUSTUB_STOP_ENTERED) */
};

/* The parts of a session, each kept by the files that change it. */

/* The simulator the target said it is (session/simulator.c): its name
 * ("vboard") and the core it simulates; "" for a board. */
struct target_sim {
    char name[32];
    char cpu[16];
};

/* Tracepoints (session/trace.c): qSupported offered what
 * measure/tracepoints.c needs (conditional tracepoints, trace state
 * variables, conditional breakpoints) and the native bracket
 * (QPmustub.Bracket); defined: we sent tracepoints, target_leave clears
 * them. */
struct target_trace {
    int offered;
    int bracket_offered;
    int defined;
};

/* Sampling by the counters' overflow (session/sample.c): qSupported
 * offered it (qPmustub.Sample2+), or offered an older stub's form
 * (old_format: qPmustub.Sample+, whose samples pmuctl cannot read);
 * bound: a counter samples, target_leave turns it off. */
struct target_sampling {
    int offered;
    int old_format;
    int bound;
    /* qPmustub.SampleStack=HEX: the most bytes of stack a sample copies
     * (0: the stub copies none). */
    unsigned long stack_max;
    /* pmuctl stat's intervals on the target (session/interval.c): offered
     * (qPmustub.Interval+), bound. */
    int interval_offered;
    int interval_bound;
};

/* The breakpoints the target took from us (session/breakpoints.c), for
 * target_leave. */
struct target_bps {
    unsigned long addr[TARGET_MAX_BPS];
    unsigned char hw[TARGET_MAX_BPS]; /* 1: a Z1 (hardware) breakpoint */
    int n;
    /* The Z0 kind at an address (the program's ELF knows: VLE code has
     * 2- and 4-byte instructions), 0 for the default 4; NULL: always 4. */
    int (*kind_at)(const void *ctx, unsigned long addr);
    const void *kind_ctx;
};

/* What we changed in the PMU, to put back (session/counters.c saves it,
 * session/leave.c restores it). */
struct target_saved {
    int valid;          /* ctl, cnt and wide hold every counter's */
    uint32_t ctl[TARGET_MAX_COUNTERS];
    uint64_t cnt[TARGET_MAX_COUNTERS];
    int wide[TARGET_MAX_COUNTERS];
    int frozen;         /* -1: not changed */
};

/* Program memory we wrote (measure --sweep), its bytes as found
 * (session/memory.c), for target_leave. */
#define TARGET_MAX_SAVED_MEM 8
struct target_mem_saved {
    unsigned long addr[TARGET_MAX_SAVED_MEM];
    uint8_t bytes[TARGET_MAX_SAVED_MEM][8];
    unsigned len[TARGET_MAX_SAVED_MEM];
    int n;
};

struct target {
    struct rsp rsp;
    struct tdesc tdesc;
    int big_endian;
    int found_running;  /* leave it running: detach at the end */
    int want_noack;     /* --no-ack: no-ack mode over a serial line too */
    int first_signal;   /* of the stop reply we found the target in */
    int tdesc_cached;   /* the description came from the cache, not the line */
    /* The program was resumed and did not stop for 0x03: the stub reads
     * nothing else while it runs, so nothing more is sent to it. */
    int unstoppable;
    int pc_reg;         /* the PC's GDB number (the description's "pc") */
    /* GDB numbers of each counter's registers, -1 where the target has
     * none (OpenOCD: none at all); a stop reply's counts are found by
     * them. */
    int ctl_reg[TARGET_MAX_COUNTERS], cnt_reg[TARGET_MAX_COUNTERS];
    int wide_reg[TARGET_MAX_COUNTERS];
    const struct pmu_access *access; /* how the PMU is reached */
    struct pmu_identity pmu;         /* the PMU found */
    struct target_sim sim;
    struct target_trace trace;
    struct target_sampling sampling;
    struct target_bps bps;
    struct target_saved saved;
    struct target_mem_saved saved_mem;
    char err[512];      /* the last failure, one line */
};

#endif
