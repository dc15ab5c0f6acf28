/*
 * stat/stat.h - "pmuctl stat": the program counted from where it is to
 * its end (or Ctrl-C, or --duration), event groups taking turns, and -I's
 * interval counts, each read while the program is halted (docs/pmuctl.md,
 * "stat").
 *
 * Where the stub offers it, -I is timed on the target instead (stat/ring.c):
 * the program is not halted for the intervals, only at its end.
 *
 * Why halting is exact: the stub freezes the counters on entry and
 * unfreezes them as its last act on resume (docs/pmu.md), OpenOCD's debug
 * mode counts nothing (MIPS PerfCtl.EXL/ERL clear; Power MSR[PMM] and the
 * debug halt), so a halt to read the counts adds none of its own. It does
 * cost the program time: the output says how many halts there were.
 */
#ifndef PMUCTL_STAT_H
#define PMUCTL_STAT_H

#include <stdint.h>

#include "pmu/events.h"
#include "session/target.h"

struct stat_opts {
    int interval_ms;    /* -I: host milliseconds between reads; 0: none */
    int duration_ms;    /* --duration; 0: to the end */
    /* A multiplexed group's turn, host milliseconds (groups > 1). */
    int slice_ms;
    /* Where the program's end begins (pmustub_exit, from --elf): a
     * breakpoint there ends the count before the stub's exit path runs;
     * 0: the count ends where pmustub_exit freezes the counters. */
    unsigned long exit_addr;
    int run_timeout_ms; /* a stop reply after 0x03 */
    /* -I timed on the target (stat/ring.c) where the stub offers it: the
     * clock's period in cycles (interval_ms at the core's clock) and the
     * index in the list of the cycles event that is the clock; 0: halts. */
    unsigned long ring_period;
    int ring_clock;
    /* The clock the period was computed at, MHz, and where it came from:
     * NULL for --mhz, else what pmuctl assumed it from (said in the
     * output, since the user's core may run at another). */
    double ring_mhz;
    const char *ring_mhz_assumed;
    const char *halts_because; /* ring_period 0 with -I: why (for the output) */
};

/* How the run ended. */
enum stat_end {
    STAT_EXITED,        /* the program ended: exit status in end_code */
    STAT_KILLED,        /* ended by signal end_code */
    STAT_STOPPED,       /* it stopped on its own (a trap): signal, pc */
    STAT_DURATION,      /* --duration passed */
    STAT_INTERRUPTED,   /* Ctrl-C */
};

struct stat_result {
    int n;                         /* events, as the list */
    uint64_t count[EVENTS_MAX];    /* while its group counted */
    double running_s[EVENTS_MAX];  /* host seconds its group counted */
    double enabled_s;              /* host seconds the program ran */
    unsigned long halts;           /* our halts to read or switch groups */
    int on_target;                 /* -I timed on the target, not by halts */
    double ring_mhz;               /* ... at this clock (stat_opts) */
    const char *ring_mhz_assumed;  /* ... NULL: given by --mhz */
    unsigned long ring_records;    /* its records that reached us */
    unsigned long ring_merged;     /* intervals merged into a later record */
    const char *why_halts;         /* -I by halts: why not on the target */
    double halted_s;               /* host seconds the program was halted by them */
    enum stat_end end;
    int end_code;
    unsigned long end_pc;
};

/* One -I interval: the program's host time at its end (seconds since the
 * start), and each event's count in the interval (only where counted[i]:
 * a multiplexed event counts in some intervals only). */
struct stat_interval {
    double t_s;
    double enabled_s;              /* host seconds the program ran in it */
    uint64_t delta[EVENTS_MAX];
    double running_s[EVENTS_MAX];
    int counted[EVENTS_MAX];
};

typedef void (*stat_interval_fn)(void *ctx, const struct stat_interval *iv);

/* Runs the program (stopped now) and counts l's events until it ends;
 * each interval's counts go to fn. Returns 0, PMUCTL_EXIT_INTERRUPTED
 * after Ctrl-C (r filled in), or another exit status with t->err set.
 * The caller calls target_leave. */
int stat_run(struct target *t, const struct event_list *l,
             const struct stat_opts *o, struct stat_result *r,
             stat_interval_fn fn, void *ctx);

#endif
