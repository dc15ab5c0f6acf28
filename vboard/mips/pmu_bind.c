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
 * Only where cores give one name different meanings (a real hardware
 * difference) does a binding name its core: that one wins for that core.
 */
#include <string.h>

#include "pmu.h"
#include "pmu_catalog.h"

struct binding {
    const char *core; /* registry key, or NULL: every core with this name */
    const char *name;
    struct pmu_model model;
};

#define M1(a) { { a, EV_NONE, EV_NONE } }
#define M2(a, b) { { a, b, EV_NONE } }
#define M3(a, b, c) { { a, b, c } }

static const struct binding bindings[] = {
    /* timing model: one cycle per completed instruction, stalls, WAIT idle */
    { NULL, "cycles", M3(EV_INSNS, EV_STALLS, EV_IDLE) },
    { NULL, "instructions", M1(EV_INSNS) },
    /* R10000/R12000 graduation counts integer multiply/divide twice (R10000
     * User's Manual 14.20 rules; r10k_counters(5), R12000 event 15) */
    { "r10k", "instructions", M2(EV_INSNS, EV_MULDIV) },
    { "r12k", "instructions", M2(EV_INSNS, EV_MULDIV) },
    { NULL, "issued_instructions", M1(EV_INSNS) },
    { NULL, "decoded_instructions", M1(EV_INSNS) },
    { NULL, "branches", M1(EV_BRANCH) },
    { NULL, "decoded_branches", M1(EV_BRANCH) },
    { NULL, "resolved_conditional_branches", M1(EV_CBRANCH) },
    { NULL, "jr31_instructions", M1(EV_JR31) },
    { NULL, "jr_other_instructions", M1(EV_JRXX) },
    { NULL, "j_jal_instructions", M1(EV_JJAL) },
    { NULL, "loads", M1(EV_LOAD) },
    { NULL, "decoded_loads", M1(EV_LOAD) },
    /* R10000 loads include prefetch and sync (r10k_counters(5) event 18) */
    { "r10k", "graduated_loads", M3(EV_LOAD, EV_PREFETCH, EV_SYNC) },
    { "r12k", "graduated_loads", M2(EV_LOAD, EV_PREFETCH) },
    { NULL, "stores", M1(EV_STORE) },
    { NULL, "graduated_stores", M1(EV_STORE) },
    { NULL, "muldiv_instructions", M1(EV_MULDIV) },
    { NULL, "nops", M1(EV_NOP) },
    { NULL, "mips16_instructions", M1(EV_MIPS16) },
    { NULL, "sc_instructions", M1(EV_SC) },
    { NULL, "graduated_store_conditionals", M1(EV_SC) },
    { NULL, "sc_failed", M1(EV_SC_FAIL) },
    { NULL, "failed_store_conditionals", M1(EV_SC_FAIL) },
    { NULL, "exceptions", M1(EV_EXC) },
    { NULL, "tlb_misses", M1(EV_TLB_REFILL) },
    { NULL, "prefetches", M1(EV_PREFETCH) },
    { NULL, "executed_prefetches", M1(EV_PREFETCH) },
    { NULL, "uncached_loads", M1(EV_UC_LOAD) },
    { NULL, "uncached_stores", M1(EV_UC_STORE) },
    /* modelled cache events */
    { NULL, "icache_accesses", M1(EV_IC_ACCESS) },
    { NULL, "icache_misses", M1(EV_IC_MISS) },
    { NULL, "dcache_accesses", M1(EV_DC_ACCESS) },
    { NULL, "dcache_misses", M1(EV_DC_MISS) },
    { NULL, "dcache_writebacks", M1(EV_DC_WB) },
    /* a 32-byte line is two quadwords */
    { NULL, "dcache_writeback_quadwords", M2(EV_DC_WB, EV_DC_WB) },
    /* modelled stall cycles */
    { NULL, "all_stalls", M1(EV_STALLS) },
    { NULL, "icache_miss_stall_cycles", M1(EV_IC_STALL) },
    { NULL, "dcache_miss_stall_cycles", M1(EV_DC_STALL) },
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
        if (b->core && strcmp(b->core, cat->core) == 0) {
            found = b; /* this core's own meaning of the name */
            break;
        }
        if (!b->core && !found)
            found = b;
    }
    if (found && out)
        *out = found->model;
    return found != NULL;
}
