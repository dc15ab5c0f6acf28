/*
 * cmd/report.c - "pmuctl report": a record file's samples per function
 * and per source line (perf report --stdio's table), as JSON, or as
 * folded stacks for a flame graph. No target.
 */
#include <stdio.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "sample/attrib.h"
#include "sample/profile.h"

int cmd_report(const struct cli *c)
{
    static struct sample_data d;
    struct profile p;
    struct attrib *a = NULL;
    char err[512];
    const char *in = c->input ? c->input : "pmuctl.data";
    const char *elf = c->elf;
    FILE *f;
    int rc = 0;

    if (sample_read(&d, in, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (!elf && d.elf[0])
        elf = d.elf;
    if (elf && !(a = attrib_open(elf, err, sizeof err)))
        fprintf(stderr, "pmuctl: %s; addresses only\n", err);
    if (profile_build(&p, &d, a)) {
        pmuctl_error("out of memory");
        rc = PMUCTL_EXIT_USAGE;
    } else if (!(f = c->output ? fopen(c->output, "w") : stdout)) {
        pmuctl_error("cannot write '%s'", c->output);
        rc = PMUCTL_EXIT_USAGE;
    } else {
        if (c->json)
            profile_print_json(f, &p);
        else if (c->folded)
            profile_print_folded(f, &p);
        else
            profile_print_table(f, &p, c->sort_line ? PROFILE_BY_LINE
                                                     : PROFILE_BY_FUNCTION);
        if (f != stdout)
            fclose(f);
    }
    profile_free(&p);
    attrib_close(a);
    sample_free(&d);
    return rc;
}
