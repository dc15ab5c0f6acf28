/*
 * machine.h - the one interface between vboard's main loop (options,
 * sockets, pacing, --max-insns, --stats) and a machine of one instruction
 * set, in the manner of TinyEMU's VirtMachineClass and Spike's sim: main.c
 * picks a machine class by --cpu (vb_machine_for_cpu) and never reads CPU
 * internals. A CPU reaches memory and devices only through its machine's
 * struct vb_bus, never through the board's types.
 *
 * Machines: mips/ (Malta-compatible, cpus 34k r10k r12k ...), ppc/
 * (ppce500-compatible Book E, cpus e200z7 e500v2; the MPC5674F chip,
 * --machine mpc5674f, cpu e200z7).
 */
#ifndef VBOARD_MACHINE_H
#define VBOARD_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct uart; /* common/uart.h: the 16550 that serial.c connects to the host */
struct rbb;  /* a remote_bitbang server for the machine's debug probe port */
struct vb_profile; /* common/profile.h: --profile's table */
struct vb_idle_loop; /* common/idle.h: an iteration of an idle loop */

/* The physical bus a CPU sees: RAM fast paths stay inside the CPU's own
 * memory code; everything else goes through here. pa is a physical address
 * (36 bits on Power Book E). false: nothing answers (a bus error). */
struct vb_bus {
    void *ctx;
    bool (*read)(void *ctx, uint64_t pa, unsigned size, uint32_t *v);
    bool (*write)(void *ctx, uint64_t pa, unsigned size, uint32_t v);
};

struct vb_machine_config {
    const char *cpu;    /* a --cpu key the class lists */
    const char *kernel; /* ELF loaded as QEMU's -kernel loads it */
    uint32_t ram_mib;
};

/* Why run() returned. */
enum vb_run_stop {
    VB_RUN_SLICE,   /* ran the instructions asked for, or stopped early for an event */
    VB_RUN_IDLE,    /* waiting for an interrupt (wait/doze): poll the host slowly */
    VB_RUN_STALLED, /* waiting on the debug probe (EJTAG processor access) */
    VB_RUN_RESET,   /* the guest asked for a board reset: main calls boot() again
                       or, with --no-reboot, ends with status 0 as QEMU does */
};

/* --count-insns FROM:TO: instructions from the first time FROM executes
 * until TO is reached. */
enum vb_watch_state { VB_WATCH_OFF, VB_WATCH_WAITING, VB_WATCH_COUNTING, VB_WATCH_DONE };

struct vb_machine; /* one machine instance, opaque to main.c */

struct vb_machine_class {
    const char *name;        /* e.g. "Malta-compatible MIPS32" (for --help) */
    /* A chip picked by --machine NAME (then --cpu is one of cpus,
     * default_cpu by default); NULL: a board picked by --cpu alone. */
    const char *machine;
    const char *const *cpus; /* the --cpu keys it accepts, NULL-terminated */
    /* The --cpu it runs when none is given: its board's default_core in
     * target-xml/cores.toml. */
    const char *default_cpu;
    /* NULL with a one-line message in err on failure. */
    struct vb_machine *(*create)(const struct vb_machine_config *cfg, char *err,
                                 size_t errlen);
    void (*destroy)(struct vb_machine *m);
    /* (Re)loads the kernel and puts the CPU in the state QEMU's -kernel
     * loader leaves; called at start and after VB_RUN_RESET. */
    bool (*boot)(struct vb_machine *m, char *err, size_t errlen);
    /* Runs at most n instructions, then delivers the timer and counter
     * interrupts that are due. */
    enum vb_run_stop (*run)(struct vb_machine *m, uint64_t n);
    /* How many instructions may run before the next timed event needs the
     * loop (0: none pending). */
    uint64_t (*quiet_budget)(struct vb_machine *m);
    /* Instructions completed plus those abandoned by an exception, so that a
     * loop of faults still reaches --max-insns. */
    uint64_t (*progress)(const struct vb_machine *m);
    uint64_t (*pc)(const struct vb_machine *m);
    struct uart *(*console)(struct vb_machine *m);
    /* Simulated instructions and cycles (timing model), for --stats. */
    void (*totals)(const struct vb_machine *m, uint64_t *insns, uint64_t *cycles);
    void (*watch)(struct vb_machine *m, uint64_t from, uint64_t to);
    enum vb_watch_state (*watch_result)(const struct vb_machine *m, uint64_t *count);
    /* --profile: counts every instruction address into p from now on. */
    void (*profile)(struct vb_machine *m, struct vb_profile *p);
    /* --count-events FROM:TO:N (common/pass.h): arms the pass tracker. */
    void (*count_events)(struct vb_machine *m, uint64_t from, uint64_t to, uint64_t n);
    /* WAITING (for FROM), COUNTING (in a pass), DONE (pass N ended: the CPU
     * stopped at TO before running it) or OFF; *passes: passes ended. */
    enum vb_watch_state (*events_state)(const struct vb_machine *m, uint64_t *passes);
    /* Pass N's count of each event of the cpu's catalogue, one "name count"
     * line each ("name <not supported>" where vboard models nothing). */
    void (*print_events)(const struct vb_machine *m, FILE *f);
    /* --remote-bitbang PORT; NULL (with err) if the machine has no probe port. */
    struct rbb *(*debug_listen)(struct vb_machine *m, uint16_t port, char *err,
                                size_t errlen);
    /* Idle loops (common/idle.h): true with *lp when the CPU is at the head
     * of a loop that only polls the quiet console. Runs up to budget
     * instructions to find out, as run() would run them. */
    bool (*idle_find)(struct vb_machine *m, uint64_t budget, struct vb_idle_loop *lp);
    /* Lets n iterations of lp pass at once (vb_idle_room bounds n). */
    void (*idle_advance)(struct vb_machine *m, const struct vb_idle_loop *lp, uint64_t n);
    /* --list-events: the cpu's catalogue and how vboard counts each event. */
    bool (*list_events)(FILE *f, const char *cpu);
};

/* All machine classes, NULL-terminated (machines.c); the first is the
 * board vboard runs when neither --cpu nor --machine is given. */
extern const struct vb_machine_class *const vb_machines[];
/* The board class (no .machine) that accepts cpu, or NULL. */
const struct vb_machine_class *vb_machine_for_cpu(const char *cpu);
/* The class picked by --machine name, or NULL. */
const struct vb_machine_class *vb_machine_named(const char *name);

#endif
