/*
 * monitor_pmu.h - the per-architecture half of "monitor pmu".
 *
 * The core (stub/core/monitor_pmu.c) owns the command: it parses
 * "monitor pmu [set ...|read|list|freeze|unfreeze|reset|help]", prints the help and the
 * summary's frame, and keeps the "stay frozen on resume" state. A port
 * that has a performance monitor fills one struct stub_pmu_ops with what
 * only it knows (the core's name, what each counter counts, how to zero
 * the counts) and points stub_target.pmu at it.
 *
 * The same facts reach host tools as data, not as the summary's words:
 * the packet qPmustub.Pmu answers "id=HHHHHHHH;frozen=0|1" (id: the
 * port's id(), left out when it has none; frozen: the state "monitor pmu
 * freeze" sets).
 *
 * The summary reads:
 *   pmu: <describe>, <counters> counters; frozen while stopped; on resume
 *   they count|stay frozen (monitor pmu unfreeze)
 *     counter 0: <describe_counter(0)>
 *     ...
 *   <notes(), lines of their own, when the port has any>
 */
#ifndef PMUSTUB_MONITOR_PMU_H
#define PMUSTUB_MONITOR_PMU_H

#include <stdint.h>

/* The build option PMUSTUB_PMU_SUMMARY (on by default): off, "monitor
 * pmu" and "monitor pmu help" print one line that points at GDB's
 * registers of group pmu (the same facts: "print $perfctl0" names the
 * event, "print $perfcnt0" is the count) instead of the summary and the
 * help; freeze, unfreeze and reset stay (pmuctl uses the first two).
 * A port sets the summary's ops as PMUSTUB_SUMMARY_OP(f): NULL when off,
 * so that f and what only it calls are not linked. */
#ifndef PMUSTUB_PMU_SUMMARY
#define PMUSTUB_PMU_SUMMARY 1
#endif
#define PMUSTUB_SUMMARY_OP(f) (PMUSTUB_PMU_SUMMARY ? (f) : 0)

struct stub_pmu_ops {
    /* How many counters the stub drives; 0 if none (no performance
     * monitor, or one the stub does not drive): then every "monitor pmu"
     * gets absent()'s line and nothing else. */
    unsigned (*counters)(void);
    /* One line, "pmu: " and up to its '\n': why there are no counters
     * (NULL: "pmu: none"). */
    void (*absent)(void);
    /* The summary's head after "pmu: ": the core and how it was known. */
    void (*describe)(void);
    /* Counter n's line after "  counter n: ", without the '\n'. */
    void (*describe_counter)(unsigned n);
    /* Lines after the counters' (each ending in '\n'): what the port
     * does to keep itself out of the counts, warnings. NULL: none. */
    void (*notes)(void);
    /* Every count to 0 ("monitor pmu reset"). */
    void (*reset)(void);
#if PMUSTUB_PMU_SUMMARY /* not a byte of ROM in a stub without */
    /* The event commands: "monitor pmu set ARGS" (args: what follows
     * "set"; returns 0, or -1 with nothing changed), "monitor pmu read",
     * "monitor pmu list", and the mode words set takes, for the help. */
    int (*set)(const char *args);
    void (*read)(void);
    void (*list)(void);
    void (*modes)(void);
#endif
    /* The identification register the core was recognised by (MIPS PRId,
     * Power PVR), for qPmustub.Pmu: host tools find the core in their copy
     * of the registry (target-xml/cores.toml) by it. NULL: not told. */
    uint32_t (*id)(void);
};

/* Nonzero after "monitor pmu freeze" until "monitor pmu unfreeze": the
 * port keeps the counters frozen when the program resumes. */
int stub_pmu_user_frozen(void);

#endif
