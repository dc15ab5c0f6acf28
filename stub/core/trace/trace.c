/*
 * trace.c - tracepoint definitions, the run and its status: QTinit, QTDP,
 * QTStart, QTStop, qTStatus, qTP, qTfP/qTsP, qTV, QTNotes, and the dispatch
 * of the other tracepoint packets (GDB manual, "Tracepoint Packets"; the
 * reply syntax is what gdb/tracepoint.c parse_trace_status and
 * parse_tracepoint_definition read). The variables are in trace_vars.c,
 * frames and their packets in trace_frames.c, the hits in trace_hit.c.
 */
#include "trace/trace_native.h"
#include "pmustub/wire.h"

/* The tracepoint the last "QTDP:...-" left open for action packets: the
 * last record while it is open. */
static struct tracepoint *open_tp;

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

/* Text that qTStatus carries hex-encoded. */
static void reply_hex_text(struct reply *r, const char *s)
{
    while (*s)
        reply_hex_bytes(r, (const uint8_t *)s++, 1);
}

/* reply_hex_u32 with no leading zeros. */
static void reply_num(struct reply *r, uint32_t v)
{
    reply_hex_u64(r, v);
}

/* ---- tracepoint definitions ---- */

/* n more bytes of the open tracepoint's record. */
static uint8_t *take(unsigned n)
{
    return trace_extend(&open_tp->h, n);
}

#if PMUSTUB_TRACE_AGENT
/* "LEN,HEX" of an X (condition or action) into the open tracepoint as
 * [tag] LEN(2) CODE, tag 0 for none; nothing taken if it is refused. The
 * upload (qTsP) must fit in one reply. */
static unsigned store_expr(const char **s, unsigned tag)
{
    uint32_t n;
    uint8_t *b;
    const char *p = *s;

    if (!hex_u32(p, &n, &p) || *p++ != ',' || !n ||
        n > (STUB_PKT_MAX - 64) / 2)
        return 0x01;
    for (unsigned i = 0; i < 2 * n; i++)
        if (hex_nibble(p[i]) < 0)
            return 0x01;
    if (!(b = take(!!tag + 2 + n)))
        return 0x10;
    if (tag)
        *b++ = (uint8_t)tag;
    put16(b, n);
    (void)hex_decode(p, b + 2, n);
    *s = p + 2 * n;
    return 0;
}
#endif

/* 'R' MASK: hex, most significant byte first (gdb/tracepoint.c,
 * collection_list::stringify). */
static unsigned store_regs(const char **s)
{
    const char *p = *s;
    unsigned digits = 0, bytes, max = (STUB_T(nregs) + 7) / 8;
    uint8_t *b;

    while (hex_nibble(p[digits]) >= 0)
        digits++;
    bytes = (digits + 1) / 2;
    if (!digits || bytes > max)
        return 0x01;
    if (!(b = take(2 + bytes)))
        return 0x10;
    b[0] = 'R';
    b[1] = (uint8_t)bytes;
    /* The last digit is bits 3:0 of byte 0. */
    for (unsigned i = 0; i < bytes; i++) {
        int lo = hex_nibble(p[digits - 1 - 2 * i]);
        int hi = 2 * i + 1 < digits ? hex_nibble(p[digits - 2 - 2 * i]) : 0;
        b[2 + i] = (uint8_t)(hi << 4 | lo);
    }
    *s = p + digits;
    return 0;
}

/* 'M' BASEREG,OFFSET,LEN; BASEREG -1 (or its 32-bit FFFFFFFF) for an
 * absolute address. */
static unsigned store_mem(const char **s)
{
    const char *p = *s;
    uint32_t base, off, len;
    uint8_t *b;

    if (*p == '-' && p[1] == '1')
        base = ACTION_ABSOLUTE, p += 2;
    else if (!hex_u32(p, &base, &p))
        return 0x01;
    if (base == 0xffffffffu)
        base = ACTION_ABSOLUTE;
    if ((base != ACTION_ABSOLUTE && base >= STUB_T(nregs)) || *p++ != ',' ||
        !trace_hex_addr(p, &off, &p) || *p++ != ',' || !hex_u32(p, &len, &p) ||
        !len || len > 0xffff)
        return 0x01;
    if (!(b = take(9)))
        return 0x10;
    b[0] = 'M';
    put16(b + 1, base);
    b[3] = (uint8_t)(off >> 24), b[4] = (uint8_t)(off >> 16);
    b[5] = (uint8_t)(off >> 8), b[6] = (uint8_t)off;
    put16(b + 7, len);
    *s = p;
    return 0;
}

