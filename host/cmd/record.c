/*
 * cmd/record.c - "pmuctl record": a counter per event samples the program
 * every PERIOD of its events through the stub's overflow interrupt
 * (docs/record.md),
 * everywhere or between --from and --to (armed and disarmed by the stub at
 * two tracepoints); pmuctl drains the stub's buffer at each stop the stub
 * makes when it is full, and at the end: the program's exit, --samples,
 * --duration or Ctrl-C. Through OpenOCD, with no stub, each sample is a
 * halt instead (cmd/record_halt.c). The samples go to pmuctl.data (-o)
 * for report.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/record_halt.h"
#include "elf/elfid.h"
#include "elf/location.h"
#include "measure/group.h"
#include "pmustub/wire.h"
#include "report/cost.h"
#include "sample/data.h"
#include "sample/freq.h"
#include "session/counters.h"
#include "session/resume.h"
#include "session/sample.h"
#include "session/simulator.h"
#include "session/trace.h"

#define DEFAULT_EVENT "cycles:10007"
#define DEFAULT_OUTPUT "pmuctl.data"
#define DEFAULT_STACK_BYTES 256 /* --call-graph dwarf: perf's default is 8192 */
#define TP_FROM 1
#define TP_TO 2

static struct elfsym elf;
static unsigned long from_addr, to_addr;

static int prepare(const struct cli *c)
{
    const char *out = c->output ? c->output : DEFAULT_OUTPUT;
    char err[512];
    int existed;
    FILE *f;

    if (elfsym_open(&elf, c->elf, err, sizeof err) ||
        (c->from && location_resolve("--from", c->from, c->elf, &elf, &from_addr,
                                     err, sizeof err)) ||
        (c->to && location_resolve("--to", c->to, c->elf, &elf, &to_addr, err,
                                   sizeof err))) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (!c->from != !c->to || (c->from && from_addr == to_addr)) {
        pmuctl_error("record samples between two different locations: "
                     "--from LOC and --to LOC, or neither");
        return PMUCTL_EXIT_USAGE;
    }
    /* Writable before the target is touched; a file made for the test
     * goes again (a record with no sample writes none). */
    existed = access(out, F_OK) == 0;
    if (!(f = fopen(out, "a"))) {
        pmuctl_error("cannot write '%s'", out);
        return PMUCTL_EXIT_USAGE;
    }
    fclose(f);
    if (!existed)
        remove(out);
    return 0;
}

/* "EVENT[:MODES][:PERIOD]": the period is the last field when it is a
 * number (else *period is left as it is). */
static int split_period(const char *spec, size_t len, char *ev, size_t evlen,
                        unsigned long *period)
{
    const char *colon = NULL;
    char *end;

    for (const char *q = spec; q < spec + len; q++)
        if (*q == ':')
            colon = q;

    snprintf(ev, evlen, "%.*s", (int)len, spec);
    if (!colon || !isdigit((unsigned char)colon[1]))
        return 0;
    *period = strtoul(colon + 1, &end, 10);
    if (end != spec + len || *period == 0 || *period >= 0x80000000UL)
        return -1;
    ev[colon - spec] = 0;
    return 0;
}

/* The clock -F turns into a period: --mhz, else the registry's. */
static double core_mhz(const struct cli *c, const char *core)
{
    const char *have;
    const struct pmuctl_cost_table *costs = cost_table(core, &have);

    return c->mhz > 0 ? c->mhz : costs ? costs->mhz : 0;
}

/* -e "EVENT[:MODES][:PERIOD],...": the events into l, each on a counter of
 * its own, all at once (one group), their periods into d (the default,
 * or -F's for cycles). 0, or the error line's status. */
static int parse_events(const struct cli *c, struct target *t,
                        struct event_list *l, struct sample_data *d)
{
    const char *spec = c->events      ? c->events
                       : c->freq > 0 ? "cycles"
                                     : DEFAULT_EVENT;
    const char *p = spec;
    unsigned long period[SAMPLE_EVENTS_MAX];
    char names[512] = "", braced[sizeof names + 2], ev[128], err[512] = "";
    size_t at = 0;
    int n = 0;

