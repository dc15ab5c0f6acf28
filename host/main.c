/*
 * main.c - pmuctl: parse the command line, refuse bad input before the
 * target is touched, connect (for a command that wants a target), run the
 * command (its table in cmd/), leave the target as it was found
 * (breakpoints out, counters put back, running or stopped as before).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "base/interrupted.h"
#include "cli.h"
#include "session/attach.h"
#include "session/connect.h"
#include "session/leave.h"

static void on_sigint(int sig)
{
    (void)sig;
    pmuctl_interrupted = 1;
}

int main(int argc, char **argv)
{
    static struct target t;
    struct cli c;
    char err[512];
    int rc = cli_parse(&c, argc, argv, err, sizeof err);

    if (rc) {
        pmuctl_error("%s", err);
        return rc;
    }
    if (c.help || c.version || c.man) {
        if (c.help)
            cli_usage(stdout, c.cmd);
        else if (c.version)
            cli_version(stdout);
        else
            cli_man(stdout);
        return 0;
    }
    if (c.cmd->prepare && (rc = c.cmd->prepare(&c)))
        return rc;
    if (c.cmd->target != CLI_TARGET_OWN && !cli_connects(&c))
        return c.cmd->run(&c, NULL);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint; /* no SA_RESTART: a wait ends with EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a closed socket is reported by write */

    t.big_endian = 1; /* the stub's Malta firmware; --elf tells otherwise */
    t.want_noack = c.no_ack;
    if (c.cmd->target == CLI_TARGET_OWN) /* a connection per GDB session */
        return c.cmd->run(&c, &t);
    rc = target_connect(&t, c.target, c.timeout_ms);
    if (!rc)
        rc = c.cmd->target == CLI_TARGET_ANY_PMU ? pmu_attach_if_any(&t)
                                                 : pmu_attach(&t);
    if (rc)
        pmuctl_error("%s", t.err);
    else
        rc = c.cmd->run(&c, &t);
    target_leave(&t);
    if (c.rsp_stats) {
        const struct rsp_stats *s = &t.rsp.st;
        fprintf(stderr, "pmuctl: rsp: %lu packets sent, %lu received (the "
                "longest %lu bytes), %lu continues, %lu bytes out, %lu bytes in\n",
                s->packets_out, s->packets_in, s->longest, s->resumes,
                t.rsp.conn.bytes_out, t.rsp.conn.bytes_in);
        fprintf(stderr, "pmuctl: rsp: %lu resent, %lu bad checksums, %lu asked "
                "again after silence, %lu bytes of noise\n", s->resent,
                s->bad_checksums, s->nags, s->noise);
    }
    if (pmuctl_interrupted && rc == 0)
        rc = PMUCTL_EXIT_INTERRUPTED;
    return rc;
}
