/*
 * target/target.h - one debugging session with a target that has a PMU: connect
 * (finding out whether the program was running), read the description,
 * find the counters, read/write them, breakpoints, resume and wait, and
 * leave the target as it was found.
 */
#ifndef PMUCTL_TARGET_H
#define PMUCTL_TARGET_H

#include <signal.h>
#include <stdint.h>

#include "rsp/ax.h"
#include "pmu/catalog.h"
#include "pmu/perfctl.h"
#include "rsp/rsp.h"
#include "rsp/tdesc.h"

#define TARGET_MAX_COUNTERS 8
#define TARGET_MAX_BPS 8

extern volatile sig_atomic_t pmuctl_interrupted;

struct stop {
    char kind;         /* 'T'/'S' stopped, 'W' exited, 'X' killed */
    int signal;        /* or exit status */
    int have_pc;
    unsigned long pc;
    unsigned cnt_mask; /* bit n: cnt[n] came in the reply */
    unsigned wide_mask; /* bit n: cnt[n] is the stub's 64-bit count */
    uint64_t cnt[TARGET_MAX_COUNTERS];
};

struct target;

/* A way of reaching a target's PMU: the whole backend. The session
 * (target.c) knows none of them; pmu_backends.c tries each in turn. Each
 * function returns a pmuctl_exit status (0 ok) and leaves t->err set. */
