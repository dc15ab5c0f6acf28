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
#include <string.h>
#include <cmocka.h>

#include "pmu_catalog.h"
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
    unsigned cores = 0;
    for (unsigned c = 0; c < PMU_CATALOG_COUNT; c++) {
        const struct pmu_catalog *cat = &pmu_catalogs[c];
        unsigned bound = 0;
        if (strcmp(cat->family, "power") != 0)
            continue;
        cores++;
        for (unsigned i = 0; i < cat->n_events; i++) {
            const struct pmu_catalog_event *e = &cat->events[i];
            struct ppc_pmu_model md;
            bool has = ppc_pmu_model_for(cat->core, e->name, &md);
            if (has != (e->vboard != PMU_VBOARD_NONE))
                fail_msg("%s %s: catalogue says %s, binding %s", cat->core, e->name,
                         pmu_vboard_name(e->vboard), has ? "exists" : "missing");
            bound += has;
            if (has && e->vboard == PMU_VBOARD_EXACT)
                for (unsigned s = 0; s < 4; s++)
                    if (modelled_source(md.src[s]))
                        fail_msg("%s %s is exact but samples a model total", cat->core,
                                 e->name);
        }
        assert_true(bound >= 10);
    }
    assert_int_equal(cores, 2);
}

/* The events the issue names: counted exactly on the e200z7 (2, 10, 13,
 * 15, 16) and modelled (cycles 1, linefills 57 and 72). */
static void test_named_events(void **state)
{
    (void)state;
    static const struct { unsigned code; enum pmu_vboard how; } want[] = {
        { 1, PMU_VBOARD_MODEL }, { 2, PMU_VBOARD_EXACT }, { 10, PMU_VBOARD_EXACT },
        { 13, PMU_VBOARD_EXACT }, { 15, PMU_VBOARD_EXACT }, { 16, PMU_VBOARD_EXACT },
        { 57, PMU_VBOARD_MODEL }, { 72, PMU_VBOARD_MODEL }, { 29, PMU_VBOARD_NONE },
    };
    const struct pmu_catalog *z7 = &pmu_catalogs[PMU_CORE_E200Z7];
    assert_string_equal(z7->core, "e200z7");
    for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
        bool found = false;
        for (unsigned i = 0; i < z7->n_events; i++)
            if (z7->events[i].code == want[w].code) {
                assert_int_equal(z7->events[i].vboard, want[w].how);
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