/* The actions of "QTDP:-N:ADDR:ACTIONS[-]". While-stepping ('S') is not
 * supported. An action refused takes nothing. */
static unsigned define_actions(const char *p, const char *end)
{
    unsigned e = 0;

    while (!e && p < end && *p != '-') {
        char kind = *p++;
        if (kind == 'R')
            e = store_regs(&p);
        else if (kind == 'M')
            e = store_mem(&p);
#if PMUSTUB_TRACE_AGENT
        else if (kind == 'X')
            e = store_expr(&p, 'X');
#endif
        else
            return 0x01;
    }
    return e;
}

/* QTDP:N:ADDR:E|D:STEP:PASS[:F..][:S][:XLEN,HEX][-] and its action
 * packets QTDP:-N:ADDR:ACTION[-]. */
static unsigned define_tracepoint(const char *p, struct reply *r)
{
    const char *end = p;
    uint32_t n, addr, step, pass;
    struct tracepoint *t;
    int more, enabled, action = *p == '-';
    unsigned e;

    (void)r;
    while (*end)
        end++;
    more = end > p && end[-1] == '-';
    if (trace_running())
        return 0x02; /* no InstallInTrace */
    if (!hex_u32(p + action, &n, &p) || *p++ != ':' ||
        !trace_hex_addr(p, &addr, &p) || *p++ != ':')
        return 0x01;
    if (action) {
        /* Open only while it is the last record. */
        if (!open_tp || open_tp->number != n || open_tp->addr != addr ||
            TP_END(open_tp) != trace_frames)
            return 0x01;
        e = define_actions(p, end - more);
        if (e || !more)
            open_tp = 0;
        return e;
    }
    open_tp = 0;
    enabled = *p == 'E';
    if ((*p != 'E' && *p != 'D') || p[1] != ':' ||
        !hex_u32(p + 2, &step, &p) || *p++ != ':' || !hex_u32(p, &pass, &p))
        return 0x01;
    if (step) /* while-stepping: not supported */
        return 0x01;
    /* GDB numbers its tracepoints from 1, and a trap goes only where an
     * instruction can start (what Z0 would say too, but only at QTStart).
     * A frame keeps 16 bits of the number. */
    if (n == 0 || n > 0xffff || !bp_place_ok(addr))
        return 0x01;
    if (!(t = (struct tracepoint *)trace_define(TREC_POINT, sizeof *t)))
        return 0x10;
    t->number = (uint16_t)n;
    t->addr = addr;
    t->pass = pass;
    t->h.flag = (uint8_t)enabled;
    t->hits = t->usage = 0;
    t->act = t->native = 0;
    open_tp = t;
    e = 0x01;
#if PMUSTUB_TRACE_AGENT
    if (*p == ':') {
        p++;
        /* F (fast), S (static) and the rest: not ours */
        if (*p++ != 'X' || (e = store_expr(&p, 0)) != 0)
            goto refused;
        t->act = (uint16_t)(trace_frames - TP_BYTES(t));
    }
#endif
    if (p != end - more) {
        e = 0x01;
        goto refused;
    }
    if (!more)
        open_tp = 0;
    return 0;
refused:
    t->h.kind = TREC_FREE; /* until QTinit */
    open_tp = 0;
    return e;
}

/* ---- the run ---- */

static void remove_traps(void)
{
    const struct tracepoint *t = 0;

    while ((t = trace_next_point(t)) != 0)
        bp_remove(t->addr, BP_OWNER_TRACE);
}

void trace_stop(enum trace_reason reason, uint32_t tp, enum agent_error e)
{
    if (!trace_running())
        return;
    remove_traps();
    trace_state.run.running = 0;
    trace_state.run.reason = (uint8_t)reason;
    trace_state.run.stopping_tp = tp;
    trace_state.run.error = (uint8_t)e;
}

void trace_program_ended(int code)
{
    if (!trace_running())
        return;
    trace_stop(TR_UNKNOWN, 0, AGENT_OK);
    trace_state.run.ended = (uint8_t)code;
}

void trace_session_end(void)
{
    trace_frame_none();
    trace_stop(TR_DISCONNECTED, 0, AGENT_OK);
    open_tp = 0;
}

