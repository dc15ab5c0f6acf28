/*
 * cmd/report.c - "pmuctl report": a record file's samples per function
 * and per source line (perf report --stdio's table), as JSON, or as
 * folded stacks for a flame graph. No target.
 */
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "elf/elfid.h"
#include "sample/attrib.h"
#include "sample/pprof.h"
#include "sample/profile.h"

/* Is elf the program the record file says was recorded? 0 if it is, if
 * the file does not say (older files), if it cannot be read (attrib_open
 * then says so), or with --force; else an error. */
static int same_program(const struct cli *c, const struct sample_data *d,
                        const char *in, const char *elf)
{
    struct elfsym e;
    struct elf_id id;
    char err[512], is[160], was[160];
    int rc;

    if (!d->has_program || elfsym_open(&e, elf, err, sizeof err))
        return 0;
    rc = elf_identity(elf, &e, &id, err, sizeof err);
    elfsym_close(&e);
    if (rc || elf_id_same(&id, &d->program))
        return 0;
    elf_id_format(&id, &d->program, is, sizeof is);
    elf_id_format(&d->program, &id, was, sizeof was);
    if (c->force) {
        fprintf(stderr, "pmuctl: %s is not the program recorded in %s (%s, "
                "recorded %s); attributing with it as --force asks\n", elf, in,
                is, was);
        return 0;
    }
    pmuctl_error("%s is not the program recorded in %s: its %s, the record's "
                 "%s; its symbols would name the wrong functions. Give the "
                 "recorded program with --elf, or --force to attribute with "
                 "this one anyway", elf, in, is, was);
    return PMUCTL_EXIT_USAGE;
}

static int run_report(const struct cli *c, struct target *t)
{
    static struct sample_data d;
    struct profile p;
    struct attrib *a = NULL;
    char err[512];
    const char *in = c->input ? c->input : "pmuctl.data";
    const char *elf = c->elf;
    FILE *f;
    int rc = 0;

    (void)t;
    if (sample_read(&d, in, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (!elf && d.elf[0])
        elf = d.elf;
    if (elf && (rc = same_program(c, &d, in, elf))) {
        sample_free(&d);
        return rc;
    }
    if (elf && !(a = attrib_open(elf, err, sizeof err)))
        fprintf(stderr, "pmuctl: %s; addresses only\n", err);
    if (c->pprof && pprof_write(&d, a, c->pprof, err, sizeof err)) {
        pmuctl_error("%s", err);
        rc = PMUCTL_EXIT_USAGE;
    } else if (c->pprof) {
        /* The profile file is the report asked for. */
    } else if (profile_build(&p, &d, a)) {
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
            profile_print_table(f, &p, (enum profile_sort)c->sort);
        if (f != stdout)
            fclose(f);
    }
    if (!c->pprof)
        profile_free(&p);
    attrib_close(a);
    sample_free(&d);
    return rc;
}

static int set_sort(struct cli *c, const struct cli_opt *o, const char *arg,
                    char *err, size_t errlen)
{
    (void)o;
    if (!strcmp(arg, "function"))
        c->sort = PROFILE_BY_FUNCTION;
    else if (!strcmp(arg, "line"))
        c->sort = PROFILE_BY_LINE;
    else if (!strcmp(arg, "addr"))
        c->sort = PROFILE_BY_ADDR;
    else {
        snprintf(err, errlen, "--sort wants function, line or addr, not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

static const struct cli_rule rules[] = {
    {"pprof", "json", 0, "--pprof writes a profile file instead of a report: "
     "no --json"},
    {"pprof", "folded", 0, "--pprof writes a profile file instead of a "
     "report: no --folded"},
    {"json", "folded", 0, "--json and --folded are two output formats: choose "
     "one"},
    {0},
};

static const struct cli_opt opts[] = {
    CLI_STRING('i', "input", "FILE", input,
               "the record file (default pmuctl.data)"),
    CLI_STRING(0, "elf", "FILE", elf,
               "the program, for function names and source lines (default: "
               "the one the record file names)"),
    CLI_CUSTOM(0, "sort", "function|line|addr", set_sort,
               "by function (default), by source line, or by instruction "
               "(address, symbol+offset, line)"),
    CLI_FLAG(0, "json", json, "the samples as one JSON object"),
    CLI_FLAG(0, "folded", folded,
             "folded stacks (a;b;c count), for flame graphs"),
    CLI_STRING('o', "output", "FILE", output, "write the report to FILE"),
    CLI_STRING(0, "pprof", "FILE", pprof,
               "write the samples to FILE in pprof's profile format (gzipped "
               "protobuf: functions, lines, samples and events), for go tool "
               "pprof and speedscope, instead of a report"),
    CLI_FLAG(0, "force", force,
             "attribute with --elf even when it is not the program recorded "
             "(a warning instead of a refusal)"),
    CLI_END,
};

const struct cli_command cmd_report = {
    .name = "report",
    .summary = "a record file's samples per function, line or stack",
    .about = "Prints a record file's samples per function or source line, "
             "as JSON, or as folded stacks for a flame graph "
             "(docs/record.md). Reads files only: no target.",
    .target = CLI_NO_TARGET,
    .opts = opts,
    .rules = rules,
    .run = run_report,
};
