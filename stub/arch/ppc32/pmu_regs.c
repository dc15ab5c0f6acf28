/*
 * pmu_regs.c - the Book E performance monitor registers as GDB registers,
 * and the program's view of them while the stub runs. Plain C: the
 * hardware is reached through ppc_pmr_read/ppc_pmr_write (pmu.c on the
 * target, a fake in the host unit tests).
 *
 * Registers, numbers and PMR numbers come from the registry
 * (target-xml/cores.toml family power -> pmu_registry.h, PMU_REGISTERS).
 *
 * What the stub changes while the program runs, and hides from GDB:
 *  - The program runs marked (MSR[PMM] = 1) and every counter has
 *    PMLCa[FCM0] (freeze while MSR[PMM] = 0): every interrupt clears
 *    MSR[PMM] as it enters its vector (Book E "MSR setting due to
 *    interrupt"; e200z7 RM 8.3.5; Linux core-fsl-emb.c sets MSR_PMM again
 *    at the end of its own PMU interrupt for the same reason), so the
 *    stub's vectors, and everything up to the return instruction, count
 *    nothing of the events the mode bits filter (RM Table 8-10 column
 *    "PR, PMM filtering": cycles, instructions, loads, stores, branches,
 *    cache and stall events). The events that column leaves unfiltered
 *    (interrupts, chaining, time base) are still frozen by PMGC0[FAC]
 *    in the vectors, a few instructions late (docs/pmu.md).
 *  - PMLCa[CE] is set on every counter and PMGC0[PMIE] on resume, so that a
 *    count reaching bit 31 raises the performance-monitor interrupt
 *    (IVOR35), whose handler adds 2^31 to the counter's 64-bit extension
 *    and clears the bit (e200z7 RM 8.3: the condition is the PMC's MSB with
 *    PMLCa[CE]; with PMGC0[PMIE] it interrupts; PMIE clears itself when
 *    the interrupt is taken, so every resume writes it again).
 *  - Both are asserted again at every resume, so a program that programs
 *    the PMU itself between stops (mtpmr, as the e200z7 note's flow does)
 *    keeps exact and 64-bit counts from its next stop on. The program's own
 *    CE, FCM0 and PMIE are kept here and shown: taken from the hardware
 *    when the program wrote the register since the resume (it no longer
 *    holds what the stub left), from GDB's writes otherwise.
 *  - PMGC0[FAC] is set by the vectors before anything else (vectors.S);
 *    the program's PMGC0 is in ppc_ctx[CTX_PMGC0] while the stub runs and
 *    is written back by the return path as its last act before rfi.
 * A UPMR (read-only user copy) reads as its supervisor register does and
 * refuses writes (mtpmr to a UPMR is illegal: e200z7 RM 8.2).
 */
#include "booke.h"
#include "ppc_port.h"
#include "pmustub/monitor_pmu.h"
#include "pmustub/interval.h"

#define COUNT_TOP 0x80000000u /* a PMC's MSB: the overflow condition */
/* The PMLCa bits the stub keeps set while the program runs. */
#define PMLCA_FORCED (PMLCA_CE | PMLCA_FCM0)

const struct pmu_core *ppc_pmu_core;
unsigned ppc_pmu_counters;
static uint64_t ext[PMU_MAX_COUNTERS]; /* multiples of 2^31 */
static uint32_t prog_forced[PMU_MAX_COUNTERS]; /* the program's CE, FCM0 */
static uint32_t prog_pmie;
/* What the last resume left in the hardware: a register that differs at
 * the next entry was written by the program. */
static uint32_t resumed_pmlca[PMU_MAX_COUNTERS], resumed_pmc[PMU_MAX_COUNTERS];
static uint32_t resumed_pmgc0;
/* PMLCa and PMC as the hardware holds them while the stub runs (read once
 * at the entry, kept up to date by the stub's own writes): the resume
 * needs no read of its own. */
static uint32_t hw_pmlca[PMU_MAX_COUNTERS], hw_pmc[PMU_MAX_COUNTERS];
/* The program cleared MSR[PMM] itself since GDB last resumed it (its
 * counts with FCM0 stopped there); port.c clears it at GDB's resumes. */
int ppc_pmu_unmarked;
static int resumed_marked; /* the stub has resumed the program marked */

/* GDB number -> what it is (pmu_registry.h, generated). */
static const struct pmu_reg {
    uint8_t regnum, role, n, readonly, bits;
} regs[] = {
#define ENTRY(num, at, role, n, ro, bits) {num, role, n, ro, bits},
    PMU_REGISTERS(ENTRY)
#undef ENTRY
};

