/*
 * cmd/compare.c - pmuctl compare BASE.json NEW.json [--threshold PCT]
 * [--json] [-o FILE]: no target; exit 0 when nothing moved, 5 when
 * something did (a CI job gates on it), 2 for a file it cannot read.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "report/compare.h"

static int run_compare(const struct cli *c, struct target *t)
{
    static struct cmp_file base, new_;
    static struct cmp_result r;
    char err[512];
    FILE *out = stdout;

    (void)t;
    if (cmp_load(c->args[0], &base, err, sizeof err) ||
        cmp_load(c->args[1], &new_, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    cmp_compute(&base, &new_, c->threshold, &r);
    if (c->output && !(out = fopen(c->output, "w"))) {
        pmuctl_error("cannot write %s", c->output);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->json)
        cmp_print_json(out, c->args[0], c->args[1], c->threshold, &r);
    else
        cmp_print_table(out, c->args[0], &base, c->args[1], &new_, c->threshold, &r);
    if (out != stdout && fclose(out)) {
        pmuctl_error("cannot write %s", c->output);
        return PMUCTL_EXIT_USAGE;
    }
    return r.moved ? PMUCTL_EXIT_CHANGED : PMUCTL_EXIT_OK;
}

static int set_threshold(struct cli *c, const struct cli_opt *o, const char *arg,
                         char *err, size_t errlen)
{
    char *end;
    (void)o;
    c->threshold = strtod(arg, &end);
    if (*end || end == arg || !(c->threshold >= 0 && c->threshold <= 1e6)) {
        snprintf(err, errlen, "--threshold wants a percentage (0 or more), "
                 "not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

static const struct cli_opt opts[] = {
    CLI_CUSTOM(0, "threshold", "PCT", set_threshold,
               "the change that counts, in percent (default 1)"),
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
             "runs' noise, for a CI job to gate on. Reads files only: no "
             "target.",
    .target = CLI_NO_TARGET,
    .opts = opts,
    .run = run_compare,
};
