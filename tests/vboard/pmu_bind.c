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
 */
#include <string.h>

#include "pmu.h"
#include "pmu_catalog.h"

enum { C34K = 1, CR10K = 2, CR12K = 4, CALL = 7 };

struct binding {
    unsigned cores;
    const char *name;
    struct pmu_model model;
};

#define M1(a) { { a, EV_NONE, EV_NONE } }
#define M2(a, b) { { a, b, EV_NONE } }
#define M3(a, b, c) { { a, b, c } }

static const struct binding bindings[] = {
    /* timing model: one cycle per completed instruction, stalls, WAIT idle */
    { CALL, "cycles", M3(EV_INSNS, EV_STALLS, EV_IDLE) },
    { C34K, "instructions", M1(EV_INSNS) },
    /* R10000/R12000 graduation counts integer multiply/divide twice (R10000
     * User's Manual 14.20 rules; r10k_counters(5), R12000 event 15) */
    { CR10K | CR12K, "instructions", M2(EV_INSNS, EV_MULDIV) },
    { CR10K, "issued_instructions", M1(EV_INSNS) },
    { CR12K, "decoded_instructions", M1(EV_INSNS) },
    { C34K, "branches", M1(EV_BRANCH) },
    { CR10K, "decoded_branches", M1(EV_BRANCH) },
    { CR12K, "resolved_conditional_branches", M1(EV_CBRANCH) },
    { C34K, "jr31_instructions", M1(EV_JR31) },
    { C34K, "jr_other_instructions", M1(EV_JRXX) },
    { C34K, "j_jal_instructions", M1(EV_JJAL) },
    { C34K, "loads", M1(EV_LOAD) },
    { CR12K, "decoded_loads", M1(EV_LOAD) },
    /* R10000 loads include prefetch and sync (r10k_counters(5) event 18) */
    { CR10K, "graduated_loads", M3(EV_LOAD, EV_PREFETCH, EV_SYNC) },
    { CR12K, "graduated_loads", M2(EV_LOAD, EV_PREFETCH) },
    { C34K, "stores", M1(EV_STORE) },
    { CR10K | CR12K, "graduated_stores", M1(EV_STORE) },
    { C34K, "muldiv_instructions", M1(EV_MULDIV) },
    { C34K, "nops", M1(EV_NOP) },
    { C34K, "sc_instructions", M1(EV_SC) },
    { CR10K | CR12K, "graduated_store_conditionals", M1(EV_SC) },
    { C34K, "sc_failed", M1(EV_SC_FAIL) },
    { CR10K | CR12K, "failed_store_conditionals", M1(EV_SC_FAIL) },
    { C34K, "exceptions", M1(EV_EXC) },
    { CR10K | CR12K, "tlb_misses", M1(EV_TLB_REFILL) },
    { C34K, "prefetches", M1(EV_PREFETCH) },
    { CR12K, "executed_prefetches", M1(EV_PREFETCH) },
    { C34K, "uncached_loads", M1(EV_UC_LOAD) },
    { C34K, "uncached_stores", M1(EV_UC_STORE) },
    /* modelled cache events */
    { C34K, "icache_accesses", M1(EV_IC_ACCESS) },
    { CALL, "icache_misses", M1(EV_IC_MISS) },
    { C34K, "dcache_accesses", M1(EV_DC_ACCESS) },
    { CALL, "dcache_misses", M1(EV_DC_MISS) },
    { C34K, "dcache_writebacks", M1(EV_DC_WB) },
    /* a 32-byte line is two quadwords */
    { CR10K | CR12K, "dcache_writeback_quadwords", M2(EV_DC_WB, EV_DC_WB) },
    /* modelled stall cycles */
    { C34K, "all_stalls", M1(EV_STALLS) },
    { C34K, "icache_miss_stall_cycles", M1(EV_IC_STALL) },
    { C34K, "dcache_miss_stall_cycles", M1(EV_DC_STALL) },
};

bool pmu_model_for(const struct pmu_personality *p, const char *name,
                   struct pmu_model *out)
{
    const struct pmu_catalog *cat = pmu_catalog_of(p);
    unsigned bit = 0;
    if (!cat)
        return false;
    if (strcmp(cat->core, "34k") == 0) bit = C34K;
    else if (strcmp(cat->core, "r10k") == 0) bit = CR10K;
    else if (strcmp(cat->core, "r12k") == 0) bit = CR12K;
    for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
        if ((bindings[i].cores & bit) && strcmp(bindings[i].name, name) == 0) {
            if (out)
                *out = bindings[i].model;
            return true;
        }
    }
    return false;
}