static unsigned start(const char *p, struct reply *r)
{
    unsigned e = 0;

    (void)p;
    (void)r;
    if (trace_running())
        return 0x02;
    trace_frame_none();
    trace_frames_clear();
    trace_vars_reset();
    trace_state.run.running = 1;
    bp_cond_failed_clear();
    for (struct tracepoint *t = 0; !e && (t = trace_next_point(t)) != 0;) {
        t->hits = t->usage = 0;
        if (t->h.flag)
            e = bp_insert(t->addr, BP_OWNER_TRACE, 0);
    }
    if (e) {
        trace_stop(TR_NOT_RUN, 0, AGENT_OK);
        return e;
    }
    return 0;
}

/* QTinit: no tracepoints, no variables, no texts, no frames: the whole
 * trace buffer free. A new experiment's user and notes are its own (GDB
 * sends QTNotes after QTinit, and only the texts that are set). */
static unsigned init(const char *p, struct reply *r)
{
    (void)p;
    (void)r;
    trace_stop(TR_STOP, 0, AGENT_OK);
    trace_frame_none();
    trace_state.high = 0; /* no native bracket */
    trace_frames_clear();
    trace_frames = trace_area;
    open_tp = 0;
    trace_state.up.rec = (trace_off)-1; /* an upload under way ends */
    return 0;
}

/* The live QTNotes text which (TEXT_USER, TEXT_NOTES), or NULL. */
#define text(which) ((struct trace_numbered *)trace_find(TREC_TEXT, which))

static unsigned stop(const char *p, struct reply *r)
{
    (void)p;
    (void)r;
    trace_stop(TR_STOP, 0, AGENT_OK);
    return 0;
}

static const char *const reason_names[] = {
    [TR_NOT_RUN] = "tnotrun", [TR_STOP] = "tstop", [TR_FULL] = "tfull",
    [TR_DISCONNECTED] = "tdisconnected", [TR_PASSCOUNT] = "tpasscount",
    [TR_ERROR] = "terror", [TR_UNKNOWN] = "tunknown",
};

/* T0|T1;REASON:..;tframes:N;tcreated:N;tfree:N;tsize:N;circular:0;
 * disconn:0[;notes:HEX] */
static unsigned status(const char *p, struct reply *r)
{
    static const char *const counts[] = {";tframes:", ";tcreated:", ";tfree:",
                                         ";tsize:"};
    stub_addr_t cond_addr;
    unsigned cond_error = bp_cond_failed(&cond_addr), n[4];
    const struct trace_numbered *t;

    (void)p;
    reply_str(r, trace_running() ? "T1" : "T0");
    if (!trace_running()) {
        reply_str(r, ";");
        reply_str(r, reason_names[trace_state.run.reason]);
        reply_str(r, ":");
        if (trace_state.run.reason == TR_ERROR) {
            reply_hex_text(r, agent_error_text(trace_state.run.error));
            reply_str(r, ":");
        } else if (trace_state.run.reason == TR_STOP) {
            /* tstop carries its (here empty) note too: GDB keeps no text
             * for "tstop:N", and its tsave then takes the length of a
             * null string (gdb/tracefile-tfile.c, tfile_write_status:
             * measured, a segfault in GDB 13.1). */
            reply_str(r, ":");
        }
        reply_num(r, trace_state.run.stopping_tp);
    }
    /* The frames' room is what the definitions leave them. */
    n[0] = n[1] = trace_state.nframes;
    n[3] = trace_frame_room();
    n[2] = n[3] - trace_state.used;
    for (unsigned i = 0; i < 4; i++) {
        reply_str(r, counts[i]);
        reply_num(r, n[i]);
    }
    reply_str(r, ";circular:0;disconn:0");
    if ((t = text(TEXT_USER)) != 0) {
        reply_str(r, ";username:");
        reply_str(r, (const char *)(t + 1));
    }
    if (!trace_running() && trace_state.run.reason == TR_UNKNOWN) {
        char code[3] = {stub_hexdigits[trace_state.run.ended >> 4],
                        stub_hexdigits[trace_state.run.ended & 15], 0};
        reply_str(r, ";notes:");
        reply_hex_text(r, "the program ended (status 0x");
        reply_hex_text(r, code);
        reply_hex_text(r, ")");
    } else if ((t = text(TEXT_NOTES)) != 0 && !cond_error) {
        reply_str(r, ";notes:");
        reply_str(r, (const char *)(t + 1));
    }
    if (cond_error) {
        char addr[9];
        stub_addr_t a = cond_addr;
        for (int i = 0; i < 8; i++)
            addr[i] = stub_hexdigits[a >> (28 - 4 * i) & 15];
        addr[8] = 0;
        reply_str(r, ";notes:");
        reply_hex_text(r, "breakpoint condition at 0x");
        reply_hex_text(r, addr);
        reply_hex_text(r, ": ");
        reply_hex_text(r, agent_error_text((enum agent_error)cond_error));
    }
    return TRACE_REPLIED;
}

