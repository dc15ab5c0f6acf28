/*
 * cmd/stat.c - "pmuctl stat": the program counted from where it is to its
 * end, as perf stat counts a command; -I prints each interval's counts
 * as the program runs (stat/run.c, stat/print.c; docs/pmuctl.md "stat").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "elf/elfsym.h"
#include "pmu/perfctl.h"
#include "report/cost.h"
#include "session/simulator.h"
#include "session/stop.h"
#include "stat/print.h"
#include "stat/trace_json.h"

#define DEFAULT_EVENTS "cycles,instructions"
/* A multiplexed group's turn: long enough that a halt (a round trip and
 * a few register writes) is a small part of it, short enough that a run
 * of a second gives every group several turns. */
#define SLICE_MS 100
/* -I's least when pmuctl halts for each interval: perf stat's. */
#define MIN_HALTING_MS 10
/* Where start-up code ends the program (stub/include/pmustub/stub.h): a
 * breakpoint on it ends the count before the stub's exit path runs. */
#define EXIT_SYMBOL "pmustub_exit"
/* A target whose description has no PMU pmuctl knows: what the output
 * says instead of where the counts come from. */
#define NO_COUNTERS "no counts: the target publishes no performance " \
    "counters (none in its description)"

static struct elfsym elf;
static int have_elf;
static unsigned long exit_addr;

static int prepare(const struct cli *c)
{
    int rc;
    if (c->elf) {
        if ((rc = cmd_open_elf(c->elf, &elf)))
            return rc;
        have_elf = 1;
        if (elfsym_lookup(&elf, EXIT_SYMBOL, &exit_addr))
            exit_addr = 0;
    }
    /* Refused now rather than after the run. */
    if ((rc = cmd_writable(c->output)) || (rc = cmd_writable(c->trace_json)))
        return rc;
    return 0;
}

/* Where -I's intervals go: the output, and --trace-json's file. */
struct sinks {
    struct stat_print *p;
    FILE *trace;
    int supported[EVENTS_MAX];
    double last_s;
};

static void on_interval(void *ctx, const struct stat_interval *iv)
{
    struct sinks *k = ctx;
    stat_print_interval(k->p, iv);
    if (k->trace)
        trace_json_interval(k->trace, k->p->n, k->p->label, k->supported, iv,
                            k->last_s);
    k->last_s = iv->t_s;
}

/* -I on the target (stat/ring.c) where it can be: the clock's period in
 * cycles into o, or why not (o->halts_because) and pmuctl halts. */
static void choose_intervals(const struct cli *c, const struct target *t,
                             const struct event_list *l, struct stat_opts *o)
{
    const struct pmuctl_cost_table *costs;
    const char *have;
    double mhz = c->mhz;
    const char *assumed = NULL;
    int clock = -1;

    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->e[i].ev.name, "cycles"))
            clock = i;
    if (!t->access) {
        o->halts_because = NO_COUNTERS;
        return;
    }
    if (!mhz && (costs = cost_table(t->pmu.core, &have))) {
        /* The clock perfex -y's costs are priced at (target-xml/
         * cores.toml, costs.mhz): a clock such a core ran at, not
         * necessarily this one's, so the output says it was assumed. */
        mhz = costs->mhz;
        assumed = "the clock pmuctl's cost table prices the core at";
    }
    if (t->access->halt_sampling)
        o->halts_because = "the counters are reached through the debugger "
                           "(OpenOCD), with no stub on the target to time "
                           "intervals";
    else if (!t->sampling.interval_offered)
        o->halts_because = "the target offers no intervals of its own "
                           "(pmustub built with PMUSTUB_STAT_INTERVALS)";
    else if (l->ngroups > 1)
        o->halts_because = "the events take turns (more groups than counters)";
    else if (clock < 0)
        o->halts_because = "the events have no cycles to time the intervals";
    else if (!(mhz > 0))
        o->halts_because = "the core's clock is not known: --mhz MHZ";
    else if (l->n > 4 || t->wide_reg[l->e[clock].counter] < 0 ||
             t->cnt_reg[l->e[clock].counter] < 0)
        o->halts_because = "the target has no 64-bit counts to send";
    else if (c->interval_ms * mhz * 1e3 >= 2147483648.0)
        o->halts_because = "the interval is longer than 2^31 cycles";
    else {
        o->ring_period = (unsigned long)(c->interval_ms * mhz * 1e3 + 0.5);
        o->ring_clock = clock;
        o->ring_mhz = mhz;
        o->ring_mhz_assumed = assumed;
    }
}

