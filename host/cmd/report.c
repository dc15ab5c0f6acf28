/*
 * cmd/report.c - "pmuctl report": a record file's samples per function
 * and per source line (perf report --stdio's table), as JSON, or as
 * folded stacks for a flame graph. No target.
 */
#include <jansson.h>
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

/* One event's samples printed as c asks; root: the event's name as the
 * folded stacks' root frame (a record of several events). */
static int print_event(const struct cli *c, FILE *f, const struct sample_data *one,
                       struct attrib *a, json_t *all, const char *root)
{
    struct profile p;

    if (profile_build(&p, one, a)) {
        profile_free(&p);
        return -1;
    }
    if (all)
        json_array_append_new(all, profile_json(&p));
    else if (c->folded)
        profile_print_folded(f, &p, root);
    else
        profile_print_table(f, &p, (enum profile_sort)c->sort);
    profile_free(&p);
    return 0;
}

/* Each event's samples apart, as perf report prints a section per event:
 * a table each, JSON's objects in "events", folded stacks under the
 * event's name. A record of one event prints as it always has. */
static int print_events(const struct cli *c, FILE *f, const struct sample_data *d,
                        struct attrib *a)
{
    json_t *all = c->json ? json_array() : NULL;
    int rc = 0;

    for (unsigned e = 0; e < d->n_ev && !rc; e++) {
        struct sample_data one;
        if (e && !c->json && !c->folded)
            fputc('\n', f);
        rc = sample_select(d, e, &one) ||
             print_event(c, f, &one, a, all, d->n_ev > 1 ? one.ev[0].name : NULL);
        sample_free(&one);
    }
    if (all && !rc) {
        json_t *o = d->n_ev > 1 ? json_pack("{s:o}", "events", all)
                                : json_incref(json_array_get(all, 0));
        if (d->n_ev > 1)
            all = NULL; /* o owns it */
        json_dumpf(o, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                             JSON_REAL_PRECISION(6));
        fputc('\n', f);
        json_decref(o);
    }
    json_decref(all);
    return rc;
}

static int run_report(const struct cli *c, struct target *t)
{
    static struct sample_data d;
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
    } else if (!(f = c->output ? fopen(c->output, "w") : stdout)) {
        pmuctl_error("cannot write '%s'", c->output);
        rc = PMUCTL_EXIT_USAGE;
    } else {
        if (print_events(c, f, &d, a)) {
            pmuctl_error("out of memory");
            rc = PMUCTL_EXIT_USAGE;
        }
        if (f != stdout)
            fclose(f);
    }
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