static const struct pmu_reg *lookup(unsigned regno)
{
    if (!ppc_pmu_core)
        return 0;
    for (unsigned i = 0; i < sizeof regs / sizeof *regs; i++)
        if (regs[i].regnum == regno)
            return regs[i].n < ppc_pmu_counters ? &regs[i] : 0;
    return 0;
}

void ppc_pmu_attach(const struct pmu_core *core)
{
    ppc_pmu_core = core;
    ppc_pmu_counters = core ? core->max_counters : 0;
    for (unsigned n = 0; n < ppc_pmu_counters; n++) {
        uint32_t a = ppc_pmr_read(PMU_REGNUM_CONTROL(n));
        prog_forced[n] = a & PMLCA_FORCED;
        ppc_pmr_write(PMU_REGNUM_CONTROL(n), a | PMLCA_FORCED);
        resumed_pmlca[n] = hw_pmlca[n] = ppc_pmr_read(PMU_REGNUM_CONTROL(n));
        resumed_pmc[n] = 0;
        hw_pmc[n] = ppc_pmr_read(PMU_REGNUM_COUNT(n));
    }
    prog_pmie = core ? ppc_pmr_read(PMU_REGNUM_GLOBAL) & PMGC0_PMIE : 0;
    resumed_pmgc0 = core ? ppc_ctx[CTX_PMGC0] : 0;
    ppc_pmu_unmarked = resumed_marked = 0;
}

uint64_t ppc_pmu_count64(unsigned n)
{
    return ext[n] + ppc_pmr_read(PMU_REGNUM_COUNT(n));
}

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK /* quick.c's */
/* The 64-bit count whose hardware half read hw (the quick path's reading
 * at FROM, taken since the last entry's fold). */
uint64_t ppc_pmu_count64_from(unsigned n, uint32_t hw)
{
    return ext[n] + hw;
}
#endif

void ppc_pmu_set_count64(unsigned n, uint64_t v)
{
    ext[n] = v & ~(uint64_t)(COUNT_TOP - 1);
    hw_pmc[n] = (uint32_t)v & (COUNT_TOP - 1);
    ppc_pmr_write(PMU_REGNUM_COUNT(n), hw_pmc[n]);
}

#if PMUSTUB_STAT_INTERVALS
static int interval_due; /* the interval clock overflowed: a copy owed */
#endif

/* Counts whose bit 31 is set move it into their extension. Called with
 * the counters frozen: on every entry (the interrupt may have waited for
 * MSR[EE], or not be due yet) and for the interrupt itself. */
static void fold(unsigned n)
{
    uint32_t c = ppc_pmr_read(PMU_REGNUM_COUNT(n));
#if PMUSTUB_STAT_INTERVALS
    uint32_t taken;
#endif

    /* A count can only rise while the program runs (bit 31 is folded at
     * every entry): one below its resume value was written by the
     * program, which counts from there; its extension goes. */
    if (c < resumed_pmc[n])
        ext[n] = 0;
    if ((c & COUNT_TOP) && ppc_sample_take(n, &c)) {
        ppc_pmr_write(PMU_REGNUM_COUNT(n), c);
#if PMUSTUB_STAT_INTERVALS
    } else if ((c & COUNT_TOP) && (taken = stub_interval_take(n, &c))) {
        /* The interval clock: whole periods move from the PMC to the
         * extension, the 64-bit count unchanged, and the next MSB at the
         * next period's end (pmustub/interval.h). */
        ext[n] += taken;
        ppc_pmr_write(PMU_REGNUM_COUNT(n), c);
        interval_due = 1;
#endif
    } else if (c & COUNT_TOP) {
        ext[n] += COUNT_TOP;
        c &= ~COUNT_TOP;
        ppc_pmr_write(PMU_REGNUM_COUNT(n), c);
    }
    hw_pmc[n] = c;
}

void ppc_pmu_fold(void)
{
    for (unsigned n = 0; n < ppc_pmu_counters; n++)
        fold(n);
}

/* The program's FAC while "monitor pmu freeze" resumed it frozen. */
static int fac_forced;
static uint32_t prog_fac;

/* On every entry, counters frozen: what the program wrote itself since
 * the resume taken as its own, the program's PMGC0 back in the context,
 * and the counts folded. */
void ppc_pmu_entry(void)
{
    uint32_t g = ppc_ctx[CTX_PMGC0];

    if (!ppc_pmu_core)
        return;
    /* PMIE alone may have been cleared by the hardware (the interrupt). */
    if (g != resumed_pmgc0 && g != (resumed_pmgc0 & ~PMGC0_PMIE)) {
        prog_pmie = g & PMGC0_PMIE;
        fac_forced = 0; /* its FAC is its own now */
    }
    if (fac_forced)
        ppc_ctx[CTX_PMGC0] = (g & ~PMGC0_FAC) | prog_fac;
    fac_forced = 0;
    for (unsigned n = 0; n < ppc_pmu_counters; n++) {
        uint32_t a = ppc_pmr_read(PMU_REGNUM_CONTROL(n));
        if (a != resumed_pmlca[n])
            prog_forced[n] = a & PMLCA_FORCED;
        hw_pmlca[n] = a;
        fold(n);
    }
#if PMUSTUB_STAT_INTERVALS
    if (interval_due) {
        interval_due = 0;
        stub_interval_snap(); /* every count folded */
    }
#endif
    if (resumed_marked && !(ppc_ctx[CTX_MSR] & MSR_PMM))
        ppc_pmu_unmarked = 1;
}

