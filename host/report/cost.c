/*
 * report/cost.c - perfex -y's estimates (IRIX perfex(1), seed 002, "COST
 * ESTIMATE OPTIONS"): a time per event, its count times the table's
 * minimum, typical and maximum cost at the CPU's clock, "sorted from most
 * costly to least costly"; the costs are estimates and overlap, so the
 * totals usually exceed the run time (perfex(1) says so too).
 */
#include "report/cost.h"

#include <stdlib.h>
#include <string.h>

const struct pmuctl_cost_table *cost_table(const char *core, const char **cores)
{
    static char names[64];
    names[0] = 0;
    for (int i = 0; i < PMUCTL_COST_TABLE_COUNT; i++) {
        if (!strcmp(pmuctl_cost_tables[i].core, core))
            return &pmuctl_cost_tables[i];
        size_t at = strlen(names);
        snprintf(names + at, sizeof names - at, "%s%s", at ? ", " : "",
                 pmuctl_cost_tables[i].core);
    }
    if (cores)
        *cores = names;
    return NULL;
}

static const struct pmuctl_cost *row_of(const struct pmuctl_cost_table *t,
                                        const char *event)
{
    for (unsigned i = 0; i < t->n; i++)
        if (!strcmp(t->rows[i].event, event))
            return &t->rows[i];
    return NULL;
}

static int by_typical(const void *a, const void *b)
{
    const struct cost_line *x = a, *y = b;
    int d = (x->us[1] < y->us[1]) - (x->us[1] > y->us[1]);
    return d ? d : strcmp(x->label, y->label);
}

int cost_compute(const struct result *r, const struct pmuctl_cost_table *t,
                 double mhz, struct cost_line *lines, double totals[3])
{
    totals[0] = totals[1] = totals[2] = 0;
    for (int i = 0; i < r->n; i++) {
        const struct result_event *e = &r->ev[i];
        const struct pmuctl_cost *c = row_of(t, e->event);
        const double cyc[3] = {c ? c->min : -1, c ? c->typical : -1,
                               c ? c->max : -1};
        struct cost_line *l = &lines[i];
        l->label = e->label;
        l->count = result_counted(e) && e->raw.n
                       ? result_value(e, r->calibrated) : -1;
        for (int k = 0; k < 3; k++) {
            /* cycles / (cycles per microsecond) */
            l->us[k] = l->count >= 0 && cyc[k] >= 0 ? l->count * cyc[k] / mhz : -1;
            if (l->us[k] >= 0)
                totals[k] += l->us[k];
        }
    }
    /* qsort is not stable: those without a typical time keep their order
     * by sorting only the lines that have one, moved to the front. */
    int n = 0;
    for (int i = 0; i < r->n; i++)
        if (lines[i].us[1] >= 0) {
            struct cost_line keep = lines[i];
            memmove(&lines[n + 1], &lines[n], (size_t)(i - n) * sizeof *lines);
            lines[n++] = keep;
        }
    qsort(lines, (size_t)n, sizeof *lines, by_typical);
    return r->n;
}

/* A line's count and its three times as printed ("-": not given). */
static void line_text(const struct cost_line *l, char c[32], char v[3][32])
{
    if (l->count < 0)
        snprintf(c, 32, "<not supported>");
    else
        report_count(c, 32, l->count);
    for (int k = 0; k < 3; k++) {
        if (l->us[k] < 0)
            snprintf(v[k], 32, "-");
        else
            snprintf(v[k], 32, "%.3f", l->us[k]);
    }
}

void report_cost_table(FILE *f, const struct result *r,
                       const struct pmuctl_cost_table *t, double mhz)
{
    static struct cost_line lines[EVENTS_MAX];
    double tot[3];
    int n = cost_compute(r, t, mhz, lines, tot), missing = 0;

    fprintf(f, " Estimated time per iteration at %g MHz (perfex -y): count x cost in "
            "cycles, the %s's cost table (target-xml/costs/%s.csv)\n\n", mhz,
            r->core, t->core);
    fprintf(f, "  %-28s %14s %14s %14s %14s\n", "event", "count", "typical us",
            "minimum us", "maximum us");
    for (int i = 0; i < n; i++) {
        char c[32], v[3][32];
        line_text(&lines[i], c, v);
        for (int k = 0; k < 3; k++)
            missing += lines[i].us[k] < 0;
        fprintf(f, "  %-28s %14s %14s %14s %14s\n", lines[i].label, c, v[1],
                v[0], v[2]);
    }
    fprintf(f, "  %-28s %14s %14.3f %14.3f %14.3f\n", "total", "", tot[1], tot[0],
            tot[2]);
    fprintf(f, "\n  estimates overlap: the totals usually exceed the run time%s\n\n",
            missing ? "; '-': no cost in the table (or not counted), left out "
                      "of the totals" : "");
}

void report_cost_separated(FILE *f, const struct result *r,
                           const struct pmuctl_cost_table *t, double mhz,
                           const char *sep)
{
    static struct cost_line lines[EVENTS_MAX];
    double tot[3];
    int n = cost_compute(r, t, mhz, lines, tot);

    for (int i = 0; i < n; i++) {
        char c[32], v[3][32];
        line_text(&lines[i], c, v);
        fprintf(f, "cost%s", sep);
        report_sep_field(f, lines[i].label, sep);
        fprintf(f, "%s%s%s%s%s%s%s%s%sus\n", sep, c, sep, v[0], sep, v[1], sep,
                v[2], sep);
    }
    fprintf(f, "cost%stotal%s%s%.3f%s%.3f%s%.3f%sus\n", sep, sep, sep, tot[0],
            sep, tot[1], sep, tot[2], sep);
}