/* ---- upload: qTfP/qTsP ---- */

#if PMUSTUB_TRACE_AGENT
/* LEN(2) CODE as QTDP's LEN,HEX. */
static void reply_expr(struct reply *r, const uint8_t *e)
{
    unsigned n = trace_get16(e);
    reply_num(r, n);
    reply_str(r, ",");
    reply_hex_bytes(r, e + 2, n);
}
#endif

/* One stored action in QTDP's syntax; returns its size. */
static unsigned reply_action(struct reply *r, const uint8_t *a)
{
    if (a[0] == 'R') {
        reply_str(r, "R");
        for (unsigned i = a[1]; i-- > 0;)
            reply_hex_bytes(r, a + 2 + i, 1);
        return 2u + a[1];
    }
    if (a[0] == 'M') {
        unsigned base = trace_get16(a + 1);
        reply_str(r, "M");
        if (base == ACTION_ABSOLUTE)
            reply_str(r, "-1");
        else
            reply_num(r, base);
        reply_str(r, ",");
        reply_num(r, trace_get32(a + 3));
        reply_str(r, ",");
        reply_num(r, trace_get16(a + 7));
        return 9;
    }
#if PMUSTUB_TRACE_AGENT
    reply_str(r, "X");
    reply_expr(r, a + 1);
    return 3u + trace_get16(a + 1);
#else
    return 1; /* not reached: no 'X' is stored */
#endif
}

/* The definition of the tracepoint at the cursor, then each of its
 * actions ('A'), then the next tracepoint's. */
static unsigned upload_next(const char *p, struct reply *r)
{
    struct tracepoint *t = 0;

    (void)p;
    if (trace_state.up.rec <= (unsigned)(trace_frames - trace_area))
        t = trace_state.up.rec ? (struct tracepoint *)(trace_area + trace_state.up.rec - 1)
                         : trace_next_point(0);
    for (; t; t = trace_next_point(t), trace_state.up.at = 0) {
        trace_state.up.rec = (trace_off)((uint8_t *)t - trace_area + 1);
        if (trace_state.up.at && TP_BYTES(t) + trace_state.up.at - 1 >= TP_END(t))
            continue;
        reply_str(r, trace_state.up.at ? "A" : "T");
        reply_num(r, t->number);
        reply_str(r, ":");
        reply_hex_u32(r, t->addr, 8);
        reply_str(r, ":");
        if (trace_state.up.at) {
            trace_state.up.at = (trace_off)(
                trace_state.up.at + reply_action(r, TP_BYTES(t) + trace_state.up.at - 1));
            return TRACE_REPLIED;
        }
        reply_str(r, t->h.flag ? "E:0:" : "D:0:");
        reply_num(r, t->pass);
#if PMUSTUB_TRACE_AGENT
        if (t->act) {
            reply_str(r, ":X");
            reply_expr(r, TP_BYTES(t));
        }
#endif
        trace_state.up.at = (trace_off)(t->act + 1);
        return TRACE_REPLIED;
    }
    trace_state.up.rec = (trace_off)-1;
    reply_str(r, "l");
    return TRACE_REPLIED;
}

static unsigned upload_first(const char *p, struct reply *r)
{
    trace_state.up.rec = trace_state.up.at = 0;
    return upload_next(p, r);
}

/* qTP:N:ADDR: hits and bytes of frames of that tracepoint. */
static unsigned tracepoint_status(const char *p, struct reply *r)
{
    uint32_t n, addr;
    const struct tracepoint *t = 0;

    if (!hex_u32(p, &n, &p) || *p++ != ':' || !trace_hex_addr(p, &addr, &p))
        return 0x01;
    while ((t = trace_next_point(t)) != 0) {
        if (t->number == n && t->addr == addr) {
            reply_str(r, "V");
            reply_num(r, t->hits);
            reply_str(r, ":");
            reply_num(r, t->usage);
            return TRACE_REPLIED;
        }
    }
    return 0x01;
}

