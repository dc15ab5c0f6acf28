/*
 * i8259.h - one Intel 8259A programmable interrupt controller, as the
 * PIIX4 southbridge holds a pair of them (master at ISA I/O 0x20, slave at
 * 0xa0, the slave's INT on the master's IR2). What is modelled: the
 * initialisation sequence (ICW1-ICW4), the mask (OCW1), the EOIs and the
 * priority commands (OCW2), reading IRR or ISR and the poll command
 * (OCW3), fully nested mode with rotating priority, edge-triggered inputs
 * (the PIIX4's ELCR reset value). Not modelled: level mode, special mask,
 * special fully nested mode, the interrupt vector (MIPS has no INTA
 * cycle; the poll command acknowledges).
 */
#ifndef VBOARD_I8259_H
#define VBOARD_I8259_H

#include <stdbool.h>
#include <stdint.h>

struct i8259 {
    uint8_t irr, isr, imr;
    uint8_t level;        /* the inputs' last levels (edge detection) */
    uint8_t lowest;       /* priority: IR (lowest + 1) & 7 is the highest */
    uint8_t icw_next;     /* 0: operating; 2..4: the ICW expected next */
    bool icw4, single, auto_eoi;
    bool poll;            /* OCW3 P: the next read is a poll */
    bool read_isr;        /* OCW3 RR/RIS: port 0 reads ISR, else IRR */
};

void i8259_reset(struct i8259 *p);
/* An input's level: a rising edge requests (IRR). */
void i8259_input(struct i8259 *p, unsigned ir, bool level);
/* INT: an unmasked request above every level in service. */
bool i8259_int(const struct i8259 *p);
/* port: the address bit A0 (0: 0x20/0xa0, 1: 0x21/0xa1). */
uint8_t i8259_read(struct i8259 *p, unsigned port);
void i8259_write(struct i8259 *p, unsigned port, uint8_t v);

#endif
