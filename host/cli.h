/*
 * cli.h - pmuctl's command line (getopt_long). Each command declares, in
 * its cmd/ file, a struct cli_command: its options with their help, its
 * arguments, whether it needs a target, its run function. Parsing,
 * "option --X does not apply to CMD", --help and the man page (--man) all
 * come from those tables and the global options' table in cli.c.
 */
#ifndef PMUCTL_CLI_H
#define PMUCTL_CLI_H

#include <stddef.h>
#include <stdio.h>

struct target;
struct cli_command;

struct cli {
    const struct cli_command *cmd; /* NULL only with --help, --version, --man */
    int help;            /* --help, pmuctl help [CMD]: print, run nothing */
    int version, man;    /* --version; --man: the man page (roff) */
    const char *target;  /* -t, else PMUCTL_TARGET */
    const char *cpu;
    const char *events;
    const char *from, *to;
    const char *function; /* measure --function NAME */
    const char *pprof;    /* report --pprof FILE */
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
    int sort;            /* report: --sort, an enum profile_sort */
    unsigned long max_samples; /* record: --samples */
    unsigned long call_graph_bytes; /* record: --call-graph dwarf,BYTES; 0 off */
    int duration_ms;     /* record, stat: --duration */
    int interval_ms;     /* stat: -I */
    const char *trace_json; /* stat: --trace-json FILE */
    int calibrate;
    int no_trace;        /* breakpoints even where tracepoints are offered */
    int per_iteration;   /* tracepoints: read each iteration's counts */
    int no_native;       /* tracepoints: agent expressions, not the native bracket */
    int no_progress;
    int rsp_stats;
    int no_ack;          /* no-ack mode over a serial line too */
    int cost;            /* measure: perfex -y time estimates */
    double mhz;          /* --cost's and -F's clock rate; 0: the registry's */
    double freq;         /* record: -F, samples a second; 0: none */
    double threshold;    /* compare: percent (default 1) */
    /* compare --threshold NAME=PCT, as written (cmd/compare.c parses) */
#define CLI_MAX_THRESHOLDS 16
    const char *thresholds[CLI_MAX_THRESHOLDS];
    int nthresholds;
    int fail_on;         /* compare: -1 (the registry's), else enum pmu_worse */
    unsigned long iterations;
    int timeout_ms, run_timeout_ms;
    /* measure --sweep VAR=V1,...: as written (sweep/sweep.c parses) */
#define CLI_MAX_SWEEP 4
    const char *sweep[CLI_MAX_SWEEP];
    int nsweep;
    /* plot: what to draw besides -e (comma lists) */
    const char *metrics, *relative, *percent_of;
    int log_y, zoom;     /* plot: --log, --zoom */
    char **args;         /* the command's own arguments (set, compare, plot) */
    int nargs;
};

/* One option. The setter gets the option (its name for messages, field:
 * offsetof(struct cli, ...) for the generic setters below) and its
 * argument (NULL when it takes none); 0, or an exit status with a one-line
 * message in err. */
struct cli_opt {
    const char *name;    /* the long name, without "--" */
    int letter;          /* the short option, or 0 */
    const char *arg;     /* its argument as help shows it; NULL: none */
    const char *help;    /* what it does, one paragraph (wrapped when printed) */
    int (*set)(struct cli *c, const struct cli_opt *o, const char *arg,
               char *err, size_t errlen);
    size_t field;
    unsigned flags;
    /* Appended to help: values known elsewhere (the registry's cores). */
    const char *(*values)(void);
};
#define CLI_REQUIRED 1u  /* the command needs it (shown in its synopsis) */
#define CLI_HIDDEN 2u    /* not in --help nor the man page */

int cli_set_string(struct cli *c, const struct cli_opt *o, const char *arg,
                   char *err, size_t errlen);
int cli_set_flag(struct cli *c, const struct cli_opt *o, const char *arg,
                 char *err, size_t errlen);
/* arg as a count, 1 .. max in decimal with no sign: 1 and *out set, or 0
 * (the setter then writes its own message). */
