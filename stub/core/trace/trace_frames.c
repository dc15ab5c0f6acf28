/*
 * trace_frames.c - the trace buffer: collecting a frame at a hit, and
 * looking at frames afterwards (QTFrame, qTBuffer, QTBuffer, QTro).
 *
 * The buffer holds frames back to back, each a header TP(2) SIZE(4) and
 * SIZE bytes of blocks, numbers big-endian (both ports are big-endian):
 *   'P' REGNUM(2) VALUE        one register, as wide as the port says
 *   'M' ADDR(8) LEN(2) BYTES   memory
 *   'V' NUMBER(4) VALUE(8)     a trace state variable
 * The header and the 'M' and 'V' blocks are gdbserver's (tracepoint.cc)
 * and what GDB's tsave reads through qTBuffer (gdb/tracefile.c
 * trace_save). Registers are kept one by one ('P'), not as gdbserver's
 * whole register block, so a frame that collects one counter costs a few
 * bytes: GDB's tsave stops with "Unknown block type 'P'" on such a frame
 * (docs/tracepoints.md).
 *
 * A frame is opened by its first block: a hit whose actions record
 * nothing (teval of a variable) costs no buffer.
 *
 * The frames lie in the trace buffer after the definitions (trace_area.c),
 * at trace_frames; their room is what the definitions and a native bracket's
 * binding leave, at most what QTBuffer:size asked.
 *
 * While GDB looks at a frame (QTFrame), GDB's register and memory packets
 * go through a view of the target (trace_view) whose reads answer from
 * the frame and whose writes are refused. Everything else (traps, hits,
 * the agent's reads) keeps the port's own target.
 */
#include "trace/trace_internal.h"

unsigned trace_frame_room(void)
{
    unsigned left =
        (unsigned)(trace_area + TRACE_AREA_BYTES - trace_frames) - trace_state.high;
    unsigned cap = trace_state.cap ? trace_state.cap : TRACE_AREA_BYTES;

    return left < cap ? left : cap;
}

#define HEADER 6

/* ---- collecting ---- */

/* n bytes at the end of the open frame (opening it first), or NULL when
 * they do not fit. */
static uint8_t *reserve(unsigned n)
{
    unsigned need = n + (trace_state.col.open ? 0 : HEADER);
    uint8_t *p;

    if (trace_frame_room() - trace_state.used < need)
        return 0;
    if (!trace_state.col.open) {
        trace_state.col.start = trace_state.used;
        trace_state.col.open = 1;
        agent_to_target(trace_frames + trace_state.used, trace_state.col.tp, 2);
        trace_state.used += HEADER;
    }
    p = trace_frames + trace_state.used;
    trace_state.used += n;
    return p;
}

static enum agent_error record_mem(stub_addr_t addr, unsigned len)
{
    uint8_t *p = reserve(11 + len);

    if (!p)
        return AGENT_BUFFER_FULL;
    p[0] = 'M';
    agent_to_target(p + 1, addr, 8);
    agent_to_target(p + 9, len, 2);
    if (len && STUB_T(mem_read)(addr, p + 11, len) != STUB_MEM_OK) {
        trace_state.used -= 11 + len;
        return AGENT_MEM_FAULT;
    }
    return AGENT_OK;
}

/* A register the port has no value for (an absent FPU) is left out, as
 * 'x' digits would say the same. */
static enum agent_error record_reg(unsigned regno)
{
    uint8_t v[8], *p;
    unsigned n = STUB_T(reg_size)(regno);

    if (n == 0 || n > sizeof v || STUB_T(reg_read)(regno, v) != STUB_REG_OK)
        return AGENT_OK;
    if (!(p = reserve(3 + n)))
        return AGENT_BUFFER_FULL;
    p[0] = 'P';
    agent_to_target(p + 1, regno, 2);
    for (unsigned i = 0; i < n; i++)
        p[3 + i] = v[i];
    return AGENT_OK;
}

#if PMUSTUB_TRACE_AGENT
static enum agent_error record_var(unsigned n)
{
    const struct trace_var *v = trace_var_find(n);
    uint8_t *p;

    if (!v)
        return AGENT_BAD_VARIABLE;
    if (!(p = reserve(13)))
        return AGENT_BUFFER_FULL;
    p[0] = 'V';
    agent_to_target(p + 1, n, 4);
    agent_to_target(p + 5, (uint64_t)v->value, 8);
    return AGENT_OK;
}

static const struct agent_env collect_env = {
    trace_getv, trace_setv, record_mem, record_var,
};
#endif

static enum agent_error run_action(const uint8_t *a, unsigned *size)
{
    enum agent_error e = AGENT_OK;
    uint64_t base = 0;

