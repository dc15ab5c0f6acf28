/*
 * test_cache.c - the cache and timing model, checked by arithmetic on known
 * access patterns (docs/vboard.md "Modelled"): compulsory misses only when
 * the data fits, LRU thrashing when it does not, write-backs of dirty
 * victims, the cycle count = instructions + 50 per miss, and what SYNCI
 * and CACHE's Hit operations take out of the model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "asm.h"
#include "cache.h"

static unsigned misses(struct cache *k, uint32_t base, uint32_t bytes, bool store)
{
    unsigned n = 0, slot;
    for (uint32_t a = base; a < base + bytes; a += 4)
        n += cache_access(k, a, store, &slot) != CACHE_HIT;
    return n;
}

static void test_fits_then_hits(void **state)
{
    (void)state;
    struct cache k;
    assert_true(cache_init(&k, 32768, 4, 32));
    assert_int_equal(misses(&k, 0x10000, 16384, false), 16384 / 32);
    assert_int_equal(misses(&k, 0x10000, 16384, false), 0);
    cache_free(&k);
}

static void test_lru_thrash(void **state)
{
    (void)state;
    struct cache k;
    assert_true(cache_init(&k, 32768, 4, 32));
    /* 40 KiB in a 32 KiB LRU cache: every line is evicted before reuse */
    assert_int_equal(misses(&k, 0, 40960, false), 1280);
    assert_int_equal(misses(&k, 0, 40960, false), 1280);
    cache_free(&k);
}

static void test_writebacks(void **state)
{
    (void)state;
    struct cache k;
    unsigned slot, wb = 0;
    assert_true(cache_init(&k, 1024, 2, 32)); /* 16 sets x 2 ways */
    for (uint32_t a = 0; a < 1024; a += 32)   /* dirty the whole cache */
        cache_access(&k, a, true, &slot);
    for (uint32_t a = 1024; a < 2048; a += 32) /* clean reads evict them all */
        wb += cache_access(&k, a, false, &slot) == CACHE_MISS_WB;
    assert_int_equal(wb, 32);
    for (uint32_t a = 0; a < 1024; a += 32)   /* victims now clean */
        wb += cache_access(&k, a, false, &slot) == CACHE_MISS_WB;
    assert_int_equal(wb, 32);
    cache_free(&k);
}

static void test_stamp_renumbering_keeps_lru(void **state)
{
    (void)state;
    struct cache k;
    unsigned slot;
    assert_true(cache_init(&k, 64, 2, 32)); /* one set, two ways */
    cache_access(&k, 0, false, &slot);     /* A */
    cache_access(&k, 32, false, &slot);    /* B */
    k.clock = 0x7ffffffd;                  /* next accesses renumber */
    cache_access(&k, 0, false, &slot);     /* A newest */
    cache_access(&k, 0, false, &slot);
    assert_true(k.clock < 16);
    /* C evicts B, the least recently used, so A still hits */
    assert_int_equal(cache_access(&k, 64, false, &slot), CACHE_MISS);
    assert_int_equal(cache_access(&k, 0, false, &slot), CACHE_HIT);
    assert_int_equal(cache_access(&k, 32, false, &slot), CACHE_MISS);
    cache_free(&k);
}

/* cache_invalidate: the line goes (the next access misses), the others
 * stay, and its way is the set's first victim. */
static void test_invalidate(void **state)
{
    (void)state;
    struct cache k;
    unsigned slot;
    assert_true(cache_init(&k, 64, 2, 32)); /* one set, two ways */
    cache_access(&k, 0, false, &slot);      /* A */
    cache_access(&k, 32, false, &slot);     /* B, newest */
    assert_true(cache_invalidate(&k, 36));  /* B's line */
    assert_false(cache_invalidate(&k, 36)); /* gone already */
    assert_false(cache_invalidate(&k, 64)); /* never there */
    assert_int_equal(cache_access(&k, 64, false, &slot), CACHE_MISS); /* C: B's way */
    assert_int_equal(cache_access(&k, 0, false, &slot), CACHE_HIT);   /* A stayed */
    assert_int_equal(cache_access(&k, 32, false, &slot), CACHE_MISS);
    cache_free(&k);
}

/* Through the CPU: a load, a CACHE operation on its line, the load again.
 * Hit_Writeback_Invalidate_D (0x15) and Hit_Invalidate_D (0x11) make the
 * second load miss, Hit_Writeback_D (0x19) does not (MD00086 CACHE);
 * SYNCI leaves the D-cache alone and takes the I-cache line (the next
 * fetch of the line misses). */
