/*
 * cache.c - tag-only L1 cache model (see cache.h). Geometry defaults are in
 * personality.c: 34K 32 KiB 4-way 32-byte lines; R10000/R12000 32 KiB 2-way
 * (R10000 User's Manual, chapter 3: 64-byte I-cache lines, 32-byte D-cache
 * lines).
 */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }

bool cache_init(struct cache *k, unsigned size, unsigned ways, unsigned line)
{
    memset(k, 0, sizeof(*k));
    if (!pow2(size) || !pow2(line) || ways == 0 || ways > 255 ||
        size % (ways * line) != 0)
        return false;
    k->ways = ways;
    k->sets = size / (ways * line);
    k->line_shift = (unsigned)__builtin_ctz(line);
    k->way = calloc((size_t)k->sets * ways, sizeof(*k->way));
    if (!k->way)
        return false;
    return true;
}

void cache_free(struct cache *k)
{
    free(k->way);
    k->way = NULL;
}

void cache_reset(struct cache *k)
{
    memset(k->way, 0, (size_t)k->sets * k->ways * sizeof(*k->way));
    k->clock = 0;
}

/* Stamps are 32-bit: before they wrap, renumber them 1..ways keeping their
 * order within each set (only the order matters for LRU). */
static void renumber(struct cache *k)
{
    uint32_t rank[256];
    for (unsigned s = 0; s < k->sets; s++) {
        struct cache_way *w = &k->way[s * k->ways];
        for (unsigned i = 0; i < k->ways; i++) {
            rank[i] = 1;
            for (unsigned j = 0; j < k->ways; j++)
                rank[i] += w[j].stamp < w[i].stamp || (w[j].stamp == w[i].stamp && j < i);
        }
        for (unsigned i = 0; i < k->ways; i++)
            w[i].stamp = w[i].stamp ? rank[i] : 0; /* invalid lines stay oldest */
    }
    k->clock = k->ways + 1;
}

/* One lookup with the associativity as a constant, so that the search
 * and victim loops unroll. */
static inline enum cache_result lookup(struct cache *k, uint32_t paddr, bool store,
                                       unsigned *slot, const unsigned ways)
{
    uint32_t line = paddr >> k->line_shift;
    unsigned base = (line & (k->sets - 1)) * ways;
    uint32_t key = (line << 2) | CACHE_VALID; /* line < 2^27 always fits */
    struct cache_way *w = &k->way[base];
    if (__builtin_expect(++k->clock == 0x7fffffffu, 0))
        renumber(k);
    /* branch-free search: the way that hits varies from access to access,
     * so an early exit would be mispredicted on the host */
    unsigned hit = ways;
    for (unsigned i = 0; i < ways; i++)
        hit = (w[i].tag & ~CACHE_DIRTY) == key ? i : hit;
    if (hit < ways) {
        w[hit].stamp = k->clock;
        w[hit].tag |= store ? CACHE_DIRTY : 0u;
        *slot = base + hit;
        return CACHE_HIT;
    }
    unsigned victim = 0;
    for (unsigned i = 1; i < ways; i++)
        if (w[i].stamp < w[victim].stamp)
            victim = i;
    enum cache_result r = (w[victim].tag & (CACHE_VALID | CACHE_DIRTY)) ==
                                  (CACHE_VALID | CACHE_DIRTY)
                              ? CACHE_MISS_WB : CACHE_MISS;
    w[victim].tag = key | (store ? CACHE_DIRTY : 0u);
    w[victim].stamp = k->clock;
    *slot = base + victim;
    return r;
}

enum cache_result cache_access(struct cache *k, uint32_t paddr, bool store,
                               unsigned *slot)
{
    switch (k->ways) {
    case 2: return lookup(k, paddr, store, slot, 2);
    case 4: return lookup(k, paddr, store, slot, 4);
    default: return lookup(k, paddr, store, slot, k->ways);
    }
}

bool cache_invalidate(struct cache *k, uint32_t paddr)
{
    uint32_t line = paddr >> k->line_shift;
    uint32_t key = (line << 2) | CACHE_VALID;
    struct cache_way *w = &k->way[(line & (k->sets - 1)) * k->ways];
    for (unsigned i = 0; i < k->ways; i++) {
        if ((w[i].tag & ~CACHE_DIRTY) == key) {
            w[i].tag = 0;
            w[i].stamp = 0; /* invalid lines are the first victims */
            return true;
        }
    }
    return false;
}
