/*
 * sample.c - the sample buffer and its packets (sample.h,
 * pmustub/sample.h, docs/record.md).
 *
 *   QPmustub.Sample:N,REG,PERIOD[;N,REG,PERIOD]...[,FROM,TO][@BYTES]   (hex)
 *       counter N, whose 32-bit count register is GDB's REG, samples
 *       every PERIOD events (up to SAMPLE_COUNTERS counters, each its
 *       own period): armed now, or from each hit at tracepoint FROM to
 *       the next at TO (defined with QTDP, run with QTStart). With
 *       @BYTES (a multiple of 4, up to STACK_MAX, which qSupported
 *       states), each sample copies that many bytes of the program's
 *       stack, from its stack pointer up, for the host to unwind.
 *   QPmustub.Sample:off                      no more sampling.
 *   qPmustub.Sample   ->  ADDR,SIZE,FILL,LOST,ARMED  (hex) where the
 *       buffer is, its size and fill in samples, samples lost to a full
 *       buffer, and whether the counter samples now.
 *   QPmustub.SampleReset                     the buffer drained: empty.
 *
 * The host reads the buffer with m while the program is stopped: at the
 * stop the stub makes when it fills (stub_sample_stop), at a stop of the
 * host's, at the end. Nothing in here talks to the host while the
 * program runs: an overflow only writes a sample's words (the pc, the
 * return address and the counter that overflowed; with a stack copy, the
 * stack pointer and the words at and above it).
 */
#include "sample/sample.h"
#include "pmustub/sample.h"

/* Samples the buffer holds (a build option: docs/record.md). */
#ifndef PMUSTUB_SAMPLE_ENTRIES
#define PMUSTUB_SAMPLE_ENTRIES 128
#endif

#define COUNT_TOP 0x80000000u

/* Counters one record samples at once: every core the stub drives has
 * four or fewer (docs/pmu.md). */
#define SAMPLE_COUNTERS 4

#define BUF_WORDS (PMUSTUB_SAMPLE_ENTRIES * STUB_SAMPLE_WORDS)
/* The most bytes of stack a sample copies: 512, or what leaves room for
 * one sample in a smaller buffer (none in a buffer of one sample). */
#define STACK_MAX (BUF_WORDS >= STUB_SAMPLE_STACK_WORDS + 128 ? 512u         \
                   : BUF_WORDS > STUB_SAMPLE_STACK_WORDS                    \
                   ? 4u * (BUF_WORDS - STUB_SAMPLE_STACK_WORDS) : 0u)

/* The top of the program's stack (the board's linker script; start.S
 * loads the stack pointer with it): no copy reads past it. */
extern char _stack_top[];

static uint32_t buf[BUF_WORDS];
/* A sampled counter. left: the events to its next sample when it was
 * last disarmed at TO, so that the next FROM goes on from there. */
struct slot {
    uint32_t period, left;
    unsigned n, reg;
};
static struct {
    struct slot c[SAMPLE_COUNTERS];
    uint32_t fill, lost;
    uint32_t stack; /* bytes of stack a sample copies (0: none) */
    uint32_t words, cap; /* words a sample takes, samples the buffer holds */
    unsigned nc;
    uint8_t bound, armed, stop;
} s; /* sample_clear, at each new session, sets words and cap */

/* s.stack bytes of stack a sample: its words and the buffer's samples
 * (kept, so that an overflow does not divide). */
static void set_stack(uint32_t bytes)
{
    s.stack = bytes;
    s.words = bytes ? STUB_SAMPLE_STACK_WORDS + bytes / 4 : STUB_SAMPLE_WORDS;
    s.cap = BUF_WORDS / s.words;
}

/* The stack pointer and the stack's words from it up, s.stack bytes or to
 * the stack's top, through the cache as the program reads them; nothing
 * of a stack pointer that is not word-aligned or not below the top (the
 * program is on a stack of its own elsewhere: copied as far as s.stack). */
static void copy_stack(uint32_t *w, stub_addr_t sp)
{
    uint32_t top = (uint32_t)(uintptr_t)_stack_top, len = 0;
    const volatile uint32_t *from = (const volatile uint32_t *)(uintptr_t)sp;

    if (!(sp & 3) && sp < top)
        len = top - sp < s.stack ? top - sp : s.stack;
    w[STUB_SAMPLE_SP] = sp;
    w[STUB_SAMPLE_STACK_LEN] = len;
    for (uint32_t i = 0; i < len / 4; i++)
        w[STUB_SAMPLE_STACK_WORDS + i] = from[i];
}

uint32_t stub_sample_overflow(unsigned n, stub_addr_t pc, stub_addr_t ra,
                              stub_addr_t sp)
{
    unsigned i = 0;
    uint32_t *w = buf + s.words * s.fill;

    while (i < s.nc && s.c[i].n != n)
        i++;
    if (!s.armed || i == s.nc)
        return 0;
    if (s.fill == s.cap) {
        s.lost++;
        s.stop = 1;
    } else {
        w[STUB_SAMPLE_PC] = pc;
        w[STUB_SAMPLE_RA] = ra;
        w[STUB_SAMPLE_COUNTER] = n;
        if (s.stack)
            copy_stack(w, sp);
        s.stop = ++s.fill == s.cap;
    }
    return s.c[i].period;
}

int stub_sample_stop(void)
{
    int stop = s.stop;
    s.stop = 0;
    return stop;
}

/* A sampled counter's 32-bit count through the port's register (the
 * count the program sees is the host's to put back at the end). */
