/*
 * metrics.c - the derived-metric table. Sources:
 *  - IPC: seed 000 (MIPS 34K performance note), section 4.3: pc_sweep's
 *    "ipc" selection is events 0 (cycles) and 1 (instructions), and its
 *    IPC the ratio of instructions to cycles (0.560 = 695424/1241355 in
 *    Figure 4).
 *  - I-$ and D-$ miss rates: the same note, Figure 5 (its pc_parse output
 *    prints misses over accesses of each cache as a percentage).
 *  - Branch misprediction rate: mispredictions / branches, same events.
 *  - L1/L2 cache line reuse and hit rates: perfex(1) -y statistics
 *    (seed 002, "L1 Cache Line Reuse" ... "L2 Data Cache Hit Rate"), with
 *    the R10000/R12000 event names of target-xml/events/r1*k.csv.
 */
#include "metrics.h"

#include <string.h>

const struct metric_def metric_defs[] = {
    {"IPC", "insn per cycle", {"instructions"}, {0}, {"cycles"}, 1, 0},
    {"I-cache miss rate", "%", {"icache_misses"}, {0}, {"icache_accesses"}, 100, 0},
    {"D-cache miss rate", "%", {"dcache_misses"}, {0}, {"dcache_accesses"}, 100, 0},
    {"branch misprediction rate", "%", {"branch_mispredictions"}, {0},
     {"branches"}, 100, 0},
    {"branch misprediction rate", "%", {"mispredicted_branches"}, {0},
     {"decoded_branches"}, 100, 0},
    {"branch misprediction rate", "%", {"mispredicted_branches"}, {0},
     {"resolved_conditional_branches"}, 100, 0},
    {"DTLB miss rate", "%", {"dtlb_misses"}, {0}, {"dtlb_accesses"}, 100, 0},
    {"ITLB miss rate", "%", {"itlb_misses"}, {0}, {"itlb_accesses"}, 100, 0},
    {"L1 cache line reuse", "uses per line",
     {"graduated_loads", "graduated_stores"}, {"dcache_misses"},
     {"dcache_misses"}, 1, 0},
    {"L2 cache line reuse", "uses per line", {"dcache_misses"},
     {"scache_data_misses"}, {"scache_data_misses"}, 1, 0},
    {"L1 data cache hit rate", "%", {"dcache_misses"}, {0},
     {"graduated_loads", "graduated_stores"}, 100, 1},
    {"L2 data cache hit rate", "%", {"scache_data_misses"}, {0},
     {"dcache_misses"}, 100, 1},
};
const unsigned metric_count = sizeof metric_defs / sizeof *metric_defs;

static int sum(const char *const names[], metric_lookup_fn lookup, void *ctx,
               double *out)
{
    *out = 0;
    for (int i = 0; i < METRIC_TERMS && names[i]; i++) {
        double v = lookup(ctx, names[i]);
        if (v < 0)
            return -1;
        *out += v;
    }
    return 0;
}

int metric_eval(const struct metric_def *def, metric_lookup_fn lookup,
                void *ctx, double *value)
{
    double plus, minus, den;
    if (sum(def->plus, lookup, ctx, &plus) || sum(def->minus, lookup, ctx, &minus) ||
        sum(def->den, lookup, ctx, &den) || den == 0)
        return -1;
    double ratio = (plus - minus) / den;
    *value = def->scale * (def->one_minus ? 1.0 - ratio : ratio);
    return 0;
}
