/*
 * target.c - the session with a GDB remote target (the pmustub stub, or
 * OpenOCD's gdb server: see target_openocd.c for its PMU access).
 */
#include "target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_status.h"

volatile sig_atomic_t pmuctl_interrupted;

int target_io_fail(struct target *t, int rc, const char *doing)
{
    snprintf(t->err, sizeof t->err, "%s: %s%s", doing, rsp_status_text(rc),
             rc == RSP_LOST && (t->nbps || t->saved)
                 ? "; its breakpoints and counter controls could not be put back"
                 : "");
    if (rc == RSP_LOST)
        conn_close(&t->rsp.conn); /* nothing more to say to it */
    if (rc == RSP_TIMEOUT)
        return PMUCTL_EXIT_TIMEOUT;
    if (rc == RSP_INTR)
        return PMUCTL_EXIT_INTERRUPTED;
    return rc == RSP_LOST ? PMUCTL_EXIT_CONNECT : PMUCTL_EXIT_TARGET;
}

/* Is the reply to "?" or a resume a stop reply? Console output ('O')
 * from OpenOCD and the stub is passed on to stderr. */
static int wait_stop(struct target *t, struct stop *st, int timeout_ms)
{
    for (;;) {
        int rc = rsp_recv(&t->rsp, timeout_ms);
        if (rc)
            return rc;
        if (t->rsp.reply[0] == 'O' && strcmp(t->rsp.reply, "OK")) {
            for (const char *h = t->rsp.reply + 1; h[0] && h[1]; h += 2)
                fputc(rsp_hexval(h[0]) << 4 | rsp_hexval(h[1]), stderr);
            continue;
        }
        if (target_parse_stop(t, t->rsp.reply, st) == 0)
            return RSP_OK;
        return RSP_PROTO;
    }
}

int target_parse_stop(struct target *t, const char *p, struct stop *st)
{
    memset(st, 0, sizeof *st);
    if (!strchr("TSWX", p[0]) || rsp_hexval(p[1]) < 0 || rsp_hexval(p[2]) < 0)
        return -1;
    st->kind = p[0];
    st->signal = rsp_hexval(p[1]) << 4 | rsp_hexval(p[2]);
    if (p[0] != 'T')
        return 0;
    /* T AA n1:r1;n2:r2;... (GDB manual, "Stop Reply Packets"). */
    for (p += 3; *p;) {
        const char *colon = strchr(p, ':'), *semi;
        if (!colon)
            break;
        semi = strchr(colon, ';');
        if (!semi)
            semi = colon + strlen(colon);
        char *end;
        long regnum = strtol(p, &end, 16);
        if (end == colon) {
            unsigned long long v;
            if (rsp_decode_reg(colon + 1, (size_t)(semi - colon - 1),
                               t->big_endian, &v) == 0) {
                if (regnum == MIPS_PC_REGNUM) {
                    st->have_pc = 1;
                    st->pc = (unsigned long)(v & 0xffffffffu);
                }
                for (unsigned n = 0; n < t->n_counters && !t->is_openocd; n++) {
                    /* The 64-bit count wins over the 32-bit one. */
                    if (t->wide_reg[n] == regnum) {
                        st->cnt[n] = v;
                        st->cnt_mask |= 1u << n;
                        st->wide_mask |= 1u << n;
                    } else if (t->cnt_reg[n] == regnum &&
                               !(st->wide_mask & (1u << n))) {
                        st->cnt[n] = (uint32_t)v;
                        st->cnt_mask |= 1u << n;
                    }
                }
            }
        }
        p = *semi ? semi + 1 : semi;
    }
    return 0;
}

/* The program may be running: the stub then reads nothing but 0x03
 * (stub/arch/mips32/interrupt.c polls for it) and our "?" goes unacked.
 * A stopped target acks "?" at once. */
static int probe(struct target *t, int timeout_ms, struct stop *st)
{
    static const char q[] = "$?#3f";
    int rc = conn_write(&t->rsp.conn, q, sizeof q - 1), c;
    int probe_ms = timeout_ms < 500 ? timeout_ms : 500;

    if (rc)
        return rc;
    t->rsp.packets_out++;
    do
        c = conn_getc(&t->rsp.conn, probe_ms);
    while (c >= 0 && c != '+' && c != '$');
    if (c == '$') {
        /* A reply without an ack: the previous client (GDB's
         * "disconnect") left the stub in no-ack mode, which lasts until a
         * detach. Speak it too, and put the '$' back. */
        t->rsp.noack = 1;
        t->rsp.conn.pos--;
        return wait_stop(t, st, timeout_ms);
    }
    if (c == '+')
        return wait_stop(t, st, timeout_ms);
    if (c != CONN_TIMEOUT && c != CONN_INTR)
        return c;
    if ((rc = rsp_interrupt(&t->rsp)))
        return rc;
    /* A stub that nobody was waiting on (GDB detached) stops without a
     * stop reply (stub/core/stub.c, stub_stopped): then ask again. */
    rc = wait_stop(t, st, probe_ms);
    if (rc == RSP_TIMEOUT) {
        if ((rc = rsp_send(&t->rsp, "?")))
            return rc;
        rc = wait_stop(t, st, timeout_ms);
    }
    /* Only our 0x03 stops a running program with SIGINT. A board that was
     * still starting (its UART reset dropped our "?") reports the boot
     * stop, SIGTRAP: it was stopped, and stays so. */
    t->found_running = rc == RSP_OK && st->kind == 'T' && st->signal == 2;
    return rc;
}