static int count_write(const struct slot *c, uint32_t v)
{
    uint8_t b[4];

    for (unsigned i = 0; i < 4; i++)
        b[PMUSTUB_TARGET_BIG_ENDIAN ? 3 - i : i] = (uint8_t)(v >> (8 * i));
    return STUB_T(reg_write)(c->reg, b) == STUB_REG_OK;
}

static int count_read(const struct slot *c, uint32_t *v)
{
    uint8_t b[4];

    if (STUB_T(reg_read)(c->reg, b) != STUB_REG_OK)
        return 0;
    *v = 0;
    for (unsigned i = 0; i < 4; i++)
        *v |= (uint32_t)b[PMUSTUB_TARGET_BIG_ENDIAN ? 3 - i : i] << (8 * i);
    return 1;
}

/* Each counter's top bit comes after its left events: 2^31 - left into
 * its count. */
static void arm(void)
{
    s.armed = 1;
    for (unsigned i = 0; i < s.nc; i++)
        s.armed &= count_write(&s.c[i], COUNT_TOP - s.c[i].left);
}

/* The phase carries from bracket to bracket: at TO the events still to go
 * to each counter's next sample are kept, and the next FROM loads them,
 * so that the brackets sample as one run of the region's events, one
 * sample every period, wherever the brackets' edges fall (a bracket
 * shorter than the period is sampled one pass in so many; a longer one at
 * other pcs on every pass). A count at or past the top bit is an overflow
 * not yet taken: its sample comes with the next bracket's first event. */
static void disarm(void)
{
    uint32_t v;

    for (unsigned i = 0; s.armed && i < s.nc; i++) {
        struct slot *c = &s.c[i];
        if (count_read(c, &v))
            c->left = v >= COUNT_TOP ? 1
                      : COUNT_TOP - v > c->period ? c->period : COUNT_TOP - v;
    }
    s.armed = 0;
}

void sample_hit(unsigned role)
{
    if (!s.bound)
        return;
    if (role & SAMPLE_TO)
        disarm();
    if ((role & SAMPLE_FROM) && !s.armed)
        arm();
}

void sample_clear(void)
{
    s.bound = s.armed = s.stop = 0;
    s.nc = 0;
    set_stack(0);
    sample_unbind_points();
}

/* "N,REG,PERIOD" into the next slot; p past it. */
static int bind_counter(const char **p)
{
    uint32_t n, reg, period;
    struct slot *c = &s.c[s.nc];

    if (s.nc == SAMPLE_COUNTERS || !hex_field(p, &n, ',') ||
        !hex_field(p, &reg, ',') || !hex_u32(*p, &period, p) || period == 0 ||
        period >= COUNT_TOP || reg >= STUB_T(nregs) ||
        STUB_T(reg_size)(reg) != 4)
        return 0;
    for (unsigned i = 0; i < s.nc; i++)
        if (s.c[i].n == n)
            return 0;
    c->n = n;
    c->reg = reg;
    c->period = c->left = period;
    s.nc++;
    return 1;
}

/* "@BYTES" at p, if there: the stack copy's size; 0 if it is no size. */
static int bind_stack(const char *p)
{
    uint32_t n;

    if (!*p)
        return 1;
    if (*p != '@' || !hex_u32(p + 1, &n, &p) || *p || !n || n % 4 ||
        n > STACK_MAX)
        return 0;
    set_stack(n);
    return 1;
}

static unsigned bind(const char *p)
{
    uint32_t from, to;
    int points;

    sample_clear();
    if (p[0] == 'o' && p[1] == 'f' && p[2] == 'f' && !p[3])
        return 0;
    do {
        if (!bind_counter(&p)) {
            s.nc = 0;
            return 0x01;
        }
    } while (*p == ';' && ++p);
    points = *p == ',';
    if ((points && (p++, !hex_field(&p, &from, ',') || !hex_u32(p, &to, &p))) ||
        !bind_stack(p) || (points && sample_bind_points(from, to))) {
        s.nc = 0;
        return 0x01;
    }
    s.fill = s.lost = 0;
    s.bound = 1;
    if (!points) {
        arm();
        if (!s.armed) {
            sample_clear();
            return 0x01;
        }
    }
    return 0;
}

int sample_set_query(const char *pkt, struct reply *r)
{
    const char *p;
    unsigned e;

    if (str_starts(pkt, PMUSTUB_Q_SAMPLE_SET, &p)) {
        e = bind(p);
    } else if (str_starts(pkt, PMUSTUB_Q_SAMPLE_RESET, &p) && !*p) {
        s.fill = s.lost = 0;
        e = 0;
    } else {
        return 0;
    }
    reply_ok_or_error(r, e);
    return 1;
}

int sample_query(const char *pkt, struct reply *r)
{
    const char *p;

    if (!str_starts(pkt, PMUSTUB_Q_SAMPLE, &p) || *p)
        return 0;
    reply_hex_u32(r, (uint32_t)(uintptr_t)buf, 8);
    reply_str(r, ",");
    reply_hex_u32(r, s.cap, 8);
    reply_str(r, ",");
    reply_hex_u32(r, s.fill, 8);
    reply_str(r, ",");
    reply_hex_u32(r, s.lost, 8);
    reply_str(r, s.armed ? ",1" : ",0");
    return 1;
}

void sample_features(struct reply *r)
{
    reply_str(r, ";" PMUSTUB_FEATURE_SAMPLE);
    if (STACK_MAX) {
        reply_str(r, ";" PMUSTUB_FEATURE_SAMPLE_STACK "=");
        reply_hex_u32(r, STACK_MAX, 3);
    }
}
