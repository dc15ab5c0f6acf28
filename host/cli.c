/*
 * cli.c - option parsing from the commands' tables (cli.h). Options may
 * come before or after the command (GNU getopt_long permutes); the first
 * non-option word is the command. getopt_long is given every option of
 * every command, so that the command word is found wherever it stands;
 * an option the command does not take is then refused by name.
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "cmd/commands.h"

static const struct cli_opt target_opts[] = {
    CLI_STRING('t', "target", "HOST:PORT|DEVICE[@BAUD]", target,
               "the target: TCP, or a serial line (default 115200 baud); "
               "default: the environment's PMUCTL_TARGET"),
    CLI_SECONDS('T', "timeout", timeout_ms,
                "wait this long for a reply (default 5)"),
    CLI_FLAG(0, "no-ack", no_ack,
             "no-ack mode over a serial line too (default: only over TCP; "
             "acks let garbled packets be resent)"),
    CLI_END,
};

static const struct cli_opt diagnostic_opts[] = {
    CLI_FLAG(0, "rsp-stats", rsp_stats,
             "at the end, print the packets exchanged, resent and garbled "
             "(stderr)"),
    CLI_END,
};

static const struct cli_opt general_opts[] = {
    CLI_FLAG('h', "help", help, "the help: pmuctl's commands, or a command's "
             "options"),
    CLI_FLAG(0, "version", version, "which pmuctl this is"),
    {"man", 0, NULL, "the man page pmuctl(1), as roff", cli_set_flag,
     offsetof(struct cli, man), CLI_HIDDEN, NULL},
    CLI_END,
};

static int has_target(const struct cli_command *k)
{
    return k->target != CLI_NO_TARGET;
}

/* pmuctl connects before the command runs, and can count packets. */
static int connected(const struct cli_command *k)
{
    return k->target == CLI_TARGET || k->target == CLI_TARGET_ANY_PMU ||
           k->target == CLI_TARGET_OPTIONAL;
}

static int every(const struct cli_command *k)
{
    (void)k;
    return 1;
}

const struct cli_group cli_groups[] = {
    {"Target options", target_opts, has_target},
    {"Diagnostic options", diagnostic_opts, connected},
    {"General options", general_opts, every},
    {NULL, NULL, NULL},
};

int cli_set_string(struct cli *c, const struct cli_opt *o, const char *arg,
                   char *err, size_t errlen)
{
    (void)err, (void)errlen;
    *(const char **)((char *)c + o->field) = arg;
    return 0;
}

int cli_set_flag(struct cli *c, const struct cli_opt *o, const char *arg,
                 char *err, size_t errlen)
{
    (void)arg, (void)err, (void)errlen;
    *(int *)((char *)c + o->field) = 1;
    return 0;
}

int cli_parse_count(const char *arg, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long v = strtoul(arg, &end, 10);
    if (*end || end == arg || v == 0 || arg[0] == '-' || v > max)
        return 0;
    *out = v;
    return 1;
}

int cli_set_seconds(struct cli *c, const struct cli_opt *o, const char *arg,
                    char *err, size_t errlen)
{
    char *end;
    double v = strtod(arg, &end);
    if (*end || end == arg || v <= 0 || v > 86400) {
        snprintf(err, errlen, "--%s must be a number of seconds, not '%s'",
                 o->name, arg);
        return PMUCTL_EXIT_USAGE;
    }
    *(int *)((char *)c + o->field) = (int)(v * 1000);
    return 0;
}

int cli_set_separator(struct cli *c, const struct cli_opt *o, const char *arg,
                      char *err, size_t errlen)
{
    (void)o;
    if (!*arg) {
        snprintf(err, errlen, "-x wants a non-empty separator");
        return PMUCTL_EXIT_USAGE;
    }
    c->sep = arg;
    return 0;
}

