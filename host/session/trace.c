/*
 * session/trace.c - the tracepoint packets pmuctl sends (GDB manual,
 * "Tracepoint Packets"): definitions, the run, trace state variables, the
 * buffer, and breakpoints with a condition the target evaluates ("Z0"
 * with a condition list, "Packets"). measure/tracepoints.c builds on these.
 *
 * A refusal (E..) is PMUCTL_EXIT_TARGET with t->err saying which packet;
 * the caller decides whether that ends the measurement or only the use of
 * tracepoints (before anything ran).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/trace.h"

#include "base/exit_status.h"
#include "pmustub/wire.h"
#include "session/breakpoints.h"
#include "session/io.h"

int target_trace_offered(const struct target *t)
{
    return t->trace.offered;
}

/* "pmuctl" in hex: the trace user (QTNotes) pmuctl's runs carry, so that
 * a run whose pmuctl was killed is known for ours by the next one. */
#define PMUCTL_USER_HEX "706d7563746c"

int target_trace_init(struct target *t)
{
    int rc = target_request_ok(t, "QTinit", "clearing tracepoints (QTinit)");
    if (!rc)
        t->trace.defined = 1;
    return rc;
}

int target_trace_sign(struct target *t)
{
    /* A stub without QTNotes (an empty reply) still measures. */
    int rc = rsp_request(&t->rsp, "QTNotes:user:" PMUCTL_USER_HEX);
    return rc ? target_io_fail(t, rc, "naming the trace run (QTNotes)") : 0;
}

int target_trace_clear_stale(struct target *t)
{
    int rc;
    if (!t->trace.offered)
        return 0;
    if ((rc = rsp_request(&t->rsp, "qTStatus")))
        return target_io_fail(t, rc, "asking for the trace status (qTStatus)");
    const char *u = strstr(t->rsp.reply, ";username:");
    size_t n = strlen(PMUCTL_USER_HEX);
    if (!u || strncmp(u + 10, PMUCTL_USER_HEX, n) || (u[10 + n] && u[10 + n] != ';'))
        return 0;
    if ((rc = target_request_ok(t, "QTinit", "clearing tracepoints (QTinit)")))
        return rc;
    fprintf(stderr, "pmuctl: removed the tracepoints of an earlier pmuctl run "
            "that did not end\n");
    return 0;
}

int target_trace_var(struct target *t, unsigned number, uint64_t initial)
{
    char pkt[64];
    /* QTDV:n:value:builtin:name; the name is for GDB's listing only (hex
     * of "pmuctl"), the stub finds variables by number. */
    snprintf(pkt, sizeof pkt, "QTDV:%x:%llx:0:706d7563746c", number,
             (unsigned long long)initial);
    return target_request_ok(t, pkt, "a trace state variable (QTDV)");
}

int target_trace_point(struct target *t, unsigned number, unsigned long addr,
                       unsigned long pass, const struct ax *cond,
                       const struct ax *const *actions, int nactions)
{
    static char pkt[2 * AX_MAX + 64];
    char hex[2 * AX_MAX + 16];
    int n, rc;

    n = snprintf(pkt, sizeof pkt, "QTDP:%x:%lx:E:0:%lx", number, addr, pass);
    if (cond) {
        if (ax_format(cond, hex, sizeof hex))
            goto too_long;
        n += snprintf(pkt + n, sizeof pkt - (size_t)n, ":X%s", hex);
    }
    if (nactions)
        strcat(pkt, "-");
    if ((rc = target_request_ok(t, pkt, "a tracepoint (QTDP)")))
        return rc;
    for (int i = 0; i < nactions; i++) {
        if (ax_format(actions[i], hex, sizeof hex))
            goto too_long;
        snprintf(pkt, sizeof pkt, "QTDP:-%x:%lx:X%s%s", number, addr, hex,
                 i + 1 < nactions ? "-" : "");
        if ((rc = target_request_ok(t, pkt, "a tracepoint's action (QTDP)")))
            return rc;
    }
    return 0;
too_long:
    snprintf(t->err, sizeof t->err, "an agent expression of tracepoint %u "
             "is longer than %d bytes", number, AX_MAX);
    return PMUCTL_EXIT_TARGET;
}

