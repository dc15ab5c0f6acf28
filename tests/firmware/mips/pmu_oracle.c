/* pmu_oracle.c - programs the performance counters (34K, R10000 or R12000,
 * chosen by PRId) to count only at exception level (control bit EXL), then
 * runs a fixed workload between two labels with Status.EXL set, so that all
 * counters start and stop on the same instruction:
 *   mtc0 Status (EXL=1)   <- not counted (EXL still 0 when it completes)
 *   pmu_start: ...        <- counted
 *   mtc0 Status (EXL=0)   <- counted (last instruction with EXL=1)
 *   pmu_stop:
 * The same ELF on QEMU gives the independent count of each class of
 * instruction executed from pmu_start to pmu_stop (pmu_oracle.sh). */
#include "fw.h"

#define PASSES 4
#define SC_FAILS 5

static uint32_t results[PASSES][4];
static uint32_t codes[PASSES][4];
static unsigned ncounters;
static int32_t ma[12][12], mb[12][12], mc[12][12];
static uint32_t table[64], words[64], lock;

#define MTC0_PERF(sel, v) __asm__ volatile("mtc0 %0, $25, " #sel "\n\tehb" : : "r"(v))
#define MFC0_PERF(sel, v) __asm__ volatile("mfc0 %0, $25, " #sel : "=r"(v))

static uint32_t prid(void)
{
    uint32_t v;
    __asm__ volatile("mfc0 %0, $15" : "=r"(v));
    return v;
}

void setup(void)
{
    /* event codes per pass: 34K (even/odd tables, seed MD00548 Table 3) */
    static const uint32_t k34[PASSES][4] = {
        { 1, 15, 15, 17 },  /* instructions, stores, loads, mul/div */
        { 2, 1, 16, 19 },   /* branches, instructions, j/jal, sc failed */
        { 3, 1, 19, 17 },   /* jr $31, instructions, sc, mul/div */
        { 17, 1, 1, 1 },    /* no-ops, instructions everywhere */
    };
    /* R10000: counter 0 codes 0-15, counter 1 codes 16-31 minus 16 */
    static const uint32_t r10k[PASSES][4] = {
        { 15, 2 },          /* graduated instructions, graduated loads (18) */
        { 6, 3 },           /* decoded branches, graduated stores (19) */
        { 5, 4 },           /* failed sc, graduated sc (20) */
        { 1, 1 },           /* issued instructions, graduated instructions (17) */
    };
    /* R12000: 32 events on either counter */
    static const uint32_t r12k[PASSES][4] = {
        { 15, 18 },         /* graduated instructions, graduated loads */
        { 6, 19 },          /* resolved conditional branches, graduated stores */
        { 20, 5 },          /* graduated sc, failed sc */
        { 1, 2 },           /* decoded instructions, decoded loads */
    };
    uint32_t imp = prid() >> 8 & 0xffu;
    const uint32_t (*src)[4] = imp == 0x09 ? r10k : imp == 0x0e ? r12k : k34;
    ncounters = imp == 0x09 || imp == 0x0e ? 2 : 4;
    for (int p = 0; p < PASSES; p++)
        for (int n = 0; n < 4; n++)
            codes[p][n] = src[p][n];
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) {
            ma[i][j] = i - j;
            mb[i][j] = i * j + 1;
        }
    for (int i = 0; i < 64; i++)
        table[i] = (uint32_t)i * 2654435761u;
}

static __attribute__((noinline)) uint32_t leaf(uint32_t x) { return x * 3u + 1u; }

/* The measured workload: multiplies, table loads, stores, calls, ll/sc. */
static __attribute__((noinline)) void workload(void)
{
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) {
            int32_t s = 0;
            for (int k = 0; k < 12; k++)
                s += ma[i][k] * mb[k][j];
            mc[i][j] = s / 3;
        }
    for (int i = 0; i < 64; i++)
        words[i] = leaf(table[(i * 7) & 63]);
    for (int i = 0; i < SC_FAILS; i++) {
        uint32_t v, ok1, ok2;
        /* ll/sc succeeds; the second sc, with no ll before it, fails */
        __asm__ volatile("ll %0, 0(%3)\n\taddiu %0, %0, 1\n\tsc %0, 0(%3)\n\t"
                         "move %1, %0\n\tli %2, 0\n\tsc %2, 0(%3)\n\tsync\n\tpref 0, 0(%3)"
                         : "=&r"(v), "=&r"(ok1), "=&r"(ok2) : "r"(&lock) : "memory");
        words[i] += ok1 + ok2;
    }
}

static __attribute__((noinline)) void region(void)
{
    uint32_t st;
    __asm__ volatile("mfc0 %0, $12\n\tori %0, %0, 2\n\tmtc0 %0, $12\n\t"
                     ".globl pmu_start\npmu_start:\n\tehb" : "=&r"(st));
    workload();
    __asm__ volatile("mfc0 %0, $12\n\tins %0, $0, 1, 1\n\tmtc0 %0, $12\n\t"
                     ".globl pmu_stop\npmu_stop:\n\tehb" : "=&r"(st));
}

void work(void)
{
    const uint32_t exl = 1u; /* control bit 0: count at exception level */
    for (int p = 0; p < PASSES; p++) {
        MTC0_PERF(0, codes[p][0] << 5 | exl);
        MTC0_PERF(2, codes[p][1] << 5 | exl);
        MTC0_PERF(1, 0u);
        MTC0_PERF(3, 0u);
        if (ncounters == 4) {
            MTC0_PERF(4, codes[p][2] << 5 | exl);
            MTC0_PERF(6, codes[p][3] << 5 | exl);
            MTC0_PERF(5, 0u);
            MTC0_PERF(7, 0u);
        }
        region();
        MFC0_PERF(1, results[p][0]);
        MFC0_PERF(3, results[p][1]);
        if (ncounters == 4) {
            MFC0_PERF(5, results[p][2]);
            MFC0_PERF(7, results[p][3]);
        }
        MTC0_PERF(0, 0u);
        MTC0_PERF(2, 0u);
        if (ncounters == 4) {
            MTC0_PERF(4, 0u);
            MTC0_PERF(6, 0u);
        }
    }
}

void report(void)
{
    uint32_t h = lock;
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++)
            h = h * 31u + (uint32_t)mc[i][j];
    for (int i = 0; i < 64; i++)
        h = h * 31u + words[i];
    fw_puts("pmu_oracle\n");
    fw_kv("hash", h);
    for (int p = 0; p < PASSES; p++)
        for (unsigned n = 0; n < ncounters; n++) {
            fw_puts("pass ");
            fw_dec((uint32_t)p);
            fw_puts(" counter ");
            fw_dec(n);
            fw_puts(" event ");
            fw_dec(codes[p][n]);
            fw_puts(" count ");
            fw_dec(results[p][n]);
            fw_putc('\n');
        }
}
