/*
 * personality.c - what differs between vboard's MIPS CPUs: PRId, the cache
 * geometry in Config1, and the counter personality, all from the registry
 * of cores. All run the same MIPS32 Release 2 instruction set (the R10000
 * and R12000 are MIPS IV machines; vboard simulates only their PRId and PMU),
 * and the MIPS32 cores the MIPS16e ASE too (mips16.c).
 */
#include <string.h>

#include "cpu.h"

/* Every mips32 core of the registry (target-xml/cores.toml) is a --cpu of
 * vboard's Malta: its PRId and cache geometry are the registry's "vboard"
 * entry, its counters the registry's control layout and catalogue. */
bool cpu_model_from_name(const char *name, enum pmu_core_id *out)
{
    const struct pmu_catalog *c = pmu_catalog_find("mips32", name);
    if (!c)
        return false;
    *out = (enum pmu_core_id)(c - pmu_catalogs);
    return true;
}

const char *cpu_model_name(enum pmu_core_id m)
{
    return pmu_catalogs[m].core;
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

bool cpu_apply_personality(struct cpu *c, enum pmu_core_id m)
{
    const struct pmu_catalog *p = &pmu_catalogs[m];
    c->model = m;
    c->prid = p->vboard_id;
    /* Config: M, BE (15), AR=1 (Release 2), MT=1 (TLB), K0=2 (uncached,
     * as QEMU resets it) (MD00090 9.32) */
    c->config0 = 0x80000000u | 1u << 15 | 1u << 10 | 1u << 7 | 2u;
    /* Config1: M, MMUSize-1 = 0, caches, PC=1 (counters), EP=1 (EJTAG),
     * CA (bit 2) = MIPS16e, FP=0 (no FPU) (MD00090 "Config1 Register") */
    /* CA: the MIPS16e ASE, where the registry says the core has it (34K
     * SUM MD00534, 24K SUM MD00343, 74K SUM MD00519 "MIPS16e ASE"; not on
     * the MIPS IV R10000/R12000). */
    c->mips16 = p->mips16e != 0;
    c->config1 = 0x80000000u |
                 cache_fields(p->icache[0], p->icache[1], p->icache[2]) << 16 |
                 cache_fields(p->dcache[0], p->dcache[1], p->dcache[2]) << 7 |
                 1u << 4 | 1u << 1 | (c->mips16 ? 1u << 2 : 0u);
    c->config2 = 0x80000000u;  /* M: Config3 follows; no L2 */
    c->config3 = 1u << 5;      /* VInt: vectored interrupts; no MT, DSP, EIC */
    c->config7 = 0;
    cache_free(&c->icache);
    cache_free(&c->dcache);
    if (!cache_init(&c->icache, p->icache[0], p->icache[1], p->icache[2]) ||
        !cache_init(&c->dcache, p->dcache[0], p->dcache[1], p->dcache[2]))
        return false;
    pmu_reset(&c->pmu, pmu_personality(p->core));
    return true;
}