static int fetch_annex(void *ctx, const char *annex, char **text, size_t *len)
{
    struct target *t = ctx;
    size_t cap = 4096, have = 0;
    char *buf = malloc(cap), req[300];

    if (!buf)
        return -1;
    for (;;) {
        snprintf(req, sizeof req, "qXfer:features:read:%s:%zx,%x", annex, have,
                 RSP_PKT_MAX / 2);
        if (rsp_request(&t->rsp, req) || (t->rsp.reply[0] != 'm' &&
                                          t->rsp.reply[0] != 'l')) {
            free(buf);
            return -1;
        }
        size_t n = t->rsp.reply_len - 1;
        if (have + n + 1 > cap) {
            cap = 2 * (have + n + 1);
            char *b = realloc(buf, cap);
            if (!b) {
                free(buf);
                return -1;
            }
            buf = b;
        }
        memcpy(buf + have, t->rsp.reply + 1, n);
        have += n;
        if (t->rsp.reply[0] == 'l' || n == 0)
            break;
    }
    buf[have] = 0;
    *text = buf;
    *len = have;
    return 0;
}

int target_connect(struct target *t, const char *spec, int timeout_ms)
{
    struct stop st;
    char *xml;
    size_t len;
    int rc;

    t->saved_frozen = -1;
    t->rsp.timeout_ms = timeout_ms;
    if (conn_open(&t->rsp.conn, spec, t->err, sizeof t->err))
        return PMUCTL_EXIT_CONNECT;
    if ((rc = probe(t, timeout_ms, &st)))
        return target_io_fail(t, rc, "waiting for the target's first reply");
    t->first_signal = st.kind == 'T' || st.kind == 'S' ? st.signal : -1;
    if ((rc = rsp_request(&t->rsp, "qSupported:swbreak+;xmlRegisters=mips")))
        return target_io_fail(t, rc, "qSupported");
    if (!strstr(t->rsp.reply, "qXfer:features:read+")) {
        snprintf(t->err, sizeof t->err,
                 "the target serves no target description (qXfer:features:read)");
        return PMUCTL_EXIT_TARGET;
    }
    /* No-ack mode lasts for the connection, and only a detach ends it on
     * the stub: use it only when we will detach (program found running);
     * a target left stopped must take the next GDB's acks. */
    if (t->found_running && strstr(t->rsp.reply, "QStartNoAckMode+")) {
        if ((rc = rsp_request(&t->rsp, "QStartNoAckMode")))
            return target_io_fail(t, rc, "QStartNoAckMode");
        if (!strcmp(t->rsp.reply, "OK"))
            t->rsp.noack = 1;
    }
    if (fetch_annex(t, "target.xml", &xml, &len)) {
        snprintf(t->err, sizeof t->err, "cannot read the target description");
        return PMUCTL_EXIT_TARGET;
    }
    rc = tdesc_parse(&t->tdesc, xml, len, fetch_annex, t, t->err, sizeof t->err);
    free(xml);
    return rc ? PMUCTL_EXIT_TARGET : 0;
}

static int regs_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    char req[16];
    unsigned long long x;
    int rc;
    snprintf(req, sizeof req, "p%x", ctl ? t->ctl_reg[n] : t->cnt_reg[n]);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, "reading a counter register");
    if (rsp_decode_reg(t->rsp.reply, t->rsp.reply_len, t->big_endian, &x)) {
        snprintf(t->err, sizeof t->err, "reading %s%u: the target answered '%.20s'",
                 ctl ? "perfctl" : "perfcnt", n, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    *v = (uint32_t)x;
    return 0;
}

static int regs_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    char req[32], hex[17];
    int rc;
    rsp_encode_reg(v, 4, t->big_endian, hex);
    snprintf(req, sizeof req, "P%x=%s", ctl ? t->ctl_reg[n] : t->cnt_reg[n], hex);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, "writing a counter register");
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "writing %s%u: the target answered '%.20s'",
                 ctl ? "perfctl" : "perfcnt", n, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

static const struct pmu_access regs_access = {"registers", regs_read, regs_write};

