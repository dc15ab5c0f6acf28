/*
 * machine_malta.c - the MIPS machine behind common/machine.h: a CPU on the
 * Malta-compatible board. The CPU reaches the board's devices through the
 * bus functions here; a write to SOFTRES stops the CPU after that
 * instruction, so that run() returns VB_RUN_RESET and main.c resets the
 * board as QEMU does (docs/vboard.md, "Reset").
 */
#include "machine_malta.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ejtag.h"
#include "ejtag_port.h"
#include "elf_load.h"
#include "idle_loop.h"
#include "list_events.h"
#include "rbb.h"

/* QEMU 7.2's Malta loads the ELF through cpu_mips_kseg0_to_phys
 * (hw/mips/malta.c load_kernel), so kseg0/kseg1 segments land at
 * p_paddr & 0x1fffffff. */
static const struct elf_target malta_elf = { EM_MIPS, "MIPS", 0x1fffffffu };

/* ---- the board as the CPU sees it ------------------------------------------ */

/* MIPS32 physical addresses are 32 bits wide (mem.c), so pa fits. */
/* A device access may change an interrupt line (an RBR read, an IER or
 * 8259 write): Cause.IP follows at once. */
static bool bus_read(void *ctx, uint64_t pa, unsigned size, uint32_t *v)
{
    struct malta_machine *m = ctx;
    bool ok = malta_io_read(&m->board, (uint32_t)pa, size, v);
    m->cpu.hw_ip = malta_irq_lines(&m->board);
    return ok;
}

static bool bus_write(void *ctx, uint64_t pa, unsigned size, uint32_t v)
{
    struct malta_machine *m = ctx;
    bool ok = malta_io_write(&m->board, (uint32_t)pa, size, v);
    m->cpu.hw_ip = malta_irq_lines(&m->board);
    if (!ok)
        return false;
    if (m->board.reset_requested)
        m->cpu.stop = true; /* SOFTRES: the main loop resets the board */
    return true;
}

static void reset_board(void *ctx)
{
    malta_machine_reset(ctx);
}

bool malta_machine_init(struct malta_machine *m, enum pmu_core_id model,
                        uint32_t ram_mib, char *err, size_t errlen)
{
    memset(m, 0, sizeof(*m));
    if (!malta_init(&m->board, ram_mib, err, errlen))
        return false;
    const struct vb_bus bus = { .ctx = m, .read = bus_read, .write = bus_write };
    if (!cpu_init(&m->cpu, model, &bus, reset_board, m->board.ram,
                  m->board.ram_low_size)) {
        snprintf(err, errlen, "cannot allocate the cache model");
        malta_free(&m->board);
        return false;
    }
    return true;
}

void malta_machine_free(struct malta_machine *m)
{
    if (m->ejtag)
        ejtag_free(m->ejtag);
    m->ejtag = NULL;
    cpu_free(&m->cpu);
    malta_free(&m->board);
}

void malta_machine_reset(struct malta_machine *m)
{
    struct cpu *c = &m->cpu;
    cpu_reset_state(c);
    c->status &= ~ST_ERL;
    malta_boot(&m->board, c->gpr);
    c->hw_ip = malta_irq_lines(&m->board);
    c->pc = m->board.entry;
    c->npc = m->board.entry + 4;
}

/* ---- struct vb_machine_class ------------------------------------------------- */

/* struct vb_machine is never defined: each machine class converts its own
 * type to and from it, so two classes' types never meet in one program. */
static struct malta_machine *mm(struct vb_machine *m)
{
    return (struct malta_machine *)(void *)m;
}

static const struct malta_machine *cmm(const struct vb_machine *m)
{
    return (const struct malta_machine *)(const void *)m;
}

static struct vb_machine *create(const struct vb_machine_config *cfg, char *err,
                                 size_t errlen)
{
    enum pmu_core_id model;
    if (!cpu_model_from_name(cfg->cpu, &model)) {
        snprintf(err, errlen, "the Malta machine has no CPU '%s'", cfg->cpu);
        return NULL;
    }
    struct malta_machine *m = malloc(sizeof(*m));
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!malta_machine_init(m, model, cfg->ram_mib, err, errlen)) {
        free(m);
        return NULL;
    }
    m->board.kernel_path = cfg->kernel;
    return (struct vb_machine *)(void *)m;
}

static void destroy(struct vb_machine *vm)
{
    malta_machine_free(mm(vm));
    free(mm(vm));
}

static bool boot(struct vb_machine *vm, char *err, size_t errlen)
{
    struct malta_machine *m = mm(vm);
    uint32_t entry;
    if (!elf_load(m->board.kernel_path, &malta_elf, m->board.ram,
                  m->board.ram_low_size, &entry, err, errlen))
        return false;
    m->board.entry = entry;
    malta_machine_reset(m);
    return true;
}

static enum vb_run_stop run(struct vb_machine *vm, uint64_t n)
{
    struct malta_machine *m = mm(vm);
    struct cpu *c = &m->cpu;
    c->hw_ip = malta_irq_lines(&m->board); /* bytes received since */
    if (cpu_run(c, n) == RUN_WAIT)
        cpu_idle_until_timer(c);
    cpu_update_timer(c);
    c->hw_ip = malta_irq_lines(&m->board);
    cpu_check_interrupts(c);
    if (m->board.reset_requested)
        return VB_RUN_RESET;
    if (c->probe_stalled)
        return VB_RUN_STALLED;
    return c->waiting ? VB_RUN_IDLE : VB_RUN_SLICE;
}

static uint64_t quiet_budget(struct vb_machine *vm)
{
    uint64_t q = cpu_quiet_budget(&mm(vm)->cpu);
    if (q == UINT64_MAX)
        return 0;   /* nothing timed is pending */
    return q ? q : 1; /* due now: one instruction, then the loop delivers it */
}

