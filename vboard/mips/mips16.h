/*
 * mips16.h - the MIPS16e ASE decoder and executor (mips16.c).
 *
 * The ISA mode is bit 0 of the PC (cpu.h, struct cpu.pc): the run loop
 * calls mips16_step for an odd PC on a core with the ASE (cpu->mips16).
 */
#ifndef VBOARD_MIPS16_H
#define VBOARD_MIPS16_H

#include <stdbool.h>

#include "cpu.h"

/* Fetches and executes the MIPS16e instruction at c->pc (odd), with
 * cur_pc/cur_ds already set by the caller. False if no instruction ran
 * (a fetch fault was raised, or the probe stalled the fetch). */
bool mips16_step(struct cpu *c);

#endif
