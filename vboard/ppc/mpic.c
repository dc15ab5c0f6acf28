/*
 * mpic.c - the MPIC (mpic.h). Register map and fields: MPC8544E Reference
 * Manual, chapter "Programmable Interrupt Controller (PIC)": GCR 0x1020,
 * SVR 0x10E0 (spurious vector, reset 0xFFFF), source n's IVPR at 0x10000 +
 * 0x20n (MSK 0x80000000, A 0x40000000 activity, PRIORITY 19:16, VECTOR
 * 15:0) and IDR at +0x10 (bit 0: processor 0), processor 0's CTPR 0x20080
 * (reset 15: nothing passes), WHOAMI 0x20090, IACK 0x200A0, EOI 0x200B0,
 * with the same four at 0x80-0xB0 for the processor that accesses them.
 * Where the manual leaves a choice, QEMU 7.2's model (hw/intc/openpic.c),
 * which runs the same firmware, decides: a request needs a priority above
 * CTPR, the highest priority wins and the lowest source number among
 * equals, IACK with nothing to give returns the spurious vector, EOI ends
 * the highest priority in service, and unmodelled registers read 0.
 */
#include "mpic.h"

#include <string.h>

#define GCR 0x1020u
#define SVR 0x10e0u
#define SRC_BASE 0x10000u
#define SRC_END (SRC_BASE + 0x20u * MPIC_SOURCES)
#define CPU0 0x20000u
#define CTPR 0x80u
#define WHOAMI 0x90u
#define IACK 0xa0u
#define EOI 0xb0u

#define IVPR_MSK 0x80000000u
#define IVPR_A 0x40000000u
#define IVPR_WMASK 0x80cfffffu /* MSK, POLARITY, SENSE, PRIORITY, VECTOR */
#define IDR_P0 0x1u

static bool bit(const uint8_t *set, unsigned n) { return set[n / 8] >> (n % 8) & 1u; }

static void set_bit(uint8_t *set, unsigned n, bool on)
{
    set[n / 8] = (uint8_t)(on ? set[n / 8] | 1u << (n % 8) : set[n / 8] & ~(1u << (n % 8)));
}

static unsigned priority(const struct mpic *m, unsigned n) { return m->ivpr[n] >> 16 & 15u; }

void mpic_reset(struct mpic *m)
{
    uint8_t input[sizeof m->input];
    memcpy(input, m->input, sizeof input); /* the devices' lines stay */
    memset(m, 0, sizeof(*m));
    memcpy(m->input, input, sizeof input);
    m->svr = 0xffffu;
    m->ctpr = 15;
    for (unsigned n = 0; n < MPIC_SOURCES; n++) {
        m->ivpr[n] = IVPR_MSK;
        m->idr[n] = IDR_P0;
    }
}

void mpic_input(struct mpic *m, unsigned src, bool level)
{
    if (src < MPIC_SOURCES)
        set_bit(m->input, src, level);
}

static bool requesting(const struct mpic *m, unsigned n)
{
    return bit(m->input, n) && !(m->ivpr[n] & IVPR_MSK) && (m->idr[n] & IDR_P0);
}

/* The source processor 0 would be given, or -1. */
static int best_request(const struct mpic *m)
{
    int best = -1;
    for (unsigned n = 0; n < MPIC_SOURCES; n++)
        if (requesting(m, n) && (best < 0 || priority(m, n) > priority(m, (unsigned)best)))
            best = (int)n;
    return best;
}

/* The highest-priority source in service, or -1. */
static int best_in_service(const struct mpic *m)
{
    int best = -1;
    for (unsigned n = 0; n < MPIC_SOURCES; n++)
        if (bit(m->in_service, n) && (best < 0 || priority(m, n) > priority(m, (unsigned)best)))
            best = (int)n;
    return best;
}

bool mpic_int(const struct mpic *m)
{
    int r = best_request(m), s = best_in_service(m);
    return r >= 0 && priority(m, (unsigned)r) > m->ctpr &&
           (s < 0 || priority(m, (unsigned)r) > priority(m, (unsigned)s));
}

static uint32_t iack(struct mpic *m)
{
    int r = best_request(m);
    if (r < 0 || priority(m, (unsigned)r) <= m->ctpr)
        return m->svr;
    set_bit(m->in_service, (unsigned)r, true);
    return m->ivpr[r] & 0xffffu;
}

static uint32_t cpu_read(struct mpic *m, uint32_t reg)
{
    switch (reg) {
    case CTPR: return m->ctpr;
    case WHOAMI: return 0;
    case IACK: return iack(m);
    default: return 0;
    }
}

static void cpu_write(struct mpic *m, uint32_t reg, uint32_t v)
{
    if (reg == CTPR) {
        m->ctpr = v & 15u;
    } else if (reg == EOI) {
        int s = best_in_service(m);
        if (s >= 0)
            set_bit(m->in_service, (unsigned)s, false);
    }
}

uint32_t mpic_read(struct mpic *m, uint32_t off)
{
    if (off >= CTPR && off <= EOI)
        return cpu_read(m, off);
    if (off >= CPU0 && off <= CPU0 + EOI)
        return cpu_read(m, off - CPU0);
    if (off == GCR)
        return m->gcr;
    if (off == SVR)
        return m->svr;
    if (off >= SRC_BASE && off < SRC_END) {
        unsigned n = (off - SRC_BASE) / 0x20u;
        switch (off & 0x1fu) {
        case 0x00:
            return m->ivpr[n] | (requesting(m, n) || bit(m->in_service, n) ? IVPR_A : 0);
        case 0x10: return m->idr[n];
        default: return 0;
        }
    }
    return 0;
}

void mpic_write(struct mpic *m, uint32_t off, uint32_t v)
{
    if (off >= CTPR && off <= EOI) {
        cpu_write(m, off, v);
    } else if (off >= CPU0 && off <= CPU0 + EOI) {
        cpu_write(m, off - CPU0, v);
    } else if (off == GCR) {
        if (v & 0x80000000u) /* RST: the controller's reset */
            mpic_reset(m);
        else
            m->gcr = v & 0x60000000u; /* the mode field */
    } else if (off == SVR) {
        m->svr = v & 0xffffu;
    } else if (off >= SRC_BASE && off < SRC_END) {
        unsigned n = (off - SRC_BASE) / 0x20u;
        if ((off & 0x1fu) == 0x00)
            m->ivpr[n] = v & IVPR_WMASK;
        else if ((off & 0x1fu) == 0x10)
            m->idr[n] = v;
    }
}
