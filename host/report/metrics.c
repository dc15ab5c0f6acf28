/*
 * report/metrics.c - evaluates the derived metrics. The table (which events make
 * which metric, and the sources) is data: target-xml/metrics.toml, checked
 * against the catalogues and generated into pmu_metrics.h by gen_pmu.py.
 */
#include "report/metrics.h"

#include <string.h>

const unsigned metric_count = METRIC_COUNT;

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

void metrics_each(metric_lookup_fn lookup, void *ctx, metric_each_fn fn,
                  void *arg)
{
    int first = 1;
    for (unsigned i = 0; i < metric_count; i++) {
        double v;
        int dup = 0;
        /* A name defined several ways (per core's events) shows once: the
         * first definition whose events were measured. */
        for (unsigned k = 0; k < i; k++) {
            double w;
            dup |= !strcmp(metric_defs[k].name, metric_defs[i].name) &&
                   metric_eval(&metric_defs[k], lookup, ctx, &w) == 0;
        }
        if (!dup && metric_eval(&metric_defs[i], lookup, ctx, &v) == 0) {
            fn(arg, &metric_defs[i], v, first);
            first = 0;
        }
    }
}