int target_find_pmu(struct target *t)
{
    int n = tdesc_pmu_counters(&t->tdesc, t->ctl_reg, t->cnt_reg,
                               TARGET_MAX_COUNTERS);
    if (n == 0) {
        int rc = target_openocd_detect(t);
        if (rc)
            return rc;
        if (t->is_openocd) {
            /* OpenOCD halts a running core when a gdb client attaches
             * ("debug-request": SIGINT); leave it running then. */
            t->found_running = t->first_signal == 2;
            return target_openocd_find_pmu(t);
        }
        snprintf(t->err, sizeof t->err,
                 "this target publishes no performance counters (no perfctl0 "
                 "in group pmu): %s",
                 t->tdesc.nregs ? "its core has none, or its debugger does not "
                                  "show them" : "it has no registers at all");
        return PMUCTL_EXIT_TARGET;
    }
    if (!tdesc_pmu_core(&t->tdesc, t->core, sizeof t->core) ||
        !(t->cat = catalog_core(t->core)) || !(t->lay = perfctl_layout(t->core))) {
        snprintf(t->err, sizeof t->err,
                 "the target's counters are of a core pmuctl has no catalogue "
                 "for (known: %s)", catalog_core_names());
        return PMUCTL_EXIT_TARGET;
    }
    t->n_counters = (unsigned)n;
    for (unsigned i = 0; i < t->n_counters; i++)
        t->wide_reg[i] = tdesc_pmu_wide(&t->tdesc, i);
    t->pmu = &regs_access;
    return 0;
}

int target_pmu_count(struct target *t, unsigned n, uint64_t *v, int *wide)
{
    char req[16];
    unsigned long long x;
    uint32_t v32;
    int rc;

    *wide = !t->is_openocd && t->wide_reg[n] >= 0;
    if (!*wide) {
        rc = target_pmu_read(t, 0, n, &v32);
        *v = v32;
        return rc;
    }
    snprintf(req, sizeof req, "p%x", t->wide_reg[n]);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, "reading a 64-bit count");
    if (rsp_decode_reg(t->rsp.reply, t->rsp.reply_len, t->big_endian, &x)) {
        snprintf(t->err, sizeof t->err, "reading perfcnt%u_64: the target "
                 "answered '%.20s'", n, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    *v = x;
    return 0;
}

int target_pmu_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    return t->pmu->read(t, ctl, n, v);
}

int target_pmu_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    return t->pmu->write(t, ctl, n, v);
}

static int monitor(struct target *t, const char *cmd, char *out, size_t cap)
{
    int failed, rc = rsp_monitor(&t->rsp, cmd, out, cap, &failed);
    if (rc)
        return target_io_fail(t, rc, cmd);
    if (failed) {
        snprintf(t->err, sizeof t->err, "'monitor %s' failed: %.100s", cmd, out);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

int target_frozen(struct target *t, int *frozen)
{
    char out[2048];
    int rc = monitor(t, "pmu", out, sizeof out);
    if (rc)
        return rc;
    /* stub/arch/mips32/pmu_mon.c: "on resume they stay frozen" / "count". */
    *frozen = strstr(out, "stay frozen") != NULL;
    return 0;
}

int target_set_frozen(struct target *t, int frozen)
{
    char out[256];
    return monitor(t, frozen ? "pmu freeze" : "pmu unfreeze", out, sizeof out);
}

int target_reset_counts(struct target *t)
{
    char out[256];
    return monitor(t, "pmu reset", out, sizeof out);
}

int target_save_pmu(struct target *t)
{
    if (t->saved)
        return 0;
    for (unsigned n = 0; n < t->n_counters; n++) {
        int rc = target_pmu_read(t, 1, n, &t->saved_ctl[n]);
        if (!rc)
            rc = target_pmu_count(t, n, &t->saved_cnt[n], &t->saved_wide[n]);
        if (rc)
            return rc;
    }
    t->saved = 1;
    return 0;
}

int target_bp(struct target *t, unsigned long addr, int insert)
{
    char req[40];
    int rc, i;

    snprintf(req, sizeof req, "%c0,%lx,4", insert ? 'Z' : 'z', addr);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, insert ? "inserting a breakpoint"
                                            : "removing a breakpoint");
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "0x%08lx will not take a breakpoint "
                 "(the target answered '%.20s')", addr,
                 t->rsp.reply[0] ? t->rsp.reply : "not supported");
        return PMUCTL_EXIT_TARGET;
    }
    for (i = 0; i < t->nbps && t->bps[i] != addr; i++)
        ;
    if (insert && i == t->nbps && t->nbps < TARGET_MAX_BPS)
        t->bps[t->nbps++] = addr;
    if (!insert && i < t->nbps)
        t->bps[i] = t->bps[--t->nbps];
    return 0;
}

