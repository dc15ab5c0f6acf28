/*
 * report/compare.c - pmuctl compare (report/compare.h). The files are
 * read with jansson; each event's mean and the standard error of its mean
 * are what measure wrote ("counter-value", "stderr"). A change counts as
 * moved when it is beyond the threshold (a percentage of the base) and
 * beyond twice the standard error of the difference of the two means,
 * sqrt(se_base^2 + se_new^2): for means of many iterations, about 95% of
 * the differences that are noise stay within it (the usual two-sided
 * z-test at 5%). An exact event (stderr 0 in both) has no noise band, so
 * any change beyond the threshold is moved. Only a move the failing way
 * fails: each event's and metric's worse direction is the registry's
 * (target-xml/events/CORE.csv "worse", metrics.toml "worse"), or the
 * one --fail-on names; the other way it improved. Metrics carry no
 * spread in the files: they are shown, and not gated.
 */
#include "report/compare.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

#include "pmu/catalog.h"

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

static const char *str(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* The registry's worse direction of an event of the core (its catalogue
 * name, a generic name or a raw number); any when it knows neither. */
static enum pmu_worse worse_event(const char *core, const char *name)
{
    const struct pmu_catalog *c = catalog_core(core);
    struct pmu_event ev;
    return c && !catalog_event(c, name, &ev) ? ev.worse : PMU_WORSE_ANY;
}

static enum pmu_worse worse_metric(const char *name)
{
    for (size_t i = 0; i < sizeof metric_defs / sizeof *metric_defs; i++)
        if (!strcmp(metric_defs[i].name, name))
            return metric_defs[i].worse;
    return PMU_WORSE_ANY;
}

static int load_events(json_t *arr, struct cmp_file *f, char *err, size_t errlen)
{
    size_t i;
    json_t *e;

    json_array_foreach(arr, i, e) {
        struct cmp_value *v;
        json_t *val = json_object_get(e, "counter-value");
        if (!str(e, "event")) {
            snprintf(err, errlen, "event %zu has no \"event\" name", i + 1);
            return -1;
        }
        if (f->nev == CMP_MAX_ROWS) {
            snprintf(err, errlen, "more than %d events", CMP_MAX_ROWS);
            return -1;
        }
        v = &f->ev[f->nev++];
        copy(v->name, sizeof v->name, str(e, "event"));
        v->counted = json_is_number(val);
        v->unsupported = json_object_get(e, "not-supported") != NULL;
        v->mean = v->counted ? json_number_value(val) : 0;
        v->se = json_is_number(json_object_get(e, "stderr"))
                    ? json_number_value(json_object_get(e, "stderr")) : 0;
        v->n = (unsigned long)json_integer_value(json_object_get(e, "iterations"));
        v->worse = worse_event(f->core, v->name);
    }
    return 0;
}

static int load_metrics(json_t *arr, struct cmp_file *f)
{
    size_t i;
    json_t *m;

    json_array_foreach(arr, i, m) {
        struct cmp_value *v;
        json_t *val = json_object_get(m, "metric-value");
        if (!str(m, "metric") || f->nmet == CMP_MAX_ROWS)
            continue;
        v = &f->met[f->nmet++];
        copy(v->name, sizeof v->name, str(m, "metric"));
        copy(v->unit, sizeof v->unit, str(m, "metric-unit"));
        v->counted = json_is_number(val);
        v->mean = v->counted ? json_number_value(val) : 0;
        v->worse = worse_metric(v->name);
    }
    return 0;
}

static int from_json(json_t *root, struct cmp_file *f, char *err, size_t errlen)
{
    json_t *results = json_object_get(root, "results");
    json_t *events;

    memset(f, 0, sizeof *f);
    /* measure --sweep of one value: its one result. */
    if (json_is_array(results)) {
        if (json_array_size(results) != 1) {
            snprintf(err, errlen, "a sweep of %zu results; compare takes one "
                     "result a file (measure each value into its own file)",
                     json_array_size(results));
            return -1;
        }
        root = json_array_get(results, 0);
    }
    events = json_object_get(root, "events");
    if (!json_is_object(root) || !json_is_array(events)) {
        snprintf(err, errlen, "not a result of pmuctl measure --json (no \"events\")");
        return -1;
    }
    copy(f->counts_from, sizeof f->counts_from, str(root, "counts-from"));
    copy(f->core, sizeof f->core, str(root, "core"));
    copy(f->from, sizeof f->from, str(root, "from"));
    copy(f->to, sizeof f->to, str(root, "to"));
    f->iterations = (unsigned long)json_integer_value(json_object_get(root, "iterations"));
    if (load_events(events, f, err, errlen))
        return -1;
    return load_metrics(json_object_get(root, "metrics"), f);
}