int cli_parse_count(const char *arg, unsigned long max, unsigned long *out);
/* A number of seconds (0 < s <= 86400), kept in ms in an int field. */
int cli_set_seconds(struct cli *c, const struct cli_opt *o, const char *arg,
                    char *err, size_t errlen);

/* -x SEP: a non-empty separator. */
int cli_set_separator(struct cli *c, const struct cli_opt *o, const char *arg,
                      char *err, size_t errlen);
/* --mhz MHZ: a clock rate, above 0 and at most 10^6. */
int cli_set_mhz(struct cli *c, const struct cli_opt *o, const char *arg,
                char *err, size_t errlen);

/* Table rows: short letter (or 0), long name, argument, field, help. */
#define CLI_STRING(l, n, a, f, h) \
    {n, l, a, h, cli_set_string, offsetof(struct cli, f), 0, NULL}
#define CLI_FLAG(l, n, f, h) \
    {n, l, NULL, h, cli_set_flag, offsetof(struct cli, f), 0, NULL}
#define CLI_SECONDS(l, n, f, h) \
    {n, l, "SEC", h, cli_set_seconds, offsetof(struct cli, f), 0, NULL}
/* An option with a setter of its own (checks its argument). */
#define CLI_CUSTOM(l, n, a, set, h) {n, l, a, h, set, 0, 0, NULL}
#define CLI_END {0}

enum cli_target {
    CLI_NO_TARGET,       /* reads files: -t refused, PMUCTL_TARGET unused */
    CLI_TARGET,          /* connected and its PMU found before run */
    CLI_TARGET_ANY_PMU,  /* connected; its PMU found where it has one
                          * (t->access NULL where not: stat) */
    CLI_TARGET_OPTIONAL, /* connected when -t (or PMUCTL_TARGET) is given
                          * and --cpu is not (list) */
    CLI_TARGET_OWN,      /* needs one; run connects (proxy) */
};

#define CLI_ANY_ARGS 64

/* Given option a (long name), b must be given too (needs) or must not;
 * else why is the error. */
struct cli_rule {
    const char *a, *b;
    int needs;
    const char *why;
};

struct cli_command {
    const char *name;
    const char *args;     /* its arguments in the synopsis, or NULL */
    int min_args, max_args;
    const char *summary;  /* a line in pmuctl --help */
    const char *about;    /* a paragraph in its --help and the man page */
    enum cli_target target;
    const struct cli_opt *opts; /* its own options, up to CLI_END */
    /* Rules between its options, up to {0}; NULL: none. */
    const struct cli_rule *rules;
    /* Input checked before connecting (files, symbols), printing its own
     * error; NULL: none. */
    int (*prepare)(const struct cli *c);
    /* t: connected (CLI_TARGET), NULL (offline), or to connect (OWN). */
    int (*run)(const struct cli *c, struct target *t);
};

/* Parses argv; returns 0, or an exit status with a one-line message in
 * err. With --help, --version or --man only those are set. */
int cli_parse(struct cli *c, int argc, char **argv, char *err, size_t errlen);
/* "-x" for an option with a letter, else "--name". */
const char *cli_opt_name(const struct cli_opt *o, char *buf, size_t len);
/* Does cmd connect to a target with this command line? */
int cli_connects(const struct cli *c);

/* Options of many commands (-t, -T ..., --help ...), in groups; cli.c.
 * The last has no title. */
struct cli_group {
    const char *title;
    const struct cli_opt *opts;
    int (*takes)(const struct cli_command *cmd);
};
extern const struct cli_group cli_groups[];
/* The option cmd takes by this long name (its own or a global one), or
 * NULL. */
const struct cli_opt *cli_find(const struct cli_command *cmd, const char *name);

/* cli_help.c: pmuctl --help (cmd NULL) or pmuctl CMD --help; the man
 * page, from the same tables; the version. */
void cli_usage(FILE *f, const struct cli_command *cmd);
void cli_man(FILE *f);
void cli_version(FILE *f);

#endif
