/*
 * cmd/compare.c - pmuctl compare BASE.json NEW.json [--threshold PCT]
 * [--json] [-o FILE]: no target; exit 0 when nothing moved, 5 when
 * something did (a CI job gates on it), 2 for a file it cannot read.
 */
#include <stdio.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "report/compare.h"

int cmd_compare(const struct cli *c)
{
    static struct cmp_file base, new_;
    static struct cmp_result r;
    char err[512];
    FILE *out = stdout;

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