int target_trace_bracket(struct target *t, unsigned from_tp, unsigned to_tp,
                         unsigned long k, unsigned n_var, unsigned armed_var,
                         const int *regs, const unsigned *bases, int ns)
{
    char pkt[256];
    int n = snprintf(pkt, sizeof pkt, PMUSTUB_Q_BRACKET "%x,%x,%lx,%x,%x",
                     from_tp, to_tp, k, n_var, armed_var);
    for (int i = 0; i < ns && n > 0 && (size_t)n < sizeof pkt; i++)
        n += snprintf(pkt + n, sizeof pkt - (size_t)n, ";%x,%x", regs[i], bases[i]);
    return target_request_ok(t, pkt, "the native bracket (QPmustub.Bracket)");
}

int target_trace_start(struct target *t)
{
    return target_request_ok(t, "QTStart", "starting the trace run (QTStart)");
}

int target_trace_stop(struct target *t)
{
    return target_request_ok(t, "QTStop", "stopping the trace run (QTStop)");
}

int target_trace_get(struct target *t, unsigned number, uint64_t *v)
{
    char pkt[32], *end;
    const char *p;
    int rc, neg;

    snprintf(pkt, sizeof pkt, "qTV:%x", number);
    if ((rc = rsp_request(&t->rsp, pkt)))
        return target_io_fail(t, rc, "reading a trace state variable (qTV)");
    p = t->rsp.reply;
    neg = p[0] == 'V' && p[1] == '-';
    if (p[0] != 'V' || !p[1 + neg] ||
        (*v = strtoull(p + 1 + neg, &end, 16), *end)) {
        snprintf(t->err, sizeof t->err, "trace state variable %u: the target "
                 "answered '%.20s' to %s", number, p, pkt);
        return PMUCTL_EXIT_TARGET;
    }
    if (neg)
        *v = -*v;
    return 0;
}

int target_trace_status(struct target *t, int *running, unsigned long *free_bytes)
{
    const char *f;
    char *end;
    int rc = rsp_request(&t->rsp, "qTStatus");
    if (rc)
        return target_io_fail(t, rc, "asking the trace status (qTStatus)");
    /* "T0|T1;...;tfree:HEX;..." (gdb/tracepoint.c parse_trace_status) */
    f = strstr(t->rsp.reply, ";tfree:");
    if (t->rsp.reply[0] != 'T' || !f ||
        (*free_bytes = strtoul(f + 7, &end, 16), *end && *end != ';')) {
        snprintf(t->err, sizeof t->err, "qTStatus answered '%.40s'",
                 t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    *running = t->rsp.reply[1] == '1';
    return 0;
}

int target_trace_buffer(struct target *t, unsigned long off, size_t len,
                        uint8_t *out)
{
    size_t got = 0;
    while (got < len) {
        char pkt[48];
        size_t n = len - got > 400 ? 400 : len - got, i;
        int rc;
        snprintf(pkt, sizeof pkt, "qTBuffer:%lx,%zx", off + got, n);
        if ((rc = rsp_request(&t->rsp, pkt)))
            return target_io_fail(t, rc, "reading the trace buffer (qTBuffer)");
        for (i = 0; i < n; i++) {
            int hi = rsp_hexval(t->rsp.reply[2 * i]);
            int lo = hi < 0 ? -1 : rsp_hexval(t->rsp.reply[2 * i + 1]);
            if (hi < 0 || lo < 0)
                break;
            out[got + i] = (uint8_t)(hi << 4 | lo);
        }
        if (i != n || t->rsp.reply[2 * n]) {
            snprintf(t->err, sizeof t->err, "%s answered '%.20s'", pkt,
                     t->rsp.reply);
            return PMUCTL_EXIT_TARGET;
        }
        got += n;
    }
    return 0;
}

int target_bp_cond(struct target *t, unsigned long addr, const struct ax *cond)
{
    char pkt[2 * AX_MAX + 64], hex[2 * AX_MAX + 16];
    int rc;

    if (ax_format(cond, hex, sizeof hex)) {
        snprintf(t->err, sizeof t->err, "a breakpoint condition is longer "
                 "than %d bytes", AX_MAX);
        return PMUCTL_EXIT_TARGET;
    }
    snprintf(pkt, sizeof pkt, "Z0,%lx,%x;X%s", addr, target_bp_kind(t, addr), hex);
    if ((rc = target_request_ok(t, pkt, "a breakpoint with a condition (Z0)")))
        return rc;
    target_bp_note(t, addr, 1);
    return 0;
}
