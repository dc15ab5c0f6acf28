/*
 * pmu_bind.c - which interpreter totals (events.h) each catalogued event
 * samples, by catalogue name. Codes live only in target-xml/events/CORE.csv;
 * this table never mentions one. An event not listed here is "not modelled":
 * its counter counts nothing. The catalogue's vboard column states the same
 * (exact, model, none) for pmuctl; vboard_unit_pmu checks that they agree
 * and that no two events of a core share one formula (docs/vboard.md,
 * "One quantity, one event"): vboard issues and decodes nothing
 * speculatively, so where an R10000/R12000 "issued" or "decoded" event
 * would repeat its "graduated" twin digit for digit, only the graduated one
 * is bound; its caches block, so a 34K D-cache miss is pending exactly while
 * it stalls, and only dcache_miss_stall_cycles is bound.
 *
 * A binding applies to every core whose catalogue has the name, so a new
 * core of a known family that uses the family's names needs no line here.
 * Where cores give one name different meanings (a real hardware
 * difference), a binding names a quirk (target-xml/cores.toml, the
 * family's vboard_quirks): it wins for the cores whose vboard.quirks list
 * it. Which core has which quirk is the registry's alone.
 */
#include <string.h>

#include "pmu.h"
#include "pmu_catalog.h"

struct binding {
    uint32_t quirk; /* PMU_QUIRK_*: the cores with it, or 0: every core */
    const char *name;
    struct pmu_model model;
};

#define M1(a) { { a, EV_NONE, EV_NONE } }
#define M2(a, b) { { a, b, EV_NONE } }
#define M3(a, b, c) { { a, b, c } }

static const struct binding bindings[] = {
    /* timing model: one cycle per completed instruction, stalls, WAIT idle */
    { 0, "cycles", M3(EV_INSNS, EV_STALLS, EV_IDLE) },
    { 0, "instructions", M1(EV_INSNS) },
    /* graduation counts an integer multiply or divide twice */
    { PMU_QUIRK_MULDIV_TWICE, "instructions", M2(EV_INSNS, EV_MULDIV) },
    { 0, "issued_instructions", M1(EV_INSNS) },
    { 0, "decoded_instructions", M1(EV_INSNS) },
    { 0, "branches", M1(EV_BRANCH) },
    { 0, "decoded_branches", M1(EV_BRANCH) },
    { 0, "resolved_conditional_branches", M1(EV_CBRANCH) },
    { 0, "jr31_instructions", M1(EV_JR31) },
    { 0, "jr_other_instructions", M1(EV_JRXX) },
    { 0, "j_jal_instructions", M1(EV_JJAL) },
    { 0, "loads", M1(EV_LOAD) },
    { 0, "decoded_loads", M1(EV_LOAD) },
    /* graduated loads with prefetches and syncs, or prefetches */
    { PMU_QUIRK_LOADS_PREFETCH_SYNC, "graduated_loads", M3(EV_LOAD, EV_PREFETCH, EV_SYNC) },
    { PMU_QUIRK_LOADS_PREFETCH, "graduated_loads", M2(EV_LOAD, EV_PREFETCH) },
    { 0, "stores", M1(EV_STORE) },
    { 0, "graduated_stores", M1(EV_STORE) },
    { 0, "muldiv_instructions", M1(EV_MULDIV) },
    { 0, "nops", M1(EV_NOP) },
    { 0, "mips16_instructions", M1(EV_MIPS16) },
    { 0, "sc_instructions", M1(EV_SC) },
    { 0, "graduated_store_conditionals", M1(EV_SC) },
    { 0, "sc_failed", M1(EV_SC_FAIL) },
    { 0, "failed_store_conditionals", M1(EV_SC_FAIL) },
    { 0, "exceptions", M1(EV_EXC) },
    { 0, "tlb_misses", M1(EV_TLB_REFILL) },
    { 0, "prefetches", M1(EV_PREFETCH) },
    { 0, "executed_prefetches", M1(EV_PREFETCH) },
    { 0, "uncached_loads", M1(EV_UC_LOAD) },
    { 0, "uncached_stores", M1(EV_UC_STORE) },
    /* modelled cache events */
    { 0, "icache_accesses", M1(EV_IC_ACCESS) },
    { 0, "icache_misses", M1(EV_IC_MISS) },
    { 0, "dcache_accesses", M1(EV_DC_ACCESS) },
    { 0, "dcache_misses", M1(EV_DC_MISS) },
    { 0, "dcache_writebacks", M1(EV_DC_WB) },
    /* a 32-byte line is two quadwords */
    { 0, "dcache_writeback_quadwords", M2(EV_DC_WB, EV_DC_WB) },
    /* modelled stall cycles */
    { 0, "all_stalls", M1(EV_STALLS) },
    { 0, "icache_miss_stall_cycles", M1(EV_IC_STALL) },
    { 0, "dcache_miss_stall_cycles", M1(EV_DC_STALL) },
};

bool pmu_model_for(const struct pmu_personality *p, const char *name,
                   struct pmu_model *out)
{
    const struct pmu_catalog *cat = pmu_catalog_of(p);
    const struct binding *found = NULL;
    if (!cat)
        return false;
    for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
        const struct binding *b = &bindings[i];
        if (strcmp(b->name, name) != 0)
            continue;
        if (b->quirk & cat->vboard_quirks) {
            found = b; /* this core's own meaning of the name */
            break;
        }
        if (!b->quirk && !found)
            found = b;
    }
    if (found && out)
        *out = found->model;
    return found != NULL;
}