int cmp_parse(const char *text, struct cmp_file *f, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_loads(text, 0, &je);
    int rc;

    if (!root) {
        snprintf(err, errlen, "not JSON: %s (line %d)", je.text, je.line);
        return -1;
    }
    rc = from_json(root, f, err, errlen);
    json_decref(root);
    return rc;
}

int cmp_load(const char *path, struct cmp_file *f, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je);
    char why[256];
    int rc;

    if (!root) {
        snprintf(err, errlen, "%s: %s", path, je.text);
        return -1;
    }
    rc = from_json(root, f, why, sizeof why);
    json_decref(root);
    if (rc)
        snprintf(err, errlen, "%s: %s", path, why);
    return rc;
}

static const struct cmp_value *find(const struct cmp_value *v, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(v[i].name, name))
            return &v[i];
    return NULL;
}

/* The threshold of the row of this name. */
static double threshold_of(const struct cmp_gate *g, const char *name)
{
    for (int i = 0; i < g->nnamed; i++)
        if (!strcmp(g->named[i].name, name))
            return g->named[i].pct;
    return g->threshold;
}

/* Does a change of d fail, given the direction that does? */
static int fails(enum pmu_worse fail_on, double d)
{
    return fail_on == PMU_WORSE_ANY || (fail_on == PMU_WORSE_INCREASE) == (d > 0);
}

/* One row: b and w may be NULL (only in the other file). */
static void row(struct cmp_result *r, const struct cmp_value *b,
                const struct cmp_value *w, int metric, const struct cmp_gate *g)
{
    struct cmp_row *x = &r->row[r->nrows++];
    double d, noise, threshold;

    memset(x, 0, sizeof *x);
    x->name = b ? b->name : w->name;
    x->unit = b ? b->unit : w->unit;
    x->metric = metric;
    x->threshold = threshold = threshold_of(g, x->name);
    x->fail_on = g->fail_on >= 0 ? (enum pmu_worse)g->fail_on : b ? b->worse : w->worse;
    /* No number for what was not counted. */
    x->base = b && b->counted ? b->mean : NAN;
    x->new_ = w && w->counted ? w->mean : NAN;
    x->change_pct = x->noise_pct = NAN;
    if (!b || !w) {
        x->verdict = b ? CMP_ONLY_BASE : CMP_ONLY_NEW;
        return;
    }
    if (!b->counted || !w->counted) {
        x->verdict = CMP_NOT_COUNTED;
        x->unsupported = b->unsupported || w->unsupported;
        return;
    }
    d = w->mean - b->mean;
    noise = 2 * sqrt(b->se * b->se + w->se * w->se);
    x->change_pct = b->mean != 0 ? 100 * d / fabs(b->mean) : d != 0 ? copysign(INFINITY, d) : 0;
    x->noise_pct = b->mean != 0 ? 100 * noise / fabs(b->mean) : noise != 0 ? INFINITY : 0;
    if (d == 0)
        x->verdict = CMP_SAME;
    else if (fabs(x->change_pct) <= threshold)
        x->verdict = CMP_BELOW;
    else if (metric)
        x->verdict = CMP_UNGATED;
    else if (fabs(d) <= noise)
        x->verdict = CMP_WITHIN;
    else
        x->verdict = fails(x->fail_on, d) ? CMP_MOVED : CMP_IMPROVED;
    r->moved |= x->verdict == CMP_MOVED;
}

static void rows(struct cmp_result *r, const struct cmp_value *b, int nb,
                 const struct cmp_value *w, int nw, int metric,
                 const struct cmp_gate *g)
{
    for (int i = 0; i < nb; i++)
        row(r, &b[i], find(w, nw, b[i].name), metric, g);
    for (int i = 0; i < nw; i++)
        if (!find(b, nb, w[i].name))
            row(r, NULL, &w[i], metric, g);
}

void cmp_compute(const struct cmp_file *base, const struct cmp_file *new_,
                 const struct cmp_gate *g, struct cmp_result *r)
{
    r->nrows = r->moved = 0;
    rows(r, base->ev, base->nev, new_->ev, new_->nev, 0, g);
    rows(r, base->met, base->nmet, new_->met, new_->nmet, 1, g);
}

const char *cmp_verdict_name(enum cmp_verdict v)
{
    static const char *const names[] = {
        [CMP_SAME] = "same", [CMP_BELOW] = "below threshold",
        [CMP_WITHIN] = "within noise",
        [CMP_MOVED] = "moved", [CMP_IMPROVED] = "improved", [CMP_ONLY_BASE] = "only in base",
        [CMP_ONLY_NEW] = "only in new", [CMP_NOT_COUNTED] = "not counted",
        [CMP_UNGATED] = "changed (metric, not gated)",
    };
    return names[v];
}

