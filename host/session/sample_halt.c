/*
 * session/sample_halt.c - see sample_halt.h.
 *
 * The facts, MIPS32 PRA (MD00090) with the 34K Software User's Manual
 * (MD00534) agreeing, and Linux as the second source:
 * - PerfCtl.IE (bit 4) with bit 31 of the count set requests the counter
 *   interrupt (MD00090 "Performance Counter Register"; Linux
 *   arch/mips/kernel/perf_event_mipsxx.c, M_PERFCTL_INTERRUPT_ENABLE and
 *   its reload of the count to 2^31 - period).
 * - On Release 2 cores (Config.AR, bits 12:10, >= 1) the request shows in
 *   Cause.PCI (bit 26) on the IP line IntCtl.IPPCI (bits 28:26) names
 *   (MD00090 Cause, IntCtl; Linux arch/mips/kernel/traps.c reads
 *   cp0_perfcount_irq from IntCtl the same way).
 * - It is taken only with Status.IE = 1, EXL = ERL = 0 and the line's IM
 *   bit (Status bit 8 + line) set (MD00090 6.1 "Interrupts").
 * - The vector (MD00090 6.2.1, Table "Exception Vector Offsets"): base
 *   0xBFC00200 with Status.BEV, else EBase bits 31:12; offset 0x180 with
 *   Cause.IV = 0 (shared with every general exception), 0x200 with IV = 1,
 *   and in vectored interrupt mode (Config3.VInt, IntCtl.VS != 0, BEV = 0)
 *   0x200 + line * VS * 32 (Linux traps.c, set_vi_srs_handler: ebase +
 *   0x200 + n * VECTORSPACING). An external interrupt controller
 *   (Config3.VEIC) chooses its own vectors: refused.
 * - Taking it sets Status.EXL, EPC (the branch's address, Cause.BD, for a
 *   delay slot) and Cause.ExcCode = 0 and nothing else the program sees
 *   (MD00090 6.2.2 "General Exception Processing"), so clearing EXL and
 *   resuming at EPC puts the program back as it was, as the stub's handler
 *   does with ERET (stub/arch/mips32/sample.c).
 * - An EJTAG instruction breakpoint matches the fetch at the vector before
 *   the handler's first instruction runs (MD00047 "Instruction
 *   Breakpoint"); OpenOCD makes Z1 one (src/target/mips_m4k.c,
 *   mips_m4k_set_breakpoint with BKPT_HARD), so nothing is written into
 *   the program. A core halted on it resumes into the same match: to let
 *   the program's handler run the breakpoint comes out for one step
 *   (OpenOCD's gdb server resumes with handle_breakpoints 0:
 *   src/server/gdb_server.c, gdb_step_continue_packet).
 * GDB register numbers of OpenOCD's mips32 description: r31 31, status
 * 32, cause 36, pc 37 (src/target/mips32.c, mips32_regs).
 */
#include "session/sample_halt.h"

#include <stdio.h>

#include "base/exit_status.h"
#include "session/breakpoints.h"
#include "session/counters.h"
#include "session/io.h"
#include "session/pmu_openocd.h"
#include "session/resume.h"

#define REG_RA 31
#define REG_STATUS 32
#define REG_CAUSE 36
#define REG_PC 37

#define ST_IE (1u << 0)
#define ST_EXL (1u << 1)
#define ST_ERL (1u << 2)
#define ST_BEV (1u << 22)
#define CAUSE_IV (1u << 23)
#define CAUSE_PCI (1u << 26)
#define CONFIG3_VINT (1u << 5)
#define CONFIG3_VEIC (1u << 6)
#define PERFCTL_IE (1u << 4)
#define COUNT_TOP 0x80000000u
#define STEP_MS 10000

static int reg(struct target *t, int n, const char *name, uint32_t *v)
{
    unsigned long long x;
    int rc = target_reg_get(t, n, name, &x);
    *v = (uint32_t)x;
    return rc;
}

static int vector_of(struct target *t, struct halt_sampler *h)
{
    uint32_t status, cause, ebase, intctl, config, config3, vs;
    int rc;

    if ((rc = reg(t, REG_STATUS, "Status", &status)) ||
        (rc = reg(t, REG_CAUSE, "Cause", &cause)) ||
        (rc = openocd_cp0(t, 16, 0, NULL, &config)))
        return rc;
    if (((config >> 10) & 7u) == 0) {
        snprintf(t->err, sizeof t->err, "sampling by halting needs a MIPS32 "
                 "Release 2 core (Cause.PCI, IntCtl.IPPCI); Config.AR is 0 "
                 "(Config 0x%08x)", config);
        return PMUCTL_EXIT_TARGET;
    }
    if ((rc = openocd_cp0(t, 15, 1, NULL, &ebase)) ||
        (rc = openocd_cp0(t, 12, 1, NULL, &intctl)) ||
        (rc = openocd_cp0(t, 16, 3, NULL, &config3)))
        return rc;
    h->line = (intctl >> 26) & 7u;
    if ((cause & CAUSE_IV) && (config3 & CONFIG3_VEIC)) {
        snprintf(t->err, sizeof t->err, "the core's interrupts go through an "
                 "external interrupt controller (Config3.VEIC), which chooses "
                 "the vectors: pmuctl cannot tell where the counter's "
                 "interrupt enters");
        return PMUCTL_EXIT_TARGET;
    }
    if (h->line < 2) {
        snprintf(t->err, sizeof t->err, "the counter's interrupt is on no "
                 "hardware line (IntCtl 0x%08x, IPPCI %u)", intctl, h->line);
        return PMUCTL_EXIT_TARGET;
    }
    h->vector = (status & ST_BEV) ? 0xBFC00200u : (ebase & 0xFFFFF000u);
    vs = (intctl >> 5) & 0x1Fu;
    if (!(cause & CAUSE_IV))
        h->vector += 0x180;
    else if (vs && (config3 & CONFIG3_VINT) && !(status & ST_BEV))
        h->vector += 0x200 + h->line * vs * 32;
    else
        h->vector += 0x200;
    return 0;
}

