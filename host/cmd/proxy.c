/*
 * cmd/proxy.c - "pmuctl proxy": GDB through us to OpenOCD, with the PMU
 * registers (docs/proxy.md). The port is taken first, OpenOCD's core is
 * checked once, then GDB sessions are served one after another until
 * SIGINT.
 */
#include "cmd/commands.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "base/interrupted.h"
#include "cmd/common.h"
#include "elf/elfsym.h"
#include "proxy/server.h"
#include "session/leave.h"

/* --elf: the program OpenOCD's core runs, checked for each GDB as
 * measure checks it (qCRC), so that SDBBPs a session that did not end
 * left in its MIPS code are put back before GDB meets them
 * (cmd/repair.c). */
struct elf_check {
    const char *path;
    struct elfsym elf;
    int wait_ms;
};

static int check_elf(struct target *t, void *ctx)
{
    struct elf_check *e = ctx;
    return cmd_check_elf(e->path, &e->elf, t, e->wait_ms);
}

static int run_proxy(const struct cli *c, struct target *t)
{
    static struct proxy_session s;
    static struct elf_check check;
    char err[300];
    int fd, rc;

    s.openocd = c->target;
    s.timeout_ms = c->timeout_ms;
    s.t = t;
    if (c->elf) {
        if ((rc = cmd_open_elf(c->elf, &check.elf)))
            return rc;
        check.path = c->elf;
        check.wait_ms = c->run_timeout_ms;
        s.on_open = check_elf;
        s.on_open_ctx = &check;
    }
    /* The port first: a --listen that cannot be served leaves OpenOCD's
     * core untouched. */
    if ((fd = proxy_listen(c->listen, err, sizeof err)) < 0) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if ((rc = proxy_open_openocd(&s))) {
        pmuctl_error("%s", t->err);
        target_leave(t);
        close(fd);
        return rc;
    }
    if (s.stub)
        fprintf(stderr, "pmuctl: proxy: pmustub at %s, core %s: %u counters "
                "(the stub's registers); listening for GDB on %s\n", c->target,
                t->pmu.core, t->pmu.n_counters, c->listen);
    else
        fprintf(stderr, "pmuctl: proxy: OpenOCD at %s, core %s: %u counters as "
                "GDB registers %d..%d (32-bit counts); listening for GDB on %s\n",
                c->target, t->pmu.core, t->pmu.n_counters, s.map.first,
                s.map.first + (int)s.map.n - 1, c->listen);
    /* Free OpenOCD's gdb port until a GDB comes (it takes one client at a
     * time by default), and let a core we found running run on. */
    target_leave(t);
    while (!pmuctl_interrupted) {
        int g = accept(fd, NULL, NULL);
        if (g < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            pmuctl_error("proxy: accept: %s", strerror(errno));
            break;
        }
        proxy_serve_gdb(&s, g);
    }
    fprintf(stderr, "pmuctl: proxy: %s\n", pmuctl_interrupted ? "interrupted; "
            "closed" : "stopped");
    close(fd);
    proxy_close(&s);
    if (c->elf)
        elfsym_close(&check.elf);
    return pmuctl_interrupted ? PMUCTL_EXIT_INTERRUPTED : PMUCTL_EXIT_CONNECT;
}

static const struct cli_opt opts[] = {
    {"listen", 0, "[HOST:]PORT", "serve GDB here", cli_set_string,
     offsetof(struct cli, listen), CLI_REQUIRED, NULL},
    CLI_STRING(0, "elf", "FILE", elf,
               "the program on OpenOCD's core: checked for each GDB (qCRC), "
               "and SDBBPs a session that did not end left in its MIPS code "
               "put back first"),
    CLI_END,
};

const struct cli_command cmd_proxy = {
    .name = "proxy",
    .summary = "serve GDB through to OpenOCD or pmustub, with monitor pmuctl",
    .about = "Serves GDB on --listen, forwarding to OpenOCD's gdb server "
             "(-t), with the counters as GDB registers, or to pmustub (whose "
             "registers they are already); in both, GDB's 'monitor pmuctl "
             "COMMAND' runs pmuctl's info, read, measure in GDB's session "
             "(docs/proxy.md); one GDB session after another until "
             "interrupted.",
    .target = CLI_TARGET_OWN,
    .opts = opts,
    .run = run_proxy,
};
