/*
 * personality.c - what differs between the 34k, r10k and r12k CPUs of
 * vboard: PRId, the cache geometry in Config1, and the counter personality.
 * All three run the same MIPS32 Release 2 instruction set (the R10000 and
 * R12000 are MIPS IV machines; vboard simulates only their PRId and PMU).
 */
#include <string.h>

#include "cpu.h"

/* --cpu NAME, and the event catalogue's core name, by enum cpu_model. */
const char *const cpu_model_names[] = {
    [CPU_34K] = "34k", [CPU_R10K] = "r10k", [CPU_R12K] = "r12k", NULL
};

struct personality {
    uint32_t prid;
    unsigned icache_size, icache_ways, icache_line;
    unsigned dcache_size, dcache_ways, dcache_line;
};

/* PRIds: 34K = 0x00019500, QEMU's 34Kf (target/mips/cpu-defs.c.inc:
 * company 0x01 MIPS Technologies, processor 0x95 "34K", as also shown by
 * YAMON in seed MD00548 Figure 6). R10000: implementation 0x09, R12000:
 * 0x0e (R10000 User's Manual section 14.11 "PRId Register"; Linux
 * arch/mips/include/asm/cpu.h PRID_IMP_R10000 0x0900, PRID_IMP_R12000
 * 0x0e00), with revision 3.4 and 3.5 as IRIX hinv reports for shipped parts.
 * Caches: 34K 32 KiB 4-way 32-byte lines (issue 3 default); R10000/R12000
 * 32 KiB 2-way, 64-byte I-cache lines and 32-byte D-cache lines (R10000
 * User's Manual chapter 3, "Primary Instruction/Data Cache"). */
static const struct personality personalities[] = {
    [CPU_34K]  = { 0x00019500u, 32768, 4, 32, 32768, 4, 32 },
    [CPU_R10K] = { 0x00000934u, 32768, 2, 64, 32768, 2, 32 },
    [CPU_R12K] = { 0x00000e35u, 32768, 2, 64, 32768, 2, 32 },
};

bool cpu_model_from_name(const char *name, enum cpu_model *out)
{
    for (unsigned i = 0; cpu_model_names[i]; i++) {
        if (strcmp(cpu_model_names[i], name) == 0) {
            *out = (enum cpu_model)i;
            return true;
        }
    }
    return false;
}

const char *cpu_model_name(enum cpu_model m)
{
    return cpu_model_names[m];
}

/* Config1 cache fields (MD00090 9.33): sets per way = 64 << S, line =
 * 2 << L bytes, associativity = A + 1. */
static uint32_t cache_fields(unsigned size, unsigned ways, unsigned line)
{
    unsigned sets = size / (ways * line);
    uint32_t s = (uint32_t)__builtin_ctz(sets / 64u);
    uint32_t l = (uint32_t)__builtin_ctz(line) - 1u;
    return s << 6 | l << 3 | (ways - 1u);
}

bool cpu_apply_personality(struct cpu *c, enum cpu_model m)
{
    const struct personality *p = &personalities[m];
    c->model = m;
    c->prid = p->prid;
    /* Config: M, BE (15), AR=1 (Release 2), MT=1 (TLB), K0=2 (uncached,
     * as QEMU resets it) (MD00090 9.32) */
    c->config0 = 0x80000000u | 1u << 15 | 1u << 10 | 1u << 7 | 2u;
    /* Config1: M, MMUSize-1 = 0, caches, PC=1 (counters), EP=1 (EJTAG),
     * FP=0 (no FPU) */
    c->config1 = 0x80000000u |
                 cache_fields(p->icache_size, p->icache_ways, p->icache_line) << 16 |
                 cache_fields(p->dcache_size, p->dcache_ways, p->dcache_line) << 7 |
                 1u << 4 | 1u << 1;
    c->config2 = 0x80000000u;  /* M: Config3 follows; no L2 */
    c->config3 = 1u << 5;      /* VInt: vectored interrupts; no MT, DSP, EIC */
    c->config7 = 0;
    cache_free(&c->icache);
    cache_free(&c->dcache);
    if (!cache_init(&c->icache, p->icache_size, p->icache_ways, p->icache_line) ||
        !cache_init(&c->dcache, p->dcache_size, p->dcache_ways, p->dcache_line))
        return false;
    pmu_reset(&c->pmu, pmu_personality(cpu_model_names[m]));
    return true;
}