int halt_sample_start(struct target *t, struct halt_sampler *h, unsigned n,
                      uint32_t period)
{
    uint32_t ctl;
    int rc;

    h->n = n;
    h->period = period;
    h->passed = 0;
    if ((rc = vector_of(t, h)) || (rc = target_hwbp(t, h->vector, 1)) ||
        (rc = target_pmu_read(t, 1, n, &ctl)) ||
        (rc = target_pmu_write(t, 0, n, COUNT_TOP - period)))
        return rc;
    return target_pmu_write(t, 1, n, ctl | PERFCTL_IE);
}

/* The program's own exception: its handler runs, the breakpoint back. */
static int let_through(struct target *t, struct halt_sampler *h)
{
    struct stop st;
    int rc;

    h->passed++;
    if ((rc = target_hwbp(t, h->vector, 0)) ||
        (rc = target_resume(t, "s", &st, STEP_MS)))
        return rc;
    return target_hwbp(t, h->vector, 1);
}

int halt_sample_stop(struct target *t, struct halt_sampler *h, unsigned long pc,
                     struct sample *s, int *taken)
{
    uint32_t cause, status, epc, ra, count;
    int rc;

    *taken = -1;
    if (pc != h->vector)
        return 0;
    *taken = 0;
    if ((rc = reg(t, REG_CAUSE, "Cause", &cause)))
        return rc;
    /* ExcCode 0 (Int) and PCI: a counter asked. Ours is the only one
     * armed with IE (measure_program_group stops the others). */
    if (((cause >> 2) & 0x1Fu) != 0 || !(cause & CAUSE_PCI))
        return let_through(t, h);
    if ((rc = openocd_cp0(t, 14, 0, NULL, &epc)) ||
        (rc = reg(t, REG_RA, "$ra", &ra)) ||
        (rc = reg(t, REG_STATUS, "Status", &status)) ||
        (rc = target_pmu_read(t, 0, h->n, &count)))
        return rc;
    if (!(count & COUNT_TOP))
        return let_through(t, h); /* PCI from a counter not ours */
    /* The events past the top bit count towards the next sample, as the
     * stub's reload (stub/arch/mips32/sample.c). */
    if ((rc = target_pmu_write(t, 0, h->n, count - h->period)) ||
        (rc = target_reg_put(t, REG_PC, "the PC", epc, 4)) ||
        (rc = target_reg_put(t, REG_STATUS, "Status", status & ~ST_EXL, 4)))
        return rc;
    s->pc = epc;
    s->ra = ra;
    *taken = 1;
    return 0;
}

int halt_sample_check(struct target *t, const struct halt_sampler *h)
{
    uint32_t count, status, im = 1u << (8 + h->line);
    int rc;

    if ((rc = target_pmu_read(t, 0, h->n, &count)))
        return rc;
    if (!(count & COUNT_TOP))
        return 0;
    if ((rc = reg(t, REG_STATUS, "Status", &status)))
        return rc;
    if ((status & (ST_IE | ST_EXL | ST_ERL)) != ST_IE || !(status & im)) {
        snprintf(t->err, sizeof t->err, "the program keeps the counter's "
                 "interrupt masked (Status 0x%08x: IE %u, EXL %u, ERL %u, "
                 "IM%u %u): the core takes it only with IE 1, EXL 0, ERL 0 "
                 "and IM%u 1, and pmuctl does not change the program's "
                 "Status; record where the program runs with it open",
                 status, status & ST_IE, (status >> 1) & 1u, (status >> 2) & 1u,
                 h->line, (status & im) ? 1u : 0u, h->line);
        return PMUCTL_EXIT_TARGET;
    }
    snprintf(t->err, sizeof t->err, "the counter's interrupt is pending and "
             "open (count 0x%08x, Status 0x%08x) but the core did not enter "
             "0x%08x: the program changed its vectors (Status.BEV, EBase, "
             "Cause.IV, IntCtl.VS) after pmuctl read them", count, status,
             h->vector);
    return PMUCTL_EXIT_TARGET;
}