static uint64_t progress(const struct vb_machine *vm)
{
    const struct cpu *c = &cmm(vm)->cpu;
    return c->ev[EV_INSNS] + c->ev[EV_EXC];
}

static uint64_t pc(const struct vb_machine *vm) { return cmm(vm)->cpu.pc; }

static struct uart *console(struct vb_machine *vm) { return &mm(vm)->board.uart; }

static void totals(const struct vb_machine *vm, uint64_t *insns, uint64_t *cycles)
{
    const struct cpu *c = &cmm(vm)->cpu;
    *insns = c->ev[EV_INSNS];
    *cycles = cpu_cycles(c);
}

static void watch(struct vb_machine *vm, uint64_t from, uint64_t to)
{
    struct cpu *c = &mm(vm)->cpu;
    c->watch_from = (uint32_t)from;
    c->watch_to = (uint32_t)to;
    c->watch_on = true;
    c->slow_checks = true;
}

static enum vb_watch_state watch_result(const struct vb_machine *vm, uint64_t *count)
{
    const struct cpu *c = &cmm(vm)->cpu;
    *count = c->watch_count;
    if (!c->watch_on)
        return VB_WATCH_OFF;
    if (c->watch_done)
        return VB_WATCH_DONE;
    return c->watch_counting ? VB_WATCH_COUNTING : VB_WATCH_WAITING;
}

static void profile(struct vb_machine *vm, struct vb_profile *p)
{
    struct cpu *c = &mm(vm)->cpu;
    c->profile = p;
    c->slow_checks = true;
}

static void count_events(struct vb_machine *vm, uint64_t from, uint64_t to, uint64_t n)
{
    struct cpu *c = &mm(vm)->cpu;
    vb_pass_arm(&c->pass, (uint32_t)from, (uint32_t)to, n, EV_COUNT);
    c->slow_checks = true;
}

static enum vb_watch_state events_state(const struct vb_machine *vm, uint64_t *passes)
{
    const struct vb_pass *p = &cmm(vm)->cpu.pass;
    *passes = p->completed;
    if (!p->on)
        return VB_WATCH_OFF;
    return p->done ? VB_WATCH_DONE : p->counting ? VB_WATCH_COUNTING : VB_WATCH_WAITING;
}

/* The totals a counter set to `name` samples: the same table (pmu_bind.c)
 * that binds the counters, so the pass is counted by the PMU model. */
static bool mips_sources(const void *ctx, const char *name, uint8_t src[4])
{
    struct pmu_model md;
    if (!pmu_model_for(ctx, name, &md))
        return false;
    memcpy(src, md.src, sizeof(md.src));
    return true;
}

static void print_events(const struct vb_machine *vm, FILE *f)
{
    const struct cpu *c = &cmm(vm)->cpu;
    const struct pmu_catalog *cat = pmu_catalog_of(c->pmu.p);
    if (cat)
        vb_pass_print(f, cat, &c->pass, mips_sources, c->pmu.p);
}

/* --count-insns, --count-events and --profile see every instruction run:
 * no idle loop is skipped while they look. A probe's breakpoints and
 * single steps stop the search (they leave the loop). */
static bool idle_find(struct vb_machine *vm, uint64_t budget, struct vb_idle_loop *lp)
{
    struct malta_machine *m = mm(vm);
    struct cpu *c = &m->cpu;
    if ((c->watch_on && !c->watch_done) || (c->pass.on && !c->pass.done) || c->profile ||
        c->waiting)
        return false;
    const struct vb_idle_cpu k = mips_idle_cpu(c, &m->board.uart);
    bool found = vb_idle_find(&k, budget, lp);
    /* what run() does after its instructions */
    cpu_update_timer(c);
    c->hw_ip = malta_irq_lines(&m->board);
    return !cpu_check_interrupts(c) && found;
}

static void idle_advance(struct vb_machine *vm, const struct vb_idle_loop *lp, uint64_t n)
{
    vb_idle_advance(mm(vm)->cpu.ev, EV_COUNT, lp, n);
}

/* The EJTAG port behind OpenOCD's remote_bitbang. */
static struct rbb *debug_listen(struct vb_machine *vm, uint16_t port, char *err,
                                size_t errlen)
{
    struct malta_machine *m = mm(vm);
    if (!m->ejtag) {
        m->ejtag = ejtag_new(&m->cpu);
        if (!m->ejtag) {
            snprintf(err, errlen, "remote-bitbang: out of memory");
            return NULL;
        }
        m->cpu.ejtag = m->ejtag;
        m->cpu.slow_checks = true;
    }
    const struct rbb_tap tap = ejtag_rbb_tap(m->ejtag);
    return rbb_listen(&tap, port, err, errlen);
}

static bool malta_list_events(FILE *f, const char *cpu)
{
    enum pmu_core_id model;
    return cpu_model_from_name(cpu, &model) && list_events(f, model);
}

const struct vb_machine_class vb_malta_class = {
    .name = "Malta-compatible MIPS32",
    .cpus = pmu_family_mips32_keys,
    .default_cpu = pmu_board_malta_default_core,
    .create = create,
    .destroy = destroy,
    .boot = boot,
    .run = run,
    .quiet_budget = quiet_budget,
    .progress = progress,
    .pc = pc,
    .console = console,
    .totals = totals,
    .watch = watch,
    .watch_result = watch_result,
    .profile = profile,
    .count_events = count_events,
    .events_state = events_state,
    .print_events = print_events,
    .debug_listen = debug_listen,
    .idle_find = idle_find,
    .idle_advance = idle_advance,
    .list_events = malta_list_events,
};