/* The hardware and the context for the return path: the program marked,
 * FCM0 and CE on every counter, PMGC0 the program's with PMIE for the
 * stub's 64-bit counts, and FAC after "monitor pmu freeze". */
void ppc_pmu_resume_value(void)
{
    if (!ppc_pmu_core)
        return;
    for (unsigned n = 0; n < ppc_pmu_counters; n++) {
        if ((hw_pmlca[n] & PMLCA_FORCED) != PMLCA_FORCED) {
            ppc_pmr_write(PMU_REGNUM_CONTROL(n), hw_pmlca[n] | PMLCA_FORCED);
            hw_pmlca[n] = ppc_pmr_read(PMU_REGNUM_CONTROL(n));
        }
        resumed_pmlca[n] = hw_pmlca[n];
        resumed_pmc[n] = hw_pmc[n];
    }
    ppc_ctx[CTX_MSR] |= MSR_PMM;
    resumed_marked = 1;
    fac_forced = stub_pmu_user_frozen();
    prog_fac = ppc_ctx[CTX_PMGC0] & PMGC0_FAC;
    ppc_ctx[CTX_PMGC0] |= PMGC0_PMIE | (fac_forced ? PMGC0_FAC : 0);
    resumed_pmgc0 = ppc_ctx[CTX_PMGC0];
}

/* What the program sees in register r (its supervisor original). */
static uint32_t program_view(const struct pmu_reg *r)
{
    switch (r->role) {
    case PMU_ROLE_GLOBAL:
        return (ppc_ctx[CTX_PMGC0] & ~PMGC0_PMIE) | prog_pmie;
    case PMU_ROLE_CONTROL:
        return (ppc_pmr_read(PMU_REGNUM_CONTROL(r->n)) & ~PMLCA_FORCED) |
               prog_forced[r->n];
    case PMU_ROLE_CONTROL_B:
        return ppc_pmr_read(PMU_REGNUM_CONTROL_B(r->n));
    default: /* the 32-bit counter: the low half of the 64-bit count */
        return (uint32_t)ppc_pmu_count64(r->n);
    }
}

unsigned ppc_pmu_reg_size(unsigned regno)
{
    const struct pmu_reg *r = lookup(regno);
    return r ? r->bits / 8u : 0;
}

static void put_be32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8), b[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

int ppc_pmu_reg_read(unsigned regno, uint8_t *buf)
{
    const struct pmu_reg *r = lookup(regno);

    if (!r)
        return STUB_REG_UNAVAILABLE;
    if (r->role == PMU_ROLE_COUNT64) {
        uint64_t v = ppc_pmu_count64(r->n);
        put_be32(buf, (uint32_t)(v >> 32));
        put_be32(buf + 4, (uint32_t)v);
    } else {
        put_be32(buf, program_view(r));
    }
    return STUB_REG_OK;
}

int ppc_pmu_reg_write(unsigned regno, const uint8_t *buf)
{
    const struct pmu_reg *r = lookup(regno);
    uint32_t v = get_be32(buf);

    if (!r || r->readonly)
        return STUB_REG_READONLY;
    switch (r->role) {
    case PMU_ROLE_GLOBAL: /* frozen until the resume; reserved bits read 0 */
        prog_pmie = v & PMGC0_PMIE;
        ppc_pmr_write(regno, v | PMGC0_FAC);
        ppc_ctx[CTX_PMGC0] = (ppc_pmr_read(regno) & ~PMGC0_FAC) | (v & PMGC0_FAC);
        break;
    case PMU_ROLE_CONTROL: /* reserved bits read back 0 */
        prog_forced[r->n] = v & PMLCA_FORCED;
        ppc_pmr_write(regno, v | PMLCA_FORCED);
        hw_pmlca[r->n] = ppc_pmr_read(regno);
        break;
    case PMU_ROLE_CONTROL_B:
        ppc_pmr_write(regno, v);
        break;
    case PMU_ROLE_COUNT:
        ppc_pmu_set_count64(r->n, v);
        break;
    default:
        ppc_pmu_set_count64(r->n, (uint64_t)v << 32 | get_be32(buf + 4));
    }
    return STUB_REG_OK;
}
