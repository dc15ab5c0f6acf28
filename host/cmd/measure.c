/*
 * cmd/measure.c - "pmuctl measure": input checks, the run, the report.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "cmd/measure_sweep.h"
#include "cmd/common.h"
#include "elf/elfcheck.h"
#include "elf/elfsym.h"
#include "measure/measure.h"
#include "report/cost.h"
#include "report/modes.h"
#include "session/io.h"
#include "session/simulator.h"

#define DEFAULT_EVENTS "cycles,instructions"

static struct elfsym elf;
static int have_elf;
static unsigned long from_addr, to_addr;

int cmd_measure_check(const struct cli *c)
{
    char err[512];

    if (c->elf) {
        if (elfsym_open(&elf, c->elf, err, sizeof err)) {
            pmuctl_error("%s", err);
            return PMUCTL_EXIT_USAGE;
        }
        have_elf = 1;
        if (c->nsweep && sweep_prepare(c, &elf))
            return PMUCTL_EXIT_USAGE;
    }
    if (loc_resolve(c->from, have_elf ? &elf : NULL, &from_addr, err, sizeof err) ||
        loc_resolve(c->to, have_elf ? &elf : NULL, &to_addr, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->output) {
        /* Refuse now rather than after the run. */
        FILE *f = fopen(c->output, "a");
        if (!f) {
            pmuctl_error("cannot write '%s'", c->output);
            return PMUCTL_EXIT_USAGE;
        }
        fclose(f);
    }
    return 0;
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
    r->from = x->c->from;
    r->to = x->c->to;
    r->from_addr = from_addr;
    r->to_addr = to_addr;
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

int cmd_measure(const struct cli *c, struct target *t)
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
    if (have_elf)
        elfsym_close(&elf);
    return rc;
}