    switch (a[0]) {
    case 'R':
        *size = 2u + a[1];
        for (unsigned r = 0; r < 8u * a[1] && e == AGENT_OK; r++)
            if (a[2 + r / 8] >> (r % 8) & 1)
                e = record_reg(r);
        return e;
    case 'M': {
        unsigned reg = trace_get16(a + 1);
        uint8_t v[8];
        unsigned n = reg == ACTION_ABSOLUTE ? 0 : STUB_T(reg_size)(reg);
        *size = 9;
        if (reg != ACTION_ABSOLUTE) {
            if (n == 0 || n > sizeof v ||
                STUB_T(reg_read)(reg, v) != STUB_REG_OK)
                return AGENT_BAD_REGISTER;
            base = agent_from_target(v, n);
        }
        return record_mem((stub_addr_t)(base + trace_get32(a + 3)),
                          trace_get16(a + 7));
    }
#if PMUSTUB_TRACE_AGENT
    default: { /* 'X' */
        int64_t ignored;
        *size = 3u + trace_get16(a + 1);
        return agent_eval(&collect_env, a + 3, trace_get16(a + 1), &ignored);
    }
#else
    default: /* not reached: no 'X' is stored */
        *size = 1;
        return AGENT_BAD_OPCODE;
#endif
    }
}

enum agent_error trace_collect(struct tracepoint *t)
{
    enum agent_error e = AGENT_OK;
    const uint8_t *at = TP_BYTES(t) + t->act, *stop = TP_END(t);
    unsigned size;

    trace_state.col.tp = t->number;
    trace_state.col.open = 0;
    while (at < stop && e == AGENT_OK) {
        e = run_action(at, &size);
        at += size;
    }
    if (trace_state.col.open && e == AGENT_BUFFER_FULL) {
        trace_state.used = trace_state.col.start; /* no half frames */
    } else if (trace_state.col.open) {
        agent_to_target(trace_frames + trace_state.col.start + 2,
                        trace_state.used - trace_state.col.start - HEADER, 4);
        t->usage += trace_state.used - trace_state.col.start;
        trace_state.nframes++;
    }
    trace_state.col.open = 0;
    return e;
}

void trace_frames_clear(void)
{
    trace_state.used = trace_state.nframes = 0;
}

/* ---- frames ---- */

static unsigned frame_size(unsigned off)
{
    return (unsigned)agent_from_target(trace_frames + off + 2, 4);
}

static unsigned frame_tp(unsigned off)
{
    return (unsigned)agent_from_target(trace_frames + off, 2);
}

/* Where the blocks of a frame are: calls fn for each until it returns
 * nonzero, which is returned. */
static int each_block(unsigned off, int (*fn)(const uint8_t *b, void *arg),
                      void *arg)
{
    unsigned at = off + HEADER, stop = at + frame_size(off);
    int got = 0;

    while (at < stop && !got) {
        const uint8_t *b = trace_frames + at;
        unsigned regno = (unsigned)agent_from_target(b + 1, 2);
        got = fn(b, arg);
        at += b[0] == 'M'   ? 11 + (unsigned)agent_from_target(b + 9, 2)
              : b[0] == 'V' ? 13
                            : 3 + STUB_T(reg_size)(regno);
    }
    return got;
}

struct reg_find {
    unsigned regno;
    uint8_t *out;
};

static int find_reg(const uint8_t *b, void *arg)
{
    struct reg_find *f = arg;
    unsigned n;

    if (b[0] != 'P' || agent_from_target(b + 1, 2) != f->regno)
        return 0;
    n = STUB_T(reg_size)(f->regno);
    for (unsigned i = 0; i < n; i++)
        f->out[i] = b[3 + i];
    return 1;
}

static stub_addr_t frame_pc(void)
{
    const struct tracepoint *t = trace_point_find(frame_tp(trace_state.cur_off));
    return t ? t->addr : 0;
}

/* A register the frame did not collect is unavailable, except the pc:
 * it is the tracepoint's address (the port's first expedited register is
 * its pc, target.h), as gdbserver and GDB's tfile reader assume. */
static int frame_reg_read(unsigned regno, uint8_t *out)
{
    struct reg_find f = {regno, out};

    if (each_block(trace_state.cur_off, find_reg, &f))
        return STUB_REG_OK;
    if (STUB_HAS(expedite) && (int)regno == STUB_T(expedite)[0]) {
        agent_to_target(out, frame_pc(), STUB_T(reg_size)(regno));
        return STUB_REG_OK;
    }
    return STUB_REG_UNAVAILABLE;
}

static int refuse_reg(unsigned regno, const uint8_t *in)
{
    (void)regno;
    (void)in;
    return STUB_REG_READONLY;
}

