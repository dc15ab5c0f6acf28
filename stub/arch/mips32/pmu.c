/*
 * pmu.c - the MIPS performance counters as GDB registers.
 *
 * CP0 register 25: select 2n is PerfCtl n, 2n+1 is PerfCnt n (MD00548
 * Table 1; Linux mipsregs.h read_c0_perfctrl0..3/perfcntr0..3). The R10000
 * and R12000 use the same numbering: their MFPS/MFPC forms are mfc0 $25 with
 * bit 0 = count and bits 5:1 = counter (R10000 User's Manual 14.20).
 *
 * Honest counting: on every entry the stub clears the mode bits
 * (EXL, K, S, U = bits 3:0) of each control register, so no counter counts
 * the stub; on resume it writes the program's controls back. The stub runs
 * with Status.EXL = 1, so a counter that counts K/U/S only sees nothing of
 * it even before the freeze; one that counts in EXL mode sees the entry and
 * exit paths (docs/pmu.md says how many instructions).
 */
#include "mips_port.h"
#include "pmu.h"
#include "pmustub/monitor_pmu.h"
#include "pmustub/interval.h"

#define PERFCTL_MODES 0xfu   /* EXL 0, K 1, S 2, U 3 */
#define PERFCTL_IE (1u << 4) /* interrupt when count bit 31 is set */
#define COUNT_TOP (1u << 31)
#define PERFCTL_M (1u << 31) /* 34K: another counter follows (MD00548) */

const struct pmu_core *pmu_core;
unsigned pmu_counters;
static uint32_t prog_ctl[PMU_MAX_COUNTERS]; /* the program's controls */
/* 64-bit counts: the hardware counts up to bit 31, whose interrupt the stub
 * takes to add 2^31 here and clear the bit (r10k_counters(5) describes the
 * same 64-bit virtual counters on IRIX). While the program runs, IE is on
 * in the hardware whatever the program's IE, which prog_ctl keeps. */
static uint64_t ext[PMU_MAX_COUNTERS];

/* Cores are told apart by PRId through the registry (target-xml/cores.toml:
 * company and implementation, bits 23:16 and 15:8, MD00090 "PRId"). */
void pmu_detect(void)
{
    uint32_t prid = mips_cp0_prid();

    pmu_core = 0;
    pmu_counters = 0;
    if (!(mips_cp0_config1() & CONF1_PC))
        return;
    pmu_core = pmu_core_find(prid);
    if (!pmu_core)
        return;
    if (pmu_core->has_m_chain) {
        do
            pmu_counters++;
        while (pmu_counters < pmu_core->max_counters &&
               (mips_cp0_25_read(2 * (pmu_counters - 1)) & PERFCTL_M));
    } else {
        pmu_counters = pmu_core->max_counters;
    }
    pmu_freeze(); /* the stub is running */
}

/* Whether the hardware holds the controls without their mode bits. Then
 * prog_ctl[] is the truth, and must not be read back from the hardware
 * (after "monitor pmu freeze" the program ran with frozen counters). */
static int hw_frozen;

/* Freezing and thawing run at every entry to the stub (a tracepoint hit
 * is two entries): each control is reached with its select in the
 * instruction, unrolled for counters 0..3 (selects 0, 2, 4, 6), rather
 * than through mips_cp0_25_read/write (cp0_25.S), a call and a jump each. Counter
 * n is touched only if the core has it (pmu_counters, from Config1.PC and
 * the M chain). */
#define PMU_CTL_SELS(X) X(0, 0) X(1, 2) X(2, 4) X(3, 6)
#if PMU_MAX_COUNTERS > 4
#error "pmu_freeze and pmu_unfreeze reach four counters"
#endif

MIPS_CODE32 void pmu_freeze(void)
{
    uint32_t hw;

    if (hw_frozen)
        return;
    hw_frozen = 1;
#define FREEZE(n, sel)                                                     \
    if (n < pmu_counters) {                                                \
        hw = CP0_READ(25, sel);                                            \
        CP0_WRITE(25, sel, hw & ~PERFCTL_MODES);                           \
        prog_ctl[n] = (hw & ~PERFCTL_IE) | (prog_ctl[n] & PERFCTL_IE);     \
    }
    PMU_CTL_SELS(FREEZE)
#undef FREEZE
}

MIPS_CODE32 void pmu_unfreeze(void)
{
    if (stub_pmu_user_frozen()) /* monitor pmu freeze */
        return;
    hw_frozen = 0;
#define THAW(n, sel)                                                       \
    if (n < pmu_counters)                                                  \
        CP0_WRITE(25, sel, prog_ctl[n] | PERFCTL_IE);
    PMU_CTL_SELS(THAW)
#undef THAW
}

uint32_t pmu_ctl(unsigned n)
{
    return prog_ctl[n];
}

uint64_t pmu_count64(unsigned n)
{
    return ext[n] + mips_cp0_25_read(2 * n + 1);
}

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK /* quick.c's */
/* The 64-bit count whose hardware half read hw (the quick path's reading
 * at FROM, quick.c, taken since the last fold). */
uint64_t pmu_count64_from(unsigned n, uint32_t hw)
{
    return ext[n] + hw;
}
#endif

/* The 32-bit register shows the low half of the 64-bit count. */
uint32_t pmu_count(unsigned n)
{
    return (uint32_t)pmu_count64(n);
}

void pmu_set_count64(unsigned n, uint64_t v)
{
    ext[n] = v & ~(uint64_t)(COUNT_TOP - 1);
    mips_cp0_25_write(2 * n + 1, (uint32_t)v & (COUNT_TOP - 1));
}

int pmu_overflow(void)
{
    int folded = 0, interval = 0;
    for (unsigned i = 0; i < pmu_counters; i++) {
        uint32_t c = mips_cp0_25_read(2 * i + 1), taken;
        if ((c & COUNT_TOP) && mips_sample_take(i, &c)) {
            mips_cp0_25_write(2 * i + 1, c);
            folded++;
        } else if ((c & COUNT_TOP) && (taken = stub_interval_take(i, &c))) {
            /* The interval clock: whole periods move from the register to
             * the extension, the 64-bit count unchanged, and the next top
             * bit at the next period's end (pmustub/interval.h). */
            ext[i] += taken;
            mips_cp0_25_write(2 * i + 1, c);
            folded++;
            interval = 1;
        } else if (c & COUNT_TOP) {
            ext[i] += COUNT_TOP;
            mips_cp0_25_write(2 * i + 1, c & ~COUNT_TOP);
            folded++;
        }
    }
    if (interval)
        stub_interval_snap();
    return folded;
}

uint32_t pmu_irq_im(void)
{
    unsigned line;
    if (!pmu_counters)
        return 0;
    /* IntCtl (12,1) IPPCI, bits 28:26 (MD00090 IntCtl). */
    line = pmu_core->irq_line ? pmu_core->irq_line
                              : (mips_cp0_intctl() >> 26) & 7;
    return line >= 2 ? 1u << (8 + line) : 0;
}

/* While stopped the hardware holds the control without its mode bits; the
 * read-back gives the bits this core keeps (reserved bits read 0), and the
 * mode bits are remembered for the resume. */
void pmu_set_ctl(unsigned n, uint32_t v)
{
    mips_cp0_25_write(2 * n, v & ~PERFCTL_MODES);
    prog_ctl[n] = (mips_cp0_25_read(2 * n) & ~PERFCTL_MODES) | (v & PERFCTL_MODES);
}

void pmu_set_count(unsigned n, uint32_t v)
{
    pmu_set_count64(n, v);
}