static unsigned dmisses_around(uint32_t cache_insn)
{
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    LOAD(b, LUI(8, 0x8004), LW(11, 0, 8), cache_insn, LW(11, 0, 8), SYSCALL);
    uint64_t m0 = c->ev[EV_DC_MISS];
    cpu_run(c, 1000);
    assert_int_equal((c->cause >> 2) & 31u, EXC_SYS);
    return (unsigned)(c->ev[EV_DC_MISS] - m0);
}

#define CACHE_OP(op, base) (0x2fu << 26 | (uint32_t)(base) << 21 | (uint32_t)(op) << 16)
#define SYNCI(base) (1u << 26 | (uint32_t)(base) << 21 | 0x1fu << 16)

static void test_cpu_cache_ops(void **state)
{
    (void)state;
    assert_int_equal(dmisses_around(CACHE_OP(0x15, 8)), 2);
    assert_int_equal(dmisses_around(CACHE_OP(0x11, 8)), 2);
    assert_int_equal(dmisses_around(CACHE_OP(0x19, 8)), 1);
    assert_int_equal(dmisses_around(SYNCI(8)), 1);
    assert_int_equal(dmisses_around(NOP), 1);
}

/* SYNCI in a loop of two rounds that fits one I-cache line (8 words at
 * 0x80001000): on a data line it costs nothing, on the loop's own line
 * each round's next fetch misses: 1 cold miss, then 1 per SYNCI. */
static unsigned imisses_synci(uint32_t line_hi, uint32_t line_lo)
{
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    LOAD(b, LUI(8, line_hi), ORI(8, 8, line_lo), ADDIU(10, 0, 2),
         SYNCI(8), ADDIU(10, 10, -1), BNE(10, 0, -3), NOP, SYSCALL);
    uint64_t m0 = c->ev[EV_IC_MISS];
    cpu_run(c, 1000);
    assert_int_equal((c->cause >> 2) & 31u, EXC_SYS);
    return (unsigned)(c->ev[EV_IC_MISS] - m0);
}

static void test_cpu_synci(void **state)
{
    (void)state;
    assert_int_equal(imisses_synci(0x8004, 0), 1);
    assert_int_equal(imisses_synci(0x8000, 0x1000), 3);
}

/* Through the CPU and the counters: a loop loading 16 KiB twice. D-cache
 * accesses = loads; misses only on the first pass; cycles = instructions
 * + 50 per miss. */
static void test_cpu_counts_modelled_events(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    const uint32_t words = 4096;
    /* t2 = 2 passes; t0 = base, t1 = count; loop: lw, addiu, addiu, bne, nop */
    LOAD(b, ADDIU(10, 0, 2),
         LUI(8, 0x8004), ADDIU(9, 0, (int)words),
         LW(11, 0, 8), ADDIU(8, 8, 4), ADDIU(9, 9, -1), BNE(9, 0, -4), NOP,
         ADDIU(10, 10, -1), BNE(10, 0, -9), NOP, SYSCALL);
    cp0_write(c, 25, 0, 10u << 5 | 2u); /* even 10: D-cache accesses, K */
    cp0_write(c, 25, 1, 0);
    cp0_write(c, 25, 2, 11u << 5 | 2u); /* odd 11: D-cache misses */
    cp0_write(c, 25, 3, 0);
    cp0_write(c, 25, 4, 0u << 5 | 2u);  /* cycles */
    cp0_write(c, 25, 5, 0);
    cp0_write(c, 25, 6, 1u << 5 | 2u);  /* instructions */
    cp0_write(c, 25, 7, 0);
    uint64_t ic_miss0 = c->ev[EV_IC_MISS];
    cpu_run(c, 1000000); /* stops at the syscall */
    assert_int_equal((c->cause >> 2) & 31u, EXC_SYS);
    uint32_t insns = cp0_read(c, 25, 7);
    /* 1 set-up, then per pass: lui, addiu, 5 per word, addiu, bne, nop */
    assert_int_equal(insns, 1 + 2 * (5 + 5 * words));
    assert_int_equal(cp0_read(c, 25, 1), 2 * words);
    assert_int_equal(cp0_read(c, 25, 3), 16384 / 32);
    uint32_t imiss = (uint32_t)(c->ev[EV_IC_MISS] - ic_miss0);
    assert_int_equal(cp0_read(c, 25, 5), insns + 50u * (16384 / 32 + imiss));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fits_then_hits),
        cmocka_unit_test(test_lru_thrash),
        cmocka_unit_test(test_writebacks),
        cmocka_unit_test(test_stamp_renumbering_keeps_lru),
        cmocka_unit_test(test_cpu_counts_modelled_events),
        cmocka_unit_test(test_invalidate),
        cmocka_unit_test(test_cpu_cache_ops),
        cmocka_unit_test(test_cpu_synci),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
