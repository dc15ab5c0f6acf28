/*
 * session/pmu_access.h - a way of reaching a target's PMU: the whole
 * backend (session/pmu_stub.c, session/pmu_openocd.c). The session knows
 * none of them; session/attach.c tries each in turn. Each function returns
 * a pmuctl_exit status (0 ok) and leaves t->err set.
 */
#ifndef PMUCTL_SESSION_PMU_ACCESS_H
#define PMUCTL_SESSION_PMU_ACCESS_H

#include <stdint.h>

struct target;

struct pmu_access {
    const char *name;
    /* 1: the counters are reached by halting the core (a debugger's
     * register access), so nothing on the target runs code at a counter's
     * overflow: record samples by halting the core at the counter
     * interrupt's vector instead (session/sample_halt.c: MIPS32 CP0
     * through OpenOCD). */
    int halt_sampling;
    /* Is the target's PMU reached this way? 0 with t->pmu (core,
     * catalogue, layout, counters) and the counters' register numbers
     * filled in; PMU_ACCESS_NOT_MINE if not (nothing changed); else an
     * exit status. */
    int (*attach)(struct target *t);
    /* Counter n's control (ctl) or its 32-bit count. */
    int (*read)(struct target *t, int ctl, unsigned n, uint32_t *v);
    int (*write)(struct target *t, int ctl, unsigned n, uint32_t v);
    /* Count n as wide as the target keeps it (*wide = 1: a 64-bit count
     * kept by the stub), and its write back. */
    int (*count)(struct target *t, unsigned n, uint64_t *v, int *wide);
    int (*put_count)(struct target *t, unsigned n, uint64_t v, int wide);
    /* Do the counters stay frozen when the program resumes? *frozen = -1
     * where the target has no such state. */
    int (*frozen)(struct target *t, int *frozen);
    int (*set_frozen)(struct target *t, int frozen);
    /* Before a detach from a program found running (may be NULL). */
    void (*leave)(struct target *t);
};
#define PMU_ACCESS_NOT_MINE (-1)

#endif
