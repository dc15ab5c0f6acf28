/*
 * registers.c - g/G (core registers only) and p/P (every register, PMU ones
 * included). Sizes and availability come from the port's register table;
 * values go through trace_view(): a trace frame's while GDB looks at one.
 */
#include "trace.h"

#define REG_MAX_BYTES 8

/* The port's size, or 0 for a register wider than the buffers here: a port
 * error is not a reason to overflow the stack. */
static unsigned reg_size(unsigned regno)
{
    unsigned n = STUB_T(reg_size)(regno);
    return n <= REG_MAX_BYTES ? n : 0;
}

static void reply_reg(struct reply *r, const struct trace_access *t,
                      unsigned regno, unsigned size)
{
    uint8_t v[REG_MAX_BYTES];

    if (t->reg_read(regno, v) == STUB_REG_OK) {
        reply_hex_bytes(r, v, size);
    } else {
        /* GDB manual, "Standard Replies"/'g': 'x' digits mark a register
         * whose value is unavailable. */
        for (unsigned i = 0; i < 2 * size; i++)
            reply_str(r, "x");
    }
}

int h_regs_g(char *pkt, unsigned len, struct reply *r)
{
    const struct trace_access *t = trace_view();

    (void)pkt;
    (void)len;
    /* Whole registers only: a reply too short for all of them ends
     * before the first that does not fit, and GDB reads the rest with
     * 'p' (GDB manual, "Packets", 'g'; remote.c takes a short 'g' so). */
    for (unsigned i = 0; i < STUB_T(nregs_g); i++) {
        if (r->len + 2 * reg_size(i) > r->cap)
            break;
        reply_reg(r, t, i, reg_size(i));
    }
    return KEEP_SERVING;
}

int h_regs_G(char *pkt, unsigned len, struct reply *r)
{
    const struct trace_access *t = trace_view();
    unsigned need = 0, pos = 1, n = 0;
    uint8_t v[REG_MAX_BYTES];

    /* The registers g sends: every one, or those that fit in PacketSize
     * (GDB sends back as many as g gave it; remote.c, G after a short g). */
    for (; n < STUB_T(nregs_g) && need + 2 * reg_size(n) <= STUB_PKT_MAX; n++)
        need += 2 * reg_size(n);
    if (len != 1 + need) {
        reply_error(r, 0x02);
        return KEEP_SERVING;
    }
    /* Validate all before changing any: a bad packet changes nothing. */
    for (unsigned i = 1; i < len; i++) {
        if (hex_nibble(pkt[i]) < 0 && pkt[i] != 'x') {
            reply_error(r, 0x03);
            return KEEP_SERVING;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned size = reg_size(i);
        /* Unavailable ('x') and read-only registers keep their values. */
        if (hex_decode(pkt + pos, v, size) == 0)
            (void)t->reg_write(i, v);
        pos += 2 * size;
    }
    reply_str(r, "OK");
    return KEEP_SERVING;
}

/* Parses "N" or "N=" at pkt+1; returns the register size or 0 if bad. */
static unsigned parse_regno(const char *pkt, unsigned *regno, const char **end)
{
    uint32_t n;

    if (!hex_u32(pkt + 1, &n, end) || n >= STUB_T(nregs))
        return 0;
    *regno = n;
    return reg_size(n);
}

int h_reg_p(char *pkt, unsigned len, struct reply *r)
{
    unsigned regno, size;
    const char *end;

    if (!(size = parse_regno(pkt, &regno, &end)) || end != pkt + len) {
        reply_error(r, 0x04);
        return KEEP_SERVING;
    }
    reply_reg(r, trace_view(), regno, size);
    return KEEP_SERVING;
}

int h_reg_P(char *pkt, unsigned len, struct reply *r)
{
    unsigned regno, size;
    const char *end;
    uint8_t v[REG_MAX_BYTES];

    if (!(size = parse_regno(pkt, &regno, &end)) || *end != '=' ||
        (unsigned)(pkt + len - (end + 1)) != 2 * size ||
        hex_decode(end + 1, v, size) < 0) {
        reply_error(r, 0x04);
        return KEEP_SERVING;
    }
    if (trace_view()->reg_write(regno, v) != STUB_REG_OK) {
        reply_error(r, 0x05);
        return KEEP_SERVING;
    }
    reply_str(r, "OK");
    return KEEP_SERVING;
}

void reply_expedited(struct reply *r)
{
    const struct trace_access *t = trace_view();

    for (const int *e = STUB_T(expedite); e && *e >= 0; e++) {
        unsigned regno = (unsigned)*e;
        uint8_t v[REG_MAX_BYTES];
        unsigned size = reg_size(regno);

        if (!size || t->reg_read(regno, v) != STUB_REG_OK)
            continue;
        reply_hex_u32(r, regno, regno > 0xff ? 4 : 2);
        reply_str(r, ":");
        reply_hex_bytes(r, v, size);
        reply_str(r, ";");
    }
}
