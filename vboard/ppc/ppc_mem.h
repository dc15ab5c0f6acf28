/*
 * ppc_mem.h - the inline fast paths of loads and stores: an aligned access
 * inside one cached 4 KiB page of cacheable RAM, through the MMU's page
 * cache (ppc_mmu.h), with the D-cache and timing model. Everything else
 * goes to ppc_load_slow/ppc_store_slow (ppc_mem.c).
 */
#ifndef VBOARD_PPC_MEM_H
#define VBOARD_PPC_MEM_H

#include <string.h>

#include "ppc_internal.h"

static inline uint32_t ppc_be_get(const uint8_t *p, unsigned size)
{
    if (size == 4)
        return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    if (size == 2)
        return (uint32_t)p[0] << 8 | p[1];
    return p[0];
}

static inline void ppc_be_put(uint8_t *p, unsigned size, uint32_t v)
{
    for (unsigned i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * (size - 1 - i)));
}

/* D-cache and timing model for a cached data access at physical pa. */
static inline void ppc_model_data(struct ppc_cpu *c, uint64_t pa, bool store)
{
    c->ev[PEV_DC_ACCESS]++;
    enum cache_result r = cache_access_memo(&c->dcache, &c->dmemo, (uint32_t)pa, store);
    if (r != CACHE_HIT) {
        c->ev[PEV_DC_MISS]++;
        c->ev[PEV_DC_STALL] += c->miss_penalty;
        c->ev[PEV_STALLS] += c->miss_penalty;
        if (r == CACHE_MISS_WB)
            c->ev[PEV_DC_WB]++;
    }
}

/* I-cache and timing model for entering the line at physical pa. */
static inline void ppc_model_fetch(struct ppc_cpu *c, uint64_t pa)
{
    c->ev[PEV_IC_ACCESS]++;
    if (cache_access_memo(&c->icache, &c->imemo, (uint32_t)pa, false) != CACHE_HIT) {
        c->ev[PEV_IC_MISS]++;
        c->ev[PEV_IC_STALL] += c->miss_penalty;
        c->ev[PEV_STALLS] += c->miss_penalty;
    }
}

/* Decoded instructions in RAM at pa must be decoded again. */
static inline void ppc_code_written(struct ppc_cpu *c, uint64_t pa, unsigned size)
{
    if (__builtin_expect(c->dmap[pa >> 12] != NULL, 0))
        ppc_code_written_slow(c, pa, size);
}

static inline const struct ppc_page *ppc_fast_page(struct ppc_cpu *c, enum ppc_access acc,
                                                   uint32_t ea, unsigned size)
{
    const struct ppc_page *p = ppc_mmu_page(&c->mmu, acc, ea);
    if (__builtin_expect(p && p->host && !p->uncached && !(ea & (size - 1)), 1))
        return p;
    return NULL;
}

/* A load of size 1, 2 or 4 bytes; false: an interrupt was raised for the
 * instruction at c->pc (callers set c->pc before a slow path may run). */
static inline bool ppc_load(struct ppc_cpu *c, uint32_t ea, unsigned size, uint32_t *v)
{
    const struct ppc_page *p = ppc_fast_page(c, ACC_READ, ea, size);
    if (p) {
        uint32_t off = ea & 0xfffu;
        ppc_model_data(c, p->pa | off, false);
        *v = ppc_be_get(p->host + off, size);
        return true;
    }
    return ppc_load_slow(c, ea, size, v);
}

static inline bool ppc_store(struct ppc_cpu *c, uint32_t ea, unsigned size, uint32_t v)
{
    const struct ppc_page *p = ppc_fast_page(c, ACC_WRITE, ea, size);
    if (p) {
        uint32_t off = ea & 0xfffu;
        ppc_model_data(c, p->pa | off, true);
        ppc_be_put(p->host + off, size, v);
        ppc_code_written(c, p->pa | off, size);
        return true;
    }
    return ppc_store_slow(c, ea, size, v);
}

#endif
