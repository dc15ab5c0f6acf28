/*
 * mem.h - the CPU's view of memory: virtual-to-physical translation of the
 * fixed MIPS32 segments, the modelled caches, RAM fast paths, the devices
 * on the machine's bus (struct vb_bus) and, in debug mode, the EJTAG
 * dmseg/drseg windows.
 *
 * Segments (MD00090 section 4.3, "Virtual Memory", Table 4.2/4.3):
 *   kuseg 0x00000000-0x7fffffff mapped (unmapped and uncached when Status.ERL=1)
 *   kseg0 0x80000000-0x9fffffff unmapped, cached
 *   kseg1 0xa0000000-0xbfffffff unmapped, uncached
 *   kseg2/kseg3 0xc0000000-0xffffffff mapped
 * vboard has no TLB entries (Config1.MMUSize-1 = 0, every probe misses), so
 * every mapped access takes a TLB refill exception.
 */
#ifndef VBOARD_MEM_H
#define VBOARD_MEM_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"

/* Result of a memory access made by an instruction. */
enum mem_result {
    MEM_OK = 0,
    MEM_EXCEPTION,   /* an exception was raised; the instruction is abandoned */
    MEM_STALL,       /* EJTAG probe has not answered yet; retry the instruction */
};

enum mem_result mem_fetch(struct cpu *c, uint32_t va, uint32_t *insn);
/* A load (*val receives the value) or a store (of *val); size 1, 2 or 4;
 * va must be aligned (callers raise address errors). */
enum mem_result mem_access(struct cpu *c, uint32_t va, unsigned size,
                           bool store, uint32_t *val);

/* swl/swr: word at aligned va becomes (old & keep) | bits, as one store. */
enum mem_result mem_merge_word(struct cpu *c, uint32_t va, uint32_t keep,
                               uint32_t bits);

/* Debug accesses (EJTAG probe, unit tests): no exceptions, no cache model.
 * Returns false if nothing is mapped at the address. */
bool mem_peek(struct cpu *c, uint32_t va, unsigned size, uint32_t *val);
bool mem_poke(struct cpu *c, uint32_t va, unsigned size, uint32_t val);

/* The cache model's side of SYNCI and of CACHE's Hit operations at va
 * (MD00086 CACHE, SYNCI): `icache` and/or `dcache` lose the line that
 * holds it. Other CACHE operations change nothing in the model. */
void mem_cache_invalidate(struct cpu *c, uint32_t va, bool icache, bool dcache);

/* I-cache and timing model for a cached fetch at physical pa. */
static inline void mem_model_fetch(struct cpu *c, uint32_t pa)
{
    c->ev[EV_IC_ACCESS]++;
    if (cache_access_memo(&c->icache, &c->imemo, pa, false) != CACHE_HIT) {
        c->ev[EV_IC_MISS]++;
        c->ev[EV_IC_STALL] += c->miss_penalty;
        c->ev[EV_STALLS] += c->miss_penalty;
    }
}

/* D-cache and timing model for a cached data access at physical pa. */
static inline void mem_model_data(struct cpu *c, uint32_t pa, bool store)
{
    c->ev[EV_DC_ACCESS]++;
    enum cache_result r = cache_access_memo(&c->dcache, &c->dmemo, pa, store);
    if (r != CACHE_HIT) {
        c->ev[EV_DC_MISS]++;
        c->ev[EV_DC_STALL] += c->miss_penalty;
        c->ev[EV_STALLS] += c->miss_penalty;
        if (r == CACHE_MISS_WB)
            c->ev[EV_DC_WB]++;
    }
}

/* kseg0 RAM outside debug mode: the common case, served without classify. */
static inline bool mem_fast_ram(const struct cpu *c, uint32_t va, uint32_t *pa)
{
    *pa = va & 0x1fffffffu;
    return (va >> 29) == 4u && *pa < c->fast_ram_size;
}

static inline uint32_t be32_get(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Big-endian RAM accesses of 1, 2 or 4 bytes. */
static inline uint32_t mem_ram_get(const uint8_t *p, unsigned size)
{
    return size == 4 ? be32_get(p) : size == 2 ? (uint32_t)p[0] << 8 | p[1] : p[0];
}

static inline void mem_ram_put(uint8_t *p, unsigned size, uint32_t v)
{
    for (unsigned i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * (size - 1 - i)));
}

#endif
