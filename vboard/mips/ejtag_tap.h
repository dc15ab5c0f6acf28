/*
 * ejtag_tap.h - an IEEE 1149.1 TAP controller: the 16-state machine, the
 * instruction register and a data shift register of up to 96 bits. It knows
 * nothing about EJTAG; the owner supplies what Capture-DR loads and what
 * Update-IR/Update-DR do through struct tap_ops.
 */
#ifndef VBOARD_EJTAG_TAP_H
#define VBOARD_EJTAG_TAP_H

#include <stdbool.h>
#include <stdint.h>

/* IEEE 1149.1 figure 6-1 state names. */
enum tap_state {
    TAP_RESET, TAP_IDLE,
    TAP_DRSELECT, TAP_DRCAPTURE, TAP_DRSHIFT, TAP_DREXIT1, TAP_DRPAUSE,
    TAP_DREXIT2, TAP_DRUPDATE,
    TAP_IRSELECT, TAP_IRCAPTURE, TAP_IRSHIFT, TAP_IREXIT1, TAP_IRPAUSE,
    TAP_IREXIT2, TAP_IRUPDATE,
    TAP_NSTATES
};

#define TAP_DR_MAX_BITS 96u

/* A data register image, LSB (first shifted) in bit 0 of w[0]. */
struct tap_dr {
    uint32_t w[3];
    unsigned len; /* 1..TAP_DR_MAX_BITS */
};

struct tap_ops {
    /* Test-Logic-Reset reached (IEEE 1149.1 7.2.1: IR gets IDCODE). */
    void (*reset)(void *ctx);
    /* Update-IR: the new instruction is ir. */
    void (*update_ir)(void *ctx, uint32_t ir);
    /* Capture-DR: fill *dr (its length selects the register) for ir. */
    void (*capture_dr)(void *ctx, uint32_t ir, struct tap_dr *dr);
    /* Update-DR: dr holds what was shifted in. */
    void (*update_dr)(void *ctx, uint32_t ir, const struct tap_dr *dr);
};

struct tap {
    enum tap_state state;
    uint32_t ir;          /* current instruction (after Update-IR) */
    uint32_t ir_shift;    /* IR shift register */
    unsigned ir_len;
    uint32_t ir_capture;  /* loaded at Capture-IR */
    uint32_t ir_reset;    /* instruction selected by Test-Logic-Reset */
    struct tap_dr dr;     /* DR shift register */
    bool tck;             /* last TCK level, to find rising edges */
    bool tdo;
    const struct tap_ops *ops;
    void *ctx;
};

void tap_init(struct tap *t, unsigned ir_len, uint32_t ir_capture,
              uint32_t ir_reset, const struct tap_ops *ops, void *ctx);
/* Drive the three inputs; acts on a rising edge of TCK. */
void tap_pins(struct tap *t, bool tck, bool tms, bool tdi);
/* Asynchronous TAP reset (TRST). */
void tap_trst(struct tap *t);
/* TDO as a probe samples it while TCK is low. */
bool tap_tdo(const struct tap *t);
/* Next state from state and TMS (the 1149.1 diagram, as a table). */
enum tap_state tap_next(enum tap_state s, bool tms);
const char *tap_state_name(enum tap_state s);

/* Helpers for DR images. */
uint32_t tap_dr_get(const struct tap_dr *dr, unsigned bit, unsigned nbits);
void tap_dr_set(struct tap_dr *dr, unsigned bit, unsigned nbits, uint32_t v);

#endif
