/*
 * proxy/pmuctl_cmd.c - "monitor pmuctl CMD ..." in a GDB session through
 * pmuctl proxy (docs/proxy.md, "pmuctl inside GDB"). GDB sends a monitor
 * command as qRcmd,HEX (GDB manual, "General Query Packets", qRcmd); the
 * proxy runs pmuctl's own command (its table in cmd/) on the session it
 * holds with the target (the proxy's upstream connection), while GDB
 * waits for the answer and the program is stopped. What the command
 * prints on stdout and stderr is collected (open_memstream) and becomes
 * the O packets the caller sends before OK.
 */
#include "proxy/pmuctl_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "cmd/commands.h"
#include "session/leave.h"
#include "session/stop.h"

#define MAX_WORDS 48

/* The commands GDB may run: they read the PMU or run the program from a
 * stop and put back what they changed. The others set the PMU for a
 * later run (set, freeze, reset) or are not about the target. */
static const char *const allowed[] = {"info", "read", "measure", "stat", NULL};

static const struct cli_command *find(const char *name)
{
    for (int i = 0; allowed[i]; i++)
        if (!strcmp(allowed[i], name))
            for (int k = 0; pmuctl_commands[k]; k++)
                if (!strcmp(pmuctl_commands[k]->name, name))
                    return pmuctl_commands[k];
    return NULL;
}

static void help(FILE *f, const char *name)
{
    const struct cli_command *k = name ? find(name) : NULL;

    if (k) {
        cli_usage(f, k);
        return;
    }
    if (name)
        fprintf(f, "pmuctl: '%s' is no command of monitor pmuctl\n", name);
    fprintf(f, "monitor pmuctl COMMAND [OPTIONS]: pmuctl's command on this "
            "session's target (docs/proxy.md)\n");
    for (int i = 0; allowed[i]; i++)
        if ((k = find(allowed[i])))
            fprintf(f, "  %-8s %s\n", k->name, k->summary);
    fprintf(f, "  %-8s %s\n", "help", "this list; help COMMAND: its options");
}

/* Splits text (changed in place) at blanks into words; how many, or -1
 * when there are too many. No quoting: pmuctl's options take no blanks. */
static int split(char *text, char **w, int max)
{
    int n = 0;
    for (char *p = strtok(text, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (n == max)
            return -1;
        w[n++] = p;
    }
    return n;
}

/* The command line after "pmuctl", run on t with out as its stdout and
 * stderr. */
static void run(struct target *t, const char *upstream, char *line, FILE *out)
{
    char *w[MAX_WORDS + 3], err[512];
    struct cli c;
    int n = split(line, w + 3, MAX_WORDS), rc;

    if (n < 0) {
        fprintf(out, "pmuctl: more than %d words\n", MAX_WORDS);
        return;
    }
    if (n == 0 || !strcmp(w[3], "help") || !strcmp(w[3], "--help")) {
        help(out, n > 1 ? w[4] : NULL);
        return;
    }
    if (!find(w[3])) {
        help(out, w[3]);
        return;
    }
    for (int i = 4; i < n + 3; i++)
        if (!strcmp(w[i], "-t") || !strncmp(w[i], "--target", 8)) {
            fprintf(out, "pmuctl: no -t here: the target is the proxy's (%s)\n",
                    upstream);
            return;
        }
    w[0] = "pmuctl";
    w[1] = "-t";
    w[2] = (char *)upstream;
    if ((rc = cli_parse(&c, n + 3, w, err, sizeof err))) {
        fprintf(out, "pmuctl: %s\n", err);
        return;
    }
    if (c.help) {
        cli_usage(out, c.cmd);
        return;
    }
    FILE *saved_out = stdout, *saved_err = stderr;
    fflush(stdout);
    fflush(stderr);
    stdout = stderr = out;
    rc = 0;
    if (c.cmd->prepare)
        rc = c.cmd->prepare(&c);
    if (!rc)
        rc = c.cmd->run(&c, t);
    target_tidy(t);
    stdout = saved_out;
    stderr = saved_err;
    if (rc)
        fprintf(out, "pmuctl: %s ended with exit status %d\n", c.cmd->name, rc);
}

char *proxy_pmuctl_line(const char *pkt)
{
    static const char prefix[] = "qRcmd,";
    size_t nhex;
    char *line;

    if (strncmp(pkt, prefix, sizeof prefix - 1))
        return NULL;
    pkt += sizeof prefix - 1;
    nhex = strlen(pkt);
    if (nhex % 2 || !(line = malloc(nhex / 2 + 1)))
        return NULL;
    for (size_t i = 0; i < nhex / 2; i++) {
        int hi = rsp_hexval(pkt[2 * i]), lo = rsp_hexval(pkt[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(line);
            return NULL;
        }
        line[i] = (char)(hi << 4 | lo);
    }
    line[nhex / 2] = 0;
    /* "pmuctl" as the first word; any other monitor command is the
     * target's own. */
    if (strncmp(line, "pmuctl", 6) || (line[6] && line[6] != ' ')) {
        free(line);
        return NULL;
    }
    return line;
}

int proxy_pmuctl_run(struct target *t, const char *upstream, char *line,
                     char **text, size_t *len)
{
    unsigned long resumes = t->rsp.st.resumes;
    FILE *f;

    *text = NULL;
    *len = 0;
    if (!(f = open_memstream(text, len)))
        return -1;
    run(t, upstream, line + 6, f);
    /* It ran the program: say where it stopped. GDB keeps the registers
     * of the stop it saw last and reads them again only when told to
     * (docs/proxy.md, "pmuctl inside GDB"). */
    if (t->rsp.st.resumes != resumes && t->rsp.conn.fd >= 0) {
        struct stop st = {0};
        if (target_read_pc(t, &st))
            fprintf(f, "pmuctl: the program ran; its pc could not be read: "
                    "%s\n", t->err);
        else
            fprintf(f, "pmuctl: the program ran and is stopped at pc 0x%lx; "
                    "GDB still shows where it stopped before: run "
                    "'maint flush register-cache' (flushregs) to see it\n",
                    st.pc);
    }
    fclose(f);
    return 0;
}
