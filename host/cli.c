/*
 * cli.c - option parsing. Options may come before or after the command
 * (GNU getopt_long permutes); the first non-option word is the command.
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmu/catalog.h"

enum { OPT_FROM = 256, OPT_TO, OPT_MODES, OPT_ELF, OPT_CALIBRATE, OPT_JSON,
       OPT_LABEL, OPT_VBOARD, OPT_RUN_TIMEOUT, OPT_NO_PROGRESS, OPT_STATS,
       OPT_NO_ACK, OPT_LISTEN, OPT_NO_TRACE, OPT_PER_ITERATION,
       OPT_NO_NATIVE, OPT_THRESHOLD, OPT_SWEEP, OPT_METRIC, OPT_RELATIVE,
       OPT_PERCENT_OF, OPT_COST, OPT_MHZ, OPT_SAMPLES, OPT_DURATION, OPT_SORT,
       OPT_FOLDED, OPT_FORCE };

static const struct option options[] = {
    {"target", required_argument, 0, 't'},
    {"timeout", required_argument, 0, 'T'},
    {"run-timeout", required_argument, 0, OPT_RUN_TIMEOUT},
    {"cpu", required_argument, 0, 'c'},
    {"events", required_argument, 0, 'e'},
    {"repeat", required_argument, 0, 'r'},
    {"from", required_argument, 0, OPT_FROM},
    {"to", required_argument, 0, OPT_TO},
    {"modes", required_argument, 0, OPT_MODES},
    {"elf", required_argument, 0, OPT_ELF},
    {"calibrate", no_argument, 0, OPT_CALIBRATE},
    {"no-trace", no_argument, 0, OPT_NO_TRACE},
    {"per-iteration", no_argument, 0, OPT_PER_ITERATION},
    {"no-native", no_argument, 0, OPT_NO_NATIVE},
    {"json", no_argument, 0, OPT_JSON},
    {"field-separator", required_argument, 0, 'x'},
    {"output", required_argument, 0, 'o'},
    {"label", required_argument, 0, OPT_LABEL},
    {"vboard", no_argument, 0, OPT_VBOARD},
    {"no-progress", no_argument, 0, OPT_NO_PROGRESS},
    {"rsp-stats", no_argument, 0, OPT_STATS},
    {"no-ack", no_argument, 0, OPT_NO_ACK},
    {"listen", required_argument, 0, OPT_LISTEN},
    {"threshold", required_argument, 0, OPT_THRESHOLD},
    {"sweep", required_argument, 0, OPT_SWEEP},
    {"metric", required_argument, 0, OPT_METRIC},
    {"relative", required_argument, 0, OPT_RELATIVE},
    {"percent-of", required_argument, 0, OPT_PERCENT_OF},
    {"cost", no_argument, 0, OPT_COST},
    {"mhz", required_argument, 0, OPT_MHZ},
    {"samples", required_argument, 0, OPT_SAMPLES},
    {"duration", required_argument, 0, OPT_DURATION},
    {"input", required_argument, 0, 'i'},
    {"sort", required_argument, 0, OPT_SORT},
    {"folded", no_argument, 0, OPT_FOLDED},
    {"force", no_argument, 0, OPT_FORCE},
    {"help", no_argument, 0, 'h'},
    {0, 0, 0, 0},
};

static const struct {
    const char *name;
    enum pmuctl_cmd cmd;
    int needs_target;
    int max_args;
} commands[] = {
    {"list", CMD_LIST, 0, 0},       {"info", CMD_INFO, 1, 0},
    {"set", CMD_SET, 1, 64},        {"freeze", CMD_FREEZE, 1, 0},
    {"unfreeze", CMD_UNFREEZE, 1, 0}, {"reset", CMD_RESET, 1, 0},
    {"read", CMD_READ, 1, 0},       {"measure", CMD_MEASURE, 1, 0},
    {"proxy", CMD_PROXY, 1, 0},     {"compare", CMD_COMPARE, 0, 2},
    {"plot", CMD_PLOT, 0, 64},
    {"record", CMD_RECORD, 1, 0},   {"report", CMD_REPORT, 0, 0},
    {"help", CMD_HELP, 0, 0},
};

void cli_usage(FILE *f)
{
    fputs(
"usage: pmuctl [-t TARGET] COMMAND [options]\n"
"Program, freeze, read and measure a CPU's performance counters over GDB's\n"
"remote protocol (the pmustub stub, or OpenOCD's gdb server).\n"
"\n"
"Commands:\n"
"  list [--cpu CORE]           the event catalogue (with -t: the target's core)\n"
"  info                        core, counters, what each counts, frozen or not\n"
"  set EVENT[:MODES] ...       program counters for these events\n"
"  freeze | unfreeze           keep the counters frozen on resume, or not\n"
"  reset                       set every count to 0\n"
"  read                        print every counter's count\n"
"  measure --from LOC --to LOC [-e EVENT,...] [-r N] [--modes MODES]\n"
"          [--elf FILE] [--calibrate] [--no-trace | --per-iteration]\n"
"          [--json | -x SEP] [-o FILE] [--sweep VAR=V1,V2,...]...\n"
"                              count a region N times: with tracepoints\n"
"                              where the stub offers them (it adds up the\n"
"                              counts itself), else with breakpoints\n"
"  proxy --listen [HOST:]PORT  serve GDB, forwarding to OpenOCD (-t), with the\n"
"                              counters as GDB registers (docs/proxy.md)\n"
"  record --elf FILE [-e EVENT[:PERIOD]] [--from LOC --to LOC]\n"
"         [--samples N | --duration SEC] [-o FILE]\n"
"                              sample the program every PERIOD events (default\n"
"                              cycles:10007) by the counters' overflow interrupt\n"
"                              into FILE (default pmuctl.data; docs/record.md)\n"
"  report [-i FILE] [--sort function|line] [--json | --folded] [-o FILE]\n"
"         [--elf FILE [--force]]\n"
"                              the samples per function or source line, as JSON,\n"
"                              or as folded stacks for a flame graph\n"
"  compare BASE.json NEW.json [--threshold PCT] [--json] [-o FILE]\n"
"                              two measure --json results side by side; exit\n"
"                              status 5 if an event moved beyond PCT percent\n"
"                              (default 1) and beyond the runs' noise\n"
"  plot FILE.json... -o FIG.svg|FIG.png [-e EVENT,...] [--metric NAME,...]\n"
"          [--relative EVENT,...] [--percent-of EVENT]\n"
"                              draw measure --json results with gnuplot: a\n"
"                              sweep as lines against the swept value, plain\n"
"                              results as bars\n"
"\n"
"Options:\n"
"  -t, --target HOST:PORT|DEVICE[@BAUD]  the target (TCP, or a serial line)\n"
"  -T, --timeout SEC       wait this long for a reply (default 5)\n"
"      --run-timeout SEC   wait this long for the program to reach a\n"
"                          breakpoint or tracepoint (default 60)\n"
"  -c, --cpu CORE          the catalogue for list:\n",
        f);
    /* The registry's cores (target-xml/cores.toml), not a list kept here. */
    fprintf(f, "                          %s\n", catalog_core_names());
    fputs(
"  -e, --events LIST       EVENT[:MODES],... ; {A,B} measures A and B together\n"
"                          (default cycles,instructions); EVENT:tc=N, :vpe=N\n"
"                          count one TC / VPE (34K MT filter)\n"
"  -r, --repeat N          iterations of the region (default 1; at least one\n"
"                          per event group)\n"
"      --from LOC, --to LOC  0xADDRESS or SYMBOL[+OFFSET] (symbols need --elf)\n"
"      --modes MODES       MIPS u,s,k,exl (default u,k); Power u,s and\n"
"                          marked or unmarked (MSR[PMM]) (default u,s; under\n"
"                          pmustub the program runs marked)\n"
"      --modes sweep[=MODES]  measure each mode the core has (or those named)\n"
"                          apart: one column per mode\n"
"      --cost              perfex -y: each event's minimum, typical and maximum\n"
"                          time from the core's cost table (R10000, R12000)\n"
"      --mhz MHZ           --cost's clock rate (default: the registry's, 200)\n"
"      --elf FILE          the program running on the target, for symbols\n"
"      --calibrate         measure an empty bracket first (with a breakpoint);\n"
"                          show raw and corrected values\n"
"      --no-trace          breakpoints even where the stub offers tracepoints\n"
"                          (two stops per iteration)\n"
"      --per-iteration     with tracepoints, also record each iteration's\n"
"                          counts in the trace buffer and read them back (for\n"
"                          the median; a run per buffer-full)\n"
"      --no-native         with tracepoints, add up with agent expressions even\n"
"                          where the stub offers its native bracket\n"
"      --json              one JSON object (measure, compare, report)\n"
"      --samples N         record: stop after N samples\n"
"      --duration SEC      record: stop after SEC seconds\n"
"  -i, --input FILE        report: the record file (default pmuctl.data)\n"
"      --sort function|line  report: by function (default) or source line\n"
"      --folded            report: folded stacks (a;b;c count), for flame graphs\n"
"      --force             report: attribute with --elf FILE though it is not\n"
"                          the program recorded\n"
"      --threshold PCT     compare: the change that counts (default 1)\n"
"      --sweep VAR=V1,V2,...  measure: write the program's variable VAR (needs\n"
"                          --elf) before each value's iterations; one result\n"
"                          per value; repeated: every combination; VAR is\n"
"                          put back at the end\n"
"      --metric NAME,...   plot: these metrics of the files (e.g. IPC)\n"
"      --relative EVENT,...  plot: EVENT relative to the first swept value\n"
"      --percent-of EVENT  plot: the -e events in percent of EVENT\n"
"  -x, --field-separator SEP  one line per event: value, unit, event,\n"
"                          iterations counted, spread\n"
"  -o, --output FILE       write the results to FILE\n"
"      --label TEXT        say where the counts come from (a board's name); a\n"
"                          simulator's counts are labelled simulated anyway\n"
"      --no-ack            no-ack mode over a serial line too (default: only\n"
"                          over TCP; acks let garbled packets be resent)\n"
"      --no-progress       no progress line on a terminal\n"
"      --rsp-stats         at the end, print the packets exchanged, resent and\n"
"                          garbled (stderr)\n"
"  -h, --help              this text\n"
"\n"
"Exit status: 0 done, 1 the target refused or lacks something, 2 bad command\n"
"line (nothing on the target changed), 3 connection failed or lost,\n"
"4 the target did not answer in time, 5 compare found a change, 6 the\n"
"program ended before the iterations asked for, 130 interrupted (target\n"
"put back).\n",
        f);
}

