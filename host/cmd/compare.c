/*
 * cmd/compare.c - pmuctl compare BASE.json NEW.json [--threshold [NAME=]PCT]...
 * [--fail-on increase|decrease|any] [--json] [-o FILE]: no target; exit 0
 * when nothing moved the failing way, 5 when something did (a CI job
 * gates on it), 2 for a file it cannot read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "report/compare.h"

/* A percentage (0 ... 1e6), or -1. */
static double percent(const char *arg)
{
    char *end;
    double v = strtod(arg, &end);
    return *end || end == arg || !(v >= 0 && v <= 1e6) ? -1 : v;
}

/* The gate the command line asks for (its arguments were checked). */
static void gate_of(const struct cli *c, struct cmp_gate *g)
{
    static char names[CLI_MAX_THRESHOLDS][CMP_NAME];
    g->threshold = c->threshold;
    g->fail_on = c->fail_on;
    g->nnamed = c->nthresholds;
    for (int i = 0; i < c->nthresholds; i++) {
        const char *eq = strrchr(c->thresholds[i], '=');
        snprintf(names[i], sizeof names[i], "%.*s", (int)(eq - c->thresholds[i]),
                 c->thresholds[i]);
        g->named[i].name = names[i];
        g->named[i].pct = percent(eq + 1);
    }
}

static int run_compare(const struct cli *c, struct target *t)
{
    static struct cmp_file base, new_;
    static struct cmp_result r;
    struct cmp_gate g;
    char err[512];
    FILE *out = stdout;

    (void)t;
    if (cmp_load(c->args[0], &base, err, sizeof err) ||
        cmp_load(c->args[1], &new_, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    gate_of(c, &g);
    cmp_compute(&base, &new_, &g, &r);
    if (c->output && !(out = fopen(c->output, "w"))) {
        pmuctl_error("cannot write %s", c->output);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->json)
        cmp_print_json(out, c->args[0], c->args[1], &g, &r);
    else
        cmp_print_table(out, c->args[0], &base, c->args[1], &new_, &g, &r);
    if (out != stdout && fclose(out)) {
        pmuctl_error("cannot write %s", c->output);
        return PMUCTL_EXIT_USAGE;
    }
    return r.moved ? PMUCTL_EXIT_CHANGED : PMUCTL_EXIT_OK;
}

/* --threshold PCT (every row) or NAME=PCT (that event's or metric's). */
static int set_threshold(struct cli *c, const struct cli_opt *o, const char *arg,
                         char *err, size_t errlen)
{
    const char *eq = strrchr(arg, '=');
    (void)o;
    if (percent(eq ? eq + 1 : arg) < 0 || (eq && (eq == arg || eq - arg >= CMP_NAME))) {
        snprintf(err, errlen, "--threshold wants a percentage (0 or more) or "
                 "EVENT=PCT, not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    if (!eq) {
        c->threshold = percent(arg);
        return 0;
    }
    if (c->nthresholds == CLI_MAX_THRESHOLDS) {
        snprintf(err, errlen, "at most %d --threshold EVENT=PCT", CLI_MAX_THRESHOLDS);
        return PMUCTL_EXIT_USAGE;
    }
    c->thresholds[c->nthresholds++] = arg;
    return 0;
}

static int set_fail_on(struct cli *c, const struct cli_opt *o, const char *arg,
                       char *err, size_t errlen)
{
    (void)o;
    for (int w = PMU_WORSE_INCREASE; w <= PMU_WORSE_ANY; w++) {
        if (!strcmp(arg, pmu_worse_name((enum pmu_worse)w))) {
            c->fail_on = w;
            return 0;
        }
    }
    snprintf(err, errlen, "--fail-on wants increase, decrease or any, not '%s'", arg);
    return PMUCTL_EXIT_USAGE;
}

static const struct cli_opt opts[] = {
    CLI_CUSTOM(0, "threshold", "[EVENT=]PCT", set_threshold,
               "the change that counts, in percent of base (default 1); "
               "EVENT=PCT: for that event or metric (repeatable)"),
    CLI_CUSTOM(0, "fail-on", "WAY", set_fail_on,
               "increase, decrease or any: the change that fails (default: "
               "each event's and metric's worse way, from the registry: more "
               "cycles or misses, a lower IPC or hit rate; any where it "
               "names none)"),
    CLI_FLAG(0, "json", json, "the comparison as one JSON object"),
    CLI_STRING('o', "output", "FILE", output, "write the comparison to FILE"),
    CLI_END,
};

const struct cli_command cmd_compare = {
    .name = "compare",
    .args = "BASE.json NEW.json",
    .min_args = 2,
    .max_args = 2,
    .summary = "two measure --json results side by side",
    .about = "Prints two measure --json results side by side; exit status 5 "
             "if an event moved beyond --threshold percent and beyond the "
             "runs' noise the way that fails (--fail-on; by default the way "
             "that is worse for it), for a CI job to gate on. Reads files "
             "only: no target.",
    .target = CLI_NO_TARGET,
    .opts = opts,
    .run = run_compare,
};