int cli_set_mhz(struct cli *c, const struct cli_opt *o, const char *arg,
                char *err, size_t errlen)
{
    char *end;
    (void)o;
    c->mhz = strtod(arg, &end);
    if (*end || end == arg || !(c->mhz > 0 && c->mhz <= 1e6)) {
        snprintf(err, errlen, "--mhz wants a clock rate in MHz, not '%s'", arg);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

const char *cli_opt_name(const struct cli_opt *o, char *buf, size_t len)
{
    if (o->letter)
        snprintf(buf, len, "-%c", o->letter);
    else
        snprintf(buf, len, "--%s", o->name);
    return buf;
}

static const struct cli_opt *in(const struct cli_opt *opts, const char *name)
{
    for (; opts->name; opts++)
        if (!strcmp(opts->name, name))
            return opts;
    return NULL;
}

const struct cli_opt *cli_find(const struct cli_command *cmd, const char *name)
{
    const struct cli_opt *o = in(cmd->opts, name);
    for (const struct cli_group *g = cli_groups; !o && g->title; g++)
        if (g->takes(cmd))
            o = in(g->opts, name);
    return o;
}

int cli_connects(const struct cli *c)
{
    return c->cmd->target == CLI_TARGET || c->cmd->target == CLI_TARGET_ANY_PMU ||
           (c->cmd->target == CLI_TARGET_OPTIONAL && c->target && !c->cpu);
}

/* Every option of every table once, as getopt_long wants them: a long
 * option's val is 256 + its index, a letter its own. */
#define MAX_OPTS 96
static struct option longopts[MAX_OPTS + 1];
static char shortopts[2 * MAX_OPTS + 1];
static const struct cli_opt *first[MAX_OPTS]; /* the table row of each */

static void add_all(const struct cli_opt *opts)
{
    size_t n = 0;
    while (longopts[n].name)
        n++;
    for (; opts->name; opts++) {
        size_t k = 0;
        while (k < n && strcmp(longopts[k].name, opts->name))
            k++;
        if (k < n || n == MAX_OPTS)
            continue;
        longopts[n].name = opts->name;
        longopts[n].has_arg = opts->arg ? required_argument : no_argument;
        longopts[n].val = 256 + (int)n;
        first[n++] = opts;
        if (opts->letter) {
            size_t s = strlen(shortopts);
            shortopts[s] = (char)opts->letter;
            if (opts->arg)
                shortopts[s + 1] = ':';
        }
    }
}

static void build_getopt_tables(void)
{
    if (longopts[0].name)
        return;
    for (const struct cli_group *g = cli_groups; g->title; g++)
        add_all(g->opts);
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++)
        add_all((*k)->opts);
}

/* The long name of what getopt_long returned. */
static const char *name_of(int opt)
{
    if (opt >= 256)
        return longopts[opt - 256].name;
    for (size_t k = 0; longopts[k].name; k++)
        if (first[k]->letter == opt)
            return longopts[k].name;
    return NULL;
}

static const struct cli_command *command(const char *word)
{
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++)
        if (!strcmp((*k)->name, word))
            return *k;
    return NULL;
}

struct given {
    const char *name, *arg;
    int letter; /* given as -L */
};

static int apply(struct cli *c, const struct given *g, int n, char *err,
                 size_t errlen)
{
    for (int i = 0; i < n; i++) {
        const struct cli_opt *o = cli_find(c->cmd, g[i].name);
        int rc;
        if (!o) {
            char as[40];
            if (g[i].letter)
                snprintf(as, sizeof as, "-%c", g[i].letter);
            else
                snprintf(as, sizeof as, "--%s", g[i].name);
            snprintf(err, errlen, "option %s does not apply to %s (pmuctl %s "
                     "--help)", as, c->cmd->name, c->cmd->name);
            return PMUCTL_EXIT_USAGE;
        }
        if ((rc = o->set(c, o, g[i].arg, err, errlen)))
            return rc;
    }
    return 0;
}

static int given(const struct given *g, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(g[i].name, name))
            return 1;
    return 0;
}

/* What the command's table asks of its arguments, required options and
 * target. */
