/*
 * test_pmu.c - counter personalities: writable masks and reserved bits, the
 * M chain, mode filtering (U/S/K/EXL), 34K even/odd tables and MT filters,
 * the R10000 counter split and R12000 events, the bit-31 interrupt request
 * and no counting in debug mode. Counts are checked against instruction
 * counts worked out from the test loops.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "asm.h"
#include "ejtag.h"
#include "list_events.h"
#include "pmu_catalog.h"

#define T0 8
#define EV(code) ((uint32_t)(code) << 5)

/* 10 iterations of a 3-instruction loop after one set-up: 31 instructions,
 * 10 branches, 10 no-ops. */
static void load_loop(struct malta_machine *b)
{
    LOAD(b, ADDIU(T0, 0, 10), ADDIU(T0, T0, -1), BNE(T0, 0, -2), NOP, SYSCALL);
}

static void run_loop(struct cpu *c)
{
    cpu_run(c, 31);
}

static void test_34k_masks_and_chain(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    for (unsigned n = 0; n < 4; n++)
        cp0_write(c, 25, 2 * n, 0xffffffffu);
    assert_int_equal(cp0_read(c, 25, 0), 0xbfff0fffu);
    assert_int_equal(cp0_read(c, 25, 4), 0xbfff0fffu);
    assert_int_equal(cp0_read(c, 25, 6), 0x3fff0fffu); /* last: M = 0 */
    assert_true(c->config1 & (1u << 4));               /* Config1.PC */
}

static void test_r1x000_masks(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_R10K);
    cp0_write(&b->cpu, 25, 0, 0xffffffffu);
    assert_int_equal(cp0_read(&b->cpu, 25, 0), 0x1ffu);
    assert_int_equal(cp0_read(&b->cpu, 15, 0) >> 8, 0x09); /* R10000 Imp */
    b = fixture(PMU_CORE_R12K);
    cp0_write(&b->cpu, 25, 2, 0xffffffffu);
    assert_int_equal(cp0_read(&b->cpu, 25, 2), 0x3ffu);
    assert_int_equal(cp0_read(&b->cpu, 25, 4), 0); /* no third counter */
    assert_int_equal(cp0_read(&b->cpu, 15, 0) >> 8, 0x0e);
}

static void test_34k_exact_counts(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 0, EV(1) | PCTL_K); /* instructions */
    cp0_write(c, 25, 2, EV(17) | PCTL_K); /* odd 17: mult/div: none here */
    cp0_write(c, 25, 4, EV(2) | PCTL_K); /* even 2: branches */
    cp0_write(c, 25, 6, EV(2) | PCTL_K); /* odd 2: mispredictions, not modelled */
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 1), 31);
    assert_int_equal(cp0_read(c, 25, 3), 0);
    assert_int_equal(cp0_read(c, 25, 5), 10);
    assert_int_equal(cp0_read(c, 25, 7), 0);
}

static void test_mode_filter(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 0, EV(1) | PCTL_U | PCTL_S | PCTL_EXL); /* not K */
    cp0_write(c, 25, 2, EV(1) | PCTL_K);
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 1), 0);
    assert_int_equal(cp0_read(c, 25, 3), 31);
    /* in the exception handler (EXL=1) only the EXL bit counts */
    b = fixture(PMU_CORE_34K);
    c = &b->cpu;
    load_loop(b);
    c->status = ST_EXL;
    cp0_write(c, 25, 0, EV(1) | PCTL_EXL);
    cp0_write(c, 25, 2, EV(1) | PCTL_K);
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 1), 31);
    assert_int_equal(cp0_read(c, 25, 3), 0);
}

static void test_mt_filter(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 0, EV(1) | PCTL_K | 1u << 20 | 1u << 16); /* VPE 1: T event */
    cp0_write(c, 25, 2, EV(1) | PCTL_K | 2u << 20);            /* TC 0 */
    cp0_write(c, 25, 4, EV(0) | PCTL_K | 2u << 20 | 5u << 22); /* TC 5, but P event */
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 1), 0);
    assert_int_equal(cp0_read(c, 25, 3), 31);
    assert_true(cp0_read(c, 25, 5) >= 31); /* cycles: 31 + miss stalls */
}

static void test_r10k_split_and_r12k(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_R10K);
    struct cpu *c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 0, EV(15) | PCTL_K); /* counter 0: graduated instructions */
    cp0_write(c, 25, 2, EV(1) | PCTL_K);  /* counter 1 code 1 = perfex 17, same */
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 1), 31);
    assert_int_equal(cp0_read(c, 25, 3), 31);
    b = fixture(PMU_CORE_R12K);
    c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 2, EV(15) | PCTL_K); /* R12000: event 15 on counter 1 */
    cp0_write(c, 25, 0, EV(6) | PCTL_K);  /* resolved conditional branches */
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 3), 31);
    assert_int_equal(cp0_read(c, 25, 1), 10);
}

static void test_overflow_interrupt(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 1, 0x7ffffff0u);
    cp0_write(c, 25, 0, EV(1) | PCTL_K | PCTL_IE);
    c->status = ST_IE | (0x80u << ST_IM_SHIFT); /* IP7: IntCtl.IPPCI = 7 */
    assert_int_equal(cpu_quiet_budget(c), 16);
    cpu_run(c, cpu_quiet_budget(c));
    assert_int_equal(cp0_read(c, 25, 1), 0x80000000u);
    assert_true(cp0_read(c, 13, 0) & CAUSE_PCI);
    assert_true(cp0_read(c, 13, 0) & (1u << 15));
    assert_true(cpu_check_interrupts(c));
    assert_int_equal(c->pc, 0x80000180u);
    /* writing the counter below bit 31 removes the request */
    cp0_write(c, 25, 1, 0);
    assert_false(cp0_read(c, 13, 0) & CAUSE_PCI);
}