static void heading(FILE *out, const char *what, const char *name, const struct cmp_file *f)
{
    /* counts-from says simulated where it was (report.c) */
    fprintf(out, "# %s %s: %s, %s, %s..%s, %lu iterations\n", what, name,
            f->counts_from, f->core, f->from, f->to, f->iterations);
}

static void num(FILE *out, double v, int width, const char *missing)
{
    if (missing)
        fprintf(out, "%*s", width, missing);
    else if (isnan(v))
        fprintf(out, "%*s", width, "-");
    else
        fprintf(out, "%*.2f", width, v);
}

static void pct(FILE *out, double v, const char *sign)
{
    if (isnan(v))
        fprintf(out, "%10s", "-");
    else if (isinf(v))
        fprintf(out, "%10s", v > 0 ? "+inf" : "-inf");
    else
        fprintf(out, sign[0] ? "%+9.2f%%" : "%9.2f%%", v);
}

void cmp_print_table(FILE *out, const char *base_name, const struct cmp_file *base,
                     const char *new_name, const struct cmp_file *new_,
                     const struct cmp_gate *g, const struct cmp_result *r)
{
    heading(out, "base", base_name, base);
    heading(out, "new ", new_name, new_);
    if (strcmp(base->from, new_->from) || strcmp(base->to, new_->to) ||
        strcmp(base->core, new_->core))
        fputs("# note: the two measured different regions or cores\n", out);
    fprintf(out, "# moved: beyond %.2f%% of base", g->threshold);
    for (int i = 0; i < g->nnamed; i++)
        fprintf(out, "%s %s %.2f%%", i ? "," : " (", g->named[i].name, g->named[i].pct);
    fprintf(out, "%s and beyond the noise (twice the standard error of the "
            "difference), %s; improved: the other way\n", g->nnamed ? ")" : "",
            g->fail_on < 0 ? "the way that is worse for it"
            : g->fail_on == PMU_WORSE_ANY ? "either way"
            : g->fail_on == PMU_WORSE_INCREASE ? "up" : "down");
    fprintf(out, "%16s %16s %10s %10s  %-28s %s\n", "base", "new", "change",
            "noise", "event", "verdict");
    for (int i = 0; i < r->nrows; i++) {
        const struct cmp_row *x = &r->row[i];
        const char *gone = x->verdict != CMP_NOT_COUNTED ? NULL
                           : x->unsupported ? "<not supported>" : "<not counted>";
        num(out, x->base, 16, isnan(x->base) ? gone : NULL);
        fputc(' ', out);
        num(out, x->new_, 16, isnan(x->new_) ? gone : NULL);
        fputc(' ', out);
        pct(out, x->change_pct, "+");
        fputc(' ', out);
        if (isnan(x->noise_pct) || x->metric)
            fprintf(out, "%10s", "-");
        else
            pct(out, x->noise_pct, "");
        fprintf(out, "  %-28s %s\n", x->name, cmp_verdict_name(x->verdict));
    }
}

static json_t *jnum(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

void cmp_print_json(FILE *out, const char *base_name, const char *new_name,
                    const struct cmp_gate *g, const struct cmp_result *r)
{
    json_t *root = json_object(), *ev = json_array(), *met = json_array();

    json_object_set_new(root, "base", json_string(base_name));
    json_object_set_new(root, "new", json_string(new_name));
    json_object_set_new(root, "threshold-percent", json_real(g->threshold));
    json_object_set_new(root, "moved", json_boolean(r->moved));
    for (int i = 0; i < r->nrows; i++) {
        const struct cmp_row *x = &r->row[i];
        json_t *o = json_object();
        json_object_set_new(o, x->metric ? "metric" : "event", json_string(x->name));
        json_object_set_new(o, "base", jnum(x->base));
        json_object_set_new(o, "new", jnum(x->new_));
        json_object_set_new(o, "change-percent", jnum(x->change_pct));
        if (!x->metric)
            json_object_set_new(o, "noise-percent", jnum(x->noise_pct));
        json_object_set_new(o, "threshold-percent", json_real(x->threshold));
        json_object_set_new(o, "fail-on", json_string(pmu_worse_name(x->fail_on)));
        json_object_set_new(o, "verdict", json_string(cmp_verdict_name(x->verdict)));
        json_array_append_new(x->metric ? met : ev, o);
    }
    json_object_set_new(root, "events", ev);
    json_object_set_new(root, "metrics", met);
    json_dumpf(root, out, JSON_INDENT(2));
    fputc('\n', out);
    json_decref(root);
}
