/*
 * i8259.c - the 8259A (i8259.h). Intel 8259A data sheet (231468):
 * "Initialization Command Words", "Operation Command Words", "Poll
 * Command", "Fully Nested Mode", "Automatic Rotation"; the behaviour
 * where the data sheet leaves a choice follows QEMU 7.2's model
 * (hw/intc/i8259.c), which runs the same firmware: a reset leaves every
 * input unmasked; a poll with no request reads 0.
 */
#include "i8259.h"

#include <string.h>

#define ICW1 0x10u       /* on port 0: ICW1 */
#define ICW1_IC4 0x01u
#define ICW1_SNGL 0x02u
#define OCW3 0x08u       /* on port 0 with ICW1 clear: OCW3, else OCW2 */
#define OCW3_POLL 0x04u
#define OCW3_RR 0x02u
#define OCW3_RIS 0x01u
#define ICW4_AEOI 0x02u

void i8259_reset(struct i8259 *p)
{
    memset(p, 0, sizeof(*p));
    p->lowest = 7; /* IR0 highest */
}

void i8259_input(struct i8259 *p, unsigned ir, bool level)
{
    uint8_t bit = (uint8_t)(1u << ir);
    if (level && !(p->level & bit))
        p->irr |= bit;
    p->level = level ? p->level | bit : p->level & ~bit;
}

/* Position in priority order (0 highest) of the highest level in bits,
 * or 8 if none. */
static unsigned top(const struct i8259 *p, uint8_t bits)
{
    for (unsigned k = 0; k < 8; k++)
        if (bits & (1u << ((p->lowest + 1 + k) & 7)))
            return k;
    return 8;
}

static unsigned level_of(const struct i8259 *p, unsigned k)
{
    return (p->lowest + 1 + k) & 7;
}

/* The level INT asks for, or -1. */
static int wanted(const struct i8259 *p)
{
    unsigned req = top(p, p->irr & ~p->imr);
    return req < top(p, p->isr) ? (int)level_of(p, req) : -1;
}

bool i8259_int(const struct i8259 *p)
{
    return wanted(p) >= 0;
}

/* The acknowledge (a poll here): the request moves to in service. */
static uint8_t poll_read(struct i8259 *p)
{
    int ir = wanted(p);
    if (ir < 0)
        return 0;
    p->irr &= (uint8_t)~(1u << ir);
    if (p->auto_eoi)
        p->lowest = (uint8_t)ir; /* rotate on automatic EOI is not modelled */
    else
        p->isr |= (uint8_t)(1u << ir);
    return (uint8_t)(0x80u | (unsigned)ir);
}

uint8_t i8259_read(struct i8259 *p, unsigned port)
{
    if (p->poll) {
        p->poll = false;
        return poll_read(p);
    }
    if (port & 1u)
        return p->imr;
    return p->read_isr ? p->isr : p->irr;
}

/* OCW2: R SL EOI in bits 7:5, the level in 2:0. */
static void ocw2(struct i8259 *p, uint8_t v)
{
    unsigned cmd = v >> 5, ir = v & 7u;
    unsigned k = top(p, p->isr);
    switch (cmd) {
    case 1: /* non-specific EOI */
    case 5: /* rotate on non-specific EOI */
        if (k == 8)
            return;
        ir = level_of(p, k);
        p->isr &= (uint8_t)~(1u << ir);
        if (cmd == 5)
            p->lowest = (uint8_t)ir;
        return;
    case 3: /* specific EOI */
        p->isr &= (uint8_t)~(1u << ir);
        return;
    case 7: /* rotate on specific EOI */
        p->isr &= (uint8_t)~(1u << ir);
        p->lowest = (uint8_t)ir;
        return;
    case 6: /* set priority: IR ir lowest */
        p->lowest = (uint8_t)ir;
        return;
    default: /* rotate in automatic EOI mode (0, 4), no operation (2) */
        return;
    }
}

void i8259_write(struct i8259 *p, unsigned port, uint8_t v)
{
    if (!(port & 1u)) {
        if (v & ICW1) {
            uint8_t level = p->level;
            i8259_reset(p);
            p->level = level;
            p->icw4 = v & ICW1_IC4;
            p->single = v & ICW1_SNGL;
            p->icw_next = 2;
        } else if (v & OCW3) {
            p->poll = v & OCW3_POLL;
            if (v & OCW3_RR)
                p->read_isr = v & OCW3_RIS;
        } else {
            ocw2(p, v);
        }
        return;
    }
    switch (p->icw_next) {
    case 2: /* ICW2: the vector base, unused here */
        p->icw_next = p->single ? (p->icw4 ? 4 : 0) : 3;
        break;
    case 3: /* ICW3: the cascade wiring, fixed on this board */
        p->icw_next = p->icw4 ? 4 : 0;
        break;
    case 4:
        p->auto_eoi = v & ICW4_AEOI;
        p->icw_next = 0;
        break;
    default: /* OCW1 */
        p->imr = v;
        break;
    }
}
