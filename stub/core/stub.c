/*
 * stub.c - the command loop: receive a packet, dispatch on its first
 * character, reply, until a packet resumes the program; sessions, and the
 * program's end and restart.
 */
#include "trace.h"
#include "sample/sample.h"
#include "stat/interval.h"
#include "pmustub/wire.h"

/* One buffer for a packet and its reply (half the RAM of two). A packet is
 * received after the last reply where it fits (rsp_recv: a '-' may still
 * ask for that reply) and then moved to the buffer's end, with its NUL;
 * the reply is written from the start and never reaches the packet (its
 * cap ends where the packet begins), so a handler may read its packet
 * while it writes. A packet of the full PacketSize leaves STUB_REPLY_ROOM
 * bytes for its reply (OK, Enn); packets that get long replies (m, g,
 * qXfer) are short. */
static char pkt_buf[STUB_REPLY_ROOM + STUB_PKT_MAX + 1];

/* The reply to a packet of n bytes that ends the buffer. */
static struct reply reply_before(unsigned n)
{
    unsigned room = (unsigned)sizeof pkt_buf - (n + 1);
    struct reply r = {pkt_buf, 0, room < STUB_PKT_MAX ? room : STUB_PKT_MAX};
    return r;
}

static struct stub_stop last_stop = {STUB_SIGTRAP, 0, 0, 0};
static int last_swbreak; /* the stop was at one of our breakpoints */
/* The stop was made by a client's packet while the program ran: said in
 * the next stop reply (PMUSTUB_STOP_ENTERED), that client's answer to its
 * "?". Only once: a client that comes later (after that one was cut, or
 * disconnected) found the program stopped. */
static int last_entered;
/* The program has ended: 'W' (exited with end_code) or 'X' (killed by
 * signal end_code); 0 while it can run. Only vRun runs it again. */
static char end_kind;
static uint8_t end_code;
static int gdb_waiting;  /* GDB resumed us and waits for a stop reply */
static int detaching;    /* the resume is a detach: nobody waits */

/* GDB said '!' in this session: extended-remote, where a vRun follows a
 * vKill. */
static int extended;

/* The marker vRun leaves in the port's keep words across the board reset:
 * "vRun", then what the session that sent it had negotiated, which GDB
 * does not send again after a vRun: its ack mode and its '!' (without it,
 * the next "kill" would be taken for plain remote's and reset the board
 * while GDB's vRun is on the line). */
#define KEEP_MAGIC 0x7652756eu
enum { KEEP_NOACK = 1, KEEP_EXTENDED = 2 };

void stub_init(const struct stub_target *t)
{
    int run = t->keep && t->keep[0] == KEEP_MAGIC;

    trace_frame_none();
    stub_port = t;
    end_kind = 0;
    /* Started by vRun: GDB waits for the new run's first stop reply, and
     * speaks in the ack mode it had. Otherwise nobody waits yet. */
    gdb_waiting = run;
    rsp_set_noack(run && (t->keep[1] & KEEP_NOACK));
    extended = run && (t->keep[1] & KEEP_EXTENDED);
    if (run)
        t->keep[0] = 0;
}

/* The rule for sessions: a serial line has no connection event, so a new
 * GDB is recognised by its first packet, qSupported (GDB sends it first
 * on every connection, before it negotiates no-ack mode). It is acked
 * whatever the last session left (rsp_new_session), and what the last
 * session left in the program goes: its breakpoints (the original
 * instructions are written back) and the swbreak of its last stop, whose
 * breakpoint is gone. A step never outlives the stop it ends in (the port
 * takes its temporary breakpoints out at every stop), and the monitor's
 * settings (pmu freeze, ctrlc) are the target's, kept like the counter
 * controls. */
static void new_session(void)
{
    rsp_new_session();
    trace_session_end();
    sample_clear();
    interval_session();
    bp_remove_all();
    last_swbreak = 0;
    extended = 0;
}

