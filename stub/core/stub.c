/*
 * stub.c - the command loop: receive a packet, dispatch on its first
 * character, reply, until a packet resumes the program.
 */
#include "stub_internal.h"

const struct stub_target *stub_t;

static char in_buf[STUB_PKT_MAX + 1];
static char out_buf[STUB_PKT_MAX];

static struct stub_stop last_stop = {STUB_SIGTRAP, 0};
static int last_swbreak;      /* the stop was at one of our breakpoints */
static int exit_code = -1;    /* >= 0 once the program has ended */
static int gdb_waiting;       /* GDB resumed us and waits for a stop reply */
static int detaching;         /* the resume is a detach: nobody waits */

enum { KEEP_SERVING = -1, REPLIED = -2 };

void stub_init(const struct stub_target *t)
{
    stub_t = t;
}

static void reply_stop(struct reply *r)
{
    if (exit_code >= 0) {
        reply_str(r, "W");
        reply_hex_u32(r, (uint32_t)exit_code, 2);
        return;
    }
    reply_str(r, "T");
    reply_hex_u32(r, (uint32_t)last_stop.signal, 2);
    if (last_swbreak)
        reply_str(r, "swbreak:;"); /* needs swbreak+ in qSupported */
    reply_expedited(r);
}

static int h_stop_reason(char *pkt, unsigned len, struct reply *r)
{
    (void)pkt;
    (void)len;
    reply_stop(r);
    return KEEP_SERVING;
}

/* Arms the port for how, after an optional new PC in hex at addr. */
static int resume(const char *addr, enum stub_resume how, struct reply *r)
{
    uint32_t pc;
    const char *end;

    if (exit_code >= 0) {
        reply_stop(r); /* nothing left to run */
        return KEEP_SERVING;
    }
    if (*addr) {
        if (!hex_u32(addr, &pc, &end) || *end) {
            reply_error(r, 0x01);
            return KEEP_SERVING;
        }
        stub_t->set_pc(pc);
    }
    if (stub_t->prepare_resume(how) != 0) {
        reply_error(r, 0x06);
        return KEEP_SERVING;
    }
    return (int)how;
}

static int h_continue(char *pkt, unsigned len, struct reply *r)
{
    (void)len;
    return resume(pkt + 1, STUB_CONTINUE, r);
}

static int h_step(char *pkt, unsigned len, struct reply *r)
{
    (void)len;
    return resume(pkt + 1, STUB_STEP, r);
}

/* The first action of "vCont;...": 'c' or 's', or 0 if malformed. C and S
 * carry a two-digit signal; an action ends at ':' (its thread), ';' (the
 * next action) or the end (GDB manual, "vCont"). */
static char vcont_action(const char *p)
{
    char a = *p++;

    if (a == 'C' || a == 'S') {
        if (hex_nibble(p[0]) < 0 || hex_nibble(p[1]) < 0)
            return 0;
        p += 2;
        a = (char)(a | 0x20);
    }
    if ((a != 'c' && a != 's') || (*p && *p != ':' && *p != ';'))
        return 0;
    return a;
}

/* vCont? and vCont;ACTION[:TID][;ACTION[:TID]]... With one thread, the
 * first action is the one that applies to it. */
static int h_v(char *pkt, unsigned len, struct reply *r)
{
    static const char vcont[] = "vCont";
    unsigned i;

    for (i = 0; vcont[i]; i++)
        if (i >= len || pkt[i] != vcont[i])
            return KEEP_SERVING; /* other v packets: not supported */
    if (pkt[i] == '?' && len == i + 1) {
        reply_str(r, "vCont;c;C;s;S");
        return KEEP_SERVING;
    }
    if (pkt[i] != ';' || i + 1 >= len) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    switch (vcont_action(pkt + i + 1)) {
    case 'c': /* with C, a signal to deliver means nothing on bare metal */
        return resume("", STUB_CONTINUE, r);
    case 's':
        return resume("", STUB_STEP, r);
    }
    reply_error(r, 0x01);
    return KEEP_SERVING;
}

static int h_detach(char *pkt, unsigned len, struct reply *r)
{
    (void)pkt;
    (void)len;
    bp_remove_all();
    rsp_send_str("OK");
    rsp_end_session();
    r->len = 0;
    if (exit_code >= 0)
        return REPLIED;
    detaching = 1;
    if (resume("", STUB_CONTINUE, r) < 0) {
        /* GDB has its OK and is gone: no second reply, and the next
         * session's resume must not be taken for this detach. */
        detaching = 0;
        return REPLIED;
    }
    return STUB_CONTINUE;
}

static int h_kill(char *pkt, unsigned len, struct reply *r)
{
    (void)pkt;
    (void)len;
    (void)r;
    bp_remove_all();
    gdb_waiting = 0;
    rsp_end_session();
    stub_t->kill(); /* resets the board; returns only on a host fake */
    return REPLIED;
}

static int h_thread(char *pkt, unsigned len, struct reply *r)
{
    (void)pkt;
    (void)len;
    reply_str(r, "OK"); /* Hg/Hc: there is one thread */
    return KEEP_SERVING;
}

static const struct {
    char letter;
    stub_handler run;
} handlers[] = {
    {'?', h_stop_reason}, {'g', h_regs_g},  {'G', h_regs_G},
    {'p', h_reg_p},       {'P', h_reg_P},   {'m', h_mem_m},
    {'M', h_mem_M},       {'X', h_mem_X},   {'Z', h_break_Z},
    {'z', h_break_z},     {'q', h_query},   {'Q', h_set_query},
    {'c', h_continue},    {'s', h_step},    {'v', h_v},
    {'D', h_detach},      {'k', h_kill},    {'H', h_thread},
};

int stub_serve(void)
{
    for (;;) {
        struct reply r = {out_buf, 0, sizeof out_buf};
        int n = rsp_recv(in_buf, STUB_PKT_MAX), action = KEEP_SERVING;

        if (n < 0)
            return 0;
        for (unsigned i = 0; n > 0 && i < sizeof handlers / sizeof *handlers;
             i++) {
            if (handlers[i].letter == in_buf[0]) {
                action = handlers[i].run(in_buf, (unsigned)n, &r);
                break;
            }
        }
        if (action >= 0) {
            gdb_waiting = !detaching;
            detaching = 0;
            return 1;
        }
        if (action == KEEP_SERVING)
            rsp_send(out_buf, r.len);
    }
}

void stub_stopped(const struct stub_stop *why)
{
    last_stop = *why;
    last_swbreak = why->swbreak && bp_is_ours(stub_t->get_pc());
    if (gdb_waiting) {
        struct reply r = {out_buf, 0, sizeof out_buf};
        reply_stop(&r);
        rsp_send(out_buf, r.len);
    }
    (void)stub_serve();
}

void stub_exited(int code)
{
    exit_code = code & 0xff;
    bp_remove_all();
    if (gdb_waiting) {
        struct reply r = {out_buf, 0, sizeof out_buf};
        reply_stop(&r);
        rsp_send(out_buf, r.len);
    }
    while (stub_serve())
        ;
}
