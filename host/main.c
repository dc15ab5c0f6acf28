/*
 * main.c - pmuctl: parse the command line, refuse bad input before the
 * target is touched, connect, run one command, leave the target as it was
 * found (breakpoints out, counters put back, running or stopped as before).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "base/interrupted.h"
#include "cli.h"
#include "cmd/commands.h"
#include "session/attach.h"
#include "session/connect.h"
#include "session/leave.h"

static void on_sigint(int sig)
{
    (void)sig;
    pmuctl_interrupted = 1;
}

static int run_command(const struct cli *c, struct target *t)
{
    switch (c->cmd) {
    case CMD_LIST: return cmd_list(c, t);
    case CMD_INFO: return cmd_info(c, t);
    case CMD_SET: return cmd_set(c, t);
    case CMD_READ: return cmd_read(c, t);
    case CMD_FREEZE:
    case CMD_UNFREEZE: return cmd_freeze(c, t);
    case CMD_RESET: return cmd_reset(c, t);
    case CMD_MEASURE: return cmd_measure(c, t);
    case CMD_RECORD: return cmd_record(c, t);
    default: return PMUCTL_EXIT_USAGE;
    }
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
    if (c.cmd == CMD_HELP) {
        cli_usage(stdout);
        return 0;
    }
    if (c.cmd == CMD_LIST && (!c.target || c.cpu))
        return cmd_list(&c, NULL);
    if (c.cmd == CMD_COMPARE)
        return cmd_compare(&c);
    if (c.cmd == CMD_PLOT)
        return cmd_plot(&c);
    if (c.cmd == CMD_REPORT)
        return cmd_report(&c);
    if (c.cmd == CMD_MEASURE && (rc = cmd_measure_check(&c)))
        return rc;
    if (c.cmd == CMD_RECORD && (rc = cmd_record_check(&c)))
        return rc;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint; /* no SA_RESTART: a wait ends with EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a closed socket is reported by write */

    t.big_endian = 1; /* the stub's Malta firmware; --elf tells otherwise */
    t.want_noack = c.no_ack;
    if (c.cmd == CMD_PROXY) /* a connection of its own per GDB session */
        return cmd_proxy(&c, &t);
    rc = target_connect(&t, c.target, c.timeout_ms);
    if (!rc)
        rc = pmu_attach(&t);
    if (rc)
        pmuctl_error("%s", t.err);
    else
        rc = run_command(&c, &t);
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
