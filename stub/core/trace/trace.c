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

struct tracepoint trace_points[PMUSTUB_TRACE_POINTS];
unsigned trace_npoints;
uint8_t trace_pool[PMUSTUB_TRACE_ACTION_BYTES];
static unsigned pool_used;
struct trace_status trace_st;

/* The tracepoint the last "QTDP:...-" left open for action packets. */
static struct tracepoint *open_tp;

/* qTfP/qTsP's cursor: tracepoint index, and 0 for its definition or the
 * pool offset + 1 of its next action. A change of the definitions ends an
 * upload under way (its offsets would be stale). */
static struct {
    unsigned tp, at;
} up = {PMUSTUB_TRACE_POINTS, 0};

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

static uint8_t *pool_take(unsigned n)
{
    uint8_t *p;
    if (PMUSTUB_TRACE_ACTION_BYTES - pool_used < n)
        return 0;
    p = trace_pool + pool_used;
    pool_used += n;
    return p;
}

#if PMUSTUB_TRACE_AGENT
/* "LEN,HEX" of an X (condition or action) into the pool as LEN(2) CODE;
 * *off is where it went. The upload (qTsP) must fit in one reply. */
static unsigned store_expr(const char **s, uint16_t *off)
{
    uint32_t n;
    uint8_t *b;
    const char *p = *s;

    if (!hex_u32(p, &n, &p) || *p++ != ',' || !n ||
        n > (STUB_PKT_MAX - 64) / 2)
        return 0x01;
    if (!(b = pool_take(2 + n)))
        return 0x10;
    *off = (uint16_t)(b - trace_pool);
    put16(b, n);
    if (hex_decode(p, b + 2, n) < 0)
        return 0x01;
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
    if (!(b = pool_take(2 + bytes)))
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
    if (!(b = pool_take(9)))
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
 * supported. */
static unsigned define_actions(const char *p, const char *end)
{
    unsigned e = 0;
#if PMUSTUB_TRACE_AGENT
    uint16_t off;
#endif

    while (!e && p < end && *p != '-') {
        char kind = *p++;
        uint16_t start = (uint16_t)pool_used;
        if (kind == 'R') {
            e = store_regs(&p);
        } else if (kind == 'M') {
            e = store_mem(&p);
#if PMUSTUB_TRACE_AGENT
        } else if (kind == 'X') {
            uint8_t *tag = pool_take(1);
            if (!tag)
                return 0x10;
            *tag = 'X';
            e = store_expr(&p, &off);
#endif
        } else {
            return 0x01;
        }
        if (!e && open_tp->act_len == 0)
            open_tp->act_off = start;
        if (!e)
            open_tp->act_len = (uint16_t)(pool_used - open_tp->act_off);
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
    up.tp = PMUSTUB_TRACE_POINTS;
    if (trace_st.running)
        return 0x02; /* no InstallInTrace */
    if (!hex_u32(p + action, &n, &p) || *p++ != ':' ||
        !trace_hex_addr(p, &addr, &p) || *p++ != ':')
        return 0x01;
    if (action) {
        if (!open_tp || open_tp->number != n || open_tp->addr != addr)
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
     * instruction can start (what Z0 would say too, but only at QTStart). */
    if (n == 0 || !bp_place_ok(addr))
        return 0x01;
    if (trace_npoints == PMUSTUB_TRACE_POINTS)
        return 0x10;
    t = &trace_points[trace_npoints];
    t->number = n;
    t->addr = addr;
    t->pass = pass;
    t->enabled = (uint8_t)enabled;
    t->hits = t->usage = 0;
    t->cond_len = t->act_len = 0;
    t->native = 0;
#if PMUSTUB_TRACE_AGENT
    while (*p == ':') {
        p++;
        if (*p != 'X') /* F (fast), S (static) and the rest: not ours */
            return 0x01;
        p++;
        if ((e = store_expr(&p, &t->cond_off)) != 0)
            return e;
        t->cond_len = trace_get16(trace_pool + t->cond_off);
    }
#endif
    if (p != end - more)
        return 0x01;
    trace_npoints++;
    if (more)
        open_tp = t;
    return 0;
}

/* ---- the run ---- */

static void remove_traps(void)
{
    for (unsigned i = 0; i < trace_npoints; i++)
        bp_remove(trace_points[i].addr, BP_OWNER_TRACE);
}

void trace_stop(enum trace_reason reason, uint32_t tp, enum agent_error e)
{
    if (!trace_st.running)
        return;
    remove_traps();
    trace_st.running = 0;
    trace_st.reason = (uint8_t)reason;
    trace_st.stopping_tp = tp;
    trace_st.error = (uint8_t)e;
}

void trace_program_ended(int code)
{
    if (!trace_st.running)
        return;
    trace_stop(TR_UNKNOWN, 0, AGENT_OK);
    trace_st.ended = (uint8_t)code;
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
    if (trace_st.running)
        return 0x02;
    trace_frame_none();
    trace_frames_clear();
    trace_vars_reset();
    trace_st.running = 1;
    bp_cond_failed_clear();
    for (unsigned i = 0; i < trace_npoints && !e; i++) {
        trace_points[i].hits = trace_points[i].usage = 0;
        if (trace_points[i].enabled)
            e = bp_insert(trace_points[i].addr, BP_OWNER_TRACE, 0);
    }
    if (e) {
        trace_stop(TR_NOT_RUN, 0, AGENT_OK);
        return e;
    }
    return 0;
}

/* QTinit: no tracepoints, no variables, no frames. */
static unsigned init(const char *p, struct reply *r)
{
    (void)p;
    (void)r;
    trace_stop(TR_STOP, 0, AGENT_OK);
    trace_frame_none();
    trace_frames_clear();
    trace_ro_clear();
    trace_native_clear();
    trace_npoints = 0;
    pool_used = 0;
    open_tp = 0;
    up.tp = PMUSTUB_TRACE_POINTS;
    trace_vars_clear();
    /* A new experiment's user and notes are its own (GDB sends QTNotes
     * after QTinit, and only the texts that are set). */
    trace_st.user[0] = trace_st.notes[0] = 0;
    return 0;
}

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
    stub_addr_t cond_addr;
    unsigned cond_error = bp_cond_failed(&cond_addr);

    (void)p;
    reply_str(r, trace_st.running ? "T1" : "T0");
    if (!trace_st.running) {
        reply_str(r, ";");
        reply_str(r, reason_names[trace_st.reason]);
        reply_str(r, ":");
        if (trace_st.reason == TR_ERROR) {
            reply_hex_text(r, agent_error_text(trace_st.error));
            reply_str(r, ":");
        } else if (trace_st.reason == TR_STOP) {
            /* tstop carries its (here empty) note too: GDB keeps no text
             * for "tstop:N", and its tsave then takes the length of a
             * null string (gdb/tracefile-tfile.c, tfile_write_status:
             * measured, a segfault in GDB 13.1). */
            reply_str(r, ":");
        }
        reply_num(r, trace_st.stopping_tp);
    }
    reply_str(r, ";tframes:");
    reply_num(r, trace_frame_count());
    reply_str(r, ";tcreated:");
    reply_num(r, trace_frame_count());
    reply_str(r, ";tfree:");
    reply_num(r, trace_buffer_size - trace_buffer_used());
    reply_str(r, ";tsize:");
    reply_num(r, trace_buffer_size);
    reply_str(r, ";circular:0;disconn:0");
    if (trace_st.user[0]) {
        reply_str(r, ";username:");
        reply_str(r, trace_st.user);
    }
    if (!trace_st.running && trace_st.reason == TR_UNKNOWN) {
        char code[3] = {stub_hexdigits[trace_st.ended >> 4],
                        stub_hexdigits[trace_st.ended & 15], 0};
        reply_str(r, ";notes:");
        reply_hex_text(r, "the program ended (status 0x");
        reply_hex_text(r, code);
        reply_hex_text(r, ")");
    } else if (trace_st.notes[0] && !cond_error) {
        reply_str(r, ";notes:");
        reply_str(r, trace_st.notes);
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
static void reply_expr(struct reply *r, unsigned off)
{
    unsigned n = trace_get16(trace_pool + off);
    reply_num(r, n);
    reply_str(r, ",");
    reply_hex_bytes(r, trace_pool + off + 2, n);
}
#endif

/* One stored action at trace_pool[off] in QTDP's syntax; returns its size. */
static unsigned reply_action(struct reply *r, unsigned off)
{
    const uint8_t *a = trace_pool + off;

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
    reply_expr(r, off + 1);
    return 3u + trace_get16(a + 1);
#else
    return 1; /* not reached: no 'X' is stored */
#endif
}

static unsigned upload_next(const char *p, struct reply *r)
{
    const struct tracepoint *t;

    (void)p;
    for (; up.tp < trace_npoints; up.tp++, up.at = 0) {
        t = &trace_points[up.tp];
        if (up.at && up.at - 1 >= (unsigned)t->act_off + t->act_len)
            continue;
        reply_str(r, up.at ? "A" : "T");
        reply_num(r, t->number);
        reply_str(r, ":");
        reply_hex_u32(r, t->addr, 8);
        reply_str(r, ":");
        if (up.at) {
            up.at += reply_action(r, up.at - 1);
            return TRACE_REPLIED;
        }
        reply_str(r, t->enabled ? "E:0:" : "D:0:");
        reply_num(r, t->pass);
#if PMUSTUB_TRACE_AGENT
        if (t->cond_len) {
            reply_str(r, ":X");
            reply_expr(r, t->cond_off);
        }
#endif
        up.at = (unsigned)t->act_off + 1;
        return TRACE_REPLIED;
    }
    reply_str(r, "l");
    return TRACE_REPLIED;
}

static unsigned upload_first(const char *p, struct reply *r)
{
    up.tp = up.at = 0;
    return upload_next(p, r);
}

/* qTP:N:ADDR: hits and bytes of frames of that tracepoint. */
static unsigned tracepoint_status(const char *p, struct reply *r)
{
    uint32_t n, addr;

    if (!hex_u32(p, &n, &p) || *p++ != ':' || !trace_hex_addr(p, &addr, &p))
        return 0x01;
    for (unsigned i = 0; i < trace_npoints; i++) {
        const struct tracepoint *t = &trace_points[i];
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
 * the notes are kept as sent, hex, for qTStatus; a text too long for
 * PMUSTUB_TRACE_NOTE_HEX is cut at a whole byte. tstart and tstop notes
 * are taken and not kept. */
static unsigned set_notes(const char *p, struct reply *r)
{
    (void)r;
    while (*p) {
        char *dst = 0;
        const char *v;
        unsigned n = 0;
        if (str_starts(p, "user:", &v))
            dst = trace_st.user;
        else if (str_starts(p, "notes:", &v))
            dst = trace_st.notes;
        else if (!str_starts(p, "tstart:", &v) && !str_starts(p, "tstop:", &v))
            return 0x01;
        for (p = v; *p && *p != ';'; p++) {
            if (hex_nibble(*p) < 0)
                return 0x01;
            if (dst && n < PMUSTUB_TRACE_NOTE_HEX)
                dst[n++] = *p;
        }
        if (dst)
            dst[n & ~1u] = 0;
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