    if (strchr(spec, '{')) {
        pmuctl_error("record's events are sampled together: -e EVENT[:PERIOD],"
                     "... without {...}");
        return PMUCTL_EXIT_USAGE;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        period[n] = 10007;
        if (n == SAMPLE_EVENTS_MAX) {
            pmuctl_error("record samples up to %d events at once (the stub's "
                         "counters for sampling)", SAMPLE_EVENTS_MAX);
            return PMUCTL_EXIT_USAGE;
        }
        if (split_period(p, len, ev, sizeof ev, &period[n])) {
            pmuctl_error("-e wants EVENT[:MODES][:PERIOD], a period of 1 to "
                         "2^31 - 1: not '%.*s'", (int)len, p);
            return PMUCTL_EXIT_USAGE;
        }
        if (c->freq > 0 && strlen(ev) == len &&
            sample_period_from_freq(ev, t->pmu.core, core_mhz(c, t->pmu.core),
                                    c->freq, &period[n], err, sizeof err)) {
            pmuctl_error("%s", err);
            return PMUCTL_EXIT_USAGE;
        }
        at += (size_t)snprintf(names + at, sizeof names - at, "%s%s",
                               n ? "," : "", ev);
        n++;
        if (!p[len])
            break;
        p += len + 1;
    }
    if (at >= sizeof names) {
        pmuctl_error("-e: the list is too long");
        return PMUCTL_EXIT_USAGE;
    }
    /* Braced: one group, every event on a counter at the same time. */
    snprintf(braced, sizeof braced, "{%s}", names);
    if (events_parse(l, n > 1 ? braced : names, t->pmu.cat, t->pmu.lay,
                     perfctl_default_modes(t->pmu.lay), err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (events_assign(l, t->pmu.n_counters, err, sizeof err)) {
        if (n > 1)
            pmuctl_error("%s do not fit the %s's counters together: %s", names,
                         t->pmu.core, err);
        else
            pmuctl_error("%s", err);
        return PMUCTL_EXIT_TARGET;
    }
    for (int i = 0; i < l->n; i++) {
        snprintf(d->ev[i].name, sizeof d->ev[i].name, "%s", l->e[i].ev.name);
        d->ev[i].period = period[i];
        d->ev[i].counter = (unsigned)l->e[i].counter;
    }
    d->n_ev = (unsigned)l->n;
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The buffer's samples into d, and the buffer emptied; *full: it was
 * full (the stub's stop for a drain). */
static int drain(struct target *t, struct sample_data *d, int *full)
{
    static uint8_t buf[1u << 20];
    struct sample_status st;
    int rc;

    if ((rc = target_sample_status(t, &st)))
        return rc;
    if (st.fill * sample_record_bytes(d) > sizeof buf) {
        snprintf(t->err, sizeof t->err, "the stub's buffer is larger than "
                 "pmuctl reads (%lu samples)", st.fill);
        return PMUCTL_EXIT_TARGET;
    }
    if ((rc = target_sample_read(t, &st, sample_record_bytes(d), buf)))
        return rc;
    if (sample_decode(d, buf, st.fill * sample_record_bytes(d), t->big_endian)) {
        snprintf(t->err, sizeof t->err, "out of memory, or a sample of a "
                 "counter pmuctl did not bind or a stack longer than bound");
        return PMUCTL_EXIT_TARGET;
    }
    d->lost += st.lost;
    *full = st.fill == st.size || st.lost;
    return st.fill || st.lost ? target_sample_reset(t) : 0;
}

static int arm(const struct cli *c, struct target *t, const struct sample_data *d)
{
    int rc;

    if (!c->from)
        return target_sample_bind(t, d, 0, 0);
    if ((rc = target_trace_init(t)) || (rc = target_trace_sign(t)) ||
        (rc = target_trace_point(t, TP_FROM, from_addr, 0, NULL, NULL, 0)) ||
        (rc = target_trace_point(t, TP_TO, to_addr, 0, NULL, NULL, 0)) ||
        (rc = target_sample_bind(t, d, TP_FROM, TP_TO)))
        return rc;
    return target_trace_start(t);
}

/* Runs until the end; rc of the run (0, interrupted ...). */
static int run(const struct cli *c, struct target *t, struct sample_data *d)
{
    double end = c->duration_ms ? now_s() + c->duration_ms / 1000.0 : 0;
    int progress = !c->no_progress && isatty(2);
    struct stop st;
    int rc, full;

    for (;;) {
        int left = end ? (int)((end - now_s()) * 1000) : -1;
        if (end && left <= 0)
            left = 1;
        rc = target_continue(t, &st, left);
        int stopped = rc == 0 || rc == PMUCTL_EXIT_INTERRUPTED ||
                      (rc == PMUCTL_EXIT_TIMEOUT && end);
        if (!stopped)
            return rc;
        int drc = drain(t, d, &full);
        if (drc)
            return drc;
        if (progress)
            fprintf(stderr, "\rpmuctl record: %zu samples", d->n);
        if (rc == PMUCTL_EXIT_TIMEOUT)
            return 0; /* --duration */
        if (rc || st.kind == 'W' || st.kind == 'X')
            return rc;
        if (c->max_samples && d->n >= c->max_samples) {
            /* the first N: a buffer-full may pass it */
            while (d->n > c->max_samples)
                free(d->s[--d->n].stack);
            return 0;
        }
        if (st.signal != 5 || !full) {
            snprintf(t->err, sizeof t->err, "the program stopped with signal "
                     "%d at 0x%08lx", st.signal, st.pc);
            return PMUCTL_EXIT_TARGET;
        }
        /* SIGTRAP with the buffer full: the stub's stop to drain it; on. */
    }
}

/* "N samples of EVENT, one every P" per event, then where they went. */
static void print_done(const struct sample_data *d, const char *out)
{
    fprintf(stderr, "pmuctl record: ");
    for (unsigned e = 0; e < d->n_ev; e++) {
        size_t n = 0;
        for (size_t i = 0; i < d->n; i++)
            n += d->s[i].event == e;
        fprintf(stderr, "%s%zu samples of %s, one every %lu", e ? "; " : "",
                n, d->ev[e].name, d->ev[e].period);
    }
    fprintf(stderr, "%s%s (%lu lost), written to %s\n",
            d->simulator[0] ? ", simulated by " : "", d->simulator, d->lost, out);
}

static int run_record(const struct cli *c, struct target *t)
{
    static struct event_list l;
    static struct sample_data d;
    char err[512] = "";
    const char *out = c->output ? c->output : DEFAULT_OUTPUT, *how;
    int rc, frozen, halting;

    halting = !t->sampling.offered && t->access && t->access->halt_sampling;
    if (t->sampling.old_format) {
        pmuctl_error("the stub on the target samples in an older form (%s: "
                     "two words a sample, no counter's number); link the "
                     "program with this pmuctl's pmustub to record",
                     PMUSTUB_FEATURE_SAMPLE_OLD);
        return PMUCTL_EXIT_TARGET;
    }
    if (!t->sampling.offered && !halting) {
        pmuctl_error("the target does not sample (no %s in qSupported): "
                     "sampling needs pmustub on the target, built with "
                     "PMUSTUB_SAMPLING, to take the counters' overflow "
                     "interrupt", PMUSTUB_FEATURE_SAMPLE);
        return PMUCTL_EXIT_TARGET;
    }
    if (c->call_graph_bytes && (halting || !t->sampling.stack_max)) {
        pmuctl_error("--call-graph dwarf needs the stub's copy of the stack "
                     "in each sample (%s in qSupported)%s",
                     PMUSTUB_FEATURE_SAMPLE_STACK, halting ? ", which a "
                     "record by halting has not" : ": link the program with "
                     "this pmuctl's pmustub");
        return PMUCTL_EXIT_TARGET;
    }
    if (c->call_graph_bytes > t->sampling.stack_max) {
        pmuctl_error("--call-graph dwarf,%lu: the stub copies at most %lu "
                     "bytes of stack a sample (%s=%lx)", c->call_graph_bytes,
                     t->sampling.stack_max, PMUSTUB_FEATURE_SAMPLE_STACK,
                     t->sampling.stack_max);
        return PMUCTL_EXIT_USAGE;
    }
    if (halting && c->from) {
        pmuctl_error("through %s record samples the whole run: --from and "
                     "--to need the stub's tracepoints", t->access->name);
        return PMUCTL_EXIT_USAGE;
    }
    if ((rc = cmd_check_elf(c->elf, &elf, t, c->run_timeout_ms)))
        return rc;
    t->big_endian = elf.big_endian;
    memset(&d, 0, sizeof d);
    if ((rc = parse_events(c, t, &l, &d)))
        return rc;
    if (halting && d.n_ev > 1) {
        pmuctl_error("through %s record samples one event: each sample is a "
                     "halt at the counter's interrupt vector, and the core's "
                     "Cause.PCI does not say which counter overflowed",
                     t->access->name);
        return PMUCTL_EXIT_USAGE;
    }
    /* measure's <not supported>: the simulator's counter of it never
     * moves, so no sample would ever come, however long the program ran. */
    for (int i = 0; i < l.n; i++)
        if ((how = target_sim_counting(t, l.e[i].ev.name)) && !strcmp(how, "none")) {
            pmuctl_error("%s does not model %s on the %s (<not supported>): "
                         "its counter never moves, so it cannot be sampled; "
                         "record an event it models (vboard --list-events)",
                         t->sim.name, l.e[i].ev.name, t->pmu.core);
            return PMUCTL_EXIT_TARGET;
        }
    d.stack_bytes = c->call_graph_bytes;
    snprintf(d.core, sizeof d.core, "%s", t->pmu.core);
    snprintf(d.simulator, sizeof d.simulator, "%s", t->sim.name);
    snprintf(d.elf, sizeof d.elf, "%s", c->elf);
    if (elf_identity(c->elf, &elf, &d.program, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    d.has_program = 1;
    if (c->from) {
        snprintf(d.from, sizeof d.from, "%s", c->from);
        snprintf(d.to, sizeof d.to, "%s", c->to);
    }
    /* The counters as found are put back at the end (target_leave). */
    if ((rc = target_save_pmu(t)) || (rc = target_frozen(t, &frozen)) ||
        (frozen == 1 && (t->saved.frozen = 1, rc = target_set_frozen(t, 0))) ||
        (rc = measure_program_group(t, &l, l.e[0].group)) ||
        (!halting && (rc = arm(c, t, &d))))
        return cmd_fail(t, rc);
    rc = halting ? record_halt_run(c, t, &d) : run(c, t, &d);
    if (isatty(2) && !c->no_progress)
        fputc('\n', stderr); /* after the progress line */
    if (rc)
        pmuctl_error("%s", t->err);
    if (rc && !d.n) {
        /* The error said why; no empty profile is written. */
    } else if (!d.n) {
        /* A run with no sample at all says nothing of where the events
         * are: an error, not an empty profile (and a file of before is
         * not overwritten). */
        pmuctl_error("no sample in the whole run: fewer than %lu %s%s%s%s%s, "
                     "or the counter's overflow interrupt does not reach the "
                     "stub; nothing written to %s", d.ev[0].period,
                     d.ev[0].name, d.from[0] ? " between " : " in the program",
                     d.from, d.from[0] ? " and " : "", d.to, out);
        rc = PMUCTL_EXIT_TARGET;
    } else if (sample_write(&d, out, err, sizeof err)) {
        pmuctl_error("%s", err);
        rc = rc ? rc : PMUCTL_EXIT_USAGE;
    } else {
        print_done(&d, out);
    }
    sample_free(&d);
    elfsym_close(&elf);
    return rc;
}

static int set_samples(struct cli *c, const struct cli_opt *o, const char *arg,
                       char *err, size_t errlen)
{
    (void)o;
    if (!cli_parse_count(arg, ULONG_MAX, &c->max_samples)) {
        snprintf(err, errlen, "--samples wants a number of samples, not '%s'",
                 arg);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

static int set_freq(struct cli *c, const struct cli_opt *o, const char *arg,
                    char *err, size_t errlen)
{
    char *end;
    (void)o;
    c->freq = strtod(arg, &end);
    if (*end || end == arg || !(c->freq > 0 && c->freq <= 1e9)) {
        snprintf(err, errlen, "-F wants samples a second, not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

/* perf record's --call-graph dwarf[,BYTES]: the stub copies BYTES of the
 * stack, from the stack pointer up, into each sample (a multiple of 4;
 * report unwinds them with the ELF's CFI, sample/unwind.c). */
static int set_call_graph(struct cli *c, const struct cli_opt *o,
                          const char *arg, char *err, size_t errlen)
{
    const char *bytes = NULL;
    (void)o;
    if (!strncmp(arg, "dwarf", 5) && (!arg[5] || arg[5] == ','))
        bytes = arg[5] ? arg + 6 : NULL;
    else
        goto bad;
    c->call_graph_bytes = DEFAULT_STACK_BYTES;
    if (bytes && (!cli_parse_count(bytes, SAMPLE_STACK_MAX, &c->call_graph_bytes) ||
                  !c->call_graph_bytes || c->call_graph_bytes % 4))
        goto bad;
    return 0;
bad:
    snprintf(err, errlen, "--call-graph wants dwarf or dwarf,BYTES (a multiple "
             "of 4 up to %d), not '%s'", SAMPLE_STACK_MAX, arg);
    return PMUCTL_EXIT_USAGE;
}

static const struct cli_rule rules[] = {
    {"mhz", "freq", 1, "--mhz is -F's clock rate: it needs -F"},
    {"samples", "duration", 0, "--samples and --duration both end a record: "
     "choose one"},
    {0},
};

static const struct cli_opt opts[] = {
    {"elf", 0, "FILE", "the program running on the target; checked first to "
     "be the program on the target (qCRC)", cli_set_string,
     offsetof(struct cli, elf), CLI_REQUIRED, NULL},
    CLI_STRING('e', "events", "EVENT[:MODES][:PERIOD],...", events,
               "the events that sample, each on a counter of its own, and "
               "every how many of each (default " DEFAULT_EVENT ")"),
    CLI_CUSTOM('F', "freq", "FREQ", set_freq,
               "cycles sampled FREQ times a second of the core's clock: a "
               "period of MHZ x 10^6 / FREQ (the registry's clock, or --mhz)"),
    CLI_CUSTOM(0, "mhz", "MHZ", cli_set_mhz,
               "the core's clock for -F, where the registry has none"),
    CLI_STRING(0, "from", "LOC", from,
               "sample only from LOC (FILE:LINE, FUNCTION, FILE:FUNCTION, "
               "*ADDRESS or SYMBOL+OFFSET, as GDB's break) to --to; "
               "both or neither"),
    CLI_STRING(0, "to", "LOC", to, "where sampling stops, as --from"),
    CLI_CUSTOM(0, "samples", "N", set_samples, "stop after N samples"),
    CLI_CUSTOM(0, "call-graph", "dwarf[,BYTES]", set_call_graph,
               "each sample copies BYTES (default 256) of the stack, for "
               "report to unwind with the ELF's DWARF CFI"),
    CLI_SECONDS(0, "duration", duration_ms, "stop after SEC seconds"),
    CLI_STRING('o', "output", "FILE", output,
               "the record file (default " DEFAULT_OUTPUT ")"),
    CLI_FLAG(0, "no-progress", no_progress, "no progress line on a terminal"),
    CLI_END,
};

const struct cli_command cmd_record = {
    .name = "record",
    .summary = "sample the program by the counters' overflow interrupt",
    .about = "Samples the program every PERIOD events by the counters' "
             "overflow interrupt (pmustub built with PMUSTUB_SAMPLING; "
             "through OpenOCD, with no stub, by halting the core at the "
             "interrupt's vector), "
             "everywhere or between --from and --to, until the program ends, "
             "--samples, --duration or Ctrl-C; writes the samples to the "
             "record file for report (docs/record.md).",
    .target = CLI_TARGET,
    .opts = opts,
    .rules = rules,
    .prepare = prepare,
    .run = run_record,
};