static void reply_stop(struct reply *r)
{
    if (end_kind) {
        char kind[2] = {end_kind, 0};
        reply_str(r, kind);
        reply_hex_u32(r, end_code, 2);
        return;
    }
    reply_str(r, "T");
    reply_hex_u32(r, (uint32_t)last_stop.signal, 2);
    if (last_swbreak)
        reply_str(r, "swbreak:;"); /* needs swbreak+ in qSupported */
    if (last_entered)
        reply_str(r, PMUSTUB_STOP_ENTERED ":;");
    last_entered = 0;
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

    if (end_kind) {
        reply_stop(r); /* nothing left to run */
        return KEEP_SERVING;
    }
    if (*addr) {
        if (!hex_u32(addr, &pc, &end) || *end) {
            reply_error(r, 0x01);
            return KEEP_SERVING;
        }
        STUB_T(set_pc)(pc);
    }
    if (trace_prepare_resume(how) != 0) {
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
static int v_cont(const char *args, struct reply *r)
{
    if (args[0] == '?' && !args[1]) {
        reply_str(r, "vCont;c;C;s;S");
        return KEEP_SERVING;
    }
    switch (args[0] == ';' ? vcont_action(args + 1) : 0) {
    case 'c': /* with C, a signal to deliver means nothing on bare metal */
        return resume("", STUB_CONTINUE, r);
    case 's':
        return resume("", STUB_STEP, r);
    }
    reply_error(r, 0x01);
    return KEEP_SERVING;
}

/* vRun;FILE[;ARG]... (GDB manual, "vRun"): run the program again from its
 * start. The board's reset reloads its image (QEMU's Malta and vboard
 * reload the -kernel ELF; a board that boots from flash does the same);
 * the marker left in the keep words tells stub_init() after the reset that
 * GDB waits for this packet's stop reply, which the first stop (the boot
 * stop) sends. Only the program on the board, without arguments: GDB sends
 * "vRun;" unless "set remote exec-file" or arguments were given. */
static int v_run(const char *args, struct reply *r)
{
    if (*args || !stub_port->keep) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    bp_remove_all(); /* in case the reset reloads less than the code */
    stub_port->keep[1] = (rsp_noack() ? KEEP_NOACK : 0) |
                      (extended ? KEEP_EXTENDED : 0);
    stub_port->keep[0] = KEEP_MAGIC;
    stub_port->kill(); /* returns only on a host fake */
    return REPLIED;
}

static int h_kill(char *pkt, unsigned len, struct reply *r);

/* vKill;PID. GDB 13 sends it for "kill" in both modes, before any 'k'
 * (gdb/remote.c, remote_target::kill). In extended-remote ('!' came) the
 * program is killed but the board stays as it is until a vRun: a reset
 * here could swallow the vRun that follows at once. In plain remote GDB
 * closes the connection after it, so the board is reset as for 'k', once
 * GDB has its OK. */
static int v_kill(const char *args, struct reply *r)
{
    (void)args;
    if (!extended) {
        rsp_send_str("OK");
        return h_kill(0, 0, r);
    }
    bp_remove_all();
    end_kind = 'X';
    end_code = STUB_SIGKILL;
    reply_str(r, "OK");
    return KEEP_SERVING;
}

static int h_v(char *pkt, unsigned len, struct reply *r)
{
    static const struct {
        const char *name;
        int (*run)(const char *args, struct reply *r);
    } v_packets[] = {{"vCont", v_cont}, {"vRun;", v_run}, {"vKill;", v_kill}};
    const char *args;

    (void)len;
    for (unsigned i = 0; i < sizeof v_packets / sizeof *v_packets; i++)
        if (str_starts(pkt, v_packets[i].name, &args))
            return v_packets[i].run(args, r);
    return KEEP_SERVING; /* other v packets: not supported */
}

static int h_detach(char *pkt, unsigned len, struct reply *r)
{
    (void)pkt;
    (void)len;
    trace_session_end();
    bp_remove_all();
    rsp_send_str("OK");
    rsp_set_noack(0); /* GDB closes the connection after D ... */
    r->len = 0;
    if (end_kind)
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
    rsp_set_noack(0); /* ... and after k */
    stub_port->kill(); /* resets the board; returns only on a host fake */
    return REPLIED;
}

/* q packets (query.c); qSupported, before its reply, starts a session. */
static int h_q(char *pkt, unsigned len, struct reply *r)
{
    const char *rest;

    if (str_starts(pkt, "qSupported", &rest))
        new_session();
    return h_query(pkt, len, r);
}

/* Hg/Hc: there is one thread. */
static int h_ok(char *pkt, unsigned len, struct reply *r)
{
    (void)pkt;
    (void)len;
    reply_str(r, "OK");
    return KEEP_SERVING;
}

/* '!': extended mode, which vRun serves. */
static int h_extended(char *pkt, unsigned len, struct reply *r)
{
    extended = 1;
    return h_ok(pkt, len, r);
}

/* Each packet's first letter and its handler, in the same order: two
 * arrays rather than one of pairs, whose letters would each be padded to
 * a pointer's size. */
static const char letters[] = "?gGpPmMXZzqQcsvDkH!";
static stub_handler const handlers[] = {
    h_stop_reason, h_regs_g,  h_regs_G,    h_reg_p,   h_reg_P,
    h_mem_m,       h_mem_M,   h_mem_X,     h_break_Z, h_break_z,
    h_q,           h_set_query, h_continue, h_step,   h_v,
    h_detach,      h_kill,    h_ok,        h_extended,
};
/* One handler a letter (a negative array size fails the build). */
typedef char one_handler_a_letter[sizeof handlers / sizeof *handlers ==
                                          sizeof letters - 1 ? 1 : -1];

int stub_serve(void)
{
    for (;;) {
        char *got, *pkt;
        int n = rsp_recv(pkt_buf, sizeof pkt_buf, STUB_REPLY_ROOM, &got);
        int action = KEEP_SERVING;
        struct reply r;

        if (n < 0)
            return 0;
        /* To the end, last byte first (the two places may overlap). */
        pkt = pkt_buf + sizeof pkt_buf - (unsigned)(n + 1);
        for (int i = n; i >= 0; i--)
            pkt[i] = got[i];
        r = reply_before((unsigned)n);
        for (unsigned i = 0; n > 0 && letters[i]; i++) {
            if (letters[i] == pkt[0]) {
                action = handlers[i](pkt, (unsigned)n, &r);
                break;
            }
        }
        if (action >= 0) {
            gdb_waiting = !detaching;
            detaching = 0;
            return 1;
        }
        if (action == KEEP_SERVING)
            rsp_send(pkt_buf, r.len);
    }
}

void stub_stopped(const struct stub_stop *stop)
{
    struct stub_stop w = *stop, *why = &w;

    if (!trace_on_stop(why)) {
        interval_flush(); /* the line is the replies' from here */
        last_stop = *why;
        last_swbreak = why->swbreak && bp_is_ours(STUB_T(get_pc)());
        last_entered = why->packet;
        if (why->packet) {
            /* A packet while the program runs is a new client's (a client
             * sends nothing but 0x03 then): whoever resumed the program
             * is gone, or sends the packet again (a lost ack). It is read
             * and answered like any; its '$' came already, and goes back
             * first: it also ends the wait for the ack of a 0x03's stop
             * reply below, which must not read the packet away. */
            gdb_waiting = 0;
            rsp_packet_begun();
        }
        if (gdb_waiting || why->interrupted) {
            struct reply r = reply_before(0);
            reply_stop(&r);
            rsp_send(pkt_buf, r.len);
        }
        (void)stub_serve();
    } /* else a tracepoint or a false condition: the program goes on */
    trace_native_publish();
}

void stub_exited(int code)
{
    end_kind = 'W';
    end_code = (uint8_t)code;
    trace_program_ended(code);
    bp_remove_all();
    interval_flush();
    if (gdb_waiting) {
        struct reply r = reply_before(0);
        reply_stop(&r);
        rsp_send(pkt_buf, r.len);
    }
    while (stub_serve())
        ;
}