static int seconds(const char *s, int *ms, const char *what, char *err,
                   size_t errlen)
{
    char *end;
    double v = strtod(s, &end);
    if (*end || end == s || v <= 0 || v > 86400) {
        snprintf(err, errlen, "%s must be a number of seconds, not '%s'", what, s);
        return PMUCTL_EXIT_USAGE;
    }
    *ms = (int)(v * 1000);
    return 0;
}

static int option(struct cli *c, int opt, char *err, size_t errlen)
{
    char *end;
    switch (opt) {
    case 't': c->target = optarg; return 0;
    case 'T': return seconds(optarg, &c->timeout_ms, "--timeout", err, errlen);
    case OPT_RUN_TIMEOUT:
        return seconds(optarg, &c->run_timeout_ms, "--run-timeout", err, errlen);
    case 'c': c->cpu = optarg; return 0;
    case 'e': c->events = optarg; return 0;
    case 'r':
        c->iterations = strtoul(optarg, &end, 10);
        if (*end || end == optarg || c->iterations == 0 || optarg[0] == '-' ||
            c->iterations > 100000000UL) {
            snprintf(err, errlen, "-r wants a number of iterations (1 ... 1e8), "
                     "not '%s'", optarg);
            return PMUCTL_EXIT_USAGE;
        }
        return 0;
    case OPT_FROM: c->from = optarg; return 0;
    case OPT_TO: c->to = optarg; return 0;
    case OPT_MODES: c->modes = optarg; return 0;
    case OPT_ELF: c->elf = optarg; return 0;
    case OPT_CALIBRATE: c->calibrate = 1; return 0;
    case OPT_NO_TRACE: c->no_trace = 1; return 0;
    case OPT_PER_ITERATION: c->per_iteration = 1; return 0;
    case OPT_NO_NATIVE: c->no_native = 1; return 0;
    case OPT_JSON: c->json = 1; return 0;
    case 'x':
        if (!*optarg) {
            snprintf(err, errlen, "-x wants a non-empty separator");
            return PMUCTL_EXIT_USAGE;
        }
        c->sep = optarg;
        return 0;
    case 'o': c->output = optarg; return 0;
    case OPT_LABEL: c->label = optarg; return 0;
    case OPT_VBOARD:
        /* Kept so that scripts written for it still run. */
        fputs("pmuctl: --vboard is no longer needed and is ignored: pmuctl "
              "asks the target whether it is vboard\n", stderr);
        return 0;
    case OPT_NO_ACK: c->no_ack = 1; return 0;
    case OPT_LISTEN: c->listen = optarg; return 0;
    case OPT_THRESHOLD:
        c->threshold = strtod(optarg, &end);
        if (*end || end == optarg || !(c->threshold >= 0 && c->threshold <= 1e6)) {
            snprintf(err, errlen, "--threshold wants a percentage (0 or more), "
                     "not '%s'", optarg);
            return PMUCTL_EXIT_USAGE;
        }
        c->threshold_set = 1;
        return 0;
    case OPT_SWEEP:
        if (c->nsweep == CLI_MAX_SWEEP) {
            snprintf(err, errlen, "at most %d --sweep", CLI_MAX_SWEEP);
            return PMUCTL_EXIT_USAGE;
        }
        c->sweep[c->nsweep++] = optarg;
        return 0;
    case OPT_METRIC: c->metrics = optarg; return 0;
    case OPT_RELATIVE: c->relative = optarg; return 0;
    case OPT_PERCENT_OF: c->percent_of = optarg; return 0;
    case OPT_COST: c->cost = 1; return 0;
    case OPT_MHZ:
        c->mhz = strtod(optarg, &end);
        if (*end || end == optarg || !(c->mhz > 0 && c->mhz <= 1e6)) {
            snprintf(err, errlen, "--mhz wants a clock rate in MHz, not '%s'", optarg);
            return PMUCTL_EXIT_USAGE;
        }
        return 0;
    case OPT_NO_PROGRESS: c->no_progress = 1; return 0;
    case OPT_STATS: c->rsp_stats = 1; return 0;
    case OPT_SAMPLES:
        c->max_samples = strtoul(optarg, &end, 10);
        if (*end || end == optarg || c->max_samples == 0 || optarg[0] == '-') {
            snprintf(err, errlen, "--samples wants a number of samples, not '%s'",
                     optarg);
            return PMUCTL_EXIT_USAGE;
        }
        return 0;
    case OPT_DURATION:
        return seconds(optarg, &c->duration_ms, "--duration", err, errlen);
    case 'i': c->input = optarg; return 0;
    case OPT_SORT:
        if (strcmp(optarg, "function") && strcmp(optarg, "line")) {
            snprintf(err, errlen, "--sort wants function or line, not '%s'", optarg);
            return PMUCTL_EXIT_USAGE;
        }
        c->sort_line = !strcmp(optarg, "line");
        return 0;
    case OPT_FOLDED: c->folded = 1; return 0;
    case OPT_FORCE: c->force = 1; return 0;
    case 'h': c->cmd = CMD_HELP; return 0;
    }
    snprintf(err, errlen, "unknown option or missing argument (pmuctl --help)");
    return PMUCTL_EXIT_USAGE;
}

