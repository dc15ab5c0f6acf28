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
    k->age = calloc(n, 1);
    if (!k->tag || !k->dirty || !k->age) {
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
    free(k->age);
    k->tag = NULL;
    k->dirty = k->age = NULL;
}

void cache_reset(struct cache *k)
{
    size_t n = (size_t)k->sets * k->ways;
    memset(k->tag, 0, n * sizeof(*k->tag));
    memset(k->dirty, 0, n);
    for (unsigned s = 0; s < k->sets; s++)
        for (unsigned w = 0; w < k->ways; w++)
            k->age[s * k->ways + w] = (uint8_t)w;
}

/* Makes way w of a set the most recently used; ages the younger ones. */
static void touch(uint8_t *age, unsigned ways, unsigned w)
{
    uint8_t a = age[w];
    for (unsigned i = 0; i < ways; i++)
        if (age[i] < a)
            age[i]++;
    age[w] = 0;
}

enum cache_result cache_access(struct cache *k, uint32_t paddr, bool store)
{
    uint32_t line = paddr >> k->line_shift;
    unsigned set = line & (k->sets - 1);
    uint32_t key = (line << 1) | 1u; /* valid bit; line < 2^27 always fits */
    uint32_t *tag = &k->tag[set * k->ways];
    uint8_t *age = &k->age[set * k->ways];
    uint8_t *dirty = &k->dirty[set * k->ways];

    for (unsigned w = 0; w < k->ways; w++) {
        if (tag[w] == key) {
            if (age[w])
                touch(age, k->ways, w);
            dirty[w] |= store;
            return CACHE_HIT;
        }
    }
    unsigned victim = 0;
    for (unsigned w = 0; w < k->ways; w++)
        if (age[w] == k->ways - 1)
            victim = w;
    enum cache_result r = (tag[victim] & 1u) && dirty[victim] ? CACHE_MISS_WB
                                                              : CACHE_MISS;
    tag[victim] = key;
    dirty[victim] = store;
    touch(age, k->ways, victim);
    return r;
}