static int open_out(const char *path, FILE **f)
{
    *f = fopen(path, "w");
    if (!*f)
        pmuctl_error("cannot write '%s'", path);
    return *f ? 0 : PMUCTL_EXIT_USAGE;
}

/* The events of a target with no counters (QEMU's cores): each as asked
 * (name:modes; groups' braces dropped), all <not supported>. The run is
 * still resumed, timed, ended and reported, as perf stat does where the
 * machine has no counters. */
static int uncounted_events(const char *spec, struct stat_print *p,
                            char labels[][112], char names[][112])
{
    int n = 0;
    for (const char *s = spec; *s;) {
        size_t len = strcspn(s, ",{}");
        if (len) {
            if (n == EVENTS_MAX) {
                pmuctl_error("more than %d events", EVENTS_MAX);
                return PMUCTL_EXIT_USAGE;
            }
            snprintf(labels[n], 112, "%.*s", (int)len, s);
            snprintf(names[n], 112, "%.*s", (int)strcspn(labels[n], ":"), labels[n]);
            p->label[n] = labels[n];
            p->event[n] = names[n];
            p->counting[n] = "none";
            n++;
        }
        s += len + (s[len] != 0);
    }
    if (!n) {
        pmuctl_error("no event given");
        return PMUCTL_EXIT_USAGE;
    }
    p->n = n;
    return 0;
}

static int run_stat(const struct cli *c, struct target *t)
{
    static struct event_list l;
    static struct stat_result r;
    static char counts_from[512], labels[EVENTS_MAX][112], names[EVENTS_MAX][112];
    static struct stat_print p;
    static struct sinks k;
    struct stat_opts o = {0};
    struct stop here;
    char err[512];
    int rc;

    if (have_elf && (rc = cmd_check_elf(c->elf, &elf, t, c->run_timeout_ms)))
        return rc;
    const char *spec = c->events ? c->events : DEFAULT_EVENTS;
    unsigned modes = t->access ? perfctl_default_modes(t->pmu.lay) : 0;
    memset(&l, 0, sizeof l);
    memset(&p, 0, sizeof p);
    if (!t->access)
        rc = uncounted_events(spec, &p, labels, names);
    else if ((rc = events_parse(&l, spec, t->pmu.cat, t->pmu.lay, modes, err,
                                sizeof err) ||
              events_assign(&l, t->pmu.n_counters, err, sizeof err))) {
        pmuctl_error("%s", err);
        rc = PMUCTL_EXIT_USAGE;
    }
    if (rc)
        return rc;
    memset(&here, 0, sizeof here);
    if ((rc = target_read_pc(t, &here)))
        return cmd_fail(t, rc);
    if (have_elf)
        t->big_endian = elf.big_endian;

    FILE *f = stdout;
    memset(&k, 0, sizeof k);
    if ((c->output && (rc = open_out(c->output, &f))) ||
        (c->trace_json && (rc = open_out(c->trace_json, &k.trace))))
        return rc;
    if (t->access)
        target_counts_from(t, c->label, counts_from, sizeof counts_from);
    else
        snprintf(counts_from, sizeof counts_from, "%s%s%s", c->label ? c->label : "",
                 c->label ? "; " : "", NO_COUNTERS);
    p.f = f;
    p.sep = c->sep;
    p.json = c->json;
    p.counts_from = counts_from;
    p.no_counters = !t->access;
    p.core = t->pmu.core;
    p.simulator = t->sim.name[0] ? t->sim.name : NULL;
    p.start_pc = here.pc;
    if (t->access)
        p.n = l.n;
    p.ngroups = l.ngroups;
    for (int i = 0; i < l.n; i++) {
        events_label(&l, i, t->pmu.lay, modes, labels[i], sizeof labels[i]);
        p.label[i] = labels[i];
        p.event[i] = l.e[i].ev.name;
        p.counting[i] = target_sim_counting(t, l.e[i].ev.name);
        k.supported[i] = !p.counting[i] || strcmp(p.counting[i], "none");
    }
    k.p = &p;
    if (k.trace)
        trace_json_begin(k.trace, c->elf ? c->elf : t->pmu.core);

    o.interval_ms = c->interval_ms;
    o.duration_ms = c->duration_ms;
    o.slice_ms = SLICE_MS;
    o.exit_addr = exit_addr;
    o.run_timeout_ms = c->run_timeout_ms;
    if (c->interval_ms)
        choose_intervals(c, t, &l, &o);
    if (c->interval_ms && c->interval_ms < MIN_HALTING_MS && !o.ring_period) {
        pmuctl_error("-I %d: below %d ms the intervals are only timed on the "
                     "target, and here pmuctl would halt the program: %s",
                     c->interval_ms, MIN_HALTING_MS, o.halts_because);
        return PMUCTL_EXIT_USAGE;
    }
    if (!c->no_progress && isatty(2))
        fprintf(stderr, "pmuctl stat: counting from 0x%08lx until the program "
                "ends%s (Ctrl-C stops)\n", here.pc,
                c->duration_ms ? " or --duration passes" : "");
    rc = stat_run(t, &l, &o, &r, on_interval, &k);
    if (rc && rc != PMUCTL_EXIT_INTERRUPTED)
        pmuctl_error("%s", t->err);
    else
        stat_print_totals(&p, &r);
    if (!rc && r.end == STAT_EXITED && !exit_addr && t->access)
        fprintf(stderr, "pmuctl stat: the counts run to where pmustub_exit "
                "froze the counters, a few of the stub's instructions after "
                "the program's last; --elf FILE ends them at its entry\n");
    if (f != stdout)
        fclose(f);
    if (k.trace) {
        trace_json_end(k.trace);
        fclose(k.trace);
    }
    if (have_elf)
        elfsym_close(&elf);
    return rc;
}

