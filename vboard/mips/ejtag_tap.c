/*
 * ejtag_tap.c - IEEE 1149.1 TAP controller for vboard's EJTAG port.
 *
 * Timing follows the way OpenOCD's bitbang driver drives pins
 * (openocd v0.12.0 src/jtag/drivers/bitbang.c: write(TCK=0,TMS,TDI), read
 * TDO, write(TCK=1,TMS,TDI)): everything happens on the rising edge, and TDO
 * is the LSB of the selected shift register while in Shift-xR, so that the
 * first bit is visible as soon as Shift-xR is entered (as in Spike's
 * riscv/jtag_dtm.cc).
 */
#include "ejtag_tap.h"

#include <string.h>

/* IEEE 1149.1-2001 figure 6-1: next state for TMS = 0 and TMS = 1. */
static const enum tap_state next_state[TAP_NSTATES][2] = {
    [TAP_RESET]     = { TAP_IDLE,      TAP_RESET },
    [TAP_IDLE]      = { TAP_IDLE,      TAP_DRSELECT },
    [TAP_DRSELECT]  = { TAP_DRCAPTURE, TAP_IRSELECT },
    [TAP_DRCAPTURE] = { TAP_DRSHIFT,   TAP_DREXIT1 },
    [TAP_DRSHIFT]   = { TAP_DRSHIFT,   TAP_DREXIT1 },
    [TAP_DREXIT1]   = { TAP_DRPAUSE,   TAP_DRUPDATE },
    [TAP_DRPAUSE]   = { TAP_DRPAUSE,   TAP_DREXIT2 },
    [TAP_DREXIT2]   = { TAP_DRSHIFT,   TAP_DRUPDATE },
    [TAP_DRUPDATE]  = { TAP_IDLE,      TAP_DRSELECT },
    [TAP_IRSELECT]  = { TAP_IRCAPTURE, TAP_RESET },
    [TAP_IRCAPTURE] = { TAP_IRSHIFT,   TAP_IREXIT1 },
    [TAP_IRSHIFT]   = { TAP_IRSHIFT,   TAP_IREXIT1 },
    [TAP_IREXIT1]   = { TAP_IRPAUSE,   TAP_IRUPDATE },
    [TAP_IRPAUSE]   = { TAP_IRPAUSE,   TAP_IREXIT2 },
    [TAP_IREXIT2]   = { TAP_IRSHIFT,   TAP_IRUPDATE },
    [TAP_IRUPDATE]  = { TAP_IDLE,      TAP_DRSELECT },
};

static const char *const state_names[TAP_NSTATES] = {
    "Test-Logic-Reset", "Run-Test/Idle",
    "Select-DR-Scan", "Capture-DR", "Shift-DR", "Exit1-DR", "Pause-DR",
    "Exit2-DR", "Update-DR",
    "Select-IR-Scan", "Capture-IR", "Shift-IR", "Exit1-IR", "Pause-IR",
    "Exit2-IR", "Update-IR",
};

enum tap_state tap_next(enum tap_state s, bool tms)
{
    return next_state[s][tms ? 1 : 0];
}

const char *tap_state_name(enum tap_state s)
{
    return (unsigned)s < TAP_NSTATES ? state_names[s] : "?";
}

uint32_t tap_dr_get(const struct tap_dr *dr, unsigned bit, unsigned nbits)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < nbits; i++) {
        unsigned b = bit + i;
        v |= ((dr->w[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}

void tap_dr_set(struct tap_dr *dr, unsigned bit, unsigned nbits, uint32_t v)
{
    for (unsigned i = 0; i < nbits; i++) {
        unsigned b = bit + i;
        uint32_t m = 1u << (b % 32);
        if ((v >> i) & 1u)
            dr->w[b / 32] |= m;
        else
            dr->w[b / 32] &= ~m;
    }
}

/* One shift: the LSB leaves on TDO, TDI enters at the top (bit len-1). */
static void dr_shift(struct tap_dr *dr, bool tdi)
{
    unsigned words = (dr->len + 31) / 32;
    for (unsigned i = 0; i < words; i++) {
        uint32_t carry = (i + 1 < words) ? (dr->w[i + 1] & 1u) : 0;
        dr->w[i] = (dr->w[i] >> 1) | (carry << 31);
    }
    tap_dr_set(dr, dr->len - 1, 1, tdi);
}

static void enter_reset(struct tap *t)
{
    t->state = TAP_RESET;
    t->ir = t->ir_reset;
    if (t->ops->reset)
        t->ops->reset(t->ctx);
}

void tap_init(struct tap *t, unsigned ir_len, uint32_t ir_capture,
              uint32_t ir_reset, const struct tap_ops *ops, void *ctx)
{
    memset(t, 0, sizeof *t);
    t->ir_len = ir_len;
    t->ir_capture = ir_capture;
    t->ir_reset = ir_reset;
    t->ops = ops;
    t->ctx = ctx;
    enter_reset(t);
}

void tap_trst(struct tap *t)
{
    enter_reset(t);
}

/* TDO follows the shift register's LSB in the Shift states and holds its
 * last value elsewhere (a real TAP drives it only in Shift-xR). */
static void update_tdo(struct tap *t)
{
    if (t->state == TAP_DRSHIFT)
        t->tdo = t->dr.w[0] & 1u;
    else if (t->state == TAP_IRSHIFT)
        t->tdo = t->ir_shift & 1u;
}

static void rising_edge(struct tap *t, bool tms, bool tdi)
{
    /* Work done in the current state on this edge. */
    if (t->state == TAP_DRSHIFT)
        dr_shift(&t->dr, tdi);
    else if (t->state == TAP_IRSHIFT)
        t->ir_shift = (t->ir_shift >> 1) |
                      ((uint32_t)tdi << (t->ir_len - 1));

    enum tap_state n = tap_next(t->state, tms);
    if (n == TAP_RESET) {
        if (t->state != TAP_RESET)
            enter_reset(t);
        return;
    }
    t->state = n;
    switch (n) {
    case TAP_DRCAPTURE:
        memset(&t->dr, 0, sizeof t->dr);
        t->dr.len = 1; /* BYPASS unless the owner says otherwise */
        t->ops->capture_dr(t->ctx, t->ir, &t->dr);
        break;
    case TAP_IRCAPTURE:
        t->ir_shift = t->ir_capture;
        break;
    case TAP_DRUPDATE:
        t->ops->update_dr(t->ctx, t->ir, &t->dr);
        break;
    case TAP_IRUPDATE:
        t->ir = t->ir_shift & ((1u << t->ir_len) - 1u);
        if (t->ops->update_ir)
            t->ops->update_ir(t->ctx, t->ir);
        break;
    default:
        break;
    }
    update_tdo(t);
}

void tap_pins(struct tap *t, bool tck, bool tms, bool tdi)
{
    if (tck && !t->tck)
        rising_edge(t, tms, tdi);
    t->tck = tck;
}

bool tap_tdo(const struct tap *t)
{
    return t->tdo;
}
