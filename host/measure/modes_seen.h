/*
 * measure/modes_seen.h - the processor mode the program was in at the end
 * of the bracket (its status register at the stop at --to), and a warning
 * for each event whose modes leave that mode out: "-e instructions:u"
 * counts 0 where a bare-metal program runs in kernel mode.
 */
#ifndef PMUCTL_MEASURE_MODES_SEEN_H
#define PMUCTL_MEASURE_MODES_SEEN_H

#include <stdint.h>
#include <stdio.h>

#include "pmu/events.h"
#include "session/target.h"

/* The mode word a status register value means, and how, in words:
 * MIPS Status (is_power 0): NULL while ERL = 1 (no mode counts then),
 * else KSU's "k", "s" or "u" (EXL, which the stop's exception sets, is
 * not looked at); Power MSR: "u" while PR = 1, else "s". */
const char *modes_seen_word(int is_power, uint32_t status, char *how, size_t len);

/* Reads the status register (stopped at --to), and writes to f a
 * warning for each event of l whose modes exclude the mode it shows; a
 * --modes sweep (which counts each mode apart on purpose) gets none. A
 * target that cannot say is not warned about. */
void modes_seen_warn(struct target *t, const struct event_list *l, FILE *f);

#endif