/* Options that only some commands take. */
static int check_applicable(const struct cli *c, char *err, size_t errlen)
{
    int measure = c->cmd == CMD_MEASURE, compare = c->cmd == CMD_COMPARE;
    int plot = c->cmd == CMD_PLOT;
    int record = c->cmd == CMD_RECORD, report = c->cmd == CMD_REPORT;
    const char *bad = NULL;
    if (!record)
        bad = c->max_samples ? "--samples" : c->duration_ms ? "--duration" : NULL;
    if (!bad && !report)
        bad = c->input ? "-i" : c->folded ? "--folded" : c->force ? "--force"
            : c->sort_line ? "--sort" : NULL;
    if (!bad && report)
        bad = c->target ? "-t (report reads a file)" : NULL;
    if (!bad && !measure) {
        bad = (c->from && !record) ? "--from" : (c->to && !record) ? "--to"
            : (c->events && !record && !plot) ? "-e"
            : c->iterations ? "-r" : c->calibrate ? "--calibrate"
            : c->json && !compare && !report ? "--json" : c->sep ? "-x"
            : c->elf && !record && !report ? "--elf"
            : c->modes ? "--modes" : c->no_trace ? "--no-trace"
            : c->per_iteration ? "--per-iteration"
            : c->no_native ? "--no-native" : c->nsweep ? "--sweep"
            : c->cost ? "--cost" : c->mhz > 0 ? "--mhz" : NULL;
    }
    if (!bad && !plot)
        bad = c->metrics ? "--metric" : c->relative ? "--relative"
            : c->percent_of ? "--percent-of" : NULL;
    if (!bad && c->mhz > 0 && !c->cost)
        bad = "--mhz without --cost";
    if (!bad && c->cmd != CMD_LIST && c->cpu)
        bad = "--cpu";
    if (!bad && c->cmd != CMD_PROXY && c->listen)
        bad = "--listen";
    if (!bad && !compare && c->threshold_set)
        bad = "--threshold";
    if (!bad && compare && c->target)
        bad = "-t (compare reads two files)";
    if (!bad && plot && c->target)
        bad = "-t (plot reads files)";
    if (bad) {
        snprintf(err, errlen, "%s does not apply to this command", bad);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->cmd == CMD_PROXY && !c->listen) {
        snprintf(err, errlen, "proxy needs --listen [HOST:]PORT");
        return PMUCTL_EXIT_USAGE;
    }
    if (compare && c->nargs != 2) {
        snprintf(err, errlen, "compare needs two files: BASE.json NEW.json");
        return PMUCTL_EXIT_USAGE;
    }
    if (plot && (c->nargs < 1 || !c->output)) {
        snprintf(err, errlen, "plot needs result files and -o FIG.svg or FIG.png");
        return PMUCTL_EXIT_USAGE;
    }
    if (c->nsweep && !c->elf) {
        snprintf(err, errlen, "--sweep needs --elf FILE: the variable's address "
                 "and size come from the program's ELF");
        return PMUCTL_EXIT_USAGE;
    }
    if (measure && (!c->from || !c->to)) {
        snprintf(err, errlen, "measure needs --from LOC and --to LOC");
        return PMUCTL_EXIT_USAGE;
    }
    if (c->no_trace && c->per_iteration) {
        snprintf(err, errlen, "--per-iteration is a way of tracing; --no-trace "
                 "measures every iteration with breakpoints anyway");
        return PMUCTL_EXIT_USAGE;
    }
    if (c->no_trace && c->no_native) {
        snprintf(err, errlen, "--no-native chooses how tracepoints add up; "
                 "--no-trace measures with breakpoints");
        return PMUCTL_EXIT_USAGE;
    }
    if (c->json && c->folded) {
        snprintf(err, errlen, "--json and --folded are two output formats: choose one");
        return PMUCTL_EXIT_USAGE;
    }
    if (c->max_samples && c->duration_ms) {
        snprintf(err, errlen, "--samples and --duration both end a record: choose one");
        return PMUCTL_EXIT_USAGE;
    }
    if (c->json && c->sep) {
        snprintf(err, errlen, "--json and -x are two output formats: choose one");
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

int cli_parse(struct cli *c, int argc, char **argv, char *err, size_t errlen)
{
    int opt, rc;
    size_t k;

    memset(c, 0, sizeof *c);
    c->timeout_ms = 5000;
    c->threshold = 1.0;
    c->run_timeout_ms = 60000;
    optind = 0; /* GNU: full reinitialisation (tests parse several times) */
    opterr = 0;
    while ((opt = getopt_long(argc, argv, "t:T:c:e:r:x:o:i:h", options, NULL)) != -1) {
        if (opt == '?' || opt == ':') {
            snprintf(err, errlen, "unknown option or missing argument: '%s' "
                     "(pmuctl --help)", argv[optind - 1]);
            return PMUCTL_EXIT_USAGE;
        }
        if ((rc = option(c, opt, err, errlen)))
            return rc;
    }
    if (c->cmd == CMD_HELP)
        return 0;
    if (optind >= argc) {
        snprintf(err, errlen, "no command given (pmuctl --help)");
        return PMUCTL_EXIT_USAGE;
    }
    for (k = 0; k < sizeof commands / sizeof *commands; k++)
        if (!strcmp(argv[optind], commands[k].name))
            break;
    if (k == sizeof commands / sizeof *commands) {
        snprintf(err, errlen, "unknown command '%s' (pmuctl --help)", argv[optind]);
        return PMUCTL_EXIT_USAGE;
    }
    c->cmd = commands[k].cmd;
    c->args = argv + optind + 1;
    c->nargs = argc - optind - 1;
    if (c->nargs > commands[k].max_args) {
        snprintf(err, errlen, "%s takes no argument '%s'", commands[k].name,
                 c->args[commands[k].max_args]);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->cmd == CMD_SET && c->nargs == 0) {
        snprintf(err, errlen, "set needs at least one EVENT[:MODES]");
        return PMUCTL_EXIT_USAGE;
    }
    if (commands[k].needs_target && !c->target) {
        snprintf(err, errlen, "%s needs a target: -t HOST:PORT or -t DEVICE[@BAUD]",
                 commands[k].name);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->cmd == CMD_HELP)
        return 0;
    return check_applicable(c, err, errlen);
}
