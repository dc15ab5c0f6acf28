/*
 * cli_help.c - pmuctl --help, pmuctl COMMAND --help and the man page
 * pmuctl(1) (pmuctl --man, roff for man(7)), written from the commands'
 * tables (cmd/) and cli.c's groups, so that they say the same.
 */
#include "cli.h"

#include <string.h>

#include "cmd/commands.h"
#include "pmuctl_version.h"

#define WIDTH 79
#define HELP_COL 26

static const char about[] =
    "Programs, freezes, reads and measures a CPU's performance counters over "
    "GDB's remote protocol: the pmustub stub behind a serial line (or QEMU's "
    "or vboard's serial socket), or OpenOCD's gdb server.";

static const struct {
    const char *name, *what;
} environment[] = {
    {"PMUCTL_TARGET", "the target when -t is not given (-t wins)"},
    {"PMUCTL_CACHE_DIR", "where target descriptions are kept (empty: none "
     "kept; default $XDG_CACHE_HOME/pmuctl or ~/.cache/pmuctl)"},
    {"PMUCTL_GNUPLOT", "the program plot runs instead of gnuplot"},
};

static const struct {
    const char *status, *what;
} exit_status[] = {
    {"0", "done"},
    {"1", "the target refused or lacks something; plot: gnuplot missing or "
     "failed"},
    {"2", "bad command line or input (nothing on the target changed)"},
    {"3", "connection failed or lost"},
    {"4", "the target did not answer in time"},
    {"5", "compare found a change"},
    {"6", "the program ended before the iterations asked for"},
    {"130", "interrupted (target put back)"},
};

#define COUNT(a) (sizeof (a) / sizeof *(a))

/* text from column col, wrapped at WIDTH with lines indented to indent. */
static void wrap(FILE *f, const char *text, int col, int indent)
{
    while (*text) {
        size_t n = strcspn(text, " ");
        if (col > indent && col + 1 + (int)n > WIDTH) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            col++;
        }
        fprintf(f, "%.*s", (int)n, text);
        col += (int)n;
        text += n;
        text += strspn(text, " ");
    }
}

static void option_help(FILE *f, const struct cli_opt *o)
{
    char label[80], help[512];
    int n;
    if (o->flags & CLI_HIDDEN)
        return;
    n = snprintf(label, sizeof label, "  %c%c%s--%s%s%s", o->letter ? '-' : ' ',
                 o->letter ? o->letter : ' ', o->letter ? ", " : "  ", o->name,
                 o->arg ? " " : "", o->arg ? o->arg : "");
    fputs(label, f);
    if (n > HELP_COL - 2)
        fprintf(f, "\n%*s", HELP_COL, "");
    else
        fprintf(f, "%*s", HELP_COL - n, "");
    snprintf(help, sizeof help, "%s%s%s", o->help, o->values ? " " : "",
             o->values ? o->values() : "");
    wrap(f, help, HELP_COL, HELP_COL);
    fputc('\n', f);
}

static void options_help(FILE *f, const char *title, const struct cli_opt *o)
{
    if (!o->name)
        return;
    fprintf(f, "\n%s:\n", title);
    for (; o->name; o++)
        option_help(f, o);
}

/* "[-t TARGET] measure --from LOC --to LOC [options] ARGS" */
static void synopsis(FILE *f, const struct cli_command *k, int roff);

static void command_help(FILE *f, const struct cli_command *k)
{
    fputs("usage: pmuctl", f);
    synopsis(f, k, 0);
    fputc('\n', f);
    wrap(f, k->about, 0, 0);
    fputc('\n', f);
    options_help(f, "Options", k->opts);
    for (const struct cli_group *g = cli_groups; g->title; g++)
        if (g->takes(k))
            options_help(f, g->title, g->opts);
}

void cli_usage(FILE *f, const struct cli_command *cmd)
{
    if (cmd) {
        command_help(f, cmd);
        return;
    }
    fputs("usage: pmuctl [-t TARGET] COMMAND [options]\n"
          "       pmuctl COMMAND --help, pmuctl help COMMAND: its options\n", f);
    wrap(f, about, 0, 0);
    fputs("\n\nCommands:\n", f);
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++) {
        fprintf(f, "  %-10s  ", (*k)->name);
        wrap(f, (*k)->summary, 14, 14);
        fputc('\n', f);
    }
    for (const struct cli_group *g = cli_groups; g->title; g++)
        options_help(f, g->title, g->opts);
    fputs("\nEnvironment:\n", f);
    for (size_t i = 0; i < COUNT(environment); i++) {
        fprintf(f, "  %-22s  ", environment[i].name);
        wrap(f, environment[i].what, HELP_COL, HELP_COL);
        fputc('\n', f);
    }
    fputs("\nExit status:\n", f);
    for (size_t i = 0; i < COUNT(exit_status); i++) {
        fprintf(f, "  %-3s  ", exit_status[i].status);
        wrap(f, exit_status[i].what, 7, 7);
        fputc('\n', f);
    }
}

