/*
 * ejtag_port.h - the pin-level side of vboard's EJTAG port, used by the
 * remote_bitbang server (common/rbb.c, through ejtag_rbb_tap) and the unit
 * tests. Not part of the CPU contract (that is ejtag.h).
 */
#ifndef VBOARD_EJTAG_PORT_H
#define VBOARD_EJTAG_PORT_H

#include "ejtag.h"
#include "rbb.h"

/* Drive TCK/TMS/TDI; the TAP acts on TCK rising edges. */
void ejtag_pins(struct ejtag *ej, bool tck, bool tms, bool tdi);
/* TDO as sampled by the probe. */
bool ejtag_tdo(const struct ejtag *ej);
/* Reset lines, true = asserted. TRST resets the TAP; the assertion of SRST
 * resets the processor (as ECR.PrRst does). */
void ejtag_reset_lines(struct ejtag *ej, bool trst, bool srst);
/* True while the CPU owes its next processor access: the probe just
 * completed one, requested a debug interrupt or reset the processor into
 * debug mode, and the CPU (still in debug mode, with ProbEn set) has not
 * posted the next fetch, load or store yet. The remote_bitbang server stops
 * clocking the TAP until then, because OpenOCD's fast queued mode
 * (mips32_pracc_queue_exec) captures the next access only a few TCKs after
 * the Update-DR that completed the previous one. */
bool ejtag_waiting_for_cpu(struct ejtag *ej);
/* Stop waiting (the CPU did not post anything in reasonable time, e.g. it
 * runs debug code from RAM). */
void ejtag_stop_waiting_for_cpu(struct ejtag *ej);

/* These pins as the TAP of a remote_bitbang server (ejtag_rbb.c). */
struct rbb_tap ejtag_rbb_tap(struct ejtag *ej);

/* Fixed identification values (see ejtag.c for how they were chosen);
 * IMPCODE has MIPS16 too on a core with the MIPS16e ASE. */
extern const uint32_t ejtag_idcode_value;
extern const uint32_t ejtag_impcode_value;

#endif
