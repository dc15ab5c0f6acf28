/*
 * cmd/measure.c - "pmuctl measure": input checks, the run, the report.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "elf/elfcheck.h"
#include "elf/elfsym.h"
#include "measure/measure.h"
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

static void write_report(const struct cli *c, const struct result *r, FILE *f)
{
    if (c->json)
        report_json(f, r);
    else if (c->sep)
        report_separated(f, r, c->sep);
    else
        report_table(f, r);
}

int cmd_measure(const struct cli *c, struct target *t)
{
    static struct event_list l;
    static struct result r;
    static char counts_from[512];
    struct measure_opts o = {0};
    char err[512];
    unsigned modes;
    int rc;

    if (have_elf && (rc = cmd_check_elf(c->elf, &elf, t)))
        return rc;

    modes = perfctl_default_modes(t->pmu.lay);
    if ((c->modes && perfctl_parse_modes(t->pmu.lay, c->modes, &modes, err, sizeof err)) ||
        events_parse(&l, c->events ? c->events : DEFAULT_EVENTS, t->pmu.cat,
                     t->pmu.lay, modes, err, sizeof err) ||
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

    memset(&r, 0, sizeof r);
    r.core = t->pmu.core;
    r.requested = o.iterations;
    target_counts_from(t, c->label, counts_from, sizeof counts_from);
    r.counts_from = counts_from;
    r.simulator = t->sim.name[0] ? t->sim.name : NULL;
    r.from = c->from;
    r.to = c->to;
    r.from_addr = from_addr;
    r.to_addr = to_addr;
    rc = measure_run(t, &l, &o, &r);
    for (int i = 0; i < l.n; i++) {
        events_label(&l, i, t->pmu.lay, modes, r.ev[i].label, sizeof r.ev[i].label);
        r.ev[i].counting = target_sim_counting(t, r.ev[i].event);
    }
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
