/*
 * cli.h - pmuctl's command line (getopt_long): one option table for all
 * commands; each command says which options it takes.
 */
#ifndef PMUCTL_CLI_H
#define PMUCTL_CLI_H

#include <stddef.h>
#include <stdio.h>

enum pmuctl_cmd {
    CMD_NONE, CMD_LIST, CMD_INFO, CMD_SET, CMD_FREEZE, CMD_UNFREEZE,
    CMD_RESET, CMD_READ, CMD_MEASURE, CMD_PROXY, CMD_COMPARE, CMD_PLOT,
    CMD_RECORD, CMD_REPORT, CMD_HELP
};

struct cli {
    enum pmuctl_cmd cmd;
    const char *target;
    const char *cpu;
    const char *events;
    const char *from, *to;
    const char *modes;
    const char *elf;
    const char *output;
    const char *sep;     /* -x */
    const char *label;   /* what the counts come from, in words */
    const char *listen;  /* proxy: [HOST:]PORT for GDB */
    const char *input;   /* report: -i */
    int json;
    int folded;          /* report: folded stacks */
    int force;           /* report: an ELF that is not the one recorded */
    int sort_line;       /* report: --sort line */
    unsigned long max_samples; /* record: --samples */
    int duration_ms;     /* record: --duration */
    int calibrate;
    int no_trace;        /* breakpoints even where tracepoints are offered */
    int per_iteration;   /* tracepoints: read each iteration's counts */
    int no_native;       /* tracepoints: agent expressions, not the native bracket */
    int no_progress;
    int rsp_stats;
    int no_ack;          /* no-ack mode over a serial line too */
    int cost;            /* measure: perfex -y time estimates */
    double mhz;          /* --cost's clock rate; 0: the registry's */
    double threshold;    /* compare: percent (default 1) */
    int threshold_set;
    unsigned long iterations;
    int timeout_ms, run_timeout_ms;
    /* measure --sweep VAR=V1,...: as written (sweep/sweep.c parses) */
#define CLI_MAX_SWEEP 4
    const char *sweep[CLI_MAX_SWEEP];
    int nsweep;
    /* plot: what to draw besides -e (comma lists) */
    const char *metrics, *relative, *percent_of;
    char **args;         /* the command's own arguments (set) */
    int nargs;
};

/* Parses argv; returns 0, or an exit status with a one-line message in
 * err (help: CMD_HELP and 0). */
int cli_parse(struct cli *c, int argc, char **argv, char *err, size_t errlen);
void cli_usage(FILE *f);

#endif