void cli_version(FILE *f)
{
    fprintf(f, "pmuctl (pmustub) %s\n", PMUCTL_VERSION);
}

/* Text for roff: a minus is \-, a backslash \e, and a line that would
 * start with a control character starts with \& first. */
static void roff(FILE *f, const char *s)
{
    if (*s == '.' || *s == '\'')
        fputs("\\&", f);
    for (; *s; s++) {
        if (*s == '-')
            fputs("\\-", f);
        else if (*s == '\\')
            fputs("\\e", f);
        else
            fputc(*s, f);
    }
}

/* s in font B or I for roff (r), or plain. */
static void font(FILE *f, char which, const char *s, int r)
{
    if (!r) {
        fputs(s, f);
        return;
    }
    fprintf(f, "\\f%c", which);
    roff(f, s);
    fputs("\\fR", f);
}

static void synopsis(FILE *f, const struct cli_command *k, int r)
{
    if (k->target != CLI_NO_TARGET) {
        fputs(" [", f);
        font(f, 'B', "-t", r);
        fputc(' ', f);
        font(f, 'I', "TARGET", r);
        fputc(']', f);
    }
    fputc(' ', f);
    font(f, 'B', k->name, r);
    for (const struct cli_opt *o = k->opts; o->name; o++) {
        char name[40];
        if (!(o->flags & CLI_REQUIRED))
            continue;
        fputc(' ', f);
        font(f, 'B', cli_opt_name(o, name, sizeof name), r);
        fputc(' ', f);
        font(f, 'I', o->arg, r);
    }
    fputs(" [", f);
    font(f, 'I', "options", r);
    fputc(']', f);
    if (k->args) {
        fputc(' ', f);
        font(f, 'I', k->args, r);
    }
}

static void man_options(FILE *f, const struct cli_opt *o)
{
    for (; o->name; o++) {
        char name[40];
        if (o->flags & CLI_HIDDEN)
            continue;
        fputs(".TP\n", f);
        if (o->letter) {
            font(f, 'B', cli_opt_name(o, name, sizeof name), 1);
            fputs(", ", f);
        }
        snprintf(name, sizeof name, "--%s", o->name);
        font(f, 'B', name, 1);
        if (o->arg) {
            fputc(' ', f);
            font(f, 'I', o->arg, 1);
        }
        fputc('\n', f);
        roff(f, o->help);
        if (o->values) {
            fputc(' ', f);
            roff(f, o->values());
        }
        fputc('\n', f);
    }
}

void cli_man(FILE *f)
{
    fputs(".TH PMUCTL 1 \"\" \"pmustub " PMUCTL_VERSION "\" \"User Commands\"\n"
          ".SH NAME\npmuctl \\- a CPU's performance counters over GDB's "
          "remote protocol\n.SH SYNOPSIS\n.B pmuctl\n[\\fB\\-t\\fR "
          "\\fITARGET\\fR] \\fICOMMAND\\fR [\\fIoptions\\fR] "
          "[\\fIarguments\\fR]\n.br\n.B pmuctl\n\\fICOMMAND\\fR "
          "\\fB\\-\\-help\\fR\n.SH DESCRIPTION\n", f);
    roff(f, about);
    fputs("\n.SH COMMANDS\n", f);
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++) {
        fprintf(f, ".SS %s\n\\fBpmuctl\\fR", (*k)->name);
        synopsis(f, *k, 1);
        fputs("\n.PP\n", f);
        roff(f, (*k)->about);
        fputc('\n', f);
        man_options(f, (*k)->opts);
    }
    for (const struct cli_group *g = cli_groups; g->title; g++) {
        const char *sep = "";
        fputs(".SH ", f);
        for (const char *c = g->title; *c; c++)
            fputc(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c, f);
        fputs("\nOf ", f);
        for (const struct cli_command *const *k = pmuctl_commands; *k; k++)
            if (g->takes(*k)) {
                fprintf(f, "%s%s", sep, (*k)->name);
                sep = ", ";
            }
        fputs(".\n", f);
        man_options(f, g->opts);
    }
    fputs(".SH ENVIRONMENT\n", f);
    for (size_t i = 0; i < COUNT(environment); i++) {
        fprintf(f, ".TP\n.B %s\n", environment[i].name);
        roff(f, environment[i].what);
        fputc('\n', f);
    }
    fputs(".SH EXIT STATUS\n", f);
    for (size_t i = 0; i < COUNT(exit_status); i++) {
        fprintf(f, ".TP\n.B %s\n", exit_status[i].status);
        roff(f, exit_status[i].what);
        fputc('\n', f);
    }
    fputs(".SH SEE ALSO\n.BR gdb (1),\n.BR openocd (1)\n", f);
}
