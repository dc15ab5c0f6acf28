/*
 * ejtag_port.h - the pin-level side of vboard's EJTAG port, used by the
 * remote_bitbang server (rbb.c) and the unit tests. Not part of the CPU
 * contract (that is ejtag.h).
 */
#ifndef VBOARD_EJTAG_PORT_H
#define VBOARD_EJTAG_PORT_H

#include "ejtag.h"

/* Drive TCK/TMS/TDI; the TAP acts on TCK rising edges. */
void ejtag_pins(struct ejtag *ej, bool tck, bool tms, bool tdi);
/* TDO as sampled by the probe. */
bool ejtag_tdo(const struct ejtag *ej);
/* Reset lines, true = asserted. TRST resets the TAP; the assertion of SRST
 * resets the processor (as ECR.PrRst does). */
void ejtag_reset_lines(struct ejtag *ej, bool trst, bool srst);
/* True once after the probe did something the CPU must react to before
 * further clocks matter (an access completed, a debug interrupt or a reset):
 * the caller should let the CPU run an instruction first, so that the next
 * processor access is already posted at the next Capture-DR. */
bool ejtag_take_cpu_turn(struct ejtag *ej);

/* Fixed identification values (see ejtag.c for how they were chosen). */
extern const uint32_t ejtag_idcode_value;
extern const uint32_t ejtag_impcode_value;

#endif