struct mem_find {
    stub_addr_t addr;
    uint8_t *out;
};

static int find_byte(const uint8_t *b, void *arg)
{
    struct mem_find *f = arg;
    stub_addr_t start = (stub_addr_t)agent_from_target(b + 1, 8);
    unsigned n = (unsigned)agent_from_target(b + 9, 2);

    if (b[0] != 'M' || f->addr - start >= n)
        return 0;
    *f->out = b[11 + (f->addr - start)];
    return 1;
}

/* QTro's ranges, [lo, hi) pairs, in a record of the trace buffer. */
static int in_ro(stub_addr_t addr, unsigned len)
{
    const struct trace_rec *r = trace_next(0, TREC_RO);
    const stub_addr_t *ro;

    if (!r)
        return 0;
    for (ro = (const stub_addr_t *)(r + 1);
         (const uint8_t *)ro < (const uint8_t *)r + r->size; ro += 2)
        if (addr >= ro[0] && addr + len <= ro[1] && addr + len >= addr)
            return 1;
    return 0;
}

/* The whole range from the frame's memory blocks, or from live memory if
 * it is read-only; otherwise a fault (memory.c narrows it down). */
static int frame_mem_read(stub_addr_t addr, uint8_t *out, unsigned len)
{
    if (in_ro(addr, len))
        return STUB_T(mem_read)(addr, out, len);
    for (unsigned i = 0; i < len; i++) {
        struct mem_find f = {addr + i, out + i};
        if (!each_block(trace_state.cur_off, find_byte, &f))
            return STUB_MEM_FAULT;
    }
    return STUB_MEM_OK;
}

static int refuse_mem(stub_addr_t addr, const uint8_t *in, unsigned len)
{
    (void)addr;
    (void)in;
    (void)len;
    return STUB_MEM_FAULT;
}

static const struct trace_access frame_access = {
    frame_reg_read, refuse_reg, frame_mem_read, refuse_mem,
};

#ifdef PMUSTUB_PORT_BIND
/* The port's own functions, bound when the stub is compiled. */
static const struct trace_access live_access = {
    STUB_T(reg_read), STUB_T(reg_write), STUB_T(mem_read), STUB_T(mem_write),
};
#else
/* Through stub_port, set at start-up. */
static int live_reg_read(unsigned regno, uint8_t *out)
{
    return stub_port->reg_read(regno, out);
}

static int live_reg_write(unsigned regno, const uint8_t *in)
{
    return stub_port->reg_write(regno, in);
}

static int live_mem_read(stub_addr_t addr, uint8_t *out, unsigned len)
{
    return stub_port->mem_read(addr, out, len);
}

static int live_mem_write(stub_addr_t addr, const uint8_t *in, unsigned len)
{
    return stub_port->mem_write(addr, in, len);
}

static const struct trace_access live_access = {
    live_reg_read, live_reg_write, live_mem_read, live_mem_write,
};
#endif

static void select_frame(int n, unsigned off)
{
    trace_state.cur = (unsigned)n + 1;
    trace_state.cur_off = off;
}

const struct trace_access *trace_view(void)
{
    return trace_state.cur ? &frame_access : &live_access;
}

void trace_frame_none(void)
{
    trace_state.cur = 0;
}

struct var_find {
    unsigned n;
    int64_t *v;
};

static int find_var(const uint8_t *b, void *arg)
{
    struct var_find *f = arg;
    if (b[0] != 'V' || agent_from_target(b + 1, 4) != f->n)
        return 0;
    *f->v = (int64_t)agent_from_target(b + 5, 8);
    return 1;
}

int trace_frame_var(unsigned n, int64_t *v)
{
    struct var_find f = {n, v};
    if (!trace_state.cur)
        return -1;
    return each_block(trace_state.cur_off, find_var, &f) ? 0 : 1;
}

/* ---- QTFrame ---- */

/* What a QTFrame search looks for, after the current frame. */
struct frame_query {
    char kind; /* 'n' number, 'p' pc, 't' tracepoint, 'r' range, 'o' outside */
    uint32_t a, b;
};

static int matches(const struct frame_query *q, int n, unsigned off)
{
    stub_addr_t pc;
    unsigned tp = frame_tp(off);
    const struct tracepoint *t;

    if (q->kind == 'n')
        return (uint32_t)n == q->a;
    if (q->kind == 't')
        return tp == q->a;
    if (!(t = trace_point_find(tp)))
        return 0;
    pc = t->addr;
    if (q->kind == 'p')
        return pc == q->a;
    /* range/outside: [start, end] inclusive (GDB manual, QTFrame:range) */
    return (pc >= q->a && pc <= q->b) == (q->kind == 'r');
}

