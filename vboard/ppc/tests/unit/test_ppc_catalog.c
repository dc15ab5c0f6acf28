/*
 * test_ppc_catalog.c - the Power event catalogues' vboard column
 * (target-xml/events/{e200z7,e500v2}.csv) says what vboard does: an event
 * marked none has no binding (its counter stays unchanged), every other
 * one has one (ppc_pmu_bind.c), and an event marked exact samples no total
 * of the cache or timing model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "ppc_catalog.h"
#include "ppc_pmu.h"

static bool modelled_source(unsigned src)
{
    switch (src) {
    case PEV_STALLS: case PEV_IDLE: case PEV_IC_ACCESS: case PEV_IC_MISS:
    case PEV_IC_STALL: case PEV_DC_ACCESS: case PEV_DC_MISS: case PEV_DC_WB:
    case PEV_DC_STALL:
        return true;
    default:
        return false;
    }
}

static void test_column_matches_bindings(void **state)
{
    (void)state;
    assert_int_equal(PPC_CATALOG_COUNT, 2);
    for (unsigned c = 0; c < PPC_CATALOG_COUNT; c++) {
        const struct ppc_catalog *cat = &ppc_catalogs[c];
        unsigned bound = 0;
        for (unsigned i = 0; i < cat->n_events; i++) {
            const struct ppc_catalog_event *e = &cat->events[i];
            struct ppc_pmu_model md;
            bool has = ppc_pmu_model_for(cat->core, e->name, &md);
            if (has != (e->how != PPC_COUNT_NONE))
                fail_msg("%s %s: catalogue says %d, binding %s", cat->core, e->name,
                         e->how, has ? "exists" : "missing");
            bound += has;
            if (has && e->how == PPC_COUNT_EXACT)
                for (unsigned s = 0; s < 4; s++)
                    if (modelled_source(md.src[s]))
                        fail_msg("%s %s is exact but samples a model total", cat->core,
                                 e->name);
        }
        assert_true(bound >= 10);
    }
}

/* The events the issue names: counted exactly on the e200z7 (2, 10, 13,
 * 15, 16) and modelled (cycles 1, linefills 57 and 72). */
static void test_named_events(void **state)
{
    (void)state;
    static const struct { unsigned code; enum ppc_count_how how; } want[] = {
        { 1, PPC_COUNT_MODEL }, { 2, PPC_COUNT_EXACT }, { 10, PPC_COUNT_EXACT },
        { 13, PPC_COUNT_EXACT }, { 15, PPC_COUNT_EXACT }, { 16, PPC_COUNT_EXACT },
        { 57, PPC_COUNT_MODEL }, { 72, PPC_COUNT_MODEL }, { 29, PPC_COUNT_NONE },
    };
    const struct ppc_catalog *z7 = &ppc_catalogs[0];
    assert_string_equal(z7->core, "e200z7");
    for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
        bool found = false;
        for (unsigned i = 0; i < z7->n_events; i++)
            if (z7->events[i].code == want[w].code) {
                assert_int_equal(z7->events[i].how, want[w].how);
                found = true;
            }
        assert_true(found);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_column_matches_bindings),
        cmocka_unit_test(test_named_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