static int set_interval(struct cli *c, const struct cli_opt *o, const char *arg,
                        char *err, size_t errlen)
{
    char *end;
    long ms = strtol(arg, &end, 10);
    (void)o;
    if (*end || end == arg || ms < 1 || ms > 3600000) {
        snprintf(err, errlen, "-I wants milliseconds between prints, 1 to "
                 "3600000 (below 10, perf stat's least, only timed on the "
                 "target), not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    c->interval_ms = (int)ms;
    return 0;
}

static const struct cli_rule rules[] = {
    {"json", "field-separator", 0, "--json and -x are two output formats: "
     "choose one"},
    {"trace-json", "interval-print", 1, "--trace-json writes -I's intervals: "
     "it needs -I MS"},
    {"mhz", "interval-print", 1, "--mhz times -I's intervals: it needs -I MS"},
    {0},
};

static const struct cli_opt opts[] = {
    CLI_STRING('e', "events", "LIST", events,
               "EVENT[:MODES],... ; {A,B} counts A and B together (default "
               "cycles,instructions); more groups than the counters hold "
               "take turns, their counts scaled by the time each ran"),
    CLI_CUSTOM('I', "interval-print", "MS", set_interval,
               "print each event's count every MS milliseconds: of the "
               "target's time, timed and sent by the stub while the program "
               "runs, where it can (with cycles among the events and the "
               "core's clock known); else host time, read while pmuctl "
               "halts the program"),
    CLI_CUSTOM(0, "mhz", "MHZ", cli_set_mhz,
               "the core's clock, for -I on the target (default: the "
               "registry's, where it has one)"),
    CLI_SECONDS(0, "duration", duration_ms,
                "stop counting after SEC seconds (the program is left "
                "stopped there, or running if pmuctl found it running)"),
    CLI_STRING(0, "elf", "FILE", elf,
               "the program running on the target: checked first (qCRC), "
               "and its pmustub_exit ends the count exactly at the program's "
               "last instruction"),
    CLI_FLAG(0, "json", json, "one JSON object a line: each event (and -I "
             "interval), then the run"),
    CLI_CUSTOM('x', "field-separator", "SEP", cli_set_separator,
               "one line per event: [time,] value, unit, event, run time, "
               "percentage, metric value, metric unit, simulated; separated "
               "by SEP"),
    CLI_STRING('o', "output", "FILE", output, "write the results to FILE"),
    CLI_STRING(0, "trace-json", "FILE", trace_json,
               "also write -I's intervals as Chrome/Perfetto trace-event JSON "
               "(a counter track per event) to FILE"),
    CLI_STRING(0, "label", "TEXT", label,
               "say where the counts come from (a board's name); a "
               "simulator's counts are labelled simulated anyway"),
    CLI_SECONDS(0, "run-timeout", run_timeout_ms,
                "wait this long for a stop the run asks for (default 60)"),
    CLI_FLAG(0, "no-progress", no_progress, "no start line on a terminal"),
    CLI_END,
};

const struct cli_command cmd_stat = {
    .name = "stat",
    .summary = "count the program from where it is to its end",
    .about = "Resumes the program and counts the events until it ends, "
             "--duration passes or Ctrl-C (status 130), then prints the "
             "totals as perf stat does, with the program's exit status. "
             "Each read (-I, and a group's turn) halts the program briefly; "
             "the halts count nothing and the output says how many there "
             "were. The counters are put back at the end.",
    .target = CLI_TARGET_ANY_PMU,
    .opts = opts,
    .rules = rules,
    .prepare = prepare,
    .run = run_stat,
};