/* qTV:N: a variable's current value (in the selected frame, if any), 'U'
 * if there is none. */
static unsigned var_value(const char *p, struct reply *r)
{
    uint32_t n;
    const struct trace_var *v = 0;
    int64_t value = 0;
    int in_frame;

    if (!hex_u32(p, &n, &p) || *p)
        return 0x01;
    /* Looking at a frame: the value it collected, if it did. */
    in_frame = trace_frame_var(n, &value);
    if (in_frame < 0 && (v = trace_var_find(n)) != 0)
        value = v->value;
    if (in_frame > 0 || (in_frame < 0 && !v)) {
        reply_str(r, "U");
        return TRACE_REPLIED;
    }
    reply_str(r, "V");
    reply_hex_u64(r, (uint64_t)value);
    return TRACE_REPLIED;
}

/* QTNotes:[user:HEX;][notes:HEX;][tstart:HEX;][tstop:HEX;] (GDB's
 * "set trace-user", "set trace-notes", tstart/tstop NOTES). The user and
 * the notes are kept as sent, hex, for qTStatus, each a definition in
 * the trace buffer (the one it replaces is left free until QTinit), so
 * not while a run is on (E02); a text of an odd number of digits ends at
 * a whole byte. tstart and tstop notes are taken and not kept (GDB sends
 * tstop's while the run is on). */
static unsigned set_notes(const char *p, struct reply *r)
{
    static const char *const fields[] = {"user:", "notes:", "tstart:", "tstop:"};

    (void)r;
    while (*p) {
        const char *v = p;
        unsigned n = 0, which = 0;
        struct trace_numbered *t;
        while (!str_starts(p, fields[which], &v))
            if (++which == 4)
                return 0x01;
        for (p = v; *p && *p != ';'; p++, n++)
            if (hex_nibble(*p) < 0)
                return 0x01;
        if (which <= TEXT_NOTES) {
            if (trace_running())
                return 0x02;
            if ((t = text(which)) != 0)
                t->h.kind = TREC_FREE;
            if ((n &= ~1u) != 0) {
                char *dst;
                if (!(t = (struct trace_numbered *)trace_define(TREC_TEXT, sizeof *t + n + 1)))
                    return 0x10;
                t->number = (uint16_t)which;
                dst = (char *)(t + 1);
                dst[n] = 0;
                while (n-- > 0)
                    dst[n] = v[n];
            }
        }
        if (*p == ';')
            p++;
    }
    return 0;
}

/* ---- dispatch ---- */

/* Every packet of tracepoints, by name: a name that ends in ':' takes
 * arguments, any other is the whole packet. */
static const struct {
    const char *name;
    unsigned (*fn)(const char *args, struct reply *r);
} packets[] = {
    {"QTinit", init},
    {"QTDP:", define_tracepoint},
    {"QTDV:", trace_var_define},
    {"QTStart", start},
    {"QTNotes:", set_notes},
    {PMUSTUB_Q_BRACKET, trace_native_bind},
    {"QTStop", stop},
    {"QTFrame:", trace_frame_select},
    {"QTBuffer:", trace_buffer_set},
    {"QTro:", trace_ro_set},
    {"qTStatus", status},
    {"qTP:", tracepoint_status},
    {"qTfP", upload_first},
    {"qTsP", upload_next},
    {"qTfV", trace_var_upload_first},
    {"qTsV", trace_var_upload_next},
    {"qTV:", var_value},
    {"qTBuffer:", trace_buffer_read},
};

int trace_packet(const char *pkt, struct reply *r)
{
    for (unsigned i = 0; i < sizeof packets / sizeof *packets; i++) {
        const char *name = packets[i].name, *p;
        unsigned n = 0, e;

        if (!str_starts(pkt, name, &p))
            continue;
        while (name[n])
            n++;
        if (name[n - 1] != ':' && *p)
            continue;
        if ((e = packets[i].fn(p, r)) != TRACE_REPLIED)
            reply_ok_or_error(r, e);
        return 1;
    }
    return 0;
}
