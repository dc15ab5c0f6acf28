/*
 * cmd/measure.c - "pmuctl measure": input checks, the run, the report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "cmd/measure_sweep.h"
#include "cmd/common.h"
#include "elf/elfcheck.h"
#include "elf/elfsym.h"
#include "elf/location.h"
#include "measure/measure.h"
#include "report/cost.h"
#include "report/modes.h"
#include "session/io.h"
#include "session/simulator.h"

#define DEFAULT_EVENTS "cycles,instructions"

static struct elfsym elf;
static int have_elf;
static unsigned long from_addr, to_addr;

/* --function NAME: the bracket starts at its symbol's address, the
 * function's first instruction, where the return address is still in its
 * register (measure/function.c). */
static int resolve_function(const struct cli *c, char *err, size_t errlen)
{
    if (!have_elf) {
        snprintf(err, errlen, "--function needs --elf FILE: the function's "
                 "address comes from the program's ELF");
        return -1;
    }
    if (!elfsym_find(&elf, c->function)) {
        snprintf(err, errlen, "--function: no symbol '%s' in the ELF",
                 c->function);
        return -1;
    }
    to_addr = 0;
    return loc_resolve(c->function, &elf, &from_addr, err, errlen);
}

static int resolve_region(const struct cli *c, char *err, size_t errlen)
{
    if (!c->from || !c->to) {
        snprintf(err, errlen, "measure needs a region: --from LOC and --to "
                 "LOC, or --function NAME");
        return -1;
    }
    if (location_resolve("--from", c->from, c->elf, have_elf ? &elf : NULL,
                         &from_addr, err, errlen) ||
        location_resolve("--to", c->to, c->elf, have_elf ? &elf : NULL,
                         &to_addr, err, errlen))
        return -1;
    if (from_addr == to_addr)
        fprintf(stderr, "pmuctl: --from and --to are both 0x%08lx: each "
                "iteration counts from one arrival there to the next (a "
                "loop's pass; through a function, its entry to its next "
                "call's entry); to count a function's call from its entry to "
                "its return, use --function NAME\n", from_addr);
    return 0;
}

