/*
 * machine_ppce500.c - the Power Book E machines behind vboard/common/
 * machine.h: the ppce500-compatible board (ppce500.c) with an e200z7 or
 * e500v2 CPU (ppc_cpu.h), and the MPC5674F chip (mpc5674f.c) with its
 * e200z7. Everything but creating, booting and the interrupt wiring is
 * the CPU's, the same for both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "ppc_idle.h"
#include "ppc_internal.h"
#include "ppc_list_events.h"
#include "pmu_catalog.h"
#include "mpc5674f.h"
#include "ppce500.h"

struct vb_machine {
    bool chip; /* the MPC5674F (mpc), else the ppce500 board (board) */
    struct ppce500 board;
    struct mpc5674f mpc;
    struct ppc_cpu *cpu;
    struct uart *uart;
};

static struct vb_machine *create_ppce500(const struct vb_machine_config *cfg, char *err,
                                         size_t errlen)
{
    struct vb_machine *m = calloc(1, sizeof(*m));
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!ppce500_init(&m->board, cfg->cpu, cfg->ram_mib, cfg->kernel, err, errlen)) {
        free(m);
        return NULL;
    }
    m->cpu = &m->board.cpu;
    m->uart = &m->board.uart;
    return m;
}

/* --ram does not apply: the chip's memories are its own. */
static struct vb_machine *create_mpc5674f(const struct vb_machine_config *cfg, char *err,
                                          size_t errlen)
{
    struct vb_machine *m = calloc(1, sizeof(*m));
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!mpc5674f_init(&m->mpc, cfg->cpu, cfg->kernel, err, errlen)) {
        free(m);
        return NULL;
    }
    m->chip = true;
    m->cpu = &m->mpc.cpu;
    m->uart = &m->mpc.uart;
    return m;
}

static void destroy(struct vb_machine *m)
{
    if (m->chip)
        mpc5674f_free(&m->mpc);
    else
        ppce500_free(&m->board);
    free(m);
}

static bool boot(struct vb_machine *m, char *err, size_t errlen)
{
    return m->chip ? mpc5674f_boot(&m->mpc, err, errlen)
                   : ppce500_boot(&m->board, err, errlen);
}

/* The chip's eSCI is polled (no interrupt is wired): its external input
 * stays low. */
static void update_irq(struct vb_machine *m)
{
    if (!m->chip)
        ppce500_update_irq(&m->board);
}

/* Waiting (MSR[WE] doze): nothing runs until an interrupt, so the model's
 * time jumps to the decrementer's expiry if that can end the wait. */
static void skip_idle(struct ppc_cpu *c)
{
    uint64_t at = ppc_dec_expiry(c);
    if (at == UINT64_MAX || !(c->tcr & TCR_DIE))
        return;
    uint64_t cycle = at * c->p->tb_div, now = ppc_cycles(c);
    if (cycle > now)
        c->ev[PEV_IDLE] += cycle - now;
}

static enum vb_run_stop run(struct vb_machine *m, uint64_t n)
{
    struct ppc_cpu *c = m->cpu;
    update_irq(m); /* bytes received since */
    if (c->waiting && !c->ext_input) /* a pending int ends the doze first */
        skip_idle(c);
    enum ppc_run_stop r = c->waiting ? PPC_RUN_IDLE : ppc_cpu_run(c, n);
    if (r == PPC_RUN_RESET)
        return VB_RUN_RESET;
    ppc_update_timers(c);
    update_irq(m);
    ppc_check_interrupts(c);
    return c->waiting ? VB_RUN_IDLE : VB_RUN_SLICE;
}

static uint64_t quiet_budget(struct vb_machine *m) { return ppc_quiet_budget(m->cpu); }

static uint64_t progress(const struct vb_machine *m)
{
    return m->cpu->ev[PEV_INSNS] + m->cpu->ev[PEV_ABANDONED];
}

static uint64_t pc(const struct vb_machine *m) { return m->cpu->pc; }

static struct uart *console(struct vb_machine *m) { return m->uart; }

static void totals(const struct vb_machine *m, uint64_t *insns, uint64_t *cycles)
{
    *insns = m->cpu->ev[PEV_INSNS];
    *cycles = ppc_cycles(m->cpu);
}

static void watch(struct vb_machine *m, uint64_t from, uint64_t to)
{
    struct ppc_cpu *c = m->cpu;
    c->watch_from = (uint32_t)from;
    c->watch_to = (uint32_t)to;
    c->watch_on = true;
    c->watch_counting = c->watch_done = false;
    c->watch_count = 0;
}

