/*
 * cache.h - the modelled L1 caches: set-associative, true LRU, write-back
 * and write-allocate (data side). Only tags are kept; data always comes from
 * RAM, so the model can never change what a program computes.
 */
#ifndef VBOARD_CACHE_H
#define VBOARD_CACHE_H

#include <stdbool.h>
#include <stdint.h>

struct cache {
    unsigned ways, sets, line_shift;
    uint32_t *tag;      /* sets*ways: line address | valid bit 0 */
    uint8_t *dirty;     /* sets*ways */
    uint32_t *stamp;    /* sets*ways: time of last use (LRU = smallest) */
    uint32_t clock;     /* use counter for stamps */
};

/* size and line in bytes, both powers of two; returns false on bad geometry. */
bool cache_init(struct cache *k, unsigned size, unsigned ways, unsigned line);
void cache_free(struct cache *k);
void cache_reset(struct cache *k);

enum cache_result { CACHE_HIT = 0, CACHE_MISS = 1, CACHE_MISS_WB = 2 };
/* Looks up paddr; on a miss, fills the line (evicting the LRU way). A store
 * marks the line dirty. CACHE_MISS_WB: the evicted line was dirty. */
enum cache_result cache_access(struct cache *k, uint32_t paddr, bool store);
/* The same, also giving the index (set * ways + way) of the line used. */
enum cache_result cache_access_slot(struct cache *k, uint32_t paddr, bool store,
                                    unsigned *slot);

#endif
