/*
 * cache.c - tag-only L1 cache model (see cache.h). Geometry defaults are in
 * personality.c: 34K 32 KiB 4-way 32-byte lines; R10000/R12000 32 KiB 2-way
 * (R10000 User's Manual, chapter 2 "Cache organization": 64-byte I-cache
 * lines, 32-byte D-cache lines).
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
    size_t n = (size_t)k->sets * ways;
    k->tag = calloc(n, sizeof(*k->tag));
    k->dirty = calloc(n, 1);
    k->stamp = calloc(n, sizeof(*k->stamp));
    if (!k->tag || !k->dirty || !k->stamp) {
        cache_free(k);
        return false;
    }
    cache_reset(k);
    return true;
}

void cache_free(struct cache *k)
{
    free(k->tag);
    free(k->dirty);
    free(k->stamp);
    k->tag = k->stamp = NULL;
    k->dirty = NULL;
}

void cache_reset(struct cache *k)
{
    size_t n = (size_t)k->sets * k->ways;
    memset(k->tag, 0, n * sizeof(*k->tag));
    memset(k->dirty, 0, n);
    memset(k->stamp, 0, n * sizeof(*k->stamp));
    k->clock = 0;
}

/* Stamps are 32-bit: before they wrap, renumber them keeping their order
 * within each set (only the order matters for LRU). */
static void renumber(struct cache *k)
{
    for (unsigned s = 0; s < k->sets; s++) {
        uint32_t *st = &k->stamp[s * k->ways];
        uint32_t rank[256];
        for (unsigned w = 0; w < k->ways; w++) {
            rank[w] = 1;
            for (unsigned v = 0; v < k->ways; v++)
                rank[w] += st[v] < st[w] || (st[v] == st[w] && v < w);
        }
        for (unsigned w = 0; w < k->ways; w++)
            st[w] = st[w] ? rank[w] : 0; /* invalid lines stay oldest */
    }
    k->clock = k->ways + 1;
}

enum cache_result cache_access(struct cache *k, uint32_t paddr, bool store)
{
    unsigned slot;
    return cache_access_slot(k, paddr, store, &slot);
}

enum cache_result cache_access_slot(struct cache *k, uint32_t paddr, bool store,
                                    unsigned *slot)
{
    uint32_t line = paddr >> k->line_shift;
    unsigned set = line & (k->sets - 1);
    uint32_t key = (line << 1) | 1u; /* valid bit; line < 2^27 always fits */
    unsigned base = set * k->ways;
    uint32_t *tag = &k->tag[base];
    uint32_t *stamp = &k->stamp[base];
    uint8_t *dirty = &k->dirty[base];
    if (++k->clock == 0x7fffffffu)
        renumber(k);
    /* branch-free search: the way that hits varies from access to access,
     * so an early exit would be mispredicted on the host */
    unsigned hit = k->ways;
    for (unsigned w = 0; w < k->ways; w++)
        hit = tag[w] == key ? w : hit;
    if (hit < k->ways) {
        stamp[hit] = k->clock;
        dirty[hit] |= store;
        *slot = base + hit;
        return CACHE_HIT;
    }
    unsigned victim = 0; /* invalid lines have stamp 0: they go first */
    for (unsigned w = 1; w < k->ways; w++)
        if (stamp[w] < stamp[victim])
            victim = w;
    enum cache_result r = (tag[victim] & 1u) && dirty[victim] ? CACHE_MISS_WB
                                                              : CACHE_MISS;
    tag[victim] = key;
    dirty[victim] = store;
    stamp[victim] = k->clock;
    *slot = base + victim;
    return r;
}