static enum vb_watch_state watch_result(const struct vb_machine *m, uint64_t *count)
{
    const struct ppc_cpu *c = m->cpu;
    *count = c->watch_count;
    if (!c->watch_on)
        return VB_WATCH_OFF;
    return c->watch_done ? VB_WATCH_DONE : c->watch_counting ? VB_WATCH_COUNTING
                                                              : VB_WATCH_WAITING;
}

static void profile(struct vb_machine *m, struct vb_profile *p)
{
    m->cpu->profile = p;
}

static void count_events(struct vb_machine *m, uint64_t from, uint64_t to, uint64_t n)
{
    vb_pass_arm(&m->cpu->pass, (uint32_t)from, (uint32_t)to, n, PEV_COUNT);
}

static enum vb_watch_state events_state(const struct vb_machine *m, uint64_t *passes)
{
    const struct vb_pass *p = &m->cpu->pass;
    *passes = p->completed;
    if (!p->on)
        return VB_WATCH_OFF;
    return p->done ? VB_WATCH_DONE : p->counting ? VB_WATCH_COUNTING : VB_WATCH_WAITING;
}

/* The totals a PMC set to `name` samples: the same table (ppc_pmu_bind.c)
 * that binds the counters, so the pass is counted by the PMU model. */
static bool ppc_sources(const void *ctx, const char *name, uint8_t src[4])
{
    struct ppc_pmu_model md;
    if (!ppc_pmu_model_for(ctx, name, &md))
        return false;
    memcpy(src, md.src, sizeof(md.src));
    return true;
}

static void print_events(const struct vb_machine *m, FILE *f)
{
    const struct ppc_cpu *c = m->cpu;
    for (unsigned i = 0; i < PMU_CATALOG_COUNT; i++)
        if (strcmp(pmu_catalogs[i].core, c->p->pmu) == 0 &&
            strcmp(pmu_catalogs[i].family, "power") == 0)
            vb_pass_print(f, &pmu_catalogs[i], &c->pass, ppc_sources, c->p->pmu);
}

/* --count-insns, --count-events, --profile and single-stepping see every
 * instruction run: no idle loop is skipped while they look. */
static bool idle_find(struct vb_machine *m, uint64_t budget, struct vb_idle_loop *lp)
{
    struct ppc_cpu *c = m->cpu;
    if ((c->watch_on && !c->watch_done) || (c->pass.on && !c->pass.done) || c->profile ||
        c->waiting || (c->dbcr0 & (DBCR0_IDM | DBCR0_ICMP)) == (DBCR0_IDM | DBCR0_ICMP))
        return false;
    const struct vb_idle_cpu k = ppc_idle_cpu(c, m->uart);
    bool found = vb_idle_find(&k, budget, lp);
    /* what run() does after its instructions */
    ppc_update_timers(c);
    update_irq(m);
    return !ppc_check_interrupts(c) && found;
}

static void idle_advance(struct vb_machine *m, const struct vb_idle_loop *lp, uint64_t n)
{
    vb_idle_advance(m->cpu->ev, PEV_COUNT, lp, n);
}

static struct rbb *debug_listen(struct vb_machine *m, uint16_t port, char *err,
                                size_t errlen)
{
    (void)m;
    (void)port;
    snprintf(err, errlen, "the Power machine has no debug probe port (OpenOCD has "
                          "no PowerPC target)");
    return NULL;
}

#define PPC_MACHINE_OPS                                                                   \
    .destroy = destroy, .boot = boot, .run = run, .quiet_budget = quiet_budget,           \
    .progress = progress, .pc = pc, .console = console, .totals = totals, .watch = watch, \
    .watch_result = watch_result, .profile = profile, .count_events = count_events,       \
    .events_state = events_state, .print_events = print_events,                           \
    .debug_listen = debug_listen, .idle_find = idle_find, .idle_advance = idle_advance, \
    .list_events = ppc_list_events

const struct vb_machine_class vb_ppce500_class = { /* listed in common/machines.c */
    .name = "ppce500-compatible Power Book E",
    .cpus = pmu_family_power_keys, /* every power core of the registry */
    .default_cpu = pmu_board_ppce500_default_core,
    .create = create_ppce500,
    PPC_MACHINE_OPS,
};

/* Picked by --machine mpc5674f only: --cpu e200z7 alone stays the
 * ppce500 board. */
const struct vb_machine_class vb_mpc5674f_class = {
    .name = "MPC5674F chip, eSCI_A as the serial line",
    .machine = "mpc5674f",
    .cpus = pmu_board_mpc5674f_keys, /* cores.toml [boards.mpc5674f] */
    .default_cpu = pmu_board_mpc5674f_default_core,
    .create = create_mpc5674f,
    PPC_MACHINE_OPS,
};