struct pmu_access {
    const char *name;
    /* Is the target's PMU reached this way? 0 with t's core, catalogue,
     * layout and counters filled in; PMU_ACCESS_NOT_MINE if not (nothing
     * changed); else an exit status. */
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

struct target {
    struct rsp rsp;
    struct tdesc tdesc;
    int big_endian;
    int found_running;  /* leave it running: detach at the end */
    int want_noack;     /* --no-ack: no-ack mode over a serial line too */
    /* A simulator that said so (simulator.c): its name ("vboard") and the
     * core it simulates; "" for a board. */
    char sim_name[32];
    char sim_cpu[16];
    const struct pmu_access *pmu;
    const struct pmu_family *fam; /* the registry's family (pmuctl_fields.h) */
    char core[16];
    const struct pmu_catalog *cat;
    const struct pmuctl_ctl_layout *lay;
    unsigned n_counters;
    int pc_reg;         /* the PC's GDB number (the description's "pc") */
    /* GDB numbers of each counter's registers, -1 where the target has
     * none (OpenOCD: none at all); a stop reply's counts are found by
     * them. */
    int ctl_reg[TARGET_MAX_COUNTERS], cnt_reg[TARGET_MAX_COUNTERS];
    int wide_reg[TARGET_MAX_COUNTERS];
    uint32_t id;        /* the core's id register (PRId, PVR) */
    int first_signal;   /* of the stop reply we found the target in */
    /* qSupported offered what measure_trace.c needs: conditional
     * tracepoints, trace state variables, conditional breakpoints. */
    int trace_offered;
    /* ... and the native bracket (QPmustub.Bracket, measure_trace.c). */
    int bracket_offered;
    int trace_defined;  /* we sent tracepoints: target_leave clears them */
    /* The program was resumed and did not stop for 0x03: the stub reads
     * nothing else while it runs, so nothing more is sent to it. */
    int unstoppable;
    /* What we changed, to put back. */
    int saved;
    uint32_t saved_ctl[TARGET_MAX_COUNTERS];
    uint64_t saved_cnt[TARGET_MAX_COUNTERS];
    int saved_wide[TARGET_MAX_COUNTERS];
    int saved_frozen;   /* -1: not changed */
    unsigned long bps[TARGET_MAX_BPS];
    int nbps;
    char err[256];      /* the last failure, one line */
};

/* Each returns a pmuctl_exit status (0 ok) and leaves t->err set. */
/* target_io.c: registers by GDB number through p/P. On a serial line a
 * value read is read again until two answers agree (RSP's 8-bit checksum
 * misses some double bit errors); name is for messages. */
int target_reg_get(struct target *t, int regnum, const char *name,
                   unsigned long long *v);
int target_reg_put(struct target *t, int regnum, const char *name,
                   unsigned long long v, unsigned bytes);
int target_read_pc(struct target *t, struct stop *st);
/* Sends a monitor command; a reply that says it failed is an error. */
int target_monitor(struct target *t, const char *cmd, char *out, size_t cap);
int target_connect(struct target *t, const char *spec, int timeout_ms);
/* Sets the counters' register numbers to -1 (none), before an attach. */
void target_no_pmu_regs(struct target *t);
/* A tdesc_fetch_fn (ctx: the target): an annex of its description through
 * qXfer:features:read (on a serial line, read until two copies agree). */
int target_fetch_annex(void *ctx, const char *annex, char **text, size_t *len);
int target_pmu_read(struct target *t, int ctl, unsigned n, uint32_t *v);
int target_pmu_write(struct target *t, int ctl, unsigned n, uint32_t v);
/* Count n as wide as the target keeps it: the stub's 64-bit count where it
 * publishes one (*wide = 1), else the 32-bit register. */
int target_pmu_count(struct target *t, unsigned n, uint64_t *v, int *wide);
/* *frozen = 1 if counters stay frozen on resume, -1 if the target has no
 * such state. */
int target_frozen(struct target *t, int *frozen);
int target_set_frozen(struct target *t, int frozen);
/* Saves every control and count (once), to be put back by target_leave. */
int target_save_pmu(struct target *t);
int target_bp(struct target *t, unsigned long addr, int insert);
/* Records a breakpoint the target took (or let go), for target_leave. */
void target_bp_note(struct target *t, unsigned long addr, int insert);
/* Continues and waits for the next stop (timeout_ms < 0: forever). On
 * SIGINT it stops the program first and returns PMUCTL_EXIT_INTERRUPTED
 * with the stop in *st. */
int target_continue(struct target *t, struct stop *st, int timeout_ms);
/* The same with another resume packet ("s": one instruction). */
int target_resume(struct target *t, const char *how, struct stop *st,
                  int timeout_ms);
int target_parse_stop(struct target *t, const char *pkt, struct stop *st);
/* Removes our breakpoints, restores what target_save_pmu saved and the
 * freeze state, then detaches (program found running) or just closes. */
void target_leave(struct target *t);
/* simulator.c: does the target say it is a simulator? Over the stub's
 * line, vboard answers qPmustub.Simulator itself; through OpenOCD, the
 * TAP's IDCODE tells (target_openocd_simulator, asked by that backend).
 * Fills t->sim_name. */
int target_ask_simulator(struct target *t);
int target_openocd_simulator(struct target *t);
/* How the simulator counts event name: "exact", "model" or "none" (the
 * catalogue's vboard column); NULL on a board. */
const char *target_sim_counting(const struct target *t, const char *name);
/* "counts from ..." for reports: the simulator's name and its words, or
 * the target's counters; label (--label) added when given. */
void target_counts_from(const struct target *t, const char *label, char *out,
                        size_t len);
/* target_trace.c: the tracepoint packets (GDB manual, "Tracepoint
 * Packets"). A refusal is PMUCTL_EXIT_TARGET with t->err. */
int target_trace_offered(const struct target *t);
int target_trace_init(struct target *t);                  /* QTinit */
/* QTNotes user "pmuctl": the run now defined is pmuctl's (QTinit forgets it). */
int target_trace_sign(struct target *t);
/* At connect: a run that a killed pmuctl left (its QTNotes user) is
 * cleared, and stderr says so. */
int target_trace_clear_stale(struct target *t);
int target_trace_var(struct target *t, unsigned number, uint64_t initial);
/* QTDP: tracepoint number at addr, enabled, stopping the run after pass
 * hits (0: never), with an optional condition and nactions X actions. */
int target_trace_point(struct target *t, unsigned number, unsigned long addr,
                       unsigned long pass, const struct ax *cond,
                       const struct ax *const *actions, int nactions);
int target_trace_start(struct target *t);                 /* QTStart */
/* QPmustub.Bracket (stub/core/trace_native.h): tracepoints from_tp and
 * to_tp add up k brackets natively into the variables n_var, armed_var
 * and, per count register regs[i], six from bases[i]; then the stub stops
 * the program at to_tp. */
int target_trace_bracket(struct target *t, unsigned from_tp, unsigned to_tp,
                         unsigned long k, unsigned n_var, unsigned armed_var,
                         const int *regs, const unsigned *bases, int ns);
int target_trace_stop(struct target *t);                  /* QTStop */
int target_trace_get(struct target *t, unsigned number, uint64_t *v); /* qTV */
int target_trace_status(struct target *t, int *running,
                        unsigned long *free_bytes);       /* qTStatus */
/* len bytes of the trace buffer from off (qTBuffer). */
int target_trace_buffer(struct target *t, unsigned long off, size_t len,
                        uint8_t *out);
/* A breakpoint that stops only when cond, evaluated by the target, is
 * not 0 (Z0 with a condition list); target_leave takes it out. */
int target_bp_cond(struct target *t, unsigned long addr, const struct ax *cond);

/* Maps an rsp status to an exit status and a message in t->err. */
int target_io_fail(struct target *t, int rsp_status, const char *doing);

#endif