static void test_debug_mode_stops_counting(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    load_loop(b);
    cp0_write(c, 25, 0, EV(1) | PCTL_K | PCTL_EXL);
    cpu_debug_interrupt(c);
    assert_true(cpu_in_debug_mode(c));
    c->pc = CODE; /* run the loop in debug mode (no probe: plain memory) */
    c->npc = CODE + 4;
    run_loop(c);
    assert_int_equal(cp0_read(c, 25, 1), 0);
}

/* The catalogue's vboard column for this event on this core. */
static enum pmu_vboard column(const struct pmu_catalog *cat, const char *name)
{
    for (unsigned i = 0; i < cat->n_events; i++)
        if (strcmp(cat->events[i].name, name) == 0)
            return cat->events[i].vboard;
    fail_msg("%s has no event %s", cat->core, name);
    return PMU_VBOARD_NONE;
}

static void test_catalogue_binding(void **state)
{
    (void)state;
    const struct pmu_personality *p = pmu_personality("34k");
    const struct pmu_catalog *cat = pmu_catalog_of(p);
    assert_string_equal(pmu_event_for(p, 0, 1)->name, "instructions");
    assert_string_equal(pmu_event_for(p, 3, 11)->name, "dcache_misses");
    assert_null(pmu_event_for(p, 1, 23)); /* odd 23 is reserved */
    assert_int_equal(column(cat, "loads"), PMU_VBOARD_EXACT);
    assert_int_equal(column(cat, "cycles"), PMU_VBOARD_MODEL);
    assert_int_equal(column(cat, "itlb_misses"), PMU_VBOARD_NONE);
    assert_int_equal(column(cat, "alu_stalls"), PMU_VBOARD_NONE);
    assert_int_equal(column(cat, "dcache_miss_cycles"), PMU_VBOARD_NONE);
    p = pmu_personality("r10k");
    assert_string_equal(pmu_event_for(p, 1, 7)->name, "tlb_misses"); /* perfex 23 */
    assert_int_equal(pmu_event_for(p, 1, 7)->perfex, 23);
    for (unsigned i = 0; i < PMU_CATALOG_COUNT; i++) {
        if (strcmp(pmu_catalogs[i].family, "mips32") != 0)
            continue; /* the Power cores: vboard/ppc's tests */
        const struct pmu_personality *q = pmu_personality(pmu_catalogs[i].core);
        assert_non_null(q);
        assert_int_equal(column(&pmu_catalogs[i], "instructions"), PMU_VBOARD_EXACT);
    }
}

static int same_model(const struct pmu_model *a, const struct pmu_model *b)
{
    unsigned na[EV_COUNT] = {0}, nb[EV_COUNT] = {0};
    for (unsigned k = 0; k < 3; k++) {
        na[a->src[k]]++;
        nb[b->src[k]]++;
    }
    return memcmp(na, nb, sizeof(na)) == 0;
}

/* What pmuctl is told (the catalogue's vboard column) is what vboard does
 * (pmu_bind.c): an event is bound exactly when the column is not "none",
 * an "exact" event samples no modelled total, and no two events of a core
 * count the same sum of totals (two rows of one number). */
static void test_catalogue_column_matches_bindings(void **state)
{
    (void)state;
    for (unsigned i = 0; i < PMU_CATALOG_COUNT; i++) {
        const struct pmu_catalog *cat = &pmu_catalogs[i];
        if (strcmp(cat->family, "mips32") != 0)
            continue;
        const struct pmu_personality *p = pmu_personality(cat->core);
        for (unsigned j = 0; j < cat->n_events; j++) {
            const struct pmu_catalog_event *e = &cat->events[j];
            struct pmu_model md, other;
            bool bound = pmu_model_for(p, e->name, &md);
            if (bound != (e->vboard != PMU_VBOARD_NONE))
                fail_msg("%s %s: catalogue says %s, pmu_bind.c %s", cat->core,
                         e->name, pmu_vboard_name(e->vboard),
                         bound ? "binds it" : "does not");
            if (!bound)
                continue;
            for (unsigned k = 0; k < 3 && e->vboard == PMU_VBOARD_EXACT; k++)
                if (ev_is_modelled(md.src[k]))
                    fail_msg("%s %s: exact, but it samples a modelled total",
                             cat->core, e->name);
            for (unsigned k = 0; k < j; k++) {
                const char *n = cat->events[k].name;
                if (strcmp(n, e->name) != 0 && pmu_model_for(p, n, &other) &&
                    same_model(&md, &other))
                    fail_msg("%s: %s and %s are one formula", cat->core, n, e->name);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_34k_masks_and_chain),
        cmocka_unit_test(test_r1x000_masks),
        cmocka_unit_test(test_34k_exact_counts),
        cmocka_unit_test(test_mode_filter),
        cmocka_unit_test(test_mt_filter),
        cmocka_unit_test(test_r10k_split_and_r12k),
        cmocka_unit_test(test_overflow_interrupt),
        cmocka_unit_test(test_debug_mode_stops_counting),
        cmocka_unit_test(test_catalogue_binding),
        cmocka_unit_test(test_catalogue_column_matches_bindings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