static int complete(struct cli *c, const struct given *g, int n, char *err,
                    size_t errlen)
{
    const struct cli_command *k = c->cmd;
    const char *env = getenv("PMUCTL_TARGET");

    if (c->nargs > k->max_args) {
        snprintf(err, errlen, "%s takes no argument '%s'", k->name,
                 c->args[k->max_args]);
        return PMUCTL_EXIT_USAGE;
    }
    if (c->nargs < k->min_args) {
        snprintf(err, errlen, "%s needs %s", k->name, k->args);
        return PMUCTL_EXIT_USAGE;
    }
    for (const struct cli_opt *o = k->opts; o->name; o++) {
        char name[40];
        if ((o->flags & CLI_REQUIRED) && !given(g, n, o->name)) {
            snprintf(err, errlen, "%s needs %s %s", k->name,
                     cli_opt_name(o, name, sizeof name), o->arg);
            return PMUCTL_EXIT_USAGE;
        }
    }
    if (k->target != CLI_NO_TARGET && !c->target && env && *env)
        c->target = env; /* -t wins */
    if ((k->target == CLI_TARGET || k->target == CLI_TARGET_ANY_PMU ||
         k->target == CLI_TARGET_OWN) && !c->target) {
        snprintf(err, errlen, "%s needs a target: -t HOST:PORT or -t "
                 "DEVICE[@BAUD], or PMUCTL_TARGET", k->name);
        return PMUCTL_EXIT_USAGE;
    }
    for (const struct cli_rule *r = k->rules; r && r->a; r++)
        if (given(g, n, r->a) && given(g, n, r->b) != r->needs) {
            snprintf(err, errlen, "%s", r->why);
            return PMUCTL_EXIT_USAGE;
        }
    return 0;
}

/* pmuctl help [COMMAND], pmuctl [COMMAND] --help. */
static int help_for(struct cli *c, char **words, int nwords, char *err,
                    size_t errlen)
{
    c->help = 1;
    if (nwords && !strcmp(words[0], "help"))
        words++, nwords--;
    if (nwords && !(c->cmd = command(words[0]))) {
        snprintf(err, errlen, "unknown command '%s' (pmuctl --help)", words[0]);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

int cli_parse(struct cli *c, int argc, char **argv, char *err, size_t errlen)
{
    static struct given g[256];
    int opt, n = 0, rc;

    memset(c, 0, sizeof *c);
    c->timeout_ms = 5000;
    c->threshold = 1.0;
    c->fail_on = -1;
    c->run_timeout_ms = 60000;
    build_getopt_tables();
    optind = 0; /* GNU: full reinitialisation (tests parse several times) */
    opterr = 0;
    while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        if (opt == '?' || opt == ':') {
            snprintf(err, errlen, "unknown option or missing argument: '%s' "
                     "(pmuctl --help)", argv[optind - 1]);
            return PMUCTL_EXIT_USAGE;
        }
        if (n == (int)(sizeof g / sizeof *g)) {
            snprintf(err, errlen, "more than %d options", n);
            return PMUCTL_EXIT_USAGE;
        }
        g[n].name = name_of(opt);
        g[n].arg = optarg;
        g[n].letter = opt < 256 ? opt : 0;
        c->help |= !strcmp(g[n].name, "help");
        c->version |= !strcmp(g[n].name, "version");
        c->man |= !strcmp(g[n].name, "man");
        n++;
    }
    if (c->help || (optind < argc && !strcmp(argv[optind], "help")))
        return help_for(c, argv + optind, argc - optind, err, errlen);
    if (c->version || c->man)
        return 0;
    if (optind >= argc) {
        snprintf(err, errlen, "no command given (pmuctl --help)");
        return PMUCTL_EXIT_USAGE;
    }
    if (!(c->cmd = command(argv[optind]))) {
        snprintf(err, errlen, "unknown command '%s' (pmuctl --help)", argv[optind]);
        return PMUCTL_EXIT_USAGE;
    }
    c->args = argv + optind + 1;
    c->nargs = argc - optind - 1;
    if ((rc = apply(c, g, n, err, errlen)))
        return rc;
    return complete(c, g, n, err, errlen);
}
