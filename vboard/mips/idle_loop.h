/*
 * idle_loop.h - the MIPS CPU for the idle-loop search (common/idle.h).
 */
#ifndef VBOARD_MIPS_IDLE_LOOP_H
#define VBOARD_MIPS_IDLE_LOOP_H

#include "cpu.h"
#include "idle.h"

/* c's hooks for vb_idle_find; line: the console the loop may poll. */
struct vb_idle_cpu mips_idle_cpu(struct cpu *c, struct uart *line);

#endif