static int prepare(const struct cli *c)
{
    char err[512];
    int rc;

    if (c->elf) {
        if ((rc = cmd_open_elf(c->elf, &elf)))
            return rc;
        have_elf = 1;
        if (c->nsweep && sweep_prepare(c, &elf))
            return PMUCTL_EXIT_USAGE;
    }
    if (c->function ? resolve_function(c, err, sizeof err)
                    : resolve_region(c, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    return cmd_writable(c->output); /* refused now rather than after the run */
}

/* What one measurement needs, for each point of a sweep. */
struct one {
    const struct cli *c;
    struct target *t;
    const struct event_list *l;
    const struct measure_opts *o;
    unsigned modes;
    int nmodes; /* --modes sweep: columns a row, else 0 */
    const char *counts_from;
};

static int measure_one(void *ctx, struct result *r)
{
    const struct one *x = ctx;
    int rc;

    memset(r, 0, sizeof *r);
    r->core = x->t->pmu.core;
    r->requested = x->o->iterations;
    r->counts_from = x->counts_from;
    r->simulator = x->t->sim.name[0] ? x->t->sim.name : NULL;
    r->from = x->c->function ? x->c->function : x->c->from;
    r->to = x->c->function ? "its return (each outermost call)" : x->c->to;
    r->from_addr = from_addr;
    r->to_addr = to_addr;
    r->function = x->c->function != NULL;
    rc = measure_run(x->t, x->l, x->o, r);
    for (int i = 0; i < x->l->n; i++) {
        events_label(x->l, i, x->t->pmu.lay, x->modes, r->ev[i].label,
                     sizeof r->ev[i].label);
        r->ev[i].counting = target_sim_counting(x->t, r->ev[i].event);
        r->ev[i].mode = x->l->e[i].sweep_mode;
        r->ev[i].row = x->l->e[i].sweep_row;
    }
    r->modes_swept = x->nmodes;
    return rc;
}

static const struct pmuctl_cost_table *costs; /* --cost */
static double cost_mhz;

static void write_report(const struct cli *c, const struct result *r, FILE *f)
{
    if (c->json)
        report_json(f, r);
    else if (c->sep)
        report_separated(f, r, c->sep);
    else if (r->modes_swept)
        report_modes_table(f, r);
    else
        report_table(f, r);
    if (costs && c->sep)
        report_cost_separated(f, r, costs, cost_mhz, c->sep);
    else if (costs && !c->json)
        report_cost_table(f, r, costs, cost_mhz);
}

/* --cost: the core's cost table (perfex -y's are the R10000's and
 * R12000's) and the clock it is priced at. */
static int want_costs(const struct cli *c, const char *core)
{
    const char *have;
    costs = NULL;
    if (!c->cost)
        return 0;
    if (c->json) {
        pmuctl_error("--cost prints a table (or -x lines), not JSON");
        return -1;
    }
    costs = cost_table(core, &have);
    if (!costs) {
        pmuctl_error("--cost: the registry has no cost table for the %s (perfex "
                     "-y's costs: %s)", core, have);
        return -1;
    }
    cost_mhz = c->mhz > 0 ? c->mhz : costs->mhz;
    return 0;
}

#define SWEEP_MAX 8

/* --modes sweep[=WORDS]: each event once per mode. */
static int sweep_modes(const char *arg, struct target *t, struct event_list *l,
                       int *nmodes, char *err, size_t errlen)
{
    unsigned bits[SWEEP_MAX];
    const char *words[SWEEP_MAX];
    int n = perfctl_sweep_modes(t->pmu.lay, arg[5] == '=' ? arg + 6 : NULL, bits,
                                words, SWEEP_MAX, err, errlen);
    if (n < 0 || events_sweep(l, bits, words, n, err, errlen))
        return -1;
    *nmodes = n;
    return 0;
}

static int is_sweep(const char *modes)
{
    return modes && !strncmp(modes, "sweep", 5) && (!modes[5] || modes[5] == '=');
}

static int run_measure(const struct cli *c, struct target *t)
{
    static struct event_list l;
    static struct result r;
    static char counts_from[512];
    struct measure_opts o = {0};
    char err[512];
    unsigned modes;
    int rc, nmodes;

    if (have_elf && (rc = cmd_check_elf(c->elf, &elf, t, c->run_timeout_ms)))
        return rc;

    modes = perfctl_default_modes(t->pmu.lay);
    nmodes = 0;
    if (want_costs(c, t->pmu.core))
        return PMUCTL_EXIT_USAGE;
    if ((c->modes && !is_sweep(c->modes) &&
         perfctl_parse_modes(t->pmu.lay, c->modes, &modes, err, sizeof err)) ||
        events_parse(&l, c->events ? c->events : DEFAULT_EVENTS, t->pmu.cat,
                     t->pmu.lay, modes, err, sizeof err) ||
        (is_sweep(c->modes) && sweep_modes(c->modes, t, &l, &nmodes, err, sizeof err)) ||
        events_assign(&l, t->pmu.n_counters, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    o.from = from_addr;
    o.to = to_addr;
    o.function = c->function != NULL;
    o.iterations = c->iterations ? c->iterations : 1;
    if (o.iterations < (unsigned long)l.ngroups) {
        if (c->iterations)
            fprintf(stderr, "pmuctl: %d event groups need %d iterations; "
                    "running %d\n", l.ngroups, l.ngroups, l.ngroups);
        o.iterations = (unsigned long)l.ngroups;
    }
    o.calibrate = c->calibrate;
    o.trace = !c->no_trace;
    o.per_iteration = c->per_iteration;
    o.native = !c->no_native;
    o.run_timeout_ms = c->run_timeout_ms;
    o.progress = !c->no_progress && isatty(2) && o.iterations > 1;
    if (have_elf)
        t->big_endian = elf.big_endian;

    target_counts_from(t, c->label, counts_from, sizeof counts_from);
    struct one x = {c, t, &l, &o, modes, nmodes, counts_from};
    if (c->nsweep) {
        rc = sweep_measure(c, t, measure_one, &x, write_report);
        elfsym_close(&elf);
        return rc;
    }
    rc = measure_one(&x, &r);
    if (rc)
        pmuctl_error("%s", t->err);
    if (r.iterations > 0) {
        FILE *f = c->output ? fopen(c->output, "w") : stdout;
        if (!f) {
            pmuctl_error("cannot write '%s'", c->output);
            return rc ? rc : PMUCTL_EXIT_USAGE;
        }
        if (rc)
            fprintf(stderr, "pmuctl: %lu of %lu iterations completed; their "
                    "results:\n", r.iterations, o.iterations);
        write_report(c, &r, f);
        if (f != stdout)
            fclose(f);
    }
    result_free(&r);
    if (have_elf)
        elfsym_close(&elf);
    return rc;
}

static int set_repeat(struct cli *c, const struct cli_opt *o, const char *arg,
                      char *err, size_t errlen)
{
    (void)o;
    if (!cli_parse_count(arg, 100000000UL, &c->iterations)) {
        snprintf(err, errlen, "-r wants a number of iterations (1 ... 1e8), "
                 "not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

static int add_sweep(struct cli *c, const struct cli_opt *o, const char *arg,
                     char *err, size_t errlen)
{
    (void)o;
    if (c->nsweep == CLI_MAX_SWEEP) {
        snprintf(err, errlen, "at most %d --sweep", CLI_MAX_SWEEP);
        return PMUCTL_EXIT_USAGE;
    }
    c->sweep[c->nsweep++] = arg;
    return 0;
}

static const struct cli_rule rules[] = {
    {"from", "to", 1, "measure needs --to LOC"},
    {"to", "from", 1, "measure needs --from LOC"},
    {"function", "from", 0, "--function NAME is the region: no --from"},
    {"function", "to", 0, "--function NAME is the region: no --to"},
    {"function", "elf", 1, "--function needs --elf FILE: the function's "
     "address comes from the program's ELF"},
    {"mhz", "cost", 1, "--mhz is --cost's clock rate: it needs --cost"},
    {"sweep", "elf", 1, "--sweep needs --elf FILE: the variable's address and "
     "size come from the program's ELF"},
    {"no-trace", "no-native", 0, "--no-native chooses how tracepoints add up; "
     "--no-trace measures with breakpoints"},
    {"json", "field-separator", 0, "--json and -x are two output formats: "
     "choose one"},
    {0},
};

static const struct cli_opt opts[] = {
    {"from", 0, "LOC", "where the region starts, as GDB's break takes it: "
     "FILE:LINE, FUNCTION (after its prologue, where GDB stops), "
     "FILE:FUNCTION, *ADDRESS, 0xADDRESS or SYMBOL+OFFSET (all but addresses "
     "need --elf)", cli_set_string, offsetof(struct cli, from), 0, NULL},
    {"to", 0, "LOC", "where the region ends, as --from", cli_set_string,
     offsetof(struct cli, to), 0, NULL},
    CLI_STRING(0, "function", "NAME", function,
               "instead of --from/--to: each iteration is one outermost call "
               "of NAME, from its first instruction to its return (a "
               "recursive call inside it is part of it); with breakpoints"),
    CLI_STRING('e', "events", "LIST", events,
               "EVENT[:MODES],... ; {A,B} measures A and B together (default "
               "cycles,instructions); EVENT:tc=N, EVENT:vpe=N count one TC or "
               "VPE (the MT ASE's filter)"),
    CLI_CUSTOM('r', "repeat", "N", set_repeat,
               "iterations of the region (default 1; at least one per event "
               "group)"),
    CLI_STRING(0, "modes", "MODES", modes,
               "MIPS u,s,k,exl (default u,k); Power u,s and marked or unmarked "
               "(MSR[PMM]) (default u,s; under pmustub the program runs "
               "marked); sweep[=MODES]: each mode the core has (or those "
               "named) apart, one column per mode"),
    CLI_STRING(0, "elf", "FILE", elf,
               "the program running on the target, for symbols; checked first "
               "to be the program on the target (qCRC)"),
    CLI_FLAG(0, "calibrate", calibrate,
             "measure an empty bracket first (with a breakpoint); show raw "
             "and corrected values"),
    CLI_FLAG(0, "no-trace", no_trace,
             "breakpoints even where the stub offers tracepoints (two stops "
             "per iteration)"),
    CLI_FLAG(0, "per-iteration", per_iteration,
             "each iteration's counts too (JSON \"values\"; -x: a line each, "
             "the iteration first); with tracepoints, recorded in the trace "
             "buffer and read back (a run per buffer-full)"),
    CLI_FLAG(0, "no-native", no_native,
             "with tracepoints, add up with agent expressions even where the "
             "stub offers its native bracket"),
    CLI_CUSTOM(0, "sweep", "VAR=V1,V2,...", add_sweep,
               "write the program's variable VAR (needs --elf) before each "
               "value's iterations; one result per value; repeated: every "
               "combination; VAR is put back at the end"),
    CLI_FLAG(0, "cost", cost,
             "perfex -y: each event's minimum, typical and maximum time from "
             "the core's cost table (on a core without one, pmuctl names the "
             "cores with one)"),
    CLI_CUSTOM(0, "mhz", "MHZ", cmd_set_mhz,
               "--cost's clock rate (default: the registry's, 200)"),
    CLI_FLAG(0, "json", json, "the results as one JSON object"),
    CLI_CUSTOM('x', "field-separator", "SEP", cli_set_separator,
               "one line per event and metric in perf stat's field order: "
               "value, unit, event, spread, iterations counted, percent of "
               "iterations, metric value, metric unit, then how a simulator "
               "counted it and the raw mean (--calibrate), separated by SEP"),
    CLI_STRING('o', "output", "FILE", output, "write the results to FILE"),
    CLI_STRING(0, "label", "TEXT", label,
               "say where the counts come from (a board's name); a "
               "simulator's counts are labelled simulated anyway"),
    CLI_SECONDS(0, "run-timeout", run_timeout_ms,
                "wait this long for the program to reach a breakpoint or "
                "tracepoint (default 60)"),
    CLI_FLAG(0, "no-progress", no_progress, "no progress line on a terminal"),
    CLI_END,
};

const struct cli_command cmd_measure = {
    .name = "measure",
    .summary = "count a region of the program over N iterations",
    .about = "Counts the events between --from and --to over N iterations: "
             "with tracepoints where the stub offers them (it adds up the "
             "counts itself), else with breakpoints (docs/pmuctl.md). With "
             "--elf, the ELF is first checked to be the program on the "
             "target, before anything there changes.",
    .target = CLI_TARGET,
    .opts = opts,
    .rules = rules,
    .prepare = prepare,
    .run = run_measure,
};