static int read_pc(struct target *t, struct stop *st)
{
    char req[8];
    unsigned long long v;
    int rc;
    snprintf(req, sizeof req, "p%x", MIPS_PC_REGNUM);
    if ((rc = rsp_request(&t->rsp, req)))
        return rc;
    if (rsp_decode_reg(t->rsp.reply, t->rsp.reply_len, t->big_endian, &v))
        return RSP_PROTO;
    st->pc = (unsigned long)(v & 0xffffffffu);
    st->have_pc = 1;
    return RSP_OK;
}

int target_continue(struct target *t, struct stop *st, int timeout_ms)
{
    return target_resume(t, "c", st, timeout_ms);
}

int target_resume(struct target *t, const char *how, struct stop *st,
                  int timeout_ms)
{
    int rc;

    if (pmuctl_interrupted) {
        snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
        return PMUCTL_EXIT_INTERRUPTED;
    }
    rc = rsp_send(&t->rsp, how);
    if (rc)
        return target_io_fail(t, rc, "resuming the program");
    t->rsp.resumes++;
    t->rsp.intr_ok = 1;
    rc = wait_stop(t, st, timeout_ms);
    t->rsp.intr_ok = 0;
    if (rc == RSP_OK && (st->kind == 'T' || st->kind == 'S') && !st->have_pc)
        rc = read_pc(t, st); /* OpenOCD's stop replies carry no registers */
    if (rc == RSP_OK && pmuctl_interrupted)
        snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
    if (rc == RSP_OK)
        return pmuctl_interrupted ? PMUCTL_EXIT_INTERRUPTED : 0;
    if (rc != RSP_INTR && rc != RSP_TIMEOUT)
        return target_io_fail(t, rc, "waiting for the program to stop");
    /* Ctrl-C or a program that does not get there: stop it, so that the
     * breakpoints can be taken out and the counters put back. */
    int why = rc;
    if ((rc = rsp_interrupt(&t->rsp)) || (rc = wait_stop(t, st, t->rsp.timeout_ms)))
        return target_io_fail(t, rc, "stopping the program");
    if (why == RSP_TIMEOUT) {
        snprintf(t->err, sizeof t->err, "the program did not stop at a "
                 "breakpoint within %d s (stopped it at 0x%08lx)",
                 timeout_ms / 1000, st->pc);
        return PMUCTL_EXIT_TIMEOUT;
    }
    snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
    return PMUCTL_EXIT_INTERRUPTED;
}

/* The count as saved: the stub's 64-bit count whole, else 32 bits. */
static int restore_count(struct target *t, unsigned n)
{
    char req[48], hex[17];
    int rc;
    if (!t->saved_wide[n])
        return target_pmu_write(t, 0, n, (uint32_t)t->saved_cnt[n]);
    rsp_encode_reg(t->saved_cnt[n], 8, t->big_endian, hex);
    snprintf(req, sizeof req, "P%x=%s", t->wide_reg[n], hex);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, "restoring a 64-bit count");
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "writing perfcnt%u_64: the target "
                 "answered '%.20s'", n, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

void target_leave(struct target *t)
{
    if (t->rsp.conn.fd < 0)
        return;
    t->rsp.intr_ok = 0;
    while (t->nbps > 0)
        if (target_bp(t, t->bps[t->nbps - 1], 0)) {
            fprintf(stderr, "pmuctl: %s\n", t->err);
            t->nbps--;
        }
    if (t->saved) {
        for (unsigned n = 0; n < t->n_counters; n++) {
            if (target_pmu_write(t, 1, n, t->saved_ctl[n]) ||
                restore_count(t, n))
                fprintf(stderr, "pmuctl: restoring counter %u: %s\n", n, t->err);
        }
        t->saved = 0;
    }
    if (t->saved_frozen >= 0 && target_set_frozen(t, t->saved_frozen))
        fprintf(stderr, "pmuctl: restoring the freeze state: %s\n", t->err);
    t->saved_frozen = -1;
    if (t->found_running && t->is_openocd) {
        /* OpenOCD's D only says OK (src/server/gdb_server.c, gdb_detach):
         * resume the core it halted for us first. */
        char out[256];
        int failed;
        if (rsp_monitor(&t->rsp, "resume", out, sizeof out, &failed) || failed)
            fprintf(stderr, "pmuctl: could not resume the core through OpenOCD\n");
    }
    if (t->found_running) {
        /* D: the stub takes out its breakpoints and lets the program run
         * (stub/core/stub.c, h_detach). */
        if (rsp_request(&t->rsp, "D") == RSP_OK && strcmp(t->rsp.reply, "OK"))
            fprintf(stderr, "pmuctl: detach answered '%s'\n", t->rsp.reply);
    }
    conn_close(&t->rsp.conn);
}