static void find_frame(const struct frame_query *q, struct reply *r)
{
    unsigned off = 0;
    int n = 0, from = q->kind == 'n' ? 0 : (int)trace_state.cur;

    for (; off < trace_state.used; off += HEADER + frame_size(off), n++) {
        if (n >= from && matches(q, n, off)) {
            select_frame(n, off);
            reply_str(r, "F");
            reply_hex_u32(r, (uint32_t)n, 1);
            reply_str(r, "T");
            reply_hex_u64(r, frame_tp(off));
            return;
        }
    }
    trace_frame_none();
    reply_str(r, "F-1");
}

/* QTFrame:N | pc:ADDR | tdp:T | range:LO:HI | outside:LO:HI; N -1 (or
 * ffffffff) is "no frame": back to the live target. */
unsigned trace_frame_select(const char *p, struct reply *r)
{
    static const struct {
        const char *name;
        char kind, args;
    } forms[] = {{"pc:", 'p', 1}, {"tdp:", 't', 1}, {"range:", 'r', 2},
                 {"outside:", 'o', 2}};
    struct frame_query q = {'n', 0, 0};
    const char *s = p;
    unsigned i, args = 1;

    for (i = 0; i < sizeof forms / sizeof *forms; i++)
        if (str_starts(p, forms[i].name, &s)) {
            q.kind = forms[i].kind;
            args = (unsigned)forms[i].args;
            break;
        }
    if (q.kind == 'n' && s[0] == '-' && s[1] == '1' && !s[2]) {
        trace_frame_none();
        return 0;
    }
    if (!trace_hex_addr(s, &q.a, &s) ||
        (args == 2 && (*s++ != ':' || !trace_hex_addr(s, &q.b, &s))) || *s)
        return 0x01;
    if (q.kind == 'n' && q.a == 0xffffffffu) {
        trace_frame_none();
        return 0;
    }
    find_frame(&q, r);
    return TRACE_REPLIED;
}

/* qTBuffer:OFFSET,LEN: raw buffer bytes in hex, 'l' past the end. */
unsigned trace_buffer_read(const char *p, struct reply *r)
{
    uint32_t off, n;

    if (!hex_u32(p, &off, &p) || *p++ != ',' || !hex_u32(p, &n, &p) || *p)
        return 0x01;
    if (off >= trace_state.used) {
        reply_str(r, "l");
        return TRACE_REPLIED;
    }
    if (n > trace_state.used - off)
        n = trace_state.used - off;
    if (n > r->cap / 2)
        n = r->cap / 2;
    reply_hex_bytes(r, trace_frames + off, n);
    return TRACE_REPLIED;
}

/* QTBuffer:size:N (-1: the built-in size) | QTBuffer:circular:0|1. Only a
 * linear buffer: N is the most the frames may take, at most the buffer
 * as built; they get less where the definitions leave less (qTStatus's
 * tsize says what they get). */
unsigned trace_buffer_set(const char *p, struct reply *r)
{
    const char *s;
    int64_t v;

    (void)r;
    if (str_starts(p, "circular:", &s))
        return trace_hex_s64(s, &v, &s) && !*s && v == 0 ? 0 : 0x01;
    if (!str_starts(p, "size:", &s) || !trace_hex_s64(s, &v, &s) || *s ||
        trace_running())
        return 0x01;
    if (v == -1)
        v = TRACE_AREA_BYTES;
    if (v < HEADER || v > TRACE_AREA_BYTES || (uint64_t)v < trace_state.used)
        return 0x01;
    trace_state.cap = (unsigned)v;
    return 0;
}

/* QTro:LO,HI[:LO,HI]...: read-only ranges, [LO, HI), a definition in
 * the trace buffer that replaces the last (GDB ignores the reply,
 * gdb/remote.c trace_set_readonly_regions). */
unsigned trace_ro_set(const char *p, struct reply *r)
{
    struct trace_rec *ro = trace_next(0, TREC_RO);
    stub_addr_t *range;

    (void)r;
    if (trace_running())
        return 0x02;
    if (ro)
        ro->kind = TREC_FREE;
    if (!(ro = trace_define(TREC_RO, sizeof *ro)))
        return 0x10;
    while (*p) {
        if (!(range = (stub_addr_t *)trace_extend(ro, 2 * sizeof *range))) {
            ro->kind = TREC_FREE;
            return 0x10;
        }
        if (!trace_hex_addr(p, &range[0], &p) || *p++ != ',' ||
            !trace_hex_addr(p, &range[1], &p) || (*p && *p++ != ':')) {
            ro->kind = TREC_FREE;
            return 0x01;
        }
    }
    return 0;
}
