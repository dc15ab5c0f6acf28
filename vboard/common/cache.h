/*
 * cache.h - the modelled L1 caches: set-associative, true LRU (by last-use
 * stamps), write-back and write-allocate (data side). Only tags are kept;
 * data always comes from RAM, so the model can never change what a program
 * computes. A way is 8 bytes (tag word and stamp) and the ways of a set are
 * adjacent, so one lookup touches one host cache line.
 */
#ifndef VBOARD_CACHE_H
#define VBOARD_CACHE_H

#include <stdbool.h>
#include <stdint.h>

/* tag word: line number << 2 | dirty << 1 | valid */
#define CACHE_VALID 1u
#define CACHE_DIRTY 2u

struct cache_way {
    uint32_t tag;
    uint32_t stamp;     /* time of last use; LRU = smallest, invalid = 0 */
};

struct cache {
    unsigned ways, sets, line_shift;
    struct cache_way *way; /* sets * ways */
    uint32_t clock;        /* use counter for stamps */
};

/* size and line in bytes, both powers of two; returns false on bad geometry. */
bool cache_init(struct cache *k, unsigned size, unsigned ways, unsigned line);
void cache_free(struct cache *k);
void cache_reset(struct cache *k);

enum cache_result { CACHE_HIT = 0, CACHE_MISS = 1, CACHE_MISS_WB = 2 };
/* Looks up paddr; on a miss, fills the line (evicting the LRU way). A store
 * marks the line dirty. CACHE_MISS_WB: the evicted line was dirty. *slot
 * receives the index in k->way of the line used. */
enum cache_result cache_access(struct cache *k, uint32_t paddr, bool store,
                               unsigned *slot);

/* Takes the line that holds paddr out of the cache, if it is there (a
 * dirty line's write-back is not counted: only what a later access finds
 * matters to the model). Returns whether it was there. The caller clears
 * any cache_memo of this cache. */
bool cache_invalidate(struct cache *k, uint32_t paddr);

/* The two lines most recently looked up in one cache. Touching one of them
 * again changes no LRU order when it is the newest, or when the newest is in
 * another set (then it is still the newest of its own set): such accesses
 * skip the lookup. A store still marks the line dirty. */
struct cache_memo {
    uint32_t line[2];   /* [0] newest; UINT32_MAX: empty */
    unsigned slot[2];
};

static inline void cache_memo_clear(struct cache_memo *m)
{
    m->line[0] = m->line[1] = UINT32_MAX;
}

static inline bool cache_memo_hit(struct cache *k, struct cache_memo *m,
                                  uint32_t line, bool store)
{
    if (line == m->line[0]) {
        k->way[m->slot[0]].tag |= store ? CACHE_DIRTY : 0u;
        return true;
    }
    if (line == m->line[1] && ((line ^ m->line[0]) & (k->sets - 1))) {
        unsigned slot = m->slot[1];
        m->line[1] = m->line[0];
        m->slot[1] = m->slot[0];
        m->line[0] = line;
        m->slot[0] = slot;
        k->way[slot].tag |= store ? CACHE_DIRTY : 0u;
        return true;
    }
    return false;
}

/* A lookup through the memo. */
static inline enum cache_result cache_access_memo(struct cache *k,
                                                  struct cache_memo *m,
                                                  uint32_t paddr, bool store)
{
    uint32_t line = paddr >> k->line_shift;
    if (cache_memo_hit(k, m, line, store))
        return CACHE_HIT;
    unsigned slot;
    enum cache_result r = cache_access(k, paddr, store, &slot);
    m->line[1] = m->line[0];
    m->slot[1] = m->slot[0];
    m->line[0] = line;
    m->slot[0] = slot;
    return r;
}

#endif
